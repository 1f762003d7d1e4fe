// Case specs of Einsum and Det.
//
// Einsum: matrix product explicit and implicit, batches, ellipsis (broadcast, implicit
// placement), trace, diagonals, transpose, full sum, outer product, three operands, upper
// and lower case labels, spaces, an empty sum, 4096 terms (floats), specials, integer
// overflow; a refusal per equation rule (types: cases/refusals.h).
// Det: 1x1 to 8x8, batches, empty matrices (1), pivoting, singular, cancellation that
// float arithmetic loses, wide exponents, ill-conditioned (Hilbert), specials; refusals.
// The reduction length of each case, for its tolerance, is what the kernel reports
// (Node::record_terms); the contracts are in ../spec_table.cpp.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "cases/specs/core/binary.h"
#include "cases/specs/linalg/linalg_cases.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using binary::add;

// Precision and largest exponent of the float types Det takes.
struct Format {
  int precision, max_exponent;
};
Format format_of(DType t) {
  switch (t) {
    case DType::kFloat16: return {11, 15};
    case DType::kBFloat16: return {8, 127};
    case DType::kFloat: return {24, 127};
    default: return {53, 1023};
  }
}

}  // namespace

void einsum_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::string label = row.label();
  const auto allowed = input_type_params(row).front().allowed;
  for (DType t : allowed) {
    bool smoke = true;
    auto one = [&](const char* name, const std::string& eq, std::vector<Shape> shapes,
                   const char* tag = "random", std::optional<Domain> domain = std::nullopt) {
      // Integers small enough that no sum of products here overflows int8 (3 operands, 12 terms).
      Domain d = domain.value_or(Domain{});
      if (!domain && !is_float_dtype(t)) {
        const bool unsigned_type = t == DType::kUInt8 || t == DType::kUInt16 || t == DType::kUInt32 || t == DType::kUInt64;
        d.int_lo = unsigned_type ? 0 : -2;
        d.int_hi = 2;
      }
      std::vector<Tensor> in;
      for (size_t i = 0; i < shapes.size(); ++i)
        in.push_back(random_of(case_id(row, {t}, name) + "/" + std::to_string(i), t, shapes[i], d));
      add(out, name, std::move(in), {make_attr("equation", eq)}, {tag}, "", smoke);
      smoke = false;
    };
    one("matmul_ij_jk", "ij,jk->ik", {{3, 4}, {4, 5}});
    one("implicit_ij_jk", "ij,jk", {{3, 4}, {4, 5}});
    one("implicit_sorted_kj_ji", "kj,ji", {{3, 4}, {4, 2}});
    one("batch_bij_bjk", "bij,bjk->bik", {{2, 3, 4}, {2, 4, 5}});
    one("ellipsis_broadcast", "...ij,...jk->...ik", {{2, 3, 4}, {1, 4, 2}});
    one("ellipsis_implicit", "...ij,...j", {{2, 3, 4}, {2, 4}});
    one("ellipsis_middle", "i...j->j...i", {{2, 3, 4}});
    one("trace_ii", "ii", {{4, 4}});
    one("diagonal_ii_i", "ii->i", {{4, 4}});
    one("batch_diagonal", "...ii->...i", {{2, 3, 3}});
    one("repeated_iij_j", "iij,j->i", {{3, 3, 4}, {4}});
    one("transpose", "ij->ji", {{3, 4}});
    one("sum_all", "ij->", {{3, 4}});
    one("sum_axis", "ijk->ik", {{2, 5, 3}});
    one("outer", "i,j->ij", {{3}, {4}});
    one("three_operands", "ij,jk,kl->il", {{2, 3}, {3, 4}, {4, 2}});
    one("upper_lower_Ab_bC", "Ab,bC->AC", {{2, 3}, {3, 4}});
    one("spaces", " ij , jk -> ik ", {{2, 3}, {3, 2}});
    one("empty_sum", "ij,jk->ik", {{3, 0}, {0, 2}}, "empty");
    one("empty_output", "ij,jk->ik", {{0, 3}, {3, 2}}, "empty");
    one("scalar_operand", ",i->i", {{}, {4}});
    if (is_float_dtype(t)) {
      one("long_4096", "i,i->", {{4096}, {4096}});
      Domain wide;
      wide.exp_lo = -20;
      wide.exp_hi = 20;
      one("cancel_1024", "i,i->", {{1024}, {1024}}, "rounding", wide);
    } else {
      Domain big;
      big.int_lo = std::numeric_limits<int64_t>::min() / 2;
      big.int_hi = std::numeric_limits<int64_t>::max() / 2;
      one("overflow_64", "i,i->", {{64}, {64}}, "overflow", big);
    }
    const Tensor specials = special_values(t);
    add(out, "special_values", {specials, tensor_of(t, specials.shape(), std::vector<double>(specials.size(), 1.0))},
        {make_attr("equation", std::string("i,i->"))}, {"special-values"}, "", false);
  }
  // Refusals, each naming its rule.
  const DType t = allowed.front();
  bool first = true;
  auto refuse = [&](const char* name, const std::string& eq, std::vector<Shape> shapes, const std::string& rule) {
    std::vector<Tensor> in;
    for (size_t i = 0; i < shapes.size(); ++i) in.push_back(random_of(case_id(row, {t}, name) + std::to_string(i), t, shapes[i]));
    add(out, name, std::move(in), {make_attr("equation", eq)}, {"equation"}, label + ": " + rule, first);
    first = false;
  };
  refuse("refuse_terms_operands", "ij,jk->ik", {{2, 3}}, "one term per operand");
  refuse("refuse_rank", "ijk->i", {{2, 3}}, "a term without ellipsis has one label per dimension");
  refuse("refuse_character", "i1->i", {{2, 3}}, "only letters, ',', '...', '->' and spaces");
  refuse("refuse_lone_dot", "..ij", {{2, 3}}, "a '.' must be part of an ellipsis");
  refuse("refuse_two_ellipses", "...i...", {{2, 3}}, "a term holds at most one ellipsis");
  refuse("refuse_two_arrows", "ij->j->i", {{2, 3}}, "one \"->\" at most");
  refuse("refuse_output_label_unknown", "ij->k", {{2, 3}}, "output labels occur in the inputs");
  refuse("refuse_output_label_twice", "ij->ii", {{2, 3}}, "an output label occurs once");
  refuse("refuse_label_sizes", "ij,ij->i", {{2, 3}, {2, 2}}, "a label's dimensions agree");
  refuse("refuse_ellipsis_counts", "...ij,...jk->...ik", {{2, 2, 3}, {3, 2}},
         "every ellipsis represents the same number of dimensions");
  refuse("refuse_ellipsis_broadcast", "...i,...i", {{2, 3}, {3, 3}}, "ellipsis dimensions broadcast");
  refuse("refuse_output_without_ellipsis", "...i->i", {{2, 3}}, "the output holds the ellipsis' dimensions");
}

void det_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::string label = row.label();
  const auto allowed = input_type_params(row).front().allowed;
  for (DType t : allowed) {
    bool smoke = true;
    auto one = [&](const char* name, Shape shape, const char* tag = "random", Domain d = {}) {
      add(out, name, {random_of(case_id(row, {t}, name), t, shape, d)}, {}, {tag}, "", smoke);
      smoke = false;
    };
    auto fixed = [&](const char* name, Shape shape, std::vector<double> v, const char* tag) {
      add(out, name, {tensor_of(t, shape, v)}, {}, {tag}, "", false);
    };
    one("2x2", {2, 2});
    one("1x1", {1, 1});
    one("3x3", {3, 3});
    one("5x5", {5, 5});
    one("8x8", {8, 8});
    one("batch_2x3x4x4", {2, 3, 4, 4});
    one("empty_0x0", {0, 0}, "empty");
    one("batch_of_empty_3x0x0", {3, 0, 0}, "empty");
    one("empty_batch_0x2x2", {0, 2, 2}, "empty");
    Domain ints;
    ints.integral = true;
    ints.int_lo = -3;
    ints.int_hi = 3;
    one("integral_4x4", {4, 4}, "random", ints);
    fixed("pivot_zero_3x3", {3, 3}, {0, 2, 1, 3, 0, 1, 1, 1, 0}, "pivot");
    fixed("singular_3x3", {3, 3}, {1, 2, 3, 4, 5, 6, 5, 7, 9}, "singular");
    // (1 + e)(1 - e) - 1 = -e^2, lost by the type's own arithmetic (e^2 below half an ulp of 1).
    const int p = format_of(t).precision;
    const double e = std::ldexp(1.0, -(p + 1) / 2 - 1);
    fixed("cancel_2x2", {2, 2}, {1 + e, 1, 1, 1 - e}, "rounding");
    if (format_of(t).max_exponent >= 127)
      fixed("wide_exponents_2x2", {2, 2}, {std::ldexp(1.0, 100), 3, 1, std::ldexp(1.0, -100)}, "rounding");
    std::vector<double> hilbert;
    for (int i = 0; i < 5; ++i)
      for (int j = 0; j < 5; ++j) hilbert.push_back(1.0 / (i + j + 1));
    fixed("hilbert_5x5", {5, 5}, hilbert, "rounding");
    fixed("special_values", {4, 2, 2}, {INFINITY, 1, 1, 1, NAN, 0, 0, 1, 1, 2, -INFINITY, 0, 65504, 65504, -65504, 65504}, "special-values");
  }
  const DType t = allowed.front();
  add(out, "refuse_not_square_2x3", {random_of(case_id(row, {t}, "refuse_ns"), t, {2, 3})}, {}, {"shape"},
      label + ": the inner-most 2 dimensions form square matrices", true);
  add(out, "refuse_rank1", {random_of(case_id(row, {t}, "refuse_r1"), t, {4})}, {}, {"shape"},
      label + ": X has shape [*, M, M] (rank >= 2)", false);
}

}  // namespace touchstone::cases
