#include "reference/tensor.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace touchstone {

int64_t element_count(const Shape& shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d < 0) throw Error(ErrorKind::kMalformed, "negative dimension in shape " + shape_to_string(shape));
    if (d != 0 && n > std::numeric_limits<int64_t>::max() / d)
      throw Error(ErrorKind::kMalformed, "shape " + shape_to_string(shape) + " has too many elements");
    n *= d;
  }
  return n;
}

std::string shape_to_string(const Shape& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? "," : "") + std::to_string(shape[i]);
  return s + ")";
}

namespace {
constexpr size_t kHugePage = size_t{1} << 21;  // 2 MiB, x86-64's and arm64's huge page
}  // namespace

// Buffers of 1 MiB and more take whole 2 MiB pages (the size rounded up: at most half of
// the buffer wasted, none of it touched twice), so that THP can back all of them.
void* allocate_tensor_bytes(size_t bytes) {
  if (bytes < kHugePage / 2) {
    void* p = std::malloc(bytes == 0 ? 1 : bytes);
    if (!p) throw std::bad_alloc();
    return p;
  }
  const size_t whole = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  void* p = nullptr;
  if (posix_memalign(&p, kHugePage, whole) != 0) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  // Advice only: the kernel may refuse (THP "never"), and the buffer is as good either way.
  madvise(p, whole, MADV_HUGEPAGE);
#endif
  return p;
}

void free_tensor_bytes(void* p) { std::free(p); }

Tensor::Tensor(DType dtype, Shape shape) : dtype_(dtype), shape_(std::move(shape)) {
  size_ = element_count(shape_);
  if (dtype_ == DType::kString) {
    strings_.resize(static_cast<size_t>(size_));
  } else {
    const size_t element = dtype_size(dtype_);
    if (element != 0 && static_cast<uint64_t>(size_) > (uint64_t{1} << 40) / element)
      throw Error(ErrorKind::kMalformed, "tensor of shape " + shape_to_string(shape_) + " is too large");
    bytes_.assign(static_cast<size_t>(size_) * element, 0);
  }
}

void Tensor::check_type(DType wanted) const {
  if (wanted != dtype_)
    throw std::logic_error("tensor of " + std::string(dtype_name(dtype_)) + " read as " +
                           std::string(dtype_name(wanted)));
}

namespace {
// The shortest decimal that reads back as exactly `v` in type T.
template <class T>
std::string float_to_string(T v) {
  if (std::isnan(v)) return std::signbit(v) ? "-nan" : "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  char buf[64];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, static_cast<double>(v));
    if (static_cast<T>(std::strtod(buf, nullptr)) == v) break;
  }
  return buf;
}
// The shortest decimal that reads back (rounded to the format) as the same float16,
// bfloat16, float8 or float4 value.
template <class T>
std::string small_float_to_string(T v) {
  const double d = to_double(v);
  if (std::isnan(d) || std::isinf(d)) return float_to_string(d);
  char buf[64];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, d);
    const double back = std::strtod(buf, nullptr);
    if constexpr (is_minifloat<T>) {
      if (minifloat_from<T>(back, true) == v) break;
    } else if constexpr (std::is_same_v<T, Float16>) {
      if (float16_from_double(back) == v) break;
    } else {
      if (bfloat16_from_double(back) == v) break;
    }
  }
  return buf;
}
}  // namespace

std::string element_to_string(const Tensor& t, int64_t i) {
  return visit_dtype(t.dtype(), [&]<class T>() -> std::string {
    const T& v = t.data<T>()[static_cast<size_t>(i)];
    if constexpr (std::is_same_v<T, std::string>) {
      return "\"" + v + "\"";
    } else if constexpr (std::is_same_v<T, bool>) {
      return v ? "true" : "false";
    } else if constexpr (is_small_float<T> || is_minifloat<T>) {
      return small_float_to_string(v);
    } else if constexpr (is_small_int<T>) {
      return std::to_string(static_cast<int>(v.value));
    } else if constexpr (std::is_floating_point_v<T>) {
      return float_to_string(v);
    } else if constexpr (is_integer<T>) {
      return std::to_string(v);
    } else {  // complex
      return "(" + float_to_string(v.real()) + "," + float_to_string(v.imag()) + ")";
    }
  });
}

std::string describe(const Tensor& t, size_t max_values) {
  std::string s = std::string(dtype_short_name(t.dtype())) + " " + shape_to_string(t.shape()) + " [";
  const int64_t shown = std::min<int64_t>(t.size(), static_cast<int64_t>(max_values));
  for (int64_t i = 0; i < shown; ++i) s += (i ? ", " : "") + element_to_string(t, i);
  if (shown < t.size()) s += ", ... (" + std::to_string(t.size()) + " values)";
  return s + "]";
}

}  // namespace touchstone
