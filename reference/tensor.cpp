#include "reference/tensor.h"

#include <charconv>
#include <cmath>
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

void check_tensor_budget(DType dtype, const Shape& shape) {
  const auto& account = current_memory_account();
  if (!account) return;
  const size_t element = dtype == DType::kString ? sizeof(std::string) : dtype_size(dtype);
  const auto what = [&] { return "a tensor " + std::string(dtype_short_name(dtype)) + " " + shape_to_string(shape); };
  unsigned __int128 bytes = element;  // saturates: a product past 64 bits is refused as such
  for (int64_t d : shape) {
    if (d < 0) throw Error(ErrorKind::kMalformed, "negative dimension in shape " + shape_to_string(shape));
    bytes = std::min<unsigned __int128>(bytes * static_cast<uint64_t>(d), std::numeric_limits<uint64_t>::max() + static_cast<unsigned __int128>(1));
  }
  if (bytes > std::numeric_limits<uint64_t>::max())
    throw Error(ErrorKind::kOverBudget, what() + " has more bytes than a 64-bit size holds");
  const MemoryLimits& limits = account->limits();  // the message is built only for a refusal
  if (bytes > limits.max_tensor_bytes || bytes > limits.max_case_bytes - std::min(account->held(), limits.max_case_bytes))
    account->check(static_cast<uint64_t>(bytes), what());
}

Tensor::Tensor(DType dtype, Shape shape) : dtype_(dtype), shape_(std::move(shape)) {
  check_tensor_budget(dtype_, shape_);  // refused before anything is allocated, by its shape
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
// printf's "%.Pg" of `v` (std::to_chars with a precision: locale-free) if it reads back
// (std::from_chars in R) as a value `same` accepts, else "".
template <class R, class T, class Same>
std::string general_if_round_trip(T v, int precision, Same same) {
  char buf[64];
  const auto end = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, precision).ptr;
  R back{};
  std::from_chars(buf, end, back);
  return same(back) ? std::string(buf, end) : "";
}
// The shortest decimal that reads back as exactly `v` in type T, laid out as "%.Pg" with
// the fewest digits P: std::to_chars finds the shortest digits; the layout (fixed below
// P digits before the point, else an exponent) is printf's, as reports have always shown.
template <class T>
std::string float_to_string(T v) {
  if (std::isnan(v)) return std::signbit(v) ? "-nan" : "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  char sci[64];
  const auto end = std::to_chars(sci, sci + sizeof sci, v, std::chars_format::scientific).ptr;
  int digits = 0;
  for (const char* c = sci; c < end && *c != 'e'; ++c) digits += *c >= '0' && *c <= '9';
  // Near a power of two the shortest digits can lie on the wide side of v while the
  // P-digit rounding lies on the narrow side: then P + 1 digits.
  constexpr int kMost = std::numeric_limits<T>::max_digits10;  // always reads back
  for (int precision = digits; precision < kMost; ++precision) {
    std::string s = general_if_round_trip<T>(v, precision, [v](T back) { return back == v; });
    if (!s.empty()) return s;
  }
  return general_if_round_trip<T>(v, kMost, [](T) { return true; });
}
// The shortest decimal that reads back (rounded to the format) as the same float16,
// bfloat16, float8 or float4 value (std::to_chars has no such types: each precision is tried).
template <class T>
std::string small_float_to_string(T v) {
  const double d = to_double(v);
  if (std::isnan(d) || std::isinf(d)) return float_to_string(d);
  const auto same = [v](double back) {
    if constexpr (is_minifloat<T>) return minifloat_from<T>(back, true) == v;
    else if constexpr (std::is_same_v<T, Float16>) return float16_from_double(back) == v;
    else return bfloat16_from_double(back) == v;
  };
  for (int precision = 1; precision < 17; ++precision) {
    std::string s = general_if_round_trip<double>(d, precision, same);
    if (!s.empty()) return s;
  }
  return float_to_string(d);  // 17 digits give the double itself
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
