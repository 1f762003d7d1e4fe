// Helpers of the logic and variadic op tests (test_logic.cpp, test_variadic.cpp): small
// tensors written inline, and a check that an op-version refuses a model with its rule.
#pragma once
#include <catch2/catch.hpp>

#include "reference/tests/run_node.h"

namespace touchstone::testing::logic {


inline Tensor bools(std::vector<bool> values, Shape shape = {}) {
  if (shape.empty()) shape = {static_cast<int64_t>(values.size())};
  Tensor t(DType::kBool, shape);
  auto d = t.data<bool>();
  for (size_t i = 0; i < values.size(); ++i) d[i] = values[i];
  return t;
}

// `op` at `opset` must refuse the model as invalid, naming the op-version and `fragment`.
inline void check_invalid(const std::string& op, int opset, const std::vector<Tensor>& in, const std::string& fragment,
                          const std::vector<onnx::AttributeProto>& attrs = {}) {
  const std::string label = op + "-" + std::to_string(opset);
  try {
    run_node(op, opset, in, attrs);
    FAIL(label << " accepted what it should refuse");
  } catch (const Error& e) {
    CHECK(e.kind() == ErrorKind::kInvalidModel);
    CHECK_THAT(e.what(), Catch::Contains(label) && Catch::Contains(fragment));
  }
}

}  // namespace touchstone::testing::logic
