// RNN, GRU and LSTM read into one plan (recurrent_plan.h). What the texts leave open, marked
// implementation-defined with the reference's answer:
// - activation_alpha/beta "consumed in the order of activation functions": each list is
//   consumed only by the functions that take that parameter, in the list's order (ONNX
//   Runtime's reading); marked where a function that takes none stands before one that takes
//   a listed value (a positional reading would differ).
// - Affine's and ScaledTanh's defaults (no ONNX operator of that name in these opsets):
//   alpha 1, beta 0 (Affine) and alpha 1, beta 1 (ScaledTanh).
// - LSTM's input_forget: the forget gate is 1 - i (the text only says "couple").
// - LSTM's clip: applied to the gates' pre-activations only, not to C_t before h.
// - a sequence length of 0: Y zeros, Y_h/Y_c the initial state.
// Refused (invalid_model, naming the rule): X not 3-D; W, R, B, P, initial_h/c, sequence_lens
// of other shapes; hidden_size disagreeing with R; direction not forward/reverse/bidirectional;
// layout not 0/1; an activations list of the wrong length or with an unknown name; a negative
// clip; a sequence length outside [0, seq_length].
#include "reference/ops/recurrent/recurrent_plan.h"

#include <algorithm>
#include <cmath>

#include "reference/error.h"
#include "reference/ops/norm/standardize.h"

namespace touchstone::ops::recurrent {

namespace {

struct NamedActivation {
  const char* name;
  Activation value;
};

constexpr NamedActivation kActivationNames[] = {
    {"Relu", {Activation::kRelu, 0, 0}},
    {"Tanh", {Activation::kTanh, 0, 0}},
    {"Sigmoid", {Activation::kSigmoid, 0, 0}},
    {"Affine", {Activation::kAffine, 1.0, 0.0}},
    {"LeakyRelu", {Activation::kLeakyRelu, 0.01f, 0}},
    {"ThresholdedRelu", {Activation::kThresholdedRelu, 1.0, 0}},
    {"ScaledTanh", {Activation::kScaledTanh, 1.0, 1.0}},
    {"HardSigmoid", {Activation::kHardSigmoid, 0.2f, 0.5f}},
    {"Elu", {Activation::kElu, 1.0, 0}},
    {"Softsign", {Activation::kSoftsign, 0, 0}},
    {"Softplus", {Activation::kSoftplus, 0, 0}},
};

const onnx::AttributeProto* attribute(const Node& node, const std::string& name) {
  for (const auto& a : node.proto().attribute())
    if (a.name() == name) return &a;
  return nullptr;
}

std::vector<double> float_list(const Node& node, const std::string& name) {
  std::vector<double> out;
  if (const auto* a = attribute(node, name))
    for (float v : a->floats()) out.push_back(v);
  return out;
}

std::string shape_rule(const std::string& what, const Shape& want) {
  return what + " must have shape " + shape_to_string(want);
}

void require_shape(const Tensor& t, const std::string& what, const Shape& want) {
  if (t.shape() != want) invalid_model(shape_rule(what, want) + ", got " + shape_to_string(t.shape()));
}

std::vector<Activation> default_activations(Cell cell) {
  using A = Activation;
  if (cell == Cell::kRnn) return {A{A::kTanh, 0, 0}};
  if (cell == Cell::kGru) return {A{A::kSigmoid, 0, 0}, A{A::kTanh, 0, 0}};
  return {A{A::kSigmoid, 0, 0}, A{A::kTanh, 0, 0}, A{A::kTanh, 0, 0}};
}

// The activations list, its alpha/beta consumed by the functions that take them, in order.
std::vector<Activation> read_activations(const Node& node, const Plan& plan) {
  const size_t wanted = static_cast<size_t>(plan.functions_per_direction() * plan.dirs);
  const auto* list = attribute(node, "activations");
  if (!list || list->strings_size() == 0) {
    std::vector<Activation> out;
    for (int64_t d = 0; d < plan.dirs; ++d)
      for (const auto& a : default_activations(plan.cell)) out.push_back(a);
    return out;
  }
  if (static_cast<size_t>(list->strings_size()) != wanted)
    invalid_model("activations must list " + std::to_string(plan.functions_per_direction()) + " functions per direction (" +
                  std::to_string(wanted) + " here), got " + std::to_string(list->strings_size()));
  const std::vector<double> alphas = float_list(node, "activation_alpha"), betas = float_list(node, "activation_beta");
  size_t next_alpha = 0, next_beta = 0;
  bool skipped_alpha = false, skipped_beta = false, positional_differs = false;
  std::vector<Activation> out;
  for (const auto& name : list->strings()) {
    auto a = activation_named(name);
    if (!a) invalid_model("activations: \"" + name + "\" is not one of the activation functions the text names");
    if (takes_alpha(a->kind) && next_alpha < alphas.size()) positional_differs |= skipped_alpha, a->alpha = alphas[next_alpha++];
    if (takes_beta(a->kind) && next_beta < betas.size()) positional_differs |= skipped_beta, a->beta = betas[next_beta++];
    skipped_alpha |= !takes_alpha(a->kind);
    skipped_beta |= !takes_beta(a->kind);
    out.push_back(*a);
  }
  if (positional_differs)
    node.mark(Semantics::kImplementationDefined,
              "activation_alpha/beta consumed only by the functions that take them (a positional reading differs)");
  for (const auto& a : out)
    if (a.kind == Activation::kAffine || a.kind == Activation::kScaledTanh)
      if (next_alpha == 0 || next_beta == 0)
        node.mark(Semantics::kImplementationDefined, "Affine/ScaledTanh default alpha/beta (1, 0 and 1, 1)");
  return out;
}

void read_directions(const Node& node, Plan& plan) {
  const std::string direction = node.attr_string("direction", "forward");
  if (direction == "forward" || direction == "reverse") {
    plan.dirs = 1;
    plan.reverse = {direction == "reverse"};
  } else if (direction == "bidirectional") {
    plan.dirs = 2;
    plan.reverse = {false, true};
  } else {
    invalid_model("direction must be forward, reverse or bidirectional, got \"" + direction + "\"");
  }
}

// X in layout 0 order [seq][batch][input].
std::vector<double> sequence_major(const Tensor& x, bool batch_first) {
  std::vector<double> v = norm::doubles_of(x);
  if (!batch_first) return v;
  const int64_t batch = x.shape()[0], seq = x.shape()[1], input = x.shape()[2];
  std::vector<double> out(v.size());
  for (int64_t bi = 0; bi < batch; ++bi)
    for (int64_t t = 0; t < seq; ++t)
      for (int64_t k = 0; k < input; ++k) out[static_cast<size_t>((t * batch + bi) * input + k)] = v[static_cast<size_t>((bi * seq + t) * input + k)];
  return out;
}

// initial_h / initial_c as [dir][batch][hidden].
std::vector<double> direction_major(const Tensor& s, const Plan& plan, const std::string& what) {
  require_shape(s, what, plan.state_shape());
  std::vector<double> v = norm::doubles_of(s), out(v.size());
  for (int64_t d = 0; d < plan.dirs; ++d)
    for (int64_t bi = 0; bi < plan.batch; ++bi)
      for (int64_t j = 0; j < plan.hidden; ++j)
        out[static_cast<size_t>((d * plan.batch + bi) * plan.hidden + j)] = v[static_cast<size_t>(plan.state_index(d, bi, j))];
  return out;
}

void read_lengths(const Node& node, const Inputs& in, Plan& plan) {
  plan.lens.assign(static_cast<size_t>(plan.batch), plan.seq);
  if (!in.has(4)) return;
  require_shape(in[4], "sequence_lens", {plan.batch});
  if (in[4].dtype() != DType::kInt32) invalid_model("sequence_lens must be int32");
  const auto lens = in[4].data<int32_t>();
  for (size_t i = 0; i < lens.size(); ++i) {
    if (lens[i] < 0 || lens[i] > plan.seq)
      invalid_model("sequence_lens values must lie in [0, seq_length = " + std::to_string(plan.seq) + "], got " +
                    std::to_string(lens[i]));
    plan.lens[i] = static_cast<int64_t>(lens[i]);
    if (plan.lens[i] == 0) node.mark(Semantics::kImplementationDefined, "a sequence of length 0 (Y zeros, Y_h/Y_c the initial state)");
  }
}

void read_weights(const Node& node, const Inputs& in, Plan& plan) {
  const int64_t g = plan.gates();
  if (in[2].rank() != 3) invalid_model(shape_rule("R", {plan.dirs, g * plan.hidden, plan.hidden}) + " (3-D)");
  plan.hidden = in[2].shape()[2];
  if (auto h = node.attr_opt_int("hidden_size"); h && *h != plan.hidden)
    invalid_model("hidden_size (" + std::to_string(*h) + ") must equal R's last dimension (" + std::to_string(plan.hidden) + ")");
  require_shape(in[1], "W", {plan.dirs, g * plan.hidden, plan.input});
  require_shape(in[2], "R", {plan.dirs, g * plan.hidden, plan.hidden});
  plan.w = norm::doubles_of(in[1]);
  plan.r = norm::doubles_of(in[2]);
  if (in.has(3)) {
    require_shape(in[3], "B", {plan.dirs, 2 * g * plan.hidden});
    plan.b = norm::doubles_of(in[3]);
  }
  if (plan.cell == Cell::kLstm && in.has(7)) {
    require_shape(in[7], "P", {plan.dirs, 3 * plan.hidden});
    plan.p = norm::doubles_of(in[7]);
    plan.peepholes = true;
  }
}

}  // namespace

std::optional<Activation> activation_named(const std::string& name) {
  for (const auto& n : kActivationNames)
    if (name == n.name) return n.value;
  return std::nullopt;
}

bool takes_alpha(Activation::Kind k) {
  using A = Activation;
  return k == A::kAffine || k == A::kLeakyRelu || k == A::kThresholdedRelu || k == A::kScaledTanh || k == A::kHardSigmoid ||
         k == A::kElu;
}

bool takes_beta(Activation::Kind k) {
  using A = Activation;
  return k == A::kAffine || k == A::kScaledTanh || k == A::kHardSigmoid;
}

Plan recurrent_plan(const Node& node, const Inputs& in, Cell cell, int version) {
  Plan plan;
  plan.cell = cell;
  plan.version = version;
  read_directions(node, plan);
  const int64_t layout = version >= 14 ? node.attr_int("layout", 0) : 0;
  if (layout != 0 && layout != 1) invalid_model("layout must be 0 or 1, got " + std::to_string(layout));
  plan.layout_batch_first = layout == 1;
  if (in[0].rank() != 3) invalid_model("X must be 3-D, got shape " + shape_to_string(in[0].shape()));
  plan.seq = in[0].shape()[plan.layout_batch_first ? 1 : 0];
  plan.batch = in[0].shape()[plan.layout_batch_first ? 0 : 1];
  plan.input = in[0].shape()[2];
  read_weights(node, in, plan);
  plan.x = sequence_major(in[0], plan.layout_batch_first);
  read_lengths(node, in, plan);
  if (in.has(5)) plan.h0 = direction_major(in[5], plan, "initial_h");
  if (cell == Cell::kLstm && in.has(6)) plan.c0 = direction_major(in[6], plan, "initial_c");
  plan.activations = read_activations(node, plan);
  if (node.has_attr("clip")) {
    plan.clip = node.attr_float("clip", 0);
    if (*plan.clip < 0 || std::isnan(*plan.clip)) invalid_model("clip (a threshold) must not be negative");
    if (cell == Cell::kLstm) node.mark(Semantics::kImplementationDefined, "LSTM clip: the gates' pre-activations only (not C_t before h)");
  }
  plan.linear_before_reset = cell == Cell::kGru && version >= 3 && node.attr_int("linear_before_reset", 0) != 0;
  plan.input_forget = cell == Cell::kLstm && node.attr_int("input_forget", 0) != 0;
  if (plan.input_forget) node.mark(Semantics::kImplementationDefined, "input_forget: the forget gate is 1 - i");
  return plan;
}

}  // namespace touchstone::ops::recurrent
