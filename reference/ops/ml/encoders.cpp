// LabelEncoder-1, -2, -4 and CategoryMapper-1: each element of X looked up among keys and
// replaced by the value at the same position, or by the default; Y has X's shape.
// LabelEncoder-1: string X: the index of x in classes_strings (default_int64, -1, when
// absent); int64 X: classes_strings[x] (default_string, "_Unused", outside the list).
// LabelEncoder-2: one keys_* and one values_* list (floats, int64s or strings) of one
// length; X's type is the keys', Y's the values', the default the default_* of Y's type.
// Float keys compare bit for bit (so a NaN key matches the same NaN bits, and -0 is not 0).
// LabelEncoder-4: as 2, and keys_tensor / values_tensor / default_tensor (a 1-D tensor, a
// tensor of one element) for int16, int32, int64, float, double and string; a NaN key
// matches every NaN; a repeated key: the last one wins; without a default, "_Unused", -1 or
// -0.0 by Y's type.
// CategoryMapper-1: cats_strings and cats_int64s are parallel; string X maps to int64
// (default_int64), int64 X to string (default_string).
// OneHotEncoder-1: Y = X's shape + [K], K categories (cats_int64s for numeric X, whose
// values are cast to integers, or cats_strings for string X): 1 at the category's
// position, zeros elsewhere; a value in no category gives all zeros (zeros=1) or fails
// (zeros=0).
// Open (impl.-defined): a repeated key before version 4 (the reference: the last wins, as
// version 4 says; OneHotEncoder: the first category's position); a non-integral float
// given to OneHotEncoder (the text casts without saying how; the reference truncates, and
// a value outside int64 matches nothing); in version 4 a zero against a key of the other sign (the text's
// comparison after NaN is unsaid; the reference compares values, so -0 matches 0).
#include <cmath>
#include <cstring>
#include <string>

#include "reference/error.h"
#include "reference/ops/ml/ml_attrs.h"
#include "reference/ops/ml/ml_ops.h"
#include "reference/tensor_proto.h"

namespace touchstone::ops {

namespace {

enum class KeyMatch { kBitwise, kValue };

const onnx::AttributeProto* find_attr(const Node& node, const std::string& name) {
  for (const auto& a : node.proto().attribute())
    if (a.name() == name) return &a;
  return nullptr;
}

// A list attribute (floats, ints, strings) or a tensor attribute as a 1-D tensor.
std::optional<Tensor> encoder_list(const Node& node, const std::string& stem, bool tensors) {
  std::optional<Tensor> found;
  auto take = [&](Tensor t, const std::string& name) {
    if (found) invalid_model("more than one " + stem + "_* attribute is given; one and only one may be");
    (void)name;
    found = std::move(t);
  };
  if (const auto* a = find_attr(node, stem + "_floats"))
    take(Tensor::from_values<float>({a->floats_size()}, {a->floats().begin(), a->floats().end()}), a->name());
  if (const auto* a = find_attr(node, stem + "_int64s"))
    take(Tensor::from_values<int64_t>({a->ints_size()}, {a->ints().begin(), a->ints().end()}), a->name());
  if (const auto* a = find_attr(node, stem + "_strings"))
    take(Tensor::from_values<std::string>({a->strings_size()}, {a->strings().begin(), a->strings().end()}),
         a->name());
  if (tensors)
    if (const auto* a = find_attr(node, stem + "_tensor")) {
      Tensor t = tensor_from_proto(a->t(), ".", stem + "_tensor");
      if (t.rank() != 1)
        invalid_model(stem + "_tensor has shape " + shape_to_string(t.shape()) + "; it must be 1-D");
      take(std::move(t), a->name());
    }
  return found;
}

// Whether x equals key k (same dtype).
template <class T>
bool key_equal(const T& x, const T& k, KeyMatch match) {
  if constexpr (std::is_floating_point_v<T>) {
    if (match == KeyMatch::kBitwise) return std::memcmp(&x, &k, sizeof(T)) == 0;
    return x == k || (std::isnan(x) && std::isnan(k));
  } else {
    return x == k;
  }
}

// Y[i] = values[j] for the last key j equal to X[i], else the default's one element.
Tensor encode(const Node& node, const Tensor& x, const Tensor& keys, const Tensor& values,
              const Tensor& fallback, KeyMatch match, bool last_wins_is_defined) {
  if (x.dtype() != keys.dtype())
    invalid_model("X holds " + std::string(dtype_name(x.dtype())) + " but the keys are " +
                  std::string(dtype_name(keys.dtype())));
  if (keys.size() != values.size())
    invalid_model(std::to_string(keys.size()) + " keys and " + std::to_string(values.size()) +
                  " values; they must pair up");
  if (fallback.dtype() != values.dtype() || fallback.size() != 1)
    invalid_model("the default must be one value of the values' type (" +
                  std::string(dtype_name(values.dtype())) + ")");
  std::vector<int64_t> chosen(static_cast<size_t>(x.size()), -1);
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (std::is_same_v<T, bool> || is_small_float<T> || !std::is_default_constructible_v<T>) {
      throw std::logic_error("an encoder key type the schema does not allow");
    } else {
      auto xs = x.data<T>();
      auto ks = keys.data<T>();
      for (size_t a = 0; a < ks.size() && !last_wins_is_defined; ++a)
        for (size_t b = a + 1; b < ks.size(); ++b)
          if (key_equal(ks[a], ks[b], match))
            node.mark(Semantics::kImplementationDefined, "a repeated key: the reference takes the last");
      for (size_t i = 0; i < xs.size(); ++i)
        for (size_t j = ks.size(); j-- > 0;)
          if (key_equal(xs[i], ks[j], match)) {
            chosen[i] = static_cast<int64_t>(j);
            break;
          }
      if constexpr (std::is_floating_point_v<T>)
        if (match == KeyMatch::kValue)
          for (size_t i = 0; i < xs.size(); ++i)
            for (size_t j = 0; j < ks.size(); ++j)
              if (xs[i] == 0 && ks[j] == 0 && std::signbit(xs[i]) != std::signbit(ks[j]))
                node.mark(Semantics::kImplementationDefined,
                          "a zero against a key of the other sign: the reference matches them");
    }
  });
  Tensor y(values.dtype(), x.shape());
  visit_dtype(values.dtype(), [&]<class T>() {
    if constexpr (std::is_same_v<T, bool> || is_small_float<T> || !std::is_default_constructible_v<T>) {
      throw std::logic_error("an encoder value type the schema does not allow");
    } else {
      auto out = y.data<T>();
      auto vs = values.data<T>();
      const T d = fallback.data<T>()[0];
      for (size_t i = 0; i < out.size(); ++i) out[i] = chosen[i] < 0 ? d : vs[static_cast<size_t>(chosen[i])];
    }
  });
  return y;
}

// The default for Y's type: default_tensor (version 4), else default_<type>.
Tensor encoder_default(const Node& node, DType type, bool tensors) {
  if (tensors)
    if (const auto* a = find_attr(node, "default_tensor"))
      return tensor_from_proto(a->t(), ".", "default_tensor");
  switch (type) {
    case DType::kString:
      return Tensor::from_values<std::string>({1}, {node.attr_string("default_string", "_Unused")});
    case DType::kInt64:
      return Tensor::from_values<int64_t>({1}, {node.attr_int("default_int64", -1)});
    case DType::kFloat:
      return Tensor::from_values<float>({1}, {node.attr_float("default_float", -0.0f)});
    case DType::kInt32:
      return Tensor::from_values<int32_t>({1}, {-1});
    case DType::kInt16:
      return Tensor::from_values<int16_t>({1}, {-1});
    case DType::kDouble:
      return Tensor::from_values<double>({1}, {-0.0});
    default:
      invalid_model("values of type " + std::string(dtype_name(type)) + " are not allowed");
  }
}

Tensors label_encoder_lists(const Node& node, const Inputs& in, bool tensors) {
  const auto keys = encoder_list(node, "keys", tensors), values = encoder_list(node, "values", tensors);
  if (!keys || !values) invalid_model("one keys_* and one values_* attribute must be given");
  return {encode(node, in[0], *keys, *values, encoder_default(node, values->dtype(), tensors),
                 tensors ? KeyMatch::kValue : KeyMatch::kBitwise, tensors)};
}

std::vector<std::string> strings_of(const Node& node, const std::string& name) {
  const auto* a = find_attr(node, name);
  if (!a) return {};
  return {a->strings().begin(), a->strings().end()};
}

}  // namespace

Tensors label_encoder_v1(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const std::vector<std::string> classes = strings_of(node, "classes_strings");
  if (x.dtype() == DType::kString) {
    std::vector<int64_t> index(classes.size());
    for (size_t i = 0; i < index.size(); ++i) index[i] = static_cast<int64_t>(i);
    const Tensor keys = Tensor::from_values<std::string>({static_cast<int64_t>(classes.size())}, classes);
    const Tensor values = Tensor::from_values<int64_t>({static_cast<int64_t>(index.size())}, index);
    return {
        encode(node, x, keys, values, encoder_default(node, DType::kInt64, false), KeyMatch::kValue, false)};
  }
  Tensor y(DType::kString, x.shape());
  const std::string fallback = node.attr_string("default_string", "_Unused");
  auto xs = x.data<int64_t>();
  auto out = y.data<std::string>();
  for (size_t i = 0; i < xs.size(); ++i)
    out[i] = xs[i] >= 0 && xs[i] < static_cast<int64_t>(classes.size()) ? classes[static_cast<size_t>(xs[i])]
                                                                        : fallback;
  return {y};
}

Tensors label_encoder_v2(const Node& node, const Inputs& in) { return label_encoder_lists(node, in, false); }
Tensors label_encoder_v4(const Node& node, const Inputs& in) { return label_encoder_lists(node, in, true); }

Tensors category_mapper_v1(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const std::vector<std::string> strings = strings_of(node, "cats_strings");
  const std::vector<int64_t> ints = node.attr_ints("cats_int64s");
  if (strings.size() != ints.size())
    invalid_model(std::to_string(strings.size()) + " cats_strings and " + std::to_string(ints.size()) +
                  " cats_int64s; they must pair up");
  const Tensor s = Tensor::from_values<std::string>({static_cast<int64_t>(strings.size())}, strings);
  const Tensor i = Tensor::from_values<int64_t>({static_cast<int64_t>(ints.size())}, ints);
  if (x.dtype() == DType::kString)
    return {encode(node, x, s, i, encoder_default(node, DType::kInt64, false), KeyMatch::kValue, false)};
  return {encode(node, x, i, s, encoder_default(node, DType::kString, false), KeyMatch::kValue, false)};
}

Tensors one_hot_encoder_v1(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const std::vector<std::string> strings = strings_of(node, "cats_strings");
  const std::vector<int64_t> ints = node.attr_ints("cats_int64s");
  if (strings.empty() == ints.empty())
    invalid_model("one and only one of cats_int64s and cats_strings must be given");
  const bool string_x = x.dtype() == DType::kString;
  if (string_x && strings.empty()) invalid_model("string X needs cats_strings");
  if (!string_x && ints.empty()) invalid_model("numeric X needs cats_int64s");
  const int64_t zeros = node.attr_int("zeros", 1);
  const size_t k = string_x ? strings.size() : ints.size();
  for (size_t a = 0; a < k; ++a)
    for (size_t b = a + 1; b < k; ++b)
      if (string_x ? strings[a] == strings[b] : ints[a] == ints[b])
        node.mark(Semantics::kImplementationDefined,
                  "a repeated category: the reference sets the first one's position");
  // The category position of each element, -1 for none.
  std::vector<int64_t> position(static_cast<size_t>(x.size()), -1);
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (std::is_same_v<T, std::string>) {
      auto xs = x.data<T>();
      for (size_t i = 0; i < xs.size(); ++i)
        for (size_t c = 0; c < k && position[i] < 0; ++c)
          if (xs[i] == strings[c]) position[i] = static_cast<int64_t>(c);
    } else if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double> ||
                         std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t>) {
      auto xs = x.data<T>();
      for (size_t i = 0; i < xs.size(); ++i) {
        int64_t v = 0;
        if constexpr (std::is_floating_point_v<T>) {
          if (std::trunc(xs[i]) != xs[i])
            node.mark(Semantics::kImplementationDefined,
                      "a non-integral float X: the text casts it to an integer; the reference truncates");
          if (!(std::fabs(xs[i]) < 0x1p63)) continue;  // NaN, infinities, beyond int64: no category
          v = static_cast<int64_t>(xs[i]);
        } else {
          v = xs[i];
        }
        for (size_t c = 0; c < k && position[i] < 0; ++c)
          if (v == ints[c]) position[i] = static_cast<int64_t>(c);
      }
    } else {
      throw std::logic_error("OneHotEncoder: a type T does not allow");
    }
  });
  if (zeros == 0)
    for (int64_t p : position)
      if (p < 0) invalid_model("a value of X is in no category and zeros is 0");
  Shape shape = x.shape();
  shape.push_back(static_cast<int64_t>(k));
  Tensor y(DType::kFloat, shape);
  auto out = y.data<float>();
  for (size_t i = 0; i < position.size(); ++i)
    if (position[i] >= 0) out[i * k + static_cast<size_t>(position[i])] = 1.0f;
  return {y};
}

}  // namespace touchstone::ops
