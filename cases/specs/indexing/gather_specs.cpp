// Case specs of Gather, GatherElements and GatherND.
//
// Every (T, Tind) pair: a 2-D gather on axis 0; for the first Tind also axis 1 and -1,
// scalar, empty and rank-4 indices, rank-5 data, negative indices (11+), index extremes
// (s-1, -s), and the type's special values gathered in reverse. GatherND: tuples of every
// length, batch_dims (12+). Refusals: an index one past either end, int64 extremes, a
// negative index before 11, axes out of range, shapes the rules refuse, outside types.
#include "cases/specs/indexing/indexing_cases.h"
#include "cases/specs/indexing/index_helpers.h"

namespace touchstone::cases {

using namespace indexing;

namespace {

struct Sweep {
  const CatalogRow& row;
  std::vector<CaseDraft>& out;
  bool negative;  // negative indices allowed (opset 11+)

  std::string label() const { return row.label(); }
};

Tensor reversed_positions(DType ind, int64_t n) {
  std::vector<int64_t> v;
  for (int64_t i = n - 1; i >= 0; --i) v.push_back(i);
  return index_tensor(ind, {n}, v);
}

}  // namespace

void gather_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto params = input_type_params(row);  // T (data), Tind (indices)
  const bool neg = row.since_version >= 11;
  const std::string label = row.label();
  for (DType t : params[0].allowed) {
    for (DType ind : params[1].allowed) {
      const bool first = ind == params[1].allowed.front();
      auto id = [&](const std::string& name) { return Rng(seed_of(case_id(row, {t, ind}, name))); };
      Rng r0 = id("axis0_3x4_idx2");
      add(out, "axis0_3x4_idx2", {data_tensor(r0, t, {3, 4}), random_indices(r0, ind, {2}, 3, false)}, {}, {"random"}, "",
          true);
      if (has_specials(t)) {
        const Tensor s = special_values(t);
        add(out, "special_values", {s, reversed_positions(ind, s.size())}, {}, {"special-values"}, "", first);
      }
      if (!first) continue;
      Rng r = id("sweep");
      add(out, "axis1_3x4_idx2x2", {data_tensor(r, t, {3, 4}), random_indices(r, ind, {2, 2}, 4, false)}, axis_attr(1),
          {"random"});
      add(out, "axis_neg1_2x3x4_idx5", {data_tensor(r, t, {2, 3, 4}), random_indices(r, ind, {5}, 4, false)}, axis_attr(-1),
          {"random"});
      add(out, "scalar_index", {data_tensor(r, t, {4, 3}), index_tensor(ind, {}, {2})}, {}, {"scalar"});
      add(out, "empty_indices_0", {data_tensor(r, t, {4, 3}), index_tensor(ind, {0}, {})}, {}, {"empty"});
      add(out, "empty_data_2x0", {data_tensor(r, t, {2, 0}), index_tensor(ind, {1}, {1})}, {}, {"empty"});
      add(out, "rank5_data_idx2x1x2", {data_tensor(r, t, {2, 1, 3, 2, 2}), random_indices(r, ind, {2, 1, 2}, 3, false)},
          axis_attr(2), {"high-rank"});
      add(out, "index_ends", {data_tensor(r, t, {5}), index_tensor(ind, {3}, {4, 0, 4})}, {}, {"edge"});
      if (neg) {
        add(out, "negative_indices", {data_tensor(r, t, {5, 2}), random_indices(r, ind, {3, 2}, 5, true)}, {},
            {"negative-indices"});
        add(out, "negative_index_ends", {data_tensor(r, t, {5}), index_tensor(ind, {2}, {-5, -1})}, {}, {"edge"});
      }
    }
  }
  const DType t = params[0].allowed.front();
  for (DType ind : params[1].allowed) {
    auto draft = [&](const std::string& name, std::vector<int64_t> idx, Attrs attrs, const std::string& rule) {
      Rng r(seed_of(case_id(row, {t, ind}, name)));
      add(out, name, {data_tensor(r, t, {5, 2}), index_tensor(ind, {static_cast<int64_t>(idx.size())}, idx)}, attrs,
          {"out-of-range"}, label + ": " + rule, name == "refuse_index_past_end");
    };
    draft("refuse_index_past_end", {0, 5}, {}, "indices[1] = 5 is outside the range for a dimension of size 5");
    draft("refuse_index_before_start", {-6}, {}, "indices[0] = -6 is outside the range for a dimension of size 5");
    if (!neg) draft("refuse_negative_index", {-1}, {}, "negative indices only from opset 11");
    if (ind == DType::kInt64) {
      draft("refuse_index_int64_max", {INT64_MAX}, {}, "an index of 2^63-1 is out of bounds");
      draft("refuse_index_int64_min", {INT64_MIN}, {}, "an index of -2^63 is out of bounds");
    } else {
      draft("refuse_index_int32_max", {INT32_MAX}, {}, "an index of 2^31-1 is out of bounds");
    }
    draft("refuse_axis_2", {0}, axis_attr(2), "axis 2 is outside [-2, 1] for rank 2");
    draft("refuse_axis_neg3", {0}, axis_attr(-3), "axis -3 is outside [-2, 1] for rank 2");
  }
  Rng r(seed_of(case_id(row, {t, DType::kInt64}, "refuse_scalar_data")));
  add(out, "refuse_scalar_data", {data_tensor(r, t, {}), index_tensor(DType::kInt64, {}, {0})}, {}, {"shape"},
      label + ": data must have rank >= 1");
}

void gather_elements_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto params = input_type_params(row);
  const std::string label = row.label();
  for (DType t : params[0].allowed) {
    for (DType ind : params[1].allowed) {
      const bool first = ind == params[1].allowed.front();
      Rng r(seed_of(case_id(row, {t, ind}, "sweep")));
      add(out, "axis0_3x3_idx2x3", {data_tensor(r, t, {3, 3}), random_indices(r, ind, {2, 3}, 3, false)}, {}, {"random"}, "",
          true);
      if (has_specials(t)) {
        const Tensor s = special_values(t);
        add(out, "special_values", {s, reversed_positions(ind, s.size())}, {}, {"special-values"}, "", first);
      }
      if (!first) continue;
      add(out, "axis1_2x4_idx2x6", {data_tensor(r, t, {2, 4}), random_indices(r, ind, {2, 6}, 4, true)}, axis_attr(1),
          {"negative-indices"});
      add(out, "axis_neg1_2x3x4_idx1x2x3", {data_tensor(r, t, {2, 3, 4}), random_indices(r, ind, {1, 2, 3}, 4, true)},
          axis_attr(-1), {"negative-indices"});
      add(out, "axis0_idx_smaller_4x3_1x2", {data_tensor(r, t, {4, 3}), random_indices(r, ind, {1, 2}, 4, false)}, {},
          {"random"});
      add(out, "empty_indices_0x3", {data_tensor(r, t, {4, 3}), index_tensor(ind, {0, 3}, {})}, {}, {"empty"});
      add(out, "rank5", {data_tensor(r, t, {2, 1, 3, 2, 2}), random_indices(r, ind, {2, 1, 4, 2, 1}, 3, true)}, axis_attr(2),
          {"high-rank"});
    }
  }
  const DType t = params[0].allowed.front();
  for (DType ind : params[1].allowed) {
    Rng r(seed_of(case_id(row, {t, ind}, "refusals")));
    add(out, "refuse_index_past_end", {data_tensor(r, t, {2, 2}), index_tensor(ind, {2, 2}, {0, 2, 1, 0})}, {},
        {"out-of-range"}, label + ": indices[1] = 2 is outside [-2, 1]", true);
    add(out, "refuse_index_before_start", {data_tensor(r, t, {2, 2}), index_tensor(ind, {1, 1}, {-3})}, {},
        {"out-of-range"}, label + ": indices[0] = -3 is outside [-2, 1]");
    add(out, "refuse_rank_mismatch", {data_tensor(r, t, {2, 2}), index_tensor(ind, {2}, {0, 1})}, {}, {"shape"},
        label + ": indices must have data's rank");
    add(out, "refuse_indices_wider_than_data", {data_tensor(r, t, {2, 2}), index_tensor(ind, {1, 3}, {0, 0, 0})}, {},
        {"shape"}, label + ": indices larger than data on a dimension other than axis");
    add(out, "refuse_axis_2", {data_tensor(r, t, {2, 2}), index_tensor(ind, {1, 1}, {0})}, axis_attr(2), {"attribute"},
        label + ": axis 2 is outside [-2, 1]");
  }
}

void gather_nd_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto params = input_type_params(row);  // T (data); indices are int64
  const std::string label = row.label();
  const DType ind = DType::kInt64;
  const bool batch = row.since_version >= 12;
  for (DType t : params[0].allowed) {
    Rng r(seed_of(case_id(row, {t, ind}, "sweep")));
    add(out, "tuples_2_of_2x2", {data_tensor(r, t, {2, 2}), random_indices(r, ind, {3, 2}, 2, false)}, {}, {"random"}, "",
        true);
    if (has_specials(t)) {
      const Tensor s = special_values(t);
      std::vector<int64_t> v;
      for (int64_t i = s.size() - 1; i >= 0; --i) v.push_back(i);
      add(out, "special_values", {s, index_tensor(ind, {s.size(), 1}, v)}, {}, {"special-values"}, "", true);
    }
    add(out, "slices_k1_of_3x4", {data_tensor(r, t, {3, 4}), random_indices(r, ind, {2, 1}, 3, true)}, {},
        {"negative-indices"});
    add(out, "slices_k2_of_2x3x4_idx2x2x2", {data_tensor(r, t, {2, 3, 4}), index_tensor(ind, {2, 2, 2}, {1, 2, -1, -3, 0, 0, 1, -1})},
        {}, {"negative-indices"});
    add(out, "tuples_3_of_2x3x4", {data_tensor(r, t, {2, 3, 4}), index_tensor(ind, {1, 3}, {1, 2, 3})}, {}, {"edge"});
    add(out, "empty_tuples_0x2", {data_tensor(r, t, {2, 3}), index_tensor(ind, {0, 2}, {})}, {}, {"empty"});
    if (batch) {
      add(out, "batch1_2x2x2_idx2x1", {data_tensor(r, t, {2, 2, 2}), index_tensor(ind, {2, 1}, {1, 0})},
          {make_attr("batch_dims", int64_t{1})}, {"batch-dims"});
      add(out, "batch1_2x3x4_idx2x2x2", {data_tensor(r, t, {2, 3, 4}), index_tensor(ind, {2, 2, 2}, {2, -1, 0, 3, -3, 0, 1, 1})},
          {make_attr("batch_dims", int64_t{1})}, {"batch-dims", "negative-indices"});
      add(out, "batch2_2x3x4_idx2x3x1", {data_tensor(r, t, {2, 3, 4}), random_indices(r, ind, {2, 3, 1}, 4, true)},
          {make_attr("batch_dims", int64_t{2})}, {"batch-dims"});
    }
  }
  const DType t = params[0].allowed.front();
  Rng r(seed_of(case_id(row, {t, ind}, "refusals")));
  add(out, "refuse_index_past_end", {data_tensor(r, t, {2, 3}), index_tensor(ind, {1, 2}, {1, 3})}, {}, {"out-of-range"},
      label + ": indices[0][1] = 3 is outside [-3, 2]", true);
  add(out, "refuse_index_before_start", {data_tensor(r, t, {2, 3}), index_tensor(ind, {1, 1}, {-3})}, {}, {"out-of-range"},
      label + ": indices[0][0] = -3 is outside [-2, 1]");
  add(out, "refuse_index_int64_min", {data_tensor(r, t, {2, 3}), index_tensor(ind, {1, 1}, {INT64_MIN})}, {},
      {"out-of-range"}, label + ": an index of -2^63 is out of bounds");
  add(out, "refuse_tuple_longer_than_rank", {data_tensor(r, t, {2, 3}), index_tensor(ind, {1, 3}, {0, 0, 0})}, {},
      {"shape"}, label + ": indices.shape[-1] must be at most r - batch_dims");
  add(out, "refuse_scalar_indices", {data_tensor(r, t, {2, 3}), index_tensor(ind, {}, {0})}, {}, {"shape"},
      label + ": indices must have rank >= 1");
  if (batch) {
    add(out, "refuse_batch_dims_mismatch", {data_tensor(r, t, {2, 3}), index_tensor(ind, {3, 1}, {0, 0, 0})},
        {make_attr("batch_dims", int64_t{1})}, {"batch-dims"}, label + ": the batch dimensions of data and indices must be equal");
    add(out, "refuse_batch_dims_too_large", {data_tensor(r, t, {2, 3}), index_tensor(ind, {2, 1}, {0, 0})},
        {make_attr("batch_dims", int64_t{2})}, {"batch-dims"}, label + ": batch_dims must be below min(q, r)");
  }
}

}  // namespace touchstone::cases
