// The attribute and sweep helpers the convolution family's specs share (conv_specs.cpp,
// conv_more_specs.cpp, deform_causal_specs.cpp).
#pragma once
#include <string>
#include <vector>

#include "cases/specs/specs.h"
#include "reference/model_builder.h"

namespace touchstone::cases::conv_attrs {

using Attrs = std::vector<onnx::AttributeProto>;
using Ints = std::vector<int64_t>;

inline onnx::AttributeProto ints(const char* name, Ints v) { return make_attr(name, v); }
inline onnx::AttributeProto one_int(const char* name, int64_t v) { return make_attr(name, v); }
inline onnx::AttributeProto text(const char* name, const char* v) { return make_attr(name, std::string(v)); }

// For each type the row's first type parameter allows, `sweep(drafter)`; then `refusals` once,
// on a drafter of the first type. D is built as D{row, type, out} (smoke on), D{..., false}.
template <class D, class Sweep, class Refusals>
void every_type(const CatalogRow& row, std::vector<CaseDraft>& out, const Sweep& sweep, const Refusals& refusals) {
  const auto allowed = input_type_params(row).front().allowed;
  for (DType t : allowed) {
    D d{row, t, out};
    sweep(d);
  }
  D first{row, allowed.front(), out, false};
  refusals(first);
}

}  // namespace touchstone::cases::conv_attrs
