// BitwiseAnd, BitwiseOr, BitwiseXor, BitwiseNot — version 18, the only one of each.
//
// Integer types only (int8..int64, uint8..uint64; the executor checks the types). The
// binary ops broadcast with numpy's rule (multidirectional). Each result is the bitwise
// operation on the two's-complement bit patterns, exact: ~5 in int8 is -6, ~5 in uint8 is
// 250. ONNX leaves nothing open here: there is no overflow, and every bit pattern of an
// integer type is a value.
#include "reference/ops/core/elementwise.h"
#include "reference/ops/elementwise/elementwise_ops.h"

namespace touchstone::ops {

namespace {

// C++ promotes narrow integers to int before & | ^ ~; converting the result back to T
// keeps the low bits (modular since C++20), which are the bits of the operation in T.
template <class Op>
struct Bits {
  template <class T>
  T operator()(T a, T b) const {
    if constexpr (is_integer<T>) {
      return static_cast<T>(Op{}(a, b));
    } else {
      throw std::logic_error("bitwise op on a non-integer type");  // the schema check prevents it
    }
  }
};

struct And {
  template <class T>
  auto operator()(T a, T b) const { return a & b; }
};
struct Or {
  template <class T>
  auto operator()(T a, T b) const { return a | b; }
};
struct Xor {
  template <class T>
  auto operator()(T a, T b) const { return a ^ b; }
};

}  // namespace

// BitwiseAnd-18: A & B, numpy broadcasting.
Tensors bitwise_and_v18(const Node&, const Inputs& in) {
  return {map_binary(multidirectional_plan(in), in[0], in[1], Bits<And>{})};
}

// BitwiseOr-18: A | B, numpy broadcasting.
Tensors bitwise_or_v18(const Node&, const Inputs& in) {
  return {map_binary(multidirectional_plan(in), in[0], in[1], Bits<Or>{})};
}

// BitwiseXor-18: A ^ B, numpy broadcasting.
Tensors bitwise_xor_v18(const Node&, const Inputs& in) {
  return {map_binary(multidirectional_plan(in), in[0], in[1], Bits<Xor>{})};
}

// BitwiseNot-18: ~X, every bit flipped.
Tensors bitwise_not_v18(const Node&, const Inputs& in) {
  return {map_unary(in[0], []<class T>(T x) -> T {
    if constexpr (is_integer<T>) {
      return static_cast<T>(~x);
    } else {
      throw std::logic_error("BitwiseNot on a non-integer type");  // the schema check prevents it
    }
  })};
}

}  // namespace touchstone::ops
