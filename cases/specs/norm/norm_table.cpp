// The spec table of the normalization family: one row per op, its recipe, what it sweeps and
// its judging contract (cases/judging.h). spec_table() joins the families' tables
// (../spec_table.cpp). BatchNormalization, InstanceNormalization and LRN: element bounds
// (norm_bounds_batch.cpp) for every case, inference's one-term formula included (min_terms 0).
#include "cases/specs/norm/norm_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& norm_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "BatchNormalization", batch_norm_cases, "inference and training by version (is_test, outputs, training_mode), spatial 0, ranks 1-5, 14's U and 15's T1/T2 mixed with T, empty batch, epsilon, momentum, a cancelling variance (1000 + small), var + eps = 0, specials, shape/mode refusals", Judging::element("batchnorm", batch_norm_element_bounds, 0, 0)},
      {"", "InstanceNormalization", instance_norm_cases, "ranks 3-5 (4 in 1), 1x1 and 32x32 images, empty batch, epsilon, a cancelling variance (1000 + small), specials, shape refusals", Judging::element("instancenorm", instance_norm_element_bounds, 0, 0)},
      {"", "LRN", lrn_cases, "sizes 1, 2, 3, 4 (the window's floor and ceil), 7 > C, ranks 2-4, alpha/bias/beta 1, 0.5, 2, empty batch, specials, size/rank refusals", Judging::element("lrn", lrn_element_bounds, 0, 0)},
      {"", "GroupNormalization", group_normalization_cases, "groups 1, 2, C (18: deprecated, refused), rank 2 to 4, epsilon, stash_type 10/11/16, mean far from the spread, empty batch, constant group with epsilon 0, specials, num_groups/scale-shape/rank refusals", Judging::element("normalization", norm_element_bounds)},
      {"", "LayerNormalization", layer_normalization_cases, "axis 0, 1, -1, -2, rank 1, Scale/B broadcast to X, no B, Mean/InvStdDev, stash_type 16, epsilon, mean far from the spread, 4096-long rows, empty, constant row with epsilon 0, specials, axis/broadcast/stash_type refusals", Judging::element("normalization", norm_element_bounds)},
      {"", "MeanVarianceNormalization", mean_variance_normalization_cases, "default axes [0, 2, 3], [2, 3], [1], all, negative, mean far from the spread, 4096-long rows, empty, a constant channel (0/0), specials, axes refusals", Judging::element("normalization", norm_element_bounds)},
      {"", "RMSNormalization", rms_normalization_cases, "every (T, V), axes as LayerNormalization, scale broadcast, stash_type 10/11, zero row with epsilon 0, specials, axis/broadcast/stash_type refusals", Judging::element("normalization", norm_element_bounds)},
      {"", "Dropout", dropout_cases, "inference (is_test, 7 and 10, training_mode absent or false), training with ratio 0, 0.5, 0.75, 0.3 and 1 (undefined), seed, ratio of every T1 type, special values, empty; ratio and scalar refusals", Judging::property_of("dropout", dropout_property)},
  };
  return table;
}

}  // namespace touchstone::cases
