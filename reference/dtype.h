// Every tensor element type the reference knows, listed once. Codes are
// TensorProto.DataType's. To add a type, add a row to TOUCHSTONE_DTYPES and a C++ storage
// type; visit_dtype and the I/O follow. Kernels see every type through visit_dtype and
// pick what they can compute with the traits at the bottom (the executor has already
// checked the op-version's type constraints).
#pragma once
#include <complex>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reference/error.h"
#include "reference/half.h"
#include "reference/minifloat.h"

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
  X(kBFloat16, BFloat16, 16, "bfloat16", "bfloat16")                \
  X(kFloat8E4M3FN, Float8E4M3FN, 17, "float8e4m3fn", "float8e4m3fn")  \
  X(kFloat8E4M3FNUZ, Float8E4M3FNUZ, 18, "float8e4m3fnuz", "float8e4m3fnuz") \
  X(kFloat8E5M2, Float8E5M2, 19, "float8e5m2", "float8e5m2")        \
  X(kFloat8E5M2FNUZ, Float8E5M2FNUZ, 20, "float8e5m2fnuz", "float8e5m2fnuz") \
  X(kUInt4, UInt4, 21, "uint4", "uint4")                            \
  X(kInt4, Int4, 22, "int4", "int4")                                \
  X(kFloat4E2M1, Float4E2M1, 23, "float4e2m1", "float4e2m1")        \
  X(kFloat8E8M0, Float8E8M0, 24, "float8e8m0", "float8e8m0")        \
  X(kUInt2, UInt2, 25, "uint2", "uint2")                            \
  X(kInt2, Int2, 26, "int2", "int2")

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
// Bytes of one element in memory (0 for string). The 4- and 2-bit types take one byte
// each in memory; raw_data packs them (dtype_bits).
size_t dtype_size(DType dtype);
// Bits of one element in raw_data: 4 for uint4, int4, float4e2m1; 2 for uint2, int2;
// 8 * dtype_size otherwise.
int dtype_bits(DType dtype);
// Bytes that `count` elements take in raw_data (packed types rounded up to a byte).
uint64_t raw_byte_count(DType dtype, uint64_t count);

// float16 and bfloat16: arithmetic types held as bits. The float8 and float4 types are
// is_minifloat (minifloat.h), the 4- and 2-bit integers is_small_int: neither is
// is_real_float or is_integer, so kernels that compute exclude them at compile time.
template <class T>
inline constexpr bool is_small_float = std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>;
template <class T>
inline constexpr bool is_real_float = std::is_floating_point_v<T> || is_small_float<T>;
template <class T>
inline constexpr bool is_integer = std::is_integral_v<T> && !std::is_same_v<T, bool>;

bool is_float_dtype(DType dtype);    // float16, bfloat16, float, double
bool is_integer_dtype(DType dtype);  // int8 .. uint64 (not bool, not the 4- and 2-bit types)
bool is_minifloat_dtype(DType dtype);  // the float8 types and float4e2m1
bool is_small_int_dtype(DType dtype);  // uint4, int4, uint2, int2

}  // namespace touchstone
