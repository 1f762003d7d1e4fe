// Maps, sequences of maps and sparse tensors (value.h), and maps through ONNX's protobuf
// (value_proto.h): MapProto (onnx-data.proto: name 1, key_type 2, keys 3, string_keys 4,
// values 5 as a SequenceProto), SequenceProto with elem_type MAP (map_values, field 6),
// OptionalProto with elem_type MAP, TypeProto.map_type. Type strings as ONNX's operator
// documents write ZipMap's, CastMap's and DictVectorizer's constraints.
#include <unistd.h>

#include <catch2/catch.hpp>

#include "reference/tests/error_kind.h"
#include "reference/model.h"
#include "reference/model_builder.h"
#include "reference/tensor_proto.h"
#include "reference/value_proto.h"

using namespace touchstone;
namespace fs = std::filesystem;
using Catch::Matchers::Contains;

namespace {

Value scalar(float v) { return Value(Tensor::from_values<float>({}, {v})); }

const ValueType kFloatScalar = ValueType::scalar_of(DType::kFloat);
const ValueType kMapInt64Float = ValueType::map_of(DType::kInt64, kFloatScalar);
const ValueType kMapStringFloat = ValueType::map_of(DType::kString, kFloatScalar);

using testing::kind_of;

fs::path temp_file(const std::string& name) {
  return fs::temp_directory_path() / ("touchstone_map_" + std::to_string(getpid()) + "_" + name);
}

}  // namespace

TEST_CASE("value: map and sparse type strings are ONNX's constraint spellings", "[value][graph]") {
  CHECK(kMapInt64Float.to_string() == "map(int64, float)");
  CHECK(ValueType::sequence_of(kMapStringFloat).to_string() == "seq(map(string, float))");
  CHECK(ValueType::map_of(DType::kInt64, ValueType::tensor(DType::kFloat)).to_string() == "map(int64, tensor(float))");
  CHECK(ValueType::map_of(DType::kString, ValueType::sequence_of(ValueType::tensor(DType::kInt64))).to_string() ==
        "map(string, seq(tensor(int64)))");
  CHECK(ValueType::optional_of(kMapStringFloat).to_string() == "optional(map(string, float))");
  CHECK(ValueType::sparse(DType::kFloat).to_string() == "sparse_tensor(float)");
  // ZipMap's output and CastMap's input, as schema_table.cpp (the spec text) lists them.
  CHECK(Value::sequence_of(kMapInt64Float, {}).type_string() == "seq(map(int64, float))");
  CHECK(Value::map(DType::kInt64, ValueType::scalar_of(DType::kDouble), {}).type_string() == "map(int64, double)");
  CHECK_THROWS_AS(ValueType::map_of(DType::kFloat, kFloatScalar), std::logic_error);  // keys: integers or string
}

TEST_CASE("value: a map keeps its entries by key, whatever order they came in", "[value][graph]") {
  const Value m = Value::map(DType::kInt64, kFloatScalar, {{int64_t{3}, scalar(0.5f)}, {int64_t{-1}, scalar(2)}});
  REQUIRE(m.is_map());
  CHECK(m.map_keys() == std::vector<MapKey>{int64_t{-1}, int64_t{3}});
  CHECK(m.map_values()[0] == scalar(2));
  CHECK(*m.map_find(int64_t{3}) == scalar(0.5f));
  CHECK(m.map_find(int64_t{4}) == nullptr);
  CHECK(m == Value::map(DType::kInt64, kFloatScalar, {{int64_t{-1}, scalar(2)}, {int64_t{3}, scalar(0.5f)}}));
  CHECK_FALSE(m == Value::map(DType::kInt64, kFloatScalar, {{int64_t{-1}, scalar(2)}, {int64_t{3}, scalar(0.25f)}}));
  CHECK_FALSE(m == Value::map(DType::kInt32, kFloatScalar, {{int64_t{-1}, scalar(2)}, {int64_t{3}, scalar(0.5f)}}));
  CHECK(describe(m) == "map(int64, float) [2 entries: -1: float32 () [2]; 3: float32 () [0.5]]");
  // uint64 keys are MapProto's int64 bits, ordered as unsigned.
  const Value u = Value::map(DType::kUInt64, kFloatScalar, {{int64_t{-1}, scalar(1)}, {int64_t{5}, scalar(2)}});
  CHECK(u.map_keys() == std::vector<MapKey>{int64_t{5}, int64_t{-1}});
  // An optional holding a map, and what it holds.
  const Value opt = Value::some(m);
  CHECK(opt.type_string() == "optional(map(int64, float))");
  CHECK(opt.held() == m);
  CHECK(Value::none(ValueType::optional_of(kMapInt64Float)).type_string() == "optional(map(int64, float))");
}

TEST_CASE("value: a malformed map is refused", "[value][graph]") {
  std::string message;
  CHECK(kind_of([] { Value::map(DType::kInt64, kFloatScalar, {{int64_t{1}, scalar(1)}, {int64_t{1}, scalar(2)}}); },
                &message) == ErrorKind::kMalformed);
  CHECK_THAT(message, Contains("key 1 appears twice"));
  CHECK(kind_of([] { Value::map(DType::kInt8, kFloatScalar, {{int64_t{300}, scalar(1)}}); }, &message) ==
        ErrorKind::kMalformed);
  CHECK_THAT(message, Contains("key 300 is out of range"));
  CHECK(kind_of([] { Value::map(DType::kInt64, kFloatScalar, {{std::string("a"), scalar(1)}}); }) == ErrorKind::kMalformed);
  // A scalar value type admits rank-0 tensors only.
  CHECK(kind_of([] { Value::map(DType::kString, kFloatScalar, {{std::string("a"), Value(Tensor(DType::kFloat, {1}))}}); },
                &message) == ErrorKind::kMalformed);
  CHECK_THAT(message, Contains("the value of key \"a\" is tensor(float) of shape (1)"));
  CHECK(kind_of([] { Value::sequence_of(kMapInt64Float, {scalar(1)}); }) == ErrorKind::kMalformed);
}

TEST_CASE("value: a MapProto written by hand reads as the map it encodes", "[value][graph]") {
  // MapProto{key_type: 7 (INT64), keys: [5], values: SequenceProto{elem_type: 1 (TENSOR),
  // tensor_values: [TensorProto{data_type: 1, float_data: [2.0]}]}}, field by field.
  const std::string tensor = std::string("\x10\x01\x22\x04\x00\x00\x00\x40", 8);
  const std::string sequence = std::string("\x10\x01\x1a\x08", 4) + tensor;
  const std::string map = std::string("\x10\x07\x18\x05\x2a\x0c", 6) + sequence;
  const Value read = parse_value(map, type_proto_of(kMapInt64Float), ".", "hand.pb");
  CHECK(read == Value::map(DType::kInt64, kFloatScalar, {{int64_t{5}, scalar(2)}}));
  // The writer stores the same fields (the tensor in raw_data, its usual form).
  onnx::MapProto written;
  REQUIRE(written.ParseFromString(serialize_value(read, "", "w")));
  CHECK(written.key_type() == onnx::TensorProto::INT64);
  CHECK(written.keys_size() == 1);
  CHECK(written.keys(0) == 5);
  CHECK(written.values().elem_type() == onnx::SequenceProto::TENSOR);
  CHECK(written.values().tensor_values_size() == 1);
}

TEST_CASE("value: maps and sequences of maps round-trip through ONNX's protobuf", "[value][graph]") {
  const Value a = Value::map(DType::kString, kFloatScalar, {{std::string("cat"), scalar(0.25f)}, {std::string("ant"), scalar(0.75f)}});
  const Value b = Value::map(DType::kString, kFloatScalar, {});
  const Value seq = Value::sequence_of(kMapStringFloat, {a, b});
  CHECK(seq.type_string() == "seq(map(string, float))");
  // What the writer stores: a SequenceProto of elem_type MAP, string keys in key order.
  const auto proto = sequence_to_proto(seq, "zipped");
  CHECK(proto.elem_type() == onnx::SequenceProto::MAP);
  REQUIRE(proto.map_values_size() == 2);
  CHECK(proto.map_values(0).key_type() == onnx::TensorProto::STRING);
  CHECK(proto.map_values(0).string_keys(0) == "ant");
  CHECK(proto.map_values(0).keys_size() == 0);
  CHECK(tensor_from_proto(proto.map_values(0).values().tensor_values(0), ".", "v") == scalar(0.75f).tensor());
  const auto declared = type_proto_of(seq.type());
  CHECK(type_proto_string(declared) == "seq(map(string, float))");
  CHECK(value_type_of(declared, "d") == seq.type());
  // Files: written, read back as declared.
  const fs::path p = temp_file("seq.pb");
  write_value_file(p, seq, "zipped");
  CHECK(read_value_file(p, declared) == seq);
  // A map of sequences, and an optional holding a map.
  const ValueType seq_int64 = ValueType::sequence_of(ValueType::tensor(DType::kInt64));
  const Value of_seqs = Value::map(DType::kInt32, seq_int64,
                                   {{int64_t{7}, Value::sequence(DType::kInt64, {Tensor::from_values<int64_t>({2}, {1, 2})})},
                                    {int64_t{-2}, Value::sequence(DType::kInt64, {})}});
  CHECK(of_seqs.type_string() == "map(int32, seq(tensor(int64)))");
  write_value_file(p, of_seqs);
  CHECK(read_value_file(p, type_proto_of(of_seqs.type())) == of_seqs);
  for (const Value& opt : {Value::some(a), Value::none(ValueType::optional_of(kMapStringFloat))}) {
    write_value_file(p, opt);
    CHECK(read_value_file(p, type_proto_of(opt.type())) == opt);
  }
  fs::remove(p);
}

TEST_CASE("value: a MapProto that breaks its declaration is malformed", "[value][graph]") {
  const auto declared = type_proto_of(kMapInt64Float);
  const Value m = Value::map(DType::kInt64, kFloatScalar, {{int64_t{1}, scalar(1)}, {int64_t{2}, scalar(2)}});
  std::string message;
  auto refuse = [&](onnx::MapProto proto) {
    return kind_of([&] { map_from_proto(proto, declared, ".", "m.pb"); }, &message);
  };
  auto wrong_key_type = map_to_proto(m);
  wrong_key_type.set_key_type(onnx::TensorProto::INT32);
  CHECK(refuse(wrong_key_type) == ErrorKind::kMalformed);
  CHECK_THAT(message, Contains("key_type is 6") && Contains("map(int64, float)"));
  auto short_values = map_to_proto(m);
  short_values.mutable_values()->mutable_tensor_values()->RemoveLast();
  CHECK(refuse(short_values) == ErrorKind::kMalformed);
  CHECK_THAT(message, Contains("2 keys and 1 values"));
  auto twice = map_to_proto(m);
  twice.set_keys(1, 1);
  CHECK(refuse(twice) == ErrorKind::kMalformed);
  CHECK_THAT(message, Contains("appears twice"));
  auto string_keys = map_to_proto(m);
  string_keys.add_string_keys("x");
  CHECK(refuse(string_keys) == ErrorKind::kMalformed);
  auto not_scalar = map_to_proto(m);
  not_scalar.mutable_values()->mutable_tensor_values(0)->add_dims(1);
  CHECK(refuse(not_scalar) == ErrorKind::kMalformed);
  auto maps_as_values = map_to_proto(m);
  maps_as_values.mutable_values()->set_elem_type(onnx::SequenceProto::MAP);
  CHECK(refuse(maps_as_values) == ErrorKind::kMalformed);
  CHECK_THAT(message, Contains("stored with elem_type 4") && Contains("(elem_type 1)"));
  // A declaration with a float key type.
  auto float_keys = declared;
  float_keys.mutable_map_type()->set_key_type(onnx::TensorProto::FLOAT);
  CHECK(kind_of([&] { value_type_of(float_keys, "d"); }) == ErrorKind::kMalformed);
}

TEST_CASE("value: declared map types are checked against values", "[value][graph]") {
  const Value m = Value::map(DType::kString, kFloatScalar, {{std::string("a"), scalar(1)}});
  CHECK(value_mismatch(type_proto_of(kMapStringFloat), m).empty());
  CHECK(value_mismatch(type_proto_of(kMapInt64Float), m) == "is declared map(int64, float) but is map(string, float)");
  CHECK(value_mismatch(type_proto_of(ValueType::tensor(DType::kFloat)), m) ==
        "is declared tensor(float) but is map(string, float)");
  const Value seq = Value::sequence_of(kMapStringFloat, {m});
  CHECK(value_mismatch(type_proto_of(seq.type()), seq).empty());
  CHECK_FALSE(value_mismatch(type_proto_of(ValueType::sequence_of(ValueType::tensor(DType::kFloat))), seq).empty());
  // A map value declared with a shape: each entry's shape is checked.
  auto shaped = type_proto_of(ValueType::map_of(DType::kString, ValueType::tensor(DType::kFloat)));
  shaped.mutable_map_type()->mutable_value_type()->mutable_tensor_type()->mutable_shape()->add_dim()->set_dim_value(2);
  const Value wide = Value::map(DType::kString, ValueType::tensor(DType::kFloat), {{std::string("k"), Value(Tensor(DType::kFloat, {3}))}});
  CHECK_THAT(value_mismatch(shaped, wide), Contains("the value of key \"k\" is declared with shape (2) but has shape (3)"));
}

TEST_CASE("value: a map fed to an op whose constraint has no maps is refused by the constraint", "[value][graph]") {
  auto proto = build_model({"Identity", "", 16, {{"x", DType::kFloat, {}}}, {{"y", DType::kFloat, {}}}, {}, 0});
  *proto.mutable_graph()->mutable_input(0)->mutable_type() = type_proto_of(kMapInt64Float);
  *proto.mutable_graph()->mutable_output(0)->mutable_type() = type_proto_of(kMapInt64Float);
  const Model model = Model::from_proto(proto, ".", "identity");
  std::string message;
  const Value m = Value::map(DType::kInt64, kFloatScalar, {{int64_t{1}, scalar(1)}});
  CHECK(kind_of([&] { model.run_values({m}); }, &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("Identity-16") && Contains("has type map(int64, float), which V does not allow"));
}

TEST_CASE("value: a sparse tensor holds a Constant's sparse_value form", "[value][graph]") {
  // A (3,4) tensor with 2 nonzeros at linear positions 1 and 6.
  SparseTensor s{{3, 4}, Tensor::from_values<float>({2}, {5, 7}), Tensor::from_values<int64_t>({2}, {1, 6})};
  const Value v = Value::sparse(s);
  CHECK(v.is_sparse());
  CHECK(v.type_string() == "sparse_tensor(float)");
  CHECK(v.sparse() == s);
  CHECK(v == Value::sparse(s));
  CHECK_FALSE(v == Value(Tensor(DType::kFloat, {3, 4})));
  CHECK_THAT(describe(v), Contains("sparse_tensor(float) (3,4) 2 nonzeros"));
  // Coordinates [NNZ, rank] are the other form; anything else is malformed.
  s.indices = Tensor::from_values<int64_t>({2, 2}, {0, 1, 1, 2});
  CHECK(Value::sparse(s).sparse().indices.shape() == Shape{2, 2});
  s.indices = Tensor::from_values<int64_t>({3}, {0, 1, 2});
  CHECK(kind_of([&] { Value::sparse(s); }) == ErrorKind::kMalformed);
  CHECK(value_mismatch(type_proto_of(ValueType::sparse(DType::kFloat)), v).empty());
  CHECK_FALSE(value_mismatch(type_proto_of(ValueType::tensor(DType::kFloat)), v).empty());
}
