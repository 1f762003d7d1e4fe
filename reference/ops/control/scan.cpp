// Scan-8, Scan-9, Scan-11 on: the body runs once per element along the scan inputs' scan
// axis, carrying N state variables from one iteration to the next; each of its K scan
// outputs is stacked along a new axis. Body inputs: the N states then one slice of each of
// the M scan inputs; body outputs: the N states then the K scan output elements.
//
// Scan-8: batch axis 0 and sequence axis 1 on every state and scan input; each batch
// element runs alone for sequence_lens[b] steps (all when absent), `directions` reverses a
// scan input. Open in its text, the reference's answers: a reversed input with a shorter
// length starts at its last valid element (length - 1), and the scan outputs past a batch
// element's length are zeros (the text: "undefined"): both marked implementation-defined.
// Scan-9: no batch; scan_input_axes and scan_input_directions per input, scan_output_axes
// (where the new axis goes) and scan_output_directions (1: each value prepended) per output.
// Scan-11: the axes may be negative (an output's against its rank + 1). No iteration (a
// scan axis of length 0): the scan outputs are empty (control_values.h, implementation-defined).
#include <algorithm>

#include "reference/error.h"
#include "reference/ops/control/control_ops.h"
#include "reference/ops/control/control_values.h"
#include "reference/ops/core/axes.h"

namespace touchstone::ops {

namespace {

using core::Negative;

struct ScanPlan {
  size_t states = 0;  // N
  size_t inputs = 0;  // M
  size_t outputs = 0; // K
};

// The arity the text fixes: num_scan_inputs M of the node's inputs are scan inputs, the N
// before them states; the body takes N + M inputs and gives N + K outputs; the node gives N + K.
ScanPlan plan_scan(const Node& node, size_t values) {
  const auto& body = control::subgraph_of(node, "body");
  const int64_t m = node.attr_int("num_scan_inputs", 0);
  if (m < 1 || static_cast<size_t>(m) > values)
    invalid_model("num_scan_inputs is " + std::to_string(m) + "; it must be in [1, " + std::to_string(values) +
                  "] (the node has " + std::to_string(values) + " state and scan inputs)");
  ScanPlan p{values - static_cast<size_t>(m), static_cast<size_t>(m), 0};
  if (static_cast<size_t>(control::formal_input_count(body)) != p.states + p.inputs)
    invalid_model("the body has " + std::to_string(control::formal_input_count(body)) + " inputs; it needs N + M = " +
                  std::to_string(p.states + p.inputs) + " (the states, then one element of each scan input)");
  if (static_cast<size_t>(body.output_size()) < p.states)
    invalid_model("the body has " + std::to_string(body.output_size()) + " outputs; it needs at least N = " +
                  std::to_string(p.states) + " (the states, then the scan output elements)");
  p.outputs = static_cast<size_t>(body.output_size()) - p.states;
  if (static_cast<size_t>(node.proto().output_size()) != p.states + p.outputs)
    invalid_model("the node has " + std::to_string(node.proto().output_size()) + " outputs; its body gives N + K = " +
                  std::to_string(p.states + p.outputs));
  return p;
}

// An attribute list of one entry per item (default all `fallback`), each checked by `check`.
std::vector<int64_t> per_item(const Node& node, const std::string& name, size_t count, int64_t fallback) {
  if (!node.has_attr(name)) return std::vector<int64_t>(count, fallback);
  std::vector<int64_t> v = node.attr_ints(name);
  if (v.size() != count)
    invalid_model(name + " has " + std::to_string(v.size()) + " entries; it needs one per item (" + std::to_string(count) + ")");
  return v;
}

std::vector<int64_t> directions(const Node& node, const std::string& name, size_t count) {
  std::vector<int64_t> d = per_item(node, name, count, 0);
  for (int64_t x : d)
    if (x != 0 && x != 1) invalid_model(name + " holds " + std::to_string(x) + "; a direction is 0 (forward) or 1 (reverse)");
  return d;
}

const Tensor& scan_tensor(const Value& v, size_t k) {
  if (!v.is_tensor()) invalid_model("scan input " + std::to_string(k) + " is " + v.type_string() + "; scan inputs are tensors");
  return v.tensor();
}

// Runs the body `steps` times over states `states`; slice(i, t) gives scan input i's element
// at step t. Returns the final states, and each scan output's elements in step order.
template <class Slice>
std::pair<Values, std::vector<std::vector<Tensor>>> run_steps(const Node& node, const ScanPlan& p, Values states,
                                                              int64_t steps, const Slice& slice) {
  std::vector<std::vector<Tensor>> scans(p.outputs);
  for (int64_t t = 0; t < steps; ++t) {
    Values body_in = states;
    for (size_t i = 0; i < p.inputs; ++i) body_in.push_back(slice(i, t));
    Values out = node.run_subgraph("body", body_in);
    for (size_t k = 0; k < p.states; ++k) {
      if (out[k].type() != states[k].type())
        invalid_model("state " + std::to_string(k) + " is " + states[k].type_string() + " on entry and " +
                      out[k].type_string() + " after step " + std::to_string(t));
      states[k] = std::move(out[k]);
    }
    for (size_t k = 0; k < p.outputs; ++k) {
      Value& v = out[p.states + k];
      if (!v.is_tensor()) invalid_model("scan output " + std::to_string(k) + " is " + v.type_string() + "; scan outputs are tensors");
      scans[k].push_back(std::move(v).take_tensor());
    }
  }
  return {std::move(states), std::move(scans)};
}

Values scan_axes(const Node& node, const ValueInputs& in, Negative negative) {
  const ScanPlan p = plan_scan(node, in.size());
  const std::vector<int64_t> in_dirs = directions(node, "scan_input_directions", p.inputs);
  const std::vector<int64_t> out_dirs = directions(node, "scan_output_directions", p.outputs);
  std::vector<int64_t> in_axes = per_item(node, "scan_input_axes", p.inputs, 0);
  const std::vector<int64_t> out_axes = per_item(node, "scan_output_axes", p.outputs, 0);
  int64_t steps = -1;
  for (size_t i = 0; i < p.inputs; ++i) {
    const Tensor& x = scan_tensor(in[p.states + i], i);
    in_axes[i] = core::normalize_axis(in_axes[i], x.rank(), negative, "scan_input_axes[" + std::to_string(i) + "]");
    const int64_t length = x.shape()[static_cast<size_t>(in_axes[i])];
    if (steps >= 0 && length != steps)
      invalid_model("scan input " + std::to_string(i) + " has " + std::to_string(length) + " elements along its scan axis, scan input 0 " +
                    std::to_string(steps) + " (they must agree)");
    steps = length;
  }
  Values states;
  for (size_t k = 0; k < p.states; ++k) states.push_back(in[k]);
  auto [finals, scans] = run_steps(node, p, std::move(states), steps, [&](size_t i, int64_t t) {
    return control::slice_at(in[p.states + i].tensor(), in_axes[i], in_dirs[i] ? steps - 1 - t : t);
  });
  Values outputs = std::move(finals);
  const auto& body = control::subgraph_of(node, "body");
  for (size_t k = 0; k < p.outputs; ++k) {
    const std::string what = "scan output " + std::to_string(k);
    std::vector<Tensor>& items = scans[k];
    if (out_dirs[k]) std::reverse(items.begin(), items.end());
    const int64_t rank = items.empty() ? body.output(static_cast<int>(p.states + k)).type().tensor_type().shape().dim_size()
                                       : items.front().rank();
    const int64_t axis = core::normalize_axis(out_axes[k], rank + 1, negative, "scan_output_axes[" + std::to_string(k) + "]");
    outputs.push_back(items.empty() ? control::empty_scan_output(node, body, static_cast<int>(p.states + k), axis, what)
                                    : control::stack_along(items, axis, what));
  }
  for (size_t k = 0; k < outputs.size(); ++k) control::check_admitted(node, outputs[k], "output " + std::to_string(k));
  return outputs;
}

// Scan-8's validated inputs: the batch size, the longest sequence, each batch element's length.
struct Batches {
  int64_t size = -1, longest = -1;
  std::vector<int64_t> lengths;
};

Batches check_batches(const ValueInputs& in, const ScanPlan& p) {
  Batches b;
  for (size_t i = 0; i < p.inputs; ++i) {
    const Tensor& x = scan_tensor(in[1 + p.states + i], i);
    if (x.rank() < 2)
      invalid_model("scan input " + std::to_string(i) + " has rank " + std::to_string(x.rank()) +
                    "; Scan-8 needs batch axis 0 and sequence axis 1");
    if (i > 0 && (x.shape()[0] != b.size || x.shape()[1] != b.longest))
      invalid_model("scan input " + std::to_string(i) + " is " + shape_to_string(x.shape()) + "; its batch size and sequence length must be scan input 0's (" +
                    std::to_string(b.size) + ", " + std::to_string(b.longest) + ")");
    b.size = x.shape()[0], b.longest = x.shape()[1];
  }
  for (size_t k = 0; k < p.states; ++k) {
    const Value& s = in[1 + k];
    if (!s.is_tensor() || s.tensor().rank() < 1 || s.tensor().shape()[0] != b.size)
      invalid_model("state " + std::to_string(k) + " must be a tensor with batch axis 0 of size " + std::to_string(b.size));
  }
  b.lengths.assign(static_cast<size_t>(b.size), b.longest);
  if (!in.has(0)) return b;
  const Tensor& lens = in[0].tensor();
  if (lens.rank() != 1 || lens.size() != b.size)
    invalid_model("sequence_lens is " + shape_to_string(lens.shape()) + "; it must be [batch size] = [" + std::to_string(b.size) + "]");
  for (int64_t k = 0; k < b.size; ++k) {
    const int64_t n = lens.data<int64_t>()[static_cast<size_t>(k)];
    if (n < 0 || n > b.longest)
      invalid_model("sequence_lens[" + std::to_string(k) + "] is " + std::to_string(n) + "; it must be in [0, " + std::to_string(b.longest) + "]");
    b.lengths[static_cast<size_t>(k)] = n;
  }
  return b;
}

// One batch element's scan output: its steps' elements stacked, zeros past its length.
Tensor padded_output(const Node& node, const std::vector<Tensor>& items, const Tensor& zero, int64_t longest,
                     const std::string& what) {
  std::vector<Tensor> all = items;
  if (static_cast<int64_t>(all.size()) < longest)
    node.mark(Semantics::kImplementationDefined,
              "Scan-8: a scan output past a batch element's sequence length (the text: 'undefined'; the reference: zeros)");
  while (static_cast<int64_t>(all.size()) < longest) all.push_back(zero);
  if (all.empty()) {
    Shape shape = zero.shape();
    shape.insert(shape.begin(), 0);
    return Tensor(zero.dtype(), shape);
  }
  return control::stack_along(all, 0, what);
}

// A zero element of scan output k: the shape and type one batch element's steps gave, else
// the body's declaration (no step ran anywhere).
Tensor zero_element(const Node& node, const std::vector<std::vector<std::vector<Tensor>>>& per_batch, size_t k,
                    int index) {
  for (const auto& scans : per_batch)
    if (!scans[k].empty()) return Tensor(scans[k].front().dtype(), scans[k].front().shape());
  Tensor empty = control::empty_scan_output(node, control::subgraph_of(node, "body"), index, 0, "scan output " + std::to_string(k));
  Shape shape = empty.shape();
  shape.erase(shape.begin());
  return Tensor(empty.dtype(), shape);
}

}  // namespace

Values scan_v8(const Node& node, const ValueInputs& in) {
  const ScanPlan p = plan_scan(node, in.size() - 1);
  const std::vector<int64_t> dirs = directions(node, "directions", p.inputs);
  const Batches b = check_batches(in, p);
  std::vector<Values> finals;
  std::vector<std::vector<std::vector<Tensor>>> per_batch;
  for (int64_t e = 0; e < b.size; ++e) {
    const int64_t n = b.lengths[static_cast<size_t>(e)];
    const bool reversed = std::find(dirs.begin(), dirs.end(), 1) != dirs.end();
    if (n < b.longest && reversed)
      node.mark(Semantics::kImplementationDefined,
                "Scan-8: a reversed scan input shorter than the longest (the text does not say where it starts; the reference: its last valid element)");
    Values states;
    for (size_t k = 0; k < p.states; ++k) states.push_back(control::slice_at(in[1 + k].tensor(), 0, e));
    std::vector<Tensor> rows;
    for (size_t i = 0; i < p.inputs; ++i) rows.push_back(control::slice_at(in[1 + p.states + i].tensor(), 0, e));
    auto [f, scans] = run_steps(node, p, std::move(states), n, [&](size_t i, int64_t t) {
      return control::slice_at(rows[i], 0, dirs[i] ? n - 1 - t : t);
    });
    finals.push_back(std::move(f));
    per_batch.push_back(std::move(scans));
  }
  Values outputs;
  for (size_t k = 0; k < p.states; ++k) {
    std::vector<Tensor> items;
    for (const auto& f : finals) items.push_back(f[k].tensor());
    outputs.push_back(items.empty() ? Tensor(in[1 + k].tensor().dtype(), in[1 + k].tensor().shape())
                                    : control::stack_along(items, 0, "state " + std::to_string(k)));
  }
  for (size_t k = 0; k < p.outputs; ++k) {
    const std::string what = "scan output " + std::to_string(k);
    const Tensor zero = zero_element(node, per_batch, k, static_cast<int>(p.states + k));
    std::vector<Tensor> items;
    for (const auto& scans : per_batch) items.push_back(padded_output(node, scans[k], zero, b.longest, what));
    if (items.empty()) {
      Shape shape = zero.shape();
      shape.insert(shape.begin(), {0, b.longest});
      outputs.push_back(Tensor(zero.dtype(), shape));
    } else {
      outputs.push_back(control::stack_along(items, 0, what));
    }
  }
  for (size_t k = 0; k < outputs.size(); ++k) control::check_admitted(node, outputs[k], "output " + std::to_string(k));
  return outputs;
}

Values scan_v9(const Node& node, const ValueInputs& in) { return scan_axes(node, in, Negative::kRefused); }

Values scan_v11(const Node& node, const ValueInputs& in) { return scan_axes(node, in, Negative::kAllowed); }

}  // namespace touchstone::ops
