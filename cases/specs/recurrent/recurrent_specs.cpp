// Case specs of RNN, GRU and LSTM, every type each version allows: small shapes (3 steps, 2
// sequences, 2 inputs, 3 hidden units), weights below 1 so the recurrences neither saturate
// nor blow up, and every rule the texts name: directions, B, initial states, peepholes,
// ragged sequence_lens (Y zero past each length; reverse starts at each sequence's own last
// step), clip, linear_before_reset, input_forget, every activation function with its default
// and given alpha/beta, layout 1, fewer outputs, NaN/inf; refusals named after the rule.
// Where the texts leave the answer open the reference marks the case implementation-defined.
#include <algorithm>
#include <string>

#include "cases/specs/core/binary.h"
#include "cases/specs/recurrent/recurrent_cases.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using binary::add;
using Attrs = std::vector<onnx::AttributeProto>;

onnx::AttributeProto string_list(const std::string& name, const std::vector<std::string>& values) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::STRINGS);
  for (const auto& v : values) a.add_strings(v);
  return a;
}

// What one case sets; absent inputs are left out of the node.
struct Setup {
  std::string direction = "forward";
  bool bias = false, initial = false, peepholes = false;
  std::vector<double> lens = {};  // empty: no sequence_lens
  Attrs attrs = {};
  const char* tag = "random";
  size_t max_outputs = 0;
  bool batch_first = false;
  int64_t seq = 3, batch = 2, input = 2, hidden = 3;
  std::string rule = {};  // a refusal's rule
  bool specials = false;
};

struct RecurrentDrafter {
  const CatalogRow& row;
  DType t;
  std::vector<CaseDraft>& out;
  bool smoke = true;

  int64_t gates() const { return row.op == "RNN" ? 1 : row.op == "GRU" ? 3 : 4; }
  int64_t functions() const { return row.op == "RNN" ? 1 : row.op == "GRU" ? 2 : 3; }
  bool lstm() const { return row.op == "LSTM"; }

  Tensor draw(const std::string& name, const std::string& what, const Shape& shape, int exp_lo, int exp_hi) const {
    return random_of(case_id(row, {t}, name) + "/" + what, t, shape, Domain{.exp_lo = exp_lo, .exp_hi = exp_hi});
  }
  Tensor x_of(const std::string& name, const Setup& s) const {
    const Shape shape = s.batch_first ? Shape{s.batch, s.seq, s.input} : Shape{s.seq, s.batch, s.input};
    if (!s.specials) return draw(name, "X", shape, -2, 0);
    Tensor x = draw(name, "X", shape, -2, 0);
    const Tensor sp = special_values(t);
    const size_t width = x.bytes().size() / static_cast<size_t>(x.size());
    const size_t n = std::min(x.bytes().size(), sp.bytes().size());
    std::copy(sp.bytes().begin(), sp.bytes().begin() + static_cast<long>(n - n % width), x.mutable_bytes().begin());
    return x;
  }

  void one(const std::string& name, Setup s) {
    const int64_t dirs = s.direction == "bidirectional" ? 2 : 1, g = gates(), h = s.hidden;
    std::vector<Tensor> inputs = {x_of(name, s), draw(name, "W", {dirs, g * h, s.input}, -4, -1),
                                  draw(name, "R", {dirs, g * h, h}, -4, -1)};
    std::vector<size_t> omitted;
    const size_t last = s.peepholes ? 7 : s.initial ? (lstm() ? 6 : 5) : !s.lens.empty() ? 4 : s.bias ? 3 : 2;
    const Shape state = s.batch_first ? Shape{s.batch, dirs, h} : Shape{dirs, s.batch, h};
    for (size_t i = 3; i <= last; ++i) {
      if (i == 3 && s.bias) inputs.push_back(draw(name, "B", {dirs, 2 * g * h}, -4, -1));
      else if (i == 4 && !s.lens.empty()) inputs.push_back(tensor_of(DType::kInt32, {s.batch}, s.lens));
      else if (i == 5 && s.initial) inputs.push_back(draw(name, "initial_h", state, -3, -1));
      else if (i == 6 && s.initial && lstm()) inputs.push_back(draw(name, "initial_c", state, -3, 0));
      else if (i == 7 && s.peepholes) inputs.push_back(draw(name, "P", {dirs, 3 * h}, -3, -1));
      else omitted.push_back(i);
    }
    const bool named = std::any_of(s.attrs.begin(), s.attrs.end(), [](const auto& a) { return a.name() == "hidden_size"; });
    if (!named) s.attrs.push_back(make_attr("hidden_size", h));
    if (s.direction != "forward") s.attrs.push_back(make_attr("direction", s.direction));
    if (s.batch_first) s.attrs.push_back(make_attr("layout", int64_t{1}));
    add(out, name, std::move(inputs), std::move(s.attrs), {s.tag}, s.rule.empty() ? "" : row.label() + ": " + s.rule,
        smoke && s.rule.empty());
    out.back().omitted_inputs = omitted;
    out.back().max_outputs = s.max_outputs;
    smoke = false;
  }

  std::vector<std::string> repeated(const std::string& name, int64_t dirs) const {
    return std::vector<std::string>(static_cast<size_t>(functions() * dirs), name);
  }
  void activation_cases(const std::string& name, bool alpha, bool beta, float a, float b) {
    std::vector<std::string> list = repeated(name, 1);
    if (row.op != "RNN") list[0] = "Sigmoid";
    const char* tag = name == "Affine" || name == "ScaledTanh" ? "default-alpha" : "activation";
    one("activation_" + name + "_defaults", {.attrs = {string_list("activations", list)}, .tag = tag});
    if (!alpha) return;
    Attrs attrs = {string_list("activations", repeated(name, 1))};
    std::vector<float> alphas, betas;
    for (int64_t k = 0; k < functions(); ++k) alphas.push_back(a * static_cast<float>(k + 1)), betas.push_back(b);
    attrs.push_back(make_attr("activation_alpha", alphas));
    if (beta) attrs.push_back(make_attr("activation_beta", betas));
    one("activation_" + name + "_alpha_beta", {.bias = true, .attrs = attrs, .tag = "activation"});
  }
};

void every_activation(RecurrentDrafter& d) {
  d.activation_cases("Relu", false, false, 0, 0);
  d.activation_cases("Tanh", false, false, 0, 0);
  d.activation_cases("Sigmoid", false, false, 0, 0);
  d.activation_cases("Affine", true, true, 0.5f, -0.25f);
  d.activation_cases("LeakyRelu", true, false, 0.25f, 0);
  d.activation_cases("ThresholdedRelu", true, false, 0.125f, 0);
  d.activation_cases("ScaledTanh", true, true, 1.5f, 0.75f);
  d.activation_cases("HardSigmoid", true, true, 0.375f, 0.4f);
  d.activation_cases("Elu", true, false, 0.75f, 0);
  d.activation_cases("Softsign", false, false, 0, 0);
  d.activation_cases("Softplus", false, false, 0, 0);
}

void rule_cases(RecurrentDrafter& d, int since) {
  const bool lstm = d.lstm();
  d.one("defaults_forward", {});
  d.one("bias_initial_forward", {.bias = true, .initial = true});
  d.one("reverse", {.direction = "reverse", .bias = true, .initial = true});
  d.one("bidirectional", {.direction = "bidirectional", .bias = true, .initial = true});
  d.one("ragged_forward", {.bias = true, .lens = {3, 1}, .tag = "ragged"});
  d.one("ragged_reverse", {.direction = "reverse", .bias = true, .initial = true, .lens = {2, 3}, .tag = "ragged"});
  d.one("ragged_bidirectional", {.direction = "bidirectional", .bias = true, .initial = true, .peepholes = lstm,
                                 .lens = {1, 3}, .tag = "ragged"});
  d.one("ragged_length_0", {.bias = true, .initial = true, .lens = {0, 2}, .tag = "ragged"});
  d.one("full_lengths_given", {.bias = true, .lens = {3, 3}});
  d.one("clip_0.25", {.bias = true, .initial = true, .attrs = {make_attr("clip", 0.25f)}, .tag = "clip"});
  d.one("long_sequence_12", {.direction = "bidirectional", .bias = true, .seq = 12, .batch = 1});
  if (d.row.op != "GRU" || since > 1) d.one("y_only", {.bias = true, .max_outputs = 1});  // GRU-1 requires Y_h
  d.one("special_values", {.bias = true, .tag = "special-values", .seq = 6, .batch = 2, .specials = true});
  if (lstm) {
    d.one("peepholes", {.bias = true, .initial = true, .peepholes = true});
    d.one("input_forget", {.bias = true, .initial = true, .attrs = {make_attr("input_forget", int64_t{1})}, .tag = "input-forget"});
  }
  if (d.row.op == "GRU" && since >= 3)
    for (int64_t lbr : {0, 1})
      d.one("linear_before_reset_" + std::to_string(lbr), {.direction = "bidirectional", .bias = true, .initial = true,
                                                           .attrs = {make_attr("linear_before_reset", lbr)}, .tag = "reset"});
  if (since == 1) d.one("output_sequence_1", {.bias = true, .attrs = {make_attr("output_sequence", int64_t{1})}});
  if (since >= 14) {
    d.one("layout_1", {.bias = true, .initial = true, .batch_first = true});
    d.one("layout_1_ragged_bidirectional", {.direction = "bidirectional", .bias = true, .initial = true, .peepholes = lstm,
                                            .lens = {3, 2}, .tag = "ragged", .batch_first = true});
  }
}

void refusal_cases(RecurrentDrafter& d, int since) {
  auto acts = [&](std::vector<std::string> v) { return string_list("activations", v); };
  d.one("refuse_hidden_size", {.attrs = {make_attr("hidden_size", int64_t{4})}, .tag = "attribute", .rule = "hidden_size equals R's last dimension"});
  d.one("refuse_activations_count", {.attrs = {acts(d.repeated("Tanh", 2))}, .tag = "attribute", .rule = "activations lists the functions of each direction"});
  d.one("refuse_activation_name", {.attrs = {acts(d.repeated("Gelu", 1))}, .tag = "attribute", .rule = "activations are the functions the text names"});
  d.one("refuse_direction", {.direction = "sideways", .tag = "attribute", .rule = "direction is forward, reverse or bidirectional"});
  d.one("refuse_clip_negative", {.attrs = {make_attr("clip", -1.0f)}, .tag = "attribute", .rule = "clip is a threshold (not negative)"});
  d.one("refuse_sequence_lens_past_end", {.lens = {4, 1}, .tag = "shape", .rule = "sequence_lens lie in [0, seq_length]"});
  if (since >= 14) d.one("refuse_layout_2", {.attrs = {make_attr("layout", int64_t{2})}, .tag = "attribute", .rule = "layout is 0 or 1"});
}

}  // namespace

void recurrent_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto allowed = input_type_params(row).front().allowed;
  for (DType t : allowed) {
    RecurrentDrafter d{row, t, out};
    rule_cases(d, row.since_version);
    every_activation(d);
  }
  RecurrentDrafter first{row, allowed.front(), out, false};
  refusal_cases(first, row.since_version);
}

}  // namespace touchstone::cases
