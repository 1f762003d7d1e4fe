// raw_data's layout of the 4- and 2-bit types (onnx.proto, IR 10-13; IR.md is silent):
// uint4, int4 and float4e2m1 pack two elements per byte, uint2 and int2 four, the first
// element in the least significant bits; an element count that does not fill the last
// byte leaves its high bits 0. int32_data holds the same packed bytes, one per int32.
// Every other type is stored as in memory (one element after another, little-endian).
#pragma once
#include <string>
#include <string_view>

#include "reference/tensor.h"

namespace touchstone {

// True for the types packed below a byte (dtype_bits < 8).
bool is_packed_dtype(DType dtype);

// The elements of `tensor` (not a string tensor) as raw_data stores them.
std::string raw_bytes(const Tensor& tensor);

// A tensor of `dtype` and `shape` from raw_data bytes, which must be
// raw_byte_count(dtype, elements) long (checked by the caller). The padding bits of a
// packed last byte are ignored.
Tensor tensor_from_raw(std::string_view bytes, DType dtype, Shape shape);

}  // namespace touchstone
