// Cast-1, 6, 9, 13 and CastLike-15: the types each version allows (both ways), every
// allowed pair on small exact values, rounding to float16/bfloat16/float/double against
// the oracle's own rounders, the undefined cases and their marks, string spellings.
// Expected values are worked out by hand or come from oracle.h (MPFR + test rounders).
#include <catch2/catch.hpp>
#include <cctype>
#include <cmath>
#include <cstring>
#include <limits>

#include "reference/tests/oracle.h"
#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;
namespace oracle = touchstone::oracle;

namespace {

Tensor strs(std::vector<std::string> values) { return vec<std::string>(std::move(values)); }

// Small whole numbers (exact in every type) as a tensor of `d`; bool takes v != 0.
Tensor exact_values(DType d, const std::vector<double>& values) {
  Tensor t(d, {static_cast<int64_t>(values.size())});
  visit_dtype(d, [&]<class T>() {
    auto out = t.data<T>();
    for (size_t i = 0; i < values.size(); ++i) {
      if constexpr (std::is_same_v<T, std::string>) {
        out[i] = std::to_string(static_cast<long long>(values[i]));
      } else if constexpr (std::is_same_v<T, bool>) {
        out[i] = values[i] != 0;
      } else if constexpr (is_small_float<T>) {
        out[i] = oracle::near_value<T>(values[i]);  // exact for these values
      } else if constexpr (is_real_float<T> || is_integer<T>) {
        out[i] = static_cast<T>(values[i]);
      }
    }
  });
  return t;
}

onnx::AttributeProto to(DType d) { return make_attr("to", static_cast<int64_t>(d)); }

RunResult cast(int version, const Tensor& x, DType target) { return run_node("Cast", version, {x}, {to(target)}); }
Tensor cast_out(int version, const Tensor& x, DType target) { return cast(version, x, target).outputs.at(0); }

void check_refused(int version, const Tensor& x, std::vector<onnx::AttributeProto> attrs, const std::string& fragment) {
  try {
    run_node("Cast", version, {x}, attrs);
    FAIL("Cast-" << version << " accepted what it should refuse (" << fragment << ")");
  } catch (const Error& e) {
    CHECK(e.kind() == ErrorKind::kInvalidModel);
    CHECK_THAT(e.what(), Catch::Contains("Cast-" + std::to_string(version)) && Catch::Contains(fragment));
  }
}

std::vector<DType> types_of(int version) {
  std::vector<DType> t = {DType::kFloat16, DType::kFloat,  DType::kDouble, DType::kInt8,   DType::kInt16,
                          DType::kInt32,   DType::kInt64,  DType::kUInt8,  DType::kUInt16, DType::kUInt32,
                          DType::kUInt64,  DType::kBool};
  if (version >= 9) t.push_back(DType::kString);
  if (version >= 13) t.push_back(DType::kBFloat16);
  return t;
}

std::string upper(std::string_view name) {
  std::string n(name);
  for (auto& c : n) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return n;
}

}  // namespace

TEST_CASE("each Cast version admits exactly its types, both ways", "[Cast][v1][v6][v9][v13]") {
  const Tensor f = vec<float>({1.5f}), s = strs({"1.5"}), bf = vec<BFloat16>({bfloat16_from_double(1)});
  CHECK_NOTHROW(run_node("Cast", 1, {f}, {make_attr("to", std::string("FLOAT16"))}));
  check_refused(1, f, {make_attr("to", std::string("STRING"))}, "outside type constraint T2");
  check_refused(1, f, {make_attr("to", std::string("BFLOAT16"))}, "outside type constraint T2");
  check_refused(1, f, {make_attr("to", std::string("float"))}, "not the name of a TensorProto.DataType");
  check_refused(1, f, {make_attr("to", std::string("UNDEFINED"))}, "not the name");
  check_refused(1, f, {to(DType::kInt32)}, "'to' must be string");
  check_refused(6, f, {make_attr("to", std::string("INT32"))}, "'to' must be int");
  check_refused(6, s, {to(DType::kFloat)}, "tensor(string)");
  check_refused(6, f, {to(DType::kString)}, "outside type constraint T2");
  check_refused(9, bf, {to(DType::kFloat)}, "tensor(bfloat16)");
  check_refused(9, f, {to(DType::kBFloat16)}, "outside type constraint T2");
  CHECK(cast_out(9, s, DType::kFloat) == f);
  CHECK(cast_out(13, bf, DType::kFloat) == vec<float>({1}));
  for (int v : {6, 9, 13}) {
    check_refused(v, f, {}, "required attribute 'to' is missing");
    check_refused(v, f, {make_attr("to", int64_t{0})}, "to = 0 is not an element type");
    check_refused(v, f, {make_attr("to", int64_t{27})}, "to = 27 is not an element type");
    check_refused(v, f, {make_attr("to", int64_t{17})}, "to = 17 (tensor(float8e4m3fn)) is outside type constraint T2");
    check_refused(v, f, {make_attr("to", int64_t{-1})}, "to = -1");
    check_refused(v, f, {to(DType::kComplex64)}, "tensor(complex64)");
    check_refused(v, vec<std::complex<float>>({{1, 0}}), {to(DType::kFloat)}, "tensor(complex64)");
  }
  check_refused(1, f, {}, "required attribute 'to' is missing");
  CHECK_THROWS_WITH(run_node("CastLike", 15, {f, vec<std::complex<double>>({{1, 0}})}),
                    Catch::Contains("CastLike-15") && Catch::Contains("tensor(complex128)"));
}

TEST_CASE("every pair of types each version allows, on small whole numbers", "[Cast][v1][v6][v9][v13][CastLike]") {
  const std::vector<double> values = {0, 1, 2, 100}, bools = {0, 1};
  for (int version : {1, 6, 9, 13, 15}) {
    for (DType from : types_of(version == 15 ? 13 : version)) {
      for (DType target : types_of(version == 15 ? 13 : version)) {
        INFO("version " << version << ": " << dtype_name(from) << " -> " << dtype_name(target));
        const auto& v = from == DType::kBool ? bools : values;
        Tensor x = exact_values(from, v);
        Tensor want = exact_values(target, v);
        if (target == DType::kString && is_float_dtype(from))
          want = strs({"0.0", "1.0", "2.0", "100.0"});
        RunResult r = version == 1    ? run_node("Cast", 1, {x}, {make_attr("to", upper(dtype_name(target)))})
                     : version == 15 ? run_node("CastLike", 15, {x, exact_values(target, {7})})
                                     : cast(version, x, target);
        CHECK(r.outputs.at(0) == want);
        // Defined, except printing floats and bools, and reading strings as bool.
        const bool open = (target == DType::kString && (is_float_dtype(from) || from == DType::kBool)) ||
                          (from == DType::kString && target == DType::kBool) ||
                          (version < 13 && target == DType::kBool && from != DType::kBool);
        CHECK(r.semantics.category == (open ? Semantics::kImplementationDefined : Semantics::kDefined));
      }
    }
  }
}

TEST_CASE("floats are rounded once from the exact value (double -> float16 not through float)", "[Cast][v6][v13]") {
  // 1 + 2^-11 + 2^-40: float keeps it as 1 + 2^-11 (2^-40 is below its half ulp), which
  // is a float16 tie that would go to even (1.0); the value itself is above the midpoint.
  const double above_tie = 1 + 0x1p-11 + 0x1p-40;
  CHECK(cast_out(6, vec<double>({above_tie}), DType::kFloat16) == vec<Float16>({Float16{0x3C01}}));
  CHECK(cast_out(13, vec<double>({1 + 0x1p-8 + 0x1p-40}), DType::kBFloat16) == vec<BFloat16>({BFloat16{0x3F81}}));
  CHECK(cast_out(6, vec<double>({1 + 0x1p-11}), DType::kFloat16) == vec<Float16>({Float16{0x3C00}}));  // tie: even
  CHECK(cast_out(6, vec<double>({1 + 3 * 0x1p-11}), DType::kFloat16) == vec<Float16>({Float16{0x3C02}}));
  // int64 2^60 + 2^36 + 1: through double it would become 2^60 + 2^36, a float tie going
  // to 2^60; the integer is above the midpoint, so 2^60 + 2^37.
  const int64_t big = (int64_t{1} << 60) + (int64_t{1} << 36) + 1;
  CHECK(cast_out(6, vec<int64_t>({big}), DType::kFloat) == vec<float>({0x1p60f + 0x1p37f}));
  CHECK(cast_out(13, vec<int64_t>({(int64_t{1} << 60) + (int64_t{1} << 52) + 1}), DType::kBFloat16) ==
        vec<BFloat16>({BFloat16{0x5D81}}));  // 2^60 * (1 + 2^-7)
  // Overflow to infinity: 65520 (float16's largest + half ulp) ties up to inf; uint to +inf.
  CHECK(cast_out(6, vec<int32_t>({65519, 65520, -65520}), DType::kFloat16) ==
        vec<Float16>({Float16{0x7BFF}, Float16{0x7C00}, Float16{0xFC00}}));
  CHECK(cast_out(6, vec<double>({1e300, -1e300, 1e-300}), DType::kFloat) == vec<float>({INFINITY, -INFINITY, 0}));
  // Subnormals: 2^-24 is float16's smallest; 2^-25 ties to 0, a bit more goes up.
  CHECK(cast_out(6, vec<double>({0x1p-24, 0x1p-25, 0x1p-25 + 0x1p-60, -0x1p-26}), DType::kFloat16) ==
        vec<Float16>({Float16{1}, Float16{0}, Float16{1}, Float16{0x8000}}));
  Tensor nan = cast_out(13, vec<double>({NAN, -0.0}), DType::kBFloat16);
  CHECK(std::isnan(to_double(nan.data<BFloat16>()[0])));
  CHECK(nan.data<BFloat16>()[1].bits == 0x8000);
  CHECK(cast_out(13, vec<uint64_t>({~uint64_t{0}}), DType::kDouble) == vec<double>({0x1p64}));
}

TEST_CASE("random doubles and integers round like the oracle, bit for bit", "[Cast][v13][oracle]") {
  uint64_t state = 0x9E3779B97F4A7C15ull;
  auto next = [&] {  // splitmix64
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  };
  std::vector<double> doubles;
  std::vector<int64_t> ints;
  std::vector<uint64_t> uints;
  for (int i = 0; i < 4000; ++i) {
    const uint64_t r = next();
    // Exponents spread over float16's, bfloat16's and float's ranges and past them.
    const int e = static_cast<int>(next() % 300) - 150;
    doubles.push_back(std::ldexp(1.0 + static_cast<double>(r >> 11) * 0x1p-53, e) * ((r & 1) ? -1 : 1));
    ints.push_back(static_cast<int64_t>(next()) >> (next() % 64));
    uints.push_back(next() >> (next() % 64));
  }
  auto check_all = [&]<class To, class From>(const std::vector<From>& in) {
    const Tensor out = cast_out(13, vec<From>(in), dtype_of<To>);
    auto got = out.data<To>();
    for (size_t i = 0; i < in.size(); ++i) {
      oracle::Big exact(128);
      oracle::set_exact(exact, in[i]);
      const double want = oracle::round_to<To>(exact, 0);
      INFO(oracle::show_input(in[i]) << " -> " << dtype_name(dtype_of<To>));
      REQUIRE(oracle::same_result(oracle::value_of(got[i]), want));
    }
  };
  check_all.operator()<Float16>(doubles);
  check_all.operator()<BFloat16>(doubles);
  check_all.operator()<float>(doubles);
  check_all.operator()<Float16>(ints);
  check_all.operator()<BFloat16>(ints);
  check_all.operator()<float>(ints);
  check_all.operator()<double>(ints);
  check_all.operator()<BFloat16>(uints);
  check_all.operator()<float>(uints);
  check_all.operator()<double>(uints);
}

TEST_CASE("float to integer truncates; NaN, infinity and out of range are undefined", "[Cast][v6][v13]") {
  auto r = cast(13, vec<float>({2.5f, -2.5f, 7.0f}), DType::kInt32);
  CHECK(r.outputs[0] == vec<int32_t>({2, -2, 7}));
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  auto whole = cast(13, vec<double>({-9223372036854775808.0, 0x1p64 - 2048}), DType::kInt64);
  CHECK(whole.outputs[0].data<int64_t>()[0] == std::numeric_limits<int64_t>::min());
  CHECK(whole.semantics.category == Semantics::kUndefined);  // 2^64 - 2048 is above int64
  CHECK(cast(13, vec<double>({0x1p64 - 2048}), DType::kUInt64).outputs[0] ==
        vec<uint64_t>({0xFFFFFFFFFFFFF800ull}));
  CHECK(cast(13, vec<double>({0x1p64 - 2048}), DType::kUInt64).semantics.category == Semantics::kDefined);
  auto nan = cast(6, vec<float>({NAN, INFINITY, -INFINITY, 128.0f, -129.5f, 127.9f, -128.9f}), DType::kInt8);
  CHECK(nan.outputs[0] == vec<int8_t>({0, 127, -128, 127, -128, 127, -128}));
  CHECK(nan.semantics.category == Semantics::kUndefined);
  auto minus_half = cast(13, vec<float>({-0.5f}), DType::kUInt8);  // truncates to 0: in range
  CHECK(minus_half.outputs[0] == vec<uint8_t>({0}));
  CHECK(minus_half.semantics.category == Semantics::kImplementationDefined);
  auto minus_one = cast(13, vec<Float16>({float16_from_double(-1.5)}), DType::kUInt16);
  CHECK(minus_one.outputs[0] == vec<uint16_t>({0}));
  CHECK(minus_one.semantics.category == Semantics::kUndefined);
  CHECK(cast(13, vec<BFloat16>({bfloat16_from_double(-0x1p31)}), DType::kInt32).outputs[0] ==
        vec<int32_t>({std::numeric_limits<int32_t>::min()}));
}

TEST_CASE("integer to integer keeps the low bits; defined from Cast-13", "[Cast][v9][v13][CastLike]") {
  auto defined = cast(13, vec<int16_t>({200, -129, 255}), DType::kInt8);
  CHECK(defined.outputs[0] == vec<int8_t>({-56, 127, -1}));
  CHECK(defined.semantics.category == Semantics::kDefined);
  auto open = cast(9, vec<int16_t>({200}), DType::kInt8);
  CHECK(open.outputs[0] == vec<int8_t>({-56}));
  CHECK(open.semantics.category == Semantics::kImplementationDefined);
  CHECK(cast_out(13, vec<uint64_t>({~uint64_t{0}}), DType::kInt64) == vec<int64_t>({-1}));
  CHECK(cast_out(13, vec<int32_t>({-1}), DType::kUInt16) == vec<uint16_t>({65535}));
  CHECK(run_node("CastLike", 15, {vec<int64_t>({0x1234567890}), vec<uint8_t>({0})}).outputs[0] ==
        vec<uint8_t>({0x90}));
}

TEST_CASE("to bool: zero is false, anything else (NaN too) true", "[Cast][v9][v13]") {
  auto r = cast(13, vec<float>({0.0f, -0.0f, NAN, 0.5f, -INFINITY, 1e-45f}), DType::kBool);
  CHECK(r.outputs[0] == vec<bool>({false, false, true, true, true, true}));
  CHECK(r.semantics.category == Semantics::kDefined);
  CHECK(cast(9, vec<float>({NAN}), DType::kBool).semantics.category == Semantics::kImplementationDefined);
  CHECK(cast(9, vec<int32_t>({0, 1}), DType::kBool).semantics.category == Semantics::kDefined);
  auto ints = cast(6, vec<int32_t>({36, -1}), DType::kBool);
  CHECK(ints.outputs[0] == vec<bool>({true, true}));
  CHECK(ints.semantics.category == Semantics::kImplementationDefined);
  CHECK(cast_out(13, vec<bool>({true, false}), DType::kBFloat16) ==
        vec<BFloat16>({BFloat16{0x3F80}, BFloat16{0}}));
}

TEST_CASE("strings to floats: literals, reserved spellings, rounding once", "[Cast][v9][v13]") {
  auto r = cast(9, strs({"3.14", "1000", "1e-5", "1E8", "+INF", "inf", "-Inf", "NaN", "nan", "-0", ".5", "5.", "1e40"}),
                DType::kFloat);
  const auto f = r.outputs[0].data<float>();
  CHECK(f[0] == 3.14f);
  CHECK(f[1] == 1000.0f);
  CHECK(f[2] == 1e-5f);
  CHECK(f[3] == 1e8f);
  CHECK(f[4] == INFINITY);
  CHECK(f[5] == INFINITY);
  CHECK(f[6] == -INFINITY);
  CHECK(std::isnan(f[7]));
  CHECK(std::isnan(f[8]));
  CHECK((f[9] == 0 && std::signbit(f[9])));
  CHECK(f[10] == 0.5f);
  CHECK(f[11] == 5.0f);
  CHECK(f[12] == INFINITY);  // out of float's range: +inf
  CHECK(r.semantics.category == Semantics::kDefined);
  CHECK(cast_out(9, strs({"1e40"}), DType::kDouble) == vec<double>({1e40}));
  // 1.00048828125 = 1 + 2^-11 is a float16 tie (to 1.0); one more digit puts it above.
  CHECK(cast_out(13, strs({"1.00048828125", "1.000488281250000000000000000001"}), DType::kFloat16) ==
        vec<Float16>({Float16{0x3C00}, Float16{0x3C01}}));
  for (const char* bad : {" 12", "12 ", "abc", "", "Infinity", "0x10", "-NaN", "1e", "+", "1,5", "--1"}) {
    INFO(bad);
    auto u = cast(9, strs({bad}), DType::kDouble);
    CHECK(std::isnan(u.outputs[0].data<double>()[0]));
    CHECK(u.semantics.category == Semantics::kUndefined);
  }
}

TEST_CASE("random decimal strings to float16/bfloat16/float round like the oracle", "[Cast][v13][oracle]") {
  std::vector<std::string> texts;
  uint64_t x = 12345;
  for (int i = 0; i < 1500; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s%llu.%llue%d", (x >> 63) ? "-" : "", static_cast<unsigned long long>(x >> 40),
                  static_cast<unsigned long long>((x >> 8) % 1000000000000ull), static_cast<int>((x >> 3) % 90) - 50);
    texts.push_back(buf);
  }
  auto check_all = [&]<class To>() {
    const Tensor out = cast_out(13, strs(texts), dtype_of<To>);
    for (size_t i = 0; i < texts.size(); ++i) {
      oracle::Big v(400);
      const int ternary = mpfr_strtofr(v, texts[i].c_str(), nullptr, 10, MPFR_RNDN);
      INFO(texts[i] << " -> " << dtype_name(dtype_of<To>));
      REQUIRE(oracle::same_result(oracle::value_of(out.data<To>()[i]), oracle::round_to<To>(v, ternary)));
    }
  };
  check_all.operator()<Float16>();
  check_all.operator()<BFloat16>();
  check_all.operator()<float>();
  check_all.operator()<double>();
}

TEST_CASE("strings to integers and bool", "[Cast][v9][v13]") {
  auto exact = cast(9, strs({"1000", "-7", "+5", "007", "-0"}), DType::kInt32);
  CHECK(exact.outputs[0] == vec<int32_t>({1000, -7, 5, 7, 0}));
  CHECK(exact.semantics.category == Semantics::kDefined);
  CHECK(cast(13, strs({"-9223372036854775808", "9223372036854775807"}), DType::kInt64).outputs[0] ==
        vec<int64_t>({std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()}));
  CHECK(cast_out(13, strs({"18446744073709551615"}), DType::kUInt64) == vec<uint64_t>({~uint64_t{0}}));
  auto undefined = cast(9, strs({"2.718", "-2.718", "300", "1e3", "NaN", "-INF", "abc", "99999999999999999999999"}),
                        DType::kInt8);
  CHECK(undefined.outputs[0] == vec<int8_t>({2, -2, 127, 127, 0, -128, 0, 127}));
  CHECK(undefined.semantics.category == Semantics::kUndefined);
  CHECK(cast_out(13, strs({"-1"}), DType::kUInt8) == vec<uint8_t>({0}));
  auto b = cast(13, strs({"0", "0.0e5", "-0", "2", "0.001", "NaN", "-inf"}), DType::kBool);
  CHECK(b.outputs[0] == vec<bool>({false, false, false, true, true, true, true}));
  CHECK(b.semantics.category == Semantics::kImplementationDefined);
  auto bad = cast(13, strs({"true"}), DType::kBool);
  CHECK(bad.outputs[0] == vec<bool>({false}));
  CHECK(bad.semantics.category == Semantics::kUndefined);
}

TEST_CASE("numbers to strings: integers exact, floats numpy's shortest str", "[Cast][v9][v13]") {
  auto ints = cast(9, vec<int64_t>({-128, 0, std::numeric_limits<int64_t>::min()}), DType::kString);
  CHECK(ints.outputs[0] == strs({"-128", "0", "-9223372036854775808"}));
  CHECK(ints.semantics.category == Semantics::kDefined);
  CHECK(cast_out(9, vec<uint64_t>({~uint64_t{0}}), DType::kString) == strs({"18446744073709551615"}));
  CHECK(cast_out(9, vec<uint8_t>({255}), DType::kString) == strs({"255"}));
  CHECK(cast_out(9, vec<bool>({true, false}), DType::kString) == strs({"1", "0"}));
  auto f = cast(9, vec<float>({0.1f, 100.0f, 1e-5f, 1.0f / 3, -0.0f, NAN, INFINITY, -INFINITY, 1e16f, 1e15f, 0.0001f,
                               123456.79f, 0.039187793f, 3.4028235e38f, 1e-45f}),
                DType::kString);
  CHECK(f.outputs[0] == strs({"0.1", "100.0", "1e-05", "0.33333334", "-0.0", "NaN", "INF", "-INF", "1e+16",
                              "1000000000000000.0", "1e-04", "123456.79", "0.039187793", "3.4028235e+38", "1e-45"}));
  CHECK(f.semantics.category == Semantics::kImplementationDefined);
  CHECK(cast_out(9, vec<double>({1.0 / 3, 1e20, 1.5e-7, 5e-324, 0.3}), DType::kString) ==
        strs({"0.3333333333333333", "1e+20", "1.5e-07", "5e-324", "0.3"}));
  // float16 0.0999755859375 and 65504; bfloat16 0.10009765625 (the shortest that reads back).
  CHECK(cast_out(9, vec<Float16>({float16_from_double(0.1), float16_from_double(65504), Float16{1}}), DType::kString) ==
        strs({"0.1", "65500.0", "6e-08"}));  // 65500 reads back as 65504
  CHECK(cast_out(13, vec<BFloat16>({bfloat16_from_double(0.1), bfloat16_from_double(3)}), DType::kString) ==
        strs({"0.1", "3.0"}));
  // 2^-1022 (float's): the shortest digits near a power of two need the wider upper side.
  CHECK(cast_out(9, vec<double>({0x1p-1022, 9007199254740992.0}), DType::kString) ==
        strs({"2.2250738585072014e-308", "9007199254740992.0"}));
}

TEST_CASE("floats printed and read back are the same value", "[Cast][v13]") {
  std::vector<float> values;
  uint32_t bits = 1;
  for (int i = 0; i < 3000; ++i) {
    bits = bits * 1664525u + 1013904223u;
    float v;
    std::memcpy(&v, &bits, 4);
    if (std::isfinite(v)) values.push_back(v);
  }
  const Tensor x = vec<float>(values);
  CHECK(cast_out(13, cast_out(13, x, DType::kString), DType::kFloat) == x);
}

TEST_CASE("CastLike takes the second input's type and ignores its values", "[CastLike][v15]") {
  auto r = run_node("CastLike", 15, {vec<double>({1 + 0x1p-11 + 0x1p-40, 2.5}), vec<Float16>({})});
  CHECK(r.outputs[0] == vec<Float16>({Float16{0x3C01}, float16_from_double(2.5)}));
  CHECK(run_node("CastLike", 15, {vec<float>({2.5f}), vec<std::string>({"x"})}).outputs[0] == strs({"2.5"}));
  CHECK(run_node("CastLike", 15, {strs({"1e3"}), vec<BFloat16>({})}).outputs[0] ==
        vec<BFloat16>({bfloat16_from_double(1000)}));
  CHECK(run_node("CastLike", 15, {vec<int16_t>({200}), vec<int8_t>({1})}).semantics.category == Semantics::kDefined);
}
