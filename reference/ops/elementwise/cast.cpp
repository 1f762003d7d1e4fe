// Cast-1, 6, 9, 13, 19, 21, 23, 24, 25 and CastLike-15, 19, 21, 23, 24, 25.
//
// Cast-1 names the target type by a string attribute `to` ("FLOAT", "INT32": the names
// of TensorProto.DataType, exactly); Cast-6 and later by its code. 9 adds string and 13
// bfloat16 (input and output); the executor checks the input type, and the kernel the
// target against the version's T2. CastLike-15 takes the target from its second input's
// type and follows Cast-13 (the Cast of its opset).
//
// Numbers: a float result is the input's exact value rounded once to the target (float
// and integer sources alike, so double -> float16 and int64 -> float never round twice);
// bool is 1 or 0; to bool, zero (±0.0) is false and anything else, NaN too, is true;
// integer to integer keeps the low bits (two's complement). Cast-13 spells all of this
// out; what it and the earlier versions leave open, and the reference's answer:
// - float to integer of a non-integral value: implementation-defined; truncates toward 0.
// - float to integer of NaN: undefined; 0. Of ±inf or a value whose truncation is outside
//   the type: undefined; saturates to the type's min or max.
// - before Cast-13, integer to a narrower integer out of range: implementation-defined;
//   wraps as Cast-13 says. To bool of a value other than 0 and 1 (NaN included):
//   implementation-defined; nonzero is true as Cast-13 says.
// Strings (Cast-9 and later; reading and printing in cast_string.cpp):
// - to a float type: a plain or scientific literal rounded once to the type; "+INF",
//   "INF", "-INF", "NaN" in any case are the special values. Anything else is undefined
//   and gives NaN (" 12", "abc", "Infinity", "0x10", "-NaN").
// - to an integer type: "[+-]digits" in range is exact. A fraction or exponent ("2.718",
//   "1e3"), a value out of range, and the specials are undefined: truncated toward zero
//   and saturated, NaN giving 0. A non-numeric string is undefined and gives 0.
// - to bool (the spec says nothing): implementation-defined; a literal whose digits are
//   all zero is false, any other numeric literal true; non-numeric is undefined, false.
// - from a float: the spec asks for a "plain" representation without fixing digits:
//   implementation-defined; the shortest decimal that reads back as the value, as numpy's
//   str() ("0.1", "100.0", "1e-05", "1.5e+20"), with "NaN", "INF", "-INF".
// - from an integer: its decimal digits ("-12"). From bool: "1" or "0" (the spec says
//   nothing: implementation-defined).
// The IR 9-13 types (Cast-19 float8, 21 uint4/int4, 23 float4e2m1, 24 float8e8m0, 25
// uint2/int2; CastLike-N follows Cast-N; value rules in minifloat.h):
// - to a float8: the exact value rounded once to nearest even, then Cast-19's tables:
//   with saturate=1 (default) an infinity or a rounded value beyond the largest gives
//   ±largest, except that before Cast-24 an infinity gives NaN in the fnuz formats (the
//   19/21/23 table; 24 changed it to ±largest); with saturate=0, ±inf in e5m2, NaN in the
//   others (sign kept in e4m3fn). NaN gives NaN; -0 gives -0 (0 in fnuz). Integer
//   sources follow the same tables, and so does a float8 cast to its own type: e5m2's
//   ±inf becomes ±57344 with saturate=1 (a NaN keeps its bits).
// - to float8e8m0 (Cast-24): round_mode up/down/nearest (ties up) to a power of two;
//   saturate decides x above 2^127 (inf too) or below 2^-127 (0 too), judged on x as the
//   table does: the nearest end, or NaN. A negative value is undefined: NaN. -0 is
//   unspecified (implementation-defined): as +0.
// - to float4e2m1: nearest even; it has no inf and no NaN and saturate is only for the
//   float8s, so ±inf and values beyond ±6 are implementation-defined: ±6; NaN is
//   undefined: +6 (-6 for a negative NaN).
// - to uint4/int4/uint2/int2: as to any fixed-point type (integers wrap, floats
//   truncate, out of range undefined and saturated, NaN undefined 0).
// - a string to float8/float4 is rounded once (MPFR at the target's precision); to
//   float8e8m0 through double, so a decimal not exact in double that lies within 2^-53
//   of a rounding boundary may round the wrong way (a known gap).
#include <cmath>
#include <limits>
#include <utility>

#include "reference/node_check.h"
#include "reference/numeric/exact.h"
#include "reference/ops/elementwise/cast_string.h"
#include "reference/ops/elementwise/elementwise_ops.h"

namespace touchstone::ops {

namespace {

using cast_text::Literal;

template <class T>
inline constexpr bool is_castable = is_real_float<T> || is_integer<T> || std::is_same_v<T, bool> ||
                                    std::is_same_v<T, std::string> || is_minifloat<T> || is_small_int<T>;

constexpr const char* kTruncated = "a non-integral float cast to an integer (the result truncates toward zero)";
constexpr const char* kNaNToInteger = "NaN cast to an integer (the result is 0)";
constexpr const char* kOutOfRange =
    "a value outside the integer type's range, or infinite (the result saturates to the type's min or max)";
constexpr const char* kWrapBefore13 =
    "an integer outside the target type's range before Cast-13 (the result wraps, as Cast-13 defines)";
constexpr const char* kBoolBefore13 =
    "a value other than 0 and 1 cast to bool before Cast-13 (nonzero, NaN too, is true, as Cast-13 defines)";
constexpr const char* kNotNumeric = "a string that is not a numeric literal (the result is NaN, 0 or false)";
constexpr const char* kStringToInteger =
    "a string with a fraction, an exponent, a special value or out of range cast to an integer (truncated "
    "toward zero and saturated, NaN is 0)";
constexpr const char* kStringToBool = "a string cast to bool (all-zero digits are false, other numbers true)";
constexpr const char* kFloatToString = "a float printed as a string (the shortest decimal that reads back, numpy's str)";
constexpr const char* kBoolToString = "a bool printed as a string (\"1\" or \"0\")";
constexpr const char* kNegativeToE8M0 = "a negative value cast to float8e8m0 (the result is NaN)";
constexpr const char* kMinusZeroToE8M0 = "-0 cast to float8e8m0 (unspecified; treated as +0)";
constexpr const char* kNaNToE2M1 = "NaN cast to float4e2m1, which has no NaN (the result is 6, -6 for -NaN)";
constexpr const char* kBeyondE2M1 =
    "infinity or a value beyond ±6 cast to float4e2m1, which has no infinity (the result is ±6)";

// An integer as a double that rounds like the integer itself to any format of at most
// 51 bits: exact below 2^53, else cut to 53 bits with the last bit set if any bit was
// dropped ("round to odd", which keeps a later rounding to nearest single).
template <class From>
double round_to_odd(From x) {
  const bool negative = x < 0;
  const uint64_t m = negative ? uint64_t{0} - static_cast<uint64_t>(x) : static_cast<uint64_t>(x);
  double d;
  if (m < (uint64_t{1} << 53)) {
    d = static_cast<double>(m);
  } else {
    const int drop = (64 - __builtin_clzll(m)) - 53;
    uint64_t kept = m >> drop;
    if (m & ((uint64_t{1} << drop) - 1)) kept |= 1;
    d = std::ldexp(static_cast<double>(kept), drop);
  }
  return negative ? -d : d;
}

struct Converter {
  const Node& node;
  int version;  // Cast's since_version whose rules apply (13 for CastLike-15)
  bool saturate = true;                           // Cast-19 and later
  E8M0Rounding round_mode = E8M0Rounding::kUp;    // Cast-24 and later

  template <class To, class From>
  To convert(const From& x) const {
    if constexpr (std::is_same_v<To, From> && is_minifloat<To>) {
      return same_minifloat(x);
    } else if constexpr (std::is_same_v<To, From>) {
      return x;
    } else if constexpr (is_small_int<From>) {
      return convert<To>(static_cast<int>(x.value));  // an integer like any other
    } else if constexpr (std::is_same_v<From, std::string>) {
      return from_string<To>(x);
    } else if constexpr (std::is_same_v<To, std::string>) {
      return to_string(x);
    } else if constexpr (std::is_same_v<To, bool>) {
      bool nonzero, one;
      if constexpr (is_real_float<From> || is_minifloat<From>)
        nonzero = !(numeric::widen(x) == 0), one = numeric::widen(x) == 1;
      else nonzero = x != 0, one = x == 1;
      if (version < 13 && nonzero && !one)
        node.mark(Semantics::kImplementationDefined, kBoolBefore13);
      return nonzero;
    } else if constexpr (std::is_same_v<From, bool>) {
      if constexpr (is_real_float<To>) return numeric::narrow<To>(x ? 1.0 : 0.0);
      else if constexpr (is_minifloat<To>) return to_minifloat<To>(x ? 1.0 : 0.0);
      else if constexpr (is_small_int<To>) return To{static_cast<typename To::Value>(x ? 1 : 0)};
      else return static_cast<To>(x ? 1 : 0);
    } else if constexpr (is_minifloat<To>) {
      if constexpr (is_integer<From>) return to_minifloat<To>(round_to_odd(x));
      else return to_minifloat<To>(numeric::widen(x));  // exact
    } else if constexpr (is_small_int<To>) {
      if constexpr (is_integer<From>) return To::wrap(static_cast<int64_t>(x));  // low bits
      else return float_to_small_int<To>(numeric::widen(x));
    } else if constexpr (is_integer<From> && is_integer<To>) {
      if (version < 13 && !std::in_range<To>(x)) node.mark(Semantics::kImplementationDefined, kWrapBefore13);
      return static_cast<To>(x);  // modulo 2^bits (C++20)
    } else if constexpr (is_integer<From>) {
      if constexpr (std::is_same_v<To, double>) return static_cast<double>(x);  // one IEEE rounding
      else return numeric::narrow<To>(round_to_odd(x));
    } else if constexpr (is_integer<To>) {
      return float_to_integer<To>(numeric::widen(x));
    } else {
      return numeric::narrow<To>(numeric::widen(x));  // widening is exact
    }
  }

  // A float8/float4 cast to its own type: the target's rules still apply (Cast-19's tables
  // have no "same type" row). Every finite value is its own rounding; the one value they
  // change is e5m2's ±inf with saturate=1, which becomes ±57344 as from any other type
  // (e4m3fn, the fnuz formats, float4e2m1 and float8e8m0 have no infinity). A NaN stays
  // the NaN it is, payload and sign bit included: the tables map NaN to NaN (and -NaN to
  // -NaN in e4m3fn and e5m2).
  template <class T>
  T same_minifloat(T x) const {
    const double v = numeric::widen(x);
    return std::isnan(v) ? x : to_minifloat<T>(v);
  }

  // A value (exact, or rounded to odd at 53 bits) to a float8 or float4 by the version's
  // rules (see the top of the file).
  template <class To>
  To to_minifloat(double x) const {
    constexpr MiniFloatKind kind = MiniFloatKindOf<To>::value;
    if constexpr (kind == MiniFloatKind::kE8M0) {
      if (!std::isnan(x) && std::signbit(x)) {
        if (x < 0) {
          node.mark(Semantics::kUndefined, kNegativeToE8M0);
          return To{0xFF};
        }
        node.mark(Semantics::kImplementationDefined, kMinusZeroToE8M0);
      }
      return To{e8m0_from_double(x, round_mode, saturate)};
    } else if constexpr (kind == MiniFloatKind::kE2M1) {
      if (std::isnan(x)) node.mark(Semantics::kUndefined, kNaNToE2M1);
      else if (std::fabs(x) >= 7)  // [x] > 6: 7 is the tie between 6 and 8 and goes to 8 (even)
        node.mark(Semantics::kImplementationDefined, kBeyondE2M1);
      return To{minifloat_from_double(x, kind, true)};
    } else {
      const bool fnuz = kind == MiniFloatKind::kE4M3FNUZ || kind == MiniFloatKind::kE5M2FNUZ;
      if (fnuz && std::isinf(x) && saturate && version < 24) return To{0x80};  // NaN: the 19/21/23 table
      return To{minifloat_from_double(x, kind, saturate)};
    }
  }

  template <class To>
  To float_to_small_int(double x) const {
    if (std::isnan(x)) {
      node.mark(Semantics::kUndefined, kNaNToInteger);
      return To{};
    }
    const double t = std::trunc(x);
    if (t < To::kMin || t > To::kMax) {
      node.mark(Semantics::kUndefined, kOutOfRange);
      return To{static_cast<typename To::Value>(t < To::kMin ? To::kMin : To::kMax)};
    }
    if (t != x) node.mark(Semantics::kImplementationDefined, kTruncated);
    return To{static_cast<typename To::Value>(t)};
  }

  template <class To>
  To float_to_integer(double x) const {
    if (std::isnan(x)) {
      node.mark(Semantics::kUndefined, kNaNToInteger);
      return 0;
    }
    const double t = std::trunc(x);
    const double low = std::is_signed_v<To> ? -std::ldexp(1.0, std::numeric_limits<To>::digits) : 0.0;
    const double high = std::ldexp(1.0, std::numeric_limits<To>::digits);  // max + 1
    if (t < low || t >= high) {
      node.mark(Semantics::kUndefined, kOutOfRange);
      return t < low ? std::numeric_limits<To>::min() : std::numeric_limits<To>::max();
    }
    if (t != x) node.mark(Semantics::kImplementationDefined, kTruncated);
    return static_cast<To>(t);
  }

  template <class To>
  To from_string(const std::string& s) const {
    const Literal literal = cast_text::classify(s);
    if (literal.kind == Literal::kNotNumeric) {
      node.mark(Semantics::kUndefined, kNotNumeric);
      if constexpr (is_real_float<To>) return numeric::narrow<To>(NAN);
      else if constexpr (is_minifloat<To>) return to_minifloat<To>(NAN);
      else return To{};
    }
    if constexpr (is_real_float<To>) {
      return numeric::narrow<To>(cast_text::parse_rounded(s, numeric::float_format<To>()));
    } else if constexpr (is_minifloat<To>) {
      // Rounded once at the target's precision and subnormal grid, unbounded above (the
      // overflow rules need [x]); float8e8m0 rounds by its mode from the nearest double.
      numeric::FloatFormat wide = numeric::float_format<To>();
      wide.max_exponent = 1023;
      if constexpr (std::is_same_v<To, Float8E8M0>) wide = numeric::float_format<double>();
      return to_minifloat<To>(cast_text::parse_rounded(s, wide));
    } else if constexpr (std::is_same_v<To, bool>) {
      node.mark(Semantics::kImplementationDefined, kStringToBool);
      return literal.kind == Literal::kInfinity || literal.kind == Literal::kNaN || !literal.zero;
    } else {
      if (literal.kind == Literal::kNaN) {
        node.mark(Semantics::kUndefined, kStringToInteger);
        return To{};
      }
      if (literal.kind == Literal::kInfinity) {
        node.mark(Semantics::kUndefined, kStringToInteger);
        if constexpr (is_small_int<To>)
          return To{static_cast<typename To::Value>(literal.negative ? To::kMin : To::kMax)};
        else return literal.negative ? std::numeric_limits<To>::min() : std::numeric_limits<To>::max();
      }
      const __int128 t = cast_text::parse_truncated(s);
      if constexpr (is_small_int<To>) {
        const bool out = t < To::kMin || t > To::kMax;
        if (literal.kind != Literal::kInteger || out) node.mark(Semantics::kUndefined, kStringToInteger);
        return To{static_cast<typename To::Value>(t < To::kMin ? To::kMin : t > To::kMax ? To::kMax : t)};
      } else {
        const bool below = t < static_cast<__int128>(std::numeric_limits<To>::min());
        const bool above = t > static_cast<__int128>(std::numeric_limits<To>::max());
        if (literal.kind != Literal::kInteger || below || above) node.mark(Semantics::kUndefined, kStringToInteger);
        if (below) return std::numeric_limits<To>::min();
        if (above) return std::numeric_limits<To>::max();
        return static_cast<To>(t);
      }
    }
  }

  template <class From>
  std::string to_string(const From& x) const {
    if constexpr (std::is_same_v<From, bool>) {
      node.mark(Semantics::kImplementationDefined, kBoolToString);
      return x ? "1" : "0";
    } else if constexpr (is_integer<From>) {
      if constexpr (std::is_signed_v<From>) return std::to_string(static_cast<long long>(x));
      else return std::to_string(static_cast<unsigned long long>(x));
    } else {
      node.mark(Semantics::kImplementationDefined, kFloatToString);
      return cast_text::format_float(numeric::widen(x), numeric::float_format<From>());
    }
  }
};

// The Converter for the rules of Cast-`version`, with its attributes read and checked.
Converter converter_for(const Node& node, int version) {
  Converter c{node, version};
  if (version >= 19) {
    const int64_t saturate = node.attr_int("saturate", 1);
    if (saturate != 0 && saturate != 1)
      invalid_model(node.op_version() + ": saturate = " + std::to_string(saturate) + " must be 0 or 1");
    c.saturate = saturate == 1;
  }
  if (version >= 24) {
    const std::string mode = node.attr_string("round_mode", "up");
    if (mode == "up") c.round_mode = E8M0Rounding::kUp;
    else if (mode == "down") c.round_mode = E8M0Rounding::kDown;
    else if (mode == "nearest") c.round_mode = E8M0Rounding::kNearest;
    else invalid_model(node.op_version() + ": round_mode = '" + mode + "' is not up, down or nearest");
  }
  return c;
}

Tensor cast_tensor(const Node& node, const Tensor& x, DType to, int version) {
  Tensor out(to, x.shape());
  const Converter converter = converter_for(node, version);
  visit_dtype(x.dtype(), [&]<class From>() {
    visit_dtype(to, [&]<class To>() {
      if constexpr (is_castable<From> && is_castable<To>) {
        auto in = x.data<From>();
        auto y = out.data<To>();
        for (size_t i = 0; i < in.size(); ++i) y[i] = converter.convert<To>(in[i]);
      } else {
        throw std::logic_error("Cast of a complex type");  // the type checks prevent it
      }
    });
  });
  return out;
}

// "Cast-13" -> 13.
int since_version(const Node& node) {
  const std::string& label = node.op_version();
  return std::stoi(label.substr(label.rfind('-') + 1));
}

// The target type `to` names, which must be one the version's T2 allows.
DType target_type(const Node& node, int version) {
  std::optional<DType> to;
  std::string spelled;
  if (version == 1) {
    spelled = "'" + node.attr_string("to", "") + "'";
    onnx::TensorProto_DataType code = onnx::TensorProto_DataType_UNDEFINED;
    if (onnx::TensorProto_DataType_Parse(node.attr_string("to", ""), &code)) to = dtype_from_code(static_cast<int>(code));
    if (!to)
      invalid_model(node.op_version() + ": to = " + spelled +
                    " is not the name of a TensorProto.DataType (FLOAT, INT32, BOOL, ...)");
  } else {
    const int64_t code = node.attr_int("to", 0);
    spelled = std::to_string(code);
    if (code >= std::numeric_limits<int>::min() && code <= std::numeric_limits<int>::max())
      to = dtype_from_code(static_cast<int>(code));
    if (!to) invalid_model(node.op_version() + ": to = " + spelled + " is not an element type TensorProto.DataType has");
  }
  const Schema* schema = find_schema("", "Cast", version);
  for (DType allowed : allowed_dtypes(*schema, "T2"))
    if (allowed == *to) return *to;
  invalid_model(node.op_version() + ": to = " + spelled + " (" + tensor_type_string(*to) +
                ") is outside type constraint T2");
}

}  // namespace

// Cast-1 (`to` a type name), Cast-6, 9, 13, 19, 21, 23, 24, 25 (`to` a type code);
// versions differ in types, in what Cast-13 defines, in saturate (19), in the fnuz
// infinity rule (24) and round_mode (24) (see the top of the file).
Tensors cast_v1(const Node& node, const Inputs& in) {
  const int version = since_version(node);
  return {cast_tensor(node, in[0], target_type(node, version), version)};
}

// CastLike-15 (Cast-13's rules), 19, 21, 23, 24, 25 (Cast of the same version): to the
// type of the second input.
Tensors cast_like_v15(const Node& node, const Inputs& in) {
  const int version = since_version(node);
  return {cast_tensor(node, in[0], in[1].dtype(), version == 15 ? 13 : version)};
}

}  // namespace touchstone::ops
