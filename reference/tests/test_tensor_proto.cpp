// Reading and writing TensorProto / ModelProto: every storage form, ONNX's own files,
// malformed input, and external data confined to its folder. Expected values come from
// the protobuf wire format and the ONNX spec, worked out by hand.
#include "reference/tensor_proto.h"

#include <unistd.h>

#include <bit>
#include <catch2/catch.hpp>
#include <fstream>
#include <limits>

using namespace touchstone;
namespace fs = std::filesystem;
using Catch::Matchers::Contains;

namespace {

// A fresh folder under the system temp dir, removed at the end of the test.
struct TempDir {
  fs::path path;
  TempDir() {
    static int counter = 0;
    path = fs::temp_directory_path() /
           ("touchstone_tensor_proto_" + std::to_string(getpid()) + "_" + std::to_string(counter++));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

void write_bytes(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}
std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

struct Failure {
  bool thrown = false;
  ErrorKind kind = ErrorKind::kInvalidModel;
  std::string message;
};
template <class F>
Failure failure_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return {true, e.kind(), e.what()};
  }
  return {};
}
#define CHECK_MALFORMED(expr, text)                            \
  do {                                                         \
    const Failure failure = failure_of([&] { (void)(expr); }); \
    CHECK(failure.thrown);                                     \
    CHECK(failure.kind == ErrorKind::kMalformed);              \
    CHECK_THAT(failure.message, Contains(text));               \
    CHECK(failure.message.find('\n') == std::string::npos);    \
  } while (0)

float f32(uint32_t bits) { return std::bit_cast<float>(bits); }
double f64(uint64_t bits) { return std::bit_cast<double>(bits); }
uint32_t bits_of(float v) { return std::bit_cast<uint32_t>(v); }

// A few interesting values of every element type: extremes, -0, NaN payloads, subnormals.
Tensor sample(DType dtype) {
  const Shape shape{2, 3};
  return visit_dtype(dtype, [&]<class T>() -> Tensor {
    if constexpr (std::is_same_v<T, float>) {
      return Tensor::from_values<float>(shape, {f32(0x80000000), f32(0x7fc12345), f32(0x7f800001), f32(0x00000001),
                                                f32(0xff800000), f32(0x7f7fffff)});
    } else if constexpr (std::is_same_v<T, double>) {
      return Tensor::from_values<double>(shape, {f64(0x8000000000000000), f64(0x7ff8000000000123),
                                                 f64(0x7ff0000000000001), f64(1), -1.5, f64(0x7fefffffffffffff)});
    } else if constexpr (std::is_same_v<T, std::complex<float>>) {
      return Tensor::from_values<T>(shape, {{1, -0.0f}, {f32(0x7fc00001), f32(1)}, {-2.5f, 3}, {0, 0},
                                            {f32(0x7f800000), -1}, {f32(0x00400000), 7}});
    } else if constexpr (std::is_same_v<T, std::complex<double>>) {
      return Tensor::from_values<T>(shape, {{1, -0.0}, {f64(0x7ff8000000000001), f64(1)}, {-2.5, 3}, {0, 0},
                                            {f64(0xfff0000000000000), -1}, {f64(0x0008000000000000), 7}});
    } else if constexpr (std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>) {
      return Tensor::from_values<T>(shape, {T{0x8000}, T{0x7e01}, T{0x0001}, T{0xffff}, T{0x3c00}, T{0x7c00}});
    } else if constexpr (std::is_same_v<T, bool>) {
      return Tensor::from_values<bool>(shape, {true, false, false, true, true, false});
    } else if constexpr (std::is_same_v<T, std::string>) {
      return Tensor::from_values<std::string>(
          shape, {"", "a", std::string("nul\0inside", 10), "\xc3\xa9t\xc3\xa9", std::string(300, 'z'), " "});
    } else if constexpr (is_minifloat<T>) {  // float4e2m1 uses the low 4 bits
      return Tensor::from_values<T>(shape, {T{0x08}, T{0x0F}, T{0x01}, T{0x00}, T{0x07}, T{0x03}});
    } else if constexpr (is_small_int<T>) {
      return Tensor::from_values<T>(shape, {T{T::kMin}, T{T::kMax}, T{0}, T{1}, T{T::kMax - 1}, T{T::kMin + 1}});
    } else {
      using L = std::numeric_limits<T>;
      return Tensor::from_values<T>(shape, {L::min(), L::max(), T(0), T(1), T(L::max() - 1), T(L::min() + 1)});
    }
  });
}

onnx::TensorProto float_proto(const std::string& name, Shape dims) {
  onnx::TensorProto proto;
  proto.set_name(name);
  proto.set_data_type(onnx::TensorProto::FLOAT);
  for (int64_t d : dims) proto.add_dims(d);
  return proto;
}

const fs::path kNowhere = "/nonexistent/touchstone";

}  // namespace

TEST_CASE("tensor_proto: every dtype round-trips bit for bit in both storage forms", "[tensor_proto]") {
  TempDir dir;
  for (DType dtype : all_dtypes()) {
    for (TensorStorage storage : {TensorStorage::kRaw, TensorStorage::kTyped}) {
      INFO(dtype_name(dtype) << (storage == TensorStorage::kRaw ? " raw" : " typed"));
      const Tensor tensor = sample(dtype);
      const onnx::TensorProto proto = tensor_to_proto(tensor, "t", storage);
      CHECK(proto.has_raw_data() == (storage == TensorStorage::kRaw && dtype != DType::kString));
      CHECK(tensor_from_proto(proto, kNowhere, "memory") == tensor);

      const fs::path file = dir.path / "t.pb";
      write_tensor_file(file, tensor, "t", storage);
      CHECK(read_tensor_file(file) == tensor);
      CHECK(read_tensor_file_name(file) == "t");
      const std::string first = read_bytes(file);
      write_tensor_file(file, tensor, "t", storage);
      CHECK(read_bytes(file) == first);  // deterministic

      const Tensor scalar = visit_dtype(dtype, [&]<class T>() {
        return Tensor::from_values<T>({}, {tensor.data<T>()[1]});
      });
      CHECK(tensor_from_proto(tensor_to_proto(scalar, "", storage), kNowhere, "memory") == scalar);
      const Tensor empty(dtype, {0, 3});
      CHECK(tensor_from_proto(tensor_to_proto(empty, "", storage), kNowhere, "memory") == empty);
    }
  }
}

TEST_CASE("tensor_proto: raw form is the documented wire bytes", "[tensor_proto]") {
  // dims=2 (field 1, varint), data_type=6 (field 2), name="x" (field 8), raw_data (field 9),
  // int32 1 and 2 little-endian.
  TempDir dir;
  write_tensor_file(dir.path / "x.pb", Tensor::from_values<int32_t>({2}, {1, 2}), "x");
  const std::string expected("\x08\x02\x10\x06\x42\x01x\x4a\x08\x01\x00\x00\x00\x02\x00\x00\x00", 17);
  CHECK(read_bytes(dir.path / "x.pb") == expected);

  const auto proto = tensor_to_proto(Tensor::from_values<int16_t>({2}, {1, -2}));
  CHECK(proto.raw_data() == std::string("\x01\x00\xfe\xff", 4));
  CHECK(!proto.has_name());
}

TEST_CASE("tensor_proto: typed form packs small types one per int32", "[tensor_proto]") {
  auto typed = [](const Tensor& t) { return tensor_to_proto(t, "", TensorStorage::kTyped); };
  auto ints = [](const onnx::TensorProto& p) { return std::vector<int32_t>(p.int32_data().begin(), p.int32_data().end()); };
  // float16 1.0 = 0x3c00, -2.0 = 0xc000; bfloat16 1.0 = 0x3f80, -0 = 0x8000: unsigned bit patterns.
  CHECK(ints(typed(Tensor::from_values<Float16>({2}, {Float16{0x3c00}, Float16{0xc000}}))) ==
        std::vector<int32_t>{0x3c00, 0xc000});
  CHECK(ints(typed(Tensor::from_values<BFloat16>({2}, {BFloat16{0x3f80}, BFloat16{0x8000}}))) ==
        std::vector<int32_t>{0x3f80, 0x8000});
  CHECK(ints(typed(Tensor::from_values<bool>({3}, {true, false, true}))) == std::vector<int32_t>{1, 0, 1});
  CHECK(ints(typed(Tensor::from_values<int8_t>({3}, {-128, -1, 127}))) == std::vector<int32_t>{-128, -1, 127});
  CHECK(ints(typed(Tensor::from_values<uint16_t>({1}, {65535}))) == std::vector<int32_t>{65535});
  const auto u32 = typed(Tensor::from_values<uint32_t>({1}, {0xffffffffu}));
  CHECK(u32.uint64_data(0) == 0xffffffffu);
  const auto c64 = typed(Tensor::from_values<std::complex<float>>({1}, {{1.5f, -2}}));
  CHECK(c64.float_data_size() == 2);
  CHECK(c64.float_data(0) == 1.5f);
  CHECK(c64.float_data(1) == -2.0f);

  // Reading hand-built int32_data.
  onnx::TensorProto half;
  half.set_data_type(onnx::TensorProto::FLOAT16);
  half.add_dims(2);
  half.add_int32_data(0x3c00);
  half.add_int32_data(0xfc00);
  const Tensor h = tensor_from_proto(half, kNowhere, "half");
  CHECK(h.data<Float16>()[0].bits == 0x3c00);
  CHECK(to_double(h.data<Float16>()[1]) == -std::numeric_limits<double>::infinity());

  onnx::TensorProto flag;
  flag.set_data_type(onnx::TensorProto::BOOL);
  flag.add_int32_data(1);  // rank 0
  CHECK(tensor_from_proto(flag, kNowhere, "flag") == Tensor::from_values<bool>({}, {true}));
  flag.set_int32_data(0, 2);
  CHECK_MALFORMED(tensor_from_proto(flag, kNowhere, "flag.pb"), "flag.pb: tensor: int32_data[0] = 2 is out of range for bool");

  onnx::TensorProto small;
  small.set_name("s");
  small.set_data_type(onnx::TensorProto::INT8);
  small.add_dims(2);
  small.add_int32_data(-128);
  small.add_int32_data(128);
  CHECK_MALFORMED(tensor_from_proto(small, kNowhere, "s.pb"), "int32_data[1] = 128 is out of range for int8");
  small.set_int32_data(1, 127);
  CHECK(tensor_from_proto(small, kNowhere, "s.pb") == Tensor::from_values<int8_t>({2}, {-128, 127}));

  onnx::TensorProto wide;
  wide.set_data_type(onnx::TensorProto::UINT32);
  wide.add_uint64_data(uint64_t{1} << 32);
  CHECK_MALFORMED(tensor_from_proto(wide, kNowhere, "w.pb"), "uint64_data[0] = 4294967296 is out of range for uint32");
}

TEST_CASE("tensor_proto: reads ONNX's own test data", "[tensor_proto]") {
  const fs::path add = fs::path(TOUCHSTONE_ONNX_TESTDATA) / "node/test_add";
  const fs::path input = add / "test_data_set_0/input_0.pb";
  const Tensor x = read_tensor_file(input);
  CHECK(read_tensor_file_name(input) == "x");
  CHECK(x.dtype() == DType::kFloat);
  CHECK(x.shape() == Shape{3, 4, 5});
  // The file is dims 3,4,5 (6 bytes), data_type 1 (2), name "x" (3), raw_data tag and
  // length 240 (3): the floats start at byte 14. From `xxd`: 78 cc e1 3f ... ef 62 22 bf 36 b9 b9 be.
  const std::string bytes = read_bytes(input);
  REQUIRE(bytes.size() == 14 + 240);
  auto le32 = [&](size_t at) {
    uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
    return v;
  };
  CHECK(le32(14) == 0x3fe1cc78);
  CHECK(bits_of(x.data<float>()[0]) == 0x3fe1cc78);
  CHECK(bits_of(x.data<float>()[58]) == 0xbf2262ef);
  CHECK(bits_of(x.data<float>()[59]) == 0xbeb9b936);
  for (int i = 0; i < 60; ++i) CHECK(bits_of(x.data<float>()[i]) == le32(14 + 4 * i));
  // numpy.random.seed(0); randn() starts 1.7640523...
  CHECK(x.data<float>()[0] == Approx(1.7640524).epsilon(1e-7));

  const onnx::ModelProto model = read_model_file(add / "model.onnx");
  REQUIRE(model.graph().node_size() == 1);
  CHECK(model.graph().node(0).op_type() == "Add");

  const Tensor words = read_tensor_file(fs::path(TOUCHSTONE_ONNX_TESTDATA) /
                                        "node/test_strnormalizer_export_monday_casesensintive_lower/"
                                        "test_data_set_0/input_0.pb");
  CHECK(words == Tensor::from_values<std::string>({4}, {"monday", "tuesday", "wednesday", "thursday"}));
}

TEST_CASE("tensor_proto: malformed tensors are refused with what and where", "[tensor_proto]") {
  onnx::TensorProto x = float_proto("x", {2, 3});
  x.set_raw_data(std::string(20, '\0'));
  CHECK_MALFORMED(tensor_from_proto(x, kNowhere, "input_0.pb"),
                  "input_0.pb: tensor 'x' has shape (2,3) (6 elements) but raw_data holds 20 bytes (expected 24)");

  onnx::TensorProto typed = float_proto("x", {2, 3});
  for (int i = 0; i < 5; ++i) typed.add_float_data(1);
  CHECK_MALFORMED(tensor_from_proto(typed, kNowhere, "in.pb"),
                  "in.pb: tensor 'x' has shape (2,3) (6 elements) but float_data holds 5 values (expected 6)");

  onnx::TensorProto pairs;
  pairs.set_data_type(onnx::TensorProto::COMPLEX128);
  pairs.add_dims(2);
  for (int i = 0; i < 3; ++i) pairs.add_double_data(1);
  CHECK_MALFORMED(tensor_from_proto(pairs, kNowhere, "c.pb"), "double_data holds 3 values (expected 4)");

  onnx::TensorProto unknown = float_proto("u", {1});
  unknown.set_data_type(99);
  CHECK_MALFORMED(tensor_from_proto(unknown, kNowhere, "u.pb"), "u.pb: tensor 'u' has unknown data_type 99");
  unknown.set_data_type(0);
  CHECK_MALFORMED(tensor_from_proto(unknown, kNowhere, "u.pb"), "tensor 'u' has no data_type");

  onnx::TensorProto negative = float_proto("n", {2, -3});
  CHECK_MALFORMED(tensor_from_proto(negative, kNowhere, "n.pb"), "tensor 'n' has negative dimension -3 in dims (2,-3)");

  // 2^20 * 2^20 * 2^20 elements, and 2^62 * 4 (the count overflows int64): refused from the
  // dims alone, before any allocation.
  onnx::TensorProto huge = float_proto("h", {1 << 20, 1 << 20, 1 << 20});
  huge.set_raw_data("abcd");
  CHECK_MALFORMED(tensor_from_proto(huge, kNowhere, "h.pb"), "tensor 'h' has dims (1048576,1048576,1048576) that need more than the tensor size limit of 4294967296 bytes");
  onnx::TensorProto overflow = float_proto("o", {int64_t{1} << 62, 4});
  CHECK_MALFORMED(tensor_from_proto(overflow, kNowhere, "o.pb"), "that need more than the tensor size limit");
  // 2^30 floats is 2^32 bytes exactly: allowed by the dims, refused by the data.
  onnx::TensorProto big = float_proto("b", {int64_t{1} << 30});
  big.set_raw_data("abcd");
  CHECK_MALFORMED(tensor_from_proto(big, kNowhere, "b.pb"), "raw_data holds 4 bytes (expected 4294967296)");
  // The limit is configurable: 64 bytes refuses 17 floats, naming the limit.
  set_max_tensor_bytes(64);
  CHECK_MALFORMED(tensor_from_proto(float_proto("l", {17}), kNowhere, "l.pb"),
                  "tensor 'l' has dims (17) that need more than the tensor size limit of 64 bytes");
  set_max_tensor_bytes(0);

  onnx::TensorProto text;
  text.set_name("s");
  text.set_data_type(onnx::TensorProto::STRING);
  text.add_dims(1);
  text.set_raw_data("abc");
  CHECK_MALFORMED(tensor_from_proto(text, kNowhere, "s.pb"), "tensor 's' is a string tensor with raw_data");

  onnx::TensorProto segment = float_proto("g", {1});
  segment.add_float_data(1);
  segment.mutable_segment()->set_begin(0);
  CHECK_MALFORMED(tensor_from_proto(segment, kNowhere, "g.pb"), "tensor 'g' is a segment");

  onnx::TensorProto wrong_field = float_proto("w", {1});
  wrong_field.add_int64_data(1);
  CHECK_MALFORMED(tensor_from_proto(wrong_field, kNowhere, "w.pb"), "is float but stores data in int64_data (expected float_data)");
  wrong_field.set_raw_data("abcd");
  CHECK_MALFORMED(tensor_from_proto(wrong_field, kNowhere, "w.pb"), "stores data in both raw_data and int64_data");

  onnx::TensorProto nothing = float_proto("e", {});
  CHECK_MALFORMED(tensor_from_proto(nothing, kNowhere, "e.pb"), "tensor 'e' has shape () (1 element) but holds no data");

  onnx::TensorProto flags;
  flags.set_data_type(onnx::TensorProto::BOOL);
  flags.add_dims(2);
  flags.set_raw_data(std::string("\x01\x02", 2));
  CHECK_MALFORMED(tensor_from_proto(flags, kNowhere, "b.pb"), "raw_data byte 1 is 2, not a bool (0 or 1)");

  onnx::TensorProto odd_name = float_proto("bad\nname", {1});
  CHECK_MALFORMED(tensor_from_proto(odd_name, kNowhere, "x.pb"), "tensor 'bad?name'");
}

TEST_CASE("tensor_proto: malformed files and models are refused", "[tensor_proto]") {
  TempDir dir;
  const fs::path file = dir.path / "input_0.pb";
  write_tensor_file(file, Tensor::from_values<float>({2, 3}, {1, 2, 3, 4, 5, 6}), "x");
  // dims (4 bytes), data_type (2), name (3), then raw_data's tag and length (2) and 24 data bytes.
  const std::string whole = read_bytes(file);
  REQUIRE(whole.size() == 9 + 2 + 24);
  write_bytes(file, whole.substr(0, 20));  // cut inside raw_data
  CHECK_MALFORMED(read_tensor_file(file), "input_0.pb: not a TensorProto (protobuf parse failed)");
  write_bytes(file, whole.substr(0, 9));  // cut before raw_data: a tensor without its data
  CHECK_MALFORMED(read_tensor_file(file), "input_0.pb: tensor 'x' has shape (2,3) (6 elements) but holds no data");
  write_bytes(file, "\xff\xff\xff\xff");
  CHECK_MALFORMED(read_tensor_file(file), "not a TensorProto");

  CHECK_MALFORMED(parse_model("\x0a\xff\xff", "model.onnx"), "model.onnx: not an ONNX model (protobuf parse failed)");
  onnx::ModelProto no_graph;
  no_graph.set_ir_version(8);
  CHECK_MALFORMED(parse_model(no_graph.SerializeAsString(), "model.onnx"), "model.onnx: not an ONNX model (no graph)");
  CHECK_MALFORMED(parse_model("", "empty.onnx"), "empty.onnx: not an ONNX model");

  const fs::path model_file = dir.path / "model.onnx";
  onnx::ModelProto model;
  model.set_ir_version(8);
  model.mutable_graph()->set_name("g");
  write_model_file(model_file, model);
  CHECK(read_model_file(model_file).graph().name() == "g");
  const std::string model_bytes = read_bytes(model_file);
  write_bytes(model_file, model_bytes.substr(0, model_bytes.size() - 1));
  CHECK_MALFORMED(read_model_file(model_file), "model.onnx: not an ONNX model");

  const Failure missing = failure_of([&] { read_tensor_file(dir.path / "absent.pb"); });
  CHECK(missing.kind == ErrorKind::kIo);
  CHECK_THAT(missing.message, Contains("absent.pb"));
  CHECK(failure_of([&] { read_model_file(dir.path / "absent.onnx"); }).kind == ErrorKind::kIo);
  CHECK(failure_of([&] { read_model_file(dir.path); }).kind == ErrorKind::kIo);
}

TEST_CASE("tensor_proto: external data is read from inside the base folder only", "[tensor_proto]") {
  TempDir dir;
  const fs::path base = dir.path / "model";
  fs::create_directories(base / "sub");
  // 8 bytes of padding, then 1.0f (00 00 80 3f), -2.0f (00 00 00 c0), then 4 trailing bytes.
  const std::string blob("padpad!!\x00\x00\x80\x3f\x00\x00\x00\xc0tail", 20);
  write_bytes(base / "sub/w.bin", blob);
  write_bytes(dir.path / "secret.bin", blob);

  auto external = [](const std::string& location, const std::string& offset, const std::string& length) {
    onnx::TensorProto proto = float_proto("w", {2});
    proto.set_data_location(onnx::TensorProto::EXTERNAL);
    auto add = [&](const char* key, const std::string& value) {
      auto* entry = proto.add_external_data();
      entry->set_key(key);
      entry->set_value(value);
    };
    add("location", location);
    if (!offset.empty()) add("offset", offset);
    if (!length.empty()) add("length", length);
    return proto;
  };
  const Tensor expected = Tensor::from_values<float>({2}, {1.0f, -2.0f});
  const std::string where = "initializer 'w' of model.onnx";
  CHECK(tensor_from_proto(external("sub/w.bin", "8", "8"), base, where) == expected);
  write_bytes(base / "exact.bin", blob.substr(8, 8));
  CHECK(tensor_from_proto(external("exact.bin", "", ""), base, where) == expected);
  CHECK(tensor_from_proto(external("./sub/w.bin", "8", "8"), base, where) == expected);
  fs::create_symlink("sub/w.bin", base / "inside_link");  // a link that stays inside is fine
  CHECK(tensor_from_proto(external("inside_link", "8", "8"), base, where) == expected);

  // The model file's folder is the base of read_model_file's callers: a full round trip.
  onnx::ModelProto model;
  model.mutable_graph()->add_initializer()->CopyFrom(external("sub/w.bin", "8", "8"));
  write_model_file(base / "model.onnx", model);
  const onnx::ModelProto loaded = read_model_file(base / "model.onnx");
  CHECK(tensor_from_proto(loaded.graph().initializer(0), base, where) == expected);

  CHECK_MALFORMED(tensor_from_proto(external((dir.path / "secret.bin").string(), "8", "8"), base, where),
                  "initializer 'w' of model.onnx: tensor 'w': external data location '" +
                      (dir.path / "secret.bin").string() + "' is absolute");
  CHECK_MALFORMED(tensor_from_proto(external("../secret.bin", "8", "8"), base, where), "'../secret.bin' contains '..'");
  CHECK_MALFORMED(tensor_from_proto(external("sub/../../secret.bin", "8", "8"), base, where), "contains '..'");
  fs::create_symlink(dir.path / "secret.bin", base / "escape");
  CHECK_MALFORMED(tensor_from_proto(external("escape", "8", "8"), base, where), "outside");
  fs::create_directory_symlink(dir.path, base / "up");
  CHECK_MALFORMED(tensor_from_proto(external("up/secret.bin", "8", "8"), base, where), "outside");

  const Failure missing = failure_of([&] { tensor_from_proto(external("none.bin", "", ""), base, where); });
  CHECK(missing.kind == ErrorKind::kIo);
  CHECK_THAT(missing.message, Contains("tensor 'w': external data 'none.bin' not found"));
  CHECK_MALFORMED(tensor_from_proto(external("sub/w.bin", "16", "8"), base, where),
                  "external data 'sub/w.bin' is too short: offset 16 + length 8 is past its end (20 bytes)");
  CHECK_MALFORMED(tensor_from_proto(external("sub/w.bin", "21", ""), base, where), "has offset 21 past its end (20 bytes)");
  CHECK_MALFORMED(tensor_from_proto(external("sub/w.bin", "8", ""), base, where),
                  "tensor 'w' has shape (2) (2 elements) but external data 'sub/w.bin' holds 12 bytes (expected 8)");
  CHECK_MALFORMED(tensor_from_proto(external("sub/w.bin", "-1", ""), base, where), "'offset' is '-1', not a byte count");
  CHECK_MALFORMED(tensor_from_proto(external("sub/w.bin", "99999999999999999999", ""), base, where), "not a byte count");
  CHECK_MALFORMED(tensor_from_proto(external("", "", ""), base, where), "no external_data 'location'");

  onnx::TensorProto both = external("sub/w.bin", "8", "8");
  both.set_raw_data("12345678");
  CHECK_MALFORMED(tensor_from_proto(both, base, where), "has data_location EXTERNAL but also stores data in raw_data");
  onnx::TensorProto text = external("sub/w.bin", "8", "8");
  text.set_data_type(onnx::TensorProto::STRING);
  CHECK_MALFORMED(tensor_from_proto(text, base, where), "string tensor with external data");
}
