// Kernels of the reduction family: Reduce*, the Softmax family, norms and losses, every
// version side by side in its file. The catalog (reference/catalog_table.cpp) names them; each
// is <op>_v<since>, the first version it serves.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// softmax.cpp: Softmax, LogSoftmax, Hardmax (1, 11: 2-D coercion; 13: one axis)
Tensors softmax_v1(const Node& node, const Inputs& in);
Tensors softmax_v11(const Node& node, const Inputs& in);
Tensors softmax_v13(const Node& node, const Inputs& in);
Tensors log_softmax_v1(const Node& node, const Inputs& in);
Tensors log_softmax_v11(const Node& node, const Inputs& in);
Tensors log_softmax_v13(const Node& node, const Inputs& in);
Tensors hardmax_v1(const Node& node, const Inputs& in);
Tensors hardmax_v11(const Node& node, const Inputs& in);
Tensors hardmax_v13(const Node& node, const Inputs& in);

// lp_normalization.cpp: LpNormalization-1, 22
Tensors lp_normalization_v1(const Node& node, const Inputs& in);

// losses.cpp: NegativeLogLikelihoodLoss-12/13/22, SoftmaxCrossEntropyLoss-12/13
Tensors negative_log_likelihood_loss_v12(const Node& node, const Inputs& in);
Tensors softmax_cross_entropy_loss_v12(const Node& node, const Inputs& in);

// reductions.cpp: Reduce*, one kernel per version that changed its rules (rules_for: the
// axes rules, attribute or input, negative axes, and the empty-set text).
Tensors reduce_sum_v1(const Node& node, const Inputs& in);
Tensors reduce_sum_v11(const Node& node, const Inputs& in);
Tensors reduce_sum_v13(const Node& node, const Inputs& in);
Tensors reduce_sum_square_v1(const Node& node, const Inputs& in);
Tensors reduce_sum_square_v11(const Node& node, const Inputs& in);
Tensors reduce_sum_square_v13(const Node& node, const Inputs& in);
Tensors reduce_sum_square_v18(const Node& node, const Inputs& in);
Tensors reduce_l1_v1(const Node& node, const Inputs& in);
Tensors reduce_l1_v11(const Node& node, const Inputs& in);
Tensors reduce_l1_v13(const Node& node, const Inputs& in);
Tensors reduce_l1_v18(const Node& node, const Inputs& in);
Tensors reduce_l2_v1(const Node& node, const Inputs& in);
Tensors reduce_l2_v11(const Node& node, const Inputs& in);
Tensors reduce_l2_v13(const Node& node, const Inputs& in);
Tensors reduce_l2_v18(const Node& node, const Inputs& in);
Tensors reduce_mean_v1(const Node& node, const Inputs& in);
Tensors reduce_mean_v11(const Node& node, const Inputs& in);
Tensors reduce_mean_v13(const Node& node, const Inputs& in);
Tensors reduce_mean_v18(const Node& node, const Inputs& in);
Tensors reduce_prod_v1(const Node& node, const Inputs& in);
Tensors reduce_prod_v11(const Node& node, const Inputs& in);
Tensors reduce_prod_v13(const Node& node, const Inputs& in);
Tensors reduce_prod_v18(const Node& node, const Inputs& in);
Tensors reduce_log_sum_v1(const Node& node, const Inputs& in);
Tensors reduce_log_sum_v11(const Node& node, const Inputs& in);
Tensors reduce_log_sum_v13(const Node& node, const Inputs& in);
Tensors reduce_log_sum_v18(const Node& node, const Inputs& in);
Tensors reduce_log_sum_exp_v1(const Node& node, const Inputs& in);
Tensors reduce_log_sum_exp_v11(const Node& node, const Inputs& in);
Tensors reduce_log_sum_exp_v13(const Node& node, const Inputs& in);
Tensors reduce_log_sum_exp_v18(const Node& node, const Inputs& in);
Tensors reduce_max_v1(const Node& node, const Inputs& in);
Tensors reduce_max_v11(const Node& node, const Inputs& in);
Tensors reduce_max_v12(const Node& node, const Inputs& in);
Tensors reduce_max_v13(const Node& node, const Inputs& in);
Tensors reduce_max_v18(const Node& node, const Inputs& in);
Tensors reduce_max_v20(const Node& node, const Inputs& in);
Tensors reduce_min_v1(const Node& node, const Inputs& in);
Tensors reduce_min_v11(const Node& node, const Inputs& in);
Tensors reduce_min_v12(const Node& node, const Inputs& in);
Tensors reduce_min_v13(const Node& node, const Inputs& in);
Tensors reduce_min_v18(const Node& node, const Inputs& in);
Tensors reduce_min_v20(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
