// The dot products behind MatMul, Gemm and Einsum outputs, for touchstone-fault-backend's
// summation modes (sum_modes.cpp): for each output element (in the output's order) the
// factors of each term, so that a mode can multiply and add them its own way.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "reference/tensor.h"

namespace touchstone::testing {

// One output element: y = alpha * sum over terms (product of the factors) + beta * c.
struct DotElement {
  std::vector<std::vector<double>> terms;  // each term's factors
  double alpha = 1, beta = 0, c = 0;       // Gemm's scaling and its C element (beta = 0: none)
};

// Attributes of the node, as the fault backend reads them from the model.
struct ContractionNode {
  std::string op;                    // "MatMul", "Gemm" or "Einsum"
  double alpha = 1, beta = 1;        // Gemm
  bool trans_a = false, trans_b = false;
  std::string equation;              // Einsum
};

// The output elements of `node` on `inputs` (float tensors), or nothing for a form these
// modes leave to the reference: Einsum with an ellipsis or a label repeated within one
// operand, shapes that do not fit the op (its refusals).
std::optional<std::vector<DotElement>> dot_elements(const ContractionNode& node, const std::vector<const Tensor*>& inputs);

}  // namespace touchstone::testing
