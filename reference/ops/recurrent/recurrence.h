// The whole recurrence of RNN, GRU or LSTM on enclosures at one working precision
// (recurrence.cpp), and its outputs rounded once by Ziv's strategy.
#pragma once
#include <vector>

#include "reference/ops/recurrent/enclosure.h"
#include "reference/ops/recurrent/recurrent_plan.h"

namespace touchstone::ops::recurrent {

// The outputs' enclosures, flat in the node's layout (Plan::y_index, Plan::state_index).
struct OutputEnclosures {
  std::vector<Enclosure> y, y_h, y_c;
};

OutputEnclosures run_recurrence(const Plan& plan, mpfr_prec_t p);

// Past this working precision an undecided element takes its lower end's rounding (marked).
inline constexpr mpfr_prec_t kRecurrentPrecisionCap = 2048;

// The node's outputs (Y, Y_h, Y_c as many as it names), each element rounded once.
Tensors recurrent_outputs(const Node& node, const Plan& plan, DType dtype);

}  // namespace touchstone::ops::recurrent
