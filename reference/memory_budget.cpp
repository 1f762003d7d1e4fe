#include "reference/memory_budget.h"

#include <cstdio>
#include <cstdlib>
#include <limits>
#include <unistd.h>

#include "reference/error.h"
#include "reference/tensor_proto.h"

namespace touchstone {

namespace {

std::atomic<uint64_t> g_max_case_bytes{0};  // 0: not decided yet

uint64_t default_case_bytes() {
  if (const char* env = std::getenv("TOUCHSTONE_MAX_CASE_BYTES"); env && *env) {
    char* end = nullptr;
    const unsigned long long v = std::strtoull(env, &end, 10);
    if (end && *end == '\0' && v > 0) return v;
  }
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  const uint64_t half = pages > 0 && page > 0 ? static_cast<uint64_t>(pages) * static_cast<uint64_t>(page) / 2 : 0;
  return std::max<uint64_t>(half, uint64_t{1} << 30);
}

thread_local std::shared_ptr<MemoryAccount> t_current;

}  // namespace

uint64_t max_case_bytes() {
  uint64_t limit = g_max_case_bytes.load();
  if (limit == 0) g_max_case_bytes = limit = default_case_bytes();
  return limit;
}

void set_max_case_bytes(uint64_t bytes) { g_max_case_bytes = bytes == 0 ? default_case_bytes() : bytes; }

MemoryLimits default_memory_limits() { return {max_tensor_bytes(), max_case_bytes()}; }

std::string bytes_text(uint64_t bytes) {
  if (bytes < 1024) return std::to_string(bytes) + " bytes";
  char size[32];
  const double b = static_cast<double>(bytes);
  if (bytes >= (uint64_t{1} << 30)) std::snprintf(size, sizeof size, "%.3g GiB", b / (1 << 30));
  else if (bytes >= (uint64_t{1} << 20)) std::snprintf(size, sizeof size, "%.3g MiB", b / (1 << 20));
  else std::snprintf(size, sizeof size, "%.3g KiB", b / (1 << 10));
  return std::string(size) + " (" + std::to_string(bytes) + " bytes)";
}

void MemoryAccount::check(uint64_t bytes, const std::string& what) const {
  if (bytes > limits_.max_tensor_bytes)
    throw Error(ErrorKind::kOverBudget, what + " needs " + bytes_text(bytes) +
                                            ", more than the reference's limit per tensor of " +
                                            bytes_text(limits_.max_tensor_bytes) + " (--max-tensor-bytes)");
  const uint64_t held = held_.load();
  if (bytes > limits_.max_case_bytes || held > limits_.max_case_bytes - bytes)
    throw Error(ErrorKind::kOverBudget, what + " needs " + bytes_text(bytes) + " more while the run holds " +
                                            bytes_text(held) + ", more than the reference's budget per case of " +
                                            bytes_text(limits_.max_case_bytes) + " (--max-case-bytes)");
}

void MemoryAccount::charge(uint64_t bytes, const std::string& what) {
  check(bytes, what);
  const uint64_t now = held_ += bytes;
  for (uint64_t peak = peak_.load(); now > peak && !peak_.compare_exchange_weak(peak, now);) {
  }
}

void MemoryAccount::release(uint64_t bytes) { held_ -= std::min(bytes, held_.load()); }

const std::shared_ptr<MemoryAccount>& current_memory_account() { return t_current; }

MemoryAccountScope::MemoryAccountScope(std::shared_ptr<MemoryAccount> account) : previous_(std::move(t_current)) {
  t_current = std::move(account);
}

MemoryAccountScope::~MemoryAccountScope() { t_current = std::move(previous_); }

ScratchCharge::ScratchCharge(int64_t count, size_t element_bytes, const char* what) : account_(t_current) {
  if (!account_) return;
  if (count < 0 || (element_bytes && static_cast<uint64_t>(count) > std::numeric_limits<uint64_t>::max() / element_bytes))
    throw Error(ErrorKind::kMalformed, std::string(what) + " of " + std::to_string(count) + " elements is not a size");
  const uint64_t bytes = static_cast<uint64_t>(count) * element_bytes;
  account_->charge(bytes, std::string(what) + " of " + std::to_string(count) + " elements");
  bytes_ = bytes;
}

ScratchCharge::~ScratchCharge() {
  if (account_) account_->release(bytes_);
}

}  // namespace touchstone
