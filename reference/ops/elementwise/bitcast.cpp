// BitCast-26: the input's bits read as the element type `to` names, unchanged; the shape
// is kept. Every type but string, in and out; the target must have the input's bit width
// (8: int8/uint8/bool and the float8s; 16, 32, 64 — complex64 is 64; 128: complex128
// alone; 4: int4/uint4/float4e2m1; 2: int2/uint2). Bits are little endian, as ONNX says
// and as the reference holds them, so for byte-sized types the kernel copies the bytes.
// The 4- and 2-bit types are held one element per byte as a value (reference/dtype.h), so
// for them each element's bit pattern is taken and rebuilt one by one.
//
// Refusals: `to` not a TensorProto.DataType code, or string (outside T2), or of another
// bit width than the input: invalid model. A code of IR 9-13 that the reference cannot
// hold yet: not implemented.
//
// What ONNX leaves open, and the reference's answer: a byte other than 0 and 1 read as
// bool is no bool value; the result is true (nonzero), undefined.
#include <cstring>
#include <limits>

#include "reference/node_check.h"
#include "reference/ops/elementwise/elementwise_ops.h"

namespace touchstone::ops {

namespace {

static_assert(sizeof(bool) == 1, "bool elements are held as one byte");

// The bit pattern of one element of a 4- or 2-bit type, and back.
template <class T>
unsigned small_pattern(const T& v) {
  if constexpr (requires { v.pattern(); })
    return v.pattern();  // small integers, held as their value
  else if constexpr (requires { v.bits; })
    return v.bits;  // float4e2m1, held as its bits
  else
    throw std::logic_error("BitCast: not a 4- or 2-bit type");
}
template <class T>
T from_small_pattern(unsigned bits) {
  if constexpr (requires { T::wrap(int64_t{0}); }) {
    return T::wrap(static_cast<int64_t>(bits));
  } else if constexpr (requires(T t) { t.bits; }) {
    T t{};
    t.bits = static_cast<decltype(t.bits)>(bits);
    return t;
  } else {
    throw std::logic_error("BitCast: not a 4- or 2-bit type");
  }
}

// The target type `to` names, checked against T2.
DType target_type(const Node& node) {
  const int64_t code = node.attr_int("to", 0);
  std::optional<DType> to;
  if (code >= std::numeric_limits<int>::min() && code <= std::numeric_limits<int>::max())
    to = dtype_from_code(static_cast<int>(code));
  if (!to) {
    if (code >= 17 && code <= 26)
      not_implemented(node.op_version() + ": to = " + std::to_string(code) +
                      " is an element type of IR 9-13 the reference does not hold yet");
    invalid_model(node.op_version() + ": to = " + std::to_string(code) + " is not an element type TensorProto.DataType has");
  }
  const Schema* schema = find_schema("", "BitCast", 26);
  for (DType allowed : allowed_dtypes(*schema, "T2"))
    if (allowed == *to) return *to;
  invalid_model(node.op_version() + ": to = " + std::to_string(code) + " (" + tensor_type_string(*to) +
                ") is outside type constraint T2");
}

}  // namespace

// BitCast-26: see the top of the file.
Tensors bitcast_v26(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const DType to = target_type(node);
  const int from_bits = dtype_bits(x.dtype()), to_bits = dtype_bits(to);
  if (from_bits != to_bits)
    invalid_model(node.op_version() + ": the input's " + tensor_type_string(x.dtype()) + " has " +
                  std::to_string(from_bits) + "-bit elements and to = " + tensor_type_string(to) + " " +
                  std::to_string(to_bits) + "-bit ones; the target must have the input's bit width");
  Tensor out(to, x.shape());
  if (from_bits < 8) {
    visit_dtype(x.dtype(), [&]<class From>() {
      visit_dtype(to, [&]<class To>() {
        if constexpr (!std::is_same_v<From, std::string> && !std::is_same_v<To, std::string>) {
          auto src = x.data<From>();
          auto dst = out.data<To>();
          for (size_t i = 0; i < src.size(); ++i) dst[i] = from_small_pattern<To>(small_pattern(src[i]));
        }
      });
    });
    return {out};
  }
  const auto bytes = x.bytes();
  auto target = out.mutable_bytes();
  if (!bytes.empty()) std::memcpy(target.data(), bytes.data(), bytes.size());
  if (to == DType::kBool) {
    for (auto& b : target)
      if (b > 1) {
        node.mark(Semantics::kUndefined, "BitCast of a byte other than 0 and 1 to bool (the result is true)");
        b = 1;
      }
  }
  return {out};
}

}  // namespace touchstone::ops
