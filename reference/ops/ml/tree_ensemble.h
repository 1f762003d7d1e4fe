// The one internal form of ai.onnx.ml's tree ensembles (tree_ensemble.cpp), which every
// attribute layout is converted into (tree_readers.cpp: TreeEnsembleRegressor-1/3 and
// TreeEnsembleClassifier-1/3 name nodes by (tree id, node id) with LEAF nodes carrying votes;
// TreeEnsemble-5 indexes nodes and leaves by position). Evaluated once, exactly:
//   - a branch compares x with its threshold (or set) as real numbers, whatever X's type
//     and the threshold's (float, double, float16); NaN x takes the node's missing-value
//     track (false unless nodes_missing_value_tracks_true says 1), for every mode;
//   - the scores of a row are the aggregate of the reached leaves' votes per target, plus
//     base_values: SUM the exact sum, AVERAGE the exact sum over the tree count, MIN and MAX
//     over every vote; exact until post_transform.h rounds each value once.
#pragma once
#include <deque>
#include <string>
#include <vector>

#include "reference/node.h"
#include "reference/numeric/functions.h"
#include "reference/ops/ml/post_transform.h"

namespace touchstone::ops::ml {

enum class BranchMode { kLeq, kLt, kGte, kGt, kEq, kNeq, kMember };
enum class Aggregate { kSum, kAverage, kMin, kMax };

struct TreeVote {
  int64_t target = 0;
  double weight = 0;
};

struct TreeNode {
  bool leaf = false;
  BranchMode mode = BranchMode::kLeq;
  int64_t feature = 0;
  double threshold = 0;
  std::vector<double> members;  // BRANCH_MEMBER's set
  size_t true_child = 0, false_child = 0;
  bool missing_tracks_true = false;
  std::vector<TreeVote> votes;  // a leaf's
};

struct TreeEnsembleModel {
  std::vector<TreeNode> nodes;  // interior nodes and leaves
  std::vector<size_t> roots;    // one per tree
  int64_t targets = 0;
  std::vector<double> base_values;  // empty or one per target
  Aggregate aggregate = Aggregate::kSum;
};

// The mode named in TreeEnsembleRegressor/Classifier's nodes_modes (LEAF: nullopt-like,
// returned as `leaf` true). Refuses another name.
BranchMode branch_mode_of(const std::string& name, bool& leaf);
Aggregate aggregate_of(const std::string& name);

// Checks the model once (children in range, features within X's F, targets in range, every
// tree a tree: no node reached twice from its root). X is [N,F].
void check_tree_ensemble(const TreeEnsembleModel& m, int64_t features);

// Row r's exact scores, one per target (post_transform not applied). Marks the
// implementation-defined choice of a MIN/MAX target no leaf votes for (0 plus its base).
void tree_ensemble_scores(const Node& node, const TreeEnsembleModel& m, const Tensor& x, int64_t r,
                          std::deque<numeric::MpfrValue>& scores);

}  // namespace touchstone::ops::ml
