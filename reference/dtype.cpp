#include "reference/dtype.h"

namespace touchstone {

namespace {
struct DTypeInfo {
  DType dtype;
  std::string_view onnx_name;
  std::string_view short_name;
  size_t size;
};
size_t storage_size(size_t sizeof_type, bool is_string) { return is_string ? 0 : sizeof_type; }

const std::vector<DTypeInfo>& infos() {
  static const std::vector<DTypeInfo> table = {
#define TOUCHSTONE_INFO(name, type, code, onnx_name, short_name) \
  {DType::name, onnx_name, short_name, storage_size(sizeof(type), std::is_same_v<type, std::string>)},
      TOUCHSTONE_DTYPES(TOUCHSTONE_INFO)
#undef TOUCHSTONE_INFO
  };
  return table;
}
const DTypeInfo& info(DType dtype) {
  for (const auto& i : infos())
    if (i.dtype == dtype) return i;
  throw Error(ErrorKind::kMalformed, "unknown element type " + std::to_string(static_cast<int>(dtype)));
}
}  // namespace

const std::vector<DType>& all_dtypes() {
  static const std::vector<DType> all = [] {
    std::vector<DType> v;
    for (const auto& i : infos()) v.push_back(i.dtype);
    return v;
  }();
  return all;
}

std::optional<DType> dtype_from_code(int code) {
  for (const auto& i : infos())
    if (static_cast<int>(i.dtype) == code) return i.dtype;
  return std::nullopt;
}

std::string_view dtype_name(DType dtype) { return info(dtype).onnx_name; }
std::string_view dtype_short_name(DType dtype) { return info(dtype).short_name; }
size_t dtype_size(DType dtype) { return info(dtype).size; }

int dtype_bits(DType dtype) {
  switch (dtype) {
    case DType::kUInt4: case DType::kInt4: case DType::kFloat4E2M1: return 4;
    case DType::kUInt2: case DType::kInt2: return 2;
    default: return static_cast<int>(dtype_size(dtype)) * 8;
  }
}

uint64_t raw_byte_count(DType dtype, uint64_t count) {
  const auto bits = static_cast<uint64_t>(dtype_bits(dtype));
  return bits >= 8 ? count * (bits / 8) : (count * bits + 7) / 8;
}

std::optional<DType> dtype_from_name(std::string_view name) {
  for (const auto& i : infos())
    if (i.onnx_name == name || i.short_name == name) return i.dtype;
  return std::nullopt;
}

bool is_float_dtype(DType d) {
  return d == DType::kFloat || d == DType::kDouble || d == DType::kFloat16 || d == DType::kBFloat16;
}
bool is_integer_dtype(DType d) {
  switch (d) {
    case DType::kInt8: case DType::kInt16: case DType::kInt32: case DType::kInt64:
    case DType::kUInt8: case DType::kUInt16: case DType::kUInt32: case DType::kUInt64:
      return true;
    default:
      return false;
  }
}

bool is_minifloat_dtype(DType d) {
  return visit_dtype(d, []<class T>() { return is_minifloat<T>; });
}
bool is_small_int_dtype(DType d) {
  return visit_dtype(d, []<class T>() { return is_small_int<T>; });
}

}  // namespace touchstone
