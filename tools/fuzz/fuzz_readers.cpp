// Fuzz target for the protobuf readers (reference/tensor_proto.cpp, and value_proto.cpp's
// SequenceProto / OptionalProto / MapProto readers). Every input must end
// in a value or a touchstone::Error: a crash, a sanitizer report, any other exception, or
// a tensor that does not survive a write and re-read is a finding.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string_view>
#include <vector>

#include "reference/tensor_proto.h"
#include "reference/value_proto.h"

namespace {

using touchstone::Tensor;
using touchstone::TensorStorage;

namespace fs = std::filesystem;

// External data resolves against a scratch folder made once per process:
//   <tmp>/touchstone-fuzz-<pid>/outside.bin    "OUTSIDE!" x 8: must never be read
//   <tmp>/touchstone-fuzz-<pid>/base/w.bin     64 bytes 0..63
//   <tmp>/touchstone-fuzz-<pid>/base/up ->     ..  (a symbolic link out of the base)
// so reads inside the base are exercised and a read that escapes it is a finding.
const char kOutsideMarker[] = "OUTSIDE!";

fs::path make_base_dir() {
  const fs::path root = fs::temp_directory_path() / ("touchstone-fuzz-" + std::to_string(getpid()));
  std::error_code ec;
  fs::remove_all(root, ec);
  fs::create_directories(root / "base");
  std::string outside;
  for (int i = 0; i < 8; ++i) outside += kOutsideMarker;
  std::ofstream(root / "outside.bin", std::ios::binary) << outside;
  std::string inside;
  for (int i = 0; i < 64; ++i) inside += static_cast<char>(i);
  std::ofstream(root / "base/w.bin", std::ios::binary) << inside;
  fs::create_directory_symlink("..", root / "base/up");
  std::atexit([] {
    std::error_code ignored;
    fs::remove_all(fs::temp_directory_path() / ("touchstone-fuzz-" + std::to_string(getpid())), ignored);
  });
  return root / "base";
}
const fs::path kBaseDir = make_base_dir();

[[noreturn]] void finding(const std::string& what) {
  std::fprintf(stderr, "fuzz_readers finding: %s\n", what.c_str());
  std::abort();
}

// A tensor that was read must write and read back to the same bits, in both forms.
void check_round_trip(const Tensor& tensor) {
  for (TensorStorage storage : {TensorStorage::kRaw, TensorStorage::kTyped}) {
    try {
      const Tensor again = touchstone::tensor_from_proto(touchstone::tensor_to_proto(tensor, "t", storage),
                                                         kBaseDir, "round trip");
      if (!(again == tensor)) finding("round trip changed " + touchstone::describe(tensor));
    } catch (const touchstone::Error& e) {
      finding(std::string("round trip refused its own output: ") + e.what());
    }
  }
}

void read_tensor(const onnx::TensorProto& proto, const std::string& where) {
  std::optional<Tensor> tensor;
  try {
    tensor = touchstone::tensor_from_proto(proto, kBaseDir, where);
  } catch (const touchstone::Error&) {
    return;
  }
  if (proto.data_location() == onnx::TensorProto::EXTERNAL) {
    const auto bytes = tensor->bytes();
    const std::string_view data(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    if (data.find(kOutsideMarker) != std::string_view::npos) finding("external data read outside its base folder");
  }
  check_round_trip(*tensor);
}

void read_model(const std::string& bytes) {
  onnx::ModelProto model;
  try {
    model = touchstone::parse_model(bytes, "fuzz.onnx");
  } catch (const touchstone::Error&) {
    return;
  }
  for (const auto& initializer : model.graph().initializer()) read_tensor(initializer, "initializer");
  for (const auto& node : model.graph().node()) {
    for (const auto& attribute : node.attribute()) {
      if (attribute.has_t()) read_tensor(attribute.t(), "attribute");
      for (const auto& t : attribute.tensors()) read_tensor(t, "attribute");
    }
  }
}

// The declarations the bytes are read as (besides a tensor): every kind of value
// value_proto.cpp reads, maps and sequences of maps included.
std::vector<onnx::TypeProto> value_declarations() {
  using touchstone::DType;
  using touchstone::ValueType;
  const ValueType f32 = ValueType::tensor(DType::kFloat);
  const ValueType map_int64 = ValueType::map_of(DType::kInt64, ValueType::scalar_of(DType::kFloat));
  const ValueType map_string = ValueType::map_of(DType::kString, f32);
  std::vector<onnx::TypeProto> out;
  for (const ValueType& t : {ValueType::sequence_of(f32), ValueType::optional_of(f32),
                             ValueType::optional_of(ValueType::sequence_of(f32)), map_int64, map_string,
                             ValueType::sequence_of(map_int64), ValueType::optional_of(map_string)})
    out.push_back(touchstone::type_proto_of(t));
  return out;
}

// The bytes as a SequenceProto, OptionalProto or MapProto, read as each kind of
// declaration; a value that was read must write and read back unchanged.
void read_values(const std::string& bytes) {
  static const std::vector<onnx::TypeProto> declarations = value_declarations();
  for (const auto& declared : declarations) {
    std::optional<touchstone::Value> value;
    try {
      value = touchstone::parse_value(bytes, declared, kBaseDir, "fuzz.pb");
    } catch (const touchstone::Error&) {
      continue;
    }
    try {
      const std::string again = touchstone::serialize_value(*value, "", "round trip");
      const touchstone::Value back = touchstone::parse_value(again, declared, kBaseDir, "round trip");
      if (!(back == *value)) finding("round trip changed " + touchstone::describe(*value));
    } catch (const touchstone::Error& e) {
      finding(std::string("value round trip refused its own output: ") + e.what());
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  read_model(bytes);
  onnx::TensorProto proto;
  if (proto.ParseFromString(bytes)) read_tensor(proto, "fuzz.pb");
  read_values(bytes);
  return 0;
}
