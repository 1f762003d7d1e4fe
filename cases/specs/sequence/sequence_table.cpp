// The spec table of the ops over sequences and optionals: one row per op, its recipe, what it
// sweeps and its judging contract (cases/judging.h; exact when absent). spec_table() joins the
// families' tables (../spec_table.cpp).
#include "cases/specs/sequence/sequence_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& sequence_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps (Identity-14+ is in Identity's recipe)
      {"", "ConcatFromSequence", concat_from_sequence_cases, "axes 0, 1, negative; new_axis=1 at the front, middle, end (axis r, -r-1), scalars stacked, one tensor, an empty part; refusals: both axis ranges, shapes off the axis, an empty sequence (undefined-if-run)"},
      {"", "Optional", optional_cases, "an optional of each tensor and sequence type, with and without type; the empty optional of each type from type; refusals: neither input nor type, a type disagreeing"},
      {"", "OptionalGetElement", optional_get_element_cases, "each optional kind and type (18: plain tensors and sequences); refusals: an empty optional (undefined-if-run), a plain tensor into 15"},
      {"", "OptionalHasElement", optional_has_element_cases, "holding and empty optionals of each type (18: plain tensors and sequences, an absent input); refusals: a plain tensor into 15, two inputs"},
      {"", "SequenceAt", sequence_at_cases, "positions 0, 1, n-1, -1, -n, both position types; refusals: n, -n-1, an empty sequence, a non-scalar position"},
      {"", "SequenceConstruct", sequence_construct_cases, "three tensors of different shapes (one scalar, one empty), one tensor; refusal: two types"},
      {"", "SequenceEmpty", sequence_empty_cases, "each dtype S allows, dtype left out (float); refusals: bfloat16, dtype 0"},
      {"", "SequenceErase", sequence_erase_cases, "positions 0, 1, n-1, -1, -n, none (the last), the only tensor, both position types; refusals: n, -n-1, an empty sequence with and without position, a non-scalar position"},
      {"", "SequenceInsert", sequence_insert_cases, "positions 0, 1, n, -1, -n, none (the end), into an empty sequence, both position types; refusals: n+1, -n-1, a non-scalar position, a tensor of another type"},
      {"", "SequenceLength", sequence_length_cases, "three tensors, the empty sequence; refusal: a tensor"},
      {"", "SequenceMap", sequence_map_cases, "every S with every tensor and sequence V through an Identity body; Add of two sequences and of a sequence and a tensor, Shape, one input, an empty sequence; refusals: lengths differ, body arity"},
      {"", "SplitToSequence", split_to_sequence_cases, "no split (keepdims 1 and 0, axis 0 and 1), scalar split dividing or not or past the axis, list split (with a 0: impl.-defined; keepdims ignored), negative axis, both split types, an empty axis; refusals: sum, negative, scalar 0, 2-D split, scalar input, axis"},
  };
  return table;
}

}  // namespace touchstone::cases
