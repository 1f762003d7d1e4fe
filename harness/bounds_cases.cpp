// element_bounds: a case's inputs read as its model declares them, split into the rows,
// reduction sets, samples or matrices its op works on, and bounds.cpp's formulas applied.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>

#include "harness/case_contents.h"
#include "harness/bounds.h"
#include "reference/model.h"
#include "reference/numeric/exact.h"
#include "reference/ops/reduce/reduce_plan.h"
#include "reference/tensor_proto.h"

namespace touchstone::harness {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::vector<double> values_of(const Tensor& t) {
  std::vector<double> v;
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      for (const auto& x : t.data<T>()) v.push_back(numeric::widen(x));
    } else if constexpr (std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t>) {
      for (const auto& x : t.data<T>()) v.push_back(static_cast<double>(x));
    }
  });
  return v;
}

// The rows of a Softmax-family op: element k of row (o, i) is at o*len*inner + k*inner + i.
struct Rows {
  int64_t outer = 1, len = 1, inner = 1;
};

// Softmax, LogSoftmax 1/11: 2-D coercion at axis (default 1); 13: one axis (default -1).
Rows rows_of(const Shape& shape, int64_t axis, bool one_axis) {
  const auto rank = static_cast<int64_t>(shape.size());
  if (axis < 0) axis += rank;
  Rows r;
  for (int64_t d = 0; d < axis; ++d) r.outer *= shape[d];
  for (int64_t d = axis; d < rank; ++d) (one_axis && d > axis ? r.inner : r.len) *= shape[d];
  return r;
}

// Applies `f` (row values -> per-element bounds) to every row; rows holding NaN or +inf
// (a NaN result) get 0.
template <class F>
std::vector<double> per_row(const std::vector<double>& x, const Rows& r, F f) {
  std::vector<double> out(x.size(), 0), row;
  for (int64_t o = 0; o < r.outer; ++o)
    for (int64_t i = 0; i < r.inner; ++i) {
      const int64_t base = o * r.len * r.inner + i;
      row.clear();
      bool special = false, any_finite = false;  // NaN, +inf or all -inf: a NaN row, judged as such
      for (int64_t k = 0; k < r.len; ++k) {
        const double v = x[base + k * r.inner];
        row.push_back(v);
        any_finite |= std::isfinite(v);
        special |= std::isnan(v) || v == kInf;
      }
      if (special || !any_finite) continue;
      const std::vector<double> b = f(std::span<const double>(row));
      for (int64_t k = 0; k < r.len; ++k) out[base + k * r.inner] = b[k];
    }
  return out;
}

struct Loaded {
  onnx::NodeProto node;
  int since_version = 0;
  std::vector<std::optional<Tensor>> inputs;  // the node's inputs, by position (absent: nullopt)
  std::vector<DType> outputs;                 // the expected outputs' types
};

std::optional<Loaded> load(const CaseFiles& files) {
  const Model model = case_model(files);
  const auto& graph = model.proto().graph();
  if (graph.node_size() != 1 || model.node_rows().size() != 1 || !model.node_rows()[0]) return std::nullopt;
  std::map<std::string, Tensor> named;
  for (const auto& init : graph.initializer())
    named.emplace(init.name(), tensor_from_proto(init, files.model.parent_path(), "initializer"));
  for (size_t i = 0; i < files.inputs.size() && i < model.input_names().size(); ++i)
    named.insert_or_assign(model.input_names()[i], as_declared(case_input_tensor(files, i), model.input_type(i)));
  Loaded l;
  l.node = graph.node(0);
  l.since_version = model.node_rows()[0]->since_version;
  for (const auto& name : l.node.input()) {
    auto it = named.find(name);
    l.inputs.push_back(name.empty() || it == named.end() ? std::nullopt : std::optional<Tensor>(it->second));
  }
  if (l.inputs.empty() || !l.inputs[0]) return std::nullopt;
  return l;
}

std::optional<int64_t> int_attr(const onnx::NodeProto& node, const std::string& name) {
  for (const auto& a : node.attribute())
    if (a.name() == name && a.type() == onnx::AttributeProto::INT) return a.i();
  return std::nullopt;
}

std::string string_attr(const onnx::NodeProto& node, const std::string& name, const std::string& fallback) {
  for (const auto& a : node.attribute())
    if (a.name() == name && a.type() == onnx::AttributeProto::STRING) return a.s();
  return fallback;
}

std::vector<double> reduce_bounds(const Loaded& l, const std::string& op) {
  const int v = l.since_version;
  SemanticsRecord semantics;
  const Node node(l.node, op + "-" + std::to_string(v), semantics);
  std::vector<const Tensor*> ptrs;
  for (const auto& t : l.inputs) ptrs.push_back(t ? &*t : nullptr);
  const Inputs in(ptrs);
  const auto plan = ops::reduce::plan_reduction(node, in, v >= 18 ? ops::reduce::AxesFrom::kInput : ops::reduce::AxesFrom::kAttribute,
                                                v >= 11);
  const std::vector<double> x = values_of(*l.inputs[0]);
  const DType t = l.inputs[0]->dtype();
  std::vector<double> out, members;
  std::vector<int64_t> index;
  for (size_t o = 0; o < plan.bases.size(); ++o) {
    ops::reduce::members_of(plan, o, index);
    members.clear();
    for (int64_t k : index) members.push_back(x[k]);
    out.push_back(op == "ReduceLogSum" ? log_sum_bound(members, t) : log_sum_exp_bound(members, t));
  }
  return out;
}

// NegativeLogLikelihoodLoss (mean; none and sum have their own policies) and
// SoftmaxCrossEntropyLoss (all, and its log_prob output).
std::vector<std::vector<double>> loss_bounds(const Loaded& l, bool sce, const std::vector<Tensor>& expected) {
  const Tensor& x = *l.inputs[0];
  const DType t = x.dtype();
  const BoundUnits k(t);
  const std::vector<double> xv = values_of(x), target = values_of(*l.inputs.at(1));
  std::vector<double> weight;
  if (l.inputs.size() > 2 && l.inputs[2]) weight = values_of(*l.inputs[2]);
  const int64_t n = x.shape()[0], c = x.shape()[1], d = x.size() / std::max<int64_t>(1, n * c);
  std::vector<double> ls(xv), ls_bound(xv.size(), 0);  // the picked values and their errors
  if (sce) {
    const Rows rows{n, c, d};
    ls_bound = per_row(xv, rows, [&](std::span<const double> row) { return log_softmax_row_bounds(row, t); });
    for (int64_t o = 0; o < n; ++o)
      for (int64_t i = 0; i < d; ++i) {
        double m = -kInf, s = 0;
        for (int64_t j = 0; j < c; ++j) m = std::max(m, xv[(o * c + j) * d + i]);
        for (int64_t j = 0; j < c; ++j) s += std::exp(xv[(o * c + j) * d + i] - m);
        for (int64_t j = 0; j < c; ++j) ls[(o * c + j) * d + i] = xv[(o * c + j) * d + i] - m - std::log(s);
      }
  }
  const auto ignore = int_attr(l.node, "ignore_index");
  const std::string reduction = string_attr(l.node, "reduction", "mean");
  std::vector<double> per_sample(static_cast<size_t>(n * d), 0);
  double err = 0, sum_l = 0, sum_w = 0, sum_abs_w = 0, total = 0;
  for (int64_t j = 0; j < n * d; ++j) {
    const auto cls = static_cast<int64_t>(target[j]);
    if (ignore && cls == *ignore) continue;
    const double w = weight.empty() ? 1 : weight[cls];
    const int64_t at = (j / d) * c * d + cls * d + j % d;
    const double loss = -ls[at] * w;
    per_sample[j] = std::fabs(w) * ls_bound[at] + 2 * k.u * std::fabs(loss);
    err += std::fabs(w) * ls_bound[at] + k.u * std::fabs(loss);
    sum_l += std::fabs(loss);
    total += loss;
    sum_w += w;
    sum_abs_w += std::fabs(w);
  }
  const double samples = static_cast<double>(n * d);
  std::vector<std::vector<double>> out;
  if (reduction == "none") {
    out.push_back(per_sample);
  } else {
    const double e_sum = err + k.gamma(samples) * sum_l;
    double b = e_sum + 2 * k.u * std::fabs(total);
    if (reduction == "mean") {
      const double y = std::fabs(total / sum_w);
      const double rel_w = k.gamma(samples) * sum_abs_w / std::fabs(sum_w);
      b = rel_w >= 0.5 || sum_w == 0 ? kInf : e_sum / std::fabs(sum_w) + y * rel_w + 2 * k.u * y;
    }
    out.push_back({std::isnan(b) ? kInf : b});
  }
  if (sce && expected.size() > 1) out.push_back(ls_bound);
  return out;
}

std::vector<double> det_bounds(const Tensor& x) {
  const std::vector<double> v = values_of(x);
  const int64_t m = x.shape().back(), size = m * m;
  int64_t batch = 1;
  for (size_t k = 0; k + 2 < x.shape().size(); ++k) batch *= x.shape()[k];
  std::vector<double> out;
  for (int64_t b = 0; b < batch; ++b) {
    if (size == 0) {
      out.push_back(0);  // the empty product, 1 exactly
      continue;
    }
    const std::span<const double> a(v.data() + b * size, static_cast<size_t>(size));
    const bool finite = std::all_of(a.begin(), a.end(), [](double e) { return std::isfinite(e); });
    out.push_back(finite ? det_bound(a, m, x.dtype()) : 0);
  }
  return out;
}

}  // namespace

std::vector<std::vector<double>> element_bounds(const CaseFiles& files, const std::vector<Tensor>& expected) {
  try {
    const auto l = load(files);
    if (!l || expected.empty()) return {};
    const std::string& op = l->node.op_type();
    const Tensor& x = *l->inputs[0];
    if (!is_float_dtype(x.dtype())) return {};
    std::vector<std::vector<double>> out;
    if (op == "Softmax" || op == "LogSoftmax") {
      const bool one_axis = l->since_version >= 13;
      const Rows rows = rows_of(x.shape(), int_attr(l->node, "axis").value_or(one_axis ? -1 : 1), one_axis);
      const bool log = op == "LogSoftmax";
      out.push_back(per_row(values_of(x), rows, [&](std::span<const double> row) {
        return log ? log_softmax_row_bounds(row, x.dtype()) : softmax_row_bounds(row, x.dtype());
      }));
    } else if (op == "ReduceLogSum" || op == "ReduceLogSumExp") {
      out.push_back(reduce_bounds(*l, op));
    } else if (op == "NegativeLogLikelihoodLoss" || op == "SoftmaxCrossEntropyLoss") {
      if (l->inputs.size() < 2 || !l->inputs[1]) return {};
      out = loss_bounds(*l, op == "SoftmaxCrossEntropyLoss", expected);
    } else if (op == "Det") {
      out.push_back(det_bounds(x));
    } else {
      return {};
    }
    for (size_t i = 0; i < out.size(); ++i)
      if (i >= expected.size() || static_cast<int64_t>(out[i].size()) != expected[i].size()) return {};
    for (auto& o : out)
      for (double& b : o)
        if (std::isnan(b)) b = kInf;
    return out;
  } catch (const std::exception&) {
    return {};
  }
}

}  // namespace touchstone::harness
