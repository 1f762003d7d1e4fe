// ZipMap-1, CastMap-1 and DictVectorizer-1: ai.onnx.ml's ops between maps and tensors.
// ZipMap-1: X float [N, C] gives N maps, row n's column c under key classlabels[c]
// (classlabels_strings or classlabels_int64s, one and only one; C = the number of labels).
// CastMap-1: a map(int64, string|float) to a tensor ordered by ascending key; cast_to
// TO_FLOAT, TO_STRING or TO_INT64; map_form DENSE (the values in key order) or SPARSE
// (position key of max_map positions, every key in [0, max_map), absent keys 0).
// DictVectorizer-1: a map to Y [1, V] of the map's value type, V the vocabulary's length
// (string_vocabulary for string keys, int64_vocabulary for int64 keys, one and only one):
// each key's value at its vocabulary position, 0 elsewhere.
// Refused: both or neither label / vocabulary list, the list of the other key type, a
// ZipMap X of rank 0 or above 2 or with C not the number of labels, repeated ZipMap labels
// (a map holds each key once), an unknown cast_to or map_form, max_map < 1 with SPARSE, a
// SPARSE key outside [0, max_map).
// Open (impl.-defined): ZipMap of a 1-D X (one row); CastMap's output shape (the text
// names none; [1, N] DENSE, [1, max_map] SPARSE); numbers cast to strings (the shortest
// decimal that reads back as the same float); a non-integral float cast to int64
// (truncated); absent SPARSE positions of a string output ("0", the cast of 0);
// DictVectorizer keys outside the vocabulary (ignored: the text requires every key to be
// present), a repeated vocabulary entry (its first position), the "zero" of a string
// output (""). Open (undefined): a string that is not a number cast to a number (NaN, or
// 0 for int64), a NaN, infinite or out-of-range float cast to int64 (0).
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <map>
#include <string>

#include "reference/error.h"
#include "reference/ops/ml/ml_ops.h"

namespace touchstone::ops {

namespace {

const onnx::AttributeProto* find_attr(const Node& node, const std::string& name) {
  for (const auto& a : node.proto().attribute())
    if (a.name() == name) return &a;
  return nullptr;
}

// The keys of one and only one of `<stem>strings` / `<stem>int64s`, as map keys.
std::vector<MapKey> key_list(const Node& node, const std::string& strings_name, const std::string& ints_name,
                             DType* key_type) {
  const auto* s = find_attr(node, strings_name);
  const auto* i = find_attr(node, ints_name);
  if ((s != nullptr) == (i != nullptr))
    invalid_model("one and only one of " + strings_name + " and " + ints_name + " must be given");
  std::vector<MapKey> keys;
  if (s) {
    *key_type = DType::kString;
    for (const auto& k : s->strings()) keys.emplace_back(k);
  } else {
    *key_type = DType::kInt64;
    for (int64_t k : i->ints()) keys.emplace_back(k);
  }
  return keys;
}

float float_of(const Tensor& t) { return t.data<float>()[0]; }

// The shortest decimal that reads back as x ("0.1", "-3", "nan", "inf").
std::string float_text(float x) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, x);
  return std::string(buf, r.ptr);
}

// A string as a float: the whole string a decimal number (as strtof reads it, rounded once
// to nearest); otherwise NaN, marked undefined.
float parse_float(const Node& node, const std::string& s) {
  const char* begin = s.c_str();
  char* end = nullptr;
  const float x = s.empty() ? 0.0f : std::strtof(begin, &end);
  if (s.empty() || end != begin + s.size()) {
    node.mark(Semantics::kUndefined,
              "CastMap: a string that is not a number cast to a number (NaN or 0 here)");
    return std::nanf("");
  }
  return x;
}

// A float as int64: exact when integral and in range; truncated (impl.-defined) when not
// integral; 0 (undefined) for NaN, infinities and values outside int64.
int64_t float_to_int64(const Node& node, float x) {
  if (!std::isfinite(x) || x >= 9223372036854775808.0f || x < -9223372036854775808.0f) {
    node.mark(Semantics::kUndefined,
              "CastMap: NaN, an infinity or a float outside int64 cast to int64 (0 here)");
    return 0;
  }
  if (std::trunc(x) != x)
    node.mark(Semantics::kImplementationDefined,
              "CastMap: a non-integral float cast to int64 (truncated here)");
  return static_cast<int64_t>(x);
}

// A string as int64: the whole string a decimal integer in range; else 0, marked undefined.
int64_t parse_int64(const Node& node, const std::string& s) {
  int64_t v = 0;
  const char* begin = s.data() + (!s.empty() && s[0] == '+' ? 1 : 0);
  auto r = std::from_chars(begin, s.data() + s.size(), v);
  if (s.empty() || r.ec != std::errc() || r.ptr != s.data() + s.size()) {
    node.mark(Semantics::kUndefined, "CastMap: a string that is not an int64 integer cast to int64 (0 here)");
    return 0;
  }
  return v;
}

}  // namespace

Values zip_map_v1(const Node& node, const ValueInputs& in) {
  DType key_type = DType::kString;
  const std::vector<MapKey> labels = key_list(node, "classlabels_strings", "classlabels_int64s", &key_type);
  const Tensor& x = in[0].tensor();
  if (x.rank() < 1 || x.rank() > 2)
    invalid_model("ZipMap's X has shape " + shape_to_string(x.shape()) + "; it must be [N, C]");
  if (x.rank() == 1)
    node.mark(Semantics::kImplementationDefined, "ZipMap of a 1-D X (one row of C columns here)", true);
  const int64_t rows = x.rank() == 2 ? x.shape()[0] : 1;
  const int64_t cols = x.shape().back();
  if (cols != static_cast<int64_t>(labels.size()))
    invalid_model("ZipMap's X has " + std::to_string(cols) + " columns and there are " +
                  std::to_string(labels.size()) + " class labels; there must be as many columns as keys");
  for (size_t a = 0; a < labels.size(); ++a)
    for (size_t b = a + 1; b < labels.size(); ++b)
      if (labels[a] == labels[b])
        invalid_model("class label " + map_key_string(labels[a]) +
                      " appears twice; a map holds each key once");
  const ValueType value_type = ValueType::scalar_of(DType::kFloat);
  const auto data = x.data<float>();
  std::vector<Value> maps;
  for (int64_t n = 0; n < rows; ++n) {
    std::vector<std::pair<MapKey, Value>> entries;
    for (int64_t c = 0; c < cols; ++c)
      entries.emplace_back(labels[c], Tensor::from_values<float>({}, {data[n * cols + c]}));
    maps.push_back(Value::map(key_type, value_type, std::move(entries)));
  }
  return {Value::sequence_of(ValueType::map_of(key_type, value_type), std::move(maps))};
}

Values cast_map_v1(const Node& node, const ValueInputs& in) {
  const Value& x = in[0];
  const std::string cast_to = node.attr_string("cast_to", "TO_FLOAT");
  const std::string form = node.attr_string("map_form", "DENSE");
  if (cast_to != "TO_FLOAT" && cast_to != "TO_STRING" && cast_to != "TO_INT64")
    invalid_model("cast_to is '" + cast_to + "'; it must be one of TO_FLOAT, TO_STRING, TO_INT64");
  if (form != "DENSE" && form != "SPARSE")
    invalid_model("map_form is '" + form + "'; it must be DENSE or SPARSE");
  const bool sparse = form == "SPARSE";
  const int64_t max_map = node.attr_int("max_map", 1);
  if (sparse && max_map < 1)
    invalid_model("max_map is " + std::to_string(max_map) + "; SPARSE needs at least 1");
  const auto& keys = x.map_keys();
  const auto& values = x.map_values();
  const int64_t n = sparse ? max_map : static_cast<int64_t>(keys.size());
  node.mark(Semantics::kImplementationDefined, "CastMap's output shape (the text names none; [1, N] here)",
            true);
  const DType out_type = cast_to == "TO_FLOAT"   ? DType::kFloat
                         : cast_to == "TO_INT64" ? DType::kInt64
                                                 : DType::kString;
  Tensor y(out_type, {1, n});
  if (sparse && out_type == DType::kString) {
    for (auto& s : y.data<std::string>()) s = "0";
    if (static_cast<int64_t>(keys.size()) < max_map)
      node.mark(Semantics::kImplementationDefined,
                "CastMap: absent SPARSE positions of a string output (\"0\" here)");
  }
  const bool string_values = x.type().element->dtype == DType::kString;
  for (size_t k = 0; k < keys.size(); ++k) {
    const int64_t key = std::get<int64_t>(keys[k]);
    if (sparse && (key < 0 || key >= max_map))
      invalid_model("key " + std::to_string(key) + " is outside [0, max_map) = [0, " +
                    std::to_string(max_map) + "); SPARSE keys cannot exceed max_map - 1");
    const size_t pos = static_cast<size_t>(sparse ? key : static_cast<int64_t>(k));
    const Tensor& v = values[k].tensor();
    if (out_type == DType::kFloat) {
      y.data<float>()[pos] = string_values ? parse_float(node, v.data<std::string>()[0]) : float_of(v);
    } else if (out_type == DType::kInt64) {
      y.data<int64_t>()[pos] =
          string_values ? parse_int64(node, v.data<std::string>()[0]) : float_to_int64(node, float_of(v));
    } else {
      if (!string_values)
        node.mark(Semantics::kImplementationDefined,
                  "CastMap: a float cast to a string (the shortest round trip here)");
      y.data<std::string>()[pos] = string_values ? v.data<std::string>()[0] : float_text(float_of(v));
    }
  }
  return {Value(std::move(y))};
}

Values dict_vectorizer_v1(const Node& node, const ValueInputs& in) {
  const Value& x = in[0];
  DType vocab_type = DType::kString;
  const std::vector<MapKey> vocab = key_list(node, "string_vocabulary", "int64_vocabulary", &vocab_type);
  const DType key_type = x.type().dtype;
  if (key_type != vocab_type)
    invalid_model(std::string("the map's keys are ") + std::string(dtype_name(key_type)) +
                  " and the vocabulary is " +
                  (vocab_type == DType::kString ? "string_vocabulary" : "int64_vocabulary") +
                  "; the key type must match the vocabulary's");
  std::map<MapKey, size_t> position;
  for (size_t i = 0; i < vocab.size(); ++i)
    if (!position.emplace(vocab[i], i).second)
      node.mark(Semantics::kImplementationDefined,
                "DictVectorizer: a repeated vocabulary entry (its first position here)");
  const DType out_type = x.type().element->dtype;
  Tensor y(out_type, {1, static_cast<int64_t>(vocab.size())});  // zeros; empty strings
  if (out_type == DType::kString && x.map_keys().size() < vocab.size())
    node.mark(Semantics::kImplementationDefined, "DictVectorizer: the zero of a string output (\"\" here)");
  const auto& keys = x.map_keys();
  const auto& values = x.map_values();
  const size_t width = dtype_size(out_type);
  for (size_t k = 0; k < keys.size(); ++k) {
    auto it = position.find(keys[k]);
    if (it == position.end()) {
      node.mark(
          Semantics::kImplementationDefined,
          "DictVectorizer: a key outside the vocabulary (ignored here; the text requires every key present)");
      continue;
    }
    const Tensor& v = values[k].tensor();
    if (out_type == DType::kString) {
      y.data<std::string>()[it->second] = v.data<std::string>()[0];
    } else {
      std::copy_n(v.bytes().begin(), width, y.mutable_bytes().begin() + it->second * width);
    }
  }
  return {Value(std::move(y))};
}

}  // namespace touchstone::ops
