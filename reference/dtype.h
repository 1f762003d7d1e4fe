// Every tensor element type the reference knows, listed once. Codes are
// TensorProto.DataType's. To add a type (float8 variants, int4, ...), add a row to
// TOUCHSTONE_DTYPES and a C++ storage type; visit_dtype and the I/O follow.
#pragma once
#include <complex>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reference/error.h"
#include "reference/half.h"

namespace touchstone {

//  X(enumerator, C++ storage type, ONNX code, ONNX name, short name used in case ids)
#define TOUCHSTONE_DTYPES(X)                                        \
  X(kFloat, float, 1, "float", "float32")                           \
  X(kUInt8, uint8_t, 2, "uint8", "uint8")                           \
  X(kInt8, int8_t, 3, "int8", "int8")                               \
  X(kUInt16, uint16_t, 4, "uint16", "uint16")                       \
  X(kInt16, int16_t, 5, "int16", "int16")                           \
  X(kInt32, int32_t, 6, "int32", "int32")                           \
  X(kInt64, int64_t, 7, "int64", "int64")                           \
  X(kString, std::string, 8, "string", "string")                    \
  X(kBool, bool, 9, "bool", "bool")                                 \
  X(kFloat16, Float16, 10, "float16", "float16")                    \
  X(kDouble, double, 11, "double", "float64")                       \
  X(kUInt32, uint32_t, 12, "uint32", "uint32")                      \
  X(kUInt64, uint64_t, 13, "uint64", "uint64")                      \
  X(kComplex64, std::complex<float>, 14, "complex64", "complex64")  \
  X(kComplex128, std::complex<double>, 15, "complex128", "complex128") \
  X(kBFloat16, BFloat16, 16, "bfloat16", "bfloat16")

enum class DType : int {
#define TOUCHSTONE_ENUM(name, type, code, onnx_name, short_name) name = code,
  TOUCHSTONE_DTYPES(TOUCHSTONE_ENUM)
#undef TOUCHSTONE_ENUM
};

// The DType of a C++ storage type: dtype_of<float> == DType::kFloat.
template <class T>
struct DTypeOf;
#define TOUCHSTONE_DTYPE_OF(name, type, code, onnx_name, short_name) \
  template <>                                                         \
  struct DTypeOf<type> {                                              \
    static constexpr DType value = DType::name;                       \
  };
TOUCHSTONE_DTYPES(TOUCHSTONE_DTYPE_OF)
#undef TOUCHSTONE_DTYPE_OF
template <class T>
inline constexpr DType dtype_of = DTypeOf<T>::value;

// Calls f.template operator()<T>() with the storage type of `dtype`:
//   visit_dtype(t.dtype(), [&]<class T>() { ... });
template <class F>
decltype(auto) visit_dtype(DType dtype, F&& f) {
  switch (dtype) {
#define TOUCHSTONE_VISIT(name, type, code, onnx_name, short_name) \
  case DType::name:                                               \
    return f.template operator()<type>();
    TOUCHSTONE_DTYPES(TOUCHSTONE_VISIT)
#undef TOUCHSTONE_VISIT
  }
  throw Error(ErrorKind::kMalformed, "unknown element type " + std::to_string(static_cast<int>(dtype)));
}

const std::vector<DType>& all_dtypes();
std::optional<DType> dtype_from_code(int code);
// ONNX's name: "float", "float16", "double", ... (as in "tensor(float)").
std::string_view dtype_name(DType dtype);
// Name used in case ids and reports: "float32", "float64", "bfloat16", ...
std::string_view dtype_short_name(DType dtype);
// Accepts either spelling.
std::optional<DType> dtype_from_name(std::string_view name);
// Bytes of one element in raw_data (0 for string).
size_t dtype_size(DType dtype);

template <class T>
inline constexpr bool is_small_float = std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>;
template <class T>
inline constexpr bool is_real_float = std::is_floating_point_v<T> || is_small_float<T>;
template <class T>
inline constexpr bool is_integer = std::is_integral_v<T> && !std::is_same_v<T, bool>;

bool is_float_dtype(DType dtype);    // float16, bfloat16, float, double
bool is_integer_dtype(DType dtype);  // int8 .. uint64 (not bool)

}  // namespace touchstone
