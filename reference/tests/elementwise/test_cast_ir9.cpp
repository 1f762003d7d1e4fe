// Cast and CastLike 19, 21, 23, 24, 25: the IR 9-13 types. Expected values are the bit
// patterns the Changelog's tables and the formats' definitions give, worked out by hand;
// the kernel is called directly (its catalog rows come with the ONNX 1.23 table).
#include <catch2/catch.hpp>
#include <cmath>

#include "reference/model_builder.h"
#include "reference/ops/elementwise/elementwise_ops.h"

using namespace touchstone;

namespace {

struct Cast {
  Tensor out;
  SemanticsRecord semantics;
};

Cast run_cast(int version, const Tensor& x, DType to, std::vector<onnx::AttributeProto> attrs = {}) {
  onnx::NodeProto proto;
  proto.set_op_type("Cast");
  attrs.push_back(make_attr("to", static_cast<int64_t>(to)));
  for (const auto& a : attrs) *proto.add_attribute() = a;
  Cast c;
  const Node node(proto, "Cast-" + std::to_string(version), c.semantics);
  c.out = ops::cast_v1(node, Inputs({&x})).at(0);
  return c;
}

Cast run_cast_like(int version, const Tensor& x, DType to, std::vector<onnx::AttributeProto> attrs = {}) {
  onnx::NodeProto proto;
  proto.set_op_type("CastLike");
  for (const auto& a : attrs) *proto.add_attribute() = a;
  Cast c;
  const Tensor like(to, {1});
  const Node node(proto, "CastLike-" + std::to_string(version), c.semantics);
  c.out = ops::cast_like_v15(node, Inputs({&x, &like})).at(0);
  return c;
}

template <class T>
Tensor vec(std::vector<T> v) {
  return Tensor::from_values<T>({static_cast<int64_t>(v.size())}, v);
}
Tensor doubles(std::vector<double> v) { return vec<double>(std::move(v)); }

// The bit patterns of a float8/float4 tensor.
std::vector<unsigned> bits_of(const Tensor& t) {
  std::vector<unsigned> out;
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (is_minifloat<T>)
      for (const T& v : t.data<T>()) out.push_back(v.bits);
  });
  return out;
}
template <class T>
std::vector<int> ints_of(const Tensor& t) {
  std::vector<int> out;
  for (const T& v : t.data<T>()) out.push_back(static_cast<int>(v.value));
  return out;
}

onnx::AttributeProto saturate(int64_t v) { return make_attr("saturate", v); }

const double kInf = INFINITY;

}  // namespace

// The rows of Cast-19's tables: 0, -0, NaN, Inf, -Inf, [x] > FLT_MAX, [x] < -FLT_MAX, RNE.
TEST_CASE("Cast-19 to float8: the saturate=1 table", "[Cast][v19]") {
  const Tensor x = doubles({0.0, -0.0, NAN, kInf, -kInf, 1e6, -1e6, 1.0625});
  // 1.0625 = 1 + 1/16 is the tie between 1 and 1.125 in the 3-bit mantissas: even is 1.
  CHECK(bits_of(run_cast(19, x, DType::kFloat8E4M3FN).out) ==
        std::vector<unsigned>{0x00, 0x80, 0x7F, 0x7E, 0xFE, 0x7E, 0xFE, 0x38});
  CHECK(bits_of(run_cast(19, x, DType::kFloat8E4M3FNUZ).out) ==
        std::vector<unsigned>{0x00, 0x00, 0x80, 0x80, 0x80, 0x7F, 0xFF, 0x40});
  // 1.0625 in e5m2 (2-bit mantissa) is between 1 and 1.25: nearer 1.
  CHECK(bits_of(run_cast(19, x, DType::kFloat8E5M2).out) ==
        std::vector<unsigned>{0x00, 0x80, 0x7E, 0x7B, 0xFB, 0x7B, 0xFB, 0x3C});
  CHECK(bits_of(run_cast(19, x, DType::kFloat8E5M2FNUZ).out) ==
        std::vector<unsigned>{0x00, 0x00, 0x80, 0x80, 0x80, 0x7F, 0xFF, 0x40});
}

TEST_CASE("Cast-19 to float8: the saturate=0 table", "[Cast][v19]") {
  const Tensor x = doubles({0.0, -0.0, NAN, -NAN, kInf, -kInf, 1e6, -1e6});
  const auto s0 = std::vector{saturate(0)};
  CHECK(bits_of(run_cast(19, x, DType::kFloat8E4M3FN, s0).out) ==
        std::vector<unsigned>{0x00, 0x80, 0x7F, 0xFF, 0x7F, 0xFF, 0x7F, 0xFF});
  CHECK(bits_of(run_cast(19, x, DType::kFloat8E4M3FNUZ, s0).out) ==
        std::vector<unsigned>{0x00, 0x00, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80});
  CHECK(bits_of(run_cast(19, x, DType::kFloat8E5M2, s0).out) ==
        std::vector<unsigned>{0x00, 0x80, 0x7E, 0xFE, 0x7C, 0xFC, 0x7C, 0xFC});
  CHECK(bits_of(run_cast(19, x, DType::kFloat8E5M2FNUZ, s0).out) ==
        std::vector<unsigned>{0x00, 0x00, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80});
  // [x] > FLT_MAX judges the rounded value: 464 ties to 448 (even) in e4m3fn, just above goes out.
  CHECK(bits_of(run_cast(19, doubles({464, 464.0001}), DType::kFloat8E4M3FN, s0).out) ==
        std::vector<unsigned>{0x7E, 0x7F});
}

TEST_CASE("Cast-24 changed the fnuz infinity rule: ±FLT_MAX with saturate=1", "[Cast][v24]") {
  const Tensor x = doubles({kInf, -kInf});
  for (int v : {19, 21, 23}) CHECK(bits_of(run_cast(v, x, DType::kFloat8E4M3FNUZ).out) == std::vector<unsigned>{0x80, 0x80});
  for (int v : {24, 25}) {
    CHECK(bits_of(run_cast(v, x, DType::kFloat8E4M3FNUZ).out) == std::vector<unsigned>{0x7F, 0xFF});
    CHECK(bits_of(run_cast(v, x, DType::kFloat8E5M2FNUZ).out) == std::vector<unsigned>{0x7F, 0xFF});
    CHECK(bits_of(run_cast(v, x, DType::kFloat8E5M2FNUZ, {saturate(0)}).out) == std::vector<unsigned>{0x80, 0x80});
  }
}

TEST_CASE("Cast-19: every source is rounded once from its exact value", "[Cast][v19]") {
  // 1 + 2^-4 + 2^-40 as a double: float would round it to the tie 1 + 2^-4 first.
  CHECK(bits_of(run_cast(19, doubles({1 + 0x1p-4 + 0x1p-40}), DType::kFloat8E4M3FN).out) == std::vector<unsigned>{0x39});
  // int32 18433 = 2^14 (1 + 2^-3 + 2^-14): above e5m2's tie, so 1.25 * 2^14 (0x75); 18432 ties to 2^14.
  CHECK(bits_of(run_cast(19, vec<int32_t>({18433, 18432}), DType::kFloat8E5M2).out) == std::vector<unsigned>{0x75, 0x74});
  // float8 -> float8 goes through the exact value: e5m2 1.25 (0x3D) is e4m3fn 0x3A.
  CHECK(bits_of(run_cast(19, vec<Float8E5M2>({Float8E5M2{0x3D}}), DType::kFloat8E4M3FN).out) ==
        std::vector<unsigned>{0x3A});
  // A string is rounded once at the target's precision: just above e4m3fn's tie 464 overflows.
  const Tensor s = vec<std::string>({"464", "464.00000000000000000001", "-0.0009765625"});
  CHECK(bits_of(run_cast(19, s, DType::kFloat8E4M3FN, {saturate(0)}).out) == std::vector<unsigned>{0x7E, 0x7F, 0x80});
}

TEST_CASE("Cast-19: float8 to other types is exact", "[Cast][v19]") {
  const Tensor x = vec<Float8E4M3FN>({Float8E4M3FN{0x7E}, Float8E4M3FN{0x01}, Float8E4M3FN{0xFF}, Float8E4M3FN{0xB8}});
  const Tensor f = run_cast(19, x, DType::kFloat).out;
  CHECK(f.data<float>()[0] == 448.0f);
  CHECK(f.data<float>()[1] == 0x1p-9f);
  CHECK(std::isnan(f.data<float>()[2]));
  CHECK(f.data<float>()[3] == -1.0f);
  CHECK(run_cast(19, x, DType::kBool).out == vec<bool>({true, true, true, true}));
  CHECK(run_cast(19, vec<Float8E5M2>({Float8E5M2{0x7C}}), DType::kFloat16).out == vec<Float16>({Float16{0x7C00}}));
  const Cast i = run_cast(19, vec<Float8E4M3FNUZ>({Float8E4M3FNUZ{0x80}, Float8E4M3FNUZ{0x48}}), DType::kInt32);
  CHECK(i.out == vec<int32_t>({0, 2}));  // NaN: undefined, 0; 0x48 = 0.1001.000 = 2^(9-8)
  CHECK(i.semantics.category == Semantics::kUndefined);
  const Tensor str = run_cast(19, x, DType::kString).out;
  CHECK(std::vector<std::string>(str.data<std::string>().begin(), str.data<std::string>().end()) ==
        std::vector<std::string>{"450.0", "0.002", "NaN", "-1.0"});  // shortest that reads back, as numpy
}

TEST_CASE("Cast-21: uint4 and int4 wrap from integers, truncate from floats", "[Cast][v21]") {
  CHECK(ints_of<Int4>(run_cast(21, vec<int32_t>({200, -9, 7, 8, -8}), DType::kInt4).out) ==
        std::vector<int>{-8, 7, 7, -8, -8});
  CHECK(ints_of<UInt4>(run_cast(21, vec<int32_t>({16, 17, -1}), DType::kUInt4).out) == std::vector<int>{0, 1, 15});
  const Cast f = run_cast(21, doubles({7.9, -8.5, 8, NAN}), DType::kInt4);
  CHECK(ints_of<Int4>(f.out) == std::vector<int>{7, -8, 7, 0});
  CHECK(f.semantics.category == Semantics::kUndefined);
  const Tensor i4 = vec<Int4>({Int4{-8}, Int4{-1}, Int4{7}});
  CHECK(run_cast(21, i4, DType::kInt8).out == vec<int8_t>({-8, -1, 7}));
  CHECK(run_cast(21, i4, DType::kUInt8).out == vec<uint8_t>({248, 255, 7}));
  CHECK(run_cast(21, i4, DType::kFloat).out == vec<float>({-8, -1, 7}));
  CHECK(run_cast(21, i4, DType::kString).out == vec<std::string>({"-8", "-1", "7"}));
  CHECK(ints_of<UInt4>(run_cast(21, i4, DType::kUInt4).out) == std::vector<int>{8, 15, 7});
  const Cast s = run_cast(21, vec<std::string>({"7", "9"}), DType::kInt4);
  CHECK(ints_of<Int4>(s.out) == std::vector<int>{7, 7});
  CHECK(s.semantics.category == Semantics::kUndefined);
  CHECK(bits_of(run_cast(21, i4, DType::kFloat8E4M3FN).out) == std::vector<unsigned>{0xD0, 0xB8, 0x4E});
}

TEST_CASE("Cast-23: float4e2m1 rounds to nearest even and saturates (no inf, no NaN)", "[Cast][v23]") {
  const Cast c = run_cast(23, doubles({0.25, 0.75, 1.25, 5, 6.5, -0.0, -3.5}), DType::kFloat4E2M1);
  CHECK(bits_of(c.out) == std::vector<unsigned>{0x0, 0x2, 0x2, 0x6, 0x7, 0x8, 0xE});
  CHECK(c.semantics.category == Semantics::kDefined);  // 6.5 rounds to 6, in range
  const Cast big = run_cast(23, doubles({7, -kInf}), DType::kFloat4E2M1);
  CHECK(bits_of(big.out) == std::vector<unsigned>{0x7, 0xF});
  CHECK(big.semantics.category == Semantics::kImplementationDefined);
  const Cast nan = run_cast(23, doubles({NAN}), DType::kFloat4E2M1);
  CHECK(bits_of(nan.out) == std::vector<unsigned>{0x7});
  CHECK(nan.semantics.category == Semantics::kUndefined);
  CHECK(run_cast(23, vec<Float4E2M1>({Float4E2M1{0x7}, Float4E2M1{0x9}}), DType::kFloat).out == vec<float>({6, -0.5}));
  CHECK_THROWS_WITH(run_cast(21, doubles({1}), DType::kFloat4E2M1), Catch::Contains("outside type constraint T2"));
}

TEST_CASE("Cast-24: float8e8m0 round_mode and saturate (the table's two columns)", "[Cast][v24]") {
  const Tensor x = doubles({0.0, NAN, kInf, 0x1p200, 0x1p-200, 0.75, 3.0, 5.0});
  // saturate + up (the defaults): 0 -> E8M0_MIN; Inf and beyond -> E8M0_MAX; 0.75 -> 1; 3 -> 4; 5 -> 8.
  CHECK(bits_of(run_cast(24, x, DType::kFloat8E8M0).out) ==
        std::vector<unsigned>{0x00, 0xFF, 0xFE, 0xFE, 0x00, 127, 129, 130});
  // non-saturate + nearest: out of range is NaN; 0.75 ties up to 1; 3 ties up to 4; 5 -> 4.
  const auto nearest = std::vector{saturate(0), make_attr("round_mode", std::string("nearest"))};
  CHECK(bits_of(run_cast(24, x, DType::kFloat8E8M0, nearest).out) ==
        std::vector<unsigned>{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 127, 129, 129});
  const auto down = std::vector{make_attr("round_mode", std::string("down"))};
  CHECK(bits_of(run_cast(24, doubles({0.75, 3.0, 5.0}), DType::kFloat8E8M0, down).out) ==
        std::vector<unsigned>{126, 128, 129});
  const Cast negative = run_cast(24, doubles({-2}), DType::kFloat8E8M0);
  CHECK(bits_of(negative.out) == std::vector<unsigned>{0xFF});
  CHECK(negative.semantics.category == Semantics::kUndefined);
  const Cast minus_zero = run_cast(24, doubles({-0.0}), DType::kFloat8E8M0);
  CHECK(bits_of(minus_zero.out) == std::vector<unsigned>{0x00});
  CHECK(minus_zero.semantics.category == Semantics::kImplementationDefined);
  CHECK(run_cast(24, vec<Float8E8M0>({Float8E8M0{0}, Float8E8M0{254}}), DType::kDouble).out ==
        doubles({0x1p-127, 0x1p127}));
  CHECK_THROWS_WITH(run_cast(24, x, DType::kFloat8E8M0, {make_attr("round_mode", std::string("zero"))}),
                    Catch::Contains("Cast-24: round_mode = 'zero' is not up, down or nearest"));
  CHECK_THROWS_WITH(run_cast(23, x, DType::kFloat8E8M0), Catch::Contains("outside type constraint T2"));
  CHECK_THROWS_WITH(run_cast(19, x, DType::kFloat8E4M3FN, {saturate(2)}), Catch::Contains("saturate = 2"));
}

TEST_CASE("Cast-25: uint2 and int2", "[Cast][v25]") {
  CHECK(ints_of<Int2>(run_cast(25, vec<int32_t>({-3, -2, 1, 2, 5}), DType::kInt2).out) ==
        std::vector<int>{1, -2, 1, -2, 1});
  CHECK(ints_of<UInt2>(run_cast(25, vec<int8_t>({-1, 4, 3}), DType::kUInt2).out) == std::vector<int>{3, 0, 3});
  CHECK(run_cast(25, vec<Int2>({Int2{-2}, Int2{1}}), DType::kFloat16).out ==
        vec<Float16>({Float16{0xC000}, Float16{0x3C00}}));
  CHECK_THROWS_WITH(run_cast(24, vec<int32_t>({1}), DType::kInt2), Catch::Contains("outside type constraint T2"));
}

TEST_CASE("CastLike-19..25 follow Cast of the same version, saturate included", "[CastLike][v19]") {
  const Tensor x = doubles({kInf, 1e6});
  CHECK(bits_of(run_cast_like(19, x, DType::kFloat8E4M3FN).out) == std::vector<unsigned>{0x7E, 0x7E});
  CHECK(bits_of(run_cast_like(19, x, DType::kFloat8E4M3FN, {saturate(0)}).out) == std::vector<unsigned>{0x7F, 0x7F});
  CHECK(bits_of(run_cast_like(21, x, DType::kFloat8E4M3FNUZ).out) == std::vector<unsigned>{0x80, 0x7F});
  CHECK(bits_of(run_cast_like(24, x, DType::kFloat8E4M3FNUZ).out) == std::vector<unsigned>{0x7F, 0x7F});
  const auto down = std::vector{make_attr("round_mode", std::string("down"))};
  CHECK(bits_of(run_cast_like(25, doubles({3}), DType::kFloat8E8M0, down).out) == std::vector<unsigned>{128});
}

// A cast to the same type still applies the target's table (it has no "same type" row):
// float8e5m2 ±inf (0x7C, 0xFC) is ±57344 (0x7B, 0xFB) with saturate=1, as from float16,
// and stays ±inf with saturate=0. Finite values, -0 and NaNs (payload and sign) keep their
// bits.
TEST_CASE("Cast-19..25 float8e5m2 to float8e5m2: ±inf saturates to ±57344", "[Cast][v19][v21][v23][v24][v25]") {
  const std::vector<unsigned> in{0x7C, 0xFC, 0x7B, 0xFB, 0x3C, 0x80, 0x00, 0x01, 0x7D, 0x7E, 0x7F, 0xFE};
  std::vector<Float8E5M2> values;
  for (unsigned b : in) values.push_back(Float8E5M2{static_cast<uint8_t>(b)});
  const Tensor x = vec<Float8E5M2>(values);
  std::vector<unsigned> saturated = in;
  saturated[0] = 0x7B;
  saturated[1] = 0xFB;
  for (int v : {19, 21, 23, 24, 25}) {
    CAPTURE(v);
    const Cast c = run_cast(v, x, DType::kFloat8E5M2);
    CHECK(bits_of(c.out) == saturated);
    CHECK(c.semantics.category == Semantics::kDefined);
    CHECK(bits_of(run_cast(v, x, DType::kFloat8E5M2, {saturate(0)}).out) == in);
    CHECK(bits_of(run_cast_like(v, x, DType::kFloat8E5M2).out) == saturated);
    CHECK(bits_of(run_cast_like(v, x, DType::kFloat8E5M2, {saturate(0)}).out) == in);
  }
  // The same answer as from float16's ±inf.
  CHECK(bits_of(run_cast(19, vec<Float16>({Float16{0x7C00}, Float16{0xFC00}}), DType::kFloat8E5M2).out) ==
        std::vector<unsigned>{0x7B, 0xFB});
}

TEST_CASE("Cast-19..25 the other float8 and float4 types to themselves: every pattern kept",
          "[Cast][v19][v21][v23][v24][v25]") {
  // No infinity in these: the largest values and the NaNs (e4m3fn S.1111.111, fnuz 0x80,
  // e8m0 0xFF) map to themselves under both saturate values, -0 too where it exists.
  auto all_patterns = [](int count) {
    std::vector<unsigned> v;
    for (int b = 0; b < count; ++b) v.push_back(static_cast<unsigned>(b));
    return v;
  };
  auto check_identity = [&]<class F>(DType dtype, int first_version, int patterns) {
    std::vector<F> values;
    for (unsigned b : all_patterns(patterns)) values.push_back(F{static_cast<uint8_t>(b)});
    const Tensor x = vec<F>(values);
    for (int v : {19, 21, 23, 24, 25}) {
      if (v < first_version) continue;
      CAPTURE(v, static_cast<int>(dtype));
      for (int64_t s : {0, 1}) {
        const Cast c = run_cast(v, x, dtype, {saturate(s)});
        CHECK(bits_of(c.out) == all_patterns(patterns));
        CHECK(c.semantics.category == Semantics::kDefined);
      }
    }
  };
  check_identity.operator()<Float8E4M3FN>(DType::kFloat8E4M3FN, 19, 256);
  check_identity.operator()<Float8E4M3FNUZ>(DType::kFloat8E4M3FNUZ, 19, 256);
  check_identity.operator()<Float8E5M2FNUZ>(DType::kFloat8E5M2FNUZ, 19, 256);
  check_identity.operator()<Float4E2M1>(DType::kFloat4E2M1, 23, 16);
  check_identity.operator()<Float8E8M0>(DType::kFloat8E8M0, 24, 256);
  // float8e8m0 under every round_mode: powers of two are their own roundings.
  std::vector<Float8E8M0> e8;
  for (unsigned b : all_patterns(256)) e8.push_back(Float8E8M0{static_cast<uint8_t>(b)});
  for (const char* mode : {"down", "nearest"})
    CHECK(bits_of(run_cast(24, vec<Float8E8M0>(e8), DType::kFloat8E8M0, {make_attr("round_mode", std::string(mode))})
                      .out) == all_patterns(256));
}
