// The building blocks: the generator's PRNG, SHA-256 and special values, checked against
// published test vectors and the IEEE formats' definitions.
#include <catch2/catch.hpp>
#include <cmath>

#include "cases/sha256.h"
#include "cases/values.h"

using namespace touchstone;
using namespace touchstone::cases;

TEST_CASE("splitmix64 gives the published sequence", "[values]") {
  Rng rng(0);  // Vigna's splitmix64.c with seed 0
  CHECK(rng.next() == 0xe220a8397b1dcdafULL);
  CHECK(rng.next() == 0x6e789e6aa1b965f4ULL);
  CHECK(rng.next() == 0x06c45d188009454fULL);
}

TEST_CASE("ranged draws stay in range and hit both ends", "[values]") {
  Rng rng(7);
  bool lo = false, hi = false;
  for (int i = 0; i < 1000; ++i) {
    const int64_t v = rng.integer(-3, 3);
    REQUIRE(v >= -3);
    REQUIRE(v <= 3);
    lo |= v == -3, hi |= v == 3;
  }
  CHECK(lo);
  CHECK(hi);
  CHECK(rng.integer(std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()) != 0);
}

TEST_CASE("SHA-256 matches FIPS 180-4's examples", "[sha256]") {
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(sha256_hex(std::string(1000000, 'a')) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  // Fed in pieces that straddle the 64-byte blocks (and moved midway), the same digest.
  Sha256 h;
  for (int i = 0; i < 500; ++i) h.update(std::string(1000, 'a'));
  Sha256 moved = std::move(h);
  for (int i = 0; i < 500; ++i) moved.update(std::string(1000, 'a'));
  CHECK(moved.hex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("special values of float32 include signed zeros, subnormals, infinities and NaN", "[values]") {
  const Tensor t = special_values(DType::kFloat);
  auto v = t.data<float>();
  auto has = [&](auto pred) { return std::any_of(v.begin(), v.end(), pred); };
  CHECK(has([](float x) { return x == 0 && std::signbit(x); }));
  CHECK(has([](float x) { return x == std::ldexp(1.0f, -149); }));
  CHECK(has([](float x) { return x == std::numeric_limits<float>::max(); }));
  CHECK(has([](float x) { return std::isinf(x) && x < 0; }));
  CHECK(has([](float x) { return std::isnan(x); }));
  CHECK(has([](float x) { return x == 1.0f + std::ldexp(1.0f, -23); }));
}

TEST_CASE("special values of integers include both extremes", "[values]") {
  const Tensor t = special_values(DType::kInt8);
  auto v = t.data<int8_t>();
  CHECK(std::find(v.begin(), v.end(), int8_t{-128}) != v.end());
  CHECK(std::find(v.begin(), v.end(), int8_t{127}) != v.end());
  CHECK(std::find(v.begin(), v.end(), int8_t{-1}) != v.end());
  const Tensor u = special_values(DType::kUInt64);
  CHECK(u.data<uint64_t>().back() == std::numeric_limits<uint64_t>::max());
}

TEST_CASE("cross_pairs pairs every element with every other", "[values]") {
  auto [x, y] = cross_pairs(tensor_of(DType::kInt32, {2}, {1, 2}), tensor_of(DType::kFloat, {3}, {5, 6, 7}));
  CHECK(x.shape() == Shape{6});
  CHECK(std::vector<int32_t>(x.data<int32_t>().begin(), x.data<int32_t>().end()) == std::vector<int32_t>{1, 1, 1, 2, 2, 2});
  CHECK(std::vector<float>(y.data<float>().begin(), y.data<float>().end()) == std::vector<float>{5, 6, 7, 5, 6, 7});
}
