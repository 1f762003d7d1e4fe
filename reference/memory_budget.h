// The reference's own memory, bounded (issue 25). A run of a model (RunContext, graph.h)
// opens a MemoryAccount with two limits and makes it the current account of its thread
// for as long as it runs: every tensor's element buffer (tensor.h's allocator) and every
// kernel scratch buffer sized from the data (ScratchCharge) is charged to it *before* it
// is allocated, and released when freed. A buffer larger than `max_tensor_bytes`, or one
// that would take the bytes the run holds past `max_case_bytes`, is refused with
// Error kOverBudget naming its size and the limit; the graph executor prefixes the
// op-version ("Expand-13: ..."). Outside a run (reading files, generating cases) nothing
// is charged: tensor_proto.h checks declared sizes itself.
//
// A buffer keeps the account it was charged to (the allocator holds it), so outputs that
// outlive their run are released to it, not to whatever run is current when they die.
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

namespace touchstone {

struct MemoryLimits {
  uint64_t max_tensor_bytes = 0;  // one buffer (a tensor, or one kernel's scratch)
  uint64_t max_case_bytes = 0;    // all buffers a run holds at once
};

// The limits a run gets unless told otherwise: max_tensor_bytes() (tensor_proto.h: 4 GiB,
// TOUCHSTONE_MAX_TENSOR_BYTES, --max-tensor-bytes) and max_case_bytes().
MemoryLimits default_memory_limits();
// Half the machine's memory (at least 1 GiB), or TOUCHSTONE_MAX_CASE_BYTES, or what
// set_max_case_bytes gave (0: back to the default).
uint64_t max_case_bytes();
void set_max_case_bytes(uint64_t bytes);
// "8 GiB (8589934592 bytes)"; "52 bytes" below 1 KiB
std::string bytes_text(uint64_t bytes);

class MemoryAccount {
 public:
  explicit MemoryAccount(MemoryLimits limits) : limits_(limits) {}
  const MemoryLimits& limits() const { return limits_; }
  // Throws kOverBudget when `bytes` more would break a limit; `what` names the buffer
  // ("tensor float32 (2,3)").
  void check(uint64_t bytes, const std::string& what) const;
  // check(), then counts the bytes as held.
  void charge(uint64_t bytes, const std::string& what);
  void release(uint64_t bytes);
  uint64_t held() const { return held_.load(); }
  uint64_t peak() const { return peak_.load(); }

 private:
  MemoryLimits limits_;
  std::atomic<uint64_t> held_{0}, peak_{0};
};

// The account of the run on this thread (null outside a run).
const std::shared_ptr<MemoryAccount>& current_memory_account();

// Makes `account` the thread's current account until destroyed (then the previous one).
class MemoryAccountScope {
 public:
  explicit MemoryAccountScope(std::shared_ptr<MemoryAccount> account);
  ~MemoryAccountScope();
  MemoryAccountScope(const MemoryAccountScope&) = delete;
  MemoryAccountScope& operator=(const MemoryAccountScope&) = delete;

 private:
  std::shared_ptr<MemoryAccount> previous_;
};

// A kernel's scratch buffer of `count` elements of `element_bytes` each, charged to the
// current account for this object's life (declare it just before the buffer, in the same
// scope). Throws kOverBudget; kMalformed for a count that overflows.
class ScratchCharge {
 public:
  ScratchCharge(int64_t count, size_t element_bytes, const char* what);
  ~ScratchCharge();
  ScratchCharge(const ScratchCharge&) = delete;
  ScratchCharge& operator=(const ScratchCharge&) = delete;

 private:
  std::shared_ptr<MemoryAccount> account_;
  uint64_t bytes_ = 0;
};
template <class T>
ScratchCharge scratch_for(int64_t count, const char* what) {
  return ScratchCharge(count, sizeof(T), what);
}

}  // namespace touchstone
