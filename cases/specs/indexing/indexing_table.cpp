// The spec table of the indexing family: one row per op, its recipe, what it sweeps and its
// judging contract (cases/judging.h; exact when absent). spec_table() joins the families'
// tables (../spec_table.cpp).
#include "cases/specs/indexing/indexing_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& indexing_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "ArgMax", arg_cases, "every T; axes, keepdims, ties (select_last_index from 12), specials (NaN open), empty axes; refusals by version"},
      {"", "ArgMin", arg_cases, "as ArgMax"},
      {"", "Compress", compress_cases, "every T; axis 0/1/-1 and flattened; shorter, empty, all-false conditions; longer refused"},
      {"", "CumProd", cumulative_cases, "as CumSum, products (factors near 1)", Judging::exact().with(cumulative_axis_length, "floats: bound n = axis")},
      {"", "CumSum", cumulative_cases, "every T x axis type; axes, exclusive/reverse, rank 4, 64 terms, rounding once, specials; refusals", Judging::exact().with(cumulative_axis_length, "floats: bound n = axis")},
      {"", "Gather", gather_cases, "every (T, Tind); axes, scalar/empty/rank-5, negative indices (11+), index ends and int extremes refused"},
      {"", "GatherElements", gather_elements_cases, "every (T, Tind); axes, negative indices, rank 5, empty; out-of-range and shape refusals"},
      {"", "GatherND", gather_nd_cases, "every T; tuples of each length, negative components, batch_dims (12+); refusals"},
      {"", "NonZero", nonzero_cases, "every T; scalar (0, N), empty, ranks 1-6, specials"},
      {"", "OneHot", onehot_cases, "every (T1, T2, T3); negative/past-end indices (off in 9, wrap in 11), axes, float truncation; refusals"},
      {"", "ReverseSequence", reverse_sequence_cases, "every T; both axis layouts, lengths 0..time, rank 4; refusals"},
      {"", "Scatter", scatter_elements_cases, "Scatter-9 as ScatterElements-11 without negative indices"},
      {"", "ScatterElements", scatter_elements_cases, "every (T, Tind); axes, negative indices, duplicates (open with none), reductions add/mul (16) max/min (18); refusals"},
      {"", "ScatterND", scatter_nd_cases, "every T; element and slice updates, negative indices, duplicates, reductions by version; refusals"},
      {"", "TensorScatter", tensor_scatter_cases, "every T; prefill, decode, circular wrap (past the end, negative), rank 4 heads, empty; refusals"},
      {"", "TopK", topk_cases, "every T; k attribute/input, axes, ties, largest/sorted (11+; sorted=0 as a multiset), specials; refusals", Judging::exact().with(topk_unordered, "unordered if sorted=0", 11)},
      {"", "Unique", unique_cases, "every T; flattened and by axis, sorted 0/1, repeats, empty, specials (NaN, +-0 open); refusals"},
  };
  return table;
}

}  // namespace touchstone::cases
