// The IR 9-13 element types as storage types, with exact conversions to and from double.
//
//   type            code  IR  layout        bias  largest   no inf; NaN                no -0
//   float8e4m3fn     17    9  S.EEEE.MMM      7     448     S.1111.111                 -
//   float8e4m3fnuz   18    9  S.EEEE.MMM      8     240     1.0000.000 (0x80)          yes
//   float8e5m2       19    9  S.EEEEE.MM     15   57344     IEEE: inf S.11111.00, NaN S.11111.xx
//   float8e5m2fnuz   20    9  S.EEEEE.MM     16   57344     1.00000.00 (0x80)          yes
//   float4e2m1       23   11  S.EE.M          1       6     no inf, no NaN
//   float8e8m0       24   12  EEEEEEEE      127   2^127     unsigned, no zero: 2^(E-127); 0xFF NaN
//   uint4 21, int4 22 (IR 10), uint2 25, int2 26 (IR 13): small two's-complement integers.
//
// In memory every element takes one byte (float4e2m1 in the low 4 bits, the integers as
// their value); TensorProto packs 4- and 2-bit types (tensor_proto.cpp).
//
// Decoding is exact (every value is a double). Encoding rounds the exact double once to
// nearest, ties to even; what happens out of range is the caller's choice (`saturate`),
// because Cast's rules for it changed between versions (see ops/cast.cpp).
#pragma once
#include <cstdint>
#include <type_traits>

namespace touchstone {

struct Float8E4M3FN {
  uint8_t bits = 0;
  friend bool operator==(Float8E4M3FN, Float8E4M3FN) = default;
};
struct Float8E4M3FNUZ {
  uint8_t bits = 0;
  friend bool operator==(Float8E4M3FNUZ, Float8E4M3FNUZ) = default;
};
struct Float8E5M2 {
  uint8_t bits = 0;
  friend bool operator==(Float8E5M2, Float8E5M2) = default;
};
struct Float8E5M2FNUZ {
  uint8_t bits = 0;
  friend bool operator==(Float8E5M2FNUZ, Float8E5M2FNUZ) = default;
};
struct Float4E2M1 {
  uint8_t bits = 0;  // low 4 bits
  friend bool operator==(Float4E2M1, Float4E2M1) = default;
};
struct Float8E8M0 {
  uint8_t bits = 0;
  friend bool operator==(Float8E8M0, Float8E8M0) = default;
};

// A 4- or 2-bit integer, held as its value.
template <int Bits, bool Signed>
struct SmallInt {
  using Value = std::conditional_t<Signed, int8_t, uint8_t>;
  static constexpr int kBits = Bits;
  static constexpr bool kSigned = Signed;
  static constexpr int kMin = Signed ? -(1 << (Bits - 1)) : 0;
  static constexpr int kMax = Signed ? (1 << (Bits - 1)) - 1 : (1 << Bits) - 1;
  Value value = 0;
  friend bool operator==(SmallInt, SmallInt) = default;
  // The low `Bits` bits of a two's-complement integer (Cast's "discard higher bits").
  static SmallInt wrap(int64_t v) {
    const int low = static_cast<int>(static_cast<uint64_t>(v) & ((1u << Bits) - 1));
    return {static_cast<Value>(Signed && low > kMax ? low - (1 << Bits) : low)};
  }
  // The bit pattern of the value (for packing).
  uint8_t pattern() const { return static_cast<uint8_t>(static_cast<unsigned>(value) & ((1u << Bits) - 1)); }
};
using UInt4 = SmallInt<4, false>;
using Int4 = SmallInt<4, true>;
using UInt2 = SmallInt<2, false>;
using Int2 = SmallInt<2, true>;

enum class MiniFloatKind { kE4M3FN, kE4M3FNUZ, kE5M2, kE5M2FNUZ, kE2M1, kE8M0 };

// The fields and special values of one format.
struct MiniFloatFormat {
  int exponent_bits;
  int mantissa_bits;
  int bias;
  bool has_infinity;
  bool has_nan;
  bool has_negative_zero;
  bool has_sign;
};
MiniFloatFormat minifloat_format(MiniFloatKind kind);

// Exact value of a bit pattern (NaN for the NaN patterns, keeping the sign bit).
double minifloat_to_double(uint8_t bits, MiniFloatKind kind);
// The largest finite value.
double minifloat_max(MiniFloatKind kind);

// `value` rounded once to the format, to nearest with ties to even (for float8e8m0 see
// e8m0_from_double). If the rounded magnitude is above the largest finite value, or
// `value` is infinite: ±largest when `saturate`, else ±infinity where the format has it,
// else NaN (float4e2m1, which has neither, always gives ±6). NaN gives the format's NaN
// with the sign kept where the format has a signed NaN (float4e2m1: ±6). A zero result
// keeps the sign where the format has -0 (fnuz formats give +0).
uint8_t minifloat_from_double(double value, MiniFloatKind kind, bool saturate);

// Cast-24's round_mode for float8e8m0: `up` is the smallest power of two >= x, `down` the
// largest <= x, `nearest` the closer of the two with ties up.
enum class E8M0Rounding { kUp, kDown, kNearest };
// x > 0 rounded to a power of two 2^-127 .. 2^127. Out of range (x above 2^127 or below
// 2^-127, judged on x as Cast-24's table does; +inf; 0): the nearest end when
// `saturate`, else NaN (0xFF). NaN gives 0xFF. Negative x (and -0) are the caller's
// business: this function treats the sign as absent, i.e. works on |x|.
uint8_t e8m0_from_double(double value, E8M0Rounding mode, bool saturate);

template <class T>
struct MiniFloatKindOf;
template <> struct MiniFloatKindOf<Float8E4M3FN> { static constexpr MiniFloatKind value = MiniFloatKind::kE4M3FN; };
template <> struct MiniFloatKindOf<Float8E4M3FNUZ> { static constexpr MiniFloatKind value = MiniFloatKind::kE4M3FNUZ; };
template <> struct MiniFloatKindOf<Float8E5M2> { static constexpr MiniFloatKind value = MiniFloatKind::kE5M2; };
template <> struct MiniFloatKindOf<Float8E5M2FNUZ> { static constexpr MiniFloatKind value = MiniFloatKind::kE5M2FNUZ; };
template <> struct MiniFloatKindOf<Float4E2M1> { static constexpr MiniFloatKind value = MiniFloatKind::kE2M1; };
template <> struct MiniFloatKindOf<Float8E8M0> { static constexpr MiniFloatKind value = MiniFloatKind::kE8M0; };

// float8 and float4 storage types (not arithmetic types: kernels that compute exclude them).
template <class T>
inline constexpr bool is_minifloat = requires { MiniFloatKindOf<T>::value; };
template <class T>
inline constexpr bool is_small_int = std::is_same_v<T, UInt4> || std::is_same_v<T, Int4> ||
                                     std::is_same_v<T, UInt2> || std::is_same_v<T, Int2>;

template <class T>
  requires is_minifloat<T>
double to_double(T x) {
  return minifloat_to_double(x.bits, MiniFloatKindOf<T>::value);
}
template <class T>
  requires is_minifloat<T>
T minifloat_from(double v, bool saturate) {
  return T{minifloat_from_double(v, MiniFloatKindOf<T>::value, saturate)};
}

}  // namespace touchstone
