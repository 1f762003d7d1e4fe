// RNN, GRU and LSTM read into one plan (recurrent_plan.cpp): the shapes, the directions, the
// activations with their alpha/beta, clip, GRU's linear_before_reset, LSTM's input_forget and
// peepholes, sequence_lens and the initial states, by version; the refusals (each names the
// rule) and the open choices (marked on the node). Read by the kernels (recurrence.cpp) and
// by the judging contract's element bound (cases/specs/recurrent/recurrent_bounds.cpp).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reference/node.h"

namespace touchstone::ops::recurrent {

enum class Cell { kRnn, kGru, kLstm };

// One activation function of the texts' list, with its alpha and beta.
struct Activation {
  enum Kind {
    kRelu, kTanh, kSigmoid, kAffine, kLeakyRelu, kThresholdedRelu, kScaledTanh, kHardSigmoid, kElu, kSoftsign, kSoftplus
  };
  Kind kind = kTanh;
  double alpha = 0, beta = 0;
};

struct Plan {
  Cell cell = Cell::kLstm;
  int version = 0;
  int64_t seq = 0, batch = 0, input = 0, hidden = 0, dirs = 1;
  bool layout_batch_first = false;  // layout 1
  std::vector<bool> reverse;        // per direction
  std::vector<Activation> activations;  // per direction: functions_per_direction() of them
  std::optional<double> clip;
  bool linear_before_reset = false, input_forget = false, peepholes = false;
  std::vector<int64_t> lens;  // per batch entry
  // Values as doubles (exact), X in layout 0 order [seq][batch][input]; h0, c0 as [dir][batch][hidden].
  std::vector<double> x, w, r, b, h0, c0, p;

  int64_t gates() const { return cell == Cell::kRnn ? 1 : cell == Cell::kGru ? 3 : 4; }
  int64_t functions_per_direction() const { return cell == Cell::kRnn ? 1 : cell == Cell::kGru ? 2 : 3; }
  const Activation& activation(int64_t dir, int64_t k) const {
    return activations[static_cast<size_t>(dir * functions_per_direction() + k)];
  }
  double x_at(int64_t t, int64_t bi, int64_t k) const { return x[static_cast<size_t>((t * batch + bi) * input + k)]; }
  double w_at(int64_t d, int64_t row, int64_t k) const { return w[static_cast<size_t>((d * gates() * hidden + row) * input + k)]; }
  double r_at(int64_t d, int64_t row, int64_t k) const { return r[static_cast<size_t>((d * gates() * hidden + row) * hidden + k)]; }
  // Wb (which 0) or Rb (which 1) of gate row `row`; 0 without B.
  double bias_at(int64_t d, int which, int64_t row) const {
    return b.empty() ? 0.0 : b[static_cast<size_t>(d * 2 * gates() * hidden + which * gates() * hidden + row)];
  }
  double p_at(int64_t d, int64_t row) const { return p.empty() ? 0.0 : p[static_cast<size_t>(d * 3 * hidden + row)]; }
  double h0_at(int64_t d, int64_t bi, int64_t j) const {
    return h0.empty() ? 0.0 : h0[static_cast<size_t>((d * batch + bi) * hidden + j)];
  }
  double c0_at(int64_t d, int64_t bi, int64_t j) const {
    return c0.empty() ? 0.0 : c0[static_cast<size_t>((d * batch + bi) * hidden + j)];
  }
  // Flat positions of the outputs in the node's layout.
  int64_t y_index(int64_t t, int64_t d, int64_t bi, int64_t j) const {
    return layout_batch_first ? ((bi * seq + t) * dirs + d) * hidden + j : ((t * dirs + d) * batch + bi) * hidden + j;
  }
  int64_t state_index(int64_t d, int64_t bi, int64_t j) const {
    return layout_batch_first ? (bi * dirs + d) * hidden + j : (d * batch + bi) * hidden + j;
  }
  Shape y_shape() const { return layout_batch_first ? Shape{batch, seq, dirs, hidden} : Shape{seq, dirs, batch, hidden}; }
  Shape state_shape() const { return layout_batch_first ? Shape{batch, dirs, hidden} : Shape{dirs, batch, hidden}; }
};

// The plan of `cell` at `version` (1, 3, 7, 14; 22 reads as 14), or invalid_model naming the rule.
Plan recurrent_plan(const Node& node, const Inputs& in, Cell cell, int version);

// The function a name of the texts' list denotes, with its default alpha/beta; nullopt: not one.
std::optional<Activation> activation_named(const std::string& name);
bool takes_alpha(Activation::Kind k);
bool takes_beta(Activation::Kind k);

}  // namespace touchstone::ops::recurrent
