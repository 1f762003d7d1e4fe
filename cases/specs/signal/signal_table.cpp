// The spec table of the signal family: one row per op, its recipe, what it sweeps and its
// judging contract (cases/judging.h). The windows: the backend's cos of a rounded angle
// and its few operations, per element (window_element_bounds).
#include "cases/specs/signal/signal_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& signal_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "BlackmanWindow", window_cases, "sizes 0, 1, 2, 3, 7, 10, 64 periodic and symmetric, every output_datatype with both size types, a symmetric size 1 (N = 0); size, output_datatype and periodic refusals", Judging::element("window", window_element_bounds, 0, 0)},
      {"", "HammingWindow", window_cases, "as BlackmanWindow", Judging::element("window", window_element_bounds, 0, 0)},
      {"", "HannWindow", window_cases, "as BlackmanWindow", Judging::element("window", window_element_bounds, 0, 0)},
  };
  return table;
}

}  // namespace touchstone::cases
