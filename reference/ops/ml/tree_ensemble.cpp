// The tree-ensemble core (tree_ensemble.h): checks, the exact walk, the exact aggregate.
#include "reference/ops/ml/tree_ensemble.h"

#include <mpfr.h>

#include <cmath>
#include <limits>

#include "reference/error.h"
#include "reference/half.h"
#include "reference/numeric/accumulator.h"

namespace touchstone::ops::ml {

namespace {

// -1, 0, 1 as x is below, equal to or above t (neither NaN), compared as real numbers.
int tree_compare(int64_t x, double t) {
  if (t >= 0x1p63) return -1;
  if (t < -0x1p63) return 1;
  const double f = std::floor(t);
  const auto whole = static_cast<int64_t>(f);  // exact: |f| <= 2^63, f < 2^63
  if (x < whole) return -1;
  if (x > whole) return 1;
  return f == t ? 0 : -1;
}
int tree_compare(double x, double t) { return x < t ? -1 : x > t ? 1 : 0; }

// X's element as double (exact for float, double, int32, float16) or int64 as it is.
template <class T>
auto tree_element(const T& v) {
  if constexpr (std::is_same_v<T, Float16>)
    return to_double(v);
  else if constexpr (std::is_same_v<T, int64_t>)
    return v;
  else
    return static_cast<double>(v);
}

template <class V>
bool tree_value_is_nan(V v) {
  if constexpr (std::is_same_v<V, double>)
    return std::isnan(v);
  else
    return false;
}

template <class V>
bool tree_branch_true(const TreeNode& n, V x) {
  if (tree_value_is_nan(x)) return n.missing_tracks_true;
  if (n.mode == BranchMode::kMember) {
    for (double m : n.members)
      if (!std::isnan(m) && tree_compare(x, m) == 0) return true;
    return false;
  }
  if (std::isnan(n.threshold)) return n.mode == BranchMode::kNeq;  // every comparison with NaN is false
  const int c = tree_compare(x, n.threshold);
  switch (n.mode) {
    case BranchMode::kLeq:
      return c <= 0;
    case BranchMode::kLt:
      return c < 0;
    case BranchMode::kGte:
      return c >= 0;
    case BranchMode::kGt:
      return c > 0;
    case BranchMode::kEq:
      return c == 0;
    case BranchMode::kNeq:
      return c != 0;
    case BranchMode::kMember:
      break;
  }
  return false;
}

}  // namespace

BranchMode branch_mode_of(const std::string& name, bool& leaf) {
  leaf = name == "LEAF";
  if (leaf || name == "BRANCH_LEQ") return BranchMode::kLeq;
  if (name == "BRANCH_LT") return BranchMode::kLt;
  if (name == "BRANCH_GTE") return BranchMode::kGte;
  if (name == "BRANCH_GT") return BranchMode::kGt;
  if (name == "BRANCH_EQ") return BranchMode::kEq;
  if (name == "BRANCH_NEQ") return BranchMode::kNeq;
  invalid_model("nodes_modes '" + name +
                "' is not one of BRANCH_LEQ, BRANCH_LT, BRANCH_GTE, BRANCH_GT, BRANCH_EQ, BRANCH_NEQ, LEAF");
}

Aggregate aggregate_of(const std::string& name) {
  if (name == "SUM") return Aggregate::kSum;
  if (name == "AVERAGE") return Aggregate::kAverage;
  if (name == "MIN") return Aggregate::kMin;
  if (name == "MAX") return Aggregate::kMax;
  invalid_model("aggregate_function '" + name + "' is not one of AVERAGE, SUM, MIN, MAX");
}

void check_tree_ensemble(const TreeEnsembleModel& m, int64_t features) {
  if (m.roots.empty()) invalid_model("the ensemble has no tree");
  if (!m.base_values.empty() && static_cast<int64_t>(m.base_values.size()) != m.targets)
    invalid_model(std::to_string(m.base_values.size()) + " base values for " + std::to_string(m.targets) +
                  " targets; they must be none or one per target");
  for (const TreeNode& n : m.nodes) {
    if (n.leaf) {
      for (const TreeVote& v : n.votes)
        if (v.target < 0 || v.target >= m.targets)
          invalid_model("a vote for target " + std::to_string(v.target) + " outside [0, " +
                        std::to_string(m.targets) + ")");
      continue;
    }
    if (n.feature < 0 || n.feature >= features)
      invalid_model("a node reads feature " + std::to_string(n.feature) + " outside [0, " +
                    std::to_string(features) + ") of X");
  }
  // Each tree a tree: from its root, no node twice (so every walk ends at a leaf).
  std::vector<size_t> seen(m.nodes.size(), 0);
  for (size_t t = 0; t < m.roots.size(); ++t) {
    std::vector<size_t> stack = {m.roots[t]};
    while (!stack.empty()) {
      const size_t i = stack.back();
      stack.pop_back();
      if (seen[i] == t + 1) invalid_model("tree " + std::to_string(t) + " reaches a node twice (not a tree)");
      seen[i] = t + 1;
      const TreeNode& n = m.nodes[i];
      if (n.leaf) continue;
      stack.push_back(n.true_child);
      if (n.false_child != n.true_child) stack.push_back(n.false_child);
    }
  }
}

void tree_ensemble_scores(const Node& node, const TreeEnsembleModel& m, const Tensor& x, int64_t r,
                          std::deque<numeric::MpfrValue>& scores) {
  const int64_t features = x.shape().back();
  std::vector<const TreeNode*> leaves;
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, int32_t> ||
                  std::is_same_v<T, int64_t> || std::is_same_v<T, Float16>) {
      const T* row = x.data<T>().data() + r * features;
      for (size_t root : m.roots) {
        const TreeNode* n = &m.nodes[root];
        while (!n->leaf)
          n = &m.nodes[tree_branch_true(*n, tree_element(row[n->feature])) ? n->true_child : n->false_child];
        leaves.push_back(n);
      }
    } else {
      throw std::logic_error("a tree ensemble: a type T does not allow");
    }
  });
  scores.clear();
  numeric::ExactAccumulator acc;
  const auto n_trees = static_cast<double>(m.roots.size());
  for (int64_t t = 0; t < m.targets; ++t) {
    const double base = m.base_values.empty() ? 0.0 : m.base_values[static_cast<size_t>(t)];
    acc.clear();
    scores.emplace_back(64);
    if (m.aggregate == Aggregate::kSum || m.aggregate == Aggregate::kAverage) {
      for (const TreeNode* leaf : leaves)
        for (const TreeVote& v : leaf->votes)
          if (v.target == t) acc.add(v.weight);
      // AVERAGE: (sum + n base) / n, the quotient at 64 bits beyond the exact numerator's:
      // a quotient that is not exact is not a dyadic rational of that size, so it lies no
      // closer to a float's rounding midpoint than the extra bits can blur (one rounding).
      if (m.aggregate == Aggregate::kAverage)
        acc.add_product(n_trees, base);
      else
        acc.add(base);
      numeric::MpfrValue numerator(64);
      acc.exact(numerator.get());
      if (m.aggregate == Aggregate::kAverage) {
        mpfr_set_prec(scores.back().get(), mpfr_get_prec(numerator.get()) + 64);
        mpfr_div_d(scores.back().get(), numerator.get(), n_trees, MPFR_RNDN);
      } else {
        mpfr_set_prec(scores.back().get(), mpfr_get_prec(numerator.get()));
        mpfr_set(scores.back().get(), numerator.get(), MPFR_RNDN);
      }
      continue;
    }
    bool any = false;
    double best = 0;
    for (const TreeNode* leaf : leaves)
      for (const TreeVote& v : leaf->votes) {
        if (v.target != t) continue;
        if (!any || (m.aggregate == Aggregate::kMin ? v.weight < best : v.weight > best)) best = v.weight;
        any = true;
      }
    if (!any)
      node.mark(Semantics::kImplementationDefined,
                "MIN/MAX of a target no reached leaf votes for: the reference gives 0 plus its base value");
    acc.add(best);
    acc.add(base);
    acc.exact(scores.back().get());
  }
}

}  // namespace touchstone::ops::ml
