// Case specs of Einsum, Det, LpNormalization, NegativeLogLikelihoodLoss and
// SoftmaxCrossEntropyLoss.
//
// Einsum: matrix product explicit and implicit, batches, ellipsis (broadcast, implicit
// placement), trace, diagonals, transpose, full sum, outer product, three operands, upper
// and lower case labels, spaces, an empty sum, 4096 terms (floats), specials, integer
// overflow; a refusal per equation rule (types: cases/refusals.h).
// Det: 1x1 to 8x8, batches, empty matrices (1), pivoting, singular, cancellation that
// float arithmetic loses, wide exponents, ill-conditioned (Hilbert), specials; refusals.
// LpNormalization: p 1 and 2, axes, zero rows, squares that overflow/underflow, 4096
// long rows, specials; p/axis refusals.
// Losses: every (T, Tind), reductions none/sum/mean, weights, ignore_index (in and out of
// [0, C), all ignored), (N, C) and (N, C, d1, d2), large scores (SCE), log_prob (SCE),
// specials; target/weight shape, reduction and out-of-range target refusals.
// The reduction length of each case, for its tolerance, is what the kernel reports
// (Node::record_terms); the contracts are in ../spec_table.cpp.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "cases/specs/binary.h"
#include "cases/specs/specs.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using binary::add;

Tensor random_of(const std::string& id, DType t, const Shape& shape, Domain domain = {}) {
  Rng rng(seed_of(id));
  return random_tensor(rng, t, shape, domain);
}

// A (1, n) or (n) tensor of the type's special values.
Tensor specials_as(DType t, Shape shape) {
  const Tensor s = special_values(t);
  Tensor r(t, std::move(shape));
  std::copy(s.bytes().begin(), s.bytes().end(), r.mutable_bytes().begin());
  return r;
}

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

void lp_normalization_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::string label = row.label();
  const auto allowed = input_type_params(row).front().allowed;
  for (DType t : allowed) {
    bool smoke = true;
    auto one = [&](const char* name, Shape shape, std::optional<int64_t> p, std::optional<int64_t> axis,
                   const char* tag = "random", Domain d = {}) {
      std::vector<onnx::AttributeProto> attrs;
      if (p) attrs.push_back(make_attr("p", *p));
      if (axis) attrs.push_back(make_attr("axis", *axis));
      add(out, name, {random_of(case_id(row, {t}, name), t, shape, d)}, std::move(attrs), {tag}, "", smoke);
      smoke = false;
    };
    one("default_3x4x5", {3, 4, 5}, std::nullopt, std::nullopt);
    one("p1_3x4x5", {3, 4, 5}, int64_t{1}, std::nullopt);
    one("p2_axis1_3x4x5", {3, 4, 5}, int64_t{2}, int64_t{1});
    one("p1_axis0_3x4x5", {3, 4, 5}, int64_t{1}, int64_t{0});
    one("p2_axis_neg2_3x4x5", {3, 4, 5}, int64_t{2}, int64_t{-2});
    one("vector_7", {7}, std::nullopt, std::nullopt);
    one("empty_0x4", {0, 4}, std::nullopt, std::nullopt, "empty");
    one("empty_axis_3x0", {3, 0}, std::nullopt, std::nullopt, "empty");
    Domain wide;
    wide.exp_lo = -60;
    wide.exp_hi = 60;  // squares beyond float's range both ways (clamped by the type)
    one("wide_exponents_4x8", {4, 8}, int64_t{2}, std::nullopt, "rounding", wide);
    if (is_float_dtype(t)) one("long_1x4096", {1, 4096}, int64_t{2}, std::nullopt);
    add(out, "zero_rows", {tensor_of(t, {3, 3}, {0, 0, 0, 1, 0, -0.0, -0.0, -0.0, -0.0})}, {}, {"zero-norm"}, "", false);
    for (int64_t p : {1, 2}) {
      const Tensor s = special_values(t);
      add(out, p == 1 ? "special_values_p1" : "special_values_p2", {specials_as(t, {1, s.size()})},
          {make_attr("p", p)}, {"special-values"}, "", false);
      add(out, p == 1 ? "special_columns_p1" : "special_columns_p2", {specials_as(t, {s.size(), 1})},
          {make_attr("p", p), make_attr("axis", int64_t{0})}, {"special-values"}, "", false);
    }
  }
  const DType t = allowed.front();
  const Tensor x = random_of(case_id(row, {t}, "refuse"), t, {3, 4});
  add(out, "refuse_p3", {x}, {make_attr("p", int64_t{3})}, {"attribute"}, label + ": p is 1 or 2", true);
  add(out, "refuse_p0", {x}, {make_attr("p", int64_t{0})}, {"attribute"}, label + ": p is 1 or 2", false);
  add(out, "refuse_axis_2_rank2", {x}, {make_attr("axis", int64_t{2})}, {"axis"}, label + ": axis lies in [-r, r-1]", false);
  add(out, "refuse_axis_neg3_rank2", {x}, {make_attr("axis", int64_t{-3})}, {"axis"}, label + ": axis lies in [-r, r-1]", false);
}

void loss_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::string label = row.label();
  const bool sce = row.op == "SoftmaxCrossEntropyLoss";
  const auto params = input_type_params(row);
  const auto& floats = params[0].allowed;
  const auto& indices = params[1].allowed;
  for (DType t : floats)
    for (DType ti : indices) {
      bool smoke = true;
      auto targets = [&](const std::string& id, const Shape& shape, int64_t c, int64_t lo = 0) {
        Domain d;
        d.int_lo = lo;
        d.int_hi = c - 1;
        return random_of(id + "/target", ti, shape, d);
      };
      // x (N, C, d...), targets over [lo, C), optional weights; reduction; ignore_index.
      auto one = [&](const std::string& name, Shape x_shape, std::optional<std::string> reduction, bool weight,
                     std::optional<int64_t> ignore, int64_t lo = 0, const char* tag = "random", Domain xd = {}) {
        const std::string id = case_id(row, {t, ti}, name);
        Shape ts = x_shape;
        ts.erase(ts.begin() + 1);
        const int64_t c = x_shape[1];
        std::vector<Tensor> in = {random_of(id, t, x_shape, xd), targets(id, ts, c, lo)};
        if (weight) {
          Domain wd;
          wd.negative = false;
          in.push_back(random_of(id + "/weight", t, {c}, wd));
        }
        std::vector<onnx::AttributeProto> attrs;
        if (reduction) attrs.push_back(make_attr("reduction", *reduction));
        if (ignore) attrs.push_back(make_attr("ignore_index", *ignore));
        add(out, name, std::move(in), std::move(attrs), {tag}, "", smoke);
        if (sce) out.back().outputs = 2;
        smoke = false;
      };
      for (const char* r : {"none", "sum", "mean"}) {
        const std::string rs = r;
        one(rs + "_NC_3x5", {3, 5}, rs, false, std::nullopt);
        one(rs + "_weight_NC_3x5", {3, 5}, rs, true, std::nullopt);
        one(rs + "_weight_NCd1d2_2x3x4x2", {2, 3, 4, 2}, rs, true, std::nullopt);
        // Ignored samples: their zero's sign is open (reduction none), so not "random".
        one(rs + "_ignore_in_range_NCd1_3x4x5", {3, 4, 5}, rs, true, int64_t{1}, 0, "ignored");
        one(rs + "_ignore_negative_NCd1_3x4x5", {3, 4, 5}, rs, false, int64_t{-1}, -1, "ignored");
      }
      one("default_reduction_NCd1_2x3x4", {2, 3, 4}, std::nullopt, false, std::nullopt);
      one("mean_long_4096x3", {4096, 3}, std::string("mean"), true, std::nullopt);
      one("empty_batch_0x3", {0, 3}, std::string("sum"), false, std::nullopt, 0, "empty");
      {
        // Every target ignored: the mean is 0/0 (NaN, implementation-defined).
        const std::string id = case_id(row, {t, ti}, "mean_all_ignored");
        add(out, "mean_all_ignored", {random_of(id, t, {2, 3}), tensor_of(ti, {2}, {2, 2})},
            {make_attr("ignore_index", int64_t{2})}, {"empty"}, "", false);
        if (sce) out.back().outputs = 2;
      }
      if (sce) {
        Domain large;
        large.exp_lo = 0;
        large.exp_hi = 10;  // up to ~2000: exp overflows without the max shift
        one("large_scores_sum_4x6", {4, 6}, std::string("sum"), false, std::nullopt, 0, "rounding", large);
      }
      {
        // Special values as the input's values along C, every class chosen once.
        const Tensor s = special_values(t);
        const int64_t c = s.size();
        Tensor x = specials_as(t, {1, c});
        Tensor x2(t, {c, c});
        for (int64_t i = 0; i < c; ++i)
          std::copy(x.bytes().begin(), x.bytes().end(), x2.mutable_bytes().begin() + i * static_cast<int64_t>(x.bytes().size()));
        std::vector<double> cls;
        for (int64_t i = 0; i < c; ++i) cls.push_back(static_cast<double>(i));
        add(out, "special_values_none", {x2, tensor_of(ti, {c}, cls)}, {make_attr("reduction", std::string("none"))},
            {"special-values"}, "", false);
        if (sce) out.back().outputs = 2;
      }
    }
  // Refusals.
  const DType t = floats.front(), ti = indices.back();
  const std::string id = case_id(row, {t, ti}, "refuse");
  const Tensor x = random_of(id, t, {3, 4});
  const Tensor good = tensor_of(ti, {3}, {0, 1, 3});
  bool first = true;
  auto refuse = [&](const char* name, std::vector<Tensor> in, std::vector<onnx::AttributeProto> attrs, const std::string& rule) {
    add(out, name, std::move(in), std::move(attrs), {"shape"}, label + ": " + rule, first);
    first = false;
  };
  refuse("refuse_target_out_of_range", {x, tensor_of(ti, {3}, {0, 4, 1})}, {}, "target values lie in [0, C)");
  refuse("refuse_target_negative", {x, tensor_of(ti, {3}, {0, -1, 1})}, {}, "target values lie in [0, C)");
  refuse("refuse_target_not_ignored", {x, tensor_of(ti, {3}, {0, -2, 1})}, {make_attr("ignore_index", int64_t{-1})},
         "target values lie in [0, C) or equal ignore_index");
  refuse("refuse_target_shape", {x, tensor_of(ti, {4}, {0, 1, 2, 3})}, {}, "the target is (N, d1, ..., dk)");
  refuse("refuse_weight_shape", {x, good, tensor_of(t, {3}, {1, 1, 1})}, {}, "the weight is a tensor of size C");
  refuse("refuse_rank1_input", {tensor_of(t, {3}, {1, 2, 3}), tensor_of(ti, {}, {0})}, {}, "the input is (N, C, d1, ..., dk)");
  refuse("refuse_reduction", {x, good}, {make_attr("reduction", std::string("average"))}, "reduction is none, sum or mean");
}

}  // namespace touchstone::cases
