// BitShift, Mod — integer-flavoured binary ops with numpy broadcasting; exact results.
//
// BitShift-11: unsigned types only; attribute direction (required) is "LEFT" or "RIGHT"
// exactly, anything else is refused. Bits shifted out are lost.
//
// Mod-10, Mod-13 (+bfloat16): fmod must be 0 or 1.
// - fmod=0: integer types only (a float type is refused: "If the input type is floating
//   point, then fmod attribute must be set to 1"); Python's %, the result takes the
//   divisor's sign: -7 mod 3 = 2, 7 mod -3 = -2. INT_MIN mod -1 is 0.
// - fmod=1: C's fmod, the result takes the dividend's sign: x - trunc(x/y)*y. For floats
//   std::fmod on the exact double, which is always exact (the remainder is a multiple of
//   the smaller operand's ulp and smaller than |y|, so it is representable in the inputs'
//   own format too). For integers C's % (truncated).
// What ONNX leaves open, and the reference's answer:
// - BitShift by the bit width or more: undefined (C++ leaves it undefined); the result is 0.
// - integer Mod by zero: undefined; the result is 0.
// - Mod-13 with fmod=1 on integers: its text limits fmod=1 to float types, yet ONNX's own
//   node test (test_mod_int64_fmod, opset 13) runs it on int64; accepted, the truncated
//   remainder, implementation-defined.
// - fmod(-0, y > 0): Mod-13 allows +0 or -0; the reference gives -0 (C's fmod),
//   implementation-defined.
#include <cmath>
#include <limits>

#include "reference/numeric/exact.h"
#include "reference/ops/core/elementwise.h"
#include "reference/ops/elementwise/elementwise_ops.h"

namespace touchstone::ops {

namespace {

struct Shift {
  const Node& node;
  bool left;
  template <class T>
  T operator()(T x, T amount) const {
    if constexpr (std::is_unsigned_v<T> && !std::is_same_v<T, bool>) {
      if (amount >= std::numeric_limits<T>::digits) {
        node.mark(Semantics::kUndefined, "BitShift by the bit width or more (the result is 0)");
        return 0;
      }
      return static_cast<T>(left ? x << amount : x >> amount);
    } else {
      throw std::logic_error("BitShift of a signed or float type");  // the schema check prevents it
    }
  }
};

struct Remainder {
  const Node& node;
  bool c_fmod;       // fmod=1: the dividend's sign; else the divisor's
  bool mark_int_c;   // Mod-13 fmod=1 on integers
  template <class T>
  T operator()(T a, T b) const {
    if constexpr (is_real_float<T>) {
      const double x = numeric::widen(a), y = numeric::widen(b);
      if (x == 0 && std::signbit(x) && y > 0)
        node.mark(Semantics::kImplementationDefined, "fmod(-0, y > 0): +0 or -0 (the result is -0)");
      return numeric::narrow<T>(std::fmod(x, y));
    } else {
      if (mark_int_c) node.mark(Semantics::kImplementationDefined, "Mod-13 with fmod=1 on integers (C's truncated remainder)");
      if (b == 0) {
        node.mark(Semantics::kUndefined, "integer Mod by zero (the result is 0)");
        return 0;
      }
      if constexpr (std::is_signed_v<T>) {
        if (b == -1) return 0;  // also INT_MIN % -1, which C++ leaves undefined
        T r = static_cast<T>(a % b);
        if (!c_fmod && r != 0 && ((r < 0) != (b < 0))) r = static_cast<T>(r + b);
        return r;
      } else {
        return static_cast<T>(a % b);
      }
    }
  }
};

}  // namespace

// BitShift-11: X shifted by Y bits, LEFT or RIGHT.
Tensors bitshift_v11(const Node& node, const Inputs& in) {
  const std::string direction = node.attr_string("direction", "");
  if (direction != "LEFT" && direction != "RIGHT")
    invalid_model("attribute direction must be \"LEFT\" or \"RIGHT\", got \"" + direction + "\"");
  return {map_binary(multidirectional_plan(in), in[0], in[1], Shift{node, direction == "LEFT"})};
}

namespace {

Tensors remainder(const Node& node, const Inputs& in, bool integer_fmod_open) {
  const int64_t fmod = node.attr_int("fmod", 0);
  if (fmod != 0 && fmod != 1) invalid_model("attribute fmod must be 0 or 1, got " + std::to_string(fmod));
  const bool is_float = is_float_dtype(in[0].dtype());
  if (is_float && fmod == 0)
    invalid_model("fmod must be 1 for floating-point types, got fmod=0 on tensor(" +
                  std::string(dtype_name(in[0].dtype())) + ")");
  const bool mark = integer_fmod_open && fmod == 1 && !is_float;
  return {map_binary(multidirectional_plan(in), in[0], in[1], Remainder{node, fmod == 1, mark})};
}

}  // namespace

// Mod-10: the remainder of A / B by fmod's rule.
Tensors mod_v10(const Node& node, const Inputs& in) { return remainder(node, in, false); }
// Mod-13: as Mod-10 (+bfloat16); fmod=1 on integers is accepted but implementation-defined.
Tensors mod_v13(const Node& node, const Inputs& in) { return remainder(node, in, true); }

}  // namespace touchstone::ops
