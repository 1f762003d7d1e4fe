// Kernels of ops over sequences and optionals (value kernels), every version side by side in
// its file. The catalog (reference/catalog_table.cpp) names them; each is <op>_v<since>, the
// first version it serves.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// identity.cpp: Identity-14 on, over sequences and optionals
Values identity_v14(const Node& node, const ValueInputs& in);

// sequence_edit.cpp: SequenceEmpty, SequenceConstruct, SequenceInsert, SequenceErase,
// SequenceAt, SequenceLength
Values sequence_empty_v11(const Node& node, const ValueInputs& in);
Values sequence_construct_v11(const Node& node, const ValueInputs& in);
Values sequence_insert_v11(const Node& node, const ValueInputs& in);
Values sequence_erase_v11(const Node& node, const ValueInputs& in);
Values sequence_at_v11(const Node& node, const ValueInputs& in);
Values sequence_length_v11(const Node& node, const ValueInputs& in);

// sequence_tensor.cpp: ConcatFromSequence, SplitToSequence
Values concat_from_sequence_v11(const Node& node, const ValueInputs& in);
Values split_to_sequence_v11(const Node& node, const ValueInputs& in);

// sequence_map.cpp: SequenceMap
Values sequence_map_v17(const Node& node, const ValueInputs& in);

// optional.cpp: Optional, OptionalGetElement, OptionalHasElement
Values optional_v15(const Node& node, const ValueInputs& in);
Values optional_get_element_v15(const Node& node, const ValueInputs& in);
Values optional_has_element_v15(const Node& node, const ValueInputs& in);

}  // namespace touchstone::ops
