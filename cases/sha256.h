// SHA-256 (FIPS 180-4) for the regression digests, from Nettle (Debian's nettle-dev).
#pragma once
#include <memory>
#include <string>
#include <string_view>

struct sha256_ctx;  // <nettle/sha2.h>

namespace touchstone::cases {

class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(Sha256&&) noexcept;
  Sha256& operator=(Sha256&&) noexcept;
  void update(const void* data, size_t size);
  void update(std::string_view text) { update(text.data(), text.size()); }
  std::string hex();  // finishes; the object is spent afterwards

 private:
  std::unique_ptr<sha256_ctx> ctx_;
};

std::string sha256_hex(std::string_view data);

}  // namespace touchstone::cases
