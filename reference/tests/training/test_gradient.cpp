// Gradient-1 (ai.onnx.preview.training) on small graphs: ONNX's own examples (Add; Add and
// Mul), gradients derived by hand, and irrational ones against an oracle written here:
// central finite differences of the same function written in long double (error about
// 1e-12 relative, far below float's ulp and checked against double within 1e-9).
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>

#include "reference/model.h"
#include "reference/model_builder.h"
#include "reference/tests/error_kind.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

struct GraphNode {
  std::string op;
  std::vector<std::string> in, out;
  std::vector<onnx::AttributeProto> attrs = {};
};

onnx::AttributeProto strings(const std::string& name, const std::vector<std::string>& values) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::STRINGS);
  for (const auto& v : values) a.add_strings(v);
  return a;
}

// The Gradient node: outputs d<y>_d<x> for each x.
GraphNode gradient(const std::vector<std::string>& xs, const std::vector<std::string>& zs,
                   const std::string& y) {
  GraphNode g{"Gradient", xs, {}, {strings("xs", xs), make_attr("y", y)}};
  g.in.insert(g.in.end(), zs.begin(), zs.end());
  if (!zs.empty()) g.attrs.push_back(strings("zs", zs));
  for (const auto& x : xs) g.out.push_back("d" + y + "_d" + x);
  return g;
}

// A model of `nodes` (Gradient in its domain), graph inputs `feeds` (name, value) and
// initializers `constants`; its outputs are the last node's outputs.
onnx::ModelProto graph_model(const std::vector<std::pair<std::string, Tensor>>& feeds,
                             const std::vector<GraphNode>& nodes, int opset = 17,
                             const std::vector<std::pair<std::string, Tensor>>& constants = {}) {
  onnx::ModelProto m;
  m.set_ir_version(8);
  auto* main = m.add_opset_import();
  main->set_domain("");
  main->set_version(opset);
  auto* training = m.add_opset_import();
  training->set_domain("ai.onnx.preview.training");
  training->set_version(1);
  auto* g = m.mutable_graph();
  g->set_name("gradient_test");
  for (const auto& [name, t] : feeds) {
    auto* i = g->add_input();
    i->set_name(name);
    auto* tt = i->mutable_type()->mutable_tensor_type();
    tt->set_elem_type(static_cast<int>(t.dtype()));
    auto* shape = tt->mutable_shape();
    for (int64_t d : t.shape()) shape->add_dim()->set_dim_value(d);
  }
  for (const auto& [name, t] : constants) {
    auto* init = g->add_initializer();
    init->set_name(name);
    init->set_data_type(static_cast<int>(t.dtype()));
    for (int64_t d : t.shape()) init->add_dims(d);
    init->set_raw_data(std::string(reinterpret_cast<const char*>(t.bytes().data()), t.bytes().size()));
  }
  for (const auto& n : nodes) {
    auto* p = g->add_node();
    p->set_op_type(n.op);
    if (n.op == "Gradient") p->set_domain("ai.onnx.preview.training");
    for (const auto& i : n.in) p->add_input(i);
    for (const auto& o : n.out) p->add_output(o);
    for (const auto& a : n.attrs) *p->add_attribute() = a;
  }
  for (const auto& o : nodes.back().out) g->add_output()->set_name(o);
  return m;
}

RunResult run(const std::vector<std::pair<std::string, Tensor>>& feeds, const std::vector<GraphNode>& nodes,
              int opset = 17, const std::vector<std::pair<std::string, Tensor>>& constants = {}) {
  std::vector<Tensor> given;
  for (const auto& f : feeds) given.push_back(f.second);
  return Model::from_proto(graph_model(feeds, nodes, opset, constants), ".", "gradient-test").run(given);
}

Tensor f32(Shape s, std::vector<float> v) { return Tensor::from_values<float>(std::move(s), v); }
Tensor f64(Shape s, std::vector<double> v) { return Tensor::from_values<double>(std::move(s), v); }

// d f / d x_i by central differences in long double.
using LongFn = std::function<long double(const std::vector<long double>&)>;
std::vector<long double> finite_differences(const LongFn& f, std::vector<long double> x) {
  std::vector<long double> d;
  for (size_t i = 0; i < x.size(); ++i) {
    const long double h = 1e-6L * std::max(1.0L, std::fabs(x[i])), keep = x[i];
    x[i] = keep + h;
    const long double up = f(x);
    x[i] = keep - h;
    const long double down = f(x);
    x[i] = keep;
    d.push_back((up - down) / (2 * h));
  }
  return d;
}

void check_close(const Tensor& got, const std::vector<long double>& want, double rel = 1e-9) {
  REQUIRE(got.size() == static_cast<int64_t>(want.size()));
  for (size_t i = 0; i < want.size(); ++i) {
    const double g = got.dtype() == DType::kFloat ? got.data<float>()[i] : got.data<double>()[i];
    const double tol = got.dtype() == DType::kFloat ? 6e-8 * std::fabs(static_cast<double>(want[i])) + 1e-30
                                                    : rel * std::fabs(static_cast<double>(want[i])) + 1e-12;
    INFO("element " << i << ": got " << g << ", oracle " << static_cast<double>(want[i]));
    CHECK(std::fabs(g - static_cast<double>(want[i])) <= tol);
  }
}

}  // namespace

TEST_CASE("Gradient-1: ONNX's examples, Add and Add-then-Mul on scalars", "[training][Gradient][v1]") {
  // c = a + b: dc/da = dc/db = 1.
  auto r = run({{"a", f32({}, {1})}, {"b", f32({}, {2})}},
               {{"Add", {"a", "b"}, {"c"}}, gradient({"a", "b"}, {}, "c")});
  CHECK(r.outputs[0].data<float>()[0] == 1.0f);
  CHECK(r.outputs[1].data<float>()[0] == 1.0f);
  CHECK(r.semantics.category == Semantics::kDefined);
  // d = a (a + b): dd/da = 2a + b = 4, dd/db = a = 1.
  r = run({{"a", f32({}, {1})}, {"b", f32({}, {2})}},
          {{"Add", {"a", "b"}, {"c"}}, {"Mul", {"a", "c"}, {"d"}}, gradient({"a", "b"}, {}, "d")});
  CHECK(r.outputs[0].data<float>()[0] == 4.0f);
  CHECK(r.outputs[1].data<float>()[0] == 1.0f);
}

TEST_CASE("Gradient-1: a diamond reusing x, and x values other than the graph's",
          "[training][Gradient][v1]") {
  // y = x x + x, fed x = 3 to the graph but 0.5 to the Gradient node: dy/dx = 2 (0.5) + 1 = 2.
  auto r = run({{"x", f64({}, {3})}, {"x1", f64({}, {0.5})}},
               {{"Mul", {"x", "x"}, {"s"}},
                {"Add", {"s", "x"}, {"y"}},
                {"Gradient", {"x1"}, {"dy"}, {strings("xs", {"x"}), make_attr("y", std::string("y"))}}});
  CHECK(r.outputs[0].data<double>()[0] == 2.0);
}

TEST_CASE("Gradient-1: broadcasting sums the gradient over stretched axes", "[training][Gradient][v1]") {
  // y = ReduceSum(A * b + c), A (2,3), b (3), c (1,1): dA = b per row, db = column sums of A, dc = 6.
  auto r =
      run({{"A", f32({2, 3}, {1, 2, 3, 4, 5, 6})}, {"b", f32({3}, {0.5f, -1, 2})}, {"c", f32({1, 1}, {7})}},
          {{"Mul", {"A", "b"}, {"p"}},
           {"Add", {"p", "c"}, {"q"}},
           {"ReduceSum", {"q"}, {"y"}, {make_attr("keepdims", int64_t{0})}},
           gradient({"A", "b", "c"}, {}, "y")},
          11);
  CHECK(r.outputs[0] == f32({2, 3}, {0.5f, -1, 2, 0.5f, -1, 2}));
  CHECK(r.outputs[1] == f32({3}, {5, 7, 9}));
  CHECK(r.outputs[2] == f32({1, 1}, {6}));
}

TEST_CASE("Gradient-1: MatMul with an input in zs, ReduceMean", "[training][Gradient][v1]") {
  // y = ReduceMean(W X) over all 4 elements, W (2,2) in xs, X (2,2) in zs:
  // dy/dW[i][k] = sum_j X[k][j] / 4.
  auto r = run({{"W", f64({2, 2}, {1, 2, 3, 4})}, {"X", f64({2, 2}, {1, 3, 5, 7})}},
               {{"MatMul", {"W", "X"}, {"P"}},
                {"ReduceMean", {"P"}, {"y"}, {make_attr("keepdims", int64_t{0})}},
                gradient({"W"}, {"X"}, "y")});
  CHECK(r.outputs[0] == f64({2, 2}, {1, 3, 1, 3}));
}

TEST_CASE("Gemm with transposes, alpha, beta and a broadcast C, against finite differences",
          "[training][Gradient][v1]") {
  // Y = alpha A^T B^T + beta C, A (3,2), B (2,3), C (2) -> Y (2,2); y = ReduceSum(Tanh(Y)).
  const std::vector<double> a = {0.1, -0.2, 0.3, 0.4, -0.5, 0.25}, b = {0.7, 0.1, -0.3, 0.2, 0.5, -0.6},
                            c = {0.05, -0.15};
  const double alpha = 0.75, beta = -1.5;
  auto r = run({{"A", f64({3, 2}, a)}, {"B", f64({2, 3}, b)}, {"C", f64({2}, c)}},
               {{"Gemm",
                 {"A", "B", "C"},
                 {"Y"},
                 {make_attr("transA", int64_t{1}), make_attr("transB", int64_t{1}), make_attr("alpha", 0.75f),
                  make_attr("beta", -1.5f)}},
                {"Tanh", {"Y"}, {"T"}},
                {"ReduceSum", {"T"}, {"y"}, {make_attr("keepdims", int64_t{0})}},
                gradient({"A", "B", "C"}, {}, "y")},
               11);
  const LongFn f = [&](const std::vector<long double>& v) {  // v = A (6), B (6), C (2)
    long double s = 0;
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j) {
        long double y = 0;
        for (int k = 0; k < 3; ++k) y += v[k * 2 + i] * v[6 + j * 3 + k];  // A^T[i][k] B^T[k][j]
        s += std::tanh(alpha * y + beta * v[12 + j]);
      }
    return s;
  };
  std::vector<long double> x;
  for (double v : a) x.push_back(v);
  for (double v : b) x.push_back(v);
  for (double v : c) x.push_back(v);
  const auto d = finite_differences(f, x);
  check_close(r.outputs[0], {d.begin(), d.begin() + 6});
  check_close(r.outputs[1], {d.begin() + 6, d.begin() + 12});
  check_close(r.outputs[2], {d.begin() + 12, d.end()});
}

TEST_CASE("Gradient-1: a chain of the elementwise ops against finite differences",
          "[training][Gradient][v1]") {
  // y = sum(Sigmoid(Log(Sqrt(Exp(x) + one)) / Abs(Neg(x) - one)) - Pow(x, z) * Relu(Identity(x))),
  // z in zs, `one` an initializer.
  const std::vector<double> xs = {0.5, -0.25, 1.5}, zs = {2.5, 3, -1};
  const std::vector<GraphNode> nodes = {{"Exp", {"x"}, {"e"}},
                                        {"Add", {"e", "one"}, {"e1"}},
                                        {"Sqrt", {"e1"}, {"s"}},
                                        {"Log", {"s"}, {"l"}},
                                        {"Neg", {"x"}, {"n"}},
                                        {"Sub", {"n", "one"}, {"n1"}},
                                        {"Abs", {"n1"}, {"ab"}},
                                        {"Div", {"l", "ab"}, {"q"}},
                                        {"Sigmoid", {"q"}, {"sg"}},
                                        {"Pow", {"x", "z"}, {"pw"}},
                                        {"Identity", {"x"}, {"id"}},
                                        {"Relu", {"id"}, {"rl"}},
                                        {"Mul", {"pw", "rl"}, {"m"}},
                                        {"Sub", {"sg", "m"}, {"t"}},
                                        {"ReduceSum", {"t"}, {"y"}, {make_attr("keepdims", int64_t{0})}},
                                        gradient({"x"}, {"z"}, "y")};
  for (DType type : {DType::kDouble, DType::kFloat}) {
    const auto as = [&](const std::vector<double>& v) {
      return type == DType::kDouble ? f64({3}, v) : f32({3}, {float(v[0]), float(v[1]), float(v[2])});
    };
    auto r = run({{"x", as(xs)}, {"z", as(zs)}}, nodes, 11, {{"one", as({1, 1, 1})}});
    const LongFn f = [&](const std::vector<long double>& v) {
      long double s = 0;
      for (size_t i = 0; i < 3; ++i) {
        const long double x = v[i], q = std::log(std::sqrt(std::exp(x) + 1)) / std::fabs(-x - 1);
        s += 1 / (1 + std::exp(-q)) - std::pow(x, static_cast<long double>(zs[i])) * std::max(x, 0.0L);
      }
      return s;
    };
    check_close(r.outputs[0], finite_differences(f, {xs[0], xs[1], xs[2]}));
    CHECK(r.outputs[0].dtype() == type);
  }
}

TEST_CASE("Gradient-1: Softmax then ReduceSum is constant, its gradient exactly zero",
          "[training][Gradient][v1]") {
  // sum(softmax(x)) = 1 for every x: the exact gradient is 0 (a cancellation no finite
  // enclosure shows as a point; the reference answers +0).
  auto r = run({{"x", f32({2, 3}, {0.5f, -1, 2, 3, 0, 1})}},
               {{"Softmax", {"x"}, {"p"}}, {"ReduceSum", {"p"}, {"y"}}, gradient({"x"}, {}, "y")});
  CHECK(r.outputs[0] == f32({2, 3}, {0, 0, 0, 0, 0, 0}));
  // Weighted: y = sum_k w_k softmax(x)_k over axis -1 (opset 13): dy/dx_k = p_k (w_k - sum_j w_j p_j).
  const std::vector<double> x = {0.5, -1, 2}, w = {1, 2, 3};
  r = run({{"x", f64({1, 3}, x)}, {"w", f64({3}, w)}},
          {{"Softmax", {"x"}, {"p"}},
           {"Mul", {"p", "w"}, {"m"}},
           {"ReduceSum", {"m"}, {"y"}},
           gradient({"x"}, {"w"}, "y")},
          13);
  long double z = 0, dot = 0;
  std::vector<long double> p(3), want(3);
  for (int k = 0; k < 3; ++k) z += std::exp(static_cast<long double>(x[k]));
  for (int k = 0; k < 3; ++k) dot += w[k] * (p[k] = std::exp(static_cast<long double>(x[k])) / z);
  for (int k = 0; k < 3; ++k) want[k] = p[k] * (w[k] - dot);
  check_close(r.outputs[0], want, 1e-15);
}

TEST_CASE("Gradient-1: y with several elements gives the gradient of their sum, marked",
          "[training][Gradient][v1]") {
  auto r = run({{"x", f32({2}, {3, -4})}}, {{"Mul", {"x", "x"}, {"y"}}, gradient({"x"}, {}, "y")});
  CHECK(r.outputs[0] == f32({2}, {6, -8}));
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
}

TEST_CASE("Gradient-1: Relu at exactly 0 takes derivative 0, marked", "[training][Gradient][v1]") {
  auto r = run({{"x", f32({}, {0})}}, {{"Relu", {"x"}, {"y"}}, gradient({"x"}, {}, "y")});
  CHECK(r.outputs[0] == f32({}, {0}));
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
}

TEST_CASE("Gradient-1: refusals", "[training][Gradient][v1]") {
  std::string message;
  // An op without a derivative on the path, named with the covered ones.
  CHECK(kind_of(
            [&] {
              run({{"x", f32({}, {1})}}, {{"Cos", {"x"}, {"y"}}, gradient({"x"}, {}, "y")});
            },
            &message) == ErrorKind::kNotImplemented);
  CHECK_THAT(message,
             Catch::Contains("Cos-7") && Catch::Contains("no derivative") && Catch::Contains("Softmax"));
  // An x y does not depend on.
  CHECK(kind_of(
            [&] {
              run({{"x", f32({}, {1})}, {"w", f32({}, {2})}},
                  {{"Neg", {"x"}, {"y"}}, gradient({"x", "w"}, {}, "y")});
            },
            &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Catch::Contains("'w'") && Catch::Contains("not on y's path"));
  // y depends on a graph input in neither xs nor zs.
  CHECK(kind_of(
            [&] {
              run({{"x", f32({}, {1})}, {"w", f32({}, {2})}},
                  {{"Mul", {"x", "w"}, {"y"}}, gradient({"x"}, {}, "y")});
            },
            &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Catch::Contains("graph input 'w'"));
  // An intermediate and the input it comes from, both in xs: the input is cut off.
  CHECK(kind_of([&] {
          run({{"x", f32({}, {1})}},
              {{"Neg", {"x"}, {"h"}}, {"Exp", {"h"}, {"y"}}, gradient({"x", "h"}, {}, "y")});
        }) == ErrorKind::kInvalidModel);
  // An integer x.
  CHECK(kind_of(
            [&] {
              run({{"x", Tensor::from_values<int64_t>({}, {1})}},
                  {{"Neg", {"x"}, {"y"}}, gradient({"x"}, {}, "y")});
            },
            &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Catch::Contains("int64"));
}
