#include "reference/tensor_proto.h"

#include "reference/tensor_packing.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include <atomic>
#include <bit>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>
#include <limits>
#include <optional>

namespace touchstone {

namespace fs = std::filesystem;

namespace {

// raw_data and external files are little-endian; elements are copied as they are.
static_assert(std::endian::native == std::endian::little,
              "tensor_proto.cpp copies little-endian bytes directly; add byte swapping first");

// Declared tensors larger than max_tensor_bytes() are refused before anything is allocated.
std::atomic<uint64_t> g_max_tensor_bytes{0};  // 0: not read from the environment yet
// protobuf cannot parse or serialize messages over 2 GiB.
constexpr uint64_t kMaxMessageBytes = INT_MAX;

// Text from a file made safe for a one-line message: control bytes replaced, long text cut.
std::string printable(const std::string& text) {
  constexpr size_t kMax = 64;
  std::string out;
  for (size_t i = 0; i < text.size() && i < kMax; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    out += (c < 0x20 || c == 0x7f) ? '?' : static_cast<char>(c);
  }
  if (text.size() > kMax) out += "...";
  return out;
}

// "(2,3)", eliding the middle of absurdly long dims lists.
std::string dims_text(const Shape& shape) {
  constexpr size_t kMax = 12;
  if (shape.size() <= kMax) return shape_to_string(shape);
  std::string s = "(";
  for (size_t i = 0; i < kMax; ++i) s += std::to_string(shape[i]) + ",";
  return s + "... " + std::to_string(shape.size()) + " dims)";
}

// "input_0.pb: tensor 'x'" — the start of every message about one tensor.
std::string tensor_label(const onnx::TensorProto& proto, const std::string& where) {
  std::string label = where.empty() ? "" : where + ": ";
  return label + (proto.name().empty() ? "tensor" : "tensor '" + printable(proto.name()) + "'");
}

// "has shape (2,3) (6 elements)" — the start of every count mismatch.
std::string shape_clause(const Shape& shape, int64_t count) {
  return " has shape " + dims_text(shape) + " (" + std::to_string(count) +
         (count == 1 ? " element)" : " elements)");
}

DType checked_dtype(const onnx::TensorProto& proto, const std::string& label) {
  if (!proto.has_data_type() || proto.data_type() == 0) malformed(label + " has no data_type");
  const auto dtype = dtype_from_code(proto.data_type());
  if (!dtype) malformed(label + " has unknown data_type " + std::to_string(proto.data_type()));
  return *dtype;
}

// The dims, checked: no negative entries, and no more than kMaxTensorBytes of elements
// (strings count as one byte each here; their real count is checked against string_data).
Shape checked_shape(const onnx::TensorProto& proto, DType dtype, const std::string& label) {
  Shape shape(proto.dims().begin(), proto.dims().end());
  bool empty = false;
  for (int64_t d : shape) {
    if (d < 0) malformed(label + " has negative dimension " + std::to_string(d) + " in dims " + dims_text(shape));
    empty = empty || d == 0;
  }
  if (empty) return shape;
  const uint64_t element = std::max<size_t>(dtype_size(dtype), 1);
  const uint64_t limit = max_tensor_bytes();
  uint64_t count = 1;
  for (int64_t d : shape) {
    if (count > limit / element / static_cast<uint64_t>(d))
      malformed(label + " has dims " + dims_text(shape) + " that need more than the tensor size limit of " +
                std::to_string(limit) + " bytes (TOUCHSTONE_MAX_TENSOR_BYTES, touchstone run --max-tensor-bytes)");
    count *= static_cast<uint64_t>(d);
  }
  return shape;
}

// ---- Reading raw bytes (raw_data and external files) ----

Tensor tensor_from_bytes(std::string_view bytes, DType dtype, Shape shape, int64_t count,
                         const std::string& source, const std::string& label) {
  const uint64_t expected = raw_byte_count(dtype, static_cast<uint64_t>(count));
  if (bytes.size() != expected)
    malformed(label + shape_clause(shape, count) + " but " + source + " holds " + std::to_string(bytes.size()) +
              " bytes (expected " + std::to_string(expected) + ")");
  if (dtype == DType::kBool) {
    for (size_t i = 0; i < bytes.size(); ++i)
      if (bytes[i] != 0 && bytes[i] != 1)
        malformed(label + ": " + source + " byte " + std::to_string(i) + " is " +
                  std::to_string(static_cast<unsigned char>(bytes[i])) + ", not a bool (0 or 1)");
  }
  return tensor_from_raw(bytes, dtype, std::move(shape));
}

// ---- Reading the typed fields ----

// The typed field that stores elements of `dtype`.
const char* typed_field_name(DType dtype) {
  switch (dtype) {
    case DType::kFloat: case DType::kComplex64: return "float_data";
    case DType::kDouble: case DType::kComplex128: return "double_data";
    case DType::kInt64: return "int64_data";
    case DType::kUInt32: case DType::kUInt64: return "uint64_data";
    case DType::kString: return "string_data";
    default: return "int32_data";  // int32, int16, int8, uint16, uint8, bool, float16, bfloat16, float8s,
                                   // and the packed bytes of the 4- and 2-bit types
  }
}

template <class Field>
void check_typed_count(const Field& field, const char* field_name, int per_element, const Shape& shape,
                       int64_t count, const std::string& label) {
  const int64_t expected = count * per_element;
  if (field.size() != expected)
    malformed(label + shape_clause(shape, count) + " but " + field_name + " holds " + std::to_string(field.size()) +
              " values (expected " + std::to_string(expected) + ")");
}

// One int32_data (or uint64_data) value as an element of type T, range-checked.
template <class T, class Wide>
T narrow_element(Wide value, const char* field_name, int index, const std::string& label) {
  int64_t lo = 0, hi = 0;
  if constexpr (std::is_same_v<T, bool>) {
    hi = 1;
  } else if constexpr (is_small_float<T>) {
    hi = 0xffff;  // the bit pattern, one per int32
  } else if constexpr (is_minifloat<T> || std::is_same_v<T, uint8_t>) {
    hi = 0xff;  // a float8 bit pattern, or a packed byte of 4- or 2-bit elements
  } else if constexpr (std::is_same_v<T, uint32_t>) {
    if (static_cast<uint64_t>(value) > std::numeric_limits<uint32_t>::max())
      malformed(label + ": " + field_name + "[" + std::to_string(index) + "] = " + std::to_string(value) +
                " is out of range for uint32");
    return static_cast<T>(value);
  } else {
    lo = std::numeric_limits<T>::min();
    hi = std::numeric_limits<T>::max();
  }
  if (static_cast<int64_t>(value) < lo || static_cast<int64_t>(value) > hi)
    malformed(label + ": " + field_name + "[" + std::to_string(index) + "] = " + std::to_string(value) +
              " is out of range for " + std::string(dtype_name(dtype_of<T>)));
  if constexpr (is_small_float<T>) {
    return T{static_cast<uint16_t>(value)};
  } else if constexpr (is_minifloat<T>) {
    return T{static_cast<uint8_t>(value)};
  } else {
    return static_cast<T>(value);
  }
}

Tensor tensor_from_typed(const onnx::TensorProto& proto, DType dtype, const Shape& shape, int64_t count,
                         const std::string& label) {
  const char* field = typed_field_name(dtype);
  if (is_packed_dtype(dtype)) {  // int32_data holds the packed bytes, one per int32
    const auto& values = proto.int32_data();
    const uint64_t expected = raw_byte_count(dtype, static_cast<uint64_t>(count));
    if (static_cast<uint64_t>(values.size()) != expected)
      malformed(label + shape_clause(shape, count) + " but " + field + " holds " + std::to_string(values.size()) +
                " values (expected " + std::to_string(expected) + " packed bytes)");
    std::string bytes(expected, '\0');
    for (int i = 0; i < values.size(); ++i)
      bytes[static_cast<size_t>(i)] = static_cast<char>(narrow_element<uint8_t>(values.Get(i), field, i, label));
    return tensor_from_raw(bytes, dtype, shape);
  }
  return visit_dtype(dtype, [&]<class T>() -> Tensor {
    auto fill = [&](const auto& values, int per_element, auto convert) {
      check_typed_count(values, field, per_element, shape, count, label);
      Tensor tensor(dtype, shape);
      auto out = tensor.template data<T>();
      for (int64_t i = 0; i < count; ++i) out[i] = convert(values, static_cast<int>(i));
      return tensor;
    };
    auto pair = [](const auto& values, int i) { return T(values.Get(2 * i), values.Get(2 * i + 1)); };
    auto same = [](const auto& values, int i) { return static_cast<T>(values.Get(i)); };
    auto narrow = [&](const auto& values, int i) { return narrow_element<T>(values.Get(i), field, i, label); };
    if constexpr (std::is_same_v<T, std::string>) {
      return fill(proto.string_data(), 1, same);
    } else if constexpr (std::is_same_v<T, float>) {
      return fill(proto.float_data(), 1, same);
    } else if constexpr (std::is_same_v<T, std::complex<float>>) {
      return fill(proto.float_data(), 2, pair);
    } else if constexpr (std::is_same_v<T, double>) {
      return fill(proto.double_data(), 1, same);
    } else if constexpr (std::is_same_v<T, std::complex<double>>) {
      return fill(proto.double_data(), 2, pair);
    } else if constexpr (std::is_same_v<T, int64_t>) {
      return fill(proto.int64_data(), 1, same);
    } else if constexpr (std::is_same_v<T, uint64_t>) {
      return fill(proto.uint64_data(), 1, same);
    } else if constexpr (std::is_same_v<T, uint32_t>) {
      return fill(proto.uint64_data(), 1, narrow);
    } else if constexpr (is_small_int<T>) {
      throw std::logic_error("packed types are read from int32_data above");
    } else {
      return fill(proto.int32_data(), 1, narrow);
    }
  });
}

// ---- External data ----

struct ExternalRef {
  std::string location;
  uint64_t offset = 0;
  std::optional<uint64_t> length;
};

uint64_t parse_size(const std::string& text, const std::string& key, const std::string& label) {
  const bool digits = !text.empty() && text.size() <= 18 &&
                      text.find_first_not_of("0123456789") == std::string::npos;
  if (!digits)
    malformed(label + ": external_data '" + key + "' is '" + printable(text) + "', not a byte count");
  return std::stoull(text);
}

ExternalRef external_ref(const onnx::TensorProto& proto, const std::string& label) {
  ExternalRef ref;
  bool seen_location = false, seen_offset = false, seen_length = false;
  for (const auto& entry : proto.external_data()) {
    auto once = [&](bool& seen) {
      if (seen) malformed(label + ": external_data has key '" + entry.key() + "' twice");
      seen = true;
    };
    if (entry.key() == "location") {
      once(seen_location);
      ref.location = entry.value();
    } else if (entry.key() == "offset") {
      once(seen_offset);
      ref.offset = parse_size(entry.value(), "offset", label);
    } else if (entry.key() == "length") {
      once(seen_length);
      ref.length = parse_size(entry.value(), "length", label);
    }  // "checksum" and "basepath" are not needed to read the data
  }
  if (ref.location.empty()) malformed(label + " has data_location EXTERNAL but no external_data 'location'");
  return ref;
}

bool is_within(const fs::path& inner, const fs::path& outer) {
  auto i = inner.begin();
  for (auto o = outer.begin(); o != outer.end(); ++o, ++i) {
    if (o->empty()) continue;  // the trailing "" of "dir/"
    if (i == inner.end() || *i != *o) return false;
  }
  return true;
}

}  // namespace

// The file named by `location`, which must stay inside base_dir once resolved.
fs::path confined_path(const fs::path& base_dir, const std::string& location, const std::string& label) {
  const std::string quoted = "external data location '" + printable(location) + "'";
  if (location.find('\0') != std::string::npos) malformed(label + ": " + quoted + " contains a NUL byte");
  const fs::path relative(location);
  if (relative.is_absolute() || relative.has_root_path())
    malformed(label + ": " + quoted + " is absolute; it must be relative to the model's folder");
  for (const auto& part : relative)
    if (part == "..") malformed(label + ": " + quoted + " contains '..'; it must stay in the model's folder");
  std::error_code ec;
  const fs::path base = fs::weakly_canonical(base_dir.empty() ? fs::path(".") : base_dir, ec);
  if (ec) io_error(label + ": cannot resolve folder '" + base_dir.string() + "': " + ec.message());
  const fs::path target = fs::weakly_canonical(base / relative, ec);
  if (ec) io_error(label + ": cannot resolve " + quoted + ": " + ec.message());
  if (!is_within(target, base))
    malformed(label + ": " + quoted + " resolves to '" + target.string() + "', outside '" + base.string() +
              "' (through a symbolic link)");
  return target;
}

namespace {

Tensor tensor_from_external(const onnx::TensorProto& proto, DType dtype, const Shape& shape, int64_t count,
                            const fs::path& base_dir, const std::string& label) {
  if (dtype == DType::kString) malformed(label + " is a string tensor with external data (strings cannot be external)");
  const ExternalRef ref = external_ref(proto, label);
  const fs::path path = confined_path(base_dir, ref.location, label);
  const std::string source = "external data '" + printable(ref.location) + "'";
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (!fs::exists(status)) io_error(label + ": " + source + " not found (" + path.string() + ")");
  if (!fs::is_regular_file(status)) io_error(label + ": " + source + " is not a regular file (" + path.string() + ")");
  const uint64_t file_size = fs::file_size(path, ec);
  if (ec) io_error(label + ": cannot read " + source + ": " + ec.message());
  if (ref.offset > file_size)
    malformed(label + ": " + source + " has offset " + std::to_string(ref.offset) + " past its end (" +
              std::to_string(file_size) + " bytes)");
  if (ref.length && *ref.length > file_size - ref.offset)
    malformed(label + ": " + source + " is too short: offset " + std::to_string(ref.offset) + " + length " +
              std::to_string(*ref.length) + " is past its end (" + std::to_string(file_size) + " bytes)");
  const uint64_t length = ref.length ? *ref.length : file_size - ref.offset;
  const uint64_t expected = raw_byte_count(dtype, static_cast<uint64_t>(count));
  if (length != expected)  // checked before reading anything
    malformed(label + shape_clause(shape, count) + " but " + source + " holds " + std::to_string(length) +
              " bytes (expected " + std::to_string(expected) + ")");
  std::string bytes(length, '\0');
  std::ifstream in(path, std::ios::binary);
  in.seekg(static_cast<std::streamoff>(ref.offset));
  in.read(bytes.data(), static_cast<std::streamsize>(length));
  if (!in || static_cast<uint64_t>(in.gcount()) != length)
    io_error(label + ": cannot read " + source + " (" + path.string() + ")");
  return tensor_from_bytes(bytes, dtype, shape, count, source, label);
}

}  // namespace

// ---- Files ----

namespace {

// One open, one fstat, the reads, one close (a FIFO or device is refused after the fstat;
// O_NONBLOCK keeps the open of a FIFO from waiting for a writer).
std::string read_regular_file(const fs::path& path, int extra_flags, uint64_t max_bytes, const std::string& limit_name) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | extra_flags);
  if (fd < 0) {
    if (errno == ENOENT || errno == ENOTDIR) io_error(path.string() + ": no such file");
    io_error(path.string() + ": cannot open (" + std::strerror(errno) + ")");
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) io_error(path.string() + ": " + std::strerror(errno));
  if (!S_ISREG(st.st_mode)) io_error(path.string() + ": not a regular file");
  const uint64_t size = static_cast<uint64_t>(st.st_size);
  if (size > max_bytes)
    malformed(path.string() + ": " + std::to_string(size) + " bytes, over " + limit_name + " (" + std::to_string(max_bytes) + ")");
  std::string bytes(size, '\0');
  for (size_t done = 0; done < size;) {
    const ssize_t n = ::read(fd, bytes.data() + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) io_error(path.string() + ": read failed" + (n < 0 ? std::string(" (") + std::strerror(errno) + ")" : ""));
    done += static_cast<size_t>(n);
  }
  return bytes;
}

}  // namespace

// A runner reads every case's files through here, so it avoids std::ifstream's buffers
// and the separate stats.
std::string read_file_bytes(const fs::path& path) {
  return read_regular_file(path, 0, kMaxMessageBytes, "2 GiB, too large for a protobuf message");
}

std::string read_file_within(const fs::path& path, const fs::path& folder, uint64_t max_bytes) {
  std::error_code ec;
  const fs::path base = fs::canonical(folder, ec);
  if (ec) io_error(folder.string() + ": cannot resolve (" + ec.message() + ")");
  const fs::path target = fs::weakly_canonical(path, ec);
  if (ec) io_error(path.string() + ": cannot resolve (" + ec.message() + ")");
  if (!is_within(target, base))
    malformed(path.string() + ": resolves to '" + target.string() + "', outside its case folder '" + base.string() +
              "' (through a symbolic link)");
  // O_NOFOLLOW: a link put in place after the resolution is refused, not followed.
  return read_regular_file(target, O_NOFOLLOW, std::min(max_bytes, kMaxMessageBytes), "the limit for this file");
}

// Deterministic bytes: the same message always serializes the same way.
std::string serialize(const google::protobuf::MessageLite& message, const std::string& where) {
  if (message.ByteSizeLong() > kMaxMessageBytes) malformed(where + ": over 2 GiB, too large for a protobuf message");
  std::string bytes;
  {
    google::protobuf::io::StringOutputStream stream(&bytes);
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.SetSerializationDeterministic(true);
    if (!message.SerializeToCodedStream(&coded)) malformed(where + ": protobuf serialization failed");
  }
  return bytes;
}

void write_file_bytes(const fs::path& path, const std::string& bytes) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) io_error(path.string() + ": cannot open for writing (" + std::strerror(errno) + ")");
  for (size_t done = 0; done < bytes.size();) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const std::string why = n < 0 ? std::strerror(errno) : "nothing written";
      ::close(fd);
      io_error(path.string() + ": write failed (" + why + ")");
    }
    done += static_cast<size_t>(n);
  }
  if (::close(fd) != 0) io_error(path.string() + ": write failed (" + std::strerror(errno) + ")");
}

onnx::TensorProto parse_tensor(const std::string& bytes, const std::string& where) {
  onnx::TensorProto proto;
  if (bytes.size() > kMaxMessageBytes || !proto.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    malformed(where + ": not a TensorProto (protobuf parse failed)");
  return proto;
}

uint64_t max_tensor_bytes() {
  uint64_t limit = g_max_tensor_bytes.load();
  if (limit == 0) {
    limit = kDefaultMaxTensorBytes;
    if (const char* env = std::getenv("TOUCHSTONE_MAX_TENSOR_BYTES"); env && *env) {
      char* end = nullptr;
      const unsigned long long v = std::strtoull(env, &end, 10);
      if (end && *end == '\0' && v > 0) limit = v;
    }
    g_max_tensor_bytes = limit;
  }
  return limit;
}

void set_max_tensor_bytes(uint64_t bytes) { g_max_tensor_bytes = bytes == 0 ? kDefaultMaxTensorBytes : bytes; }

Tensor tensor_from_proto(const onnx::TensorProto& proto, const fs::path& base_dir, const std::string& where) {
  const std::string label = tensor_label(proto, where);
  const DType dtype = checked_dtype(proto, label);
  if (proto.has_segment()) malformed(label + " is a segment of a larger tensor (segment is not supported)");
  const Shape shape = checked_shape(proto, dtype, label);
  const int64_t count = element_count(shape);

  // Where the elements are: exactly one of raw_data, the dtype's typed field, external data.
  std::vector<std::string> stores;
  if (proto.has_raw_data()) stores.push_back("raw_data");
  const std::pair<const char*, int> typed[] = {
      {"float_data", proto.float_data_size()},   {"int32_data", proto.int32_data_size()},
      {"string_data", proto.string_data_size()}, {"int64_data", proto.int64_data_size()},
      {"double_data", proto.double_data_size()}, {"uint64_data", proto.uint64_data_size()}};
  for (const auto& [field, size] : typed)
    if (size > 0) stores.push_back(field);
  const bool external = proto.data_location() == onnx::TensorProto::EXTERNAL;
  if (external && !stores.empty())
    malformed(label + " has data_location EXTERNAL but also stores data in " + stores[0]);
  if (stores.size() > 1) malformed(label + " stores data in both " + stores[0] + " and " + stores[1]);

  if (external) return tensor_from_external(proto, dtype, shape, count, base_dir, label);
  if (stores.empty()) {
    if (count != 0) malformed(label + shape_clause(shape, count) + " but holds no data");
    return Tensor(dtype, shape);
  }
  if (stores[0] == "raw_data") {
    if (dtype == DType::kString) malformed(label + " is a string tensor with raw_data (strings go in string_data)");
    return tensor_from_bytes(proto.raw_data(), dtype, shape, count, "raw_data", label);
  }
  if (stores[0] != typed_field_name(dtype))
    malformed(label + " is " + std::string(dtype_name(dtype)) + " but stores data in " + stores[0] + " (expected " +
              typed_field_name(dtype) + ")");
  return tensor_from_typed(proto, dtype, shape, count, label);
}

onnx::TensorProto tensor_to_proto(const Tensor& tensor, const std::string& name, TensorStorage storage) {
  onnx::TensorProto proto;
  for (int64_t d : tensor.shape()) proto.add_dims(d);
  proto.set_data_type(static_cast<int>(tensor.dtype()));
  if (!name.empty()) proto.set_name(name);
  if (storage == TensorStorage::kRaw && tensor.dtype() != DType::kString) {
    proto.set_raw_data(raw_bytes(tensor));
    return proto;
  }
  if (is_packed_dtype(tensor.dtype())) {  // the packed bytes, one per int32
    for (char byte : raw_bytes(tensor)) proto.add_int32_data(static_cast<uint8_t>(byte));
    return proto;
  }
  visit_dtype(tensor.dtype(), [&]<class T>() {
    for (const T& v : tensor.data<T>()) {
      if constexpr (std::is_same_v<T, std::string>) {
        proto.add_string_data(v);
      } else if constexpr (std::is_same_v<T, float>) {
        proto.add_float_data(v);
      } else if constexpr (std::is_same_v<T, std::complex<float>>) {
        proto.add_float_data(v.real());
        proto.add_float_data(v.imag());
      } else if constexpr (std::is_same_v<T, double>) {
        proto.add_double_data(v);
      } else if constexpr (std::is_same_v<T, std::complex<double>>) {
        proto.add_double_data(v.real());
        proto.add_double_data(v.imag());
      } else if constexpr (std::is_same_v<T, int64_t>) {
        proto.add_int64_data(v);
      } else if constexpr (std::is_same_v<T, uint64_t> || std::is_same_v<T, uint32_t>) {
        proto.add_uint64_data(v);
      } else if constexpr (is_small_float<T> || is_minifloat<T>) {
        proto.add_int32_data(v.bits);
      } else if constexpr (is_small_int<T>) {
        // packed above
      } else {  // int32, int16, int8, uint16, uint8, bool: one per int32
        proto.add_int32_data(static_cast<int32_t>(v));
      }
    }
  });
  return proto;
}

Tensor parse_tensor_bytes(const std::string& bytes, const fs::path& base_dir, const std::string& where) {
  return tensor_from_proto(parse_tensor(bytes, where), base_dir, where);
}

Tensor read_tensor_file(const fs::path& path) {
  return parse_tensor_bytes(read_file_bytes(path), path.parent_path(), path.string());
}

void write_tensor_file(const fs::path& path, const Tensor& tensor, const std::string& name, TensorStorage storage) {
  write_file_bytes(path, serialize(tensor_to_proto(tensor, name, storage), path.string()));
}

std::string read_tensor_file_name(const fs::path& path) {
  return parse_tensor(read_file_bytes(path), path.string()).name();
}

onnx::ModelProto read_model_file(const fs::path& path) { return parse_model(read_file_bytes(path), path.string()); }

onnx::ModelProto parse_model(const std::string& bytes, const std::string& where) {
  onnx::ModelProto model;
  if (bytes.size() > kMaxMessageBytes || !model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    malformed(where + ": not an ONNX model (protobuf parse failed)");
  if (!model.has_graph()) malformed(where + ": not an ONNX model (no graph)");
  return model;
}

void write_model_file(const fs::path& path, const onnx::ModelProto& model) {
  write_file_bytes(path, serialize(model, path.string()));
}

}  // namespace touchstone
