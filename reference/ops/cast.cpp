// Cast-1, 6, 9, 13 and CastLike-15.
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
#include <cmath>
#include <limits>
#include <utility>

#include "reference/node_check.h"
#include "reference/numeric/exact.h"
#include "reference/ops/cast_string.h"
#include "reference/ops/ops.h"

namespace touchstone::ops {

namespace {

using cast_text::Literal;

template <class T>
inline constexpr bool is_castable = is_real_float<T> || is_integer<T> || std::is_same_v<T, bool> ||
                                    std::is_same_v<T, std::string>;

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

  template <class To, class From>
  To convert(const From& x) const {
    if constexpr (std::is_same_v<To, From>) {
      return x;
    } else if constexpr (std::is_same_v<From, std::string>) {
      return from_string<To>(x);
    } else if constexpr (std::is_same_v<To, std::string>) {
      return to_string(x);
    } else if constexpr (std::is_same_v<To, bool>) {
      bool nonzero, one;
      if constexpr (is_real_float<From>) nonzero = !(numeric::widen(x) == 0), one = numeric::widen(x) == 1;
      else nonzero = x != 0, one = x == 1;
      if (version < 13 && nonzero && !one)
        node.mark(Semantics::kImplementationDefined, kBoolBefore13);
      return nonzero;
    } else if constexpr (std::is_same_v<From, bool>) {
      if constexpr (is_real_float<To>) return numeric::narrow<To>(x ? 1.0 : 0.0);
      else return static_cast<To>(x ? 1 : 0);
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
      else return To{};
    }
    if constexpr (is_real_float<To>) {
      return numeric::narrow<To>(cast_text::parse_rounded(s, numeric::float_format<To>()));
    } else if constexpr (std::is_same_v<To, bool>) {
      node.mark(Semantics::kImplementationDefined, kStringToBool);
      return literal.kind == Literal::kInfinity || literal.kind == Literal::kNaN || !literal.zero;
    } else {
      if (literal.kind == Literal::kNaN) {
        node.mark(Semantics::kUndefined, kStringToInteger);
        return 0;
      }
      if (literal.kind == Literal::kInfinity) {
        node.mark(Semantics::kUndefined, kStringToInteger);
        return literal.negative ? std::numeric_limits<To>::min() : std::numeric_limits<To>::max();
      }
      const __int128 t = cast_text::parse_truncated(s);
      const bool below = t < static_cast<__int128>(std::numeric_limits<To>::min());
      const bool above = t > static_cast<__int128>(std::numeric_limits<To>::max());
      if (literal.kind != Literal::kInteger || below || above) node.mark(Semantics::kUndefined, kStringToInteger);
      if (below) return std::numeric_limits<To>::min();
      if (above) return std::numeric_limits<To>::max();
      return static_cast<To>(t);
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

Tensor cast_tensor(const Node& node, const Tensor& x, DType to, int version) {
  Tensor out(to, x.shape());
  const Converter converter{node, version};
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

// Cast-1 (`to` a type name), Cast-6, 9, 13 (`to` a type code); versions differ in types
// and in what Cast-13 defines (see the top of the file).
Tensors cast(const Node& node, const Inputs& in) {
  const int version = since_version(node);
  return {cast_tensor(node, in[0], target_type(node, version), version)};
}

// CastLike-15: to the type of the second input, by Cast-13's rules.
Tensors cast_like(const Node& node, const Inputs& in) { return {cast_tensor(node, in[0], in[1].dtype(), 13)}; }

}  // namespace touchstone::ops
