// The draft-dependent parts of the indexing family's judging contracts (spec_table.cpp).
#include <optional>

#include "cases/specs/indexing/indexing_cases.h"

namespace touchstone::cases {

namespace {

std::optional<int64_t> int_attr(const CaseDraft& draft, const std::string& name) {
  for (const auto& a : draft.attributes)
    if (a.name() == name && a.type() == onnx::AttributeProto::INT) return a.i();
  return std::nullopt;
}

// An axis value in [-r, r-1] as a dimension, or nullopt (the case is then a refusal).
std::optional<size_t> dimension(int64_t axis, int64_t rank) {
  if (axis < -rank || axis >= rank) return std::nullopt;
  return static_cast<size_t>(axis < 0 ? axis + rank : axis);
}

}  // namespace

Tolerance topk_unordered(const CaseFacts& f, Tolerance t) {
  if (int_attr(f.draft, "sorted").value_or(1) != 0) return t;
  if (auto d = dimension(int_attr(f.draft, "axis").value_or(-1), f.draft.inputs.front().rank())) {
    t.kind = Tolerance::kUnordered;  // "the order of returned Values and Indices is undefined"
    t.unordered_axis = static_cast<int64_t>(*d);
  }
  return t;
}

Tolerance cumulative_axis_length(const CaseFacts& f, Tolerance t) {
  const auto& in = f.draft.inputs;
  const Tensor& x = in.front();
  if (!is_float_dtype(x.dtype()) || in.size() != 2 || in[1].rank() != 0 ||
      (in[1].dtype() != DType::kInt32 && in[1].dtype() != DType::kInt64))
    return t;
  const Tensor& a = in[1];
  const int64_t axis = a.dtype() == DType::kInt32 ? a.data<int32_t>()[0] : a.data<int64_t>()[0];
  if (auto d = dimension(axis, x.rank())) {
    // Recursive summation of k terms: |error| <= gamma_(k-1) * sum |x_i| (Higham 4.2); a
    // product of k factors: gamma_(k-1) * |product| (Higham 3.1). k <= n for every prefix.
    t.kind = Tolerance::kBound;
    t.bound_terms = static_cast<double>(x.shape()[*d]);
  }
  return t;
}

}  // namespace touchstone::cases
