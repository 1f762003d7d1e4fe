#include "reference/ops/shape/core.h"

#include <algorithm>
#include <cmath>

#include "reference/numeric/exact.h"
#include "reference/ops/core/copy.h"
#include "reference/ops/core/index_space.h"

namespace touchstone::ops::shape {

Tensor gather(const Tensor& in, const Shape& out_shape, const std::vector<int64_t>& src, const Tensor* fill) {
  Tensor out(in.dtype(), out_shape);
  if (static_cast<int64_t>(src.size()) != out.size()) throw std::logic_error("gather: index count differs from the output size");
  const bool fills = std::any_of(src.begin(), src.end(), [](int64_t i) { return i < 0; });
  if (fills && !fill) throw std::logic_error("gather: a fill index without a fill value");
  core::copy_elements(in, out, [&](auto copy) {
    for (size_t j = 0; j < src.size(); ++j)
      if (src[j] >= 0) copy(src[j], static_cast<int64_t>(j));
  });
  if (fills)
    core::copy_elements(*fill, out, [&](auto copy) {
      for (size_t j = 0; j < src.size(); ++j)
        if (src[j] < 0) copy(0, static_cast<int64_t>(j));
    });
  return out;
}

Tensor with_shape(const Tensor& in, const Shape& shape) {
  const auto charge = scratch_for<int64_t>(in.size(), "an index map");
  std::vector<int64_t> src(static_cast<size_t>(in.size()));
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<int64_t>(i);
  return gather(in, shape, src);
}

std::vector<int64_t> normalize_axes(const std::vector<int64_t>& axes, int64_t rank, Negative negative,
                                    const std::string& what) {
  std::vector<int64_t> out;
  for (size_t i = 0; i < axes.size(); ++i) {
    const int64_t a =
        core::normalize_axis(axes[i], rank, negative, what + "[" + std::to_string(i) + "]", core::AxisWording::kRankR);
    if (std::find(out.begin(), out.end(), a) != out.end())
      invalid_model(what + " " + list_to_string(axes) + " names axis " + std::to_string(a) + " twice (duplicate axes)");
    out.push_back(a);
  }
  return out;
}

std::vector<int64_t> int_values(const Tensor& t, const std::string& what) {
  std::vector<int64_t> values;
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (is_integer<T>) {
      for (T v : t.data<T>()) {
        if constexpr (std::is_same_v<T, uint64_t>) {
          if (v > static_cast<uint64_t>(INT64_MAX)) invalid_model(what + " holds " + std::to_string(v) + ", beyond int64");
        }
        values.push_back(static_cast<int64_t>(v));
      }
    } else {
      invalid_model(what + " must hold integers, got " + std::string(dtype_name(t.dtype())));
    }
  });
  return values;
}

std::vector<int64_t> int_list(const Tensor& t, const std::string& what) {
  if (t.rank() != 1) invalid_model(what + " must be a 1-D tensor, got shape " + shape_to_string(t.shape()));
  return int_values(t, what);
}

std::vector<int64_t> whole_values(const Tensor& t, const std::string& what) {
  if (is_integer_dtype(t.dtype())) return int_values(t, what);
  std::vector<int64_t> values;
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      for (T v : t.data<T>()) {
        const double d = numeric::widen(v);
        if (!(std::trunc(d) == d) || std::fabs(d) >= 9.2e18)
          invalid_model(what + " holds " + element_to_string(t, static_cast<int64_t>(values.size())) +
                        ", not a whole number");
        values.push_back(static_cast<int64_t>(d));
      }
    } else {
      invalid_model(what + " must hold numbers, got " + std::string(dtype_name(t.dtype())));
    }
  });
  return values;
}

std::string list_to_string(const std::vector<int64_t>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

Tensor scalar_like(DType dtype, double value) {
  Tensor t(dtype, {});
  visit_dtype(dtype, [&]<class T>() {
    if constexpr (is_real_float<T>) {
      t.data<T>()[0] = numeric::narrow<T>(value);
    } else if constexpr (is_integer<T> || std::is_same_v<T, bool>) {
      t.data<T>()[0] = static_cast<T>(value);
    } else {
      throw std::logic_error("scalar_like of a non-real type");
    }
  });
  return t;
}

}  // namespace touchstone::ops::shape

#include "reference/node_check.h"
#include "reference/schema.h"

namespace touchstone::ops::shape {

void check_output_type(const Node& node, std::string_view param, DType dtype, const std::string& what) {
  const std::string& label = node.op_version();  // "Constant-9"
  const size_t dash = label.rfind('-');
  const Schema* schema = find_schema("", node.proto().op_type(),
                                     std::stoi(label.substr(dash + 1)));
  if (!schema) throw std::logic_error("no schema for " + label);
  const auto allowed = allowed_dtypes(*schema, param);
  if (std::find(allowed.begin(), allowed.end(), dtype) == allowed.end()) {
    std::string list;
    for (DType d : allowed) list += (list.empty() ? "" : ", ") + std::string(dtype_name(d));
    invalid_model(what + " has type " + tensor_type_string(dtype) + ", which " + std::string(param) +
                  " does not allow (" + list + ")");
  }
}

}  // namespace touchstone::ops::shape

namespace touchstone::ops::shape {

Tensor map_axes(const Tensor& x, const std::vector<std::vector<int64_t>>& coords, const Tensor* fill) {
  Shape out;
  for (const auto& c : coords) out.push_back(static_cast<int64_t>(c.size()));
  const auto strides = core::strides_of(x.shape());
  check_tensor_budget(x.dtype(), out);  // the output, before the scratch it is built from
  const auto charge = scratch_for<int64_t>(element_count(out), "an index map");
  std::vector<int64_t> src(static_cast<size_t>(element_count(out)));
  core::for_each_index(out, [&](int64_t flat, const std::vector<int64_t>& idx) {
    int64_t f = 0;
    for (size_t d = 0; d < idx.size() && f >= 0; ++d) {
      const int64_t q = coords[d][static_cast<size_t>(idx[d])];
      f = q < 0 ? -1 : f + q * strides[d];
    }
    src[static_cast<size_t>(flat)] = f;
  });
  return gather(x, out, src, fill);
}

Tensor zero_of(DType dtype) { return Tensor(dtype, {}); }

}  // namespace touchstone::ops::shape
