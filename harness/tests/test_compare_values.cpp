// The comparator on sequences and optionals (reference/value.h): type, then structure,
// then each element tensor. Expectations by hand.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "harness/compare.h"
#include "harness/verdict.h"

using namespace touchstone;
using namespace touchstone::harness;

namespace {

ComparePolicy exact_policy() {
  ComparePolicy p;
  p.tolerance.kind = Tolerance::kExact;
  return p;
}
Tensor f32(std::vector<float> v) { return Tensor::from_values<float>({static_cast<int64_t>(v.size())}, v); }
Value seq(std::vector<Tensor> items) { return Value::sequence(DType::kFloat, std::move(items)); }
const ValueType kOptFloat{ValueType::kOptionalTensor, DType::kFloat};
const ValueType kOptSeqFloat{ValueType::kOptionalSequence, DType::kFloat};

}  // namespace

TEST_CASE("compare_value: equal sequences and optionals match, element by element", "[compare][value]") {
  const Value s = seq({f32({1, 2}), f32({}), f32({std::numeric_limits<float>::quiet_NaN()})});
  CHECK(compare_value(s, s, exact_policy()).ok());
  CHECK(compare_value(seq({}), seq({}), exact_policy()).ok());
  CHECK(compare_value(Value::none(kOptFloat), Value::none(kOptFloat), exact_policy()).ok());
  CHECK(compare_value(Value::some(s), Value::some(s), exact_policy()).ok());
  CHECK(compare_value(Value::some(f32({3})), Value::some(f32({3})), exact_policy()).ok());
}

TEST_CASE("compare_value: another kind or element type is wrong-dtype", "[compare][value]") {
  auto c = compare_value(seq({f32({1})}), Value(f32({1})), exact_policy());
  CHECK(c.kind == Comparison::kWrongDtype);
  CHECK(c.message == "tensor(float), expected seq(tensor(float))");
  CHECK(compare_value(Value::none(kOptFloat), Value::none(kOptSeqFloat), exact_policy()).kind == Comparison::kWrongDtype);
  CHECK(compare_value(seq({}), Value::sequence(DType::kDouble, {}), exact_policy()).kind == Comparison::kWrongDtype);
  CHECK(compare_value(seq({f32({1})}), Value::some(seq({f32({1})})), exact_policy()).kind == Comparison::kWrongDtype);
}

TEST_CASE("compare_value: an empty optional equals only an empty optional; lengths must match", "[compare][value]") {
  auto c = compare_value(Value::none(kOptFloat), Value::some(f32({0})), exact_policy());
  CHECK(c.kind == Comparison::kWrongShape);
  CHECK(c.message == "an optional holding a value, expected an empty optional");
  c = compare_value(Value::some(seq({})), Value::none(kOptSeqFloat), exact_policy());
  CHECK(c.kind == Comparison::kWrongShape);
  CHECK(c.message == "an empty optional, expected one holding a value");
  c = compare_value(seq({f32({1}), f32({2})}), seq({f32({1})}), exact_policy());
  CHECK(c.kind == Comparison::kWrongShape);
  CHECK(c.message == "a sequence of 1 tensors, expected 2");
}

TEST_CASE("compare_value: element shapes and values are judged per element", "[compare][value]") {
  auto c = compare_value(seq({f32({1}), f32({2, 3})}), seq({f32({1}), f32({2})}), exact_policy());
  CHECK(c.kind == Comparison::kWrongShape);
  CHECK(c.message.rfind("element 1: ", 0) == 0);
  // 1 vs 1 + 2^-23 (one ulp) in element 1, position 1; -0 vs +0 in element 0 under exact.
  c = compare_value(seq({f32({0.0f}), f32({5, 1})}), seq({f32({-0.0f}), f32({5, 1.0f + 0x1p-23f})}), exact_policy());
  CHECK(c.kind == Comparison::kValues);
  CHECK(c.message.rfind("element 0: ", 0) == 0);
  CHECK(c.bad_count == 2);
  CHECK(c.max_ulp == 1);
  ComparePolicy one_ulp = exact_policy();
  one_ulp.tolerance.kind = Tolerance::kUlp;
  one_ulp.tolerance.ulps = 1;
  one_ulp.ignore_zero_sign = true;
  CHECK(compare_value(seq({f32({0.0f}), f32({5, 1})}), seq({f32({-0.0f}), f32({5, 1.0f + 0x1p-23f})}), one_ulp).ok());
}

TEST_CASE("compare_output_values: verdicts for sequence outputs", "[compare][value][verdict]") {
  CaseMeta meta;
  meta.valid = true;
  OracleOutcome oracle;
  oracle.available = true;
  oracle.outputs = {Value::some(seq({f32({1})}))};
  BackendOutcome outcome;
  outcome.outputs = {Value::some(seq({f32({1})}))};
  CHECK(decide(meta, outcome, oracle, exact_policy()).verdict == Verdict::kPass);
  outcome.outputs = {Value::none(kOptSeqFloat)};
  CHECK(decide(meta, outcome, oracle, exact_policy()).verdict == Verdict::kWrongShape);
  outcome.outputs = {seq({f32({1})})};
  CHECK(decide(meta, outcome, oracle, exact_policy()).verdict == Verdict::kWrongDtype);
  outcome.outputs = {Value::some(seq({f32({2})}))};
  const auto r = decide(meta, outcome, oracle, exact_policy());
  CHECK(r.verdict == Verdict::kFail);
  CHECK(r.message == "element 0: " + compare_tensor(f32({1}), f32({2}), exact_policy()).message);
  // Tensor outputs keep the tensor path (and its metrics).
  CHECK(compare_output_values({Value(f32({1, 2}))}, {Value(f32({1, 3}))}, exact_policy()).bad_count == 1);
}

TEST_CASE("compare_value: maps by keys exactly, then each value; sequences of maps", "[compare][value]") {
  const ValueType f = ValueType::scalar_of(DType::kFloat);
  auto scalar = [](float x) { return Value(Tensor::from_values<float>({}, {x})); };
  auto map = [&](std::vector<std::pair<MapKey, Value>> e) {
    return Value::map(DType::kString, f, std::move(e));
  };
  const Value a = map({{std::string("x"), scalar(1)}, {std::string("y"), scalar(2)}});
  CHECK(compare_value(a, a, exact_policy()).ok());
  // A missing key is a wrong shape, named by both key sets.
  auto c = compare_value(a, map({{std::string("x"), scalar(1)}}), exact_policy());
  CHECK(c.kind == Comparison::kWrongShape);
  CHECK(c.message == "a map with keys {\"x\"}, expected {\"x\", \"y\"}");
  // A value off by one ulp fails exact judging, naming its key.
  c = compare_value(
      a, map({{std::string("x"), scalar(1)}, {std::string("y"), scalar(std::nextafter(2.0f, 3.0f))}}),
      exact_policy());
  CHECK(c.kind == Comparison::kValues);
  CHECK(c.message.rfind("key \"y\": ", 0) == 0);
  // Sequences of maps (ZipMap's): element by element, the count first.
  const ValueType m = ValueType::map_of(DType::kString, f);
  CHECK(compare_value(Value::sequence_of(m, {a, a}), Value::sequence_of(m, {a, a}), exact_policy()).ok());
  c = compare_value(Value::sequence_of(m, {a, a}), Value::sequence_of(m, {a}), exact_policy());
  CHECK(c.kind == Comparison::kWrongShape);
  CHECK(c.message == "a sequence of 1 maps, expected 2");
  c = compare_value(Value::sequence_of(m, {a}), Value::sequence_of(m, {map({})}), exact_policy());
  CHECK(c.message == "element 0: a map with keys {}, expected {\"x\", \"y\"}");
}
