// Reading and writing tensors and models as ONNX protobufs.
//
// Every storage form of TensorProto is read: the typed fields (float_data, int32_data
// with 8/16-bit integers, bool, float16, bfloat16 and the float8s one per int32 and the
// 4- and 2-bit types as packed bytes one per int32, int64_data, uint64_data,
// double_data, string_data), raw_data (little-endian; 4- and 2-bit types packed as
// tensor_packing.h says), and external data
// confined to the model's (or tensor file's) folder. Anything malformed throws
// Error(kMalformed) with a one-line message that says what and where; files that
// cannot be read throw Error(kIo).
#pragma once
#include <filesystem>
#include <string>

#include "onnx/onnx_pb.h"
#include "reference/tensor.h"

namespace touchstone {

// How tensor_to_proto stores the elements.
enum class TensorStorage {
  kRaw,    // raw_data for every numeric type, string_data for strings (the usual form)
  kTyped,  // the typed fields (float_data, int32_data, ...)
};

// `where` names the tensor in error messages ("initializer 'W' of model.onnx").
// External data is resolved relative to `base_dir`; an absolute location, or one that
// leaves base_dir (through '..' or a symbolic link), is refused.
Tensor tensor_from_proto(const onnx::TensorProto& proto, const std::filesystem::path& base_dir,
                         const std::string& where);
onnx::TensorProto tensor_to_proto(const Tensor& tensor, const std::string& name = "",
                                  TensorStorage storage = TensorStorage::kRaw);

// Tensors whose dims need more bytes than this are refused (Error kMalformed naming the
// limit) before anything is allocated. Default 4 GiB, or TOUCHSTONE_MAX_TENSOR_BYTES.
inline constexpr uint64_t kDefaultMaxTensorBytes = uint64_t{1} << 32;
uint64_t max_tensor_bytes();
void set_max_tensor_bytes(uint64_t bytes);  // 0: the default

// The rule for external data, shared by every reader: `location` relative, resolved
// inside base_dir after resolving symbolic links. Throws kMalformed (or kIo) otherwise;
// the caller then checks it is a regular file and its length before reading.
std::filesystem::path confined_path(const std::filesystem::path& base_dir, const std::string& location,
                                    const std::string& label);

// A serialized TensorProto (.pb), as in ONNX's test data.
Tensor read_tensor_file(const std::filesystem::path& path);
void write_tensor_file(const std::filesystem::path& path, const Tensor& tensor,
                       const std::string& name = "", TensorStorage storage = TensorStorage::kRaw);
// The same from a file's bytes: parse_tensor_bytes parses (kMalformed naming `where`),
// and external data is located against `base_dir`.
onnx::TensorProto parse_tensor(const std::string& bytes, const std::string& where);
Tensor parse_tensor_bytes(const std::string& bytes, const std::filesystem::path& base_dir, const std::string& where);
// The `name` field stored in a tensor file ("" when unset).
std::string read_tensor_file_name(const std::filesystem::path& path);

// The file handling every reader and writer shares: a whole file's bytes (kIo when it
// cannot be read, kMalformed past protobuf's 2 GiB), deterministic serialization, writing.
std::string read_file_bytes(const std::filesystem::path& path);
// A file of a case folder read defensively: `path`, its links resolved, must lie inside
// `folder` (itself resolved), be a regular file (a FIFO, device or socket is refused without
// waiting on it) and hold at most `max_bytes`. Throws kMalformed (outside the folder, too
// large) or kIo (missing, not a regular file, unreadable), naming the path.
std::string read_file_within(const std::filesystem::path& path, const std::filesystem::path& folder, uint64_t max_bytes);
std::string serialize(const google::protobuf::MessageLite& message, const std::string& where);
void write_file_bytes(const std::filesystem::path& path, const std::string& bytes);

// A serialized ModelProto. Parses only; the executor checks the model.
onnx::ModelProto read_model_file(const std::filesystem::path& path);
onnx::ModelProto parse_model(const std::string& bytes, const std::string& where);
void write_model_file(const std::filesystem::path& path, const onnx::ModelProto& model);

}  // namespace touchstone
