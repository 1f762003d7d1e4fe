#include "cases/specs/specs.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "Add", binary_arithmetic_cases, "broadcast patterns by version, random values, specials, refusals"},
      {"", "Div", binary_arithmetic_cases, "as Add, plus integer zero divisors and mixed-sign truncation"},
      {"", "Mul", binary_arithmetic_cases, "as Add"},
      {"", "Pow", pow_cases, "as Add, per base x exponent type; integer/negative/zero bases and exponents"},
      {"", "Sub", binary_arithmetic_cases, "as Add"},
  };
  return table;
}

const SpecEntry* find_spec(std::string_view domain, std::string_view op) {
  for (const auto& e : spec_table())
    if (e.domain == domain && e.op == op) return &e;
  return nullptr;
}

}  // namespace touchstone::cases
