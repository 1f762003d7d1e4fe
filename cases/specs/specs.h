// Case specs: one recipe per op (or family) saying which shapes, attributes and values to
// sweep for an op-version. Dtypes come from the op-version's type constraints.
//
// The table (spec_table.cpp) is the list of what has specs; the generator runs the
// recipe of every implemented op-version whose op is in it.
#pragma once
#include <string_view>
#include <vector>

#include "cases/case.h"

namespace touchstone::cases {

// Drafts every case of one op-version (the smoke profile keeps those marked smoke).
using SpecFn = void (*)(const CatalogRow& row, std::vector<CaseDraft>& out);

struct SpecEntry {
  std::string_view domain;  // "" is ai.onnx
  std::string_view op;
  SpecFn cases;
  std::string_view sweeps;  // one line: what the recipe covers
};

const std::vector<SpecEntry>& spec_table();
const SpecEntry* find_spec(std::string_view domain, std::string_view op);

// specs/exact_unary.cpp, specs/selection.cpp, specs/integer.cpp
void exact_unary_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void identity_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void where_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void clip_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void bitshift_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void mod_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// specs/activations.cpp
void activation_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void prelu_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// specs/arithmetic.cpp
void binary_arithmetic_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void pow_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// specs/cast.cpp: Cast, CastLike
void cast_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// specs/math.cpp: Acos ... Tanh, Erf, Exp, Log, Sqrt, Reciprocal
void unary_math_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// specs/logic.cpp: And, Or, Xor, Not, Equal, Greater, Less, GreaterOrEqual, LessOrEqual
void logic_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// specs/variadic.cpp: Max, Min, Mean, Sum
void variadic_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// specs/reduce/reduce.cpp: Reduce*, MatMul, Gemm, Softmax, LogSoftmax, Hardmax
void reduce_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void matmul_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void softmax_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

}  // namespace touchstone::cases
