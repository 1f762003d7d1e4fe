// Case specs: one recipe per op (or family) saying which shapes, attributes and values to
// sweep for an op-version. Dtypes come from the op-version's type constraints.
//
// The table (spec_table(): the families' tables joined) is the list of what has specs; the
// generator runs the recipe of every implemented op-version whose op is in it.
#pragma once
#include <string_view>
#include <vector>

#include "cases/case.h"
#include "cases/judging.h"

namespace touchstone::cases {

// Drafts every case of one op-version (the smoke profile keeps those marked smoke).
using SpecFn = void (*)(const CatalogRow& row, std::vector<CaseDraft>& out);

struct SpecEntry {
  std::string_view domain;  // "" is ai.onnx
  std::string_view op;
  SpecFn cases;
  std::string_view sweeps;  // one line: what the recipe covers
  Judging judging = {};     // how a backend's outputs are judged (cases/judging.h); exact if not stated
};

const std::vector<SpecEntry>& spec_table();
const SpecEntry* find_spec(std::string_view domain, std::string_view op);

// Library functions and short compositions of them (judging.h).
inline constexpr Judging kFunction = Judging::ulp(kFunctionUlps);

// The families' spec tables (specs/<family>/<family>_table.cpp), each op's recipe declared in
// its family's header (specs/<family>/<family>_cases.h). spec_table() joins them.
const std::vector<SpecEntry>& elementwise_spec_table();
const std::vector<SpecEntry>& shape_spec_table();
const std::vector<SpecEntry>& indexing_spec_table();
const std::vector<SpecEntry>& reduce_spec_table();
const std::vector<SpecEntry>& linalg_spec_table();
const std::vector<SpecEntry>& sequence_spec_table();
const std::vector<SpecEntry>& pool_spec_table();
const std::vector<SpecEntry>& conv_spec_table();
const std::vector<SpecEntry>& norm_spec_table();
const std::vector<SpecEntry>& quant_spec_table();
const std::vector<SpecEntry>& resample_spec_table();
const std::vector<SpecEntry>& geometry_spec_table();
const std::vector<SpecEntry>& attention_spec_table();

}  // namespace touchstone::cases
