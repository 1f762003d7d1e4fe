// Loop-1 on: the body runs while the trip count M (when given) is not reached and the
// condition (when given, then the body's first output each iteration) holds. Body inputs:
// the iteration number (int64 scalar, from 0), the condition (bool scalar; true when the node
// gives none, an answer the text leaves open), the N loop-carried values; body outputs: the
// condition, the N carried values, K scan outputs. The node's outputs are the N final
// carried values (the initial ones when no iteration ran) and the K scan outputs, each
// iteration's value stacked along a new first axis. With M but no cond the body's condition
// output is computed and ignored: the loop runs M times (the text's table).
//
// Left open by the text, the reference's answers: M <= 0 runs no iteration (its pseudo-code's
// i < M); the empty scan outputs of zero iterations take the body's declared shape after a
// 0 (control_values.h, marked implementation-defined, shapes too). A loop with neither M nor
// cond never ends (the text's "for (int i=0; ; ++i)"): the reference refuses it rather than
// run forever; and it stops any loop at kLoopIterationCap iterations (over budget).
#include "reference/error.h"
#include "reference/ops/control/control_ops.h"
#include "reference/ops/control/control_values.h"

namespace touchstone::ops {

namespace {

constexpr int64_t kLoopIterationCap = int64_t{1} << 20;

Tensor scalar_int64(int64_t v) { return Tensor::from_values<int64_t>({}, {v}); }
Tensor scalar_bool(bool v) { return Tensor::from_values<bool>({}, {v}); }

struct LoopShape {
  size_t carried = 0;  // N
  size_t scans = 0;    // K
};

LoopShape check_loop_shape(const Node& node, const ValueInputs& in, const onnx::GraphProto& body) {
  LoopShape s;
  s.carried = in.size() - 2;
  for (size_t k = 0; k < s.carried; ++k)
    if (!in.has(2 + k)) invalid_model("v_initial " + std::to_string(k) + " is left empty (a loop-carried value needs a value)");
  if (static_cast<size_t>(control::formal_input_count(body)) != 2 + s.carried)
    invalid_model("the body has " + std::to_string(control::formal_input_count(body)) + " inputs; it needs 2 + N = " +
                  std::to_string(2 + s.carried) + " (iteration number, condition, the N loop-carried values)");
  if (static_cast<size_t>(body.output_size()) < 1 + s.carried)
    invalid_model("the body has " + std::to_string(body.output_size()) + " outputs; it needs at least 1 + N = " +
                  std::to_string(1 + s.carried) + " (condition, the N loop-carried values, then scan outputs)");
  s.scans = static_cast<size_t>(body.output_size()) - 1 - s.carried;
  if (static_cast<size_t>(node.proto().output_size()) != s.carried + s.scans)
    invalid_model("the node has " + std::to_string(node.proto().output_size()) + " outputs; its body gives N + K = " +
                  std::to_string(s.carried + s.scans) + " (final loop-carried values, then scan outputs)");
  if (!in.has(0) && !in.has(1))
    invalid_model("neither M nor cond is given: the loop never ends (the text's 'for (int i=0; ; ++i)'); the reference "
                  "refuses it rather than run forever");
  return s;
}

}  // namespace

Values loop_v1(const Node& node, const ValueInputs& in) {
  const auto& body = control::subgraph_of(node, "body");
  const LoopShape shape = check_loop_shape(node, in, body);
  const std::optional<int64_t> trips = in.has(0) ? std::optional(control::single_int64(in[0], "M")) : std::nullopt;
  bool keep_going = in.has(1) ? control::single_bool(in[1], "cond") : true;
  Values carried;
  for (size_t k = 0; k < shape.carried; ++k) carried.push_back(in[2 + k]);
  std::vector<std::vector<Tensor>> scans(shape.scans);
  int64_t i = 0;
  for (; (!trips || i < *trips) && keep_going; ++i) {
    if (i == kLoopIterationCap)
      throw Error(ErrorKind::kOverBudget, "the reference stops a Loop at " + std::to_string(kLoopIterationCap) +
                                              " iterations (its condition still holds)");
    Values body_in = {scalar_int64(i), scalar_bool(keep_going)};
    body_in.insert(body_in.end(), carried.begin(), carried.end());
    Values out = node.run_subgraph("body", body_in);
    // Without a cond input the body's condition is ignored (the text's "cond = ...; // ignored").
    const bool body_cond = control::single_bool(out[0], "the body's condition output");
    if (in.has(1)) keep_going = body_cond;
    for (size_t k = 0; k < shape.carried; ++k) {
      if (out[1 + k].type() != carried[k].type())
        invalid_model("loop-carried value " + std::to_string(k) + " is " + carried[k].type_string() +
                      " on entry and " + out[1 + k].type_string() + " after iteration " + std::to_string(i));
      carried[k] = std::move(out[1 + k]);
    }
    for (size_t k = 0; k < shape.scans; ++k) {
      Value& v = out[1 + shape.carried + k];
      if (!v.is_tensor()) invalid_model("scan output " + std::to_string(k) + " is " + v.type_string() + "; scan outputs must be tensors");
      scans[k].push_back(std::move(v).take_tensor());
    }
  }
  Values outputs = std::move(carried);
  for (size_t k = 0; k < shape.scans; ++k) {
    const std::string what = "scan output " + std::to_string(k);
    const int index = static_cast<int>(1 + shape.carried + k);
    outputs.push_back(scans[k].empty() ? control::empty_scan_output(node, body, index, 0, what)
                                       : control::stack_along(scans[k], 0, what));
  }
  for (size_t k = 0; k < outputs.size(); ++k) control::check_admitted(node, outputs[k], "output " + std::to_string(k));
  return outputs;
}

}  // namespace touchstone::ops
