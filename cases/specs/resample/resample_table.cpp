// The spec table of the resampling family: one row per op, its recipe, what it sweeps and its
// judging contract (cases/judging.h). spec_table() joins the families' tables (../spec_table.cpp).
#include "cases/specs/resample/resample_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& resample_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
  };
  return table;
}

}  // namespace touchstone::cases
