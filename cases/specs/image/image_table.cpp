// The spec table of the image family: ImageDecoder, judged pixel by pixel within
// ops::image_level_bound (reference/ops/image/image_ops.h): exact for lossless coding of
// 8-bit samples, 1 level for other depths and for gray from colour, 8 (gray: 3) for lossy
// coding (two IEEE 1180 inverse DCTs and a JFIF colour conversion; the derivation is there).
#include "cases/specs/image/image_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& image_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "ImageDecoder", image_decoder_cases,
       "RGB/BGR/Grayscale x PNG (gray 1/2/4/8/16 bits, gray+alpha, RGB 8/16, RGBA, palettes of 1/4/8 bits, "
       "Adam7), BMP (1/4/8-bit palettes, 24, 32, top-down, OS/2 header), PNM (P1-P6, maxval 100 and 1000), "
       "TIFF "
       "(none, LZW, deflate, PackBits; gray; 16 bits), WebP (lossless RGB/RGBA, lossy), JPEG (4:4:4, 4:2:0, "
       "gray), JPEG 2000 (lossless J2K and JP2, gray, lossy); empty, unknown, truncated and corrupt streams "
       "(the empty [0, 0, C]); pixel_format and rank refusals",
       Judging::property_of("image_levels", image_levels_property)},
  };
  return table;
}

}  // namespace touchstone::cases
