// Case specs of Scatter-9 (Scatter-11 is deprecated: the catalog does not run it), ScatterElements
// and ScatterND.
//
// Every (T, Tind) pair: a 2-D scatter on axis 0 with distinct indices; for the first Tind
// also axis 1/-1, negative indices (11+), empty updates, rank 4, and duplicates under
// reduction none (implementation-defined). From 16 every reduction the version has
// (add/mul; 18 max/min) on numeric T, with duplicates, and on special values.
// Refusals: indices one past either end, int64 extremes, negative indices in 9, shapes
// the rules refuse, reductions of other versions, reductions on strings, outside types.
#include "cases/specs/indexing/indexing_cases.h"
#include "cases/specs/indexing/index_helpers.h"

namespace touchstone::cases {

using namespace indexing;

namespace {

// Values small enough that a reduction of a few of them stays exact and in range:
// |x| in [2^-2, 2^2] for floats, [-4, 4] for integers.
Domain small_domain() {
  Domain d;
  d.exp_lo = -2;
  d.exp_hi = 2;
  d.int_lo = -4;
  d.int_hi = 4;
  return d;
}

// n-1, n-2, ..., 0: scattering a tensor onto itself in reverse.
std::vector<int64_t> reversed_positions(int64_t n) {
  std::vector<int64_t> rev;
  for (int64_t i = n - 1; i >= 0; --i) rev.push_back(i);
  return rev;
}

std::vector<std::string> reductions(int v) {
  if (v >= 18) return {"add", "mul", "max", "min"};
  if (v >= 16) return {"add", "mul"};
  return {};
}

bool numeric(DType t) { return is_float_dtype(t) || is_integer_dtype(t); }

// Distinct rows of a permutation of [0, s) per column: indices (m, c) into axis 0 of (s, c).
Tensor distinct_rows(Rng& rng, DType ind, int64_t m, int64_t c, int64_t s, bool negative) {
  std::vector<int64_t> v(static_cast<size_t>(m * c));
  for (int64_t j = 0; j < c; ++j) {
    std::vector<int64_t> perm(static_cast<size_t>(s));
    for (int64_t i = 0; i < s; ++i) perm[static_cast<size_t>(i)] = i;
    for (int64_t i = s - 1; i > 0; --i) std::swap(perm[static_cast<size_t>(i)], perm[static_cast<size_t>(rng.integer(0, i))]);
    for (int64_t i = 0; i < m; ++i) {
      int64_t x = perm[static_cast<size_t>(i)];
      if (negative && (rng.next() & 1)) x -= s;
      v[static_cast<size_t>(i * c + j)] = x;
    }
  }
  return index_tensor(ind, {m, c}, v);
}

}  // namespace

void scatter_elements_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  const bool neg = v >= 11;
  const auto params = input_type_params(row);  // T (data, updates), Tind
  const std::string label = row.label();
  if (row.op == "Scatter" && v == 11) {
    // Deprecated: a model using it is refused, whatever its types (one refusal per T and
    // Tind, each otherwise a valid ScatterElements-11 model).
    for (DType t : params[0].allowed)
      for (DType ind : params[1].allowed) {
        Rng r(seed_of(case_id(row, {t, ind, t}, "deprecated")));
        add(out, "refuse_deprecated", {any_tensor(r, t, {3, 3}), distinct_rows(r, ind, 1, 3, 3, false), any_tensor(r, t, {1, 3})},
            {}, {"deprecated"}, label + " is deprecated (a model may not use it; ScatterElements-11 is its successor)",
            t == params[0].allowed.front() && ind == params[1].allowed.front());
      }
    return;
  }
  for (DType t : params[0].allowed) {
    for (DType ind : params[1].allowed) {
      const bool first = ind == params[1].allowed.front();
      Rng r(seed_of(case_id(row, {t, ind, t}, "sweep")));
      add(out, "axis0_3x3_upd2x3", {any_tensor(r, t, {3, 3}), distinct_rows(r, ind, 2, 3, 3, false), any_tensor(r, t, {2, 3})},
          {}, {"random"}, "", true);
      if (!first) continue;
      add(out, "negative_axis1_2x5_upd2x3",
          {any_tensor(r, t, {2, 5}), index_tensor(ind, {2, 3}, neg ? std::vector<int64_t>{-1, 0, 2, 4, -5, 1} : std::vector<int64_t>{4, 0, 2, 4, 0, 1}),
           any_tensor(r, t, {2, 3})},
          {make_attr("axis", int64_t{neg ? -1 : 1})}, {neg ? "negative-indices" : "random"});
      add(out, "empty_updates_0x3", {any_tensor(r, t, {3, 3}), index_tensor(ind, {0, 3}, {}), any_tensor(r, t, {0, 3})}, {},
          {"empty"});
      add(out, "rank4_axis2",
          {any_tensor(r, t, {1, 2, 4, 1}),
           index_tensor(ind, {1, 2, 3, 1}, neg ? std::vector<int64_t>{3, 0, -2, 1, 2, -1} : std::vector<int64_t>{3, 0, 2, 1, 2, 3}),
           any_tensor(r, t, {1, 2, 3, 1})},
          axis_attr(2), {"high-rank"});
      // Four updates onto the same two positions: reduction none keeps the last (open).
      add(out, "duplicates_none", {any_tensor(r, t, {4}), index_tensor(ind, {4}, {1, 3, 1, 3}), any_tensor(r, t, {4})}, {},
          {"duplicates"});
      if (has_specials(t)) {
        const Tensor s = special_values(t);
        const std::vector<int64_t> rev = reversed_positions(s.size());
        add(out, "special_values", {s, index_tensor(ind, {s.size()}, rev), special_values(t)}, {}, {"special-values"}, "", true);
      }
      if (!numeric(t)) continue;
      for (const auto& red : reductions(v)) {
        const Attrs a = {make_attr("reduction", red)};
        const Domain small = small_domain();
        add(out, "reduce_" + red + "_duplicates",
            {random_tensor(r, t, {3, 2}, small), index_tensor(ind, {4, 2}, {0, 2, 0, 2, 1, 0, 0, 2}), random_tensor(r, t, {4, 2}, small)},
            a, {"reduction", "duplicates"});
        add(out, "reduce_" + red + "_distinct", {random_tensor(r, t, {3, 3}, small), distinct_rows(r, ind, 3, 3, 3, true),
                                                 random_tensor(r, t, {3, 3}, small)},
            a, {"reduction"});
        const Tensor s = special_values(t);
        auto [d, u] = cross_pairs(s, s);
        std::vector<int64_t> id(static_cast<size_t>(d.size()));
        for (size_t i = 0; i < id.size(); ++i) id[i] = static_cast<int64_t>(i);
        add(out, "reduce_" + red + "_special_values", {d, index_tensor(ind, {d.size()}, id), u}, a, {"special-values", "reduction"});
      }
    }
  }
  const DType t = params[0].allowed.front();
  for (DType ind : params[1].allowed) {
    Rng r(seed_of(case_id(row, {t, ind, t}, "refusals")));
    auto refuse = [&](const std::string& name, Tensor data, Tensor idx, Tensor upd, Attrs a, const std::string& rule) {
      add(out, name, {std::move(data), std::move(idx), std::move(upd)}, std::move(a), {"out-of-range"}, label + ": " + rule,
          name == "refuse_index_past_end" && ind == params[1].allowed.front());
    };
    refuse("refuse_index_past_end", any_tensor(r, t, {3}), index_tensor(ind, {1}, {3}), any_tensor(r, t, {1}), {},
           "indices[0] = 3 is out of range for a dimension of size 3");
    refuse("refuse_index_before_start", any_tensor(r, t, {3}), index_tensor(ind, {1}, {-4}), any_tensor(r, t, {1}), {},
           "indices[0] = -4 is out of range for a dimension of size 3");
    if (!neg)
      refuse("refuse_negative_index", any_tensor(r, t, {3}), index_tensor(ind, {1}, {-1}), any_tensor(r, t, {1}), {},
             "negative indices only from opset 11");
    if (ind == DType::kInt64)
      refuse("refuse_index_int64_max", any_tensor(r, t, {3}), index_tensor(ind, {1}, {INT64_MAX}), any_tensor(r, t, {1}), {},
             "an index of 2^63-1 is out of bounds");
    refuse("refuse_updates_shape", any_tensor(r, t, {3}), index_tensor(ind, {1}, {0}), any_tensor(r, t, {2}), {},
           "updates must have the shape of indices");
    refuse("refuse_rank_mismatch", any_tensor(r, t, {3, 1}), index_tensor(ind, {1}, {0}), any_tensor(r, t, {1}), {},
           "indices must have data's rank");
    refuse("refuse_axis_1", any_tensor(r, t, {3}), index_tensor(ind, {1}, {0}), any_tensor(r, t, {1}), axis_attr(1),
           "axis 1 is outside [-1, 0]");
    if (v >= 16)
      refuse("refuse_reduction_unknown", any_tensor(r, t, {3}), index_tensor(ind, {1}, {0}), any_tensor(r, t, {1}),
             {make_attr("reduction", std::string(v >= 18 ? "sum" : "max"))}, "reduction is not one of the version's names");
  }
  if (v >= 16) {
    Rng r(seed_of(case_id(row, {DType::kString, DType::kInt64, DType::kString}, "refuse_reduction_strings")));
    add(out, "refuse_reduction_strings",
        {any_tensor(r, DType::kString, {3}), index_tensor(DType::kInt64, {1}, {0}), any_tensor(r, DType::kString, {1})},
        {make_attr("reduction", std::string("add"))}, {"reduction"}, label + ": a reduction has no meaning on strings");
  }
}

void scatter_nd_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  const std::string label = row.label();
  const DType ind = DType::kInt64;
  for (DType t : first_param_types(row)) {
    Rng r(seed_of(case_id(row, {t, ind, t}, "sweep")));
    add(out, "elements_8_idx4x1", {any_tensor(r, t, {8}), index_tensor(ind, {4, 1}, {4, 3, 1, 7}), any_tensor(r, t, {4})}, {},
        {"random"}, "", true);
    add(out, "slices_4x4x4_idx2x1", {any_tensor(r, t, {4, 4, 4}), index_tensor(ind, {2, 1}, {0, -2}), any_tensor(r, t, {2, 4, 4})},
        {}, {"negative-indices"});
    add(out, "elements_2x3_idx2x2x2", {any_tensor(r, t, {2, 3}), index_tensor(ind, {2, 2, 2}, {0, 0, 1, 2, -1, -3, 0, 1}),
                                       any_tensor(r, t, {2, 2})},
        {}, {"negative-indices"});
    add(out, "empty_updates_0x1", {any_tensor(r, t, {3, 2}), index_tensor(ind, {0, 1}, {}), any_tensor(r, t, {0, 2})}, {},
        {"empty"});
    add(out, "duplicates_none", {any_tensor(r, t, {4}), index_tensor(ind, {3, 1}, {2, 0, 2}), any_tensor(r, t, {3})}, {},
        {"duplicates"});
    if (has_specials(t)) {
      const Tensor s = special_values(t);
      const std::vector<int64_t> rev = reversed_positions(s.size());
      add(out, "special_values", {s, index_tensor(ind, {s.size(), 1}, rev), special_values(t)}, {}, {"special-values"}, "",
          true);
    }
    if (!numeric(t)) continue;
    for (const auto& red : reductions(v)) {
      const Attrs a = {make_attr("reduction", red)};
      const Domain small = small_domain();
      add(out, "reduce_" + red + "_duplicates",
          {random_tensor(r, t, {2, 2}, small), index_tensor(ind, {3, 1}, {0, 0, -1}), random_tensor(r, t, {3, 2}, small)}, a,
          {"reduction", "duplicates"});
      const Tensor s = special_values(t);
      auto [d, u] = cross_pairs(s, s);
      std::vector<int64_t> id(static_cast<size_t>(d.size()));
      for (size_t i = 0; i < id.size(); ++i) id[i] = static_cast<int64_t>(i);
      add(out, "reduce_" + red + "_special_values", {d, index_tensor(ind, {d.size(), 1}, id), u}, a,
          {"special-values", "reduction"});
    }
  }
  const DType t = first_param_types(row).front();
  Rng r(seed_of(case_id(row, {t, ind, t}, "refusals")));
  auto refuse = [&](const std::string& name, Tensor data, Tensor idx, Tensor upd, Attrs a, const std::string& rule) {
    add(out, name, {std::move(data), std::move(idx), std::move(upd)}, std::move(a), {"out-of-range"}, label + ": " + rule,
        name == "refuse_index_past_end");
  };
  refuse("refuse_index_past_end", any_tensor(r, t, {3}), index_tensor(ind, {1, 1}, {3}), any_tensor(r, t, {1}), {},
         "indices[0][0] = 3 is outside [-3, 2]");
  refuse("refuse_index_int64_min", any_tensor(r, t, {3}), index_tensor(ind, {1, 1}, {INT64_MIN}), any_tensor(r, t, {1}), {},
         "an index of -2^63 is out of bounds");
  refuse("refuse_tuple_longer_than_rank", any_tensor(r, t, {3}), index_tensor(ind, {1, 2}, {0, 0}), any_tensor(r, t, {1}), {},
         "indices.shape[-1] must be at most the rank of data");
  refuse("refuse_updates_shape", any_tensor(r, t, {3, 2}), index_tensor(ind, {1, 1}, {0}), any_tensor(r, t, {1, 3}), {},
         "updates must have shape indices.shape[:-1] ++ data.shape[k:]");
  if (v >= 16)
    refuse("refuse_reduction_unknown", any_tensor(r, t, {3}), index_tensor(ind, {1, 1}, {0}), any_tensor(r, t, {1}),
           {make_attr("reduction", std::string(v >= 18 ? "sum" : "min"))}, "reduction is not one of the version's names");
}

}  // namespace touchstone::cases
