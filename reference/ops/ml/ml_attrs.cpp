#include "reference/ops/ml/ml_attrs.h"

#include "reference/error.h"

namespace touchstone::ops::ml {

std::vector<float> attr_floats(const Node& node, const std::string& name) {
  for (const auto& a : node.proto().attribute())
    if (a.name() == name) return {a.floats().begin(), a.floats().end()};
  return {};
}

void check_feature_list(size_t length, const Shape& x_shape, const std::string& what) {
  if (length == 1) return;
  if (x_shape.empty()) invalid_model(what + " has " + std::to_string(length) + " values; a scalar X takes 1");
  if (static_cast<int64_t>(length) != x_shape.back())
    invalid_model(what + " has " + std::to_string(length) + " values; it must have 1 or one per feature (" +
                  std::to_string(x_shape.back()) + ", X's last dimension)");
}

}  // namespace touchstone::ops::ml
