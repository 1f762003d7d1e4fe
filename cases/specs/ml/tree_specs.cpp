// Case specs of TreeEnsembleRegressor-1/3 and TreeEnsembleClassifier-1/3
// (reference/ops/ml/tree_readers.cpp), every type T (T1) allows. One forest of three trees
// over F = 3 features uses every mode: tree 0 BRANCH_LEQ at its root, then BRANCH_LT and
// BRANCH_GTE; tree 1 BRANCH_GT, BRANCH_EQ, BRANCH_NEQ; tree 2 a lone LEAF. Random X takes
// odd multiples of 1/8 (floats) or integers in [-3, 3], the LEQ/LT/GTE/GT thresholds are
// multiples of 1/4 or halves: no random row meets one of them, so only the cases named
// `threshold_equal` (tag "threshold-equal") have an x equal to a BRANCH_LEQ threshold on its
// path, each such row landing on another leaf under '<' (the fault mode tree-branch-lt).
// Sweeps: each post_transform (PROBIT with small positive weights), each aggregate
// (regressor), base_values, the other modes met exactly (boundary), NaN under
// nodes_missing_value_tracks_true, int64 past 2^53 against a threshold of 2^60, version 3's
// *_as_tensor doubles, int and string labels, the binary case (impl.-defined); refusals:
// an unknown mode, a missing child, a vote on a branch, lengths that differ, a target or a
// feature out of range, two roots, X of rank 1, an unknown aggregate, base_values of the
// wrong count, both forms of an attribute (3), both label lists.
// Judging (tree_element_bounds): a backend's score is within
//   E = gamma_(V+1) (sum of every |weight| + max |base|)
// (V weights; any float accumulation of the reached votes and the base), carried through
// the transform as LinearRegressor's (post_transform_bound); labels exactly.
#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <optional>

#include "cases/specs/core/exact_helpers.h"
#include "cases/specs/ml/ml_attributes.h"
#include "cases/specs/ml/ml_cases.h"
#include "reference/tensor_proto.h"

namespace touchstone::cases {

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

struct SpecNode {
  int64_t tree, id;
  std::string mode;
  int64_t feature = 0;
  double value = 0;
  int64_t if_true = 0, if_false = 0;
  int64_t track = 0;
};
struct SpecVote {
  int64_t tree, id, target;
  double weight;
};
struct SpecForest {
  std::vector<SpecNode> nodes;
  std::vector<SpecVote> votes;
  std::vector<double> base;
};

// The three-tree forest; `leq` the root's BRANCH_LEQ threshold, eq/neq tree 1's.
SpecForest forest(int64_t targets, double leq, double eq, double neq, double scale, bool positive) {
  SpecForest f;
  f.nodes = {{0, 0, "BRANCH_LEQ", 0, leq, 1, 2},
             {0, 1, "BRANCH_LT", 1, -1.25, 3, 4},
             {0, 2, "BRANCH_GTE", 2, 2.5, 5, 6},
             {0, 3, "LEAF"},
             {0, 4, "LEAF"},
             {0, 5, "LEAF"},
             {0, 6, "LEAF"},
             {1, 0, "BRANCH_GT", 1, 0.75, 1, 2},
             {1, 1, "BRANCH_EQ", 0, eq, 3, 4},
             {1, 2, "LEAF"},
             {1, 3, "LEAF"},
             {1, 4, "BRANCH_NEQ", 2, neq, 5, 6},
             {1, 5, "LEAF"},
             {1, 6, "LEAF"},
             {2, 0, "LEAF"}};
  for (const SpecNode& n : f.nodes) {
    if (n.mode != "LEAF") continue;
    f.votes.push_back(
        {n.tree, n.id, n.id % targets, scale * (0.25 * static_cast<double>(n.id + 1) + 1.5 * n.tree)});
    if (n.id > 0)
      f.votes.push_back({n.tree, n.id, (n.id + 1) % targets, scale * 0.125 * n.id * (positive ? 1 : -1)});
  }
  return f;
}

Tensor doubles_tensor(const std::vector<double>& v) {
  return Tensor::from_values<double>({static_cast<int64_t>(v.size())}, v);
}
std::vector<float> to_floats(const std::vector<double>& v) { return {v.begin(), v.end()}; }

// The legacy attributes of `f` (votes "target" or "class"); as_tensor: the real lists as
// double tensors (version 3).
Attrs legacy_attrs(const SpecForest& f, const std::string& vote, bool as_tensor) {
  std::vector<int64_t> trees, ids, features, trues, falses, tracks, vtrees, vids, vtargets;
  std::vector<std::string> modes;
  std::vector<double> values, weights;
  bool any_track = false;
  for (const SpecNode& n : f.nodes) {
    trees.push_back(n.tree), ids.push_back(n.id), features.push_back(n.feature), modes.push_back(n.mode);
    values.push_back(n.value), trues.push_back(n.if_true), falses.push_back(n.if_false);
    tracks.push_back(n.track), any_track |= n.track != 0;
  }
  for (const SpecVote& v : f.votes)
    vtrees.push_back(v.tree), vids.push_back(v.id), vtargets.push_back(v.target), weights.push_back(v.weight);
  Attrs a = {make_attr("nodes_treeids", trees),       make_attr("nodes_nodeids", ids),
             make_attr("nodes_featureids", features), make_strings_attr("nodes_modes", modes),
             make_attr("nodes_truenodeids", trues),   make_attr("nodes_falsenodeids", falses),
             make_attr(vote + "_treeids", vtrees),    make_attr(vote + "_nodeids", vids),
             make_attr(vote + "_ids", vtargets)};
  if (any_track) a.push_back(make_attr("nodes_missing_value_tracks_true", tracks));
  auto reals = [&](const std::string& name, const std::vector<double>& v) {
    a.push_back(as_tensor ? tensor_attr(name + "_as_tensor", doubles_tensor(v))
                          : make_attr(name, to_floats(v)));
  };
  reals("nodes_values", values);
  reals(vote + "_weights", weights);
  if (!f.base.empty()) reals("base_values", f.base);
  return a;
}

// TreeEnsemble-5's attributes of `f` (one vote per leaf: a leaf's first; a lone LEAF tree as
// a node sending both branches to its leaf), thresholds and weights as tensors of t.
Attrs v5_attrs(const SpecForest& f, DType t, const std::string& member_set = "") {
  std::map<std::pair<int64_t, int64_t>, int64_t> node_at, leaf_at;
  std::vector<double> weights;
  std::vector<int64_t> leaf_targets;
  for (const SpecNode& n : f.nodes)
    if (n.mode == "LEAF") {
      leaf_at[{n.tree, n.id}] = static_cast<int64_t>(weights.size());
      for (const SpecVote& v : f.votes)
        if (v.tree == n.tree && v.id == n.id) {
          weights.push_back(v.weight), leaf_targets.push_back(v.target);
          break;
        }
    }
  std::vector<const SpecNode*> branches;
  for (const SpecNode& n : f.nodes)
    if (n.mode != "LEAF" || n.id == 0) {  // a lone-leaf tree's root becomes a node
      bool lone = n.mode == "LEAF";
      if (lone) {
        for (const SpecNode& o : f.nodes) lone &= o.tree != n.tree || o.id == 0;
        if (!lone) continue;
      }
      node_at[{n.tree, n.id}] = static_cast<int64_t>(branches.size());
      branches.push_back(&n);
    }
  static const std::map<std::string, uint8_t> codes = {
      {"BRANCH_LEQ", 0}, {"BRANCH_LT", 1},  {"BRANCH_GTE", 2},    {"BRANCH_GT", 3},
      {"BRANCH_EQ", 4},  {"BRANCH_NEQ", 5}, {"BRANCH_MEMBER", 6}, {"LEAF", 0}};
  std::vector<int64_t> features, trues, falses, true_leafs, false_leafs, tracks, roots;
  std::vector<uint8_t> modes;
  std::vector<double> splits, members;
  for (const SpecNode* n : branches) {
    features.push_back(n->feature), tracks.push_back(n->track), modes.push_back(codes.at(n->mode));
    splits.push_back(n->value);
    if (n->id == 0) roots.push_back(node_at.at({n->tree, 0}));
    auto child = [&](int64_t id, std::vector<int64_t>& ids, std::vector<int64_t>& leafs) {
      const bool leaf = n->mode == "LEAF" || leaf_at.count({n->tree, id});
      ids.push_back(n->mode == "LEAF" ? leaf_at.at({n->tree, 0})
                    : leaf            ? leaf_at.at({n->tree, id})
                                      : node_at.at({n->tree, id}));
      leafs.push_back(leaf ? 1 : 0);
    };
    child(n->if_true, trues, true_leafs);
    child(n->if_false, falses, false_leafs);
  }
  Attrs a = {
      make_attr("nodes_featureids", features),
      make_attr("nodes_truenodeids", trues),
      make_attr("nodes_falsenodeids", falses),
      make_attr("nodes_trueleafs", true_leafs),
      make_attr("nodes_falseleafs", false_leafs),
      make_attr("tree_roots", roots),
      make_attr("leaf_targetids", leaf_targets),
      make_attr("nodes_missing_value_tracks_true", tracks),
      tensor_attr("nodes_modes", Tensor::from_values<uint8_t>({static_cast<int64_t>(modes.size())}, modes)),
      tensor_attr("nodes_splits", tensor_of(t, {static_cast<int64_t>(splits.size())}, splits)),
      tensor_attr("leaf_weights", tensor_of(t, {static_cast<int64_t>(weights.size())}, weights))};
  if (!member_set.empty()) {
    for (const SpecNode* n : branches)
      if (n->mode == "BRANCH_MEMBER") {
        members.insert(members.end(), {n->value, n->value + 1, -2.875});
        members.push_back(std::nan(""));
      }
    a.push_back(
        tensor_attr("membership_values", tensor_of(t, {static_cast<int64_t>(members.size())}, members)));
  }
  return a;
}

// Random rows (tree_specs' header: no x on a LEQ/LT/GTE/GT threshold).
std::vector<double> random_values(Rng& rng, DType t, int64_t rows) {
  const bool integral = t == DType::kInt32 || t == DType::kInt64;
  std::vector<double> v;
  for (int64_t i = 0; i < rows * 3; ++i)
    v.push_back(integral ? static_cast<double>(rng.integer(-3, 3))
                         : 0.25 * static_cast<double>(rng.integer(-12, 12)) + 0.125);
  return v;
}
Tensor random_rows(Rng& rng, DType t, int64_t rows) {
  return tensor_of(t, {rows, 3}, random_values(rng, t, rows));
}

}  // namespace

// TreeEnsemble-5: the same forest in its layout, one vote per leaf, over float, double and
// float16 X; BRANCH_MEMBER in place of tree 1's BRANCH_EQ; post_transform beyond NONE on
// float X only (the reference's transforms round to float).
void tree_ensemble_v5_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  using exact::add;
  const int64_t targets = 2;
  for (DType t : exact::first_param_types(row)) {
    auto attrs = [&](SpecForest f, int64_t post, int64_t aggregate = 1, bool member = false) {
      if (member) f.nodes[8].mode = "BRANCH_MEMBER";
      Attrs a = v5_attrs(f, t, member ? "sets" : "");
      int64_t n = 1;  // the targets the leaves vote for
      for (const SpecVote& v : f.votes) n = std::max(n, v.target + 1);
      a.push_back(make_attr("n_targets", n));
      a.push_back(make_attr("post_transform", post));
      a.push_back(make_attr("aggregate_function", aggregate));
      return a;
    };
    const std::vector<std::string> posts = {"none", "softmax", "logistic", "softmax_zero", "probit"};
    for (int64_t post = 0; post < (t == DType::kFloat ? 5 : 1); ++post) {
      const std::string name = posts[static_cast<size_t>(post)] + "_4x3";
      const bool probit = post == 4;
      Rng rng(seed_of(case_id(row, {t}, name)));
      add(out, name, {random_rows(rng, t, 4)},
          attrs(forest(targets, 0.5, 0.625, -1.875, probit ? 1.0 / 64 : 1.0, probit), post), {"random"}, "",
          post == 0);
    }
    const std::vector<std::string> aggregates = {"average", "sum", "min", "max"};
    for (int64_t agg : {0, 2, 3}) {
      const std::string name = aggregates[static_cast<size_t>(agg)] + "_4x3";
      Rng rng(seed_of(case_id(row, {t}, name)));
      // AVERAGE over two targets; MIN and MAX over one, so every row's target has votes (defined).
      add(out, name, {random_rows(rng, t, 4)},
          attrs(forest(agg == 0 ? targets : 1, 0.5, 0.625, -1.875, 1.0, false), 0, agg), {"random"});
    }
    {
      Rng rng(seed_of(case_id(row, {t}, "member")));
      std::vector<double> v = random_values(rng, t, 4);
      v[0] = 0.625, v[3] = 1.625, v[6] = -2.875;  // in tree 1's set; row 3 random
      add(out, "member", {tensor_of(t, {4, 3}, v)},
          attrs(forest(targets, 0.5, 0.625, -1.875, 1.0, false), 0, 1, true), {"special-values"});
      std::vector<double> w = random_values(rng, t, 3);
      for (size_t r = 0; r < 3; ++r) w[r * 3] = 0.5;
      add(out, "threshold_equal", {tensor_of(t, {3, 3}, w)},
          attrs(forest(targets, 0.5, 0.625, -1.875, 1.0, false), 0), {"threshold-equal"});
    }
    add(out, "other_modes_equal",
        {tensor_of(t, {3, 3}, {-0.125, -1.25, 2.5, 0.625, 0.75, -1.875, 3.125, 0.75, 2.5})},
        attrs(forest(targets, 0.5, 0.625, -1.875, 1.0, false), 0), {"boundary"});
    SpecForest f = forest(targets, 0.5, 0.625, -1.875, 1.0, false);
    f.nodes[0].track = 1, f.nodes[11].track = 1;
    const double nan = std::nan("");
    add(out, "missing_values",
        {tensor_of(t, {4, 3}, {nan, 0.125, 0.125, nan, -2.125, nan, 0.375, nan, -1.875, 0.625, nan, nan})},
        attrs(f, 0), {"special-values"});
    if (t != DType::kFloat) continue;
    const Tensor x = tensor_of(t, {2, 3}, {0.125, 1.125, -0.375, 2.125, -1.625, 0.875});
    const SpecForest good = forest(targets, 0.5, 0.625, -1.875, 1.0, false);
    auto refuse = [&](const std::string& name, Attrs a, const std::string& rule) {
      add(out, name, {x}, a, {"attribute"}, row.label() + ": " + rule);
    };
    auto replaced = [&](Attrs a, onnx::AttributeProto e) {
      std::erase_if(a, [&](const onnx::AttributeProto& p) { return p.name() == e.name(); });
      a.push_back(e);
      return a;
    };
    refuse("refuse_mode_code",
           replaced(attrs(good, 0),
                    tensor_attr("nodes_modes", Tensor::from_values<uint8_t>({7}, {0, 1, 2, 3, 7, 5, 0}))),
           "nodes_modes are 0 to 6");
    refuse("refuse_leaf_out_of_range",
           replaced(attrs(good, 0),
                    make_attr("leaf_targetids", std::vector<int64_t>{0, 1, 0, 1, 0, 1, 0, 1, 5})),
           "leaf_targetids lie in [0, n_targets)");
    refuse("refuse_member_sets",
           replaced(attrs(good, 0, 1, true),
                    tensor_attr("membership_values", tensor_of(t, {3}, {1, std::nan(""), 2}))),
           "one membership set per BRANCH_MEMBER node");
    refuse("refuse_aggregate", attrs(good, 0, 4), "aggregate_function is 0 to 3");
    refuse("refuse_post_transform", attrs(good, 5), "post_transform is 0 to 4");
  }
}

void tree_ensemble_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  using exact::add;
  const bool classifier = row.op == "TreeEnsembleClassifier";
  const bool v3 = row.since_version >= 3;
  const std::string vote = classifier ? "class" : "target";
  const int64_t targets = classifier ? 3 : 2;
  // Version 5 is deprecated (ONNX 1.23 keeps no schema: version 3's types): every model refused.
  const bool deprecated = row.since_version == 5;
  const std::vector<DType> types =
      deprecated ? std::vector<DType>{DType::kFloat, DType::kDouble, DType::kInt64, DType::kInt32}
                 : exact::first_param_types(row);
  for (DType t : types) {
    const bool integral = t == DType::kInt32 || t == DType::kInt64;
    const double eq = integral ? 1 : 0.625, neq = integral ? -2 : -1.875;
    // The node's attributes: the forest, the output side (targets or labels), the rest.
    auto attrs = [&](const SpecForest& f, const std::string& post, bool strings = false,
                     bool as_tensor = false) {
      Attrs a = legacy_attrs(f, vote, as_tensor);
      a.push_back(make_attr("post_transform", post));
      if (!classifier) {
        a.push_back(make_attr("n_targets", targets));
      } else if (strings) {
        std::vector<std::string> labels;
        for (int64_t i = 0; i < targets; ++i) labels.push_back("class_" + std::to_string(i));
        a.push_back(make_strings_attr("classlabels_strings", labels));
      } else {
        std::vector<int64_t> labels;
        for (int64_t i = 0; i < targets; ++i) labels.push_back(100 + 7 * i);
        a.push_back(make_attr("classlabels_int64s", labels));
      }
      return a;
    };
    auto tags = [&](const std::string& tag, bool strings = false) {
      std::vector<std::string> v = {tag};
      if (classifier) v.push_back(strings ? "output:string" : "output:int64");
      return v;
    };
    if (deprecated) {
      Rng rng(seed_of(case_id(row, {t}, "deprecated")));
      add(out, "refuse_deprecated", {random_rows(rng, t, 2)},
          attrs(forest(targets, 0.5, 0.625, -1.875, 1.0, false), "NONE"), {"deprecated"},
          row.label() + " is deprecated (a model may not use it; TreeEnsemble-5 is its successor)",
          t == DType::kFloat);
      continue;
    }
    const std::vector<double> base =
        classifier ? std::vector<double>{0.5, -0.25, 0.125} : std::vector<double>{0.5, -0.25};
    for (const std::string post : {"NONE", "LOGISTIC", "SOFTMAX", "SOFTMAX_ZERO", "PROBIT"}) {
      std::string name = post;
      for (auto& ch : name) ch = static_cast<char>(std::tolower(ch));
      name += "_4x3";
      const bool probit = post == "PROBIT";
      SpecForest f = forest(targets, 0.5, eq, neq, probit ? 1.0 / 64 : 1.0, probit);
      f.base = probit ? std::vector<double>(static_cast<size_t>(targets), 0.25) : base;
      Rng rng(seed_of(case_id(row, {t}, name)));
      add(out, name, {random_rows(rng, t, 4)}, attrs(f, post, post == "SOFTMAX"),
          tags("random", post == "SOFTMAX"), "", post == "NONE" || post == "SOFTMAX");
    }
    if (!classifier)
      for (const std::string agg : {"AVERAGE", "MIN", "MAX"}) {
        std::string name = agg;
        for (auto& ch : name) ch = static_cast<char>(std::tolower(ch));
        name += "_4x3";
        Rng rng(seed_of(case_id(row, {t}, name)));
        Attrs a = attrs(forest(targets, 0.5, eq, neq, 1.0, false), "NONE");
        a.push_back(make_attr("aggregate_function", agg));
        add(out, name, {random_rows(rng, t, 4)}, a, tags("random"));
      }
    {  // x0 equal to the root's BRANCH_LEQ threshold in every row
      const double leq = integral ? 1 : 0.5;
      Rng rng(seed_of(case_id(row, {t}, "threshold_equal")));
      std::vector<double> v = random_values(rng, t, 3);
      for (size_t r = 0; r < 3; ++r) v[r * 3] = leq;
      add(out, "threshold_equal", {tensor_of(t, {3, 3}, v)},
          attrs(forest(targets, leq, eq, neq, 1.0, false), "NONE"), tags("threshold-equal"));
    }
    if (!integral) {
      // x on the LT, GTE, GT, EQ and NEQ thresholds (never on the LEQ one).
      add(out, "other_modes_equal",
          {tensor_of(t, {3, 3}, {-0.125, -1.25, 2.5, 0.625, 0.75, -1.875, 3.125, 0.75, 2.5})},
          attrs(forest(targets, 0.5, eq, neq, 1.0, false), "NONE"), tags("boundary"));
      SpecForest f = forest(targets, 0.5, eq, neq, 1.0, false);
      f.nodes[0].track = 1, f.nodes[11].track = 1;  // tree 0's root, tree 1's NEQ node
      const double nan = std::nan("");
      add(out, "missing_values",
          {tensor_of(t, {4, 3}, {nan, 0.125, 0.125, nan, -2.125, nan, 0.375, nan, -1.875, 0.625, nan, nan})},
          attrs(f, "NONE"), tags("special-values"));
    }
    if (t == DType::kInt64 && !classifier) {
      SpecForest f;
      f.nodes = {{0, 0, "BRANCH_LEQ", 0, 0x1p60, 1, 2}, {0, 1, "LEAF"}, {0, 2, "LEAF"}};
      f.votes = {{0, 1, 0, 1}, {0, 2, 0, 2}};
      Tensor big(DType::kInt64, {2, 1});
      big.data<int64_t>()[0] = (int64_t{1} << 60) + 1, big.data<int64_t>()[1] = (int64_t{1} << 60) - 1;
      Attrs a = attrs(f, "NONE");
      for (auto& at : a)
        if (at.name() == "n_targets") at.set_i(1);
      add(out, "past_2p53", {big}, a, {"special-values"});
    }
    if (v3 && t == DType::kDouble) {  // thresholds and weights no float holds
      SpecForest f = forest(targets, 0.5 + 0x1p-40, eq, neq, 1.0 + 0x1p-45, false);
      f.base = base;
      add(out, "as_tensor_double",
          {tensor_of(t, {3, 3}, {0.5 + 0x1p-41, 0, 0, 0.5 + 0x1p-39, 1, 1, 0.5, 3, -3})},
          attrs(f, "NONE", false, true), tags("special-values"));
    }
    if (classifier) {
      SpecForest f = forest(2, 0.5, eq, neq, 1.0 / 8, true);
      for (auto& v : f.votes) v.target = 0;
      for (const std::string post : {"NONE", "LOGISTIC"}) {
        Attrs a = legacy_attrs(f, "class", false);
        a.push_back(make_attr("post_transform", post));
        a.push_back(make_attr("classlabels_int64s", std::vector<int64_t>{0, 1}));
        Rng rng(seed_of(case_id(row, {t}, "binary_" + post)));
        add(out, "binary_class_0_" + post, {random_rows(rng, t, 4)}, a, tags("special-values"));
      }
    }
    if (t != DType::kFloat) continue;
    // Refusals (float X only).
    const Tensor x = tensor_of(t, {2, 3}, {0.125, 1.125, -0.375, 2.125, -1.625, 0.875});
    const SpecForest good = forest(targets, 0.5, eq, neq, 1.0, false);
    auto refuse = [&](const std::string& name, SpecForest f, const std::string& rule, Attrs extra = {},
                      std::optional<Tensor> input = std::nullopt) {
      Attrs a = attrs(f, "NONE");
      for (auto& e : extra) {
        std::erase_if(a, [&](const onnx::AttributeProto& p) { return p.name() == e.name(); });
        a.push_back(e);
      }
      add(out, name, {input ? *input : x}, a, {"attribute"}, row.label() + ": " + rule);
    };
    SpecForest f = good;
    f.nodes[1].mode = "BRANCH_LTE";
    refuse("refuse_unknown_mode", f, "nodes_modes are BRANCH_LEQ, LT, GTE, GT, EQ, NEQ or LEAF");
    f = good, f.nodes[2].if_false = 9;
    refuse("refuse_missing_child", f, "a child node id must name a node of the tree");
    f = good, f.votes[0].id = 1;
    refuse("refuse_vote_on_branch", f, "votes name LEAF nodes");
    f = good, f.votes[1].target = targets;
    refuse("refuse_target_out_of_range", f, "a vote's target or class lies in [0, targets)");
    f = good, f.nodes[2].feature = 3;
    refuse("refuse_feature_out_of_range", f, "a node's feature lies in [0, F)");
    f = good, f.nodes.push_back({0, 9, "LEAF"});
    refuse("refuse_two_roots", f, "each tree has one root (a node no other names as a child)");
    refuse("refuse_node_lengths", good, "the nodes_* lists have one length",
           {make_attr("nodes_featureids", std::vector<int64_t>{0, 1})});
    f = good, f.base = {1, 2, 3, 4};
    refuse("refuse_base_values_count", f, "base_values are none or one per target");
    refuse("refuse_rank_1", good, "X is [N,F]", {}, tensor_of(t, {3}, {0.125, 1.125, -0.375}));
    if (!classifier)
      refuse("refuse_aggregate", good, "aggregate_function is AVERAGE, SUM, MIN or MAX",
             {make_attr("aggregate_function", std::string("MEDIAN"))});
    if (v3)
      refuse("refuse_both_forms", good, "a list and its _as_tensor form may not both be given",
             {tensor_attr("nodes_values_as_tensor",
                          doubles_tensor(std::vector<double>(good.nodes.size(), 0.5)))});
    if (classifier)
      refuse("refuse_both_labels", good, "one and only one label list",
             {make_strings_attr("classlabels_strings", {"a", "b", "c"})});
  }
}

std::vector<std::vector<double>> tree_element_bounds(const BoundCase& c) {
  const bool classifier = c.node.op_type() == "TreeEnsembleClassifier";
  const bool v5 = c.node.op_type() == "TreeEnsemble";
  const std::string vote = classifier ? "class" : v5 ? "leaf" : "target";
  std::vector<double> weights, base;
  for (const auto& a : c.node.attribute()) {
    const bool is_weights = a.name() == vote + "_weights" || a.name() == vote + "_weights_as_tensor";
    const bool is_base = a.name() == "base_values" || a.name() == "base_values_as_tensor";
    if (!is_weights && !is_base) continue;
    std::vector<double> v;
    if (a.type() == onnx::AttributeProto::TENSOR) {
      const Tensor t = tensor_from_proto(a.t(), ".", a.name());
      v = values_of(t);
    } else {
      v.assign(a.floats().begin(), a.floats().end());
    }
    (is_weights ? weights : base) = v;
  }
  double magnitude = 0, largest_base = 0;
  for (double w : weights) magnitude += std::fabs(w);
  for (double b : base) largest_base = std::max(largest_base, std::fabs(b));
  const BoundUnits k(c.expected.back().dtype());
  const double e = k.gamma(static_cast<double>(weights.size()) + 1) * (magnitude + largest_base);
  const Tensor& scores = c.expected.back();
  const std::vector<double> ys = values_of(scores);
  const size_t outs = scores.rank() == 2 ? static_cast<size_t>(scores.shape()[1]) : 1;
  std::string post = c.string_attr("post_transform", "NONE");
  if (v5)
    post = std::array<const char*, 5>{
        "NONE", "SOFTMAX", "LOGISTIC", "SOFTMAX_ZERO",
        "PROBIT"}[static_cast<size_t>(std::clamp<int64_t>(c.int_attr("post_transform").value_or(0), 0, 4))];
  std::vector<double> bound(ys.size(), 0.0);
  for (size_t i = 0; i < ys.size(); ++i) bound[i] = post_transform_bound(post, ys[i], e, e, outs);
  if (c.expected.size() == 1) return {bound};
  return {std::vector<double>(values_of(c.expected[0]).size(), 0.0), bound};
}

}  // namespace touchstone::cases
