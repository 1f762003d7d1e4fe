#include "models/model_inputs.h"

#include <stdexcept>

#include "cases/values.h"
#include "reference/error.h"
#include "reference/value_proto.h"

namespace touchstone::models {

namespace {

Values read_inputs(const ModelSummary& model, const std::filesystem::path& dir) {
  Values inputs;
  for (size_t i = 0; i < model.inputs.size(); ++i) {
    const auto path = dir / ("input_" + std::to_string(i) + ".pb");
    if (!std::filesystem::exists(path))
      io_error(path.string() + ": missing; the model takes " + std::to_string(model.inputs.size()) + " inputs (" +
               std::to_string(i) + " is '" + model.inputs[i].name + "')");
    inputs.push_back(read_value_file(path, model.inputs[i].type));
  }
  if (std::filesystem::exists(dir / ("input_" + std::to_string(inputs.size()) + ".pb")))
    io_error(dir.string() + " holds more input files than the model's " + std::to_string(inputs.size()) + " inputs");
  return inputs;
}

Shape shape_of(const ModelInput& input, const std::map<std::string, int64_t>& dims) {
  if (!input.has_shape)
    throw std::invalid_argument("input '" + input.name + "' declares no shape: give its values with --inputs");
  Shape shape;
  for (size_t k = 0; k < input.dims.size(); ++k) {
    const InputDim& d = input.dims[k];
    if (d.value >= 0) {
      shape.push_back(d.value);
    } else if (auto it = dims.find(d.name); !d.name.empty() && it != dims.end()) {
      shape.push_back(it->second);
    } else {
      throw std::invalid_argument("input '" + input.name + "' dimension " + std::to_string(k) +
                                  (d.name.empty() ? " is unnamed and not fixed: give its values with --inputs"
                                                  : " is '" + d.name + "': give its size with --dim " + d.name + "=N"));
    }
  }
  return shape;
}

// Floats of magnitude in [1/8, 2) of both signs; integers in [0, 9]; booleans either way.
Value generated(const ModelInput& input, const std::map<std::string, int64_t>& dims, uint64_t seed) {
  if (!input.type.has_tensor_type())
    throw std::invalid_argument("input '" + input.name + "' is not a tensor: give its values with --inputs");
  const auto dtype = dtype_from_code(input.type.tensor_type().elem_type());
  if (!dtype || *dtype == DType::kString)
    throw std::invalid_argument("input '" + input.name + "' has an element type that cannot be generated: give its values with --inputs");
  cases::Rng rng(cases::seed_of(input.name) ^ seed);
  cases::Domain domain;
  domain.exp_lo = -3;
  domain.exp_hi = 0;
  domain.int_lo = 0;
  domain.int_hi = 9;
  return Value(cases::random_tensor(rng, *dtype, shape_of(input, dims), domain));
}

}  // namespace

Values model_inputs(const ModelSummary& model, const InputOptions& options) {
  if (!options.folder.empty()) return read_inputs(model, options.folder);
  Values inputs;
  for (const auto& input : model.inputs) inputs.push_back(generated(input, options.dims, options.seed));
  return inputs;
}

std::pair<std::string, int64_t> parse_dim(const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    throw std::invalid_argument("--dim '" + text + "': expected NAME=SIZE");
  size_t used = 0;
  int64_t size = -1;
  try {
    size = std::stoll(text.substr(eq + 1), &used);
  } catch (const std::exception&) {
  }
  if (size < 0 || used != text.size() - eq - 1) throw std::invalid_argument("--dim '" + text + "': SIZE must be a whole number >= 0");
  return {text.substr(0, eq), size};
}

}  // namespace touchstone::models
