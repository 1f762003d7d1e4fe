// The non-tensor types a type constraint lists, by the key case ids and coverage name them
// (case.h value_type_key: "seq-float32", "opt-seq-int64"): what coverage counts for a
// sequence or optional type parameter, and what the sequence family's specs sweep.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "reference/schema.h"

namespace touchstone::cases {

// The non-tensor types type parameter `param` of `schema` lists, in the order ONNX lists them.
std::vector<std::string> value_type_keys(const Schema& schema, std::string_view param);

}  // namespace touchstone::cases
