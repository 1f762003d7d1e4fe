// The tree ensembles' attribute layouts read into tree_ensemble.h's one form, then evaluated
// by it: TreeEnsembleRegressor-1/3 and TreeEnsembleClassifier-1/3 (the legacy layout), and
// TreeEnsemble-5 (below).
// The legacy layout: Nodes are tuples nodes_* (tree id, node id, feature, mode, value,
// true/false node ids, missing-value track); LEAF nodes carry the votes target_* or class_*
// (tree id, node id, target or class, weight). Each tree's root is its one node no other node
// of the tree names as a child (node ids need not start at 0). Version 3 adds the
// *_as_tensor forms (nodes_values, base_values, target/class_weights, nodes_hitrates),
// which the text allows "if the element type is double and not float": thresholds and
// weights then hold doubles; giving both forms is refused.
// Thresholds: the text names no comparison type. The reference compares x and the
// threshold as real numbers (a float threshold against a double X widens exactly; int64 X
// is not rounded to float), so the choice is exact.
// Leaf sums: the text names no precision either (implementations accumulate in the weights'
// type); the reference's sums are exact, rounded once after post_transform.
// The classifier: E = the labels (classlabels_int64s or classlabels_strings, one of them);
// Z [N,E], Y the label of the largest score. Open (impl.-defined): equal largest scores (the
// first); the binary case, two labels with every vote for class 0 (what skl2onnx writes for
// binary boosting): as ONNX's Python reference, Z's second column is the class-0 score s and
// its first 1 - s (NONE, PROBIT) or -s (the other transforms), before the transform.
// Version 5 of both is deprecated (tree_deprecated.cpp).
// TreeEnsemble-5: nodes_* by position (tree_roots index them), each child a node or, where
// nodes_trueleafs/falseleafs say 1, a leaf (leaf_targetids, leaf_weights: one vote each);
// modes a uint8 tensor (0 LEQ, 1 LT, 2 GTE, 3 GT, 4 EQ, 5 NEQ, 6 MEMBER), thresholds
// nodes_splits (a tensor, of T), BRANCH_MEMBER's sets membership_values split at its NaNs in
// the order of the MEMBER nodes (a trailing NaN allowed); aggregate_function 0 AVERAGE,
// 1 SUM, 2 MIN, 3 MAX; post_transform 0 NONE, 1 SOFTMAX, 2 LOGISTIC, 3 SOFTMAX_ZERO, 4 PROBIT.
// Y is of X's type T, each value the exact one rounded once to T; a transform other than
// NONE on double or float16 X is not implemented yet (the transforms round to float).
#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>
#include <utility>

#include "reference/error.h"
#include "reference/half.h"
#include "reference/numeric/exact.h"
#include "reference/ops/ml/ml_attrs.h"
#include "reference/ops/ml/ml_ops.h"
#include "reference/ops/ml/tree_ensemble.h"
#include "reference/tensor_proto.h"

namespace touchstone::ops {

namespace {

using ml::TreeEnsembleModel;

const onnx::AttributeProto* tree_attr(const Node& node, const std::string& name) {
  for (const auto& a : node.proto().attribute())
    if (a.name() == name) return &a;
  return nullptr;
}

std::vector<std::string> tree_strings(const Node& node, const std::string& name) {
  const auto* a = tree_attr(node, name);
  if (a == nullptr) return {};
  return {a->strings().begin(), a->strings().end()};
}

// A float list, or (version 3) its *_as_tensor form of float or double: as doubles.
std::vector<double> tree_reals(const Node& node, const std::string& name, bool tensors) {
  const auto* list = tree_attr(node, name);
  const auto* tensor = tensors ? tree_attr(node, name + "_as_tensor") : nullptr;
  if (list != nullptr && tensor != nullptr)
    invalid_model(name + " and " + name + "_as_tensor are both given; one of them may be");
  if (tensor != nullptr) {
    const Tensor t = tensor_from_proto(tensor->t(), ".", name + "_as_tensor");
    if (t.dtype() == DType::kDouble) return {t.data<double>().begin(), t.data<double>().end()};
    if (t.dtype() == DType::kFloat) return {t.data<float>().begin(), t.data<float>().end()};
    invalid_model(name + "_as_tensor holds " + std::string(dtype_name(t.dtype())) + "; it must be double (or float)");
  }
  if (list == nullptr) return {};
  return {list->floats().begin(), list->floats().end()};
}

void check_tree_length(size_t got, size_t want, const std::string& what) {
  if (got != want)
    invalid_model(what + " has " + std::to_string(got) + " entries; the nodes_* tuples have " +
                  std::to_string(want));
}

// The legacy layout into the one form; `vote` is "target" or "class".
TreeEnsembleModel read_legacy(const Node& node, const std::string& vote, int64_t targets, bool tensors) {
  const std::vector<int64_t> tree_ids = node.attr_ints("nodes_treeids"),
                             node_ids = node.attr_ints("nodes_nodeids"),
                             features = node.attr_ints("nodes_featureids"),
                             true_ids = node.attr_ints("nodes_truenodeids"),
                             false_ids = node.attr_ints("nodes_falsenodeids"),
                             tracks = node.attr_ints("nodes_missing_value_tracks_true");
  const std::vector<std::string> modes = tree_strings(node, "nodes_modes");
  const std::vector<double> values = tree_reals(node, "nodes_values", tensors);
  const size_t n = node_ids.size();
  if (n == 0) invalid_model("nodes_nodeids is empty: the ensemble has no node");
  check_tree_length(tree_ids.size(), n, "nodes_treeids");
  check_tree_length(features.size(), n, "nodes_featureids");
  check_tree_length(modes.size(), n, "nodes_modes");
  check_tree_length(true_ids.size(), n, "nodes_truenodeids");
  check_tree_length(false_ids.size(), n, "nodes_falsenodeids");
  if (!values.empty()) check_tree_length(values.size(), n, "nodes_values");
  if (!tracks.empty()) check_tree_length(tracks.size(), n, "nodes_missing_value_tracks_true");

  TreeEnsembleModel m;
  m.targets = targets;
  std::map<std::pair<int64_t, int64_t>, size_t> index;
  std::vector<int64_t> trees;  // in order of first appearance
  for (size_t i = 0; i < n; ++i) {
    if (!index.emplace(std::pair{tree_ids[i], node_ids[i]}, i).second)
      invalid_model("node id " + std::to_string(node_ids[i]) + " appears twice in tree " +
                    std::to_string(tree_ids[i]));
    if (std::find(trees.begin(), trees.end(), tree_ids[i]) == trees.end()) trees.push_back(tree_ids[i]);
    ml::TreeNode t;
    t.mode = ml::branch_mode_of(modes[i], t.leaf);
    t.feature = features[i];
    t.threshold = values.empty() ? 0.0 : values[i];
    t.missing_tracks_true = !tracks.empty() && tracks[i] != 0;
    m.nodes.push_back(t);
  }
  std::set<size_t> children;
  for (size_t i = 0; i < n; ++i) {
    if (m.nodes[i].leaf) continue;
    auto child = [&](int64_t id) {
      const auto it = index.find({tree_ids[i], id});
      if (it == index.end())
        invalid_model("node " + std::to_string(node_ids[i]) + " of tree " + std::to_string(tree_ids[i]) +
                      " names child " + std::to_string(id) + ", which the tree does not have");
      children.insert(it->second);
      return it->second;
    };
    m.nodes[i].true_child = child(true_ids[i]);
    m.nodes[i].false_child = child(false_ids[i]);
  }
  for (int64_t tree : trees) {
    std::vector<size_t> roots;
    for (size_t i = 0; i < n; ++i)
      if (tree_ids[i] == tree && !children.count(i)) roots.push_back(i);
    if (roots.size() != 1)
      invalid_model("tree " + std::to_string(tree) + " has " + std::to_string(roots.size()) +
                    " nodes no other node names as a child; a tree has one root");
    m.roots.push_back(roots[0]);
  }

  const std::vector<int64_t> vote_trees = node.attr_ints(vote + "_treeids"),
                             vote_nodes = node.attr_ints(vote + "_nodeids"),
                             vote_ids = node.attr_ints(vote + "_ids");
  const std::vector<double> weights = tree_reals(node, vote + "_weights", tensors);
  const size_t v = vote_nodes.size();
  if (vote_trees.size() != v || vote_ids.size() != v || weights.size() != v)
    invalid_model(vote + "_treeids, " + vote + "_nodeids, " + vote + "_ids and " + vote +
                  "_weights must have one length");
  for (size_t i = 0; i < v; ++i) {
    const auto it = index.find({vote_trees[i], vote_nodes[i]});
    if (it == index.end() || !m.nodes[it->second].leaf)
      invalid_model("a vote names node " + std::to_string(vote_nodes[i]) + " of tree " +
                    std::to_string(vote_trees[i]) + ", which is not a LEAF of the ensemble");
    m.nodes[it->second].votes.push_back({vote_ids[i], weights[i]});
  }
  m.base_values = tree_reals(node, "base_values", tensors);
  return m;
}

const Tensor& tree_input(const Tensor& x) {
  if (x.rank() != 2) invalid_model("X has shape " + shape_to_string(x.shape()) + "; it must be [N,F]");
  return x;
}

Tensors tree_regressor(const Node& node, const Inputs& in, bool tensors) {
  const Tensor& x = tree_input(in[0]);
  const int64_t targets = node.attr_int("n_targets", 1);
  if (targets < 1) invalid_model("n_targets " + std::to_string(targets) + " must be at least 1");
  TreeEnsembleModel m = read_legacy(node, "target", targets, tensors);
  m.aggregate = ml::aggregate_of(node.attr_string("aggregate_function", "SUM"));
  ml::check_tree_ensemble(m, x.shape()[1]);
  const ml::PostTransform transform = ml::post_transform_of(node);
  node.record_terms(static_cast<int64_t>(m.roots.size()) + 1);
  const int64_t rows = x.shape()[0];
  Tensor y(DType::kFloat, {rows, targets});
  std::deque<numeric::MpfrValue> scores;
  for (int64_t r = 0; r < rows; ++r) {
    ml::tree_ensemble_scores(node, m, x, r, scores);
    ml::transform_row(node, transform, scores, y.data<float>().data() + r * targets);
  }
  return {y};
}

Tensors tree_classifier(const Node& node, const Inputs& in, bool tensors) {
  const Tensor& x = tree_input(in[0]);
  const std::vector<int64_t> int_labels = node.attr_ints("classlabels_int64s");
  const std::vector<std::string> string_labels = tree_strings(node, "classlabels_strings");
  if (int_labels.empty() == string_labels.empty())
    invalid_model("one and only one of classlabels_int64s and classlabels_strings must be given");
  const auto classes = static_cast<int64_t>(int_labels.empty() ? string_labels.size() : int_labels.size());
  TreeEnsembleModel m = read_legacy(node, "class", classes, tensors);
  ml::check_tree_ensemble(m, x.shape()[1]);
  const ml::PostTransform transform = ml::post_transform_of(node);
  bool binary = classes == 2;
  for (const auto& n : m.nodes)
    for (const auto& v : n.votes) binary &= v.target == 0;
  if (binary)
    node.mark(Semantics::kImplementationDefined,
              "two labels with every vote for class 0: Z = [1 - s, s] (NONE, PROBIT) or [-s, s] before the "
              "transform, s the class-0 score (as ONNX's Python reference)");
  node.record_terms(static_cast<int64_t>(m.roots.size()) + 1);
  const int64_t rows = x.shape()[0];
  Tensor y(int_labels.empty() ? DType::kString : DType::kInt64, {rows});
  Tensor z(DType::kFloat, {rows, classes});
  std::deque<numeric::MpfrValue> scores;
  for (int64_t r = 0; r < rows; ++r) {
    ml::tree_ensemble_scores(node, m, x, r, scores);
    if (binary) {  // scores[1] = s, scores[0] = 1 - s or -s, exactly
      mpfr_set_prec(scores[1].get(), mpfr_get_prec(scores[0].get()));
      mpfr_set(scores[1].get(), scores[0].get(), MPFR_RNDN);
      const bool complement =
          transform == ml::PostTransform::kNone || transform == ml::PostTransform::kProbit;
      mpfr_set_prec(scores[0].get(), mpfr_get_prec(scores[1].get()) + 2300);
      if (complement)
        mpfr_ui_sub(scores[0].get(), 1, scores[1].get(), MPFR_RNDN);
      else
        mpfr_neg(scores[0].get(), scores[1].get(), MPFR_RNDN);
    }
    const size_t best = ml::top_score(node, transform, scores);
    ml::transform_row(node, transform, scores, z.data<float>().data() + r * classes);
    if (int_labels.empty())
      y.data<std::string>()[static_cast<size_t>(r)] = string_labels[best];
    else
      y.data<int64_t>()[static_cast<size_t>(r)] = int_labels[best];
  }
  return {y, z};
}

// A tensor attribute's values as doubles (float, double, float16; uint8 for the modes).
std::vector<double> tensor_reals(const Node& node, const std::string& name, bool required) {
  const auto* a = tree_attr(node, name);
  if (a == nullptr) {
    if (required) invalid_model(name + " is required");
    return {};
  }
  const Tensor t = tensor_from_proto(a->t(), ".", name);
  std::vector<double> out;
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, uint8_t>)
      for (T v : t.data<T>()) out.push_back(static_cast<double>(v));
    else if constexpr (std::is_same_v<T, Float16>)
      for (T v : t.data<T>()) out.push_back(to_double(v));
    else
      invalid_model(name + " holds " + std::string(dtype_name(t.dtype())) + "; it must be of X's type T");
  });
  return out;
}

TreeEnsembleModel read_v5(const Node& node, int64_t& post) {
  const std::vector<double> modes = tensor_reals(node, "nodes_modes", true),
                            splits = tensor_reals(node, "nodes_splits", true),
                            weights = tensor_reals(node, "leaf_weights", true),
                            members = tensor_reals(node, "membership_values", false);
  const std::vector<int64_t> features = node.attr_ints("nodes_featureids"),
                             trues = node.attr_ints("nodes_truenodeids"),
                             falses = node.attr_ints("nodes_falsenodeids"),
                             true_leaf = node.attr_ints("nodes_trueleafs"),
                             false_leaf = node.attr_ints("nodes_falseleafs"),
                             tracks = node.attr_ints("nodes_missing_value_tracks_true"),
                             roots = node.attr_ints("tree_roots"),
                             leaf_targets = node.attr_ints("leaf_targetids");
  const size_t n = modes.size();
  if (n == 0) invalid_model("nodes_modes is empty: the ensemble has no node");
  check_tree_length(features.size(), n, "nodes_featureids");
  check_tree_length(splits.size(), n, "nodes_splits");
  check_tree_length(trues.size(), n, "nodes_truenodeids");
  check_tree_length(falses.size(), n, "nodes_falsenodeids");
  check_tree_length(true_leaf.size(), n, "nodes_trueleafs");
  check_tree_length(false_leaf.size(), n, "nodes_falseleafs");
  if (!tracks.empty()) check_tree_length(tracks.size(), n, "nodes_missing_value_tracks_true");
  if (leaf_targets.size() != weights.size())
    invalid_model("leaf_targetids has " + std::to_string(leaf_targets.size()) + " entries, leaf_weights " +
                  std::to_string(weights.size()) + "; the leaf_* tuples have one length");
  TreeEnsembleModel m;
  const auto targets = node.attr_opt_int("n_targets");
  if (!targets || *targets < 1) invalid_model("n_targets must be given, at least 1");
  m.targets = *targets;
  const int64_t aggregate = node.attr_int("aggregate_function", 1);
  if (aggregate < 0 || aggregate > 3)
    invalid_model("aggregate_function " + std::to_string(aggregate) + " is not 0 to 3");
  m.aggregate = std::array{ml::Aggregate::kAverage, ml::Aggregate::kSum, ml::Aggregate::kMin,
                           ml::Aggregate::kMax}[static_cast<size_t>(aggregate)];
  post = node.attr_int("post_transform", 0);
  if (post < 0 || post > 4) invalid_model("post_transform " + std::to_string(post) + " is not 0 to 4");
  // The MEMBER sets, split at NaN.
  std::vector<std::vector<double>> sets(1);
  for (double v : members)
    if (std::isnan(v))
      sets.emplace_back();
    else
      sets.back().push_back(v);
  if (!members.empty() && std::isnan(members.back())) sets.pop_back();
  if (members.empty()) sets.clear();
  size_t next_set = 0;
  const size_t leaves = weights.size();
  auto child = [&](int64_t id, int64_t is_leaf, size_t i) {
    const size_t limit = is_leaf ? leaves : n;
    if (id < 0 || static_cast<size_t>(id) >= limit)
      invalid_model("node " + std::to_string(i) + " names " + (is_leaf ? "leaf " : "node ") +
                    std::to_string(id) + ", outside [0, " + std::to_string(limit) + ")");
    return is_leaf ? n + static_cast<size_t>(id) : static_cast<size_t>(id);
  };
  for (size_t i = 0; i < n; ++i) {
    const double code = modes[i];
    if (code < 0 || code > 6 || code != std::floor(code))
      invalid_model("nodes_modes holds " + std::to_string(code) + "; the modes are 0 to 6");
    ml::TreeNode t;
    t.mode = static_cast<ml::BranchMode>(static_cast<int>(code));
    t.feature = features[i];
    t.threshold = splits[i];
    t.missing_tracks_true = !tracks.empty() && tracks[i] != 0;
    if (t.mode == ml::BranchMode::kMember) {
      if (next_set >= sets.size())
        invalid_model("membership_values has " + std::to_string(sets.size()) +
                      " sets; every BRANCH_MEMBER node needs one");
      t.members = sets[next_set++];
    }
    t.true_child = child(trues[i], true_leaf[i], i);
    t.false_child = child(falses[i], false_leaf[i], i);
    m.nodes.push_back(std::move(t));
  }
  if (next_set != sets.size())
    invalid_model("membership_values has " + std::to_string(sets.size()) + " sets for " +
                  std::to_string(next_set) + " BRANCH_MEMBER nodes");
  for (size_t j = 0; j < leaves; ++j) {
    ml::TreeNode leaf;
    leaf.leaf = true;
    leaf.votes.push_back({leaf_targets[j], weights[j]});
    m.nodes.push_back(std::move(leaf));
  }
  if (roots.empty()) invalid_model("tree_roots is empty: the ensemble has no tree");
  for (int64_t r : roots) {
    if (r < 0 || static_cast<size_t>(r) >= n)
      invalid_model("tree root " + std::to_string(r) + " outside [0, " + std::to_string(n) + ")");
    m.roots.push_back(static_cast<size_t>(r));
  }
  return m;
}

}  // namespace

Tensors tree_ensemble_v5(const Node& node, const Inputs& in) {
  const Tensor& x = tree_input(in[0]);
  int64_t post = 0;
  const TreeEnsembleModel m = read_v5(node, post);
  ml::check_tree_ensemble(m, x.shape()[1]);
  const ml::PostTransform transform =
      std::array{ml::PostTransform::kNone, ml::PostTransform::kSoftmax, ml::PostTransform::kLogistic,
                 ml::PostTransform::kSoftmaxZero, ml::PostTransform::kProbit}[static_cast<size_t>(post)];
  if (transform != ml::PostTransform::kNone && x.dtype() != DType::kFloat)
    not_implemented(node.op_version() + ": post_transform " + std::to_string(post) + " on " +
                    std::string(dtype_name(x.dtype())) + " X (the reference's transforms round to float only)");
  node.record_terms(static_cast<int64_t>(m.roots.size()) + 1);
  const int64_t rows = x.shape()[0];
  Tensor y(x.dtype(), {rows, m.targets});
  std::deque<numeric::MpfrValue> scores;
  std::vector<float> row(static_cast<size_t>(m.targets));
  for (int64_t r = 0; r < rows; ++r) {
    ml::tree_ensemble_scores(node, m, x, r, scores);
    if (x.dtype() == DType::kFloat) {
      ml::transform_row(node, transform, scores, y.data<float>().data() + r * m.targets);
      continue;
    }
    visit_dtype(x.dtype(), [&]<class T>() {
      if constexpr (std::is_same_v<T, double> || std::is_same_v<T, Float16>)
        for (int64_t t = 0; t < m.targets; ++t)
          y.data<T>()[static_cast<size_t>(r * m.targets + t)] = numeric::narrow<T>(
              numeric::round_to_format(scores[static_cast<size_t>(t)].get(), numeric::float_format<T>()));
    });
  }
  return {y};
}

Tensors tree_ensemble_regressor_v1(const Node& node, const Inputs& in) {
  return tree_regressor(node, in, false);
}
Tensors tree_ensemble_regressor_v3(const Node& node, const Inputs& in) {
  return tree_regressor(node, in, true);
}
Tensors tree_ensemble_classifier_v1(const Node& node, const Inputs& in) {
  return tree_classifier(node, in, false);
}
Tensors tree_ensemble_classifier_v3(const Node& node, const Inputs& in) {
  return tree_classifier(node, in, true);
}

}  // namespace touchstone::ops
