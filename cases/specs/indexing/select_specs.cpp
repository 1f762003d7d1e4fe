// Case specs of OneHot, NonZero, Compress, ReverseSequence, CumSum and CumProd.
//
// OneHot: every (T1, T2, T3) triple once (indices [0, 2, -1, 5] against depth 3: in range,
// negative — off in 9, from the back in 11 — and past the end); for int64/int64 every T3
// over axes (-1, 0, 1; -2 and -3 from 11), rank 3, scalar and empty indices, depth as a
// 1-element tensor, float indices and depth (truncated), special-valued off/on. Refusals:
// depth 0 and of 2 elements, values of 3 elements, axes out of range, outside types.
// NonZero: every T over shapes (scalar, empty, rank 1-5) and special values.
// Compress: every T; axis 0/1/-1 (11+) and flattened; shorter, empty and all-false
// conditions; refusals: a longer condition, a rank-2 condition, a negative axis in 9.
// ReverseSequence: every T; both axis layouts, lengths 0..time, rank 3; refusals.
// CumSum/CumProd: every T (with both axis types); axes, exclusive/reverse, rank 4, values
// where rounding once matters and special values; refusals.
#include <cmath>

#include "cases/specs/indexing/indexing_cases.h"
#include "cases/refusals.h"
#include "cases/specs/indexing/index_helpers.h"

namespace touchstone::cases {

using namespace indexing;

namespace {

Tensor two_values(DType t, Rng& rng) {
  if (is_float_dtype(t) || is_integer_dtype(t)) return tensor_of(t, {2}, {0, 1});
  return any_tensor(rng, t, {2});
}

}  // namespace

void onehot_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto params = input_type_params(row);  // T1 (indices), T2 (depth), T3 (values)
  const bool v11 = row.since_version >= 11;
  const std::string label = row.label();
  for (DType t1 : params[0].allowed)
    for (DType t2 : params[1].allowed)
      for (DType t3 : params[2].allowed) {
        Rng r(seed_of(case_id(row, {t1, t2, t3}, "indices_4_depth_3")));
        const bool is_unsigned = t1 == DType::kUInt8 || t1 == DType::kUInt16 || t1 == DType::kUInt32 || t1 == DType::kUInt64;
        add(out, "indices_4_depth_3",
            {tensor_of(t1, {4}, {0, 2, is_unsigned ? 1.0 : -1.0, 5}), tensor_of(t2, {}, {3}), two_values(t3, r)}, {},
            {"random"}, "", true);
      }
  const DType i64 = DType::kInt64;
  for (DType t3 : params[2].allowed) {
    Rng r(seed_of(case_id(row, {i64, i64, t3}, "sweep")));
    auto idx = [&](const Shape& shape, int64_t depth) { return random_indices(r, i64, shape, depth + 1, true); };
    auto depth = [&](int64_t d) { return index_tensor(i64, {}, {d}); };
    const Tensor vals = any_tensor(r, t3, {2});
    add(out, "axis0_2x3_depth4", {idx({2, 3}, 4), depth(4), vals}, axis_attr(0), {"random"});
    add(out, "axis1_2x3_depth4", {idx({2, 3}, 4), depth(4), vals}, axis_attr(1), {"random"});
    add(out, "rank3_depth5", {idx({2, 2, 3}, 5), depth(5), vals}, {}, {"random"});
    add(out, "scalar_index", {index_tensor(i64, {}, {1}), depth(3), vals}, {}, {"scalar"});
    add(out, "empty_indices_0x2", {index_tensor(i64, {0, 2}, {}), depth(3), vals}, {}, {"empty"});
    add(out, "depth_as_vector", {idx({4}, 3), index_tensor(i64, {1}, {3}), vals}, {}, {"random"});
    add(out, "index_extremes", {index_tensor(i64, {4}, {INT64_MIN, INT64_MAX, -3, 2}), depth(3), vals}, {}, {"edge"});
    if (v11) {
      add(out, "axis_neg2_2x3_depth4", {idx({2, 3}, 4), depth(4), vals}, axis_attr(-2), {"negative-axis"});
      add(out, "axis_neg3_2x3_depth4", {idx({2, 3}, 4), depth(4), vals}, axis_attr(-3), {"negative-axis"});
    }
    if (has_specials(t3)) {
      const Tensor s = special_values(t3);
      Tensor v(t3, {2});  // off = the first special value, on = the last
      visit_dtype(t3, [&]<class T>() {
        v.data<T>()[0] = s.data<T>()[0];
        v.data<T>()[1] = s.data<T>()[static_cast<size_t>(s.size() - 1)];
      });
      add(out, "special_values_off_on", {idx({3}, 2), depth(2), v}, {}, {"special-values"});
    }
  }
  for (DType tf : {DType::kFloat, DType::kDouble}) {
    Rng r(seed_of(case_id(row, {tf, tf, DType::kFloat}, "float_truncation")));
    add(out, "float_truncation", {tensor_of(tf, {5}, {0.9, 1.5, 2.99, -0.5, -1.5}), tensor_of(tf, {}, {3.7}), tensor_of(DType::kFloat, {2}, {0, 1})},
        {}, {"special-values"}, "", true);
  }
  Rng r(seed_of(case_id(row, {i64, i64, DType::kFloat}, "refusals")));
  auto refuse = [&](const std::string& name, Tensor depth, Tensor values, Attrs a, const std::string& rule) {
    add(out, name, {index_tensor(i64, {2}, {0, 1}), std::move(depth), std::move(values)}, std::move(a), {"shape"},
        label + ": " + rule, name == "refuse_depth_0");
  };
  const Tensor vals = tensor_of(DType::kFloat, {2}, {0, 1});
  refuse("refuse_depth_0", index_tensor(i64, {}, {0}), vals, {}, "depth must be positive");
  refuse("refuse_depth_negative", index_tensor(i64, {}, {-2}), vals, {}, "depth must be positive");
  refuse("refuse_depth_2_elements", index_tensor(i64, {2}, {3, 3}), vals, {}, "depth must be a scalar or one element");
  refuse("refuse_values_3_elements", index_tensor(i64, {}, {3}), tensor_of(DType::kFloat, {3}, {0, 1, 2}), {},
         "values must have exactly two elements");
  refuse("refuse_values_scalar", index_tensor(i64, {}, {3}), tensor_of(DType::kFloat, {}, {1}), {},
         "values must have exactly two elements");
  refuse("refuse_axis_2", index_tensor(i64, {}, {3}), vals, axis_attr(2), "axis 2 is outside the range for rank 1");
  refuse("refuse_axis_neg3", index_tensor(i64, {}, {3}), vals, axis_attr(-3),
         v11 ? "axis -3 is outside [-2, 1]" : "axis -3: negative axes other than -1 only from opset 11");
  if (!v11)
    refuse("refuse_axis_neg2", index_tensor(i64, {}, {3}), vals, axis_attr(-2), "negative axes other than -1 only from opset 11");
}

void nonzero_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  for (DType t : first_param_types(row)) {
    bool smoke = true;
    for (const auto& s : unary_shapes()) {
      Rng r(seed_of(case_id(row, {t}, s.name)));
      Tensor x = any_tensor(r, t, s.shape);
      if (is_float_dtype(t) || is_integer_dtype(t)) {  // about half zeros
        Domain d;
        d.int_lo = -1;
        d.int_hi = 1;
        d.integral = true;
        x = random_tensor(r, t, s.shape, d);
      }
      // Strings: "non-zero" is the reference's reading (non-empty), implementation-defined.
      add(out, s.name, {x}, {}, {t == DType::kString ? "strings" : shape_tags(s.shape)}, "", smoke);
      smoke = false;
    }
    if (has_specials(t)) add(out, "special_values", {special_values(t)}, {}, {"special-values"}, "", true);
  }
}

void compress_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const bool v11 = row.since_version >= 11;
  const std::string label = row.label();
  const DType b = DType::kBool;
  auto cond = [&](std::vector<double> v) { return tensor_of(b, {static_cast<int64_t>(v.size())}, v); };
  for (DType t : first_param_types(row)) {
    Rng r(seed_of(case_id(row, {t, b}, "sweep")));
    add(out, "axis0_3x2", {any_tensor(r, t, {3, 2}), cond({0, 1, 1})}, axis_attr(0), {"random"}, "", true);
    add(out, "axis1_shorter_3x4", {any_tensor(r, t, {3, 4}), cond({1, 0})}, axis_attr(1), {"short-condition"});
    add(out, "flattened_3x2", {any_tensor(r, t, {3, 2}), cond({0, 1, 0, 0, 1, 1})}, {}, {"random"});
    add(out, "flattened_shorter", {any_tensor(r, t, {3, 2}), cond({1, 0, 1})}, {}, {"short-condition"});
    add(out, "empty_condition", {any_tensor(r, t, {3, 2}), cond({})}, axis_attr(0), {"empty"});
    add(out, "all_false", {any_tensor(r, t, {2, 3}), cond({0, 0, 0})}, axis_attr(1), {"empty"});
    add(out, "rank4_axis2", {any_tensor(r, t, {2, 1, 4, 2}), cond({1, 0, 1, 1})}, axis_attr(2), {"high-rank"});
    if (v11) add(out, "axis_neg1_2x3", {any_tensor(r, t, {2, 3}), cond({1, 0, 1})}, axis_attr(-1), {"negative-axis"});
    if (has_specials(t)) {
      const Tensor s = special_values(t);
      std::vector<double> c;
      for (int64_t i = 0; i < s.size(); ++i) c.push_back(i % 2 == 0);
      add(out, "special_values", {s, cond(c)}, axis_attr(0), {"special-values"}, "", true);
    }
  }
  const DType t = first_param_types(row).front();
  Rng r(seed_of(case_id(row, {t, b}, "refusals")));
  add(out, "refuse_longer_condition", {any_tensor(r, t, {3, 2}), cond({1, 0, 1, 0})}, axis_attr(0), {"shape"},
      label + ": condition longer than the axis (it may only be shorter)", true);
  add(out, "refuse_longer_condition_flattened", {any_tensor(r, t, {2}), cond({1, 0, 0})}, {}, {"shape"},
      label + ": condition longer than the flattened input");
  add(out, "refuse_condition_rank2", {any_tensor(r, t, {3, 2}), tensor_of(b, {1, 2}, {1, 1})}, axis_attr(0), {"shape"},
      label + ": condition must be rank 1");
  add(out, "refuse_axis_2", {any_tensor(r, t, {3, 2}), cond({1})}, axis_attr(2), {"attribute"}, label + ": axis 2 is out of range");
  add(out, "refuse_scalar_input", {any_tensor(r, t, {}), cond({1})}, {}, {"shape"}, label + ": input must have rank >= 1");
  if (!v11)
    add(out, "refuse_negative_axis", {any_tensor(r, t, {3, 2}), cond({1})}, axis_attr(-1), {"attribute"},
        label + ": negative axes only from opset 11");
}

void reverse_sequence_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::string label = row.label();
  const DType i64 = DType::kInt64;
  const Attrs batch_first = {make_attr("batch_axis", int64_t{0}), make_attr("time_axis", int64_t{1})};
  for (DType t : first_param_types(row)) {
    Rng r(seed_of(case_id(row, {t, i64}, "sweep")));
    add(out, "time_major_4x4", {any_tensor(r, t, {4, 4}), index_tensor(i64, {4}, {4, 3, 2, 1})}, {}, {"random"}, "", true);
    add(out, "batch_major_4x4", {any_tensor(r, t, {4, 4}), index_tensor(i64, {4}, {1, 2, 3, 4})}, batch_first, {"random"});
    add(out, "lengths_0_and_full_3x2x2", {any_tensor(r, t, {3, 2, 2}), index_tensor(i64, {2}, {0, 3})}, {}, {"edge"});
    add(out, "rank4_batch_major", {any_tensor(r, t, {2, 5, 2, 1}), index_tensor(i64, {2}, {5, 2})}, batch_first, {"high-rank"});
    add(out, "empty_batch_3x0", {any_tensor(r, t, {3, 0}), index_tensor(i64, {0}, {})}, {}, {"empty"});
    if (has_specials(t)) {
      const Tensor s = special_values(t);
      const Tensor col = reshaped(s, {s.size(), 1});
      add(out, "special_values", {col, index_tensor(i64, {1}, {s.size()})}, {}, {"special-values"}, "", true);
    }
  }
  const DType t = first_param_types(row).front();
  Rng r(seed_of(case_id(row, {t, i64}, "refusals")));
  add(out, "refuse_length_past_time", {any_tensor(r, t, {3, 2}), index_tensor(i64, {2}, {4, 1})}, {}, {"out-of-range"},
      label + ": sequence_lens[0] = 4 is outside [0, 3]", true);
  add(out, "refuse_length_negative", {any_tensor(r, t, {3, 2}), index_tensor(i64, {2}, {-1, 1})}, {}, {"out-of-range"},
      label + ": sequence_lens[0] = -1 is outside [0, 3]");
  add(out, "refuse_lens_shape", {any_tensor(r, t, {3, 2}), index_tensor(i64, {3}, {1, 1, 1})}, {}, {"shape"},
      label + ": sequence_lens must have shape [batch_size]");
  add(out, "refuse_same_axes", {any_tensor(r, t, {3, 2}), index_tensor(i64, {2}, {1, 1})},
      {make_attr("batch_axis", int64_t{0}), make_attr("time_axis", int64_t{0})}, {"attribute"},
      label + ": (batch_axis, time_axis) must be (1, 0) or (0, 1)");
  add(out, "refuse_rank1", {any_tensor(r, t, {3}), index_tensor(i64, {1}, {1})}, {}, {"shape"},
      label + ": input must have rank >= 2");
}

void cumulative_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto params = input_type_params(row);  // T (x), T2 (axis)
  const std::string label = row.label();
  const bool product = row.op == "CumProd";
  for (DType t : params[0].allowed) {
    for (DType a : params[1].allowed) {
      const bool first = a == params[1].allowed.front();
      auto axis = [&](int64_t v) { return index_tensor(a, {}, {v}); };
      Rng r(seed_of(case_id(row, {t, a}, "sweep")));
      Domain d;  // products stay in range: factors near 1
      if (product) {
        d.exp_lo = -1;
        d.exp_hi = 0;
        d.int_lo = -3;
        d.int_hi = 3;
      }
      add(out, "axis0_5", {random_tensor(r, t, {5}, d), axis(0)}, {}, {"random"}, "", true);
      if (!first) continue;
      add(out, "axis1_3x6", {random_tensor(r, t, {3, 6}, d), axis(1)}, {}, {"random"});
      add(out, "axis_neg1_exclusive_2x3x4", {random_tensor(r, t, {2, 3, 4}, d), axis(-1)}, {make_attr("exclusive", int64_t{1})},
          {"exclusive"});
      add(out, "axis0_reverse_4x3", {random_tensor(r, t, {4, 3}, d), axis(0)}, {make_attr("reverse", int64_t{1})}, {"reverse"});
      add(out, "exclusive_reverse_7", {random_tensor(r, t, {7}, d), axis(0)},
          {make_attr("exclusive", int64_t{1}), make_attr("reverse", int64_t{1})}, {"exclusive", "reverse"});
      add(out, "rank4_axis2", {random_tensor(r, t, {2, 1, 5, 2}, d), axis(2)}, {}, {"high-rank"});
      add(out, "long_axis_64", {random_tensor(r, t, {64}, d), axis(0)}, {}, {"random"});
      add(out, "empty_0x3", {random_tensor(r, t, {0, 3}, d), axis(1)}, {}, {"empty"});
      add(out, "empty_axis_3x0", {random_tensor(r, t, {3, 0}, d), axis(1)}, {}, {"empty"});
      add(out, "special_values", {special_values(t), axis(0)}, {}, {"special-values"}, "", true);
      add(out, "special_values_reverse", {special_values(t), axis(0)}, {make_attr("reverse", int64_t{1})}, {"special-values"});
      if (is_float_dtype(t)) {
        // Where one rounding differs from a chain: 1 + u + u (ties), cancellation, (1 + 2^-k)^3.
        const double u = std::ldexp(1.0, -(t == DType::kDouble ? 53 : t == DType::kFloat ? 24 : t == DType::kFloat16 ? 11 : 8));
        if (product) {
          const double q = 1 + std::sqrt(u);
          add(out, "rounding_once", {tensor_of(t, {4}, {q, q, q, q}), axis(0)}, {}, {"rounding"});
        } else {
          add(out, "rounding_once", {tensor_of(t, {5}, {1, u, u, u, u}), axis(0)}, {}, {"rounding"});
          add(out, "cancellation", {tensor_of(t, {4}, {1 / u, 1, -1 / u, 1}), axis(0)}, {}, {"rounding"});
        }
      }
    }
  }
  const DType t = params[0].allowed.front();
  const DType a = params[1].allowed.front();
  Rng r(seed_of(case_id(row, {t, a}, "refusals")));
  add(out, "refuse_axis_vector", {random_tensor(r, t, {3}, {}), index_tensor(a, {1}, {0})}, {}, {"shape"},
      label + ": axis must be a 0-D tensor", true);
  add(out, "refuse_axis_1", {random_tensor(r, t, {3}, {}), index_tensor(a, {}, {1})}, {}, {"attribute"},
      label + ": axis 1 is outside [-1, 0]");
  add(out, "refuse_axis_neg2", {random_tensor(r, t, {3}, {}), index_tensor(a, {}, {-2})}, {}, {"attribute"},
      label + ": axis -2 is outside [-1, 0]");
  add(out, "refuse_scalar_x", {random_tensor(r, t, {}, {}), index_tensor(a, {}, {0})}, {}, {"shape"},
      label + ": a scalar has no axis");
}

}  // namespace touchstone::cases

namespace touchstone::cases {

// TensorScatter: every T; prefill (no write_indices), decode (per-batch write indices),
// circular wrap (past the end, negative), axis 2 of rank 4 (heads share the batch's index),
// an empty update; refusals: linear writes past the end or before 0, axis 0, an unknown
// mode, update shapes, write_indices shape, outside types.
void tensor_scatter_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  using namespace indexing;
  const std::string label = row.label();
  const DType i64 = DType::kInt64;
  const Attrs circular = {make_attr("mode", std::string("circular"))};
  for (DType t : first_param_types(row)) {
    Rng r(seed_of(case_id(row, {t, t}, "sweep")));
    add(out, "prefill_2x6x3_upd2x4x3", {any_tensor(r, t, {2, 6, 3}), any_tensor(r, t, {2, 4, 3})}, {}, {"random"}, "", true);
    add(out, "decode_2x6x3_upd2x1x3", {any_tensor(r, t, {2, 6, 3}), any_tensor(r, t, {2, 1, 3}), index_tensor(i64, {2}, {5, 2})},
        {}, {"random"}, "", true);
    add(out, "circular_wrap", {any_tensor(r, t, {2, 5, 2}), any_tensor(r, t, {2, 3, 2}), index_tensor(i64, {2}, {4, -1})},
        circular, {"circular"});
    add(out, "circular_full_length", {any_tensor(r, t, {1, 4, 1}), any_tensor(r, t, {1, 4, 1}), index_tensor(i64, {1}, {6})},
        circular, {"circular"});
    add(out, "axis2_rank4_heads", {any_tensor(r, t, {2, 2, 5, 2}), any_tensor(r, t, {2, 2, 2, 2}), index_tensor(i64, {2}, {0, 3})},
        {make_attr("axis", int64_t{2})}, {"high-rank"});
    add(out, "empty_update", {any_tensor(r, t, {2, 3, 2}), any_tensor(r, t, {2, 0, 2}), index_tensor(i64, {2}, {3, 0})}, {},
        {"empty"});
    if (has_specials(t)) {
      const Tensor s = special_values(t);
      add(out, "special_values", {any_tensor(r, t, {1, s.size() + 2, 1}), reshaped(s, {1, s.size(), 1}), index_tensor(i64, {1}, {1})},
          {}, {"special-values"}, "", true);
    }
  }
  const DType t = first_param_types(row).front();
  Rng r(seed_of(case_id(row, {t, t}, "refusals")));
  auto refuse = [&](const std::string& name, std::vector<Tensor> in, Attrs a, const std::string& rule) {
    add(out, name, std::move(in), std::move(a), {"out-of-range"}, label + ": " + rule, name == "refuse_linear_past_end");
  };
  refuse("refuse_linear_past_end", {any_tensor(r, t, {2, 4, 1}), any_tensor(r, t, {2, 2, 1}), index_tensor(i64, {2}, {3, 0})}, {},
         "linear mode requires write_indices + sequence_length <= max_sequence_length");
  refuse("refuse_linear_negative", {any_tensor(r, t, {2, 4, 1}), any_tensor(r, t, {2, 2, 1}), index_tensor(i64, {2}, {-1, 0})}, {},
         "linear mode requires 0 <= write_indices");
  refuse("refuse_axis_0", {any_tensor(r, t, {2, 4, 1}), any_tensor(r, t, {2, 4, 1})}, {make_attr("axis", int64_t{0})},
         "axis cannot be 0 (the batch dimension)");
  refuse("refuse_mode_unknown", {any_tensor(r, t, {2, 4, 1}), any_tensor(r, t, {2, 2, 1})}, {make_attr("mode", std::string("ring"))},
         "mode must be linear or circular");
  refuse("refuse_update_shape", {any_tensor(r, t, {2, 4, 1}), any_tensor(r, t, {2, 2, 2})}, {},
         "update must have past_cache's shape except along axis");
  refuse("refuse_update_longer", {any_tensor(r, t, {2, 4, 1}), any_tensor(r, t, {2, 5, 1})}, {},
         "sequence_length above max_sequence_length");
  refuse("refuse_write_indices_shape", {any_tensor(r, t, {2, 4, 1}), any_tensor(r, t, {2, 1, 1}), index_tensor(i64, {1}, {0})}, {},
         "write_indices must have shape (batch_size,)");
  refuse("refuse_rank1", {any_tensor(r, t, {4}), any_tensor(r, t, {2})}, {make_attr("axis", int64_t{-1})},
         "past_cache must have rank >= 2");
  mark_refusal_base(out, size_t{3});  // past_cache, update, write_indices
}

}  // namespace touchstone::cases
