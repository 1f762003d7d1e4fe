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

// An input with a recipe: its dtype from the declaration, its shape from @SHAPE or the
// declared dimensions.
Value from_recipe(const ModelInput& input, const InputRecipe& r, const std::map<std::string, int64_t>& dims, uint64_t seed) {
  const auto dtype = input.type.has_tensor_type() ? dtype_from_code(input.type.tensor_type().elem_type()) : std::nullopt;
  if (!dtype) throw std::invalid_argument("--input " + r.input + ": the input is not a tensor of a known element type");
  const Shape shape = r.shape ? *r.shape : shape_of(input, dims);
  if (r.shape && input.has_shape) {
    bool fits = r.shape->size() == input.dims.size();
    for (size_t k = 0; fits && k < input.dims.size(); ++k) fits = input.dims[k].value < 0 || input.dims[k].value == (*r.shape)[k];
    if (!fits) throw std::invalid_argument("--input " + r.input + ": @" + shape_to_string(*r.shape) + " does not fit the declared shape");
  }
  return recipe_value(r, *dtype, shape, cases::seed_of(input.name) ^ seed);
}

Values model_inputs(const ModelSummary& model, const InputOptions& options) {
  for (const auto& r : options.recipes) {
    bool known = false;
    for (const auto& input : model.inputs) known |= input.name == r.input;
    if (!known) throw std::invalid_argument("--input " + r.input + ": the model has no feedable input of that name");
  }
  if (!options.folder.empty()) {
    if (!options.recipes.empty()) throw std::invalid_argument("--input and --inputs exclude each other");
    return read_inputs(model, options.folder);
  }
  Values inputs;
  for (const auto& input : model.inputs) {
    const InputRecipe* recipe = nullptr;
    for (const auto& r : options.recipes)
      if (r.input == input.name) recipe = &r;
    inputs.push_back(recipe ? from_recipe(input, *recipe, options.dims, options.seed) : generated(input, options.dims, options.seed));
  }
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
