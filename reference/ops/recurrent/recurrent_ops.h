// The recurrent family (reference/ops/recurrent/README.md): RNN, GRU and LSTM, one kernel per
// version whose rules differ; versions that only widened the types (22: +bfloat16) share the
// previous kernel in the catalog. Every output is the exact real value of the whole
// recurrence rounded once (recurrence.cpp: interval arithmetic at rising precision).
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// recurrence.cpp: RNN-1 (output_sequence; the text's Ht-1*Ri read as Ri^T), 7 (Y optional
// without output_sequence), 14 (layout; 22 shares it)
Tensors rnn_v1(const Node& node, const Inputs& in);
Tensors rnn_v7(const Node& node, const Inputs& in);
Tensors rnn_v14(const Node& node, const Inputs& in);

// recurrence.cpp: GRU-1 (the reset gate before the linear map), 3 (+linear_before_reset),
// 7 (output_sequence removed), 14 (layout; 22 shares it)
Tensors gru_v1(const Node& node, const Inputs& in);
Tensors gru_v3(const Node& node, const Inputs& in);
Tensors gru_v7(const Node& node, const Inputs& in);
Tensors gru_v14(const Node& node, const Inputs& in);

// recurrence.cpp: LSTM-1 (output_sequence), 7, 14 (layout; 22 shares it)
Tensors lstm_v1(const Node& node, const Inputs& in);
Tensors lstm_v7(const Node& node, const Inputs& in);
Tensors lstm_v14(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
