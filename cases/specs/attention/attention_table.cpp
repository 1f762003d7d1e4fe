// The spec table of the attention family: one row per op, its recipe, what it sweeps and its
// judging contract (cases/judging.h). spec_table() joins the families' tables (../spec_table.cpp).
#include "cases/specs/attention/attention_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& attention_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
  };
  return table;
}

}  // namespace touchstone::cases
