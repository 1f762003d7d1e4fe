// Logical ops (And, Or, Xor, Not) and comparisons (Equal, Greater, Less, GreaterOrEqual,
// LessOrEqual) — every version. The output is a bool tensor.
//
// Versions 1 (And/Or/Xor/Equal/Greater/Less) broadcast by the limited rule
// (`broadcast`/`axis`, as Add-1); 7 and later by numpy's. The later versions only
// widened the types, which the executor checks, so they share a kernel:
// - And, Or, Xor, Not: bool only, in every version.
// - Equal-1, 7: bool, int32, int64; Equal-11 adds the other integers, float16, float and
//   double; Equal-13 bfloat16; Equal-19 string (equal byte for byte: no Unicode
//   normalisation, an embedded NUL counts).
// - Greater/Less-1, 7: float16, float, double; 9 adds the integers; 13 bfloat16.
// - GreaterOrEqual/LessOrEqual-12 (numeric), 16 (+bfloat16). They exist from opset 12
//   only, so they have no limited-broadcast version.
//
// Float comparisons are IEEE 754's: -0 equals +0, NaN is unordered (every comparison with
// NaN is false, so Equal(NaN, NaN) is false and GreaterOrEqual(NaN, x) is false). They
// are exact and fully defined: nothing here is marked.
#include "reference/numeric/exact.h"
#include "reference/ops/core/elementwise.h"
#include "reference/ops/elementwise/elementwise_ops.h"

namespace touchstone::ops {

namespace {

// A value with the built-in comparison operators: float16 and bfloat16 widen exactly to
// double, which orders them (and their NaNs, zeros) as IEEE 754 does.
template <class T>
auto comparable(T x) {
  if constexpr (is_small_float<T>) {
    return numeric::widen(x);
  } else {
    return x;
  }
}

struct EqualTo {
  template <class T>
  bool operator()(T a, T b) const { return comparable(a) == comparable(b); }
};
struct GreaterThan {
  template <class T>
  bool operator()(T a, T b) const { return comparable(a) > comparable(b); }
};
struct LessThan {
  template <class T>
  bool operator()(T a, T b) const { return comparable(a) < comparable(b); }
};
struct GreaterOrEqualTo {
  template <class T>
  bool operator()(T a, T b) const { return comparable(a) >= comparable(b); }
};
struct LessOrEqualTo {
  template <class T>
  bool operator()(T a, T b) const { return comparable(a) <= comparable(b); }
};

// The logical ops see only bool (the schema says so); other types never reach them.
template <class F>
struct OnBool {
  F f;
  template <class T>
  bool operator()(T a, T b) const {
    if constexpr (std::is_same_v<T, bool>) {
      return f(a, b);
    } else {
      throw std::logic_error("a logical op on a non-bool type");  // the schema check prevents it
    }
  }
};
constexpr OnBool<bool (*)(bool, bool)> kAnd{[](bool a, bool b) { return a && b; }};
constexpr OnBool<bool (*)(bool, bool)> kOr{[](bool a, bool b) { return a || b; }};
constexpr OnBool<bool (*)(bool, bool)> kXor{[](bool a, bool b) { return a != b; }};

template <class P>
Tensors limited(const Node& node, const Inputs& in, P predicate) {
  return {map_predicate(limited_plan(node, in), in[0], in[1], predicate)};
}

template <class P>
Tensors multidirectional(const Inputs& in, P predicate) {
  return {map_predicate(multidirectional_plan(in), in[0], in[1], predicate)};
}

}  // namespace

// And-1, Or-1, Xor-1: limited broadcast. And-7, Or-7, Xor-7: numpy broadcasting.
Tensors and_v1(const Node& node, const Inputs& in) { return limited(node, in, kAnd); }
Tensors and_v7(const Node&, const Inputs& in) { return multidirectional(in, kAnd); }
Tensors or_v1(const Node& node, const Inputs& in) { return limited(node, in, kOr); }
Tensors or_v7(const Node&, const Inputs& in) { return multidirectional(in, kOr); }
Tensors xor_v1(const Node& node, const Inputs& in) { return limited(node, in, kXor); }
Tensors xor_v7(const Node&, const Inputs& in) { return multidirectional(in, kXor); }

// Not-1: elementwise negation of a bool tensor.
Tensors not_v1(const Node&, const Inputs& in) {
  Tensor out(DType::kBool, in[0].shape());
  auto x = in[0].data<bool>();
  auto y = out.data<bool>();
  for (size_t i = 0; i < x.size(); ++i) y[i] = !x[i];
  return {out};
}

// Equal-1, Greater-1, Less-1: limited broadcast. Equal-7/11/13, Greater-7/9/13,
// Less-7/9/13: numpy broadcasting, the types the executor admits differ.
Tensors equal_v1(const Node& node, const Inputs& in) { return limited(node, in, EqualTo{}); }
Tensors equal_v7(const Node&, const Inputs& in) { return multidirectional(in, EqualTo{}); }
Tensors greater_v1(const Node& node, const Inputs& in) { return limited(node, in, GreaterThan{}); }
Tensors greater_v7(const Node&, const Inputs& in) { return multidirectional(in, GreaterThan{}); }
Tensors less_v1(const Node& node, const Inputs& in) { return limited(node, in, LessThan{}); }
Tensors less_v7(const Node&, const Inputs& in) { return multidirectional(in, LessThan{}); }

// GreaterOrEqual-12/16, LessOrEqual-12/16: numpy broadcasting.
Tensors greater_or_equal_v12(const Node&, const Inputs& in) { return multidirectional(in, GreaterOrEqualTo{}); }
Tensors less_or_equal_v12(const Node&, const Inputs& in) { return multidirectional(in, LessOrEqualTo{}); }

}  // namespace touchstone::ops
