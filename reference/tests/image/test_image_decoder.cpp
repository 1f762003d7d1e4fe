// ImageDecoder-20 against pictures whose pixels come from a formula (ops/image/image_writers.h):
// each lossless format decodes to exactly the picture's samples (palettes looked up, depths
// scaled, alpha dropped, computed from the picture, not by the decoder); JPEG within its
// bound of a flat colour; streams that cannot be decoded give the empty [0, 0, C]; the
// refusals; and a fuzz of mutated and truncated streams of every format (never a crash, a
// hang or another exception: a decoded image of the header's size, or the empty result).
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "reference/ops/image/image_ops.h"
#include "reference/ops/image/image_writers.h"
#include "reference/tests/error_kind.h"
#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;
using namespace touchstone::ops::image;

namespace {

using Bytes = std::vector<uint8_t>;

Tensor stream(const Bytes& b) { return vec<uint8_t>(b); }

RunResult decode(const Bytes& b, const std::string& pixel_format = "RGB") {
  return run_node("ImageDecoder", 20, {stream(b)}, {make_attr("pixel_format", pixel_format)});
}

Bytes pixels_of(const Tensor& t) {
  const auto d = t.data<uint8_t>();
  return {d.begin(), d.end()};
}

// The picture's expected pixels in `pixel_format`: gray replicated to RGB; RGB reversed for
// BGR; RGB to gray by ITU-R 601-2 luma, rounded to nearest (in double: an independent oracle).
Bytes in_format(const Picture& p, const std::string& pixel_format) {
  const Bytes px = expected_pixels(p);
  const bool gray = p.palette.empty() && p.channels <= 2;
  Bytes out;
  for (int64_t i = 0; i < p.width * p.height; ++i) {
    const uint8_t r = gray ? px[i] : px[3 * i], g = gray ? px[i] : px[3 * i + 1],
                  b = gray ? px[i] : px[3 * i + 2];
    if (pixel_format == "Grayscale")
      out.push_back(static_cast<uint8_t>(std::floor((299.0 * r + 587.0 * g + 114.0 * b) / 1000.0 + 0.5)));
    else if (pixel_format == "BGR")
      out.insert(out.end(), {b, g, r});
    else
      out.insert(out.end(), {r, g, b});
  }
  return out;
}

void check_exact(const Picture& p, const Bytes& encoded) {
  for (const std::string format : {"RGB", "BGR", "Grayscale"}) {
    INFO("pixel_format " << format);
    const auto r = decode(encoded, format);
    for (const auto& reason : r.semantics.reasons) UNSCOPED_INFO(reason);
    const int64_t c = format == "Grayscale" ? 1 : 3;
    REQUIRE(r.outputs[0].shape() == Shape{p.height, p.width, c});
    CHECK(pixels_of(r.outputs[0]) == in_format(p, format));
  }
}

}  // namespace

TEST_CASE("ImageDecoder: PNG of every colour type and depth, exact", "[ImageDecoder][v20]") {
  SECTION("RGB 8") { check_exact(pattern(7, 5, 3, 8, 1), encode_png(pattern(7, 5, 3, 8, 1))); }
  SECTION("RGBA 8, alpha dropped") {
    check_exact(pattern(6, 4, 4, 8, 2), encode_png(pattern(6, 4, 4, 8, 2)));
  }
  SECTION("gray 8 and gray + alpha") {
    check_exact(pattern(5, 3, 1, 8, 3), encode_png(pattern(5, 3, 1, 8, 3)));
    check_exact(pattern(5, 3, 2, 8, 4), encode_png(pattern(5, 3, 2, 8, 4)));
  }
  SECTION("gray 1, 2, 4 bits") {
    for (int depth : {1, 2, 4})
      check_exact(pattern(9, 3, 1, depth, depth), encode_png(pattern(9, 3, 1, depth, depth)));
  }
  SECTION("16 bits, scaled to 8 (rounded)") {
    check_exact(pattern(4, 4, 3, 16, 5), encode_png(pattern(4, 4, 3, 16, 5)));
    check_exact(pattern(4, 4, 1, 16, 6), encode_png(pattern(4, 4, 1, 16, 6)));
    CHECK(decode(encode_png(pattern(4, 4, 3, 16, 5))).semantics.category ==
          Semantics::kImplementationDefined);
  }
  SECTION("palettes of 1, 2, 4, 8 bits") {
    for (int depth : {1, 2, 4, 8}) {
      const auto p = palette_pattern(11, 3, 1 << std::min(depth, 5), depth, depth);
      check_exact(p, encode_png(p));
    }
  }
  SECTION("Adam7 interlaced") {
    check_exact(pattern(13, 9, 3, 8, 7), encode_png(pattern(13, 9, 3, 8, 7), true));
  }
  SECTION("8-bit RGB is defined, not marked") {
    CHECK(decode(encode_png(pattern(3, 3, 3, 8, 1)), "BGR").semantics.category == Semantics::kDefined);
  }
}

TEST_CASE("ImageDecoder: BMP of 1, 4, 8, 24, 32 bits, both row orders, both headers", "[ImageDecoder][v20]") {
  for (int bits : {24, 32}) {
    check_exact(pattern(5, 3, 3, 8, bits), encode_bmp(pattern(5, 3, 3, 8, bits), bits));
    check_exact(pattern(5, 3, 3, 8, bits), encode_bmp(pattern(5, 3, 3, 8, bits), bits, true));
  }
  for (int bits : {1, 4, 8}) {
    const auto p = palette_pattern(13, 4, 1 << std::min(bits, 5), bits, bits);
    check_exact(p, encode_bmp(p, bits));
    check_exact(p, encode_bmp(p, bits, false, true));
  }
}

TEST_CASE("ImageDecoder: PNM P1 to P6, maxval other than 255", "[ImageDecoder][v20]") {
  check_exact(pattern(10, 3, 1, 1, 1), encode_pnm(pattern(10, 3, 1, 1, 1), 1));
  check_exact(pattern(10, 3, 1, 1, 2), encode_pnm(pattern(10, 3, 1, 1, 2), 4));
  check_exact(pattern(4, 3, 1, 8, 3), encode_pnm(pattern(4, 3, 1, 8, 3), 2));
  check_exact(pattern(4, 3, 3, 8, 4), encode_pnm(pattern(4, 3, 3, 8, 4), 3));
  check_exact(pattern(4, 3, 1, 8, 5), encode_pnm(pattern(4, 3, 1, 8, 5), 5));
  check_exact(pattern(4, 3, 3, 8, 6), encode_pnm(pattern(4, 3, 3, 8, 6), 6));
  check_exact(pattern(4, 3, 3, 16, 7, 1000), encode_pnm(pattern(4, 3, 3, 16, 7, 1000), 6));
  check_exact(pattern(4, 3, 1, 8, 8, 100), encode_pnm(pattern(4, 3, 1, 8, 8, 100), 2));
  // The sample 5 of maxval 10 is 127.5 levels: ties up, 128.
  const Bytes half = {'P', '2', ' ', '1', ' ', '1', ' ', '1', '0', ' ', '5'};
  CHECK(pixels_of(decode(half, "Grayscale").outputs[0]) == Bytes{128});
}

TEST_CASE("ImageDecoder: TIFF uncompressed, LZW, deflate, PackBits; gray, RGB, 16 bits",
          "[ImageDecoder][v20]") {
  for (auto c : {TiffCompression::kNone, TiffCompression::kLzw, TiffCompression::kDeflate,
                 TiffCompression::kPackBits}) {
    check_exact(pattern(6, 5, 3, 8, 1), encode_tiff(pattern(6, 5, 3, 8, 1), c));
    check_exact(pattern(6, 5, 1, 8, 2), encode_tiff(pattern(6, 5, 1, 8, 2), c));
  }
  check_exact(pattern(4, 3, 3, 16, 3), encode_tiff(pattern(4, 3, 3, 16, 3), TiffCompression::kNone));
}

TEST_CASE("ImageDecoder: WebP lossless and JPEG 2000 lossless, exact", "[ImageDecoder][v20]") {
  check_exact(pattern(7, 6, 3, 8, 1), encode_webp(pattern(7, 6, 3, 8, 1), true));
  check_exact(pattern(7, 6, 4, 8, 2), encode_webp(pattern(7, 6, 4, 8, 2), true));
  check_exact(pattern(9, 7, 3, 8, 3), encode_jpeg2000(pattern(9, 7, 3, 8, 3), true, false));
  check_exact(pattern(9, 7, 3, 8, 4), encode_jpeg2000(pattern(9, 7, 3, 8, 4), true, true));
  check_exact(pattern(9, 7, 1, 8, 5), encode_jpeg2000(pattern(9, 7, 1, 8, 5), true, true));
}

TEST_CASE("ImageDecoder: JPEG of a flat colour within its bound; lossy coding marked",
          "[ImageDecoder][v20]") {
  Picture flat{16, 16, 3, 8, {}, {}, 0};
  for (int i = 0; i < 256; ++i) flat.samples.insert(flat.samples.end(), {200, 120, 40});
  for (bool subsample : {false, true}) {
    const auto r = decode(encode_jpeg(flat, 100, subsample));
    REQUIRE(r.outputs[0].shape() == Shape{16, 16, 3});
    const Bytes px = pixels_of(r.outputs[0]);
    for (size_t i = 0; i < px.size(); ++i) CHECK(std::abs(int(px[i]) - int(flat.samples[i])) <= 2);
    CHECK(r.semantics.category == Semantics::kImplementationDefined);
  }
  Picture gray{8, 8, 1, 8, std::vector<uint16_t>(64, 77), {}, 0};
  const auto g = decode(encode_jpeg(gray, 100, false), "Grayscale");
  REQUIRE(g.outputs[0].shape() == Shape{8, 8, 1});
  for (uint8_t v : pixels_of(g.outputs[0])) CHECK(std::abs(int(v) - 77) <= 1);
  CHECK(ops::image_level_bound(encode_jpeg(flat, 90, true), "RGB") == ops::kLossyColourBound);
  CHECK(ops::image_level_bound(encode_png(pattern(3, 3, 3, 8, 1)), "RGB") == 0);
  CHECK(ops::image_level_bound(encode_png(pattern(3, 3, 3, 8, 1)), "Grayscale") == 1);
}

TEST_CASE("ImageDecoder: a stream that cannot be decoded gives [0, 0, C], marked", "[ImageDecoder][v20]") {
  const Bytes png = encode_png(pattern(8, 8, 3, 8, 1));
  const std::vector<Bytes> bad = {
      {},
      {'n', 'o', 't', ' ', 'a', 'n', ' ', 'i', 'm', 'a', 'g', 'e'},
      Bytes(png.begin(), png.begin() + static_cast<long>(png.size() / 2)),
      Bytes(png.begin(), png.begin() + 8),
      {'B', 'M', 0, 0},
      {'P', '6', ' ', '2', ' ', '2', ' ', '2', '5', '5', ' ', 1, 2, 3},
      {'P', '2', ' ', '1', ' ', '1', ' ', '9', ' ', '1', '0'},  // a sample above maxval
  };
  for (const auto& b : bad) {
    for (const std::string format : {"RGB", "Grayscale"}) {
      const auto r = decode(b, format);
      CHECK(r.outputs[0].shape() == Shape{0, 0, format == "RGB" ? 3 : 1});
      CHECK(r.semantics.category == Semantics::kImplementationDefined);
      CHECK(r.semantics.shape_open);
    }
  }
}

TEST_CASE("ImageDecoder: refusals (pixel_format, rank, a header beyond the budget)", "[ImageDecoder][v20]") {
  const Bytes png = encode_png(pattern(2, 2, 3, 8, 1));
  std::string message;
  CHECK(kind_of([&] { decode(png, "RGBA"); }, &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Catch::Contains("pixel_format"));
  const Tensor two_d = Tensor::from_values<uint8_t>({1, static_cast<int64_t>(png.size())}, png);
  CHECK(kind_of([&] { run_node("ImageDecoder", 20, {two_d}); }, &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Catch::Contains("1-D"));
  // A BMP header of 1,000,000 x 1,000,000 pixels and no pixel data: refused before allocating.
  Bytes huge = encode_bmp(pattern(1, 1, 3, 8, 1), 24);
  for (int at : {18, 22}) {
    const uint32_t side = 1000000;
    for (int k = 0; k < 4; ++k) huge[static_cast<size_t>(at + k)] = static_cast<uint8_t>(side >> (8 * k));
  }
  CHECK(kind_of([&] { decode(huge); }, &message) == ErrorKind::kOverBudget);
  CHECK_THAT(message, Catch::Contains("decoded image 1000000 x 1000000"));
}

TEST_CASE("ImageDecoder: fuzz of mutated and truncated streams of every format",
          "[ImageDecoder][v20][fuzz]") {
  const std::vector<Bytes> seeds = {
      encode_png(pattern(9, 7, 3, 8, 1)),
      encode_png(palette_pattern(9, 7, 4, 2, 2), true),
      encode_bmp(pattern(9, 7, 3, 8, 3), 24),
      encode_bmp(palette_pattern(9, 7, 16, 4, 4), 4),
      encode_pnm(pattern(9, 7, 3, 8, 5), 6),
      encode_pnm(pattern(9, 7, 1, 8, 6), 2),
      encode_tiff(pattern(9, 7, 3, 8, 7), TiffCompression::kLzw),
      encode_webp(pattern(9, 7, 3, 8, 8), true),
      encode_webp(pattern(9, 7, 3, 8, 9), false),
      encode_jpeg(pattern(9, 7, 3, 8, 10), 80, true),
      encode_jpeg2000(pattern(9, 7, 3, 8, 11), true, true),
  };
  std::mt19937 rng(20);
  int decoded = 0, empty = 0;
  int refused = 0;
  auto run_one = [&](const Bytes& b) {
    RunResult r;
    try {
      r = decode(b, "BGR");
    } catch (const Error& e) {  // a header whose image is beyond the budget
      REQUIRE(e.kind() == ErrorKind::kOverBudget);
      ++refused;
      return;
    }
    const Shape& s = r.outputs[0].shape();
    REQUIRE(s.size() == 3);
    CHECK(s[2] == 3);
    if (s[0] == 0) {
      CHECK(s[1] == 0);
      ++empty;
    } else {
      CHECK(s[1] > 0);
      ++decoded;
    }
  };
  for (const auto& seed : seeds) {
    for (size_t n = 0; n < seed.size(); n += std::max<size_t>(1, seed.size() / 40))
      run_one(Bytes(seed.begin(), seed.begin() + static_cast<long>(n)));
    for (int trial = 0; trial < 60; ++trial) {
      Bytes b = seed;
      const int flips = 1 + static_cast<int>(rng() % 4);
      for (int f = 0; f < flips; ++f) b[rng() % b.size()] = static_cast<uint8_t>(rng());
      run_one(b);
    }
  }
  CHECK(decoded > 0);
  CHECK(empty > 0);
}
