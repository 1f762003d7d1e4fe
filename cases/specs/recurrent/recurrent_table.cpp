// The spec table of the recurrent family: one row per op, its recipe, what it sweeps and its
// judging contract (cases/judging.h). spec_table() joins the families' tables
// (../spec_table.cpp). Every op: an element bound that carries each step's roundings through
// the recurrence (recurrent_bounds.cpp; reference/ops/recurrent/README.md).
#include "cases/specs/recurrent/recurrent_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& recurrent_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "GRU", recurrent_cases, "forward/reverse/bidirectional, B, initial_h, ragged sequence_lens (forward, reverse, bidirectional, a length 0), clip, linear_before_reset 0/1 (3+), every activation name with default and given alpha/beta, layout 1 (14+), Y_h only, specials; shape, hidden_size, direction, activations, clip, length and layout refusals", Judging::element("recurrent", recurrent_element_bounds, 0, 0)},
      {"", "LSTM", recurrent_cases, "forward/reverse/bidirectional, B, initial_h/initial_c, peepholes, ragged sequence_lens (forward, reverse, bidirectional with peepholes, a length 0), clip, input_forget, every activation name with default and given alpha/beta, layout 1 (14+), Y_h/Y_c only, specials; shape, hidden_size, direction, activations, clip, length and layout refusals", Judging::element("recurrent", recurrent_element_bounds, 0, 0)},
      {"", "RNN", recurrent_cases, "forward/reverse/bidirectional, B, initial_h, ragged sequence_lens (forward, reverse, bidirectional, a length 0), clip, every activation name with default and given alpha/beta, layout 1 (14+), Y_h only, specials; shape, hidden_size, direction, activations, clip, length and layout refusals", Judging::element("recurrent", recurrent_element_bounds, 0, 0)},
  };
  return table;
}

}  // namespace touchstone::cases
