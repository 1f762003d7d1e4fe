// Case specs of Scan (every version). Every tensor type V admits through a body that passes
// a state and a scan element on; a running sum (state += element, the sum as scan output)
// with reversed inputs and outputs, other scan axes, negative axes (11 on; refused by 9),
// two scan inputs of different axes and directions, no state, a zero-length scan (the empty
// output's shape is open). Scan-8: batch axis 0 and sequence axis 1, sequence_lens ragged
// (outputs past a length: zeros, implementation-defined) or absent, `directions`. Refusals:
// scan lengths that differ, a direction of 2, num_scan_inputs 0, an axis out of range, a
// sequence length past the longest (8).
#include "cases/specs/control/control_cases.h"
#include "cases/specs/control/control_graphs.h"
#include "cases/specs/core/exact_helpers.h"
#include "reference/node_check.h"

namespace touchstone::cases {

namespace {

using namespace exact;
using namespace graphs;

const Domain kSmallIntegers{-8, 8, 0, 0, true, true};

// A body of one state and one scan input of `type`, elements of `elem` shape: both passed on.
onnx::GraphProto pass_body(DType type, const Shape& state, const Shape& elem) {
  return graph("body", {{declare_tensor("s_in", type, state), declare_tensor("e_in", type, elem)},
                        {declare_tensor("s_in", type, state), declare_tensor("e_in", type, elem)}});
}

// s_out = s_in + e_in; scan output s_out (shape `elem` for both).
onnx::GraphProto sum_body(const Shape& elem) {
  return graph("body", {{declare_tensor("s_in", DType::kFloat, elem), declare_tensor("e_in", DType::kFloat, elem)},
                        {declare_tensor("s_out", DType::kFloat, elem), declare_tensor("s_seen", DType::kFloat, elem)},
                        {node("Add", {"s_in", "e_in"}, {"s_out"}), node("Identity", {"s_out"}, {"s_seen"})}});
}

// No state; two scan inputs a, b: scan outputs a + b and a.
onnx::GraphProto zip_body(const Shape& elem) {
  return graph("body", {{declare_tensor("a_in", DType::kFloat, elem), declare_tensor("b_in", DType::kFloat, elem)},
                        {declare_tensor("sum", DType::kFloat, elem), declare_tensor("a_seen", DType::kFloat, elem)},
                        {node("Add", {"a_in", "b_in"}, {"sum"}), node("Identity", {"a_in"}, {"a_seen"})}});
}

void add_scan(std::vector<CaseDraft>& out, std::string name, std::vector<Tensor> inputs, onnx::GraphProto body, int64_t m,
              Attrs attrs, size_t outputs, std::vector<std::string> tags, std::string rule = "", bool smoke = false,
              std::vector<size_t> omitted = {}) {
  attrs.push_back(graph_attr("body", std::move(body)));
  attrs.push_back(make_attr("num_scan_inputs", m));
  add(out, std::move(name), std::move(inputs), std::move(attrs), std::move(tags), std::move(rule), smoke);
  out.back().outputs = outputs;
  out.back().omitted_inputs = std::move(omitted);
}

using Ints = std::vector<int64_t>;

}  // namespace

void scan_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  const std::string at = row.label() + ": ";
  Rng rng(seed_of(row.label() + "/scan"));
  const auto f = [&](Shape s) { return any_tensor(rng, DType::kFloat, s, kSmallIntegers); };
  if (v == 8) {
    const Tensor lens = Tensor::from_values<int64_t>({2}, {3, 1});
    for (DType t : allowed_dtypes(schema_of(row), "V"))
      add_scan(out, "pass", {Tensor::from_values<int64_t>({2}, {3, 3}), any_tensor(rng, t, {2, 2}), any_tensor(rng, t, {2, 3, 2})}, pass_body(t, {2}, {2}), 1, {}, 2,
               {"pass"}, "", true);
    {  // The state and the scan elements come back bit for bit, NaN, ±inf and −0 included.
      const int64_t n = special_values(DType::kFloat).size();
      add_scan(out, "pass_special_values", {Tensor::from_values<int64_t>({1}, {3}), special_rows({1}), special_rows({1, 3})},
               pass_body(DType::kFloat, {n}, {n}), 1, {}, 2, {"pass", "special-values"});
    }
    const Tensor s0 = f({2, 2}), x = f({2, 3, 2});
    add_scan(out, "sum_ragged", {lens, s0, x}, sum_body({2}), 1, {}, 2, {"ragged"});
    add_scan(out, "sum_ragged_reverse", {lens, s0, x}, sum_body({2}), 1, {make_attr("directions", Ints{1})}, 2, {"ragged", "reverse"});
    add_scan(out, "sum_no_lens", {s0, x}, sum_body({2}), 1, {}, 2, {"absent"}, "", false, {0});
    add_scan(out, "sum_full_lens_reverse", {Tensor::from_values<int64_t>({2}, {3, 3}), s0, x}, sum_body({2}), 1,
             {make_attr("directions", Ints{1})}, 2, {"reverse"});
    add_scan(out, "zip_two_inputs", {lens, x, f({2, 3, 2})}, zip_body({2}), 2, {make_attr("directions", Ints{0, 1})}, 2, {"zip"});
    add_scan(out, "length_past_longest", {Tensor::from_values<int64_t>({2}, {4, 1}), s0, x}, sum_body({2}), 1, {}, 2, {"ragged"},
             at + "sequence_lens must lie in [0, the sequence length]");
    add_scan(out, "direction_2", {lens, s0, x}, sum_body({2}), 1, {make_attr("directions", Ints{2})}, 2, {"direction"},
             at + "a direction is 0 or 1");
    add_scan(out, "batches_differ", {lens, x, f({3, 3, 2})}, zip_body({2}), 2, {}, 2, {"zip"},
             at + "the scan inputs must share batch size and sequence length");
    return;
  }
  for (DType t : allowed_dtypes(schema_of(row), "V"))
    add_scan(out, "pass", {any_tensor(rng, t, {2}), any_tensor(rng, t, {3, 2})}, pass_body(t, {2}, {2}), 1, {}, 2, {"pass"}, "", true);
  {  // The state and the scan elements come back bit for bit, NaN, ±inf and −0 included.
    const int64_t n = special_values(DType::kFloat).size();
    add_scan(out, "pass_special_values", {special_values(DType::kFloat), special_rows({3})}, pass_body(DType::kFloat, {n}, {n}), 1, {}, 2,
             {"pass", "special-values"});
  }
  const Tensor s0 = f({2}), x = f({3, 2}), xt = f({2, 3});
  add_scan(out, "sum", {s0, x}, sum_body({2}), 1, {}, 2, {"sum"});
  add_scan(out, "sum_input_reverse", {s0, x}, sum_body({2}), 1, {make_attr("scan_input_directions", Ints{1})}, 2, {"reverse"});
  add_scan(out, "sum_output_reverse", {s0, x}, sum_body({2}), 1, {make_attr("scan_output_directions", Ints{1})}, 2, {"reverse"});
  add_scan(out, "sum_input_axis_1", {f({2}), xt}, sum_body({2}), 1, {make_attr("scan_input_axes", Ints{1})}, 2, {"axes"});
  add_scan(out, "sum_output_axis_1", {s0, x}, sum_body({2}), 1, {make_attr("scan_output_axes", Ints{1})}, 2, {"axes"});
  add_scan(out, "sum_axes_and_reverse", {f({2}), xt}, sum_body({2}), 1,
           {make_attr("scan_input_axes", Ints{1}), make_attr("scan_input_directions", Ints{1}),
            make_attr("scan_output_axes", Ints{1}), make_attr("scan_output_directions", Ints{1})},
           2, {"axes", "reverse"});
  const std::string negative_rule = v < 11 ? at + "negative axes from Scan-11" : "";
  add_scan(out, "sum_negative_axes", {f({2}), xt}, sum_body({2}), 1,
           {make_attr("scan_input_axes", Ints{-1}), make_attr("scan_output_axes", Ints{-1})}, 2, {"axes", "negative"}, negative_rule);
  add_scan(out, "zip_two_inputs", {x, xt}, zip_body({2}), 2,
           {make_attr("scan_input_axes", Ints{0, 1}), make_attr("scan_input_directions", Ints{0, 1})}, 2, {"zip"});
  add_scan(out, "zero_length", {s0, Tensor(DType::kFloat, {0, 2})}, sum_body({2}), 1, {}, 2, {"empty"});
  add_scan(out, "lengths_differ", {x, f({2, 2})}, zip_body({2}), 2, {}, 2, {"zip"}, at + "the scan inputs must share their scan length");
  add_scan(out, "direction_2", {s0, x}, sum_body({2}), 1, {make_attr("scan_input_directions", Ints{2})}, 2, {"direction"},
           at + "a direction is 0 or 1");
  add_scan(out, "num_scan_inputs_0", {s0, x}, sum_body({2}), 0, {}, 2, {"arity"}, at + "num_scan_inputs must be at least 1", true);
  add_scan(out, "axis_out_of_range", {s0, x}, sum_body({2}), 1, {make_attr("scan_input_axes", Ints{2})}, 2, {"axes"},
           at + "scan_input_axes must lie within the input's rank");
}

}  // namespace touchstone::cases
