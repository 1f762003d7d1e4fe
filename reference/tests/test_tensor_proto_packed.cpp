// TensorProto for the IR 9-13 types: float8s one byte each (int32_data one per value),
// 4- and 2-bit types packed first-element-in-the-low-bits (onnx.proto), odd counts
// padded. Expected bytes are worked out by hand from that rule.
#include <catch2/catch.hpp>
#include <random>

#include "reference/tensor_proto.h"

using namespace touchstone;

namespace {

template <class T>
Tensor vec(std::vector<T> v) {
  return Tensor::from_values<T>({static_cast<int64_t>(v.size())}, v);
}
std::vector<int> int32_data(const onnx::TensorProto& p) { return {p.int32_data().begin(), p.int32_data().end()}; }
Tensor read(const onnx::TensorProto& p) { return tensor_from_proto(p, ".", "test"); }

}  // namespace

TEST_CASE("TensorProto: 4-bit types pack two per byte, the first in the low nibble", "[tensor_proto][packed]") {
  const Tensor i4 = vec<Int4>({Int4{1}, Int4{-1}, Int4{7}});
  const auto raw = tensor_to_proto(i4);
  CHECK(raw.raw_data() == std::string("\xF1\x07", 2));
  CHECK(read(raw) == i4);
  const auto typed = tensor_to_proto(i4, "", TensorStorage::kTyped);
  CHECK(int32_data(typed) == std::vector<int>{0xF1, 0x07});
  CHECK(read(typed) == i4);
  const Tensor u4 = vec<UInt4>({UInt4{15}, UInt4{0}, UInt4{9}, UInt4{3}});
  CHECK(tensor_to_proto(u4).raw_data() == std::string("\x0F\x39", 2));
  const Tensor f4 = vec<Float4E2M1>({Float4E2M1{0x1}, Float4E2M1{0xF}, Float4E2M1{0x7}});
  CHECK(tensor_to_proto(f4).raw_data() == std::string("\xF1\x07", 2));
  CHECK(read(tensor_to_proto(f4)) == f4);
}

TEST_CASE("TensorProto: 2-bit types pack four per byte, lowest bits first", "[tensor_proto][packed]") {
  const Tensor u2 = vec<UInt2>({UInt2{0}, UInt2{1}, UInt2{2}, UInt2{3}, UInt2{1}});
  CHECK(tensor_to_proto(u2).raw_data() == std::string("\xE4\x01", 2));  // 11 10 01 00, then 01
  CHECK(read(tensor_to_proto(u2)) == u2);
  const Tensor i2 = vec<Int2>({Int2{-2}, Int2{-1}});
  CHECK(tensor_to_proto(i2).raw_data() == std::string("\x0E", 1));  // 11 10
  CHECK(int32_data(tensor_to_proto(i2, "", TensorStorage::kTyped)) == std::vector<int>{0x0E});
  CHECK(read(tensor_to_proto(i2, "", TensorStorage::kTyped)) == i2);
}

TEST_CASE("TensorProto: packed data of the wrong size or range is malformed; padding is ignored", "[tensor_proto][packed]") {
  onnx::TensorProto p;
  p.set_data_type(22);  // int4
  p.add_dims(3);
  p.set_raw_data(std::string("\xF1", 1));
  CHECK_THROWS_WITH(read(p), Catch::Contains("raw_data holds 1 bytes (expected 2)"));
  p.clear_raw_data();
  p.add_int32_data(0xF1);
  p.add_int32_data(256);
  CHECK_THROWS_WITH(read(p), Catch::Contains("int32_data[1] = 256 is out of range"));
  onnx::TensorProto one;
  one.set_data_type(22);
  one.add_dims(1);
  one.set_raw_data(std::string("\xF1", 1));  // the high nibble is padding
  CHECK(read(one) == vec<Int4>({Int4{1}}));
}

TEST_CASE("TensorProto: float8s are one byte each, one per int32", "[tensor_proto][packed]") {
  const Tensor f8 = vec<Float8E4M3FN>({Float8E4M3FN{0x7E}, Float8E4M3FN{0xFF}, Float8E4M3FN{0x01}});
  CHECK(tensor_to_proto(f8).raw_data() == std::string("\x7E\xFF\x01", 3));
  CHECK(int32_data(tensor_to_proto(f8, "", TensorStorage::kTyped)) == std::vector<int>{0x7E, 0xFF, 0x01});
  CHECK(read(tensor_to_proto(f8, "", TensorStorage::kTyped)) == f8);
  const Tensor e8 = vec<Float8E8M0>({Float8E8M0{0}, Float8E8M0{254}, Float8E8M0{255}});
  CHECK(read(tensor_to_proto(e8)) == e8);
  CHECK(read(tensor_to_proto(e8, "", TensorStorage::kTyped)) == e8);
}

TEST_CASE("TensorProto: every IR 9-13 type round-trips at every count 0..9, both storages", "[tensor_proto][packed]") {
  std::mt19937 rng(7);
  for (DType d : {DType::kFloat8E4M3FN, DType::kFloat8E4M3FNUZ, DType::kFloat8E5M2, DType::kFloat8E5M2FNUZ,
                  DType::kUInt4, DType::kInt4, DType::kFloat4E2M1, DType::kFloat8E8M0, DType::kUInt2, DType::kInt2}) {
    for (int64_t n = 0; n <= 9; ++n) {
      INFO(dtype_name(d) << " x " << n);
      Tensor t(d, {n});
      visit_dtype(d, [&]<class T>() {
        if constexpr (is_small_int<T>) {
          for (T& v : t.data<T>()) v = T::wrap(static_cast<int64_t>(rng()));
        } else if constexpr (is_minifloat<T>) {
          const unsigned mask = dtype_bits(d) == 4 ? 0x0F : 0xFF;
          for (T& v : t.data<T>()) v = T{static_cast<uint8_t>(rng() & mask)};
        }
      });
      const auto raw = tensor_to_proto(t);
      CHECK(raw.raw_data().size() == raw_byte_count(d, static_cast<uint64_t>(n)));
      CHECK(read(raw) == t);
      CHECK(read(tensor_to_proto(t, "", TensorStorage::kTyped)) == t);
    }
  }
}
