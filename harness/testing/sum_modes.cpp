// touchstone-fault-backend's summation modes (issue 13): ReduceSum's float output summed
// another way than the reference's exact sum, to show what the bound policy accepts.
//   sum-pairwise  pairwise, in float32 (float64 for double): honest
//   sum-reversed  last term first, in float32 (float64 for double): honest
//   sum-in-type   forward, every addition rounded to the data's own type (float16 data in
//                 float16): within the worst-case bound, flagged as a suspicious accumulator
//   sum-drop      the exact sum without its largest term: wrong
#include "harness/testing/sum_modes.h"

#include "harness/case_contents.h"

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

double sum_as(const std::string& mode, std::vector<double> v, DType t) {
  const DType acc = t == DType::kDouble ? DType::kDouble : DType::kFloat;
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
  const DType in = mode == "sum-in-type" ? t : acc;
  double s = v.front();
  for (size_t i = 1; i < v.size(); ++i) s = round_to(s + v[i], in);
  return s;
}

}  // namespace

bool is_sum_mode(const std::string& mode) {
  return mode == "sum-pairwise" || mode == "sum-reversed" || mode == "sum-in-type" || mode == "sum-drop";
}

void resum(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs) {
  const Model model = case_model(files);
  const auto& graph = model.proto().graph();
  if (graph.node_size() != 1 || graph.node(0).op_type() != "ReduceSum" || outputs.size() != 1) return;
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
  const int v = model.node_rows()[0]->since_version;
  SemanticsRecord semantics;
  const Node node(graph.node(0), "ReduceSum-" + std::to_string(v), semantics);
  const auto plan = ops::reduce::plan_reduction(node, Inputs(ptrs), v >= 13 ? ops::reduce::AxesFrom::kInput
                                                                           : ops::reduce::AxesFrom::kAttribute,
                                                v >= 11);
  Tensor& y = outputs[0];
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
