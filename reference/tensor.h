// A dense tensor: element type, shape, and the elements in row-major order.
// Numeric elements live in one byte buffer, strings in a vector of strings.
#pragma once
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "reference/dtype.h"
#include "reference/memory_budget.h"

namespace touchstone {

using Shape = std::vector<int64_t>;

// The allocator of a tensor's element bytes. Buffers of 1 MiB and more take whole 2 MiB
// pages and are offered to the kernel as transparent huge pages (madvise), so the
// first touch of a large tensor costs one page fault per 2 MiB instead of one per 4 KiB.
// On the virtual machines this runs on, a 4 KiB fault costs about 15 us: a fresh 8 MB
// tensor took 30 ms to fill, more than the arithmetic of most elementwise kernels on
// its million elements (reference/bench/README.md); with huge pages, about 1 ms.
void* allocate_tensor_bytes(size_t bytes);
void free_tensor_bytes(void* p);
// Each buffer is charged to the memory account of the run that allocates it (or copies
// it) before it is allocated, and released to that same account (memory_budget.h): the
// allocator holds the account, moves carry it, a copy takes the current one.
template <class T>
struct TensorBytesAllocator {
  using value_type = T;
  using propagate_on_container_move_assignment = std::true_type;
  using propagate_on_container_swap = std::true_type;
  TensorBytesAllocator() : account(current_memory_account()) {}
  template <class U>
  TensorBytesAllocator(const TensorBytesAllocator<U>& other) : account(other.account) {}  // NOLINT: rebinding
  TensorBytesAllocator select_on_container_copy_construction() const { return {}; }
  T* allocate(size_t n) {
    if (account) account->charge(n * sizeof(T), "a tensor's buffer");
    try {
      return static_cast<T*>(allocate_tensor_bytes(n * sizeof(T)));
    } catch (...) {
      if (account) account->release(n * sizeof(T));
      throw;
    }
  }
  void deallocate(T* p, size_t n) {
    free_tensor_bytes(p);
    if (account) account->release(n * sizeof(T));
  }
  template <class U>
  friend bool operator==(const TensorBytesAllocator& a, const TensorBytesAllocator<U>& b) {
    return a.account == b.account;
  }
  std::shared_ptr<MemoryAccount> account;
};

// Number of elements of a shape; throws kMalformed on a negative dimension or overflow.
int64_t element_count(const Shape& shape);
// "(2,3,4)", "()" for a scalar.
std::string shape_to_string(const Shape& shape);
// Throws kOverBudget when a tensor of this type and shape would break the current run's
// memory limits (memory_budget.h; nothing outside a run). The Tensor constructor checks
// it; a kernel that builds scratch sized by its output checks the output first, so the
// refusal names the tensor the model asked for.
void check_tensor_budget(DType dtype, const Shape& shape);

class Tensor {
 public:
  Tensor() = default;
  // Zero-filled (empty strings for string tensors).
  Tensor(DType dtype, Shape shape);

  template <class T>
  static Tensor from_values(Shape shape, const std::vector<T>& values) {
    Tensor t(dtype_of<T>, std::move(shape));
    if (static_cast<int64_t>(values.size()) != t.size())
      throw Error(ErrorKind::kMalformed, "tensor of shape " + shape_to_string(t.shape()) + " needs " +
                                             std::to_string(t.size()) + " values, got " +
                                             std::to_string(values.size()));
    auto out = t.data<T>();
    for (size_t i = 0; i < values.size(); ++i) out[i] = values[i];
    return t;
  }

  DType dtype() const { return dtype_; }
  const Shape& shape() const { return shape_; }
  int64_t rank() const { return static_cast<int64_t>(shape_.size()); }
  int64_t size() const { return size_; }

  // Typed view of the elements; T must be the storage type of dtype().
  template <class T>
  std::span<T> data() {
    check_type(dtype_of<T>);
    if constexpr (std::is_same_v<T, std::string>) {
      return {strings_.data(), strings_.size()};
    } else {
      return {reinterpret_cast<T*>(bytes_.data()), static_cast<size_t>(size_)};
    }
  }
  template <class T>
  std::span<const T> data() const {
    return const_cast<Tensor*>(this)->data<T>();
  }

  // Raw little-endian element bytes (empty for string tensors).
  std::span<const unsigned char> bytes() const { return bytes_; }
  std::span<unsigned char> mutable_bytes() { return bytes_; }

  // Same type, shape and bits (NaN payloads and signed zeros included).
  friend bool operator==(const Tensor& a, const Tensor& b) {
    return a.dtype_ == b.dtype_ && a.shape_ == b.shape_ && a.bytes_ == b.bytes_ &&
           a.strings_ == b.strings_;
  }

 private:
  void check_type(DType wanted) const;

  DType dtype_ = DType::kFloat;
  Shape shape_;
  int64_t size_ = 1;
  std::vector<unsigned char, TensorBytesAllocator<unsigned char>> bytes_;
  std::vector<std::string, TensorBytesAllocator<std::string>> strings_;
};

// Human-readable summary: "float32 (2,3) [1, 2, 3, 4, 5, 6]", eliding long tensors.
std::string describe(const Tensor& tensor, size_t max_values = 8);
// One element as text, exactly ("0x1.8p+1 (3)" style is not used: shortest round-trip decimal).
std::string element_to_string(const Tensor& tensor, int64_t index);

}  // namespace touchstone
