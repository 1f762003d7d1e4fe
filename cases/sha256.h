// SHA-256 (FIPS 180-4), small and dependency-free, for the regression digests.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace touchstone::cases {

class Sha256 {
 public:
  Sha256();
  void update(const void* data, size_t size);
  void update(std::string_view text) { update(text.data(), text.size()); }
  std::string hex();  // finishes; the object is spent afterwards

 private:
  void block(const uint8_t* p);
  std::array<uint32_t, 8> h_;
  std::array<uint8_t, 64> buffer_{};
  size_t used_ = 0;
  uint64_t length_ = 0;  // bytes
};

std::string sha256_hex(std::string_view data);

}  // namespace touchstone::cases
