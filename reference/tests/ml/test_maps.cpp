// ZipMap-1, CastMap-1 and DictVectorizer-1 on maps worked out by hand, including the
// DictVectorizer text's own example (vocabulary ["a", "c", "b", "z"], {"a": 4, "c": 8} gives
// [4, 8, 0, 0]), and the refusals each op's rules name.
#include <catch2/catch.hpp>
#include <cmath>

#include "reference/tests/error_kind.h"
#include "reference/tests/run_node.h"
#include "reference/value_proto.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

// Runs an ai.onnx.ml op on one value input, its output's type left undeclared.
ValueRunResult run_ml(const std::string& op, const Value& x, const Attrs& attrs) {
  SingleNodeModel spec{op, "ai.onnx.ml", 1, {{"X", x.type().dtype, {}}}, {{"Y", DType::kFloat, {}}}, attrs,
                       0};
  auto proto = build_model(spec);
  *proto.mutable_graph()->mutable_input(0)->mutable_type() = type_proto_of(x.type());
  proto.mutable_graph()->mutable_output(0)->clear_type();
  return Model::from_proto(proto, ".", op + "-test").run_values({x});
}

template <class V>
Value scalar(V v) {
  return Value(Tensor::from_values<V>({}, {v}));
}

const ValueType kFloatScalar = ValueType::scalar_of(DType::kFloat);

Value int_map(std::vector<std::pair<int64_t, float>> entries) {
  std::vector<std::pair<MapKey, Value>> e;
  for (auto [k, v] : entries) e.emplace_back(k, scalar(v));
  return Value::map(DType::kInt64, kFloatScalar, std::move(e));
}

Value int_string_map(std::vector<std::pair<int64_t, std::string>> entries) {
  std::vector<std::pair<MapKey, Value>> e;
  for (auto [k, v] : entries) e.emplace_back(k, scalar(v));
  return Value::map(DType::kInt64, ValueType::scalar_of(DType::kString), std::move(e));
}

template <class T>
std::vector<T> values(const Value& v) {
  const auto d = v.tensor().data<T>();
  return {d.begin(), d.end()};
}

ErrorKind refusal(const std::string& op, const Value& x, const Attrs& attrs, std::string* message) {
  return kind_of([&] { run_ml(op, x, attrs); }, message);
}

}  // namespace

TEST_CASE("ZipMap-1: each row a map from the labels to its columns", "[ml][ZipMap][v1]") {
  const Tensor x = Tensor::from_values<float>({2, 3}, {0.25f, 0.5f, 0.25f, 1.0f, -0.0f, 3.5f});
  const auto r = run_ml("ZipMap", Value(x), {make_strings_attr("classlabels_strings", {"cat", "ant", "dog"})});
  const Value& z = r.outputs.at(0);
  CHECK(z.type_string() == "seq(map(string, float))");
  const auto maps = z.elements();
  REQUIRE(maps.size() == 2);
  // Row 1: cat 1, ant -0, dog 3.5 (keys kept ascending: ant, cat, dog).
  CHECK(maps[1].map_keys() ==
        std::vector<MapKey>{std::string("ant"), std::string("cat"), std::string("dog")});
  CHECK(maps[1].map_find(std::string("cat"))->tensor().data<float>()[0] == 1.0f);
  CHECK(std::signbit(maps[1].map_find(std::string("ant"))->tensor().data<float>()[0]));
  CHECK(maps[0].map_find(std::string("ant"))->tensor().data<float>()[0] == 0.5f);
  CHECK(r.semantics.category == Semantics::kDefined);
  // int64 labels; a 1-D X is one map (marked).
  const auto one = run_ml("ZipMap", Value(Tensor::from_values<float>({2}, {7.0f, 8.0f})),
                          {make_attr("classlabels_int64s", std::vector<int64_t>{10, -3})});
  CHECK(one.outputs[0].type_string() == "seq(map(int64, float))");
  REQUIRE(one.outputs[0].elements().size() == 1);
  CHECK(one.outputs[0].elements()[0] == int_map({{10, 7.0f}, {-3, 8.0f}}));
  CHECK(one.semantics.category == Semantics::kImplementationDefined);
  // Zero rows: an empty sequence.
  const auto none = run_ml("ZipMap", Value(Tensor(DType::kFloat, {0, 2})),
                           {make_attr("classlabels_int64s", std::vector<int64_t>{1, 2})});
  CHECK(none.outputs[0].elements().empty());
}

TEST_CASE("ZipMap-1: refusals", "[ml][ZipMap][v1]") {
  std::string m;
  const Value x(Tensor(DType::kFloat, {2, 2}));
  CHECK(refusal("ZipMap", x,
                {make_attr("classlabels_int64s", std::vector<int64_t>{1, 2}),
                 make_strings_attr("classlabels_strings", {"a", "b"})},
                &m) == ErrorKind::kInvalidModel);
  CHECK_THAT(m, Catch::Contains("one and only one"));
  CHECK(refusal("ZipMap", x, {}, &m) == ErrorKind::kInvalidModel);
  CHECK(refusal("ZipMap", x, {make_attr("classlabels_int64s", std::vector<int64_t>{1, 2, 3})}, &m) ==
        ErrorKind::kInvalidModel);
  CHECK_THAT(m, Catch::Contains("as many columns as keys"));
  CHECK(refusal("ZipMap", x, {make_strings_attr("classlabels_strings", {"a", "a"})}, &m) ==
        ErrorKind::kInvalidModel);
  CHECK_THAT(m, Catch::Contains("appears twice"));
  CHECK(refusal("ZipMap", Value(Tensor(DType::kFloat, {1, 1, 2})),
                {make_attr("classlabels_int64s", std::vector<int64_t>{1, 2})},
                &m) == ErrorKind::kInvalidModel);
}

TEST_CASE("CastMap-1: dense and sparse, each cast", "[ml][CastMap][v1]") {
  const Value x = int_map({{5, 2.5f}, {0, -1.0f}, {2, 7.0f}});
  // Default: TO_FLOAT, DENSE: values in ascending key order (0, 2, 5), shape [1, 3].
  const auto dense = run_ml("CastMap", x, {});
  CHECK(dense.outputs[0].tensor().shape() == Shape{1, 3});
  CHECK(values<float>(dense.outputs[0]) == std::vector<float>{-1.0f, 7.0f, 2.5f});
  // SPARSE with max_map 6: position = key, absent keys 0.
  const auto sparse =
      run_ml("CastMap", x, {make_attr("map_form", std::string("SPARSE")), make_attr("max_map", int64_t{6})});
  CHECK(values<float>(sparse.outputs[0]) == std::vector<float>{-1.0f, 0, 7.0f, 0, 0, 2.5f});
  // TO_INT64: integral floats exactly; 2.5 truncated to 2 (marked impl.-defined).
  const auto ints = run_ml("CastMap", int_map({{1, -3.0f}, {2, 16777216.0f}}),
                           {make_attr("cast_to", std::string("TO_INT64"))});
  CHECK(values<int64_t>(ints.outputs[0]) == std::vector<int64_t>{-3, 16777216});
  const auto trunc = run_ml("CastMap", x, {make_attr("cast_to", std::string("TO_INT64"))});
  CHECK(values<int64_t>(trunc.outputs[0]) == std::vector<int64_t>{-1, 7, 2});
  // TO_STRING of floats: the shortest round trip ("0.1" for the float nearest 0.1).
  const auto text =
      run_ml("CastMap", int_map({{0, 0.1f}, {1, -2.0f}}), {make_attr("cast_to", std::string("TO_STRING"))});
  CHECK(values<std::string>(text.outputs[0]) == std::vector<std::string>{"0.1", "-2"});
  CHECK(text.semantics.category == Semantics::kImplementationDefined);
  // Strings: read as decimals (once rounded: "0.1" is the float nearest 0.1), integers.
  const Value s = int_string_map({{3, "0.1"}, {1, "-42"}, {2, "1e3"}});
  CHECK(values<float>(run_ml("CastMap", s, {}).outputs[0]) == std::vector<float>{-42.0f, 1000.0f, 0.1f});
  CHECK(values<std::string>(
            run_ml("CastMap", s, {make_attr("cast_to", std::string("TO_STRING"))}).outputs[0]) ==
        std::vector<std::string>{"-42", "1e3", "0.1"});
  // A string that is not a number: NaN, marked undefined; int64 of "1e3": 0, undefined.
  const auto bad = run_ml("CastMap", int_string_map({{0, "abc"}}), {});
  CHECK(std::isnan(values<float>(bad.outputs[0])[0]));
  CHECK(bad.semantics.category == Semantics::kUndefined);
  const auto bad_int = run_ml("CastMap", s, {make_attr("cast_to", std::string("TO_INT64"))});
  CHECK(values<int64_t>(bad_int.outputs[0]) == std::vector<int64_t>{-42, 0, 0});
  CHECK(bad_int.semantics.category == Semantics::kUndefined);
  // SPARSE strings: absent positions "0".
  const auto sparse_text =
      run_ml("CastMap", int_string_map({{1, "x"}}),
             {make_attr("cast_to", std::string("TO_STRING")), make_attr("map_form", std::string("SPARSE")),
              make_attr("max_map", int64_t{3})});
  CHECK(values<std::string>(sparse_text.outputs[0]) == std::vector<std::string>{"0", "x", "0"});
}

TEST_CASE("CastMap-1: refusals", "[ml][CastMap][v1]") {
  std::string m;
  const Value x = int_map({{0, 1.0f}, {4, 2.0f}});
  CHECK(refusal("CastMap", x,
                {make_attr("map_form", std::string("SPARSE")), make_attr("max_map", int64_t{4})},
                &m) == ErrorKind::kInvalidModel);
  CHECK_THAT(m, Catch::Contains("key 4 is outside"));
  CHECK(refusal("CastMap", int_map({{-1, 1.0f}}),
                {make_attr("map_form", std::string("SPARSE")), make_attr("max_map", int64_t{4})},
                &m) == ErrorKind::kInvalidModel);
  CHECK(refusal("CastMap", x, {make_attr("cast_to", std::string("TO_DOUBLE"))}, &m) ==
        ErrorKind::kInvalidModel);
  CHECK_THAT(m, Catch::Contains("cast_to"));
  CHECK(refusal("CastMap", x, {make_attr("map_form", std::string("COO"))}, &m) == ErrorKind::kInvalidModel);
  CHECK(refusal("CastMap", x,
                {make_attr("map_form", std::string("SPARSE")), make_attr("max_map", int64_t{0})},
                &m) == ErrorKind::kInvalidModel);
}

TEST_CASE("DictVectorizer-1: the text's example, int64 keys, open cases", "[ml][DictVectorizer][v1]") {
  const Value ex = Value::map(DType::kString, kFloatScalar,
                              {{std::string("a"), scalar(4.0f)}, {std::string("c"), scalar(8.0f)}});
  const auto r = run_ml("DictVectorizer", ex, {make_strings_attr("string_vocabulary", {"a", "c", "b", "z"})});
  CHECK(r.outputs[0].tensor().shape() == Shape{1, 4});
  CHECK(values<float>(r.outputs[0]) == std::vector<float>{4, 8, 0, 0});
  CHECK(r.semantics.category == Semantics::kDefined);
  // map(int64, double): the value type carries over.
  const Value d = Value::map(DType::kInt64, ValueType::scalar_of(DType::kDouble),
                             {{int64_t{7}, scalar(0.1)}, {int64_t{-2}, scalar(1e300)}});
  const auto rd =
      run_ml("DictVectorizer", d, {make_attr("int64_vocabulary", std::vector<int64_t>{-2, 5, 7})});
  CHECK(values<double>(rd.outputs[0]) == std::vector<double>{1e300, 0, 0.1});
  // map(string, int64); a key outside the vocabulary is ignored (marked).
  const Value si =
      Value::map(DType::kString, ValueType::scalar_of(DType::kInt64),
                 {{std::string("x"), scalar(int64_t{-9})}, {std::string("q"), scalar(int64_t{3})}});
  const auto rs = run_ml("DictVectorizer", si, {make_strings_attr("string_vocabulary", {"x", "y"})});
  CHECK(values<int64_t>(rs.outputs[0]) == std::vector<int64_t>{-9, 0});
  CHECK(rs.semantics.category == Semantics::kImplementationDefined);
  // map(int64, string): absent positions "" (marked).
  const auto rt = run_ml("DictVectorizer", int_string_map({{2, "two"}}),
                         {make_attr("int64_vocabulary", std::vector<int64_t>{1, 2})});
  CHECK(values<std::string>(rt.outputs[0]) == std::vector<std::string>{"", "two"});
}

TEST_CASE("DictVectorizer-1: refusals", "[ml][DictVectorizer][v1]") {
  std::string m;
  const Value x = int_map({{1, 1.0f}});
  CHECK(refusal("DictVectorizer", x, {}, &m) == ErrorKind::kInvalidModel);
  CHECK_THAT(m, Catch::Contains("one and only one"));
  CHECK(refusal("DictVectorizer", x,
                {make_attr("int64_vocabulary", std::vector<int64_t>{1}),
                 make_strings_attr("string_vocabulary", {"a"})},
                &m) == ErrorKind::kInvalidModel);
  CHECK(refusal("DictVectorizer", x, {make_strings_attr("string_vocabulary", {"a"})}, &m) ==
        ErrorKind::kInvalidModel);
  CHECK_THAT(m, Catch::Contains("must match"));
}
