// Case specs of ImageDecoder-20 (reference/ops/image/): small pictures whose samples come from
// a formula (ops/image/image_writers.h), written in every format, colour type and depth the
// reader takes, each decoded as RGB, BGR and Grayscale; streams that cannot be decoded (empty,
// not an image, truncated, corrupt), whose answer is the empty [0, 0, C] (impl.-defined, shapes
// too); and the refusals (pixel_format, a stream that is not 1-D).
#include <cstdlib>

#include "cases/specs/core/exact_helpers.h"
#include "cases/specs/image/image_cases.h"
#include "reference/ops/image/image_ops.h"
#include "reference/ops/image/image_writers.h"

namespace touchstone::cases {

namespace {

using exact::add;
using Bytes = std::vector<uint8_t>;
using namespace ops::image;

Tensor stream(const Bytes& b) { return Tensor::from_values<uint8_t>({static_cast<int64_t>(b.size())}, b); }

struct Encoded {
  std::string name;
  Bytes bytes;
  std::string tag;  // "random" (lossless), "special-values" (lossy, other depths, alpha)
};

std::vector<Encoded> pictures() {
  std::vector<Encoded> e;
  auto add_one = [&](std::string name, Bytes b, const char* tag = "random") {
    e.push_back({std::move(name), std::move(b), tag});
  };
  add_one("png_rgb8", encode_png(pattern(7, 5, 3, 8, 1)));
  add_one("png_rgba8", encode_png(pattern(6, 4, 4, 8, 2)), "special-values");
  add_one("png_gray8", encode_png(pattern(5, 4, 1, 8, 3)));
  add_one("png_gray_alpha8", encode_png(pattern(5, 3, 2, 8, 4)), "special-values");
  for (int depth : {1, 2, 4})
    add_one("png_gray" + std::to_string(depth), encode_png(pattern(9, 3, 1, depth, depth)));
  add_one("png_gray16", encode_png(pattern(4, 4, 1, 16, 5)), "special-values");
  add_one("png_rgb16", encode_png(pattern(4, 4, 3, 16, 6)), "special-values");
  for (int depth : {1, 4, 8})
    add_one("png_palette" + std::to_string(depth),
            encode_png(palette_pattern(11, 3, 1 << std::min(depth, 5), depth, depth)));
  add_one("png_adam7", encode_png(pattern(13, 9, 3, 8, 7), true));
  add_one("bmp_24", encode_bmp(pattern(5, 3, 3, 8, 8), 24));
  add_one("bmp_24_top_down", encode_bmp(pattern(5, 3, 3, 8, 9), 24, true));
  add_one("bmp_32", encode_bmp(pattern(6, 3, 3, 8, 10), 32));
  for (int bits : {1, 4, 8})
    add_one("bmp_palette" + std::to_string(bits),
            encode_bmp(palette_pattern(13, 4, 1 << std::min(bits, 5), bits, bits), bits));
  add_one("bmp_os2_palette8", encode_bmp(palette_pattern(7, 3, 20, 8, 11), 8, false, true));
  add_one("pnm_p1", encode_pnm(pattern(10, 3, 1, 1, 12), 1));
  add_one("pnm_p2", encode_pnm(pattern(4, 3, 1, 8, 13), 2));
  add_one("pnm_p3", encode_pnm(pattern(4, 3, 3, 8, 14), 3));
  add_one("pnm_p4", encode_pnm(pattern(10, 3, 1, 1, 15), 4));
  add_one("pnm_p5", encode_pnm(pattern(4, 3, 1, 8, 16), 5));
  add_one("pnm_p6", encode_pnm(pattern(4, 3, 3, 8, 17), 6));
  add_one("pnm_p6_maxval1000", encode_pnm(pattern(4, 3, 3, 16, 18, 1000), 6), "special-values");
  add_one("pnm_p2_maxval100", encode_pnm(pattern(4, 3, 1, 8, 19, 100), 2), "special-values");
  add_one("tiff_none", encode_tiff(pattern(6, 5, 3, 8, 20), TiffCompression::kNone));
  add_one("tiff_lzw", encode_tiff(pattern(6, 5, 3, 8, 21), TiffCompression::kLzw));
  add_one("tiff_deflate", encode_tiff(pattern(6, 5, 3, 8, 22), TiffCompression::kDeflate));
  add_one("tiff_packbits", encode_tiff(pattern(6, 5, 3, 8, 23), TiffCompression::kPackBits));
  add_one("tiff_gray", encode_tiff(pattern(6, 5, 1, 8, 24), TiffCompression::kNone));
  add_one("tiff_rgb16", encode_tiff(pattern(4, 3, 3, 16, 25), TiffCompression::kNone), "special-values");
  add_one("webp_lossless_rgb", encode_webp(pattern(7, 6, 3, 8, 26), true));
  add_one("webp_lossless_rgba", encode_webp(pattern(7, 6, 4, 8, 27), true), "special-values");
  add_one("webp_lossy", encode_webp(pattern(16, 8, 3, 8, 28), false), "special-values");
  add_one("jpeg_444", encode_jpeg(pattern(16, 8, 3, 8, 29), 90, false), "special-values");
  add_one("jpeg_420", encode_jpeg(pattern(16, 16, 3, 8, 30), 75, true), "special-values");
  add_one("jpeg_gray", encode_jpeg(pattern(8, 8, 1, 8, 31), 90, false), "special-values");
  add_one("j2k_lossless", encode_jpeg2000(pattern(9, 7, 3, 8, 32), true, false));
  add_one("jp2_lossless", encode_jpeg2000(pattern(9, 7, 3, 8, 33), true, true));
  add_one("jp2_gray", encode_jpeg2000(pattern(9, 7, 1, 8, 34), true, true));
  add_one("jp2_lossy", encode_jpeg2000(pattern(16, 16, 3, 8, 35), false, true), "special-values");
  return e;
}

// Streams that cannot be decoded: each format cut in half, corrupt bytes, nothing, not an image.
std::vector<Encoded> failures(const std::vector<Encoded>& good) {
  std::vector<Encoded> e = {
      {"empty_stream", {}, "empty"},
      {"not_an_image", {'t', 'o', 'u', 'c', 'h', 's', 't', 'o', 'n', 'e'}, "special-values"}};
  for (const char* name :
       {"png_rgb8", "bmp_24", "pnm_p6", "tiff_lzw", "webp_lossless_rgb", "jpeg_444", "jp2_lossless"})
    for (const auto& g : good)
      if (g.name == name)
        e.push_back({std::string("truncated_") + name,
                     Bytes(g.bytes.begin(), g.bytes.begin() + static_cast<long>(g.bytes.size() / 2)),
                     "special-values"});
  Bytes png = good.front().bytes;
  png[png.size() - 20] ^= 0xFF;  // inside the IDAT data: its CRC no longer matches
  e.push_back({"corrupt_png_crc", png, "special-values"});
  e.push_back(
      {"pnm_sample_above_maxval", {'P', '2', ' ', '1', ' ', '1', ' ', '9', ' ', '1', '0'}, "special-values"});
  return e;
}

}  // namespace

void image_decoder_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto good = pictures();
  const auto bad = failures(good);
  for (const std::string format : {"RGB", "BGR", "Grayscale"}) {
    const auto attr = make_attr("pixel_format", format);
    std::string suffix = format == "RGB" ? "rgb" : format == "BGR" ? "bgr" : "gray";
    for (const auto& g : good) {
      // Gray from colour is open (the formula): not "random", which says defined.
      const bool gray_source = g.name.find("gray") != std::string::npos || g.name.starts_with("pnm_p1") ||
                               g.name.starts_with("pnm_p2") || g.name.starts_with("pnm_p4") ||
                               g.name.starts_with("pnm_p5");
      const std::string tag = format == "Grayscale" && !gray_source ? "special-values" : g.tag;
      add(out, g.name + "_" + suffix, {stream(g.bytes)}, {attr}, {tag}, "",
          format == "RGB" && g.name == "png_rgb8");
    }
    for (const auto& b : bad) add(out, b.name + "_" + suffix, {stream(b.bytes)}, {attr}, {b.tag});
  }
  add(out, "default_pixel_format_png", {stream(good.front().bytes)}, {}, {"random"});
  const Bytes png = good.front().bytes;
  add(out, "refuse_pixel_format_rgba", {stream(png)}, {make_attr("pixel_format", std::string("RGBA"))},
      {"attribute"}, row.label() + ": pixel_format is \"RGB\", \"BGR\" or \"Grayscale\"");
  add(out, "refuse_stream_2d", {Tensor::from_values<uint8_t>({1, static_cast<int64_t>(png.size())}, png)}, {},
      {"shape"}, row.label() + ": encoded_stream must be 1-D");
}

PropertyResult image_levels_property(const BoundCase& c, const std::vector<Tensor>& actual) {
  if (actual.empty() || c.expected.empty() || !c.inputs.at(0)) return {"no image", 1};
  const auto in = c.inputs[0]->data<uint8_t>();
  const int bound = ops::image_level_bound({in.data(), in.size()}, c.string_attr("pixel_format", "RGB"));
  const auto want = c.expected[0].data<uint8_t>(), got = actual[0].data<uint8_t>();
  if (want.size() != got.size()) return {"the image has another size", 1};
  int64_t bad = 0;
  int worst = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    const int d = std::abs(int(want[i]) - int(got[i]));
    worst = std::max(worst, d);
    if (d > bound) ++bad;
  }
  if (bad == 0) return {};
  return {std::to_string(bad) + " samples differ from the reference's by more than " + std::to_string(bound) +
              " levels (at most " + std::to_string(worst) + ")",
          bad};
}

}  // namespace touchstone::cases
