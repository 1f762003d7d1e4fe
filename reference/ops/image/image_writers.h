// Encoders of test pictures, for ImageDecoder's case specs (cases/specs/image/) and tests
// (tests/image/), never used by the kernel: pictures whose samples come from a formula,
// written as each format's bytes (BMP and PNM by hand, the others by the libraries'
// encoders), and the 8-bit pixels a decoder must give for them, computed from the picture
// alone (expected_pixels), so the tests' expectations do not come from the decoder.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

namespace touchstone::ops::image {

struct Picture {
  int64_t width = 0, height = 0;
  int channels = 3;               // 1 gray (or palette indices), 2 gray + alpha, 3 RGB, 4 RGBA
  int depth = 8;                  // bits a sample: 1, 2, 4, 8, 16 (PNG), 8 or 16 (TIFF), 8 (the others)
  std::vector<uint16_t> samples;  // height * width * channels, row-major
  std::vector<std::array<uint8_t, 3>> palette;  // non-empty: samples are indices into it
  uint32_t maxval = 0;                          // the largest sample (0: 2^depth - 1; PNM's maxval)
  uint32_t top() const { return maxval ? maxval : (uint32_t{1} << depth) - 1; }
};

// Samples from a formula of x, y, channel and `seed`, each in 0 .. top(); alpha
// (the 2nd of 2, the 4th of 4) in 128..255, never 0, so no encoder may drop a colour under it.
Picture pattern(int64_t width, int64_t height, int channels, int depth, int seed, uint32_t maxval = 0);
// Indices into a palette of `colors` entries (from the same formula), depth bits an index.
Picture palette_pattern(int64_t width, int64_t height, int colors, int depth, int seed);

// What a decoder gives, 8 bits a sample, gray (channels 1-2) or RGB (3-4; a palette: RGB):
// alpha dropped, samples scaled by v * 255 / top() rounded to nearest, ties up.
std::vector<uint8_t> expected_pixels(const Picture& p);

// The encoders. Each throws std::runtime_error when its library refuses.
std::vector<uint8_t> encode_png(const Picture& p, bool interlaced = false);
std::vector<uint8_t> encode_jpeg(const Picture& p, int quality, bool subsample_420);
std::vector<uint8_t> encode_webp(const Picture& p, bool lossless);
enum class TiffCompression { kNone, kLzw, kDeflate, kPackBits };
std::vector<uint8_t> encode_tiff(const Picture& p, TiffCompression compression);
std::vector<uint8_t> encode_jpeg2000(const Picture& p, bool lossless, bool jp2_file);
// bits: 1, 4, 8 (the picture's palette), 24, 32 (RGB); core: OS/2's 12-byte header.
std::vector<uint8_t> encode_bmp(const Picture& p, int bits, bool top_down = false, bool core = false);
// kind 1..6 (P1..P6; P1/P4 write sample 0 as black, the bit 1), maxval the picture's top().
std::vector<uint8_t> encode_pnm(const Picture& p, int kind);

}  // namespace touchstone::ops::image
