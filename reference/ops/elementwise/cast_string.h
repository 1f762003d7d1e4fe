// Strings in Cast-9 and later (and CastLike-15): how Cast reads a string as a number,
// and how it prints a float. Kept apart from cast.cpp, which does the numeric pairs.
#pragma once
#include <string>

#include "reference/numeric/exact.h"

namespace touchstone::ops::cast_text {

// What a string spells, as Cast-9's text reads it.
struct Literal {
  enum Kind {
    kInteger,     // [+-]digits: "1000", "-7"
    kDecimal,     // plain or scientific: "3.14", ".5", "1e-5", "1E8", "-2.5e+3"
    kInfinity,    // "+INF", "INF", "-INF", case-insensitively
    kNaN,         // "NaN", case-insensitively
    kNotNumeric,  // anything else: "abc", " 12", "", "0x10", "Infinity", "-NaN"
  } kind;
  bool negative = false;
  bool zero = false;  // a number whose digits are all 0
};
Literal classify(const std::string& s);

// The value of a numeric literal (not kNotNumeric) rounded once to `format`, as the exact
// double of the result: correctly rounded from the decimal, never through another type.
double parse_rounded(const std::string& s, numeric::FloatFormat format);

// The value of a kInteger or kDecimal literal truncated toward zero, clamped to
// [-2^64, 2^64] (wide enough for the caller to see that it is outside every type).
__int128 parse_truncated(const std::string& s);

// A finite or special value `v` of a type of `format`, printed as numpy's str() does: the
// shortest decimal that reads back as v (the nearest such), positional for
// 1e-4 <= |v| < 1e16 and zero ("0.5", "100.0", "-0.0"), else scientific ("1e-05",
// "1.5e+20"). NaN and the infinities use the spec's literals: "NaN", "INF", "-INF".
std::string format_float(double v, numeric::FloatFormat format);

}  // namespace touchstone::ops::cast_text
