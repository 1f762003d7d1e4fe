// Case specs of the reductions (ReduceSum ... ReduceMin, every version) and the Softmax
// family.
//
// Reduce*: per allowed type, shapes (3,4,5), scalar, empty (0,3), a long row (4096 terms,
// floats only); axes default, one, two, negative (from 11), as attribute or input (from
// ReduceSum-13 / 18) with noop_with_empty_axes; keepdims both ways; special values;
// integer overflow. Refusals: axis out of range, listed twice, negative before 11, axes
// attribute where it became an input (types: cases/refusals.h).
// Softmax/LogSoftmax/Hardmax: (3,4,5) at axis 1 (where 2-D coercion and one axis differ),
// default axis, negative axis (11+), a 4096 row, special values, ties; axis refusals.
// The reduction length of each case, for its tolerance, is what the kernel reports
// (Node::record_terms); the contracts are in ../spec_table.cpp.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "cases/specs/core/binary.h"
#include "cases/specs/reduce/reduce_cases.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using binary::add;

int64_t count_of(const Shape& s) { return element_count(s); }

struct AxesCase {
  const char* name;
  Shape shape;
  std::vector<int64_t> axes;  // empty: none given
  int64_t keepdims;           // -1: attribute absent
  bool negative = false;      // uses negative axes
  bool noop = false;          // noop_with_empty_axes=1 (input form only)
  bool given_empty = false;   // axes input present and empty
};

const std::vector<AxesCase>& axes_cases() {
  static const std::vector<AxesCase> cases = {
      {"all_3x4x5", {3, 4, 5}, {}, -1},
      {"axis1_3x4x5", {3, 4, 5}, {1}, -1},
      {"axes02_3x4x5_nokeep", {3, 4, 5}, {0, 2}, 0},
      {"axes_neg1_3x4x5", {3, 4, 5}, {-1}, 1, true},
      {"scalar", {}, {}, 0},
      {"empty_0x3_axis0", {0, 3}, {0}, 1},
      {"empty_0x3_axis1", {0, 3}, {1}, 0},
      {"long_4096", {4096}, {}, 0},
      {"rank5_2x1x3x1x2_axes13", {2, 1, 3, 1, 2}, {1, 3}, 1},
      {"noop_empty_axes_3x4", {3, 4}, {}, 1, false, true, true},
      {"given_empty_axes_3x4", {3, 4}, {}, 1, false, false, true},
  };
  return cases;
}

}  // namespace

void reduce_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const bool input_axes = row.op == "ReduceSum" ? row.since_version >= 13 : row.since_version >= 18;
  const std::string label = row.label();
  const auto params = input_type_params(row);
  // Integer results of real-valued reductions are truncated (implementation-defined) and
  // integer products of 60 values overflow: those cases are not plain "random" ones.
  const bool real_valued = row.op == "ReduceMean" || row.op == "ReduceL2" || row.op == "ReduceLogSum" ||
                           row.op == "ReduceLogSumExp" || row.op == "ReduceProd";
  for (DType t : params.front().allowed) {
    bool smoke = true;
    const bool fl = is_float_dtype(t);
    for (const auto& c : axes_cases()) {
      if ((c.noop || c.given_empty) && !input_axes) continue;
      if (c.negative && row.since_version < 11) continue;
      if (c.name == std::string("long_4096") && !fl) continue;
      const std::string id = case_id(row, {t}, c.name);
      std::vector<Tensor> in = {random_of(id, t, c.shape)};
      std::vector<onnx::AttributeProto> attrs;
      if (c.keepdims >= 0) attrs.push_back(make_attr("keepdims", c.keepdims));
      if (input_axes) {
        if (!c.axes.empty() || c.given_empty) in.push_back(tensor_of(DType::kInt64, {static_cast<int64_t>(c.axes.size())},
                                                                     {c.axes.begin(), c.axes.end()}));
        if (c.noop) attrs.push_back(make_attr("noop_with_empty_axes", int64_t{1}));
      } else if (!c.axes.empty()) {
        attrs.push_back(make_attr("axes", c.axes));
      }
      const bool empty = count_of(c.shape) == 0;
      const char* tag = empty ? "empty" : c.shape.empty() ? "scalar" : !fl && real_valued ? "integer-real" : "random";
      // The smoke case of a version with the axes input gives it (coverage counts the
      // (data, axes) type pair).
      const bool smoke_here = smoke && (!input_axes || in.size() > 1);
      add(out, c.name, std::move(in), std::move(attrs), {tag}, "", smoke_here);
      if (smoke_here) smoke = false;
    }
    if (t == DType::kBool) continue;
    const Tensor specials = special_values(t);
    add(out, "special_values", {specials}, {make_attr("keepdims", int64_t{0})}, {"special-values"}, "", false);
    if (fl) {
      // Cancellation: large terms of both signs around small ones; naive partial sums of
      // the largest finite values overflow.
      Domain wide;
      wide.exp_lo = -20;
      wide.exp_hi = 20;
      add(out, "cancel_1024", {random_of(case_id(row, {t}, "cancel_1024"), t, {1024}, wide)},
          {make_attr("keepdims", int64_t{0})}, {"rounding"}, "", false);
    } else {
      Domain big;
      big.int_lo = std::numeric_limits<int64_t>::min() / 2;
      big.int_hi = std::numeric_limits<int64_t>::max() / 2;
      add(out, "overflow_64", {random_of(case_id(row, {t}, "overflow_64"), t, {64}, big)},
          {make_attr("keepdims", int64_t{0})}, {"overflow"}, "", false);
    }
  }
  // Refusals.
  const DType t = params.front().allowed.front();
  const Tensor x = random_of(case_id(row, {t}, "refuse"), t, {3, 4});
  bool first_refusal = true;
  auto refuse = [&](const char* name, std::vector<int64_t> axes, const std::string& rule) {
    std::vector<Tensor> in = {x};
    std::vector<onnx::AttributeProto> attrs;
    if (input_axes) in.push_back(tensor_of(DType::kInt64, {static_cast<int64_t>(axes.size())}, {axes.begin(), axes.end()}));
    else attrs.push_back(make_attr("axes", axes));
    add(out, name, std::move(in), std::move(attrs), {"axes"}, label + ": " + rule, first_refusal);
    first_refusal = false;
  };
  refuse("refuse_axis_2_rank2", {2}, "axes must lie in the input's rank");
  refuse("refuse_axis_twice", {1, 1}, "an axis may be listed once");
  if (row.since_version < 11) refuse("refuse_negative_axis_v1", {-1}, "negative axes only from version 11");
  else refuse("refuse_axis_neg3_rank2", {-3}, "axes must lie in [-r, r-1]");
  if (input_axes)
    add(out, "refuse_axes_attribute", {x}, {make_attr("axes", std::vector<int64_t>{0})}, {"attribute"},
        label + ": axes is an input from this version, not an attribute", false);
}

void softmax_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::string label = row.label();
  bool smoke_refusal = true;
  const auto params = input_type_params(row);
  for (DType t : params.front().allowed) {
    bool smoke = true;
    auto one = [&](const char* name, Shape shape, std::optional<int64_t> axis, Domain d = {},
                   const std::string& rule = "") {
      std::vector<onnx::AttributeProto> attrs;
      if (axis) attrs.push_back(make_attr("axis", *axis));
      add(out, name, {random_of(case_id(row, {t}, name), t, shape, d)}, std::move(attrs), {rule.empty() ? "random" : "axis"},
          rule.empty() ? "" : label + ": " + rule, rule.empty() ? smoke : smoke_refusal);
      (rule.empty() ? smoke : smoke_refusal) = false;
    };
    // Special values in one row, and rows of pairs: (x, -inf), (+inf, x), (NaN, x).
    const Tensor specials = special_values(t);
    Tensor row_of_specials(t, {1, specials.size()});
    std::copy(specials.bytes().begin(), specials.bytes().end(), row_of_specials.mutable_bytes().begin());
    add(out, "special_values", {row_of_specials}, {make_attr("axis", int64_t{1})}, {"special-values"}, "", false);
    add(out, "special_pairs", {tensor_of(t, {4, 2}, {1, -INFINITY, INFINITY, 1, NAN, 1, -INFINITY, -INFINITY})},
        {make_attr("axis", int64_t{1})}, {"special-values"}, "", false);
    one("default_axis_3x4x5", {3, 4, 5}, std::nullopt);
    one("axis1_3x4x5", {3, 4, 5}, int64_t{1});
    one("axis0_3x4x5", {3, 4, 5}, int64_t{0});
    if (row.since_version >= 11) one("axis_neg1_3x4x5", {3, 4, 5}, int64_t{-1});
    Domain wide;
    wide.exp_lo = 0;
    wide.exp_hi = 10;  // up to ~2000: exp overflows without the max shift
    one("large_2x16", {2, 16}, int64_t{1}, wide);
    if (is_float_dtype(t)) one("long_1x4096", {1, 4096}, int64_t{1});
    Domain ties;
    ties.integral = true;
    ties.int_lo = -2;
    ties.int_hi = 2;
    one("ties_4x6", {4, 6}, int64_t{1}, ties);
    one("refuse_axis_3_rank3", {3, 4, 5}, int64_t{3}, {}, "axis must lie in the input's rank");
    if (row.since_version < 11) one("refuse_negative_axis", {3, 4, 5}, int64_t{-1}, {}, "negative axes only from version 11");
  }
}

}  // namespace touchstone::cases
