// The catalog: one row per op-version of the linked ONNX library, each implemented by
// the reference or visibly "not yet". The rows themselves are in catalog_table.cpp.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "reference/node.h"

namespace touchstone {

// The reference's numeric guarantee for an op-version (DESIGN.md, "The reference").
enum class Numerics {
  kNone,     // not implemented
  kExact,    // exact, or correctly rounded (0 ulp)
  kBounded,  // within a documented error bound (stated in the row's note)
};

enum class OpStatus { kImplemented, kPartial, kNotYet };
const char* op_status_name(OpStatus s);  // "implemented", "partial", "not yet"

struct CatalogRow {
  std::string_view domain;  // "" is ai.onnx
  std::string_view op;
  int since_version;
  // The op's family: the folder its kernel lives in (reference/ops/<family>/, with its case
  // specs in cases/specs/<family>/ and tests in reference/tests/<family>/), or for a row not
  // yet implemented the family its issue names (reference/README.md lists them).
  std::string_view family;
  // The kernel (node.h Kernel): a value kernel, or a tensor kernel it adapts; nullptr: not yet.
  Kernel kernel;
  Numerics numerics;
  std::string_view note;  // what changed in this version, or why it is not yet done
  std::string_view gaps;  // for a partial row: what it cannot do yet

  OpStatus status() const {
    if (!kernel) return OpStatus::kNotYet;
    return gaps.empty() ? OpStatus::kImplemented : OpStatus::kPartial;
  }
  // "Sub-7", or "ai.onnx.ml.LabelEncoder-2" outside the default domain.
  std::string label() const;
};

// All rows, sorted by (domain, op, since_version).
const std::vector<CatalogRow>& catalog();

// "ai.onnx" and "" are the same domain.
std::string_view canonical_domain(std::string_view domain);
std::string_view display_domain(std::string_view domain);  // "" -> "ai.onnx"

// The newest opset the catalog knows for a domain; 0 for an unknown domain.
int catalog_max_opset(std::string_view domain);

// The op-version a node of `op` resolves to in a model importing `opset` of `domain`:
// the row with the greatest since_version not above `opset`; nullptr if none.
const CatalogRow* resolve_op(std::string_view domain, std::string_view op, int opset);

// All versions of one op, oldest first.
std::vector<const CatalogRow*> op_versions(std::string_view domain, std::string_view op);

}  // namespace touchstone
