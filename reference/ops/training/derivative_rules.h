// The ops Gradient-1 can differentiate (gradient.cpp), each with a forward rule (the op's
// real function on enclosures) and a backward rule (the enclosures of the gradients of its
// inputs from its output's gradient: reverse mode, the chain rule written per op).
// elementwise_rules.cpp: Add, Sub, Mul, Div, Pow, Neg, Abs, Exp, Log, Sqrt, Tanh, Sigmoid,
// Relu, Identity; structured_rules.cpp: MatMul (rank 2), Gemm, ReduceSum, ReduceMean, Softmax.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reference/node.h"
#include "reference/ops/training/real_tensor.h"

namespace touchstone::ops::training {

// One node of the differentiated graph, at one working precision.
struct OpSite {
  const Node& node;                   // the differentiated node: its attributes
  const Node& gradient;               // the Gradient node: open choices are marked on it
  int version;                        // the node's since_version
  std::string label;                  // "Gradient-1: Add-14", for errors
  std::vector<const RealTensor*> in;  // nullptr: an absent optional input
  std::vector<const Tensor*> given;   // an input's tensor when it is a given value (axes), else nullptr
  mpfr_prec_t precision;
};

// Input i's enclosure (present).
inline const RealTensor& operand(const OpSite& s, size_t i) { return *s.in.at(i); }

using Gradients = std::vector<std::optional<RealTensor>>;
struct DerivativeRule {
  std::string_view op;
  RealTensor (*forward)(const OpSite& site);
  // The gradients of the inputs marked in `wanted`, from the output y and its gradient g.
  Gradients (*backward)(const OpSite& site, const RealTensor& y, const RealTensor& g,
                        const std::vector<bool>& wanted);
};

const std::vector<DerivativeRule>& elementwise_rules();
const std::vector<DerivativeRule>& structured_rules();
// The rule of an ai.onnx op; nullptr when Gradient-1 cannot differentiate it.
const DerivativeRule* derivative_rule(std::string_view op);
// "Abs, Add, ...": every op with a rule, sorted.
std::string differentiable_ops();

}  // namespace touchstone::ops::training
