#include "cases/sha256.h"

#include <nettle/sha2.h>

namespace touchstone::cases {

Sha256::Sha256() : ctx_(std::make_unique<sha256_ctx>()) { sha256_init(ctx_.get()); }
Sha256::~Sha256() = default;
Sha256::Sha256(Sha256&&) noexcept = default;
Sha256& Sha256::operator=(Sha256&&) noexcept = default;

void Sha256::update(const void* data, size_t size) {
  sha256_update(ctx_.get(), size, static_cast<const uint8_t*>(data));
}

std::string Sha256::hex() {
  uint8_t digest[SHA256_DIGEST_SIZE];
  sha256_digest(ctx_.get(), sizeof digest, digest);
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (uint8_t b : digest) {
    out += digits[b >> 4];
    out += digits[b & 0xf];
  }
  return out;
}

std::string sha256_hex(std::string_view data) {
  Sha256 s;
  s.update(data);
  return s.hex();
}

}  // namespace touchstone::cases
