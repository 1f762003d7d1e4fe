// Case specs of ArgMax, ArgMin, TopK and Unique.
//
// ArgMax/ArgMin: every T; axes 0, 1, -1 (11+), keepdims 0/1, ties (defined from 12 by
// select_last_index, open before), special values (NaN, +-0, +-inf: open), rank 5, an
// empty non-reduced axis; refusals: negative axis in 1, empty input in 11, an empty
// reduced axis, a scalar, select_last_index before 12, outside types.
// TopK: every T; k as attribute (1) or input (10+), axes, k = 1 and k = n, ties (lower
// index first), largest 0/1 and sorted 0/1 (11+; sorted 0 compared as a multiset),
// special values; refusals: k larger than the axis, k <= 0 (10+), K not 1-D, attributes
// of other versions, outside types.
// Unique: every T; flattened and along axes, sorted 0/1, repeats, empty, special values
// (NaN and signed zeros: open); refusals of axis and sorted values, outside types.
#include "cases/specs/indexing/indexing_cases.h"
#include "cases/specs/indexing/index_helpers.h"

namespace touchstone::cases {

using namespace indexing;

namespace {

// Values with repeats, so that ties are common: small integers in [-3, 3].
Tensor tie_values(Rng& rng, DType t, const Shape& shape) {
  Domain d;
  d.int_lo = -3;
  d.int_hi = 3;
  d.integral = true;
  d.negative = true;
  return random_tensor(rng, t, shape, d);
}

}  // namespace

void arg_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  const std::string label = row.label();
  // Before 12 a tie (likely among random small unsigned values) is open: not "random".
  const std::string random_tag = v >= 12 ? "random" : "values";
  for (DType t : first_param_types(row)) {
    Rng r(seed_of(case_id(row, {t}, "sweep")));
    add(out, "axis0_3x4", {random_tensor(r, t, {3, 4}, {})}, {}, {random_tag}, "", true);
    add(out, "axis1_keepdims0_3x4", {random_tensor(r, t, {3, 4}, {})}, {make_attr("axis", int64_t{1}), make_attr("keepdims", int64_t{0})},
        {random_tag});
    add(out, "ties_axis1_4x6", {tie_values(r, t, {4, 6})}, {make_attr("axis", int64_t{1})}, {"ties"});
    add(out, "rank5_axis3", {random_tensor(r, t, {2, 1, 3, 4, 2}, {})}, {make_attr("axis", int64_t{3})}, {"high-rank"});
    add(out, "vector_keepdims0", {random_tensor(r, t, {7}, {})}, {make_attr("keepdims", int64_t{0})}, {random_tag});
    add(out, "special_values", {special_values(t)}, {}, {"special-values"}, "", true);
    if (v >= 11)
      add(out, "axis_neg1_2x3x4", {random_tensor(r, t, {2, 3, 4}, {})}, {make_attr("axis", int64_t{-1})}, {"negative-axis"});
    if (v != 11)
      add(out, "empty_other_axis_0x3", {random_tensor(r, t, {0, 3}, {})}, {make_attr("axis", int64_t{1})}, {"empty"});
    if (v >= 12) {
      add(out, "ties_last_axis1_4x6", {tie_values(r, t, {4, 6})}, {make_attr("axis", int64_t{1}), make_attr("select_last_index", int64_t{1})},
          {"ties"});
      add(out, "special_values_last", {special_values(t)}, {make_attr("select_last_index", int64_t{1})}, {"special-values"});
    }
  }
  const DType t = first_param_types(row).front();
  Rng r(seed_of(case_id(row, {t}, "refusals")));
  add(out, "refuse_axis_2", {random_tensor(r, t, {3, 4}, {})}, {make_attr("axis", int64_t{2})}, {"attribute"},
      label + ": axis 2 is outside the range for rank 2", true);
  add(out, "refuse_empty_axis", {random_tensor(r, t, {3, 0}, {})}, {make_attr("axis", int64_t{1})}, {"empty"},
      label + ": an empty reduced axis has no element to point at");
  add(out, "refuse_scalar", {random_tensor(r, t, {}, {})}, {}, {"scalar"}, label + ": a scalar has no axis");
  if (v == 1)
    add(out, "refuse_negative_axis", {random_tensor(r, t, {3, 4}, {})}, {make_attr("axis", int64_t{-1})}, {"attribute"},
        label + ": negative axes only from opset 11");
  if (v == 11)
    add(out, "refuse_empty_input", {random_tensor(r, t, {0, 3}, {})}, {make_attr("axis", int64_t{1})}, {"empty"},
        label + ": the input tensor must not be empty");
}

void topk_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  const std::string label = row.label();
  // The node's inputs for a given k: the attribute (1) or input K (10+).
  auto with_k = [&](Tensor x, int64_t k, Attrs attrs) {
    std::vector<Tensor> in = {std::move(x)};
    if (v == 1) attrs.push_back(make_attr("k", k));
    else in.push_back(index_tensor(DType::kInt64, {1}, {k}));
    return std::make_pair(in, attrs);
  };
  auto draft = [&](const std::string& name, Tensor x, int64_t k, Attrs attrs, std::vector<std::string> tags,
                   const std::string& rule = "", bool smoke = false) {
    auto [in, a] = with_k(std::move(x), k, std::move(attrs));
    add(out, name, std::move(in), std::move(a), std::move(tags), rule.empty() ? "" : label + ": " + rule, smoke);
  };
  for (DType t : first_param_types(row)) {
    Rng r(seed_of(case_id(row, v == 1 ? std::vector<DType>{t} : std::vector<DType>{t, DType::kInt64}, "sweep")));
    draft("k3_3x4", random_tensor(r, t, {3, 4}, {}), 3, {}, {"random"}, "", true);
    draft("k1_axis0_5x3", random_tensor(r, t, {5, 3}, {}), 1, {make_attr("axis", int64_t{0})}, {"random"});
    draft("k_all_7", random_tensor(r, t, {7}, {}), 7, {}, {"random"});
    draft("ties_k4_3x8", tie_values(r, t, {3, 8}), 4, {}, {"ties"});
    draft("rank5_axis2_k2", random_tensor(r, t, {2, 1, 3, 2, 2}, {}), 2, {make_attr("axis", int64_t{2})}, {"high-rank"});
    draft("axis_neg2_k2", random_tensor(r, t, {4, 3, 2}, {}), 2, {make_attr("axis", int64_t{-2})}, {"negative-axis"});
    draft("empty_rows_0x5", random_tensor(r, t, {0, 5}, {}), 2, {}, {"empty"});
    const Tensor s = special_values(t);
    draft("special_values", s, s.size(), {}, {"special-values"}, "", true);
    if (v >= 11) {
      const Attrs smallest = {make_attr("largest", int64_t{0})};
      const Attrs unsorted = {make_attr("sorted", int64_t{0})};
      draft("smallest_k3_3x4", random_tensor(r, t, {3, 4}, {}), 3, smallest, {"random"});
      draft("smallest_ties_k4_3x8", tie_values(r, t, {3, 8}), 4, smallest, {"ties"});
      draft("special_values_smallest", s, s.size() / 2, smallest, {"special-values"});
      draft("unsorted_k3_3x6", random_tensor(r, t, {3, 6}, {}), 3, unsorted, {"unsorted"});
      draft("unsorted_ties_k4_3x8", tie_values(r, t, {3, 8}), 4, unsorted, {"unsorted", "ties"});
      draft("unsorted_smallest_axis0_k2_5x3", random_tensor(r, t, {5, 3}, {}), 2,
            {make_attr("sorted", int64_t{0}), make_attr("largest", int64_t{0}), make_attr("axis", int64_t{0})}, {"unsorted"});
    }
  }
  const DType t = first_param_types(row).front();
  Rng r(seed_of(case_id(row, {t}, "refusals")));
  draft("refuse_k_above_axis", random_tensor(r, t, {3, 4}, {}), 5, {}, {"shape"}, "k = 5 is larger than the axis (4)", true);
  draft("refuse_axis_2", random_tensor(r, t, {3, 4}, {}), 1, {make_attr("axis", int64_t{2})}, {"attribute"},
        "axis 2 is outside [-2, 1]");
  if (v > 1) {
    draft("refuse_k_0", random_tensor(r, t, {3, 4}, {}), 0, {}, {"shape"}, "K must be positive");
    draft("refuse_k_negative", random_tensor(r, t, {3, 4}, {}), -1, {}, {"shape"}, "K must be positive");
    add(out, "refuse_k_scalar", {random_tensor(r, t, {3, 4}, {}), index_tensor(DType::kInt64, {}, {2})}, {}, {"shape"},
        label + ": K must be a 1-D tensor holding one value");
    add(out, "refuse_k_two_values", {random_tensor(r, t, {3, 4}, {}), index_tensor(DType::kInt64, {2}, {2, 2})}, {},
        {"shape"}, label + ": K must be a 1-D tensor holding one value");
  }
}

void unique_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::string label = row.label();
  const Attrs unsorted = {make_attr("sorted", int64_t{0})};
  for (DType t : first_param_types(row)) {
    Rng r(seed_of(case_id(row, {t}, "sweep")));
    auto repeats = [&](const Shape& shape) {
      return has_specials(t) && t != DType::kString ? tie_values(r, t, shape) : any_tensor(r, t, shape);
    };
    add(out, "flat_3x4", {repeats({3, 4})}, {}, {"random"}, "", true);
    add(out, "flat_unsorted_3x4", {repeats({3, 4})}, unsorted, {"random"});
    add(out, "axis0_rows_4x2", {repeats({4, 2})}, {make_attr("axis", int64_t{0})}, {"random"});
    add(out, "axis_neg1_2x3x5", {repeats({2, 3, 5})}, {make_attr("axis", int64_t{-1}), make_attr("sorted", int64_t{0})},
        {"negative-axis"});
    add(out, "scalar", {repeats({})}, {}, {"scalar"});
    add(out, "empty_0", {any_tensor(r, t, {0})}, {}, {"empty"});
    if (has_specials(t) || t == DType::kBool) {
      const Tensor s = t == DType::kBool ? any_tensor(r, t, {6}) : special_values(t);
      add(out, "special_values", {s}, {}, {"special-values"}, "", true);
      add(out, "special_values_unsorted", {s}, unsorted, {"special-values"});
    }
  }
  const DType t = first_param_types(row).front();
  Rng r(seed_of(case_id(row, {t}, "refusals")));
  add(out, "refuse_axis_2", {any_tensor(r, t, {3, 4})}, {make_attr("axis", int64_t{2})}, {"attribute"},
      label + ": axis 2 is outside [-2, 1]", true);
  add(out, "refuse_sorted_2", {any_tensor(r, t, {3, 4})}, {make_attr("sorted", int64_t{2})}, {"attribute"},
      label + ": sorted must be 0 or 1");
  add(out, "refuse_axis_of_scalar", {any_tensor(r, t, {})}, {make_attr("axis", int64_t{0})}, {"attribute"},
      label + ": a scalar has no axis");
}

}  // namespace touchstone::cases
