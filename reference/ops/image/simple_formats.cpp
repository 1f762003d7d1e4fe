// BMP and PNM, read by this project's own parsers (both are a header and rows of samples).
//
// BMP: the file header ("BM", the pixel offset), then an info header of 12 bytes (OS/2's
// BITMAPCOREHEADER: 16-bit sizes, 3-byte palette entries) or 40 bytes and more (Windows'
// BITMAPINFOHEADER and its V4/V5 extensions: 32-bit sizes, a negative height for rows top to
// bottom, 4-byte palette entries). Read: 1, 4 and 8 bits a pixel through the palette
// (uncompressed), 24 bits (B, G, R), 32 bits (B, G, R, unused), 16 bits (X1 R5 G5 B5; 5-bit
// samples brought to 8 bits by v * 255 / 31 rounded to nearest, ties up). Rows are padded to 4 bytes.
// Not read (a DecodeFailure, so an empty output): RLE and bit-field compression, PNG/JPEG
// inside a BMP.
//
// PNM (Netpbm): P1/P4 bitmaps (1 is black), P2/P5 gray, P3/P6 RGB; ASCII (P1-P3) or binary
// (P4-P6); '#' comments in the header; maxval 1 to 65535 (2 bytes a sample, big-endian, above
// 255); a sample other than maxval 255 brought to 8 bits by v * 255 / maxval rounded to nearest, ties up.
#include <algorithm>
#include <cctype>

#include "reference/ops/image/decoded_image.h"

namespace touchstone::ops::image {

namespace {

uint32_t le16(std::span<const uint8_t> b, size_t at) { return b[at] | (b[at + 1] << 8); }
uint32_t le32(std::span<const uint8_t> b, size_t at) {
  return static_cast<uint32_t>(b[at]) | (static_cast<uint32_t>(b[at + 1]) << 8) |
         (static_cast<uint32_t>(b[at + 2]) << 16) | (static_cast<uint32_t>(b[at + 3]) << 24);
}

// v of a 0..maxval scale on 0..255: floor(v * 255 / maxval + 1/2), ties up.
uint8_t scale_to_8(uint32_t v, uint32_t maxval) {
  return static_cast<uint8_t>((2 * static_cast<uint64_t>(v) * 255 + maxval) /
                              (2 * static_cast<uint64_t>(maxval)));
}

}  // namespace

DecodedImage decode_bmp(std::span<const uint8_t> b) {
  if (b.size() < 26 || b[0] != 'B' || b[1] != 'M') throw DecodeFailure("BMP: no file header");
  const uint32_t offset = le32(b, 10), info = le32(b, 14);
  const bool core = info == 12;
  if (!core && info < 40) throw DecodeFailure("BMP: unknown info header size " + std::to_string(info));
  if (14 + static_cast<uint64_t>(info) > b.size()) throw DecodeFailure("BMP: truncated info header");
  int64_t width, height;
  uint32_t bits, compression = 0, colors_used = 0;
  if (core) {
    width = le16(b, 18);
    height = le16(b, 20);
    bits = le16(b, 24);
  } else {
    width = static_cast<int32_t>(le32(b, 18));
    height = static_cast<int32_t>(le32(b, 22));
    bits = le16(b, 28);
    compression = le32(b, 30);
    colors_used = le32(b, 46);
  }
  if (compression != 0)
    throw DecodeFailure("BMP: compression " + std::to_string(compression) + " is not read");
  if (bits != 1 && bits != 4 && bits != 8 && bits != 16 && bits != 24 && bits != 32)
    throw DecodeFailure("BMP: " + std::to_string(bits) + " bits a pixel");
  const bool top_down = height < 0;
  if (top_down) height = -height;
  check_dimensions(width, height);
  // The palette follows the info header.
  std::vector<uint8_t> palette;  // R, G, B per entry
  if (bits <= 8) {
    // Entries: biClrUsed, or (0, and always in the OS/2 header) what fits before the pixels,
    // at most 2^bits.
    const uint64_t entry = core ? 3 : 4, start = 14 + static_cast<uint64_t>(info);
    const uint64_t fits = offset > start ? (offset - start) / entry : 0;
    const uint64_t count = colors_used ? colors_used : std::min<uint64_t>(fits, 1u << bits);
    if (count > (1u << bits)) throw DecodeFailure("BMP: palette larger than the bit depth allows");
    if (start + count * entry > b.size()) throw DecodeFailure("BMP: truncated palette");
    for (uint64_t i = 0; i < count; ++i) {
      const size_t at = static_cast<size_t>(start + i * entry);
      palette.insert(palette.end(), {b[at + 2], b[at + 1], b[at]});
    }
  }
  const uint64_t row_bytes = (static_cast<uint64_t>(width) * bits + 31) / 32 * 4;
  if (offset > b.size() || row_bytes * static_cast<uint64_t>(height) > b.size() - offset)
    throw DecodeFailure("BMP: truncated pixel rows");
  DecodedImage img{height, width, 3, {}, false, bits == 16, false};
  img.pixels.resize(static_cast<size_t>(height * width * 3));
  for (int64_t y = 0; y < height; ++y) {
    const uint64_t row = offset + row_bytes * static_cast<uint64_t>(top_down ? y : height - 1 - y);
    uint8_t* out = img.pixels.data() + y * width * 3;
    for (int64_t x = 0; x < width; ++x, out += 3) {
      if (bits <= 8) {
        const uint64_t bit = static_cast<uint64_t>(x) * bits;
        const uint8_t byte = b[static_cast<size_t>(row + bit / 8)];
        const uint32_t index = (byte >> (8 - bits - bit % 8)) & ((1u << bits) - 1);
        if (3 * index + 2 >= palette.size()) throw DecodeFailure("BMP: a pixel's index is past the palette");
        std::copy_n(palette.begin() + 3 * index, 3, out);
      } else if (bits == 16) {
        const uint32_t v = le16(b, static_cast<size_t>(row + 2 * static_cast<uint64_t>(x)));
        out[0] = scale_to_8((v >> 10) & 31, 31);
        out[1] = scale_to_8((v >> 5) & 31, 31);
        out[2] = scale_to_8(v & 31, 31);
      } else {
        const size_t at = static_cast<size_t>(row + static_cast<uint64_t>(x) * (bits / 8));
        out[0] = b[at + 2];
        out[1] = b[at + 1];
        out[2] = b[at];
      }
    }
  }
  return img;
}

namespace {

// The header tokens of a PNM stream: whitespace and '#' comments between them.
struct PnmReader {
  std::span<const uint8_t> b;
  size_t at = 0;
  void skip_space() {
    while (at < b.size()) {
      if (b[at] == '#') {
        while (at < b.size() && b[at] != '\n' && b[at] != '\r') ++at;
      } else if (std::isspace(b[at])) {
        ++at;
      } else {
        return;
      }
    }
  }
  uint32_t number(uint32_t max, const char* what) {
    skip_space();
    if (at >= b.size() || !std::isdigit(b[at])) throw DecodeFailure(std::string("PNM: no ") + what);
    uint64_t v = 0;
    while (at < b.size() && std::isdigit(b[at])) {
      v = v * 10 + (b[at++] - '0');
      if (v > max) throw DecodeFailure(std::string("PNM: ") + what + " too large");
    }
    return static_cast<uint32_t>(v);
  }
  // A P1 sample: one '0' or '1', whitespace optional between them.
  uint32_t bit() {
    skip_space();
    if (at >= b.size() || (b[at] != '0' && b[at] != '1')) throw DecodeFailure("PNM: truncated or bad bitmap");
    return b[at++] - '0';
  }
};

}  // namespace

DecodedImage decode_pnm(std::span<const uint8_t> b) {
  if (b.size() < 3 || b[0] != 'P' || b[1] < '1' || b[1] > '6') throw DecodeFailure("PNM: no magic number");
  const int kind = b[1] - '0';
  PnmReader r{b, 2};
  const int64_t width = r.number(static_cast<uint32_t>(kMaxSide), "width");
  const int64_t height = r.number(static_cast<uint32_t>(kMaxSide), "height");
  const bool bitmap = kind == 1 || kind == 4, ascii = kind <= 3;
  const uint32_t maxval = bitmap ? 1 : r.number(65535, "maxval");
  if (maxval == 0) throw DecodeFailure("PNM: maxval 0");
  const int channels = (kind == 3 || kind == 6) ? 3 : 1;
  check_dimensions(width, height);
  if (!ascii) {  // exactly one whitespace byte ends the header
    if (r.at >= b.size() || !std::isspace(b[r.at]))
      throw DecodeFailure("PNM: no whitespace after the header");
    ++r.at;
  }
  DecodedImage img{height, width, channels, {}, false, !bitmap && maxval != 255, false};
  const int64_t samples = height * width * channels;
  img.pixels.resize(static_cast<size_t>(samples));
  if (kind == 4) {
    const uint64_t row_bytes = (static_cast<uint64_t>(width) + 7) / 8;
    if (row_bytes * static_cast<uint64_t>(height) > b.size() - r.at)
      throw DecodeFailure("PNM: truncated bitmap");
    for (int64_t y = 0; y < height; ++y)
      for (int64_t x = 0; x < width; ++x) {
        const uint8_t byte = b[r.at + static_cast<size_t>(y * static_cast<int64_t>(row_bytes) + x / 8)];
        img.pixels[static_cast<size_t>(y * width + x)] = ((byte >> (7 - x % 8)) & 1) ? 0 : 255;
      }
    return img;
  }
  const uint64_t sample_bytes = maxval > 255 ? 2 : 1;
  if (!ascii && static_cast<uint64_t>(samples) * sample_bytes > b.size() - r.at)
    throw DecodeFailure("PNM: truncated samples");
  for (int64_t i = 0; i < samples; ++i) {
    uint32_t v;
    if (kind == 1) {
      v = r.bit() ? 0 : 255;
    } else if (ascii) {
      v = r.number(65535, "sample");
    } else if (sample_bytes == 1) {
      v = b[r.at++];
    } else {
      v = (b[r.at] << 8) | b[r.at + 1];
      r.at += 2;
    }
    if (kind != 1) {
      if (v > maxval) throw DecodeFailure("PNM: a sample above maxval");
      v = maxval == 255 ? v : scale_to_8(v, maxval);
    }
    img.pixels[static_cast<size_t>(i)] = static_cast<uint8_t>(v);
  }
  return img;
}

}  // namespace touchstone::ops::image
