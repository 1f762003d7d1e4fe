// Dropout's rules by version (dropout.cpp), shared by its kernels, the property it is judged
// by (a backend's random draws are its own: cases/specs/norm/norm_table.cpp) and the fault
// backend's Dropout modes (harness/testing/dropout_modes.cpp).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "reference/node.h"

namespace touchstone::ops::dropout {

// What a node asks for, read as its version's text says.
struct Mode {
  bool training = false;   // 1, 6: is_test = 0 (the default); 12+: the training_mode input; 7, 10: never
  double ratio = 0.5;      // the probability of dropping an element
  DType mask_type = DType::kBool;  // 1, 6, 7: T (1 kept, 0 dropped); 10+: bool
  bool random() const { return training && ratio > 0; }
};

// The node's mode at `since` (1, 6, 7, 10, 12; 13 and 22 read as 12), or a refusal naming the
// rule: ratio outside [0, 1], a ratio or training_mode input that is not a scalar. Marks
// ratio = 1 in training mode undefined (the text: ratio in [0, 1)).
Mode read_mode(const Node& node, const Inputs& in, int since);

// output (and mask, when `with_mask`): element i kept when keep[i] != 0, as x / (1 - ratio)
// rounded once (x itself when ratio = 0), else dropped, as a zero of x's sign (NaN: +0).
Tensors apply(const Tensor& x, const Mode& mode, const std::vector<char>& keep, bool with_mask);

// Whether `outputs` could be a conformant Dropout's answer to the node on `in`, and if not
// why (empty: it could). Each output element is 0 (either sign; NaN too where x is inf or
// NaN, as the text's scale * x * mask gives) or x / (1 - ratio) within 2 ulps (the exact
// quotient rounded once, or the text's scale rounded first and then the product); the mask
// (1/0 or true/false) agrees: kept elements are the scaled x, dropped ones 0 (where x is 0
// both are 0: any mask agrees). The number dropped (the mask's, else among elements whose x
// is finite and nonzero) passes a two-sided binomial test at the false-alarm rate
// numeric::kFalseAlarmRate; ratio 0 (and inference) allows none dropped, ratio 1 all.
struct Verdict {
  std::string failure;  // "" : the property holds
  int64_t bad = 0;      // elements breaking it (the statistic counts as one)
};
Verdict check(const Node& node, const Inputs& in, int since, const std::vector<Tensor>& outputs);

}  // namespace touchstone::ops::dropout
