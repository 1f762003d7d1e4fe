#include "diff/probes.h"

#include <algorithm>
#include <map>

#include "reference/model_builder.h"
#include "reference/node_check.h"

namespace touchstone {

namespace {

// A binary op's shape patterns: those the limited rule's spec text lists, and numpy's.
struct ShapePattern {
  Shape a, b;
  std::optional<int64_t> axis;
};
const std::vector<ShapePattern>& binary_patterns() {
  static const std::vector<ShapePattern> patterns = {
      {{2, 3}, {2, 3}, {}},
      {{2, 3, 4, 5}, {}, {}},           // B a scalar
      {{2, 3, 4, 5}, {1, 1}, {}},       // B one element
      {{2, 3, 4, 5}, {5}, {}},          // suffix
      {{2, 3, 4, 5}, {4, 5}, {}},       // suffix
      {{2, 3, 4, 5}, {3, 4}, 1},        // axis-aligned run
      {{2, 3, 4, 5}, {2}, 0},           // axis-aligned run
      {{3, 3}, {3}, 0},                 // per row (limited) or per column (numpy)
      {{3, 3}, {3}, {}},
      {{3, 1}, {1, 4}, {}},             // numpy only
      {{8, 1, 6, 1}, {7, 1, 5}, {}},    // numpy only
      {{5}, {2, 5}, {}},                // A stretched: numpy only
      {{2, 3, 4, 5}, {3, 4}, {}},       // not a suffix: neither
      {{0, 3}, {3}, {}},                // zero-size
  };
  return patterns;
}

// The union of the types the two versions allow for input `i`.
std::vector<DType> input_dtypes(const Schema& a, const Schema& b, size_t i) {
  std::vector<DType> out;
  for (const auto* s : {&a, &b})
    for (DType d : allowed_dtypes(*s, s->inputs[i].type))
      if (std::find(out.begin(), out.end(), d) == out.end()) out.push_back(d);
  std::sort(out.begin(), out.end());
  return out;
}

std::string describe_probe(const std::vector<Tensor>& in, const std::vector<onnx::AttributeProto>& attrs) {
  std::string s;
  for (size_t i = 0; i < in.size(); ++i)
    s += (i ? " " : "") + std::string(1, static_cast<char>('A' + i)) + " " +
         std::string(dtype_short_name(in[i].dtype())) + " " + shape_to_string(in[i].shape());
  for (const auto& a : attrs) s += " " + a.name() + "=" + std::to_string(a.i());
  return s;
}

}  // namespace

Tensor probe_tensor(DType dtype, const Shape& shape, int salt, bool exponent_like) {
  // Small values that keep every op's results readable and exact where they can be.
  static const double kValues[] = {1.5, -2, 0.25, 3, -0.5, 2, 4, -1.25, 0, 6, -3, 0.75};
  static const double kExponents[] = {2, 0, 1, 3, 0.5, -1, 2, 1.5};
  Tensor t(dtype, shape);
  visit_dtype(dtype, [&]<class T>() {
    auto data = t.data<T>();
    for (size_t i = 0; i < data.size(); ++i) {
      const size_t k = i * 7 + static_cast<size_t>(salt) * 3;
      double v = exponent_like ? kExponents[k % 8] : kValues[k % 12];
      if constexpr (std::is_same_v<T, bool>) {
        data[i] = v > 0;
      } else if constexpr (is_integer<T>) {
        v = std::trunc(v);
        data[i] = static_cast<T>(std::is_unsigned_v<T> ? std::fabs(v) : v);
      } else if constexpr (std::is_same_v<T, Float16>) {
        data[i] = float16_from_double(v);
      } else if constexpr (std::is_same_v<T, BFloat16>) {
        data[i] = bfloat16_from_double(v);
      } else if constexpr (std::is_floating_point_v<T>) {
        data[i] = static_cast<T>(v);
      }
    }
  });
  return t;
}

std::vector<Probe> make_probes(const CatalogRow& a, const CatalogRow& b) {
  const auto& sa = schema_of(a);
  const auto& sb = schema_of(b);
  if (sa.inputs.size() != 2 || sb.inputs.size() != 2) return {};
  const bool exponent_like = a.op == "Pow";
  const bool legacy = sa.attribute("broadcast") || sb.attribute("broadcast");
  // Do both versions bind the two inputs to one type parameter?
  const bool shared = sa.inputs[0].type == sa.inputs[1].type && sb.inputs[0].type == sb.inputs[1].type;

  auto make = [&](DType d0, DType d1, const ShapePattern& s) {
    Probe p;
    p.inputs = {probe_tensor(d0, s.a, 0), probe_tensor(d1, s.b, 1, exponent_like)};
    if (legacy && s.a != s.b) p.attributes.push_back(make_attr("broadcast", int64_t{1}));
    if (legacy && s.axis) p.attributes.push_back(make_attr("axis", *s.axis));
    p.name = describe_probe(p.inputs, p.attributes);
    return p;
  };

  std::vector<Probe> probes;
  // Shapes, on float32 (allowed by every version of these ops).
  for (const auto& s : binary_patterns()) probes.push_back(make(DType::kFloat, DType::kFloat, s));
  // Types, on equal shapes: every type (pair) either version allows.
  const ShapePattern plain{{2, 3}, {2, 3}, {}};
  if (shared) {
    for (DType d : input_dtypes(sa, sb, 0)) probes.push_back(make(d, d, plain));
  } else {
    for (DType d0 : input_dtypes(sa, sb, 0))
      for (DType d1 : input_dtypes(sa, sb, 1)) probes.push_back(make(d0, d1, plain));
  }
  return probes;
}

}  // namespace touchstone
