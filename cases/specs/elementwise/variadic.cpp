// Case specs of the variadic elementwise ops: Max and Min (1, 6, 8, 12, 13), Mean and Sum
// (1, 6, 8, 13).
//
// Per allowed type: one to five inputs of equal shapes from scalar to rank 6 and empty
// (versions 1 and 6 allow nothing else), and from version 8 numpy broadcasting over two
// and three inputs; random values; every pair of the type's special values; three-input
// rows where Sum and Mean must round once (1 + ulp/2 + ulp/2, max + max - max, cancelling
// terms, subnormal results, inf - inf) and where Max and Min meet NaN and signed zeros.
// Version 1 gets a case with the legacy consumed_inputs. Refusals: unequal shapes before
// opset 8 and incompatible ones after; the schema-level ones (types, attributes, no input
// at all) come from the generator (cases/refusals.h), derived from two_3x4.
#include <algorithm>
#include <cmath>

#include "cases/specs/core/binary.h"
#include "cases/specs/elementwise/elementwise_cases.h"
#include "cases/refusals.h"
#include "reference/model_builder.h"
#include "reference/node_check.h"

namespace touchstone::cases {

namespace {

using binary::add;

struct ShapeSet {
  const char* name;
  std::vector<Shape> shapes;
  const char* refusal = nullptr;
};

const std::vector<ShapeSet>& same_shape_sets() {
  static const std::vector<ShapeSet> sets = {
      {"one_3x4", {{3, 4}}},
      {"two_3x4", {{3, 4}, {3, 4}}},
      {"three_scalar", {{}, {}, {}}},
      {"two_1", {{1}, {1}}},
      {"three_7", {{7}, {7}, {7}}},
      {"five_2x3", {{2, 3}, {2, 3}, {2, 3}, {2, 3}, {2, 3}}},
      {"two_0x3", {{0, 3}, {0, 3}}},
      {"three_1x2x1x3x2", {{1, 2, 1, 3, 2}, {1, 2, 1, 3, 2}, {1, 2, 1, 3, 2}}},
      {"two_2x1x2x1x3x2", {{2, 1, 2, 1, 3, 2}, {2, 1, 2, 1, 3, 2}}},
  };
  return sets;
}

const std::vector<ShapeSet>& same_shape_refusals() {
  static const std::vector<ShapeSet> sets = {
      {"refuse_3x4_4", {{3, 4}, {4}}, "all inputs must have the same shape (no broadcasting before opset 8)"},
      {"refuse_3_1", {{3}, {1}}, "all inputs must have the same shape; size 1 does not stretch"},
      {"refuse_scalar_1", {{}, {1}}, "all inputs must have the same shape; a scalar is not shape (1)"},
      {"refuse_three_2x3_2x3_3x2", {{2, 3}, {2, 3}, {3, 2}}, "all inputs must have the same shape"},
  };
  return sets;
}

const std::vector<ShapeSet>& numpy_sets() {
  static const std::vector<ShapeSet> sets = {
      {"bcast_3x4x5_5", {{3, 4, 5}, {5}}},
      {"bcast_scalar_3x4", {{}, {3, 4}}},
      {"bcast_3x1_1x4", {{3, 1}, {1, 4}}},
      {"bcast_three_2x1x3_4x1_3", {{2, 1, 3}, {4, 1}, {3}}},
      {"bcast_three_1_3x4_scalar", {{1}, {3, 4}, {}}},
      {"bcast_three_8x1x6x1_7x1x5_1", {{8, 1, 6, 1}, {7, 1, 5}, {1}}},
      {"bcast_0x3_1x3_3", {{0, 3}, {1, 3}, {3}}},
      {"bcast_2x1x3x1x2x1_1x2x1x3x1x2", {{2, 1, 3, 1, 2, 1}, {1, 2, 1, 3, 1, 2}}},
      {"refuse_2x3_3x2", {{2, 3}, {3, 2}}, "numpy broadcasting: aligned sizes must be equal or 1"},
      {"refuse_three_2x3_3_4", {{2, 3}, {3}, {4}}, "numpy broadcasting over all inputs: sizes 3 and 4"},
      {"refuse_0_2", {{0}, {2}}, "numpy broadcasting: sizes 0 and 2 neither equal nor 1"},
  };
  return sets;
}

std::vector<std::string> shape_tags(const ShapeSet& s) {
  std::vector<std::string> tags = {s.refusal ? "shape" : "random"};
  size_t rank = 0;
  bool scalar = false, empty = false, differ = false;
  for (const auto& shape : s.shapes) {
    rank = std::max(rank, shape.size());
    scalar |= shape.empty();
    empty |= std::find(shape.begin(), shape.end(), 0) != shape.end();
    differ |= shape != s.shapes.front();
  }
  if (differ) tags.push_back("broadcast");
  if (scalar) tags.push_back("scalar");
  if (empty) tags.push_back("empty");
  if (rank >= 5) tags.push_back("high-rank");
  return tags;
}

std::vector<Tensor> random_inputs(const CatalogRow& row, DType t, const ShapeSet& s) {
  Rng rng(seed_of(case_id(row, std::vector<DType>(s.shapes.size(), t), s.name)));
  std::vector<Tensor> inputs;
  for (const auto& shape : s.shapes) inputs.push_back(random_tensor(rng, t, shape, {}));
  return inputs;
}

// Rows of three inputs (as three tensors of shape (rows,)) that each say something.
std::vector<Tensor> columns(DType t, const std::vector<std::array<double, 3>>& rows) {
  std::vector<Tensor> out;
  for (size_t k = 0; k < 3; ++k) {
    std::vector<double> column;
    for (const auto& r : rows) column.push_back(r[k]);
    out.push_back(tensor_of(t, {static_cast<int64_t>(rows.size())}, column));
  }
  return out;
}

// Sum and Mean: results that pairwise rounding, or an intermediate overflow, gets wrong.
std::vector<std::array<double, 3>> rounding_rows(DType t) {
  int m = 52, emax = 1023;  // stored mantissa bits and the largest exponent of t
  if (t == DType::kFloat16) m = 10, emax = 15;
  else if (t == DType::kBFloat16) m = 7, emax = 127;
  else if (t == DType::kFloat) m = 23, emax = 127;
  const double half_ulp = std::ldexp(1.0, -m - 1), max = std::ldexp(2.0 - std::ldexp(1.0, -m), emax);
  const double tiny = std::ldexp(1.0, 1 - emax - m), inf = INFINITY;
  return {
      {1, half_ulp, half_ulp},         // 1 + ulp exactly; pairwise ties back to 1 twice
      {half_ulp, half_ulp, 1},         // the same in the other order
      {max, max, -max},                // max, with no intermediate overflow
      {max, max, max},                 // overflows: inf (Mean: max)
      {1, -1, half_ulp / 4},           // cancellation leaves the small term
      {tiny, tiny, -tiny},             // subnormal result
      {tiny, 0, 0},                    // Mean: tiny/3 rounds to 0
      {tiny, tiny, 0},                 // Mean: 2 tiny/3 rounds to the smallest subnormal
      {inf, -inf, 1},                  // NaN
      {-0.0, -0.0, -0.0},              // -0
      {-0.0, 0.0, -0.0},               // +0
      {1.5, 2.5, 3.5},                 // Mean: 2.5 exactly
  };
}

// Max and Min: NaN anywhere, signed zeros, infinities.
std::vector<std::array<double, 3>> extreme_rows() {
  return {{NAN, 1, 2}, {1, NAN, -1}, {-0.0, 0.0, -0.0}, {0.0, -0.0, -1}, {-INFINITY, INFINITY, 0}, {2, 2, 2}};
}

}  // namespace

void variadic_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const bool sums = row.op == "Sum" || row.op == "Mean";
  bool smoke_refusal = true;
  const auto params = input_type_params(row);
  for (DType t : params.front().allowed) {
    std::vector<ShapeSet> sets = same_shape_sets();
    const auto& more = row.since_version < 8 ? same_shape_refusals() : numpy_sets();
    sets.insert(sets.end(), more.begin(), more.end());
    bool first_valid = true;
    for (const auto& s : sets) {
      const std::string rule = s.refusal ? row.label() + ": " + s.refusal : "";
      const bool smoke = s.refusal ? smoke_refusal : first_valid;
      if (s.refusal) smoke_refusal = false;
      else first_valid = false;
      add(out, s.name, random_inputs(row, t, s), {}, shape_tags(s), rule, smoke);
    }
    const Tensor specials = special_values(t);
    add(out, "special_values", binary::pair(specials, specials), {}, {"special-values"}, "", true);
    if (is_float_dtype(t))
      add(out, sums ? "rounding_once" : "nan_signed_zeros", columns(t, sums ? rounding_rows(t) : extreme_rows()), {},
          {"special-values", sums ? "rounding" : "nan"}, "", false);
    if (schema_of(row).attribute("consumed_inputs"))
      add(out, "consumed_inputs", random_inputs(row, t, {"consumed_inputs", {{3, 4}, {3, 4}}}),
          {make_attr("consumed_inputs", std::vector<int64_t>{0, 0})}, {"attribute"}, "", false);
  }
  mark_refusal_base(out, "two_3x4");  // two inputs: the type mismatch needs them
}

}  // namespace touchstone::cases
