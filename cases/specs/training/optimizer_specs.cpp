// Case specs of Adagrad-1, Adam-1 and Momentum-1 (reference/ops/training/optimizers.cpp):
// float and double tensors with R of the same type, one and two optimized tensors, T = 0
// (Momentum's beta taken as 1, Adam's uncorrected rate) and T > 0, default and given
// attributes, an empty X, the special values in X; refusals of input counts, shapes, modes.
// Judging (optimizer_element_bounds): a first-order running error bound of the pseudo code
// evaluated in the output's type u, one rounding per operation (Adam's powers: phi), each
// value's bound carried from its operands: a +- b adds them; a b gives ea|b| + eb|a| + ea eb;
// a / b gives (ea + |a/b| eb) / (|b| - eb) (vacuous when eb >= |b|); sqrt(a) gives
// min(ea / sqrt(a), sqrt(ea)); each result adds u|result|. The bound is doubled to cover
// its own evaluation in double, plus the smallest subnormal.
#include <algorithm>
#include <cmath>

#include "cases/specs/core/exact_helpers.h"
#include "cases/specs/training/training_cases.h"

namespace touchstone::cases {

namespace {

using Attrs = std::vector<onnx::AttributeProto>;
const std::vector<DType> kTypes = {DType::kFloat, DType::kDouble};

Tensor count_tensor(int64_t t) { return Tensor::from_values<int64_t>({}, {t}); }

// R, T, then X_1..X_n, G_1..G_n and `accumulators` groups, for shapes `shapes`.
std::vector<Tensor> optimizer_inputs(Rng& rng, DType type, double r, int64_t t,
                                     const std::vector<Shape>& shapes, int accumulators) {
  std::vector<Tensor> in = {tensor_of(type, {}, {r}), count_tensor(t)};
  const Domain any{}, positive{.negative = false};
  for (int g = 0; g < 2 + accumulators; ++g)
    for (const auto& s : shapes)
      in.push_back(random_tensor(rng, type, s, g == 1 + accumulators && accumulators > 0 ? positive : any));
  return in;
}

// The sweep shared by the three ops: `accumulators` groups after X and G (the last of them
// non-negative: Adagrad's and Adam's squared-gradient sums); `variants` name attribute sets.
void optimizer_cases(const CatalogRow& row, std::vector<CaseDraft>& out, int accumulators,
                     const std::vector<std::pair<std::string, Attrs>>& variants,
                     const std::vector<int64_t>& counts) {
  using exact::add;
  for (DType type : kTypes) {
    for (const auto& [name, attrs] : variants)
      for (int64_t t : counts) {
        const std::string id = name + "_t" + std::to_string(t);
        Rng rng(seed_of(case_id(row, {type}, id)));
        add(out, id, optimizer_inputs(rng, type, 0.125, t, {{2, 3}}, accumulators), attrs, {"random"}, "",
            t != 0 && &name == &variants.front().first);
      }
    const Attrs& attrs = variants.front().second;
    Rng rng(seed_of(case_id(row, {type}, "two_tensors")));
    add(out, "two_tensors", optimizer_inputs(rng, type, 0.5, 2, {{3}, {2, 2}}, accumulators), attrs,
        {"random"});
    add(out, "empty", optimizer_inputs(rng, type, 0.5, 2, {{0}}, accumulators), attrs, {"empty"});
    // R of the other float type than the tensors (R and the tensors' types are independent).
    std::vector<Tensor> mixed = optimizer_inputs(rng, type, 0.5, 2, {{2}}, accumulators);
    mixed[0] = tensor_of(type == DType::kFloat ? DType::kDouble : DType::kFloat, {}, {0.25});
    add(out, "r_other_type", mixed, attrs, {"random"}, "", true);
    std::vector<Tensor> specials = {tensor_of(type, {}, {0.5}), count_tensor(1), special_values(type)};
    const Shape s = specials.back().shape();
    for (int g = 0; g < 1 + accumulators; ++g)
      specials.push_back(tensor_of(type, s, std::vector<double>(static_cast<size_t>(s[0]), 1.0)));
    add(out, "special_x", specials, attrs, {"special-values"});
    std::vector<Tensor> short_in = optimizer_inputs(rng, type, 0.5, 1, {{2}}, accumulators);
    short_in.pop_back();
    add(out, "refuse_input_count", short_in, attrs, {"arity"},
        row.label() + ": inputs are R, T and whole groups of n tensors");
    std::vector<Tensor> bad_shape = optimizer_inputs(rng, type, 0.5, 1, {{2}}, accumulators);
    bad_shape[3] = tensor_of(type, {3}, {1, 2, 3});
    add(out, "refuse_gradient_shape", bad_shape, attrs, {"shape"}, row.label() + ": G has X's shape");
  }
}

// A value and a bound on its evaluation's error (see the header).
struct Bounded {
  double v = 0, e = 0;
};

}  // namespace

void adagrad_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  optimizer_cases(row, out, 1,
                  {{"defaults", {}},
                   {"decay_epsilon_norm",
                    {make_attr("decay_factor", 0.1f), make_attr("epsilon", 1e-6f),
                     make_attr("norm_coefficient", 0.01f)}}},
                  {0, 3});
}

void adam_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  optimizer_cases(row, out, 2,
                  {{"defaults", {}},
                   {"given",
                    {make_attr("alpha", 0.95f), make_attr("beta", 0.98f), make_attr("epsilon", 1e-4f),
                     make_attr("norm_coefficient", 0.001f), make_attr("norm_coefficient_post", 0.02f)}}},
                  {0, 5});
}

void momentum_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  auto attrs = [](const std::string& mode) {
    return Attrs{make_attr("alpha", 0.9f), make_attr("beta", 0.1f), make_attr("norm_coefficient", 0.01f),
                 make_attr("mode", mode)};
  };
  optimizer_cases(row, out, 1, {{"standard", attrs("standard")}, {"nesterov", attrs("nesterov")}}, {0, 4});
  using exact::add;
  std::vector<Tensor> in = {tensor_of(DType::kFloat, {}, {1}), count_tensor(1),
                            tensor_of(DType::kFloat, {1}, {1}), tensor_of(DType::kFloat, {1}, {1}),
                            tensor_of(DType::kFloat, {1}, {1})};
  add(out, "refuse_mode", in, attrs("heavy_ball"), {"attribute"},
      row.label() + ": mode is standard or nesterov");
  Attrs no_mode = attrs("standard");
  no_mode.pop_back();
  add(out, "refuse_missing_mode", in, no_mode, {"attribute"}, row.label() + ": mode is required");
}

std::vector<std::vector<double>> optimizer_element_bounds(const BoundCase& c) {
  const std::string op = c.node.op_type();
  const BoundUnits k(c.expected.at(0).dtype());
  const double u = k.u;
  auto fin = [&](Bounded z) { return Bounded{z.v, z.e + u * std::fabs(z.v)}; };
  auto add = [&](Bounded a, Bounded b, double sign) { return fin({a.v + sign * b.v, a.e + b.e}); };
  auto mul = [&](Bounded a, Bounded b) {
    return fin({a.v * b.v, a.e * std::fabs(b.v) + b.e * std::fabs(a.v) + a.e * b.e});
  };
  auto div = [&](Bounded a, Bounded b) {
    const double q = a.v / b.v;
    if (b.e >= std::fabs(b.v)) return Bounded{q, INFINITY};
    return fin({q, (a.e + std::fabs(q) * b.e) / (std::fabs(b.v) - b.e)});
  };
  auto root = [&](Bounded a) {
    const double s = std::sqrt(a.v);
    return fin({s, std::min(s > 0 ? a.e / s : INFINITY, std::sqrt(a.e))});
  };
  auto exact = [](double v) { return Bounded{v, 0}; };
  auto attr = [&](const std::string& name, double fallback) {
    for (const auto& a : c.node.attribute())
      if (a.name() == name) return static_cast<double>(a.f());
    return fallback;
  };
  const std::string mode = c.string_attr("mode", "standard");
  const Bounded r = exact(values_of(*c.inputs.at(0)).at(0));
  const int64_t t = c.inputs.at(1)->data<int64_t>()[0];
  const size_t groups = op == "Adam" ? 4 : 3, n = (c.inputs.size() - 2) / groups;
  std::vector<std::vector<double>> bounds(c.expected.size());
  const Bounded norm = exact(attr("norm_coefficient", 0));
  for (size_t i = 0; i < n; ++i) {
    const std::vector<double> x = values_of(*c.inputs[2 + i]), g = values_of(*c.inputs[2 + n + i]);
    const std::vector<double> a1 = values_of(*c.inputs[2 + 2 * n + i]);
    const std::vector<double> a2 = groups == 4 ? values_of(*c.inputs[2 + 3 * n + i]) : std::vector<double>{};
    for (size_t j = 0; j < x.size(); ++j) {
      const Bounded gr = add(mul(norm, exact(x[j])), exact(g[j]), 1);
      std::vector<Bounded> outs;  // X_new, then the accumulators
      if (op == "Momentum") {
        const Bounded alpha = exact(attr("alpha", 0)), beta = exact(t > 0 ? attr("beta", 0) : 1.0);
        const Bounded v = add(mul(alpha, exact(a1[j])), mul(beta, gr), 1);
        const Bounded dir = mode == "nesterov" ? add(gr, mul(alpha, v), 1) : v;
        outs = {add(exact(x[j]), mul(r, dir), -1), v};
      } else if (op == "Adagrad") {
        const Bounded h = add(exact(a1[j]), mul(gr, gr), 1);
        const Bounded rate =
            div(r, add(exact(1), mul(exact(static_cast<double>(t)), exact(attr("decay_factor", 0))), 1));
        const Bounded adaptive = add(root(h), exact(attr("epsilon", 0)), 1);
        outs = {add(exact(x[j]), div(mul(rate, gr), adaptive), -1), h};
      } else {
        const Bounded alpha = exact(attr("alpha", 0.9f)), beta = exact(attr("beta", 0.999f));
        const Bounded v = add(mul(alpha, exact(a1[j])), mul(add(exact(1), alpha, -1), gr), 1);
        const Bounded h = add(mul(beta, exact(a2[j])), mul(add(exact(1), beta, -1), mul(gr, gr)), 1);
        const Bounded adaptive = add(root(h), exact(attr("epsilon", 0)), 1);
        Bounded rate = r;
        if (t > 0) {
          auto power = [&](Bounded b) {
            const double p = std::pow(b.v, static_cast<double>(t));
            return Bounded{p, k.phi * std::fabs(p)};
          };
          rate = div(mul(r, root(add(exact(1), power(beta), -1))), add(exact(1), power(alpha), -1));
        }
        const Bounded x_new = add(exact(x[j]), div(mul(rate, v), adaptive), -1);
        outs = {mul(add(exact(1), exact(attr("norm_coefficient_post", 0)), -1), x_new), v, h};
      }
      for (size_t o = 0; o < outs.size(); ++o) {
        const double e = 2 * outs[o].e + k.eta;
        if (o * n + i < bounds.size()) bounds[o * n + i].push_back(std::isnan(e) ? INFINITY : e);
      }
    }
  }
  return bounds;
}

}  // namespace touchstone::cases
