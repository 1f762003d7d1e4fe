// What ImageDecoder's format readers share: the decoded picture (gray or RGB, 8 bits a
// sample, rows top to bottom), the failure they throw for a stream they cannot decode, and
// the size check every reader makes from the header before it allocates.
#pragma once
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace touchstone::ops::image {

struct DecodedImage {
  int64_t height = 0, width = 0;
  int channels = 0;             // 1 (gray) or 3 (RGB)
  std::vector<uint8_t> pixels;  // height * width * channels, row-major, channel last
  bool had_alpha = false;       // an alpha channel was dropped
  bool rescaled = false;        // samples of another depth were brought to 8 bits
  bool lossy = false;           // JPEG, lossy WebP: a decoder's inverse transform is its own
};

// A stream the readers cannot decode (not an image, corrupt, truncated, a feature not read).
struct DecodeFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The formats, told by their first bytes.
enum class Format { kUnknown, kPng, kJpeg, kBmp, kTiff, kWebp, kPnm, kJpeg2000 };
Format sniff_format(std::span<const uint8_t> bytes);
const char* format_name(Format f);

// Width and height from a header, before anything is allocated: both positive and at most
// kMaxSide, and the decoded buffer (4 bytes a pixel, the widest any reader asks its library
// for) within the run's memory budget (memory_budget.h: kOverBudget, a refusal). Returns
// width * height.
inline constexpr int64_t kMaxSide = 1 << 20;
int64_t check_dimensions(int64_t width, int64_t height);

// The readers: each returns gray or RGB, 8 bits, or throws DecodeFailure (or the budget's
// refusal). simple_formats.cpp: BMP, PNM (this project's own parsers); library_formats.cpp:
// PNG (libpng), JPEG (libjpeg-turbo), TIFF (libtiff), WebP (libwebp), JPEG 2000 (OpenJPEG).
DecodedImage decode_bmp(std::span<const uint8_t> bytes);
DecodedImage decode_pnm(std::span<const uint8_t> bytes);
DecodedImage decode_png(std::span<const uint8_t> bytes);
DecodedImage decode_jpeg(std::span<const uint8_t> bytes);
DecodedImage decode_tiff(std::span<const uint8_t> bytes);
DecodedImage decode_webp(std::span<const uint8_t> bytes);
DecodedImage decode_jpeg2000(std::span<const uint8_t> bytes);
// The reader of the stream's format (sniff_format); DecodeFailure for an unknown one.
DecodedImage decode_any(std::span<const uint8_t> bytes);

}  // namespace touchstone::ops::image
