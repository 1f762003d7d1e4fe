// The signal family (reference/ops/signal/README.md): the window functions (DFT, STFT and
// MelWeightMatrix are not yet). Each kernel is <op>_v<since>.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// windows.cpp: HannWindow-17, HammingWindow-17, BlackmanWindow-17
Tensors hann_window_v17(const Node& node, const Inputs& in);
Tensors hamming_window_v17(const Node& node, const Inputs& in);
Tensors blackman_window_v17(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
