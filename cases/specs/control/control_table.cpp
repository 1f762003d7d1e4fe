// The spec table of the control-flow family: one row per op, its recipe, what it sweeps and
// its judging contract (cases/judging.h). If, Loop and Scan compute nothing themselves; the
// cases' subgraphs hold exact ops only (Add of small integers, Identity, Less, Not), so the
// cases are judged exactly. spec_table() joins the families' tables (../spec_table.cpp).
#include "cases/specs/control/control_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& control_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "If", if_cases, "every tensor type of V as a branch output (output:<type>), cond true and false, branch shapes that differ (refused by 1), two outputs, a branch reading the outer cond, an If nested in a branch; refusals: output counts or types that differ, cond of two elements, a name no scope defines"},
      {"", "Loop", loop_cases, "every type of V carried (tensors, sequences 13+, optionals 16+), a counting loop reading the outer v_initial with two scan outputs, while (no M), M with no cond (body cond ignored), M and cond, zero iterations (M 0, M < 0, cond false), an If in the body, no carried value (11+); refusals: body arity, a body output of the wrong type, M of two elements, the node's output count, a sequence scan output (13+)"},
      {"", "Scan", scan_cases, "every tensor type of V passed through; a running sum with reversed inputs and outputs, scan axes 1, negative axes (11+; refused by 9), two scan inputs, a zero-length scan; Scan-8: ragged sequence_lens, absent, directions; refusals: lengths, directions, num_scan_inputs, axes, sequence_lens"},
  };
  return table;
}

}  // namespace touchstone::cases
