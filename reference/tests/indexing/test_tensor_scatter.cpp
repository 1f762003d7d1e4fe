// TensorScatter-24: linear and circular writes into a KV cache, write_indices optional,
// refusals. Expected values worked out by hand from the spec's pseudocode.
#include "reference/tests/indexing/indexing_testing.h"

using namespace touchstone;
using namespace touchstone::testing;

TEST_CASE("TensorScatter: linear and circular modes", "[TensorScatter][v24]") {
  // past (2 batches, 4 positions, 1), update (2, 2, 1); axis -2 (the default) is axis 1.
  const Tensor past = tensor<float>({2, 4, 1}, {0, 1, 2, 3, 10, 11, 12, 13});
  const Tensor upd = tensor<float>({2, 2, 1}, {-1, -2, -3, -4});
  CHECK(run_node_output("TensorScatter", 24, {past, upd}) == tensor<float>({2, 4, 1}, {-1, -2, 2, 3, -3, -4, 12, 13}));
  CHECK(run_node_output("TensorScatter", 24, {past, upd, vec<int64_t>({2, 1})}) ==
        tensor<float>({2, 4, 1}, {0, 1, -1, -2, 10, -3, -4, 13}));
  const Attrs circ = {make_attr("mode", std::string("circular"))};
  CHECK(run_node_output("TensorScatter", 24, {past, upd, vec<int64_t>({3, 5})}, circ) ==
        tensor<float>({2, 4, 1}, {-2, 1, 2, -1, 10, -3, -4, 13}));
  CHECK(run_node_output("TensorScatter", 24, {past, upd, vec<int64_t>({-1, 0})}, circ) ==
        tensor<float>({2, 4, 1}, {-2, 1, 2, -1, -3, -4, 12, 13}));
  // A negative write index: wrapped as np.mod, but the text does not say it is allowed.
  CHECK(run_node("TensorScatter", 24, {past, upd, vec<int64_t>({-1, 0})}, circ).semantics.category == Semantics::kUndefined);
  CHECK(run_node("TensorScatter", 24, {past, upd, vec<int64_t>({3, 5})}, circ).semantics.category == Semantics::kDefined);
  // axis 2 of a (1, 2, 3): two prefixes (heads) share batch 0's write index.
  CHECK(run_node_output("TensorScatter", 24, {tensor<int32_t>({1, 2, 3}, {0, 0, 0, 0, 0, 0}), tensor<int32_t>({1, 2, 1}, {7, 8}),
                                              vec<int64_t>({1})},
                        {make_attr("axis", int64_t{2})}) == tensor<int32_t>({1, 2, 3}, {0, 7, 0, 0, 8, 0}));
  check_refused("TensorScatter", 24, {past, upd, vec<int64_t>({3, 0})}, {}, "linear mode requires");
  check_refused("TensorScatter", 24, {past, upd, vec<int64_t>({-1, 0})}, {}, "linear mode requires");
  check_refused("TensorScatter", 24, {past, upd}, {make_attr("axis", int64_t{0})}, "batch dimension");
  check_refused("TensorScatter", 24, {past, upd}, {make_attr("mode", std::string("wrap"))}, "not linear or circular");
  check_refused("TensorScatter", 24, {past, tensor<float>({2, 2, 2}, {0, 0, 0, 0, 0, 0, 0, 0})}, {}, "except along axis");
  check_refused("TensorScatter", 24, {past, upd, vec<int64_t>({0})}, {}, "(batch_size,)");
  check_refused("TensorScatter", 24, {past, tensor<float>({2, 5, 1}, std::vector<float>(10, 0))}, {}, "above max_sequence_length");
}
