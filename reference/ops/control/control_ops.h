// Kernels of the control-flow ops (value kernels: their values may be sequences and
// optionals), every version side by side in its file. The catalog (reference/catalog_table.cpp)
// names them; each is <op>_v<since>, the first version it serves. They compute nothing
// themselves: they run the graphs their attributes hold (Node::run_subgraph) and move values.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// if.cpp: If-1 (both branches' outputs of one shape), If-11 on (shapes may differ)
Values if_v1(const Node& node, const ValueInputs& in);
Values if_v11(const Node& node, const ValueInputs& in);

// loop.cpp: Loop-1 on (one kernel: the versions differ in their types and arity only)
Values loop_v1(const Node& node, const ValueInputs& in);

// scan.cpp: Scan-8 (batch axis 0, sequence axis 1, sequence_lens), Scan-9 (scan axes and
// directions of inputs and outputs), Scan-11 on (negative axes)
Values scan_v8(const Node& node, const ValueInputs& in);
Values scan_v9(const Node& node, const ValueInputs& in);
Values scan_v11(const Node& node, const ValueInputs& in);

}  // namespace touchstone::ops
