// Identity's sequence and optional cases: written in ONNX's layout (SequenceProto /
// OptionalProto files read back as the model declares them), accepted by ONNX's checker,
// refusals where the type constraint says so, and counted by coverage.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <algorithm>

#include "cases/coverage.h"
#include "cases/generator.h"
#include "onnx/checker.h"
#include "reference/tensor_proto.h"
#include "reference/value_proto.h"

using namespace touchstone;
using namespace touchstone::cases;

namespace {

const std::vector<Case>& identity_cases() {
  static const std::vector<Case> cases = generate_cases({Profile::kStandard, {"Identity"}, {}});
  return cases;
}

const Case* find(const std::string& id) {
  for (const auto& c : identity_cases())
    if (c.meta.id == id) return &c;
  return nullptr;
}

}  // namespace

TEST_CASE("Identity has sequence, optional and refusal cases per version", "[Identity][value]") {
  const Case* seq3 = find("Identity-14/seq-float32/seq_3");
  REQUIRE(seq3);
  REQUIRE(seq3->inputs.size() == 1);
  CHECK(seq3->inputs[0].items().size() == 3);
  CHECK(seq3->inputs[0].items()[2].shape() == Shape{0, 4});
  CHECK(seq3->outputs == seq3->inputs);  // Identity: the value unchanged
  REQUIRE(find("Identity-14/seq-string/seq_empty"));
  CHECK(find("Identity-14/seq-string/seq_empty")->outputs[0] == Value::sequence(DType::kString, {}));
  CHECK(find("Identity-16/opt-float32/opt_empty")->outputs[0] == Value::none({ValueType::kOptionalTensor, DType::kFloat}));
  CHECK(find("Identity-16/opt-seq-int64/opt_holding_empty_seq")->outputs[0] == Value::some(Value::sequence(DType::kInt64, {})));
  CHECK(find("Identity-25/opt-seq-bool/opt_seq_2"));
  CHECK_FALSE(find("Identity-14/opt-float32/opt_tensor"));  // optionals from 16
  CHECK_FALSE(find("Identity-16/seq-bfloat16/seq_3"));      // V has no seq(tensor(bfloat16))
  for (const char* id : {"Identity-13/seq-float32/refuse_sequence", "Identity-1/seq-float32/refuse_sequence",
                         "Identity-14/opt-float32/refuse_optional", "Identity-16/seq-bfloat16/refuse_seq_bfloat16"}) {
    INFO(id);
    REQUIRE(find(id));
    CHECK_FALSE(find(id)->meta.valid);
    CHECK(find(id)->outputs.empty());
  }
}

TEST_CASE("sequence and optional cases are written in ONNX's layout", "[Identity][value][suite]") {
  const auto dir = std::filesystem::temp_directory_path() / ("touchstone_value_cases_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::vector<Case> picked;
  for (const auto& c : identity_cases())
    if (!c.inputs.empty() && !c.inputs[0].is_tensor()) picked.push_back(c);
  REQUIRE(picked.size() > 200);
  write_suite(dir, picked, Profile::kStandard);
  size_t checked = 0;
  for (const auto& c : picked) {
    INFO(c.meta.id);
    const auto folder = dir / case_dir_name(c.meta.id);
    const auto model = read_model_file(folder / "model.onnx");
    const auto data = folder / "test_data_set_0";
    CHECK(read_value_file(data / "input_0.pb", model.graph().input(0).type()) == c.inputs[0]);
    if (!c.meta.valid) continue;
    CHECK(type_proto_string(model.graph().output(0).type()) == c.outputs[0].type_string());
    CHECK(read_value_file(data / "output_0.pb", model.graph().output(0).type()) == c.outputs[0]);
    if (model.ir_version() <= 8) {  // ONNX 1.12's checker knows sequence and optional types
      CHECK_NOTHROW(onnx::checker::check_model(model));
      ++checked;
    }
  }
  CHECK(checked > 50);
  std::filesystem::remove_all(dir);
}

TEST_CASE("coverage counts sequence and optional types", "[Identity][value][coverage]") {
  std::vector<CaseMeta> metas;
  for (const auto& c : identity_cases()) metas.push_back(c.meta);
  const Coverage cov = measure_coverage(metas, {"Identity"});
  for (const auto& r : cov.rows) {
    INFO(r.label);
    if (r.label == "Identity-16") {
      // Changelog.md Identity-16: 16 tensor types, 15 seq, 15 optional(seq), 15 optional(tensor).
      CHECK(r.allowed.size() == 61);
      CHECK(r.covered.count("opt-seq-complex128"));
      CHECK(r.covered.count("seq-uint8"));
    }
    if (r.label == "Identity-14") CHECK(r.allowed.size() == 16 + 15);
    if (r.label == "Identity-13") CHECK(r.allowed.size() == 16);
    CHECK(r.covered.size() == r.allowed.size());
  }
}
