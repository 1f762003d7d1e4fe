// Case specs of Dropout, every type each version allows: inference (is_test in 1 and 6; the
// only mode of 7 and 10; 12+ without training_mode or with it false, ratio then ignored),
// training with ratio 0 (the identity), 0.5, 0.75 (scale 4: a backend that ignores ratio
// drops half of 4096 elements, 1024 fewer than expected), 0.3 (a scale that is not a power
// of two), 1 (undefined: all dropped), seed (12+), ratio of every
// T1 type (12+), special values and an empty tensor; refusals: ratio outside [0, 1], a ratio
// or training_mode that is not a scalar. Training cases are random: judged by the property
// (cases/judging.h; reference/ops/norm/dropout.h check). Every case has both outputs (the
// generator declares every output the schema names), so the property's mask-less reading is
// tested in reference/tests/norm/test_dropout.cpp.
#include <string>

#include "cases/specs/core/binary.h"
#include "cases/specs/norm/norm_cases.h"
#include "reference/model_builder.h"
#include "reference/ops/norm/dropout.h"

namespace touchstone::cases {

namespace {

using binary::add;
using Attrs = std::vector<onnx::AttributeProto>;

struct Drafter {
  const CatalogRow& row;
  DType t;
  std::vector<CaseDraft>& out;
  bool smoke = true;

  Tensor x(const std::string& name, const Shape& shape) { return random_of(case_id(row, {t}, name), t, shape); }
  void add_case(const std::string& name, std::vector<Tensor> inputs, Attrs attrs, size_t outputs, const char* tag,
                const std::string& rule = "") {
    add(out, name, std::move(inputs), std::move(attrs), {tag}, rule.empty() ? "" : row.label() + ": " + rule,
        smoke && rule.empty());
    out.back().outputs = outputs;
    if (rule.empty()) smoke = false;
  }
};

onnx::AttributeProto ratio_attr(float r) { return make_attr("ratio", r); }

// Dropout-1 and 6: is_test chooses; training is the default.
void attribute_cases(Drafter& d, bool has_is_test) {
  const Shape big = {64, 64};
  if (has_is_test) {
    d.add_case("inference_is_test", {d.x("inference_is_test", {2, 3, 4})}, {make_attr("is_test", int64_t{1})}, 1,
               "mask-not-filled");
    d.add_case("inference_is_test_mask", {d.x("inference_is_test_mask", {2, 3, 4})}, {make_attr("is_test", int64_t{1})},
               2, "mask-not-filled");
    d.add_case("training_default", {d.x("training_default", big)}, {}, 2, "random-training");
    d.add_case("training_ratio_0.75", {d.x("training_ratio_0.75", big)}, {ratio_attr(0.75f)}, 2, "random-training");
    d.add_case("training_ratio_0.3", {d.x("training_ratio_0.3", big)}, {ratio_attr(0.3f)}, 2, "random-training");
    d.add_case("training_ratio_0", {d.x("training_ratio_0", {3, 5})}, {ratio_attr(0.0f)}, 2, "random-training");
    d.add_case("training_ratio_1", {d.x("training_ratio_1", {3, 5})}, {ratio_attr(1.0f)}, 2, "undefined");
    d.add_case("training_special_values", {specials_as(d.t, {special_values(d.t).size()})}, {}, 2, "special-values");
    d.add_case("training_empty", {d.x("training_empty", {0, 3})}, {}, 2, "empty");
  } else {
    // 7 and 10: the mask in inference mode is not in the text (implementation-defined).
    d.add_case("inference", {d.x("inference", {2, 3, 4})}, {}, 2, "inference-mask");
    d.add_case("inference_ratio_0.9", {d.x("inference_ratio_0.9", {2, 3, 4})}, {ratio_attr(0.9f)}, 2, "inference-mask");
    d.add_case("inference_special_values", {specials_as(d.t, {special_values(d.t).size()})}, {}, 2, "special-values");
    d.add_case("inference_empty", {d.x("inference_empty", {0, 3})}, {}, 2, "empty");
  }
}

// Dropout-12 and later: ratio (T1) and training_mode (bool) inputs.
void input_cases(Drafter& d, DType ratio_type) {
  const Shape big = {64, 64};
  const auto ratio = [&](double r) { return tensor_of(ratio_type, {}, {r}); };
  const Tensor on = tensor_of(DType::kBool, {}, {1}), off = tensor_of(DType::kBool, {}, {0});
  d.add_case("inference_default", {d.x("inference_default", {2, 3, 4})}, {}, 2, "random");
  d.add_case("inference_training_false", {d.x("inference_training_false", {2, 3, 4}), ratio(0.5), off}, {}, 2, "random");
  d.add_case("training_ratio_0.5", {d.x("training_ratio_0.5", big), ratio(0.5), on}, {}, 2, "random-training");
  d.add_case("training_ratio_0.75", {d.x("training_ratio_0.75", big), ratio(0.75), on}, {}, 2, "random-training");
  d.add_case("training_ratio_0.3", {d.x("training_ratio_0.3", big), ratio(0.3), on}, {}, 2, "random-training");
  d.add_case("training_ratio_0", {d.x("training_ratio_0", {3, 5}), ratio(0), on}, {}, 2, "random-training");
  d.add_case("training_ratio_1", {d.x("training_ratio_1", {3, 5}), ratio(1), on}, {}, 2, "undefined");
  d.add_case("training_seed", {d.x("training_seed", big), ratio(0.5), on}, {make_attr("seed", int64_t{7})}, 2,
             "random-training");
  d.add_case("training_special_values", {specials_as(d.t, {special_values(d.t).size()}), ratio(0.5), on}, {}, 2,
             "special-values");
  d.add_case("training_empty", {d.x("training_empty", {0, 3}), ratio(0.5), on}, {}, 2, "empty");
}

void refusal_cases(Drafter& d, bool inputs) {
  const Tensor on = tensor_of(DType::kBool, {}, {1});
  const Tensor x = d.x("refuse", {3, 4});
  if (!inputs) {
    d.add_case("refuse_ratio_1.5", {x}, {ratio_attr(1.5f)}, 1, "attribute", "ratio is a probability in [0, 1)");
    d.add_case("refuse_ratio_negative", {x}, {ratio_attr(-0.25f)}, 1, "attribute", "ratio is a probability in [0, 1)");
    return;
  }
  d.add_case("refuse_ratio_1.5", {x, tensor_of(DType::kFloat, {}, {1.5}), on}, {}, 1, "attribute",
             "ratio is a probability in [0, 1)");
  d.add_case("refuse_ratio_not_scalar", {x, tensor_of(DType::kFloat, {1}, {0.5}), on}, {}, 1, "attribute",
             "ratio is a scalar");
  d.add_case("refuse_training_mode_not_scalar", {x, tensor_of(DType::kFloat, {}, {0.5}), tensor_of(DType::kBool, {2}, {1, 1})},
             {}, 1, "attribute", "training_mode is a scalar");
}

}  // namespace

void dropout_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  const auto params = input_type_params(row);
  const std::vector<DType> data_types = params.front().allowed;
  for (DType t : data_types) {
    Drafter d{row, t, out};
    if (v < 12) attribute_cases(d, v < 7);
    else input_cases(d, DType::kFloat);
  }
  if (v >= 12)  // every (T, T1) combination: data of each type with a ratio of each type
    for (DType t : data_types)
      for (DType r : params[1].allowed) {
        Drafter d{row, t, out};
        d.add_case("training_types", {d.x("training_types", {16, 16}), tensor_of(r, {}, {0.5}),
                                      tensor_of(DType::kBool, {}, {1})},
                   {}, 2, "random-training");
      }
  Drafter first{row, DType::kFloat, out, false};
  refusal_cases(first, v >= 12);
}

// Dropout's property (the check beside its kernels): the case's node and inputs, a backend's outputs.
PropertyResult dropout_property(const BoundCase& c, const std::vector<Tensor>& actual) {
  SemanticsRecord record;
  const Node node(c.node, "Dropout-" + std::to_string(c.since_version), record);
  std::vector<const Tensor*> pointers;
  for (const auto& input : c.inputs) pointers.push_back(input ? &*input : nullptr);
  const ops::dropout::Verdict v = ops::dropout::check(node, Inputs(pointers), c.since_version, actual);
  return {v.failure, v.bad};
}

}  // namespace touchstone::cases
