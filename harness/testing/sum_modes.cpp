// touchstone-fault-backend's summation modes (issue 13): the float output of a
// single-node ReduceSum, MatMul, Gemm or Einsum computed another way than the reference's
// exact sum rounded once, to show what the bound policy accepts.
//   sum-pairwise  pairwise, in float32 (float64 for double): honest
//   sum-reversed  last term first, in float32 (float64 for double): honest
//   sum-blocked   blocks of 16 terms summed forward, then the block sums forward, in
//                 float32 (float64 for double): honest
//   sum-in-type   forward, every product and addition rounded to the data's own type
//                 (float16 data in float16): within the worst-case bound, flagged as a
//                 suspicious accumulator on long sums
//   sum-drop      the sum without its largest term (otherwise exact): wrong
// MatMul, Gemm and Einsum (contractions.h) form each product in the mode's type (exact
// for drop), sum the products as above, and for Gemm form alpha * sum + beta * c with one
// rounding per operation in that type. Elements with a non-finite factor, or with fewer
// than two terms, keep the reference's value. Einsum with an ellipsis or a diagonal is
// left as the reference computed it.
#include "harness/testing/sum_modes.h"

#include "harness/case_contents.h"
#include "harness/testing/contractions.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "reference/model.h"
#include "reference/numeric/exact.h"
#include "reference/ops/reduce/reduce_plan.h"
#include "reference/tensor_proto.h"

namespace touchstone::testing {

namespace {

double round_to(double x, DType t) {
  double r = x;
  visit_dtype(t, [&]<class T>() {
    if constexpr (is_real_float<T>) r = numeric::widen(numeric::narrow<T>(x));
  });
  return r;
}

// The accumulator type of a mode: the data's own for in-type, else float32 (float64 for
// double data).
DType accumulator_of(const std::string& mode, DType t) {
  if (mode == "sum-in-type") return t;
  return t == DType::kDouble ? DType::kDouble : DType::kFloat;
}

double sum_as(const std::string& mode, std::vector<double> v, DType t) {
  const DType acc = accumulator_of(mode, t);
  if (mode == "sum-drop") {
    const auto big = std::max_element(v.begin(), v.end(), [](double a, double b) { return std::fabs(a) < std::fabs(b); });
    v.erase(big);
    long double s = 0;
    for (double x : v) s += x;
    return static_cast<double>(s);
  }
  if (mode == "sum-reversed") std::reverse(v.begin(), v.end());
  if (mode == "sum-pairwise") {
    while (v.size() > 1) {
      std::vector<double> next;
      for (size_t i = 0; i + 1 < v.size(); i += 2) next.push_back(round_to(v[i] + v[i + 1], acc));
      if (v.size() % 2) next.push_back(v.back());
      v = std::move(next);
    }
    return v.front();
  }
  if (mode == "sum-blocked") {
    constexpr size_t kBlock = 16;
    double total = 0;
    for (size_t lo = 0; lo < v.size(); lo += kBlock) {
      double block = v[lo];
      for (size_t i = lo + 1; i < std::min(v.size(), lo + kBlock); ++i) block = round_to(block + v[i], acc);
      total = lo == 0 ? block : round_to(total + block, acc);
    }
    return total;
  }
  double s = v.front();
  for (size_t i = 1; i < v.size(); ++i) s = round_to(s + v[i], acc);
  return s;
}

// One MatMul/Gemm/Einsum element the mode's way (see the top of the file).
double contract_as(const std::string& mode, const DotElement& e, DType t) {
  const bool exact = mode == "sum-drop";
  const DType acc = accumulator_of(mode, t);
  std::vector<double> products;
  for (const auto& factors : e.terms) {
    double p = factors.front();
    for (size_t i = 1; i < factors.size(); ++i) p = exact ? p * factors[i] : round_to(p * factors[i], acc);
    products.push_back(p);
  }
  const double s = sum_as(mode, products, t);
  if (e.alpha == 1 && e.beta == 0) return s;
  if (exact) return static_cast<double>(static_cast<long double>(e.alpha) * s + static_cast<long double>(e.beta) * e.c);
  const double scaled = round_to(e.alpha * s, acc);
  return e.beta == 0 ? scaled : round_to(scaled + round_to(e.beta * e.c, acc), acc);
}

bool finite(const DotElement& e) {
  for (const auto& factors : e.terms)
    for (double f : factors)
      if (!std::isfinite(f)) return false;
  return std::isfinite(e.c);
}

ContractionNode contraction_node(const onnx::NodeProto& node) {
  ContractionNode c;
  c.op = node.op_type();
  for (const auto& a : node.attribute()) {
    if (a.name() == "alpha") c.alpha = a.f();
    if (a.name() == "beta") c.beta = a.f();
    if (a.name() == "transA") c.trans_a = a.i() != 0;
    if (a.name() == "transB") c.trans_b = a.i() != 0;
    if (a.name() == "equation") c.equation = a.s();
  }
  return c;
}

}  // namespace

bool is_sum_mode(const std::string& mode) {
  return mode == "sum-pairwise" || mode == "sum-reversed" || mode == "sum-blocked" || mode == "sum-in-type" ||
         mode == "sum-drop";
}

void resum(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs) {
  const Model model = case_model(files);
  const auto& graph = model.proto().graph();
  if (graph.node_size() != 1 || outputs.size() != 1) return;
  const std::string op = graph.node(0).op_type();
  if (op != "ReduceSum" && op != "MatMul" && op != "Gemm" && op != "Einsum") return;
  std::map<std::string, Tensor> named;
  for (const auto& init : graph.initializer())
    named.emplace(init.name(), tensor_from_proto(init, files.model.parent_path(), "initializer"));
  for (size_t i = 0; i < files.inputs.size() && i < model.input_names().size(); ++i)
    named.insert_or_assign(model.input_names()[i], as_declared(case_input_tensor(files, i), model.input_type(i)));
  std::vector<const Tensor*> ptrs;
  for (const auto& name : graph.node(0).input()) {
    auto it = named.find(name);
    ptrs.push_back(name.empty() || it == named.end() ? nullptr : &it->second);
  }
  if (ptrs.empty() || !ptrs[0] || !is_float_dtype(ptrs[0]->dtype())) return;
  Tensor& y = outputs[0];
  if (op != "ReduceSum") {
    const auto elements = dot_elements(contraction_node(graph.node(0)), ptrs);
    if (!elements || static_cast<int64_t>(elements->size()) != y.size()) return;
    visit_dtype(y.dtype(), [&]<class T>() {
      if constexpr (is_real_float<T>) {
        auto out = y.data<T>();
        for (size_t o = 0; o < elements->size(); ++o) {
          const DotElement& e = (*elements)[o];
          if (e.terms.size() < 2 || !finite(e)) continue;
          out[o] = numeric::narrow<T>(contract_as(mode, e, y.dtype()));
        }
      }
    });
    return;
  }
  const int v = model.node_rows()[0]->since_version;
  SemanticsRecord semantics;
  const Node node(graph.node(0), "ReduceSum-" + std::to_string(v), semantics);
  const auto plan = ops::reduce::plan_reduction(node, Inputs(ptrs), v >= 13 ? ops::reduce::AxesFrom::kInput
                                                                           : ops::reduce::AxesFrom::kAttribute,
                                                v >= 11);
  std::vector<int64_t> members;
  visit_dtype(y.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      const auto x = ptrs[0]->data<T>();
      auto out = y.data<T>();
      for (size_t o = 0; o < plan.bases.size() && o < out.size(); ++o) {
        ops::reduce::members_of(plan, o, members);
        if (members.size() < 2) continue;
        std::vector<double> terms;
        for (int64_t k : members) terms.push_back(numeric::widen(x[k]));
        if (std::any_of(terms.begin(), terms.end(), [](double t) { return !std::isfinite(t); })) continue;
        out[o] = numeric::narrow<T>(sum_as(mode, terms, y.dtype()));
      }
    }
  });
}

}  // namespace touchstone::testing
