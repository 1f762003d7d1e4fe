// The signal family (reference/ops/signal/README.md): the window functions, DFT, STFT and
// MelWeightMatrix. Each kernel is <op>_v<since>.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// windows.cpp: HannWindow-17, HammingWindow-17, BlackmanWindow-17
Tensors hann_window_v17(const Node& node, const Inputs& in);
Tensors hamming_window_v17(const Node& node, const Inputs& in);
Tensors blackman_window_v17(const Node& node, const Inputs& in);

// dft.cpp: DFT-17 (axis attribute), DFT-20 (axis input)
Tensors dft_v17(const Node& node, const Inputs& in);
Tensors dft_v20(const Node& node, const Inputs& in);

// stft.cpp: STFT-17
Tensors stft_v17(const Node& node, const Inputs& in);

// mel_weight_matrix.cpp: MelWeightMatrix-17
Tensors mel_weight_matrix_v17(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
