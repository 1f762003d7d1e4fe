// The schema-level refusals of an op-version, derived from its schema row and one valid
// draft: what every op refuses by its signature alone, so that no spec writes them by hand.
// Specs keep only the op's own shape and value rules.
//
// From the base draft (its inputs, attributes and output count) each refusal changes one
// thing: an input type outside its constraint (one case per type parameter and type), two
// inputs of one type parameter given different types, an unknown attribute, an attribute
// another version of the op has and this one lacks (consumed_inputs after version 1,
// broadcast and axis of Add from 7), an attribute of the wrong kind, a required attribute
// left out, one input too few or too many. The reference refuses each as an invalid model
// (the generator checks that it does).
#pragma once
#include <string>
#include <vector>

#include "cases/case.h"

namespace touchstone::cases {

enum class RefusalKind {
  kType,              // refuse_type[_P]: a type outside parameter P's constraint
  kTypeMismatch,      // refuse_type_mismatch: two inputs of one parameter, two types
  kUnknownAttribute,  // refuse_attr_unknown: an attribute no version of the op has
  kRemovedAttribute,  // refuse_attr_<name>: one another version has and this one lacks
  kAttributeKind,     // refuse_attr_<name>_<kind>: an attribute of the wrong kind
  kMissingAttribute,  // refuse_<name>_missing: a required attribute left out
  kTooFewInputs,      // refuse_<count>_inputs: one input fewer than the least allowed
  kTooManyInputs,     // refuse_<count>_inputs: one input more than the most allowed
};
const char* refusal_kind_name(RefusalKind kind);  // "type", "type-mismatch", ...

struct SchemaRefusal {
  RefusalKind kind;
  CaseDraft draft;  // negative: invalid_rule set, tags {"negative", "type"|"attribute"|"arity"}
};

// Every schema-level refusal of `row` derived from `base` (a valid draft of it, tensor
// inputs only), in a fixed order: types, mismatches, attributes, arity. The first type
// refusal is marked smoke.
std::vector<SchemaRefusal> schema_refusals(const CatalogRow& row, const CaseDraft& base);

// The draft the generator derives the refusals from: the first valid draft with tensor
// inputs and none omitted; nullptr when the spec has none.
const CaseDraft* refusal_base(const std::vector<CaseDraft>& drafts);

// Marks the first draft named `name` as the refusal base (a spec whose first valid draft
// has fewer inputs than the refusals should carry: Max's one_3x4 before two_3x4).
void mark_refusal_base(std::vector<CaseDraft>& drafts, std::string_view name);
// Marks the first valid draft with exactly `inputs` tensor inputs and none omitted (Slice-10's
// data, starts, ends: its refusals keep the optional axes and steps out).
void mark_refusal_base(std::vector<CaseDraft>& drafts, size_t inputs);

// The attribute names that other versions of the op have and `row` lacks, sorted.
std::vector<std::string> removed_attributes(const CatalogRow& row);

}  // namespace touchstone::cases
