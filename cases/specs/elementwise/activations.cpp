// Case specs of the activations: Sigmoid, Softplus, Softsign, Elu, Selu, Celu,
// HardSigmoid, HardSwish, Mish, Gelu (both approximate forms), Swish, Relu, LeakyRelu,
// ThresholdedRelu, Shrink (one input) and PRelu (X and slope), every version.
//
// Every allowed dtype gets shapes from scalar to rank 6 (size 1 and empty included) with
// seeded random values, a wide-range sweep, the dtype's special values (NaN in a case of
// its own, since several ops leave NaN open), and the values where each op turns: branch
// points, clamp edges, the points beyond which the result saturates. Ops with attributes
// sweep attribute values (negative, zero, large). PRelu sweeps its version's slope rule:
// one element or X's shape before 7, unidirectional broadcasting from 7, with the shapes
// each rule refuses, and Gelu's approximate outside "none" and "tanh". The schema-level
// refusals (types, attributes unknown, removed or of the wrong kind, arity) come from the
// generator (cases/refusals.h).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>

#include "cases/specs/elementwise/elementwise_cases.h"
#include "reference/node_check.h"
#include "cases/values.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

void add(std::vector<CaseDraft>& out, std::string name, std::vector<Tensor> inputs, Attrs attrs,
         std::vector<std::string> tags, std::string rule, bool smoke) {
  if (!rule.empty()) tags.insert(tags.begin(), "negative");
  out.push_back({std::move(name), std::move(inputs), std::move(attrs), std::move(tags), std::move(rule), smoke});
}

// The tensor's elements split into the non-NaN ones and the NaN ones.
std::pair<Tensor, Tensor> split_nan(const Tensor& t) {
  return visit_dtype(t.dtype(), [&]<class T>() -> std::pair<Tensor, Tensor> {
    std::vector<T> plain, nans;
    if constexpr (is_real_float<T> || is_integer<T>) {
      for (T v : t.data<T>()) {
        bool nan = false;
        if constexpr (is_small_float<T>) nan = std::isnan(to_double(v));
        else if constexpr (is_real_float<T>) nan = std::isnan(v);
        (nan ? nans : plain).push_back(v);
      }
    }
    return {Tensor::from_values<T>({static_cast<int64_t>(plain.size())}, plain),
            Tensor::from_values<T>({static_cast<int64_t>(nans.size())}, nans)};
  });
}

struct ShapeCase {
  const char* name;
  Shape shape;
};
const std::vector<ShapeCase>& unary_shapes() {
  static const std::vector<ShapeCase> shapes = {
      {"shape_3x4x5", {3, 4, 5}}, {"scalar", {}},          {"size1", {1}},
      {"empty_0", {0}},           {"empty_2x0x3", {2, 0, 3}}, {"shape_7", {7}},
      {"shape_2x3x2x2", {2, 3, 2, 2}}, {"shape_1x2x1x3x2", {1, 2, 1, 3, 2}}, {"shape_2x1x2x1x3x2", {2, 1, 2, 1, 3, 2}},
  };
  return shapes;
}

// The values where each op turns, as doubles (rounded once to the case's dtype).
std::vector<double> turning_values(std::string_view op) {
  if (op == "Sigmoid") return {0, -0.0, 1, -1, 16, -16, 36.75, 37.5, -37.5, 64, -64, 90, -90, 745, -745, 1100, -1100, 1e-8, -1e-8};
  if (op == "Softplus") return {0, -0.0, 1, -1, 17, 30, -30, 37, -37, 89, -104, 709, 710, -745, -746, 1048576, 1048577, -1048577, 1e-8, -1e-8};
  if (op == "Softsign") return {0, -0.0, 1, -1, 3, -3, 1e-8, -1e-8, 1e8, -1e8, 16777215, 1e30, -1e30};
  if (op == "Elu" || op == "Selu" || op == "Celu")
    return {0, -0.0, 1, -1, 1e-8, -1e-8, -16, -17, -37, -40, -88, -104, -745, -999, -1000, -1001, -1e30, 1e30};
  if (op == "HardSigmoid") return {0, -0.0, 2.5, -2.5, 2.4999, -2.4999, 2.5001, -2.5001, 1, -1, 1e30, -1e30};
  if (op == "HardSwish") return {0, -0.0, 3, -3, 2.999, -2.999, 3.001, -3.001, 1.5, -1.5, 6, -6, 1e-8, -1e-8, 1e30, -1e30};
  if (op == "ThresholdedRelu") return {0, -0.0, 1, -1, 0.999, 1.001, 2, -2};
  if (op == "Mish") return {0, -0.0, 1, -1, 1e-8, -1e-8, 20, -20, 63.99, 64, -104, -745, -799, -800, 1e30, -1e30};
  if (op == "Gelu")
    return {0, -0.0, 1, -1, 1e-8, -1e-8, 3, -3, 5.5, -5.5, 10, -10, 24.99, 25, -24.99, -25, 38.5, -38.5, 39.9, 40, -39, 1e30, -1e30};
  if (op == "Swish") return {0, -0.0, 1, -1, 1e-8, -1e-8, 16, -16, 37.5, -37.5, 90, -90, 745, -745, 1100, -1100, 1e30, -1e30};
  if (op == "Shrink") return {0, -0.0, 0.5, -0.5, 0.499, -0.499, 0.501, -0.501, 1, -1, 2, -2, 100, -100};
  return {0, -0.0, 1, -1, 1e-8, -1e-8, 2, -2, 1e30, -1e30};  // Relu, LeakyRelu
}

// Attribute sweeps per op: name and attributes.
std::vector<std::pair<std::string, Attrs>> attribute_sweeps(std::string_view op) {
  auto a = [](const char* n, float v) { return make_attr(n, v); };
  if (op == "Elu")
    return {{"alpha_0.5", {a("alpha", 0.5f)}}, {"alpha_2", {a("alpha", 2.0f)}}, {"alpha_-1", {a("alpha", -1.0f)}},
            {"alpha_0", {a("alpha", 0.0f)}}};
  if (op == "Celu")
    return {{"alpha_0.5", {a("alpha", 0.5f)}}, {"alpha_2", {a("alpha", 2.0f)}}, {"alpha_-1.5", {a("alpha", -1.5f)}},
            {"alpha_0", {a("alpha", 0.0f)}}};
  if (op == "Selu")
    return {{"alpha_2_gamma_0.5", {a("alpha", 2.0f), a("gamma", 0.5f)}}, {"alpha_1_gamma_1", {a("alpha", 1.0f), a("gamma", 1.0f)}},
            {"gamma_-1", {a("gamma", -1.0f)}}};
  if (op == "HardSigmoid")
    return {{"alpha_0.5_beta_0.25", {a("alpha", 0.5f), a("beta", 0.25f)}}, {"alpha_-0.2", {a("alpha", -0.2f)}},
            {"alpha_1_beta_0", {a("alpha", 1.0f), a("beta", 0.0f)}}, {"beta_2", {a("beta", 2.0f)}}};
  if (op == "LeakyRelu")
    return {{"alpha_0.1", {a("alpha", 0.1f)}}, {"alpha_-0.5", {a("alpha", -0.5f)}}, {"alpha_2", {a("alpha", 2.0f)}},
            {"alpha_0", {a("alpha", 0.0f)}}};
  if (op == "Gelu")
    return {{"tanh", {make_attr("approximate", std::string("tanh"))}}, {"none", {make_attr("approximate", std::string("none"))}}};
  if (op == "Swish")
    return {{"alpha_0", {a("alpha", 0.0f)}}, {"alpha_-1", {a("alpha", -1.0f)}}, {"alpha_1.702", {a("alpha", 1.702f)}},
            {"alpha_1e30", {a("alpha", 1e30f)}}};
  if (op == "ThresholdedRelu")
    return {{"alpha_0", {a("alpha", 0.0f)}}, {"alpha_-1", {a("alpha", -1.0f)}}, {"alpha_0.5", {a("alpha", 0.5f)}},
            {"alpha_2.5", {a("alpha", 2.5f)}}};
  if (op == "Shrink")
    return {{"lambd_1_bias_0.5", {a("lambd", 1.0f), a("bias", 0.5f)}}, {"lambd_0", {a("lambd", 0.0f)}},
            {"lambd_2_bias_-1", {a("lambd", 2.0f), a("bias", -1.0f)}}, {"lambd_1.5_bias_2", {a("lambd", 1.5f), a("bias", 2.0f)}},
            {"lambd_-1_bias_1", {a("lambd", -1.0f), a("bias", 1.0f)}}};
  return {};
}

// Random values for `t`: small integers (no overflow anywhere), floats of magnitude
// 2^-4..2^5 (or 2^-12..2^13 for the wide sweep).
Domain domain_for(DType t, bool wide) {
  Domain d;
  if (is_integer_dtype(t)) d.int_lo = -100, d.int_hi = 100;
  if (wide) d.exp_lo = -12, d.exp_hi = 12;
  return d;
}

// Whether the op-version still has the legacy attribute consumed_inputs (the version-1
// schemas of the older ops).
bool has_consumed_inputs(const CatalogRow& row) {
  return schema_of(row).attribute("consumed_inputs") != nullptr;
}

// Gelu's own attribute rule: approximate is "none" or "tanh". The schema-level refusals
// (types, attributes unknown, removed or of the wrong kind, arity) come from the
// generator (cases/refusals.h).
void gelu_refusals(const CatalogRow& row, std::vector<CaseDraft>& out) {
  if (row.op != "Gelu") return;
  const DType t = input_type_params(row).front().allowed.front();
  Rng rng(seed_of(case_id(row, {t}, "refuse_approximate_exact")));
  add(out, "refuse_approximate_exact", {random_tensor(rng, t, {3, 4}, {})}, {make_attr("approximate", std::string("exact"))},
      {"attribute"}, row.label() + ": approximate must be \"none\" or \"tanh\"", false);
}

}  // namespace

void activation_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::string op(row.op);
  const auto params = input_type_params(row);
  const auto turning = turning_values(op);
  const Shape turning_shape = {static_cast<int64_t>(turning.size())};
  // HardSwish's random values are not all where ONNX is definite: its text says alpha =
  // 1/6, its function body the float32 0.16666667, and the two readings round
  // differently for many x (most doubles). Those cases are implementation-defined, and
  // tagged so rather than as plain random draws.
  const std::vector<std::string> random_tags =
      op == "HardSwish" ? std::vector<std::string>{"alpha-reading", "random"} : std::vector<std::string>{"random"};
  for (DType t : params.front().allowed) {
    bool first = true;
    for (const auto& s : unary_shapes()) {
      Rng rng(seed_of(case_id(row, {t}, s.name)));
      std::vector<std::string> tags = random_tags;
      if (s.shape.empty()) tags.push_back("scalar");
      if (element_count(s.shape) == 0) tags.push_back("empty");
      if (s.shape.size() >= 5) tags.push_back("high-rank");
      add(out, s.name, {random_tensor(rng, t, s.shape, domain_for(t, false))}, {}, tags, "", first);
      first = false;
    }
    {
      Rng rng(seed_of(case_id(row, {t}, "wide_range")));
      add(out, "wide_range", {random_tensor(rng, t, {64}, domain_for(t, true))}, {}, random_tags, "", false);
    }
    auto [plain, nans] = split_nan(special_values(t));
    add(out, "special_values", {plain}, {}, {"special-values"}, "", true);
    if (nans.size() > 0) add(out, "nan", {nans}, {}, {"special-values", "nan"}, "", false);
    if (!is_integer_dtype(t)) add(out, "turning_points", {tensor_of(t, turning_shape, turning)}, {}, {"special-values"}, "", false);
    else add(out, "turning_points", {tensor_of(t, {9}, {-100, -3, -2, -1, 0, 1, 2, 3, 100})}, {}, {"special-values"}, "", false);
    for (const auto& [name, attrs] : attribute_sweeps(op)) {
      Rng rng(seed_of(case_id(row, {t}, name)));
      // Tagged attribute first: some sweeps (Shrink's negative lambd, a non-integer bias
      // on integers, Celu's alpha 0) are where ONNX leaves the result open.
      add(out, name + "_random", {random_tensor(rng, t, {3, 4}, domain_for(t, false))}, attrs, {"attribute", "random"}, "",
          false);
      add(out, name + "_special", {plain}, attrs, {"special-values", "attribute"}, "", false);
      if (!is_integer_dtype(t)) add(out, name + "_turning", {tensor_of(t, turning_shape, turning)}, attrs, {"special-values", "attribute"}, "", false);
    }
    if (has_consumed_inputs(row)) {
      Rng rng(seed_of(case_id(row, {t}, "consumed_inputs")));
      add(out, "consumed_inputs", {random_tensor(rng, t, {3, 4}, {})}, {make_attr("consumed_inputs", std::vector<int64_t>{0})},
          {"attribute"}, "", false);
    }
  }
  gelu_refusals(row, out);
}

void prelu_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  struct Pattern {
    const char* name;
    Shape x, slope;
    const char* refusal = nullptr;
  };
  static const std::vector<Pattern> limited = {
      {"same_3x4x5", {3, 4, 5}, {3, 4, 5}},
      {"one_scalar", {3, 4, 5}, {}},
      {"one_1", {3, 4}, {1}},
      {"one_1x1x1", {2, 3}, {1, 1, 1}},
      {"same_scalar", {}, {}},
      {"same_0x3", {0, 3}, {0, 3}},
      {"same_2x1x2x1x3x2", {2, 1, 2, 1, 3, 2}, {2, 1, 2, 1, 3, 2}},
      {"refuse_3x4x5_5", {3, 4, 5}, {5}, "slope must have one element or X's shape"},
      {"refuse_2x3_3x1", {2, 3}, {3, 1}, "slope must have one element or X's shape"},
  };
  static const std::vector<Pattern> unidirectional = {
      {"same_3x4x5", {3, 4, 5}, {3, 4, 5}},
      {"bcast_3x4x5_scalar", {3, 4, 5}, {}},
      {"bcast_3x4x5_5", {3, 4, 5}, {5}},
      {"bcast_3x4x5_4x1", {3, 4, 5}, {4, 1}},
      {"bcast_2x3x4x5_3x1x1", {2, 3, 4, 5}, {3, 1, 1}},
      {"bcast_3x4x5_1x4x5", {3, 4, 5}, {1, 4, 5}},
      {"bcast_1_1", {1}, {1}},
      {"same_scalar", {}, {}},
      {"bcast_0x3_3", {0, 3}, {3}},
      {"bcast_0x3_1", {0, 3}, {1}},
      {"bcast_2x1x2x1x3x2_1x2x1x3x1", {2, 1, 2, 1, 3, 2}, {1, 2, 1, 3, 1}},
      {"refuse_4x5_3x4x5", {4, 5}, {3, 4, 5}, "slope must broadcast to X without stretching X"},
      {"refuse_3x1_3x4", {3, 1}, {3, 4}, "slope must broadcast to X without stretching X"},
      {"refuse_2x3_3x2", {2, 3}, {3, 2}, "numpy broadcasting: aligned sizes must be equal or 1"},
  };
  const auto& patterns = row.since_version < 7 ? limited : unidirectional;
  const auto params = input_type_params(row);
  bool smoke_refusal = true;
  for (DType t : params.front().allowed) {
    bool first = true;
    for (const auto& p : patterns) {
      Rng rng(seed_of(case_id(row, {t, t}, p.name)));
      Domain slope_domain = domain_for(t, false);
      if (is_integer_dtype(t)) slope_domain.int_lo = -10, slope_domain.int_hi = 10;
      std::vector<Tensor> in = {random_tensor(rng, t, p.x, domain_for(t, false)), random_tensor(rng, t, p.slope, slope_domain)};
      const std::string rule = p.refusal ? row.label() + ": " + p.refusal : "";
      const bool smoke = p.refusal ? smoke_refusal : first;
      if (p.refusal) smoke_refusal = false;
      else first = false;
      std::vector<std::string> tags = {p.refusal ? "shape" : "random"};
      if (p.x != p.slope) tags.push_back("broadcast");
      if (element_count(p.x) == 0) tags.push_back("empty");
      add(out, p.name, std::move(in), {}, tags, rule, smoke);
    }
    auto [plain, nans] = split_nan(special_values(t));
    auto [xs, slopes] = cross_pairs(plain, plain);
    add(out, "special_values", {xs, slopes}, {}, {"special-values"}, "", true);
    if (nans.size() > 0) {
      const Tensor both = tensor_of(t, {2}, {NAN, -1});
      const Tensor other = tensor_of(t, {2}, {0.5, NAN});
      add(out, "nan", {both, other}, {}, {"special-values", "nan"}, "", false);
    }
    visit_dtype(t, [&]<class T>() {
      if constexpr (is_integer<T> && std::is_signed_v<T>) {
        // slope * x beyond the type: undefined (the reference wraps).
        using L = std::numeric_limits<T>;
        add(out, "overflow", {Tensor::from_values<T>({2}, {L::min(), T{-3}}), Tensor::from_values<T>({2}, {T{-1}, L::max()})},
            {}, {"special-values", "overflow"}, "", false);
      }
    });
    if (has_consumed_inputs(row)) {
      Rng rng(seed_of(case_id(row, {t, t}, "consumed_inputs")));
      add(out, "consumed_inputs", {random_tensor(rng, t, {3, 4}, {}), random_tensor(rng, t, {}, {})},
          {make_attr("consumed_inputs", std::vector<int64_t>{0, 0})}, {"attribute"}, "", false);
    }
  }
}

}  // namespace touchstone::cases
