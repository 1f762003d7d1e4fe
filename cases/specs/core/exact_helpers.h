// Helpers of the case specs of the exact ops (exact_unary.cpp, selection.cpp, integer.cpp):
// drafting a case, tensors of any element type, the common shapes.
#pragma once
#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "cases/specs/specs.h"
#include "cases/values.h"
#include "reference/model_builder.h"

namespace touchstone::cases::exact {

using Attrs = std::vector<onnx::AttributeProto>;

// The types the first type parameter allows (by value: a range-for over a member of a
// temporary would dangle).
inline std::vector<DType> first_param_types(const CatalogRow& row) { return input_type_params(row).front().allowed; }

inline void add(std::vector<CaseDraft>& out, std::string name, std::vector<Tensor> inputs, Attrs attrs,
                std::vector<std::string> tags, std::string rule = "", bool smoke = false) {
  if (!rule.empty()) tags.insert(tags.begin(), "negative");
  out.push_back({std::move(name), std::move(inputs), std::move(attrs), std::move(tags), std::move(rule), smoke});
}

// Random values of any element type: numbers from `domain`, random bools, short strings,
// complex numbers with small integer parts.
inline Tensor any_tensor(Rng& rng, DType dtype, const Shape& shape, const Domain& domain = {}) {
  if (dtype != DType::kBool && dtype != DType::kString && dtype != DType::kComplex64 && dtype != DType::kComplex128)
    return random_tensor(rng, dtype, shape, domain);
  Tensor t(dtype, shape);
  visit_dtype(dtype, [&]<class T>() {
    auto d = t.data<T>();
    for (auto& x : d) {
      if constexpr (std::is_same_v<T, bool>)
        x = rng.next() & 1;
      else if constexpr (std::is_same_v<T, std::string>)
        x = std::string(static_cast<size_t>(rng.integer(0, 3)), static_cast<char>('a' + rng.integer(0, 25)));
      else if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>)
        x = T(static_cast<typename T::value_type>(rng.integer(-9, 9)), static_cast<typename T::value_type>(rng.integer(-9, 9)));
    }
  });
  return t;
}

struct NamedShape {
  const char* name;
  Shape shape;
};

// Shapes every elementwise unary op sweeps: scalar, size 1, empty, ranks 1 to 6.
inline const std::vector<NamedShape>& unary_shapes() {
  static const std::vector<NamedShape> shapes = {
      {"scalar", {}},         {"size_1", {1}},         {"empty_0", {0}},
      {"empty_0x3", {0, 3}},  {"shape_7", {7}},        {"shape_3x4", {3, 4}},
      {"shape_2x3x4", {2, 3, 4}}, {"shape_2x1x3x2", {2, 1, 3, 2}}, {"shape_1x2x1x3x2", {1, 2, 1, 3, 2}},
      {"shape_2x1x2x1x3x2", {2, 1, 2, 1, 3, 2}},
  };
  return shapes;
}

inline std::string shape_tags(const Shape& s) {
  if (s.empty()) return "scalar";
  if (std::find(s.begin(), s.end(), 0) != s.end()) return "empty";
  if (s.size() >= 5) return "high-rank";
  return "random";
}

}  // namespace touchstone::cases::exact
