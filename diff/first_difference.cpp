// Where two versions' outputs first differ, so a "different results" probe always shows
// its difference, even when the first values printed agree.
#include "diff/behaviour_diff.h"

namespace touchstone {

namespace {

// The row-major multi-index of element `flat` of `shape`: "[1,2]" ("[]" for a scalar).
std::string index_text(const Shape& shape, int64_t flat) {
  std::vector<int64_t> index(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    index[d] = shape[d] ? flat % shape[d] : 0;
    flat = shape[d] ? flat / shape[d] : 0;
  }
  std::string s = "[";
  for (size_t d = 0; d < index.size(); ++d) s += (d ? "," : "") + std::to_string(index[d]);
  return s + "]";
}

std::string tensor_difference(const Tensor& a, const Tensor& b) {
  std::string s;
  if (a.dtype() != b.dtype())
    s += "dtype " + std::string(dtype_short_name(a.dtype())) + " vs " +
         std::string(dtype_short_name(b.dtype()));
  if (a.shape() != b.shape())
    s += (s.empty() ? "" : ", ") +
         ("shape " + shape_to_string(a.shape()) + " vs " + shape_to_string(b.shape()));
  if (a.dtype() != b.dtype()) return s;
  // The first element, in row-major order, whose text differs; its index in each shape.
  const int64_t n = std::min(a.size(), b.size());
  for (int64_t i = 0; i < n; ++i) {
    const std::string x = element_to_string(a, i), y = element_to_string(b, i);
    if (x == y) continue;
    const std::string ia = index_text(a.shape(), i), ib = index_text(b.shape(), i);
    return s + (s.empty() ? "" : "; ") +
           (a.shape() == b.shape() ? "at " + ia
                                   : "element " + std::to_string(i) + " (" + ia + " vs " + ib + ")") +
           ": " + x + " vs " + y;
  }
  if (!s.empty()) {
    if (a.size() != b.size())
      s += "; " + std::to_string(a.size()) + " vs " + std::to_string(b.size()) + " elements";
    return s;
  }
  return "same values as text, different bits (a NaN payload or a zero's sign)";
}

}  // namespace

std::string first_difference(const std::vector<Tensor>& a, const std::vector<Tensor>& b) {
  if (a.size() != b.size()) return std::to_string(a.size()) + " vs " + std::to_string(b.size()) + " outputs";
  for (size_t k = 0; k < a.size(); ++k) {
    if (a[k] == b[k]) continue;
    return "output " + std::to_string(k) +
           (a[k].shape() == b[k].shape() ? " " + shape_to_string(a[k].shape()) : "") + " " +
           tensor_difference(a[k], b[k]);
  }
  return "";
}

}  // namespace touchstone
