// TreeEnsembleRegressor-1/3 and TreeEnsembleClassifier-1/3 against values worked out by hand
// (each mode at, below and above its threshold; NaN's track; the aggregates; int64 past
// 2^53; version 3's double thresholds; the binary case), an independent oracle (a direct
// interpreter of the attribute lists, written here, over random forests whose weights are
// multiples of 1/64 so every sum is exact in double), and the refusals, the deprecated
// version 5 included.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <random>

#include "reference/tensor_proto.h"
#include "reference/tests/error_kind.h"
#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

onnx::AttributeProto strings(const std::string& name, const std::vector<std::string>& values) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::STRINGS);
  for (const auto& v : values) a.add_strings(v);
  return a;
}

onnx::AttributeProto doubles_tensor(const std::string& name, const std::vector<double>& v) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::TENSOR);
  *a.mutable_t() = tensor_to_proto(Tensor::from_values<double>({static_cast<int64_t>(v.size())}, v));
  return a;
}

// One stump: node 0 compares x0 (`mode`, threshold t), leaf 1 (true) votes `yes`, leaf 2 `no`.
Attrs stump(const std::string& mode, float t, float yes = 1, float no = 2, int64_t track = 0) {
  return {make_attr("nodes_treeids", std::vector<int64_t>{0, 0, 0}),
          make_attr("nodes_nodeids", std::vector<int64_t>{0, 1, 2}),
          make_attr("nodes_featureids", std::vector<int64_t>{0, 0, 0}),
          strings("nodes_modes", {mode, "LEAF", "LEAF"}),
          make_attr("nodes_values", std::vector<float>{t, 0, 0}),
          make_attr("nodes_truenodeids", std::vector<int64_t>{1, 0, 0}),
          make_attr("nodes_falsenodeids", std::vector<int64_t>{2, 0, 0}),
          make_attr("nodes_missing_value_tracks_true", std::vector<int64_t>{track, 0, 0}),
          make_attr("target_treeids", std::vector<int64_t>{0, 0}),
          make_attr("target_nodeids", std::vector<int64_t>{1, 2}),
          make_attr("target_ids", std::vector<int64_t>{0, 0}),
          make_attr("target_weights", std::vector<float>{yes, no})};
}

RunResult regress(const Tensor& x, Attrs attrs, int version = 1) {
  return run_node("TreeEnsembleRegressor", version, {x}, attrs, "ai.onnx.ml");
}
std::vector<float> floats(const Tensor& t) { return {t.data<float>().begin(), t.data<float>().end()}; }

Attrs with(Attrs a, onnx::AttributeProto extra) {
  std::erase_if(a, [&](const onnx::AttributeProto& p) { return p.name() == extra.name(); });
  a.push_back(std::move(extra));
  return a;
}

RunResult classify(const Tensor& x, const Attrs& attrs, DType label) {
  SingleNodeModel spec{"TreeEnsembleClassifier",
                       "ai.onnx.ml",
                       1,
                       {{"A", x.dtype(), x.shape()}},
                       {{"Y", label, {}}, {"Z", DType::kFloat, {}}},
                       attrs,
                       0};
  auto proto = build_model(spec);
  for (int i = 0; i < 2; ++i) proto.mutable_graph()->mutable_output(i)->clear_type();
  return Model::from_proto(proto, ".", "TreeEnsembleClassifier-test").run({x});
}

// The stump's votes as class votes (class_*), with labels.
Attrs as_classifier(Attrs a, int64_t classes, std::vector<int64_t> ids) {
  Attrs out;
  for (auto p : a) {
    const std::string n = p.name();
    if (n.rfind("target_", 0) == 0) p.set_name("class_" + n.substr(7));
    out.push_back(p);
  }
  out = with(out, make_attr("class_ids", ids));
  std::vector<int64_t> labels;
  for (int64_t i = 0; i < classes; ++i) labels.push_back(10 + i);
  out.push_back(make_attr("classlabels_int64s", labels));
  return out;
}

}  // namespace

TEST_CASE("TreeEnsembleRegressor-1: each mode at, below and above its threshold",
          "[ml][TreeEnsembleRegressor][v1]") {
  const Tensor x = Tensor::from_values<float>({3, 1}, {1.5f, 1.0f, 2.0f});  // equal, below, above 1.5
  const std::map<std::string, std::vector<float>> expected = {
      {"BRANCH_LEQ", {1, 1, 2}}, {"BRANCH_LT", {2, 1, 2}}, {"BRANCH_GTE", {1, 2, 1}},
      {"BRANCH_GT", {2, 2, 1}},  {"BRANCH_EQ", {1, 2, 2}}, {"BRANCH_NEQ", {2, 1, 1}}};
  for (const auto& [mode, want] : expected) {
    INFO(mode);
    CHECK(floats(regress(x, stump(mode, 1.5f)).outputs[0]) == want);
  }
}

TEST_CASE("TreeEnsembleRegressor-1: NaN takes the missing-value track in every mode",
          "[ml][TreeEnsembleRegressor][v1]") {
  const Tensor x = Tensor::from_values<float>({1, 1}, {NAN});
  for (const std::string mode :
       {"BRANCH_LEQ", "BRANCH_LT", "BRANCH_GTE", "BRANCH_GT", "BRANCH_EQ", "BRANCH_NEQ"}) {
    INFO(mode);
    CHECK(floats(regress(x, stump(mode, 1.5f, 1, 2, 0)).outputs[0]) == std::vector<float>{2});
    CHECK(floats(regress(x, stump(mode, 1.5f, 1, 2, 1)).outputs[0]) == std::vector<float>{1});
  }
}

TEST_CASE("TreeEnsembleRegressor-1: int64 and double X compared exactly with the threshold",
          "[ml][TreeEnsembleRegressor][v1]") {
  Tensor big(DType::kInt64, {2, 1});
  big.data<int64_t>()[0] = (int64_t{1} << 60) + 1;  // above 2^60 (as float it would equal it)
  big.data<int64_t>()[1] = int64_t{1} << 60;
  CHECK(floats(regress(big, stump("BRANCH_LEQ", 0x1p60f)).outputs[0]) == std::vector<float>{2, 1});
  const Tensor d =
      Tensor::from_values<double>({2, 1}, {0.1, static_cast<double>(0.1f)});  // below and equal to float(0.1)
  CHECK(floats(regress(d, stump("BRANCH_LT", 0.1f)).outputs[0]) == std::vector<float>{1, 2});
}

TEST_CASE("TreeEnsembleRegressor-1: aggregates over three trees, base values, two targets",
          "[ml][TreeEnsembleRegressor][v1]") {
  // Three one-leaf trees (a lone LEAF is its tree's root) voting 1, 1, 0.5 for target 0 and
  // 4, -2, 1 for target 1.
  Attrs a = {make_attr("nodes_treeids", std::vector<int64_t>{0, 1, 2}),
             make_attr("nodes_nodeids", std::vector<int64_t>{0, 0, 0}),
             make_attr("nodes_featureids", std::vector<int64_t>{0, 0, 0}),
             strings("nodes_modes", {"LEAF", "LEAF", "LEAF"}),
             make_attr("nodes_values", std::vector<float>{0, 0, 0}),
             make_attr("nodes_truenodeids", std::vector<int64_t>{0, 0, 0}),
             make_attr("nodes_falsenodeids", std::vector<int64_t>{0, 0, 0}),
             make_attr("target_treeids", std::vector<int64_t>{0, 1, 2, 0, 1, 2}),
             make_attr("target_nodeids", std::vector<int64_t>{0, 0, 0, 0, 0, 0}),
             make_attr("target_ids", std::vector<int64_t>{0, 0, 0, 1, 1, 1}),
             make_attr("target_weights", std::vector<float>{1, 1, 0.5f, 4, -2, 1}),
             make_attr("n_targets", int64_t{2}),
             make_attr("base_values", std::vector<float>{0.25f, 10})};
  const Tensor x = Tensor::from_values<float>({1, 1}, {0});
  CHECK(floats(regress(x, a).outputs[0]) == std::vector<float>{2.75f, 13});
  CHECK(floats(regress(x, with(a, make_attr("aggregate_function", std::string("AVERAGE")))).outputs[0]) ==
        std::vector<float>{static_cast<float>(2.5L / 3 + 0.25L), 11});
  CHECK(floats(regress(x, with(a, make_attr("aggregate_function", std::string("MIN")))).outputs[0]) ==
        std::vector<float>{0.75f, 8});
  CHECK(floats(regress(x, with(a, make_attr("aggregate_function", std::string("MAX")))).outputs[0]) ==
        std::vector<float>{1.25f, 14});
  // Exact sum, rounded once: 1 + 2^-24 + 2^-24 is 1 + 2^-23 (float, adding in order, keeps 1).
  const Tensor one = Tensor::from_values<float>({1, 1}, {0});
  Attrs tiny = with(with(a, make_attr("target_weights", std::vector<float>{1, 0x1p-24f, 0x1p-24f, 0, 0, 0})),
                    make_attr("base_values", std::vector<float>{0, 0}));
  CHECK(floats(regress(one, tiny).outputs[0]) == std::vector<float>{1 + 0x1p-23f, 0});
}

TEST_CASE("TreeEnsembleRegressor-3: double thresholds and weights as tensors",
          "[ml][TreeEnsembleRegressor][v3]") {
  Attrs a = stump("BRANCH_LEQ", 0);
  std::erase_if(a, [](const onnx::AttributeProto& p) {
    return p.name() == "nodes_values" || p.name() == "target_weights";
  });
  a.push_back(doubles_tensor("nodes_values_as_tensor", {0.5 + 0x1p-40, 0, 0}));
  a.push_back(doubles_tensor("target_weights_as_tensor", {0.1, 0.2}));
  const Tensor x = Tensor::from_values<double>({3, 1}, {0.5 + 0x1p-41, 0.5 + 0x1p-40, 0.5 + 0x1p-39});
  CHECK(floats(regress(x, a, 3).outputs[0]) == std::vector<float>{0.1f, 0.1f, 0.2f});
  CHECK(kind_of([&] {
          regress(x, with(a, make_attr("nodes_values", std::vector<float>{0, 0, 0})), 3);
        }) == ErrorKind::kInvalidModel);
}

TEST_CASE("TreeEnsembleClassifier-1: the label of the largest score; ties and the binary case marked",
          "[ml][TreeEnsembleClassifier][v1]") {
  const Tensor x = Tensor::from_values<float>({2, 1}, {1, 2});
  // Row 0 reaches leaf 1 (class 2, weight 1), row 1 leaf 2 (class 0, weight 2).
  const RunResult r = classify(x, as_classifier(stump("BRANCH_LEQ", 1.5f), 3, {2, 0}), DType::kInt64);
  CHECK(std::vector<int64_t>(r.outputs[0].data<int64_t>().begin(), r.outputs[0].data<int64_t>().end()) ==
        std::vector<int64_t>{12, 10});
  CHECK(floats(r.outputs[1]) == std::vector<float>{0, 0, 1, 2, 0, 0});
  CHECK(r.semantics.category == Semantics::kDefined);
  // Row 1: class 0 scores 1 (its leaf), class 2 its base 1: equal, the first class taken.
  const RunResult tie = classify(x,
                                 with(as_classifier(stump("BRANCH_LEQ", 1.5f, 1, 1), 3, {2, 0}),
                                      make_attr("base_values", std::vector<float>{0, 0, 1})),
                                 DType::kInt64);
  CHECK(tie.outputs[0].data<int64_t>()[1] == 10);
  CHECK(tie.semantics.category == Semantics::kImplementationDefined);
  // Binary: two labels, every vote for class 0: Z = [1 - s, s], the label 1 where s > 1/2.
  const Tensor xb = Tensor::from_values<float>({2, 1}, {1, 2});
  const RunResult b =
      classify(xb, as_classifier(stump("BRANCH_LEQ", 1.5f, 0.75f, 0.25f), 2, {0, 0}), DType::kInt64);
  CHECK(std::vector<int64_t>(b.outputs[0].data<int64_t>().begin(), b.outputs[0].data<int64_t>().end()) ==
        std::vector<int64_t>{11, 10});
  CHECK(floats(b.outputs[1]) == std::vector<float>{0.25f, 0.75f, 0.75f, 0.25f});
  CHECK(b.semantics.category == Semantics::kImplementationDefined);
}

TEST_CASE("TreeEnsembleRegressor-1 against a direct interpreter of the lists",
          "[ml][TreeEnsembleRegressor][v1]") {
  std::mt19937 gen(29);
  const std::vector<std::string> modes = {"BRANCH_LEQ", "BRANCH_LT", "BRANCH_GTE",
                                          "BRANCH_GT",  "BRANCH_EQ", "BRANCH_NEQ"};
  for (int trial = 0; trial < 20; ++trial) {
    // Complete trees of depth 2 (nodes 0..2 branch, 3..6 leaves), three of them, F = 2.
    std::vector<int64_t> trees, ids, features, trues, falses, vt, vn, vi;
    std::vector<std::string> node_modes;
    std::vector<float> values, weights;
    for (int64_t t = 0; t < 3; ++t)
      for (int64_t n = 0; n < 7; ++n) {
        trees.push_back(t), ids.push_back(n), features.push_back(static_cast<int64_t>(gen() % 2));
        const bool leaf = n >= 3;
        node_modes.push_back(leaf ? "LEAF" : modes[gen() % modes.size()]);
        values.push_back(static_cast<float>(static_cast<int>(gen() % 9) - 4) / 2);
        trues.push_back(leaf ? 0 : 2 * n + 1), falses.push_back(leaf ? 0 : 2 * n + 2);
        if (leaf)
          for (int64_t target = 0; target < 2; ++target)
            vt.push_back(t), vn.push_back(n), vi.push_back(target),
                weights.push_back(static_cast<float>(static_cast<int>(gen() % 257) - 128) / 64);
      }
    const Attrs a = {make_attr("nodes_treeids", trees),       make_attr("nodes_nodeids", ids),
                     make_attr("nodes_featureids", features), strings("nodes_modes", node_modes),
                     make_attr("nodes_values", values),       make_attr("nodes_truenodeids", trues),
                     make_attr("nodes_falsenodeids", falses), make_attr("target_treeids", vt),
                     make_attr("target_nodeids", vn),         make_attr("target_ids", vi),
                     make_attr("target_weights", weights),    make_attr("n_targets", int64_t{2})};
    std::vector<float> xs;
    for (int i = 0; i < 10; ++i) xs.push_back(static_cast<float>(static_cast<int>(gen() % 9) - 4) / 2);
    const Tensor x = Tensor::from_values<float>({5, 2}, xs);
    const std::vector<float> got = floats(regress(x, a).outputs[0]);
    for (int r = 0; r < 5; ++r) {
      double sum[2] = {0, 0};
      for (int64_t t = 0; t < 3; ++t) {
        int64_t n = 0;
        while (n < 3) {
          const size_t i = static_cast<size_t>(t * 7 + n);
          const float v = xs[static_cast<size_t>(r * 2 + features[i])], th = values[i];
          const std::string& m = node_modes[i];
          const bool yes = m == "BRANCH_LEQ"   ? v <= th
                           : m == "BRANCH_LT"  ? v < th
                           : m == "BRANCH_GTE" ? v >= th
                           : m == "BRANCH_GT"  ? v > th
                           : m == "BRANCH_EQ"  ? v == th
                                               : v != th;
          n = yes ? trues[i] : falses[i];
        }
        for (size_t k = 0; k < vt.size(); ++k)
          if (vt[k] == t && vn[k] == n) sum[vi[k]] += weights[k];
      }
      CHECK(got[static_cast<size_t>(r * 2)] == static_cast<float>(sum[0]));
      CHECK(got[static_cast<size_t>(r * 2 + 1)] == static_cast<float>(sum[1]));
    }
  }
}

TEST_CASE("TreeEnsembleRegressor-1: malformed ensembles refused", "[ml][TreeEnsembleRegressor][v1]") {
  const Tensor x = Tensor::from_values<float>({1, 1}, {0});
  const Attrs a = stump("BRANCH_LEQ", 1);
  CHECK(kind_of([&] {
          regress(x, with(a, strings("nodes_modes", {"BRANCH_LTE", "LEAF", "LEAF"})));
        }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] {
          regress(x, with(a, make_attr("nodes_falsenodeids", std::vector<int64_t>{5, 0, 0})));
        }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] {
          regress(x, with(a, make_attr("target_nodeids", std::vector<int64_t>{0, 2})));
        }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] {
          regress(x, with(a, make_attr("target_ids", std::vector<int64_t>{0, 1})));
        }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] {
          regress(x, with(a, make_attr("nodes_featureids", std::vector<int64_t>{1, 0, 0})));
        }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] { regress(x, with(a, make_attr("aggregate_function", std::string("MEDIAN")))); }) ==
        ErrorKind::kInvalidModel);
  CHECK(kind_of([&] { regress(Tensor::from_values<float>({1}, {0}), a); }) == ErrorKind::kInvalidModel);
}

TEST_CASE("TreeEnsembleRegressor-5 and TreeEnsembleClassifier-5 are deprecated: refused",
          "[ml][TreeEnsembleRegressor][TreeEnsembleClassifier][v5]") {
  const Tensor x = Tensor::from_values<float>({1, 1}, {0});
  std::string message;
  CHECK(kind_of([&] { regress(x, stump("BRANCH_LEQ", 1), 5); }, &message) == ErrorKind::kInvalidModel);
  CHECK(message.find("deprecated") != std::string::npos);
}

namespace {

onnx::AttributeProto tensor_attribute(const std::string& name, const Tensor& t) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::TENSOR);
  *a.mutable_t() = tensor_to_proto(t);
  return a;
}

// TreeEnsemble-5: one tree, node 0 (`mode` on x0, threshold 1.5) sends true to node 1 and
// false to leaf 2; node 1 (BRANCH_MEMBER on x1, set {2, 4}) sends true to leaf 0, false to
// leaf 1. Leaves vote 10, 20, 30 for target 0.
Attrs v5_tree(uint8_t mode, DType t) {
  return {
      make_attr("nodes_featureids", std::vector<int64_t>{0, 1}),
      make_attr("nodes_truenodeids", std::vector<int64_t>{1, 0}),
      make_attr("nodes_trueleafs", std::vector<int64_t>{0, 1}),
      make_attr("nodes_falsenodeids", std::vector<int64_t>{2, 1}),
      make_attr("nodes_falseleafs", std::vector<int64_t>{1, 1}),
      make_attr("tree_roots", std::vector<int64_t>{0}),
      make_attr("leaf_targetids", std::vector<int64_t>{0, 0, 0}),
      make_attr("n_targets", int64_t{1}),
      tensor_attribute("nodes_modes", Tensor::from_values<uint8_t>({2}, {mode, 6})),
      tensor_attribute("nodes_splits", t == DType::kDouble ? Tensor::from_values<double>({2}, {1.5, 0})
                                                           : Tensor::from_values<float>({2}, {1.5f, 0})),
      tensor_attribute("leaf_weights", t == DType::kDouble ? Tensor::from_values<double>({3}, {10, 20, 30})
                                                           : Tensor::from_values<float>({3}, {10, 20, 30})),
      tensor_attribute("membership_values", t == DType::kDouble
                                                ? Tensor::from_values<double>({3}, {2, 4, NAN})
                                                : Tensor::from_values<float>({3}, {2, 4, NAN}))};
}

}  // namespace

TEST_CASE("TreeEnsemble-5: leaves apart, uint8 modes, BRANCH_MEMBER, Y of X's type",
          "[ml][TreeEnsemble][v5]") {
  // Rows: x0 = 1.5 (equal), x1 in the set; x0 = 1, x1 = 3 (not in it); x0 = 2 (false branch).
  const Tensor x = Tensor::from_values<float>({3, 2}, {1.5f, 4, 1, 3, 2, 2});
  CHECK(floats(run_node("TreeEnsemble", 5, {x}, v5_tree(0, DType::kFloat), "ai.onnx.ml").outputs[0]) ==
        std::vector<float>{10, 20, 30});
  CHECK(floats(run_node("TreeEnsemble", 5, {x}, v5_tree(1, DType::kFloat), "ai.onnx.ml").outputs[0]) ==
        std::vector<float>{30, 20, 30});  // BRANCH_LT: 1.5 < 1.5 is false
  const Tensor xd = Tensor::from_values<double>({2, 2}, {1.5, 2, 1.5, 2.5});
  const Tensor yd = run_node("TreeEnsemble", 5, {xd}, v5_tree(0, DType::kDouble), "ai.onnx.ml").outputs[0];
  REQUIRE(yd.dtype() == DType::kDouble);
  CHECK(std::vector<double>(yd.data<double>().begin(), yd.data<double>().end()) ==
        std::vector<double>{10, 20});
  // Two sets for one BRANCH_MEMBER node, a mode code 7: refused.
  Attrs two_sets = v5_tree(0, DType::kFloat);
  two_sets.back() = tensor_attribute("membership_values", Tensor::from_values<float>({3}, {2, NAN, 4}));
  CHECK(kind_of([&] { run_node("TreeEnsemble", 5, {x}, two_sets, "ai.onnx.ml"); }) ==
        ErrorKind::kInvalidModel);
  CHECK(kind_of([&] { run_node("TreeEnsemble", 5, {x}, v5_tree(7, DType::kFloat), "ai.onnx.ml"); }) ==
        ErrorKind::kInvalidModel);
}

TEST_CASE("TreeEnsemble-5: post_transform codes as the text numbers them (1 SOFTMAX, 2 LOGISTIC)",
          "[ml][TreeEnsemble][v5]") {
  const Tensor x = Tensor::from_values<float>({1, 2}, {2, 0});  // leaf 2: score 30
  Attrs a = v5_tree(0, DType::kFloat);
  a.push_back(make_attr("post_transform", int64_t{1}));
  CHECK(floats(run_node("TreeEnsemble", 5, {x}, a, "ai.onnx.ml").outputs[0]) ==
        std::vector<float>{1});  // one target
  a.back() = make_attr("post_transform", int64_t{2});
  CHECK(floats(run_node("TreeEnsemble", 5, {x}, a, "ai.onnx.ml").outputs[0]) ==
        std::vector<float>{static_cast<float>(1 / (1 + std::exp(-30.0L)))});
}
