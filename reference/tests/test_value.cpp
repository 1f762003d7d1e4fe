// Graph values (tensors, sequences, optionals): their types, SequenceProto / OptionalProto
// files (wire bytes worked out by hand from the protobuf encoding and onnx-ml.proto's field
// numbers), ONNX's own test files, malformed input, and Identity's node checks against
// the type constraints of Changelog.md (Identity-13: tensors; 14: + seq(tensor); 16: +
// optional(tensor), optional(seq(tensor))).
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>

#include "reference/model.h"
#include "reference/model_builder.h"
#include "reference/tensor_proto.h"
#include "reference/value_proto.h"

using namespace touchstone;
namespace fs = std::filesystem;
using Catch::Matchers::Contains;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    static int counter = 0;
    path = fs::temp_directory_path() / ("touchstone_value_" + std::to_string(getpid()) + "_" + std::to_string(counter++));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

std::string bytes_of(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void write_bytes(const fs::path& p, const std::string& bytes) { std::ofstream(p, std::ios::binary) << bytes; }

ErrorKind kind_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.kind();
  }
  FAIL("no error");
  return ErrorKind::kIo;
}

const ValueType kSeqFloat{ValueType::kSequence, DType::kFloat};
const ValueType kOptFloat{ValueType::kOptionalTensor, DType::kFloat};
const ValueType kOptSeqFloat{ValueType::kOptionalSequence, DType::kFloat};

// One Identity node at `opset` whose input and output are declared `type`.
Model identity_model(int opset, const ValueType& type) {
  auto proto = build_model({"Identity", "", opset, {{"x", type.dtype, {}}}, {{"y", type.dtype, {}}}, {}, 0});
  *proto.mutable_graph()->mutable_input(0)->mutable_type() = type_proto_of(type);
  *proto.mutable_graph()->mutable_output(0)->mutable_type() = type_proto_of(type);
  return Model::from_proto(proto, ".", "identity");
}

}  // namespace

TEST_CASE("value: type strings are ONNX's constraint spellings", "[value]") {
  CHECK(Value(Tensor(DType::kInt64, {2})).type_string() == "tensor(int64)");
  CHECK(Value::sequence(DType::kFloat, {}).type_string() == "seq(tensor(float))");
  CHECK(Value::none(kOptFloat).type_string() == "optional(tensor(float))");
  CHECK(Value::some(Value::sequence(DType::kBool, {})).type_string() == "optional(seq(tensor(bool)))");
}

TEST_CASE("value: sequences, optionals and what they hold", "[value]") {
  const Tensor a = Tensor::from_values<float>({2}, {1.0f, 2.0f});
  const Tensor b = Tensor::from_values<float>({}, {3.0f});
  const Value seq = Value::sequence(DType::kFloat, {a, b});
  REQUIRE(seq.is_sequence());
  CHECK(seq.items().size() == 2);
  CHECK(seq.items()[1] == b);
  CHECK(seq.has_value());
  // One element type per sequence.
  CHECK(kind_of([&] { Value::sequence(DType::kFloat, {a, Tensor(DType::kInt32, {1})}); }) == ErrorKind::kMalformed);

  const Value empty = Value::none(kOptSeqFloat);
  CHECK(empty.is_optional());
  CHECK_FALSE(empty.has_value());
  CHECK_THROWS_AS(empty.held(), std::logic_error);
  const Value holding = Value::some(seq);
  CHECK(holding.has_value());
  CHECK(holding.held() == seq);
  CHECK(holding.items().size() == 2);
  CHECK(Value::some(Value(a)).tensor() == a);

  // Equality: kind, element type, emptiness, length and elements.
  CHECK(empty == Value::none(kOptSeqFloat));
  CHECK_FALSE(empty == Value::some(Value::sequence(DType::kFloat, {})));  // empty optional vs empty sequence held
  CHECK_FALSE(empty == Value::none(kOptFloat));
  CHECK_FALSE(Value::sequence(DType::kFloat, {}) == Value::sequence(DType::kDouble, {}));
  CHECK_FALSE(seq == Value::sequence(DType::kFloat, {a}));
  CHECK_FALSE(Value(a) == Value::sequence(DType::kFloat, {a}));
}

TEST_CASE("value_proto: a sequence file is the documented wire bytes", "[value][value_proto]") {
  TempDir dir;
  // SequenceProto{elem_type (2) = 1, tensor_values (3) = TensorProto{dims (1) = [1],
  // data_type (2) = 1, raw_data (9) = 1.0f little-endian}}.
  const std::string tensor("\x08\x01\x10\x01\x4a\x04\x00\x00\x80\x3f", 10);
  const std::string wire = std::string("\x10\x01\x1a\x0a", 4) + tensor;
  const Value one = Value::sequence(DType::kFloat, {Tensor::from_values<float>({1}, {1.0f})});
  write_value_file(dir.path / "s.pb", one);
  CHECK(bytes_of(dir.path / "s.pb") == wire);
  CHECK(read_value_file(dir.path / "s.pb", type_proto_of(kSeqFloat)) == one);

  // OptionalProto{elem_type (2) = 1, tensor_value (3) = the tensor}; empty: elem_type only.
  write_value_file(dir.path / "o.pb", Value::some(one.items()[0]));
  CHECK(bytes_of(dir.path / "o.pb") == std::string("\x10\x01\x1a\x0a", 4) + tensor);
  write_value_file(dir.path / "e.pb", Value::none(kOptSeqFloat));
  CHECK(bytes_of(dir.path / "e.pb") == std::string("\x10\x03", 2));
  CHECK(read_value_file(dir.path / "e.pb", type_proto_of(kOptSeqFloat)) == Value::none(kOptSeqFloat));
  // An empty OptionalProto (no field at all: elem_type UNDEFINED, as ONNX's
  // test_optional_has_element_empty stores it) is the empty optional of the declared type;
  // elem_type UNDEFINED with a value is refused.
  write_bytes(dir.path / "u.pb", "");
  CHECK(read_value_file(dir.path / "u.pb", type_proto_of(kOptFloat)) == Value::none(kOptFloat));
  write_bytes(dir.path / "u.pb", std::string("\x1a\x0a", 2) + tensor);
  CHECK_THROWS_WITH(read_value_file(dir.path / "u.pb", type_proto_of(kOptFloat)), Contains("elem_type is 0"));
}

TEST_CASE("value_proto: every kind round-trips, empty ones with their declared element type", "[value][value_proto]") {
  TempDir dir;
  const Tensor s = Tensor::from_values<std::string>({2}, {"a", ""});
  const Tensor h = Tensor::from_values<uint16_t>({1, 0}, {});
  const std::vector<Value> values = {
      Value::sequence(DType::kString, {s, Tensor::from_values<std::string>({}, {"x"})}),
      Value::sequence(DType::kInt64, {}),
      Value::none({ValueType::kOptionalTensor, DType::kBool}),
      Value::some(Tensor::from_values<int8_t>({3}, {-1, 0, 127})),
      Value::some(Value::sequence(DType::kUInt16, {h})),
      Value::some(Value::sequence(DType::kDouble, {})),
      Value::none({ValueType::kOptionalSequence, DType::kComplex64}),
  };
  for (size_t i = 0; i < values.size(); ++i) {
    const fs::path p = dir.path / ("v" + std::to_string(i) + ".pb");
    write_value_file(p, values[i], "name");
    INFO(describe(values[i]));
    CHECK(read_value_file(p, type_proto_of(values[i].type())) == values[i]);
  }
}

TEST_CASE("value_proto: reads ONNX's own sequence and optional files", "[value][value_proto]") {
  const fs::path node = fs::path(TOUCHSTONE_ONNX_TESTDATA) / "node";
  if (!fs::exists(node / "test_identity_opt")) {
    WARN("libonnx-testdata is not installed");
    return;
  }
  {
    const Model model = Model::load(node / "test_identity_opt" / "model.onnx");
    CHECK(type_proto_string(model.input_type(0)) == "optional(seq(tensor(float)))");
    const Value v = read_value_file(node / "test_identity_opt" / "test_data_set_0" / "input_0.pb", model.input_type(0));
    // protoc --decode_raw: OptionalProto{elem_type 3, sequence_value{elem_type 1, one float (5) [1..5]}}.
    CHECK(v == Value::some(Value::sequence(DType::kFloat, {Tensor::from_values<float>({5}, {1, 2, 3, 4, 5})})));
    CHECK(model.run_values({v}).outputs == Values{v});
  }
  {
    const Model model = Model::load(node / "test_identity_sequence" / "model.onnx");
    const Value v = read_value_file(node / "test_identity_sequence" / "test_data_set_0" / "input_0.pb", model.input_type(0));
    CHECK(v == Value::sequence(DType::kFloat, {Tensor::from_values<float>({1, 1, 2, 2}, {1, 2, 3, 4}),
                                               Tensor::from_values<float>({1, 1, 2, 2}, {2, 3, 1, 5})}));
  }
}

TEST_CASE("value_proto: malformed sequence and optional files are refused with what and where", "[value][value_proto]") {
  TempDir dir;
  const fs::path p = dir.path / "bad.pb";
  const auto read_as = [&](const ValueType& t) { return [&p, t] { read_value_file(p, type_proto_of(t)); }; };
  write_bytes(p, std::string("\xff\xff\xff\xff garbage", 12));
  CHECK(kind_of(read_as(kSeqFloat)) == ErrorKind::kMalformed);
  CHECK(kind_of(read_as(kOptFloat)) == ErrorKind::kMalformed);
  // An optional storing a sequence where optional(tensor) is declared.
  write_value_file(p, Value::some(Value::sequence(DType::kFloat, {})));
  CHECK_THROWS_WITH(read_value_file(p, type_proto_of(kOptFloat)), Contains("bad.pb") && Contains("elem_type is 3"));
  // A sequence whose elements differ in type.
  onnx::SequenceProto mixed;
  mixed.set_elem_type(onnx::SequenceProto::TENSOR);
  *mixed.add_tensor_values() = tensor_to_proto(Tensor(DType::kFloat, {1}));
  *mixed.add_tensor_values() = tensor_to_proto(Tensor(DType::kInt32, {1}));
  write_bytes(p, mixed.SerializeAsString());
  CHECK_THROWS_WITH(read_value_file(p, type_proto_of(kSeqFloat)), Contains("element 1 is int32"));
  // An element whose raw_data does not fit its dims.
  onnx::SequenceProto short_data;
  short_data.set_elem_type(onnx::SequenceProto::TENSOR);
  auto* t = short_data.add_tensor_values();
  *t = tensor_to_proto(Tensor(DType::kFloat, {2}));
  t->set_raw_data(std::string(3, '\0'));
  write_bytes(p, short_data.SerializeAsString());
  CHECK(kind_of(read_as(kSeqFloat)) == ErrorKind::kMalformed);
  // An empty sequence whose declaration gives no element type.
  write_value_file(p, Value::sequence(DType::kFloat, {}));
  onnx::TypeProto unknown = type_proto_of(kSeqFloat);
  unknown.mutable_sequence_type()->mutable_elem_type()->mutable_tensor_type()->set_elem_type(0);
  CHECK_THROWS_WITH(read_value_file(p, unknown), Contains("no element type"));
  // A sequence of maps is not carried.
  onnx::SequenceProto maps;
  maps.set_elem_type(onnx::SequenceProto::MAP);
  write_bytes(p, maps.SerializeAsString());
  CHECK(kind_of(read_as(kSeqFloat)) == ErrorKind::kNotImplemented);
}

TEST_CASE("value_proto: mutated sequence and optional files never crash the reader", "[value][value_proto]") {
  TempDir dir;
  const fs::path p = dir.path / "f.pb";
  const Value seq = Value::sequence(DType::kFloat, {Tensor::from_values<float>({2, 2}, {1, 2, 3, 4}), Tensor(DType::kFloat, {0})});
  for (const Value& v : {seq, Value::some(seq), Value::some(seq.items()[0])}) {
    write_value_file(p, v);
    const std::string good = bytes_of(p);
    uint64_t state = 12345;
    for (int round = 0; round < 400; ++round) {
      std::string bad = good;
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      const size_t at = (state >> 33) % bad.size();
      switch ((state >> 20) % 3) {
        case 0: bad[at] = static_cast<char>(state >> 8); break;  // flip a byte
        case 1: bad.resize(at); break;                           // truncate
        default: bad.insert(at, 1, static_cast<char>(state >> 12));  // insert a byte
      }
      write_bytes(p, bad);
      try {
        (void)read_value_file(p, type_proto_of(v.type()));
      } catch (const Error&) {
        // refused with a message: fine
      }
    }
  }
}

TEST_CASE("Identity-13 refuses a sequence; 14 takes one and refuses an optional", "[Identity][v13][v14]") {
  const Value seq = Value::sequence(DType::kFloat, {Tensor::from_values<float>({2}, {1, -0.0f}), Tensor(DType::kFloat, {0, 3})});
  CHECK_THROWS_WITH(identity_model(13, kSeqFloat).run_values({seq}),
                    Contains("Identity-13") && Contains("has type seq(tensor(float))") && Contains("T does not allow"));
  CHECK(identity_model(14, kSeqFloat).run_values({seq}).outputs == Values{seq});
  const Value empty = Value::sequence(DType::kInt64, {});
  CHECK(identity_model(14, empty.type()).run_values({empty}).outputs == Values{empty});
  const Value opt = Value::some(Tensor::from_values<float>({1}, {2}));
  CHECK_THROWS_WITH(identity_model(14, kOptFloat).run_values({opt}),
                    Contains("Identity-14") && Contains("optional(tensor(float))") && Contains("V does not allow"));
}

TEST_CASE("Identity-16 takes optionals, empty or holding; not seq(tensor(bfloat16))", "[Identity][v16][v25]") {
  for (int opset : {16, 25}) {
    for (const Value& v : {Value::none(kOptFloat), Value::none(kOptSeqFloat), Value::some(Tensor::from_values<float>({1}, {2})),
                           Value::some(Value::sequence(DType::kFloat, {})),
                           Value::some(Value::sequence(DType::kFloat, {Tensor::from_values<float>({}, {7})}))}) {
      INFO(opset << " " << describe(v));
      CHECK(identity_model(opset, v.type()).run_values({v}).outputs == Values{v});
    }
    const Value bf = Value::sequence(DType::kBFloat16, {Tensor(DType::kBFloat16, {1})});
    CHECK_THROWS_WITH(identity_model(opset, bf.type()).run_values({bf}), Contains("seq(tensor(bfloat16))"));
    CHECK(kind_of([&] { identity_model(opset, bf.type()).run_values({bf}); }) == ErrorKind::kInvalidModel);
  }
  // A value of another kind than the graph declares is refused before any node runs.
  CHECK_THROWS_WITH(identity_model(16, kOptFloat).run_values({Value(Tensor(DType::kFloat, {1}))}),
                    Contains("is declared optional(tensor(float)) but is tensor(float)"));
}
