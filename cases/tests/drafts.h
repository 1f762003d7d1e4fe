// A bare draft for the tests of what the generator derives from one (judging refinements,
// schema refusals): the inputs and attributes given, nothing else.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "cases/case.h"

namespace touchstone::cases::testing {

inline CaseDraft draft_of(std::vector<Tensor> inputs, std::vector<onnx::AttributeProto> attrs = {},
                          std::string name = "draft") {
  CaseDraft d;
  d.name = std::move(name);
  d.inputs = std::move(inputs);
  d.attributes = std::move(attrs);
  return d;
}

}  // namespace touchstone::cases::testing
