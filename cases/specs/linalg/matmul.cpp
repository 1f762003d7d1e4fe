// Case specs of MatMul, MatMulInteger and Gemm.
//
// MatMul/Gemm: 2-D, 1-D promotion, batch broadcasting, K = 4096, transposes, alpha/beta,
// C broadcast by version, C absent (11+); refusals: inner dimensions, ranks.
// MatMulInteger: MatMul's shapes with zero points per tensor, row and column; 255^2 terms.
// The reduction length of each case, for its tolerance, is what the kernel reports
// (Node::record_terms); the contracts are in ../spec_table.cpp.
#include <optional>

#include "cases/specs/core/binary.h"
#include "cases/specs/linalg/linalg_cases.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using binary::add;

// MatMulInteger-10, per (T1, T2): MatMul's shapes; zero points absent, per tensor (scalar,
// one element), per row of A / column of B (2-D vectors, N-D (..., M, 1) / (..., 1, N)); the
// extremes (A - a_zp)(B - b_zp) = +-255^2 over K = 4096 and past int32 (K = 33026).
void matmul_integer_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::string label = row.label();
  const auto params = input_type_params(row);
  bool smoke_refusal = true;
  for (DType ta : params[0].allowed)
    for (DType tb : params[1].allowed) {
      bool smoke = true;
      auto one = [&](const char* name, Shape a, Shape b, std::optional<Shape> za = std::nullopt,
                     std::optional<Shape> zb = std::nullopt, const std::string& rule = "") {
        const std::string id = case_id(row, {ta, tb}, name);
        std::vector<Tensor> in = {random_of(id + "/A", ta, a), random_of(id + "/B", tb, b)};
        if (za || zb) in.push_back(random_of(id + "/a_zero_point", ta, za.value_or(Shape{})));
        if (zb) in.push_back(random_of(id + "/b_zero_point", tb, *zb));
        bool& first = rule.empty() ? smoke : smoke_refusal;
        add(out, name, std::move(in), {}, {rule.empty() ? "random" : "shape"}, rule.empty() ? "" : label + ": " + rule, first);
        first = false;
      };
      one("3x4_4x5", {3, 4}, {4, 5});
      one("vec4_4x5", {4}, {4, 5});
      one("3x4_vec4", {3, 4}, {4});
      one("vec7_vec7", {7}, {7});
      one("batch_2x1x3x4_3x4x2", {2, 1, 3, 4}, {3, 4, 2});
      one("empty_k_3x0_0x2", {3, 0}, {0, 2});
      one("a_zp_scalar_3x4_4x5", {3, 4}, {4, 5}, Shape{});
      one("zp_scalars_3x4_4x5", {3, 4}, {4, 5}, Shape{}, Shape{});
      one("zp_one_element_vec7_vec7", {7}, {7}, Shape{1}, Shape{1});
      one("zp_row_col_3x4_4x5", {3, 4}, {4, 5}, Shape{3}, Shape{5});
      one("zp_row_col_nd_2x3x4_2x4x5", {2, 3, 4}, {2, 4, 5}, Shape{2, 3, 1}, Shape{2, 1, 5});
      one("zp_row_col_batch_2x1x3x4_3x4x2", {2, 1, 3, 4}, {3, 4, 2}, Shape{2, 1, 3, 1}, Shape{3, 1, 2});
      // Every term (A - a_zp)(B - b_zp) is 255^2 in magnitude (int8: -128 - 127; uint8:
      // 0 - 255): 4096 terms fit int32, 33026 do not.
      auto extreme = [&](const char* name, int64_t k, const char* tag) {
        auto low = [](DType t) { return t == DType::kInt8 ? -128.0 : 0.0; };
        auto high = [](DType t) { return t == DType::kInt8 ? 127.0 : 255.0; };
        add(out, name,
            {tensor_of(ta, {1, k}, std::vector<double>(static_cast<size_t>(k), low(ta))),
             tensor_of(tb, {k, 1}, std::vector<double>(static_cast<size_t>(k), low(tb))), tensor_of(ta, {}, {high(ta)}),
             tensor_of(tb, {}, {high(tb)})},
            {}, {tag}, "", false);
      };
      extreme("extremes_k4096", 4096, "special-values");
      extreme("extremes_overflow_k33026", 33026, "overflow");
      one("refuse_inner_3x4_5x2", {3, 4}, {5, 2}, std::nullopt, std::nullopt, "inner dimensions must agree");
      one("refuse_a_zp_4_for_3x4", {3, 4}, {4, 5}, Shape{4}, std::nullopt,
          "a_zero_point is a scalar, an M-vector or A's shape with K = 1");
      one("refuse_b_zp_4_for_4x5", {3, 4}, {4, 5}, Shape{}, Shape{4},
          "b_zero_point is a scalar, an N-vector or B's shape with K = 1");
    }
}

}  // namespace

void matmul_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  if (row.op == "MatMulInteger") return matmul_integer_cases(row, out);
  const bool gemm = row.op == "Gemm";
  const std::string label = row.label();
  bool smoke_refusal = true;
  const auto params = input_type_params(row);
  for (DType t : params.front().allowed) {
    bool smoke = true;
    auto pair_case = [&](const char* name, Shape a, Shape b, std::vector<onnx::AttributeProto> attrs,
                         std::optional<Shape> c = std::nullopt, const std::string& rule = "") {
      const std::string id = case_id(row, {t}, name);
      std::vector<Tensor> in = {random_of(id + "/A", t, a), random_of(id + "/B", t, b)};
      if (c) in.push_back(random_of(id + "/C", t, *c));
      add(out, name, std::move(in), std::move(attrs), {rule.empty() ? "random" : "shape"}, rule.empty() ? "" : label + ": " + rule,
          rule.empty() ? smoke : smoke_refusal);
      (rule.empty() ? smoke : smoke_refusal) = false;
    };
    // Special values along K: row (1, n) of them times a column of ones (C = 0 for Gemm).
    const Tensor specials = special_values(t);
    const int64_t n = specials.size();
    Tensor row_of_specials(t, {1, n});
    std::copy(specials.bytes().begin(), specials.bytes().end(), row_of_specials.mutable_bytes().begin());
    std::vector<Tensor> sv = {row_of_specials, tensor_of(t, {n, 1}, std::vector<double>(static_cast<size_t>(n), 1.0))};
    if (gemm) sv.push_back(tensor_of(t, {1, 1}, {0.0}));
    add(out, "special_values", std::move(sv), {}, {"special-values"}, "", false);
    if (!gemm) {
      pair_case("3x4_4x5", {3, 4}, {4, 5}, {});
      pair_case("vec4_4x5", {4}, {4, 5}, {});
      pair_case("3x4_vec4", {3, 4}, {4}, {});
      pair_case("vec7_vec7", {7}, {7}, {});
      pair_case("batch_2x1x3x4_3x4x2", {2, 1, 3, 4}, {3, 4, 2}, {});
      pair_case("empty_k_3x0_0x2", {3, 0}, {0, 2}, {});
      if (is_float_dtype(t)) pair_case("long_1x4096_4096x2", {1, 4096}, {4096, 2}, {});
      pair_case("refuse_inner_3x4_5x2", {3, 4}, {5, 2}, {}, std::nullopt, "inner dimensions must agree");
      pair_case("refuse_batch_2x3x4_3x4x2", {2, 3, 4}, {3, 4, 2}, {}, std::nullopt,
                "batch dimensions broadcast by numpy's rule");
    } else {
      const bool legacy = row.since_version < 7;
      const std::vector<onnx::AttributeProto> bcast = legacy ? std::vector{make_attr("broadcast", int64_t{1})}
                                                             : std::vector<onnx::AttributeProto>{};
      pair_case("3x4_4x5_c3x5", {3, 4}, {4, 5}, {}, Shape{3, 5});
      pair_case("3x4_4x5_c5", {3, 4}, {4, 5}, bcast, Shape{5});
      pair_case("transA_4x3_transB_5x4_c3x5", {4, 3}, {5, 4},
                {make_attr("transA", int64_t{1}), make_attr("transB", int64_t{1})}, Shape{3, 5});
      if (is_float_dtype(t)) {
        pair_case("alpha_beta_3x4_4x5", {3, 4}, {4, 5}, {make_attr("alpha", 0.5f), make_attr("beta", 2.0f)}, Shape{3, 5});
        pair_case("long_2x4096_4096x3", {2, 4096}, {4096, 3}, {}, Shape{2, 3});
      }
      if (row.since_version >= 11) pair_case("no_c_3x4_4x5", {3, 4}, {4, 5}, {});
      if (!legacy) pair_case("c_1x5_3x4_4x5", {3, 4}, {4, 5}, {}, Shape{1, 5});
      pair_case("refuse_inner_3x4_5x2", {3, 4}, {5, 2}, {}, Shape{3, 2}, "inner dimensions of A' and B' must agree");
      pair_case("refuse_rank3", {1, 3, 4}, {4, 5}, {}, Shape{3, 5}, "A and B must be 2-D");
      pair_case("refuse_c_4x5", {3, 4}, {4, 5}, bcast, Shape{4, 5}, "C must broadcast to (M, N)");
    }
  }
}

}  // namespace touchstone::cases
