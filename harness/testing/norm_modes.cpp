// The LayerNormalization fault modes (norm_modes.h): ONNX's function body evaluated step by
// step, stage one rounded to float32 or float16 after every operation (sequential sums).
#include "harness/testing/norm_modes.h"

#include <cmath>

#include "harness/case_contents.h"
#include "reference/numeric/exact.h"
#include "reference/ops/norm/group_standardize.h"

namespace touchstone::testing {

namespace {

using Round = double (*)(double);
double to_float(double v) { return static_cast<float>(v); }
double to_half(double v) { return numeric::widen(numeric::narrow<Float16>(v)); }

// Rounds to `t` (a float type) and back.
double in_type(DType t, double v) {
  double r = v;
  visit_dtype(t, [&]<class T>() {
    if constexpr (is_real_float<T>) r = numeric::widen(numeric::narrow<T>(v));
  });
  return r;
}

struct Body {
  Round s;   // stage one's rounding
  DType t;   // X's type (stage two)
  double eps;
};

// One row through the function body: Y's values (in T) and the row's Mean and InvStdDev.
void row(const Body& b, const std::vector<double>& x, const std::vector<double>& scale, const std::vector<double>& bias,
         std::vector<double>& y, double& mean, double& inv) {
  const auto n = static_cast<double>(x.size());
  double sum = 0;
  for (double v : x) sum = b.s(sum + b.s(v));
  mean = b.s(sum / n);
  double squares = 0;
  std::vector<double> d;
  for (double v : x) {
    d.push_back(b.s(b.s(v) - mean));
    squares = b.s(squares + b.s(d.back() * d.back()));
  }
  const double var = b.s(squares / n);
  inv = b.s(1 / b.s(std::sqrt(b.s(var + b.s(b.eps)))));
  y.clear();
  for (size_t i = 0; i < x.size(); ++i) {
    const double normalized = in_type(b.t, b.s(d[i] * inv));
    y.push_back(in_type(b.t, in_type(b.t, normalized * scale[i]) + bias[i]));
  }
}

}  // namespace

bool is_norm_mode(const std::string& mode) { return mode == "ln-stash-float" || mode == "ln-stash-half"; }

void renormalize(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs) {
  const onnx::ModelProto proto = harness::case_model_proto(files);
  if (proto.graph().node_size() != 1 || proto.graph().node(0).op_type() != "LayerNormalization" || outputs.empty()) return;
  std::vector<Tensor> in;
  for (size_t i = 0; i < files.inputs.size(); ++i) in.push_back(harness::case_input_tensor(files, i));
  std::vector<const Tensor*> ptrs;
  for (const auto& t : in) ptrs.push_back(&t);
  SemanticsRecord sem;
  const Node node(proto.graph().node(0), "LayerNormalization-17", sem);
  const Inputs inputs(ptrs);
  const ops::norm::Plan plan = ops::norm::layer_normalization_plan(node, inputs);
  const Body body{mode == "ln-stash-half" ? to_half : to_float, in[0].dtype(), node.attr_float("epsilon", 1e-5f)};
  const std::vector<double> xv = ops::norm::values(in[0]), sv = ops::norm::values(in[1]);
  const std::vector<double> bv = in.size() > 2 ? ops::norm::values(in[2]) : std::vector<double>{};
  std::vector<double> y(xv.size()), means, invs, rx, rs, rb, ry;
  for (size_t g = 0; g < plan.bases.size(); ++g) {
    rx.clear(), rs.clear(), rb.clear();
    for (int64_t k : plan.offsets) {
      const int64_t i = plan.bases[g] + k;
      rx.push_back(xv[i]);
      rs.push_back(sv[plan.scale_at[i]]);
      rb.push_back(bv.empty() ? 0.0 : bv[plan.bias_at[i]]);
    }
    double mean = 0, inv = 0;
    row(body, rx, rs, rb, ry, mean, inv);
    for (size_t k = 0; k < plan.offsets.size(); ++k) y[plan.bases[g] + plan.offsets[k]] = ry[k];
    means.push_back(mean);
    invs.push_back(inv);
  }
  outputs[0] = ops::norm::tensor_from(in[0].dtype(), in[0].shape(), y);
  if (outputs.size() > 1) outputs[1] = ops::norm::tensor_from(outputs[1].dtype(), outputs[1].shape(), means);
  if (outputs.size() > 2) outputs[2] = ops::norm::tensor_from(outputs[2].dtype(), outputs[2].shape(), invs);
}

}  // namespace touchstone::testing
