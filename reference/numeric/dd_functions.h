// Elementary functions in double-double, each with a stated relative error bound, for
// the fast path of correctly rounded float64 results (fast.h).
//
// Each function returns an approximation v of the real f(a) with |v - f(a)| <= B |f(a)|
// for the bound B named beside it, or nothing outside the range where that is argued
// (the caller then uses MPFR). The arguments are in dd_functions.cpp and dd_atan_erf.cpp; in short, every
// bound below is at least 2^6 times the error estimated from the steps (truncation of
// the series, rounding of the tables, kOpError per double-double operation).
#pragma once
#include <optional>

#include "reference/numeric/double_double.h"

namespace touchstone::numeric::dd {

inline constexpr double kExpBound = 0x1p-90;    // exp, for |a| <= 665
inline constexpr double kExpm1Bound = 0x1p-82;  // expm1, for x <= 665
inline constexpr double kLogBound = 0x1p-88;    // log, for x > 0
inline constexpr double kLog1pBound = 0x1p-84;  // log1p, for a > -1
inline constexpr double kSinCosBound = 0x1p-88; // sin and cos, for |x| <= 2^20
inline constexpr double kSqrtBound = kOpError;  // sqrt
inline constexpr double kAtanBound = 0x1p-92;      // atan (dd_atan_erf.cpp)
inline constexpr double kAsinAcosBound = 0x1p-91;  // asin and acos, for |x| < 1
inline constexpr double kErfBound = 0x1p-89;       // erf, for |x| < 6

// e^a for a double-double a with |a.hi| <= 665: the result lies in [2^-960, 2^960].
std::optional<DD> exp(DD a);
// e^x - 1 for x <= 665 (below -665 the result is -1 within 2^-959).
std::optional<DD> expm1(double x);
// log x for finite x > 0.
std::optional<DD> log(double x);
// log(1 + a) for a > -1, a.hi finite.
std::optional<DD> log1p(DD a);
// sin x, cos x, tan x for 0 < |x| <= 2^20, unless x lies within 2^-30 of a nonzero
// multiple of pi/2 (then nothing). tan = sin / cos: 2 kSinCosBound + eps.
std::optional<DD> sin(double x);
std::optional<DD> cos(double x);
std::optional<DD> tan(double x);
// The square root of a > 0 (a between 2^-900 and 2^900).
DD sqrt(DD a);
// atan x for finite |x| >= 2^-900; asin x and acos x for 2^-900 <= |x| < 1; erf x for
// 2^-900 <= |x| < 6 (from 6 up erf x rounds to ±1 in double: 1 - erf 6 < 2^-55).
std::optional<DD> atan(double x);
std::optional<DD> asin(double x);
std::optional<DD> acos(double x);
std::optional<DD> erf(double x);

}  // namespace touchstone::numeric::dd
