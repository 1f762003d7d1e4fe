#include "cases/specs/specs.h"
#include "cases/specs/image/image_cases.h"
#include "cases/specs/ml/ml_cases.h"
#include "cases/specs/random/random_cases.h"
#include "cases/specs/recurrent/recurrent_cases.h"
#include "cases/specs/signal/signal_cases.h"
#include "cases/specs/string/string_cases.h"
#include "cases/specs/training/training_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& control_spec_table();  // specs/control/control_table.cpp

// The last field of a row is the op's judging contract (cases/judging.h; exact when absent):
// sums are judged by the bound of their n terms (the reduction length the kernel reports;
// Sum and Mean: the inputs), plus their extra roundings (Gemm's alpha and beta 2;
// LpNormalization's sqrt and division 3; NegativeLogLikelihoodLoss's weighted product 1).
// ReduceL2 of one term is sqrt(x*x): two roundings. The composite ops' bounds per element
// come from their functions (specs/reduce/bounds.h), which take the term magnitudes' place.
// Each family keeps its rows in its own table (specs/<family>/<family>_table.cpp).
const std::vector<SpecEntry>& spec_table() {
  static const std::vector<SpecEntry> table = [] {
    std::vector<SpecEntry> all;
    using FamilyTable = const std::vector<SpecEntry>& (*)();
    for (FamilyTable family : {elementwise_spec_table, shape_spec_table, indexing_spec_table, reduce_spec_table,
                               linalg_spec_table, sequence_spec_table, pool_spec_table, conv_spec_table,
                               norm_spec_table, quant_spec_table, resample_spec_table, geometry_spec_table,
                               attention_spec_table, recurrent_spec_table, control_spec_table, signal_spec_table,
                               random_spec_table, ml_spec_table, string_spec_table, training_spec_table,
                               image_spec_table})
      for (const auto& e : family()) all.push_back(e);
    return all;
  }();
  return table;
}

const SpecEntry* find_spec(std::string_view domain, std::string_view op) {
  for (const auto& e : spec_table())
    if (e.domain == domain && e.op == op) return &e;
  return nullptr;
}

}  // namespace touchstone::cases
