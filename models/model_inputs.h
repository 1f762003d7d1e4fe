// A model's inputs for a run: read from a folder in ONNX's test-data layout (input_0.pb,
// input_1.pb, ... in the order of the graph's feedable inputs), or generated
// deterministically from the declared types and shapes, each symbolic dimension given by
// name. Generated values depend only on the input's name and the seed (cases/values.h).
#pragma once
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "models/input_recipes.h"
#include "models/model_summary.h"
#include "reference/value.h"

namespace touchstone::models {

struct InputOptions {
  std::filesystem::path folder;           // empty: generate
  std::map<std::string, int64_t> dims;    // symbolic dimension -> size
  uint64_t seed = 0;
  std::vector<InputRecipe> recipes;       // inputs given a meaning (input_recipes.h)
};

// Throws Error kIo for a missing or extra input file, std::invalid_argument for what the
// caller must supply (a symbolic dimension not given, an input that cannot be generated).
Values model_inputs(const ModelSummary& model, const InputOptions& options);

// "name=N" -> (name, N), N >= 0; throws std::invalid_argument on anything else.
std::pair<std::string, int64_t> parse_dim(const std::string& text);

}  // namespace touchstone::models
