// The reference's own memory, bounded (issue 25, memory_budget.h): a tiny model that asks
// for gigabytes is refused before anything is allocated, naming the op-version, the
// tensor and the limit; scratch buffers sized from the data are charged too; a run
// within its limits is unchanged. Sizes are by hand: 2^31 float32 elements are 8 GiB.
#include <catch2/catch.hpp>

#include "reference/memory_budget.h"
#include "reference/model.h"
#include "reference/model_builder.h"
#include "reference/tests/error_kind.h"

using namespace touchstone;
using touchstone::testing::kind_of;

namespace {

constexpr int64_t kGiB = int64_t{1} << 30;
const MemoryLimits kDefaultLimits{uint64_t{4} << 30, uint64_t{8} << 30};  // 4 GiB a tensor, 8 GiB a case

Tensor ints(std::vector<int64_t> values) {
  const int64_t n = static_cast<int64_t>(values.size());
  return Tensor::from_values<int64_t>({n}, values);
}
Tensor floats(Shape shape) {
  Tensor t(DType::kFloat, std::move(shape));
  for (auto& v : t.data<float>()) v = 1.5f;
  return t;
}

// One node of `op` at `opset` over `inputs` (graph inputs named x0, x1, ...), one float output.
Model one_node(const std::string& op, int opset, const std::vector<Tensor>& inputs,
               std::vector<onnx::AttributeProto> attributes = {}) {
  SingleNodeModel spec{op, "", opset, {}, {{"y", DType::kFloat, {}}}, std::move(attributes)};
  for (size_t i = 0; i < inputs.size(); ++i)
    spec.inputs.push_back({"x" + std::to_string(i), inputs[i].dtype(), inputs[i].shape()});
  onnx::ModelProto proto = build_model(spec);
  proto.mutable_graph()->mutable_output(0)->mutable_type()->mutable_tensor_type()->clear_shape();
  return Model::from_proto(proto, ".", op + ".onnx");
}

// The refusal of running `model`: its kind must be kOverBudget; returns the message.
std::string refusal(const Model& model, const std::vector<Tensor>& inputs, MemoryLimits limits = kDefaultLimits) {
  std::string message;
  CHECK(kind_of([&] { model.run(inputs, {RandomSource::kDefaultSeed, limits}); }, &message) == ErrorKind::kOverBudget);
  return message;
}

}  // namespace

TEST_CASE("memory budget: models of a few bytes that ask for 8 GiB are refused before allocating", "[budget]") {
  const Tensor one = floats({1});
  SECTION("Expand to (2,1024,1024,1024)") {
    const std::vector<Tensor> in = {one, ints({2, 1024, 1024, 1024})};
    const std::string m = refusal(one_node("Expand", 13, in), in);
    CHECK_THAT(m, Catch::StartsWith("Expand-13: a tensor float32 (2,1024,1024,1024) needs 8 GiB (8589934592 bytes)"));
    CHECK_THAT(m, Catch::Contains("limit per tensor of 4 GiB (4294967296 bytes) (--max-tensor-bytes)"));
  }
  SECTION("ConstantOfShape (2^31)") {
    onnx::TensorProto value;
    value.set_data_type(onnx::TensorProto::FLOAT);
    value.add_dims(1);
    value.add_float_data(2.0f);
    onnx::AttributeProto attr;
    attr.set_name("value");
    attr.set_type(onnx::AttributeProto::TENSOR);
    *attr.mutable_t() = value;
    const std::vector<Tensor> in = {ints({int64_t{1} << 31})};
    CHECK_THAT(refusal(one_node("ConstantOfShape", 9, in, {attr}), in),
               Catch::StartsWith("ConstantOfShape-9: a tensor float32 (2147483648) needs 8 GiB"));
  }
  SECTION("Tile (1,1) by (65536,32768)") {
    const std::vector<Tensor> in = {floats({1, 1}), ints({65536, 32768})};
    CHECK_THAT(refusal(one_node("Tile", 13, in), in), Catch::StartsWith("Tile-13: a tensor float32 (65536,32768) needs 8 GiB"));
  }
  SECTION("Pad (1) by 2^31 - 1 at the end") {
    const std::vector<Tensor> in = {one, ints({0, (int64_t{1} << 31) - 1})};
    CHECK_THAT(refusal(one_node("Pad", 13, in), in), Catch::StartsWith("Pad-13: a tensor float32 (2147483648) needs 8 GiB"));
  }
  SECTION("Pad past 2^64 bytes") {
    const std::vector<Tensor> in = {floats({1, 1}), ints({0, 0, int64_t{1} << 62, int64_t{1} << 62})};
    CHECK_THAT(refusal(one_node("Pad", 13, in), in), Catch::Contains("more bytes than a 64-bit size holds"));
  }
  SECTION("Einsum i,j->ij of 65536 and 32768") {
    const std::vector<Tensor> in = {floats({65536}), floats({32768})};
    CHECK_THAT(refusal(one_node("Einsum", 12, in, {make_attr("equation", std::string("i,j->ij"))}), in),
               Catch::StartsWith("Einsum-12: a tensor float32 (65536,32768) needs 8 GiB"));
  }
  SECTION("MatMul (65536,1) x (1,32768)") {
    const std::vector<Tensor> in = {floats({65536, 1}), floats({1, 32768})};
    CHECK_THAT(refusal(one_node("MatMul", 13, in), in), Catch::StartsWith("MatMul-13: a tensor float32 (65536,32768) needs 8 GiB"));
  }
}

TEST_CASE("memory budget: the total per case counts scratch and tensors held together", "[budget]") {
  // Expand (1) to (1048576): a 4 MiB output, built from an 8 MiB index map (int64 per element).
  const std::vector<Tensor> in = {floats({1}), ints({1 << 20})};
  const Model expand = one_node("Expand", 13, in);
  SECTION("the index map alone is over a 6 MiB budget, though the output fits") {
    const std::string m = refusal(expand, in, {uint64_t{1} << 40, uint64_t{6} << 20});
    CHECK_THAT(m, Catch::StartsWith("Expand-13: an index map of 1048576 elements needs 8 MiB (8388608 bytes) more"));
    CHECK_THAT(m, Catch::Contains("budget per case of 6 MiB (6291456 bytes) (--max-case-bytes)"));
  }
  SECTION("16 MiB holds the map, the output and its copy into the kernel's result list: the result is by hand") {
    const auto out = expand.run(in, {RandomSource::kDefaultSeed, {uint64_t{1} << 40, uint64_t{16} << 20}}).outputs.at(0);
    CHECK(out.shape() == Shape{1 << 20});
    CHECK(out.data<float>()[0] == 1.5f);
    CHECK(out.data<float>()[(1 << 20) - 1] == 1.5f);
  }
  SECTION("the per-tensor limit applies to scratch too") {
    CHECK_THAT(refusal(expand, in, {uint64_t{5} << 20, uint64_t{1} << 40}),
               Catch::Contains("an index map of 1048576 elements needs 8 MiB (8388608 bytes), more than the reference's "
                               "limit per tensor of 5 MiB"));
  }
  SECTION("Gemm's index map of C, sized by the output") {
    const std::vector<Tensor> g = {floats({1024, 1}), floats({1, 1024}), floats({1})};  // a 4 MiB output, an 8 MiB map
    CHECK_THAT(refusal(one_node("Gemm", 13, g), g, {uint64_t{1} << 40, uint64_t{6} << 20}),
               Catch::StartsWith("Gemm-13: C's index map of 1048576 elements needs 8 MiB"));
  }
}

TEST_CASE("memory budget: an account charges before and releases what it charged", "[budget]") {
  auto account = std::make_shared<MemoryAccount>(MemoryLimits{100, 150});
  const MemoryAccountScope scope(account);
  {
    Tensor a(DType::kFloat, {25});  // 100 bytes: at the per-tensor limit
    CHECK(account->held() == 100);
    std::string message;
    CHECK(kind_of([] { Tensor b(DType::kFloat, {13}); }, &message) == ErrorKind::kOverBudget);  // 52 more: 152 > 150
    CHECK_THAT(message, Catch::Contains("a tensor float32 (13) needs 52 bytes"));
    Tensor c(DType::kFloat, {12});  // 48 more: 148
    CHECK(account->held() == 148);
    Tensor moved = std::move(a);  // the buffer moves with its account: nothing charged twice
    CHECK(account->held() == 148);
  }
  CHECK(account->held() == 0);
  CHECK(account->peak() == 148);
  // A tensor outliving its run is released to the account it was charged to, not to the next one.
  Tensor kept;
  {
    auto first = std::make_shared<MemoryAccount>(MemoryLimits{1000, 1000});
    const MemoryAccountScope inner(first);
    kept = Tensor(DType::kInt64, {10});
    CHECK(first->held() == 80);
  }
  CHECK(account->held() == 0);
  Tensor copy = kept;  // a copy is charged to the current account
  CHECK(account->held() == 80);
}

TEST_CASE("memory budget: defaults, and nothing is charged outside a run", "[budget]") {
  CHECK(default_memory_limits().max_tensor_bytes == (uint64_t{1} << 32));
  CHECK(max_case_bytes() >= (uint64_t{1} << 30));
  CHECK(current_memory_account() == nullptr);
  Tensor outside(DType::kFloat, {4});  // no account: no charge, no refusal
  CHECK(outside.size() == 4);
  CHECK(bytes_text(3 * kGiB / 2) == "1.5 GiB (1610612736 bytes)");
  CHECK(bytes_text(512) == "512 bytes");
}
