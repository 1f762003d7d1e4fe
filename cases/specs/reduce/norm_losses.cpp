// Case specs of LpNormalization, NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss.
//
// LpNormalization: p 1 and 2, axes, zero rows, squares that overflow/underflow, 4096
// long rows, specials; p/axis refusals.
// Losses: every (T, Tind), reductions none/sum/mean, weights, ignore_index (in and out of
// [0, C), all ignored), (N, C) and (N, C, d1, d2), large scores (SCE), log_prob (SCE),
// specials; target/weight shape, reduction and out-of-range target refusals.
// The reduction length of each case, for its tolerance, is what the kernel reports
// (Node::record_terms); the contracts are in ../spec_table.cpp.
#include <cmath>
#include <limits>
#include <optional>

#include "cases/specs/core/binary.h"
#include "cases/specs/reduce/reduce_cases.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using binary::add;

}  // namespace

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
