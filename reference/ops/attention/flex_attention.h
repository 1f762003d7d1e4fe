// ai.onnx.preview FlexAttention-1 read into Attention's plan (attention_plan.h): rank-4 Q, K, V,
// no mask (bias 0), no softcap, no cache; the softmax precision S; the modifier subgraphs'
// checks. Read by the kernel (flex_attention.cpp), the judging contract's bound and the fault
// backend.
#pragma once
#include <string>
#include <vector>

#include "reference/ops/attention/attention_plan.h"

namespace touchstone::ops::attention {

// The plan of a FlexAttention node (refusing what the text forbids: ranks, shapes, heads,
// softmax_precision).
Plan flex_attention_plan(const Node& node, const Inputs& in);

// S: softmax_precision, or float for non-double T1 and double for double (the text's default).
DType flex_softmax_type(const Node& node, DType t1);

// The plan whose row (b, h, i) weighs the keys by the scores `scores` (B, Hq, L, S flat):
// zero queries and keys (every dot product 0), scale 1, the scores as the bias (-inf: the key
// is disallowed), p's values. ExactRow on it gives softmax(scores) and softmax(scores) V.
Plan scores_plan(const Plan& p, const std::vector<double>& scores);

// Refuses a modifier subgraph (`attr`: score_mod or prob_mod) that does not have one input and
// one output, each a tensor of element type s (and rank 4 where its shape is declared).
void check_modifier(const Node& node, const std::string& attr, DType s);

}  // namespace touchstone::ops::attention
