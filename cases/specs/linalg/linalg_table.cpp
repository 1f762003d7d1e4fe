// The spec table of the matrix products: one row per op, its recipe, what it sweeps and its
// judging contract (cases/judging.h; exact when absent). spec_table() joins the families'
// tables (../spec_table.cpp).
#include "cases/specs/linalg/linalg_cases.h"
#include "cases/specs/reduce/bounds.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& linalg_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "Det", det_cases, "1x1 to 8x8, batches, empty matrices, pivoting, singular, cancellation, wide exponents, Hilbert, specials, refusals", Judging::element("det", det_element_bounds, 0, 0).with(det_matrix_size, "n = matrix size")},
      {"", "Einsum", einsum_cases, "explicit/implicit output, ellipsis (broadcast, placement), trace, diagonals, three operands, empty sums, 4096 terms, specials, overflow, a refusal per equation rule", Judging::sum().with(einsum_operand_products, "+1 per operand past 2")},
      {"", "Gemm", matmul_cases, "transposes, alpha/beta, C broadcast by version (legacy broadcast=1, unidirectional, absent from 11), K = 4096, refusals", Judging::sum(2)},
      {"", "MatMul", matmul_cases, "2-D, 1-D promotion, batch broadcasting, empty K, K = 4096, refusals", Judging::sum()},
      {"", "MatMulInteger", matmul_cases, "as MatMul per (T1, T2); zero points absent, per tensor, per row/column (vector and N-D), 255^2 terms to and past int32, zero-point shape refusals", Judging::exact()},
  };
  return table;
}

}  // namespace touchstone::cases
