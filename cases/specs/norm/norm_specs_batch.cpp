// Case specs of BatchNormalization (every version), InstanceNormalization and LRN, every type
// each version allows (14's statistics type U and 15's T1/T2 mixed with X's T as well):
// inference and training (is_test 0, more outputs, training_mode 1), spatial 0 (1, 6, 7),
// ranks 1 (9 on) and 2 to 5, an empty batch, epsilon, momentum, a channel far from zero
// whose variance cancels (1000 + small values), var + epsilon = 0, LRN's even and odd sizes
// (the window's floor and ceil), a window wider than C, beta 1, 0.5 and 2, special values;
// refusals named after the rule broken (the schema-level ones are generated).
#include <array>
#include <cmath>
#include <string>

#include "cases/specs/core/binary.h"
#include "cases/specs/norm/norm_cases.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using binary::add;
using Attrs = std::vector<onnx::AttributeProto>;
using Ints = std::vector<int64_t>;

Domain positive() {
  Domain d;
  d.negative = false;
  d.exp_lo = -3;
  d.exp_hi = 2;
  return d;
}

// X in type t; scale and B in t1; mean and var in t2 (all t before 14).
struct BnDrafter {
  const CatalogRow& row;
  DType t, t1, t2;
  std::vector<CaseDraft>& out;
  bool smoke = true;

  std::vector<DType> types() const { return {t, t1, t1, t2, t2}; }
  std::string id(const std::string& name) const { return case_id(row, types(), name); }
  Tensor part(const std::string& name, const char* which, DType type, const Shape& shape, Domain d = {}) const {
    return random_of(id(name) + which, type, shape, d);
  }
  std::vector<Tensor> inputs(const std::string& name, const Shape& x, const Shape& p, Domain xd = {}) const {
    return {part(name, "X", t, x, xd), part(name, "scale", t1, p), part(name, "B", t1, p), part(name, "mean", t2, p),
            part(name, "var", t2, p, positive())};
  }
  void one(const std::string& name, std::vector<Tensor> in, Attrs attrs, size_t outputs = 1, const char* tag = "random") {
    if (row.since_version == 1) attrs.push_back(make_attr("consumed_inputs", Ints{0, 0, 0, 1, 1}));
    add(out, name, std::move(in), std::move(attrs), {tag}, "", smoke);
    out.back().max_outputs = outputs;
    smoke = false;
  }
  void refuse(const std::string& name, std::vector<Tensor> in, Attrs attrs, const std::string& rule, size_t outputs = 1) {
    if (row.since_version == 1) attrs.push_back(make_attr("consumed_inputs", Ints{0, 0, 0, 1, 1}));
    add(out, name, std::move(in), std::move(attrs), {"attribute"}, row.label() + ": " + rule, false);
    out.back().max_outputs = outputs;
  }
};

// The attributes that select inference, and training with `outputs` outputs, by version.
Attrs test_mode(int v) { return v < 7 ? Attrs{make_attr("is_test", int64_t{1})} : Attrs{}; }
Attrs train_mode(int v) { return v >= 14 ? Attrs{make_attr("training_mode", int64_t{1})} : Attrs{}; }
size_t train_outputs(int v) { return v >= 14 ? 3 : 5; }

void bn_inference(BnDrafter& d, int v) {
  d.one("nchw_2x3x4x5", d.inputs("nchw_2x3x4x5", {2, 3, 4, 5}, {3}), test_mode(v));
  d.one("empty_batch", d.inputs("empty_batch", {0, 3, 4, 4}, {3}), test_mode(v), 1, "empty");
  Attrs eps = test_mode(v);
  eps.push_back(make_attr("epsilon", 0.125f));
  d.one("epsilon_0.125", d.inputs("epsilon_0.125", {1, 2, 3, 3}, {2}), eps);
  if (v >= 6) {
    d.one("rank2_5x3", d.inputs("rank2_5x3", {5, 3}, {3}), test_mode(v));
    d.one("rank3_2x3x7", d.inputs("rank3_2x3x7", {2, 3, 7}, {3}), test_mode(v));
    d.one("rank5_1x2x2x3x4", d.inputs("rank5_1x2x2x3x4", {1, 2, 2, 3, 4}, {2}), test_mode(v));
  }
  if (v >= 9) d.one("rank1_7", d.inputs("rank1_7", {7}, {1}), test_mode(v));
  // var = 0 and epsilon = 0: (x - mean) * scale / 0 (implementation-defined).
  auto zero = d.inputs("var_zero_epsilon_zero", {1, 2, 2, 2}, {2});
  zero[4] = tensor_of(d.t2, {2}, {0, 0});
  Attrs no_eps = test_mode(v);
  no_eps.push_back(make_attr("epsilon", 0.0f));
  d.one("var_zero_epsilon_zero", std::move(zero), no_eps, 1, "implementation-defined");
  auto sp = d.inputs("special_values", {1, 1, 1, special_values(d.t).size()}, {1});
  sp[0] = specials_as(d.t, {1, 1, 1, special_values(d.t).size()});
  d.one("special_values", std::move(sp), test_mode(v), 1, "special-values");
}

void bn_training(BnDrafter& d, int v) {
  const size_t outs = train_outputs(v);
  const char* tag = v < 14 ? "implementation-defined" : "random";  // training before 14 is open
  d.one("train_2x3x4x5", d.inputs("train_2x3x4x5", {2, 3, 4, 5}, {3}), train_mode(v), outs, tag);
  Attrs mom = train_mode(v);
  mom.push_back(make_attr("momentum", 0.5f));
  mom.push_back(make_attr("epsilon", 0.01f));
  d.one("train_momentum_0.5_eps_0.01", d.inputs("train_momentum_0.5_eps_0.01", {3, 2, 3, 3}, {2}), mom, outs, tag);
  // Values 1000 + small: the variance cancels in E[x^2] - mean^2.
  Domain offset;
  offset.exp_lo = -6;
  offset.exp_hi = -3;
  auto far = d.inputs("train_offset_1000", {4, 2, 3, 3}, {2}, offset);
  std::vector<double> shifted = values_of(far[0]);
  for (double& x : shifted) x += 1000;
  far[0] = tensor_of(d.t, far[0].shape(), shifted);
  d.one("train_offset_1000", std::move(far), train_mode(v), outs, "cancellation");
  if (v >= 6) d.one("train_rank2_6x3", d.inputs("train_rank2_6x3", {6, 3}, {3}), train_mode(v), outs, tag);
  if (v >= 14) {
    d.one("train_empty_batch", d.inputs("train_empty_batch", {0, 3, 2, 2}, {3}), train_mode(v), outs, "empty");
  }
  if (v < 14) {  // 1 and 6: is_test 0 (the default) with Y alone
    Attrs a = v < 7 ? Attrs{make_attr("is_test", int64_t{0})} : Attrs{};
    if (v < 7) d.one("is_test_0_y_only", d.inputs("is_test_0_y_only", {2, 2, 3, 3}, {2}), a, 1, tag);
  }
}

void bn_spatial(BnDrafter& d, int v) {
  Attrs a = test_mode(v);
  a.push_back(make_attr("spatial", int64_t{0}));
  d.one("spatial_0", d.inputs("spatial_0", {3, 2, 2, 3}, {2, 2, 3}), a, 1, "implementation-defined");
  Attrs t = train_mode(v);
  t.push_back(make_attr("spatial", int64_t{0}));
  d.one("spatial_0_train", d.inputs("spatial_0_train", {4, 2, 2, 3}, {2, 2, 3}), t, train_outputs(v),
        "implementation-defined");
}

void bn_refusals(BnDrafter& d, int v) {
  d.refuse("refuse_scale_not_c", d.inputs("refuse_scale_not_c", {2, 3, 4, 4}, {4}), test_mode(v), "scale is (C)");
  if (v == 1) d.refuse("refuse_rank_3", d.inputs("refuse_rank_3", {2, 3, 4}, {3}), test_mode(v), "X is 4-dimensional");
  if (v < 9 && v > 1) d.refuse("refuse_rank_1", d.inputs("refuse_rank_1", {5}, {1}), test_mode(v), "X is (N, C, D1, ..., Dn)");
  if (v < 7)
    d.refuse("refuse_is_test_extra_outputs", d.inputs("refuse_is_test_extra_outputs", {2, 3, 2, 2}, {3}), test_mode(v),
             "is_test = 1 (test mode) has output Y alone", 5);
  if (v >= 14)
    d.refuse("refuse_training_y_only", d.inputs("refuse_training_y_only", {2, 3, 2, 2}, {3}), train_mode(v),
             "training_mode = 1 has three outputs", 1);
  if (v >= 14)
    d.refuse("refuse_inference_extra_outputs", d.inputs("refuse_inference_extra_outputs", {2, 3, 2, 2}, {3}), {},
             "training_mode = 0 has output Y alone", 3);
}

// (T, T1, T2): every combination the version allows (T alone before 14; T and U in 14; T,
// T1 and T2 in 15).
std::vector<std::array<DType, 3>> bn_types(const CatalogRow& row) {
  const auto params = input_type_params(row);
  std::vector<std::array<DType, 3>> out;
  const auto& ts = params.front().allowed;
  const auto& t1s = row.since_version >= 15 ? params[1].allowed : ts;
  const auto& t2s = row.since_version >= 14 ? params.back().allowed : ts;
  for (DType t : ts)
    for (DType t1 : row.since_version >= 15 ? t1s : std::vector<DType>{t})
      for (DType t2 : row.since_version >= 14 ? t2s : std::vector<DType>{t}) out.push_back({t, t1, t2});
  return out;
}

}  // namespace

void batch_norm_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  bool first = true;
  for (const auto& [t, t1, t2] : bn_types(row)) {
    BnDrafter d{row, t, t1, t2, out, true};
    if (t != t1 || t != t2) {  // the mixtures: one inference and one training case each
      d.one("types_2x3x2x2", d.inputs("types_2x3x2x2", {2, 3, 2, 2}, {3}), test_mode(v));
      d.one("train_types_2x3x2x2", d.inputs("train_types_2x3x2x2", {2, 3, 2, 2}, {3}), train_mode(v), train_outputs(v));
      continue;
    }
    bn_inference(d, v);
    bn_training(d, v);
    if (v < 9) bn_spatial(d, v);
    if (first) bn_refusals(d, v);
    first = false;
  }
}

void instance_norm_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const bool four_d = row.since_version == 1;
  const auto allowed = input_type_params(row).front().allowed;
  for (DType t : allowed) {
    BnDrafter d{row, t, t, t, out, true};
    auto three = [&](const std::string& name, const Shape& x, int64_t c, Domain xd = {}) {
      auto in = d.inputs(name, x, {c}, xd);
      in.resize(3);
      return in;
    };
    auto one = [&](const std::string& name, std::vector<Tensor> in, Attrs a, const char* tag = "random") {
      add(out, name, std::move(in), std::move(a), {tag}, "", d.smoke);
      d.smoke = false;
    };
    one("nchw_2x3x4x5", three("nchw_2x3x4x5", {2, 3, 4, 5}, 3), {});
    one("empty_batch", three("empty_batch", {0, 3, 4, 4}, 3), {}, "empty");
    one("spatial_1x1", three("spatial_1x1", {2, 3, 1, 1}, 3), {});
    one("epsilon_0.125", three("epsilon_0.125", {1, 2, 3, 3}, 2), {make_attr("epsilon", 0.125f)});
    one("image_32x32", three("image_32x32", {1, 2, 32, 32}, 2), {});
    if (!four_d) {
      one("rank3_2x3x7", three("rank3_2x3x7", {2, 3, 7}, 3), {});
      one("rank5_1x2x2x3x4", three("rank5_1x2x2x3x4", {1, 2, 2, 3, 4}, 2), {});
    }
    auto far = three("offset_1000", {2, 2, 3, 3}, 2);
    std::vector<double> vals;
    for (int64_t i = 0; i < far[0].size(); ++i) vals.push_back(1000 + std::ldexp(static_cast<double>(i % 7), -6));
    far[0] = tensor_of(t, far[0].shape(), vals);
    one("offset_1000", std::move(far), {}, "cancellation");
    auto sp = three("special_values", {1, 1, 1, special_values(t).size()}, 1);
    sp[0] = specials_as(t, {1, 1, 1, special_values(t).size()});
    one("special_values", std::move(sp), {}, "special-values");
  }
  BnDrafter r{row, allowed.front(), allowed.front(), allowed.front(), out, false};
  auto refuse = [&](const std::string& name, const Shape& x, int64_t c, const std::string& rule) {
    auto in = r.inputs(name, x, {c});
    in.resize(3);
    add(out, name, std::move(in), {}, {"attribute"}, row.label() + ": " + rule, false);
  };
  refuse("refuse_scale_not_c", {2, 3, 4, 4}, 4, "scale is (C)");
  refuse("refuse_rank_2", {2, 3}, 3, four_d ? "input is 4-dimensional" : "input is (N, C, D1, ..., Dn), rank 3 or more");
}

void lrn_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto allowed = input_type_params(row).front().allowed;
  for (DType t : allowed) {
    bool smoke = true;  // the first case of every type
    auto one = [&](const std::string& name, const Shape& x, Attrs a, const char* tag = "random") {
      add(out, name, {random_of(case_id(row, {t}, name), t, x)}, std::move(a), {tag}, "", smoke);
      smoke = false;
    };
    auto size = [](int64_t s) { return make_attr("size", s); };
    one("size3_2x5x3x4", {2, 5, 3, 4}, {size(3)});
    one("size2_even_1x5x2x2", {1, 5, 2, 2}, {size(2)}, "window");  // c .. c + 1
    one("size4_even_1x6x2x2", {1, 6, 2, 2}, {size(4)}, "window");  // c - 1 .. c + 2
    one("size1", {1, 4, 3, 3}, {size(1)});
    one("size7_wider_than_c", {1, 5, 2, 3}, {size(7)}, "window");
    one("rank2_3x6", {3, 6}, {size(3)});
    one("rank3_2x4x5", {2, 4, 5}, {size(3)});
    one("empty_batch", {0, 4, 3, 3}, {size(3)}, "empty");
    for (float beta : {1.0f, 0.5f, 2.0f}) {
      const std::string name = "alpha_0.5_bias_2_beta_" + std::to_string(beta).substr(0, 3);
      one(name, {1, 4, 3, 3}, {size(3), make_attr("alpha", 0.5f), make_attr("bias", 2.0f), make_attr("beta", beta)});
    }
    const Tensor s = special_values(t);
    add(out, "special_values", {specials_as(t, {1, s.size(), 1, 1})}, {size(3)}, {"special-values"}, "", false);
  }
  auto refuse = [&](const std::string& name, const Shape& x, Attrs a, const std::string& rule) {
    const DType t = allowed.front();
    add(out, name, {random_of(case_id(row, {t}, name), t, x)}, std::move(a), {"attribute"}, row.label() + ": " + rule,
        false);
  };
  refuse("refuse_size_0", {1, 4, 3, 3}, {make_attr("size", int64_t{0})}, "size is the number of channels to sum over, at least 1");
  refuse("refuse_rank_1", {5}, {make_attr("size", int64_t{3})}, "X is (N, C, D1, ..., Dk)");
}

}  // namespace touchstone::cases
