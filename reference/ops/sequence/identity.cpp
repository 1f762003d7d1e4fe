// Value kernels (node.h ValueKernel) for op-versions whose inputs may be sequences,
// optionals or maps. The executor has checked every input's type string against the
// op-version's constraint before the call.
#include "reference/ops/sequence/sequence_ops.h"

namespace touchstone::ops {

// Identity-14 (sequences of tensors), 16 on (optionals of tensors and of sequences; an
// empty optional too): the input value, unchanged — the same kind, element type, length
// and elements, bit for bit.
Values identity_v14(const Node&, const ValueInputs& in) { return {in[0]}; }

}  // namespace touchstone::ops
