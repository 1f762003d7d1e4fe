// The spec table of the ops over sequences and optionals: one row per op, its recipe, what it
// sweeps and its judging contract (cases/judging.h; exact when absent). spec_table() joins the
// families' tables (../spec_table.cpp).
#include "cases/specs/sequence/sequence_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& sequence_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps (none yet: Identity-14+ is in Identity's recipe)
  };
  return table;
}

}  // namespace touchstone::cases
