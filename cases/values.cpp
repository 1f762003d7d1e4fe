#include "cases/values.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "reference/numeric/exact.h"

namespace touchstone::cases {

uint64_t Rng::next() {
  uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint64_t Rng::unsigned_integer(uint64_t lo, uint64_t hi) {
  const uint64_t span = hi - lo + 1;  // 0 when [lo, hi] is all of uint64
  if (span == 0) return next();
  const uint64_t limit = std::numeric_limits<uint64_t>::max() - std::numeric_limits<uint64_t>::max() % span;
  uint64_t r;
  do r = next();
  while (r >= limit);
  return lo + r % span;
}

int64_t Rng::integer(int64_t lo, int64_t hi) {
  const uint64_t ulo = static_cast<uint64_t>(lo), span = static_cast<uint64_t>(hi) - ulo;
  return static_cast<int64_t>(ulo + unsigned_integer(0, span));
}

double Rng::unit() { return static_cast<double>(next() >> 11) * 0x1p-53; }

uint64_t seed_of(const std::string& text) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

namespace {

template <class T>
T draw(Rng& rng, const Domain& d) {
  while (true) {
    T v{};
    if constexpr (is_integer<T>) {
      // The domain clamped to T (uint64's values above int64's range are never drawn).
      const int64_t lo = std::max<int64_t>(d.int_lo, static_cast<int64_t>(std::numeric_limits<T>::min()));
      const int64_t hi = sizeof(T) == 8 ? d.int_hi
                                        : std::min<int64_t>(d.int_hi, static_cast<int64_t>(std::numeric_limits<T>::max()));
      v = static_cast<T>(rng.integer(lo, hi));
    } else if (d.integral) {
      v = numeric::narrow<T>(static_cast<double>(rng.integer(d.int_lo, d.int_hi)));
    } else {
      double x = std::ldexp(1.0 + rng.unit(), static_cast<int>(rng.integer(d.exp_lo, d.exp_hi)));
      if (d.negative && (rng.next() & 1)) x = -x;
      v = numeric::narrow<T>(x);
    }
    if (!d.nonzero || !(v == T{})) return v;
  }
}

template <class T>
std::vector<T> float_specials() {
  int m = 0, emax = 0;
  if constexpr (std::is_same_v<T, Float16>) m = 10, emax = 15;
  else if constexpr (std::is_same_v<T, BFloat16>) m = 7, emax = 127;
  else if constexpr (std::is_same_v<T, float>) m = 23, emax = 127;
  else m = 52, emax = 1023;
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> values = {
      0.0, -0.0,
      std::ldexp(1.0, 1 - emax - m),                          // smallest subnormal
      std::ldexp(1.0 - std::ldexp(1.0, -m), 1 - emax),        // largest subnormal
      std::ldexp(1.0, 1 - emax), -std::ldexp(1.0, 1 - emax),  // smallest normal
      std::ldexp(2.0 - std::ldexp(1.0, -m), emax),            // largest finite
      -std::ldexp(2.0 - std::ldexp(1.0, -m), emax),
      inf, -inf, std::numeric_limits<double>::quiet_NaN(),
      1.0, -1.0,
      1.0 + std::ldexp(1.0, -m),  // 1 + ulp: odd last bit, so +-ulp/2 ties round away from it
      std::ldexp(1.0, -m - 1),    // ulp(1)/2: 1 + it is a tie
      1.5, -2.0, 3.0,
  };
  std::vector<T> out;
  for (double v : values) out.push_back(numeric::narrow<T>(v));
  return out;
}

template <class T>
std::vector<T> integer_specials() {
  using L = std::numeric_limits<T>;
  std::vector<T> out = {L::min()};
  out.push_back(static_cast<T>(L::min() + 1));
  if constexpr (std::is_signed_v<T>) out.push_back(static_cast<T>(-1));
  for (T v : {T(0), T(1), T(2), T(3)}) out.push_back(v);
  if constexpr (std::is_signed_v<T>) out.push_back(static_cast<T>(-2));
  out.push_back(static_cast<T>(L::max() - 1));
  out.push_back(L::max());
  return out;
}

}  // namespace

Tensor random_tensor(Rng& rng, DType dtype, const Shape& shape, const Domain& domain) {
  Tensor t(dtype, shape);
  visit_dtype(dtype, [&]<class T>() {
    if constexpr (is_integer<T> || is_real_float<T>) {
      for (auto& v : t.data<T>()) v = draw<T>(rng, domain);
    } else if constexpr (std::is_same_v<T, std::string>) {
      // Short words over a small alphabet, so that equal strings occur by chance.
      for (auto& v : t.data<T>()) {
        v.clear();
        for (uint64_t n = rng.next() % 3; n > 0; --n) v += static_cast<char>('a' + rng.next() % 2);
      }
    } else if constexpr (is_minifloat<T>) {  // any bit pattern: every value of these small types matters
      const int64_t top = dtype_bits(dtype) == 4 ? 0x0F : 0xFF;
      for (auto& v : t.data<T>()) v = T{static_cast<uint8_t>(rng.integer(0, top))};
    } else if constexpr (is_small_int<T>) {
      for (auto& v : t.data<T>()) v = T{static_cast<typename T::Value>(rng.integer(T::kMin, T::kMax))};
    }
  });
  return t;
}

Tensor tensor_of(DType dtype, const Shape& shape, const std::vector<double>& values) {
  Tensor t(dtype, shape);
  if (static_cast<int64_t>(values.size()) != t.size())
    throw std::logic_error("tensor_of: " + std::to_string(values.size()) + " values for shape " + shape_to_string(shape));
  visit_dtype(dtype, [&]<class T>() {
    auto out = t.data<T>();
    for (size_t i = 0; i < values.size(); ++i) {
      if constexpr (is_real_float<T>) out[i] = numeric::narrow<T>(values[i]);
      else if constexpr (is_integer<T>) out[i] = static_cast<T>(values[i]);
      else if constexpr (std::is_same_v<T, bool>) out[i] = values[i] != 0;
      else if constexpr (is_minifloat<T>) out[i] = minifloat_from<T>(values[i], true);
      else if constexpr (is_small_int<T>) out[i] = T::wrap(static_cast<int64_t>(values[i]));
    }
  });
  return t;
}

Tensor special_values(DType dtype) {
  return visit_dtype(dtype, [&]<class T>() -> Tensor {
    if constexpr (is_real_float<T>) {
      auto v = float_specials<T>();
      return Tensor::from_values<T>({static_cast<int64_t>(v.size())}, v);
    } else if constexpr (is_integer<T>) {
      auto v = integer_specials<T>();
      return Tensor::from_values<T>({static_cast<int64_t>(v.size())}, v);
    } else if constexpr (is_minifloat<T>) {
      // Every value of these small formats is a special value: all bit patterns.
      const int count = dtype_bits(dtype) == 4 ? 16 : 256;
      std::vector<T> v;
      for (int b = 0; b < count; ++b) v.push_back(T{static_cast<uint8_t>(b)});
      return Tensor::from_values<T>({count}, v);
    } else if constexpr (is_small_int<T>) {
      std::vector<T> v;
      for (int x = T::kMin; x <= T::kMax; ++x) v.push_back(T{static_cast<typename T::Value>(x)});
      return Tensor::from_values<T>({static_cast<int64_t>(v.size())}, v);
    } else if constexpr (std::is_same_v<T, std::string>) {
      // Strings compare byte by byte: empty, case, trailing space, an embedded NUL, and
      // one letter precomposed (U+00E9) and decomposed (e + U+0301), which differ.
      return Tensor::from_values<std::string>(
          {8}, {"", "a", "A", "a ", std::string("a\0b", 3), "\xc3\xa9", "e\xcc\x81", "abc"});
    } else {
      throw std::logic_error("special_values: no specials for " + std::string(dtype_short_name(dtype)));
    }
  });
}

std::pair<Tensor, Tensor> cross_pairs(const Tensor& a, const Tensor& b) {
  const int64_t n = a.size() * b.size();
  Tensor x(a.dtype(), {n}), y(b.dtype(), {n});
  if (a.dtype() == DType::kString && b.dtype() == DType::kString) {
    auto xs = x.data<std::string>(), ys = y.data<std::string>();
    for (int64_t i = 0; i < a.size(); ++i)
      for (int64_t j = 0; j < b.size(); ++j) {
        xs[static_cast<size_t>(i * b.size() + j)] = a.data<std::string>()[static_cast<size_t>(i)];
        ys[static_cast<size_t>(i * b.size() + j)] = b.data<std::string>()[static_cast<size_t>(j)];
      }
    return {x, y};
  }
  const size_t sa = dtype_size(a.dtype()), sb = dtype_size(b.dtype());
  for (int64_t i = 0; i < a.size(); ++i)
    for (int64_t j = 0; j < b.size(); ++j) {
      const int64_t k = i * b.size() + j;
      std::memcpy(x.mutable_bytes().data() + k * sa, a.bytes().data() + i * sa, sa);
      std::memcpy(y.mutable_bytes().data() + k * sb, b.bytes().data() + j * sb, sb);
    }
  return {x, y};
}

}  // namespace touchstone::cases
