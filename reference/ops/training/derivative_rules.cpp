// The table of derivative rules (derivative_rules.h): the elementwise and structured ones.
#include "reference/ops/training/derivative_rules.h"

#include <algorithm>

namespace touchstone::ops::training {

const DerivativeRule* derivative_rule(std::string_view op) {
  for (const auto* rules : {&elementwise_rules(), &structured_rules()})
    for (const auto& r : *rules)
      if (r.op == op) return &r;
  return nullptr;
}

std::string differentiable_ops() {
  std::vector<std::string_view> names;
  for (const auto* rules : {&elementwise_rules(), &structured_rules()})
    for (const auto& r : *rules) names.push_back(r.op);
  std::sort(names.begin(), names.end());
  std::string out;
  for (auto n : names) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

}  // namespace touchstone::ops::training
