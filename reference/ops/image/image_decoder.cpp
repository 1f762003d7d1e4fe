// ImageDecoder-20: encoded_stream (uint8, 1-D) -> image (uint8, [H, W, C]), C = 3 for
// pixel_format "RGB" (the default) and "BGR" (the channels reversed), 1 for "Grayscale".
// The format is told by the stream's first bytes (sniff_format); the readers are in
// simple_formats.cpp (BMP, PNM) and library_formats.cpp (PNG, JPEG, TIFF, WebP, JPEG 2000).
// Fixed by the text: the formats, the HWC layout, JPEG's "fancy" chroma upsampling (the
// reader uses libjpeg-turbo's, which the text names), an empty result for a stream that
// cannot be decoded. Refused: pixel_format other than the three, a stream that is not 1-D, a
// header whose image would not fit the memory budget (before anything is allocated).
// Open (impl.-defined, each marked where the case meets it):
//  - a stream that cannot be decoded: the text says "an empty matrix" without a shape; the
//    reference gives [0, 0, C] (shapes too);
//  - gray from colour: the text names no formula; the reference takes ITU-R 601-2 luma,
//    L = 299/1000 R + 587/1000 G + 114/1000 B rounded to nearest, ties up (exact for gray
//    pixels, R = G = B; a backend within 1 level);
//  - alpha: the text has no alpha channel; the reference drops it (the stored colour kept,
//    not composited);
//  - samples of other depths (16-bit PNG/TIFF/PNM, PNM maxval, 5-bit BMP, JPEG 2000
//    precisions) brought to 8 bits, rounded to nearest (a backend within 1 level);
//  - lossy coding (JPEG, lossy WebP, irreversible JPEG 2000): a decoder's inverse transform
//    and colour conversion are its own (image_level_bound).
#include <algorithm>

#include "reference/error.h"
#include "reference/memory_budget.h"
#include "reference/ops/image/decoded_image.h"
#include "reference/ops/image/image_ops.h"

namespace touchstone::ops {

namespace image {

Format sniff_format(std::span<const uint8_t> b) {
  auto starts = [&](std::initializer_list<uint8_t> magic) {
    return b.size() >= magic.size() && std::equal(magic.begin(), magic.end(), b.begin());
  };
  if (starts({0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A})) return Format::kPng;
  if (starts({0xFF, 0xD8, 0xFF})) return Format::kJpeg;
  if (starts({'B', 'M'})) return Format::kBmp;
  if (starts({'I', 'I', 42, 0}) || starts({'M', 'M', 0, 42}) || starts({'I', 'I', 43, 0}) ||
      starts({'M', 'M', 0, 43}))
    return Format::kTiff;
  if (b.size() >= 12 && starts({'R', 'I', 'F', 'F'}) && std::equal(b.begin() + 8, b.begin() + 12, "WEBP"))
    return Format::kWebp;
  if (b.size() >= 2 && b[0] == 'P' && b[1] >= '1' && b[1] <= '6') return Format::kPnm;
  if (starts({0, 0, 0, 0x0C, 'j', 'P', ' ', ' ', 0x0D, 0x0A, 0x87, 0x0A}) || starts({0xFF, 0x4F, 0xFF, 0x51}))
    return Format::kJpeg2000;
  return Format::kUnknown;
}

const char* format_name(Format f) {
  switch (f) {
    case Format::kPng:
      return "PNG";
    case Format::kJpeg:
      return "JPEG";
    case Format::kBmp:
      return "BMP";
    case Format::kTiff:
      return "TIFF";
    case Format::kWebp:
      return "WebP";
    case Format::kPnm:
      return "PNM";
    case Format::kJpeg2000:
      return "JPEG 2000";
    case Format::kUnknown:
      break;
  }
  return "unknown";
}

int64_t check_dimensions(int64_t width, int64_t height) {
  if (width <= 0 || height <= 0) throw DecodeFailure("the header gives an empty image");
  if (width > kMaxSide || height > kMaxSide)
    throw Error(ErrorKind::kOverBudget, "the header's image of " + std::to_string(height) + " x " +
                                            std::to_string(width) + " pixels exceeds the budget of " +
                                            std::to_string(kMaxSide) + " pixels a side");
  if (const auto& account = current_memory_account())
    account->check(static_cast<uint64_t>(width * height * 4),
                   "decoded image " + std::to_string(height) + " x " + std::to_string(width) + " x 4 bytes");
  return width * height;
}

DecodedImage decode_any(std::span<const uint8_t> bytes) {
  switch (sniff_format(bytes)) {
    case Format::kPng:
      return decode_png(bytes);
    case Format::kJpeg:
      return decode_jpeg(bytes);
    case Format::kBmp:
      return decode_bmp(bytes);
    case Format::kTiff:
      return decode_tiff(bytes);
    case Format::kWebp:
      return decode_webp(bytes);
    case Format::kPnm:
      return decode_pnm(bytes);
    case Format::kJpeg2000:
      return decode_jpeg2000(bytes);
    case Format::kUnknown:
      break;
  }
  throw DecodeFailure("not a format ImageDecoder reads");
}

}  // namespace image

namespace {

using image::DecodedImage;

int output_channels(const Node& node) {
  const std::string format = node.attr_string("pixel_format", "RGB");
  if (format == "RGB" || format == "BGR") return 3;
  if (format == "Grayscale") return 1;
  invalid_model(node.op_version() + ": pixel_format is \"RGB\", \"BGR\" or \"Grayscale\", not \"" + format +
                "\"");
}

std::span<const uint8_t> stream_of(const Node& node, const Tensor& t) {
  if (t.shape().size() != 1) invalid_model(node.op_version() + ": encoded_stream must be 1-D");
  const auto d = t.data<uint8_t>();
  return {d.data(), d.size()};
}

uint8_t luma(uint8_t r, uint8_t g, uint8_t b) {
  return static_cast<uint8_t>((299 * r + 587 * g + 114 * b + 500) / 1000);
}

bool has_colour(const DecodedImage& img) {
  if (img.channels == 1) return false;
  for (size_t i = 0; i < img.pixels.size(); i += 3)
    if (img.pixels[i] != img.pixels[i + 1] || img.pixels[i + 1] != img.pixels[i + 2]) return true;
  return false;
}

}  // namespace

int image_level_bound(std::span<const uint8_t> stream, const std::string& pixel_format) {
  DecodedImage img;
  try {
    img = image::decode_any(stream);
  } catch (const image::DecodeFailure&) {
    return 0;
  }
  const int conversion = (pixel_format == "Grayscale" && has_colour(img)) ? 1 : 0;
  if (img.lossy) return (img.channels == 1 ? kLossyGrayBound : kLossyColourBound) + conversion;
  return (img.rescaled ? 1 : 0) + conversion;
}

Tensors image_decoder_v20(const Node& node, const Inputs& in) {
  const int channels = output_channels(node);
  const bool bgr = node.attr_string("pixel_format", "RGB") == "BGR";
  const auto stream = stream_of(node, in[0]);
  DecodedImage img;
  try {
    img = image::decode_any(stream);
  } catch (const image::DecodeFailure& failure) {
    node.mark(Semantics::kImplementationDefined,
              std::string("a stream that cannot be decoded (") + failure.what() +
                  ") gives \"an empty matrix\", shape unnamed: [0, 0, C] here",
              true);
    return {Tensor(DType::kUInt8, {0, 0, channels})};
  }
  if (img.had_alpha) node.mark(Semantics::kImplementationDefined, "alpha dropped (not composited)");
  if (img.rescaled)
    node.mark(Semantics::kImplementationDefined,
              "samples of another depth brought to 8 bits, rounded to nearest");
  if (img.lossy)
    node.mark(Semantics::kImplementationDefined, "lossy coding: the decoder's inverse transform is its own");
  Tensor out(DType::kUInt8, {img.height, img.width, channels});
  auto o = out.data<uint8_t>();
  const int64_t pixels = img.height * img.width;
  const uint8_t* p = img.pixels.data();
  if (channels == 1 && img.channels == 3 && has_colour(img))
    node.mark(Semantics::kImplementationDefined, "gray from colour: ITU-R 601-2 luma, rounded to nearest");
  for (int64_t i = 0; i < pixels; ++i) {
    const uint8_t r = p[0], g = img.channels == 3 ? p[1] : p[0], b = img.channels == 3 ? p[2] : p[0];
    p += img.channels;
    if (channels == 1) {
      o[static_cast<size_t>(i)] = luma(r, g, b);
    } else {
      o[static_cast<size_t>(3 * i)] = bgr ? b : r;
      o[static_cast<size_t>(3 * i + 1)] = g;
      o[static_cast<size_t>(3 * i + 2)] = bgr ? r : b;
    }
  }
  return {out};
}

}  // namespace touchstone::ops
