// Loops shared by elementwise kernels. A kernel supplies the broadcast plan and the
// scalar function; these apply it to every output element.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "reference/broadcast.h"
#include "reference/numeric/fast.h"
#include "reference/node.h"

namespace touchstone::ops {

template <class T>
inline constexpr bool is_numeric = is_real_float<T> || is_integer<T>;

// From this many elements on, map_unary computes f once per distinct float16 or bfloat16
// pattern (there are 65,536) and copies it to the other elements holding that pattern.
// The kernels' f are functions of the element (their marks on a case are idempotent), so
// the output is the same. Part of the fast path: with it off (numeric::set_fast_path),
// every element is computed, as the benchmark's baseline wants.
inline constexpr size_t kMemoizeFrom = size_t{1} << 16;

// Y[i] = f(X[i]) for a numeric X; Y has X's type and shape.
template <class F>
Tensor map_unary(const Tensor& x, const F& f) {
  Tensor out(x.dtype(), x.shape());
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (is_numeric<T>) {
      auto in = x.data<T>();
      auto y = out.data<T>();
      if constexpr (std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>) {
        if (in.size() >= kMemoizeFrom && numeric::fast_path_enabled()) {
          std::vector<uint16_t> result(size_t{1} << 16);
          std::vector<bool> known(size_t{1} << 16, false);
          for (size_t i = 0; i < in.size(); ++i) {
            const uint16_t b = in[i].bits;
            if (!known[b]) {
              result[b] = f(in[i]).bits;
              known[b] = true;
            }
            y[i].bits = result[b];
          }
          return;
        }
      }
      for (size_t i = 0; i < in.size(); ++i) y[i] = f(in[i]);
    } else {
      throw std::logic_error("map_unary on a non-numeric type");  // the schema check prevents it
    }
  });
  return out;
}

// C[i] = f(A[a(i)], B[b(i)]) for numeric A and B of one type; C has that type.
template <class F>
Tensor map_binary(const BroadcastPlan& plan, const Tensor& a, const Tensor& b, const F& f) {
  Tensor out(a.dtype(), plan.out);
  visit_dtype(a.dtype(), [&]<class T>() {
    if constexpr (is_numeric<T>) {
      auto x = a.data<T>();
      auto y = b.data<T>();
      auto z = out.data<T>();
      for_each_broadcast<2>(plan, [&](int64_t i, const std::array<int64_t, 2>& k) {
        z[i] = f(x[k[0]], y[k[1]]);
      });
    } else {
      throw std::logic_error("map_binary on a non-numeric type");  // the schema check prevents it
    }
  });
  return out;
}

// C[i] = f(A[a(i)], B[b(i)]) for numeric A and B of possibly different types; C has A's.
template <class F>
Tensor map_binary_mixed(const BroadcastPlan& plan, const Tensor& a, const Tensor& b, const F& f) {
  Tensor out(a.dtype(), plan.out);
  visit_dtype(a.dtype(), [&]<class T>() {
    visit_dtype(b.dtype(), [&]<class U>() {
      if constexpr (is_numeric<T> && is_numeric<U>) {
        auto x = a.data<T>();
        auto y = b.data<U>();
        auto z = out.data<T>();
        for_each_broadcast<2>(plan, [&](int64_t i, const std::array<int64_t, 2>& k) {
          z[i] = f(x[k[0]], y[k[1]]);
        });
      } else {
        throw std::logic_error("map_binary_mixed on a non-numeric type");
      }
    });
  });
  return out;
}

// C[i] = f(A[a(i)], B[b(i)]) for A and B of one numeric or bool type; C is bool
// (comparisons and logical ops).
template <class F>
Tensor map_predicate(const BroadcastPlan& plan, const Tensor& a, const Tensor& b, const F& f) {
  Tensor out(DType::kBool, plan.out);
  visit_dtype(a.dtype(), [&]<class T>() {
    if constexpr (is_numeric<T> || std::is_same_v<T, bool> || std::is_same_v<T, std::string>) {
      auto x = a.data<T>();
      auto y = b.data<T>();
      auto z = out.data<bool>();
      for_each_broadcast<2>(plan, [&](int64_t i, const std::array<int64_t, 2>& k) {
        z[i] = f(x[k[0]], y[k[1]]);
      });
    } else {
      throw std::logic_error("map_predicate on a non-numeric type");  // the schema check prevents it
    }
  });
  return out;
}

// The broadcast plan of a binary op before opset 7: the `broadcast` and `axis` attributes.
inline BroadcastPlan limited_plan(const Node& node, const Inputs& in) {
  return limited_broadcast(in[0].shape(), in[1].shape(), node.attr_int("broadcast", 0),
                           node.attr_opt_int("axis"));
}

// The broadcast plan of a binary op from opset 7: numpy's rule.
inline BroadcastPlan multidirectional_plan(const Inputs& in) {
  return multidirectional_broadcast({in[0].shape(), in[1].shape()});
}

}  // namespace touchstone::ops
