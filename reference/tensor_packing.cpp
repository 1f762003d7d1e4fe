#include "reference/tensor_packing.h"

#include <cstring>

namespace touchstone {

namespace {
// The raw bit pattern of one packed element, and the element of a pattern.
template <class T>
uint8_t pattern_of(const T& v) {
  if constexpr (is_small_int<T>) return v.pattern();
  else return v.bits & 0x0F;  // float4e2m1
}
template <class T>
T from_pattern(unsigned p) {
  if constexpr (is_small_int<T>) return T::wrap(p);
  else return T{static_cast<uint8_t>(p)};
}
}  // namespace

bool is_packed_dtype(DType dtype) { return dtype != DType::kString && dtype_bits(dtype) < 8; }

std::string raw_bytes(const Tensor& tensor) {
  const auto memory = tensor.bytes();
  if (!is_packed_dtype(tensor.dtype())) return {reinterpret_cast<const char*>(memory.data()), memory.size()};
  std::string out(raw_byte_count(tensor.dtype(), static_cast<uint64_t>(tensor.size())), '\0');
  const int bits = dtype_bits(tensor.dtype()), per_byte = 8 / bits;
  visit_dtype(tensor.dtype(), [&]<class T>() {
    if constexpr (is_small_int<T> || std::is_same_v<T, Float4E2M1>) {
      const auto values = tensor.data<T>();
      for (size_t i = 0; i < values.size(); ++i)
        out[i / per_byte] = static_cast<char>(static_cast<uint8_t>(out[i / per_byte]) |
                                              (pattern_of(values[i]) << (bits * (i % per_byte))));
    }
  });
  return out;
}

Tensor tensor_from_raw(std::string_view bytes, DType dtype, Shape shape) {
  Tensor tensor(dtype, std::move(shape));
  if (!is_packed_dtype(dtype)) {
    if (!bytes.empty()) std::memcpy(tensor.mutable_bytes().data(), bytes.data(), bytes.size());
    return tensor;
  }
  const int bits = dtype_bits(dtype), per_byte = 8 / bits;
  const unsigned mask = (1u << bits) - 1;
  visit_dtype(dtype, [&]<class T>() {
    if constexpr (is_small_int<T> || std::is_same_v<T, Float4E2M1>) {
      auto values = tensor.data<T>();
      for (size_t i = 0; i < values.size(); ++i) {
        const auto byte = static_cast<uint8_t>(bytes[i / per_byte]);
        values[i] = from_pattern<T>((byte >> (bits * (i % per_byte))) & mask);
      }
    }
  });
  return tensor;
}

}  // namespace touchstone
