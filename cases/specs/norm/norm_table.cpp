// The spec table of the normalization family: one row per op, its recipe, what it sweeps and
// its judging contract (cases/judging.h). spec_table() joins the families' tables
// (../spec_table.cpp).
#include "cases/specs/norm/norm_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& norm_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "Dropout", dropout_cases, "inference (is_test, 7 and 10, training_mode absent or false), training with ratio 0, 0.5, 0.75, 0.3 and 1 (undefined), seed, ratio of every T1 type, special values, empty; ratio and scalar refusals", Judging::property_of("dropout", dropout_property)},
  };
  return table;
}

}  // namespace touchstone::cases
