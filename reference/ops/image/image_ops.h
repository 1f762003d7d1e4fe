// The image family (reference/ops/image/README.md): ImageDecoder. Each kernel is <op>_v<since>.
#pragma once
#include <span>
#include <string>

#include "reference/node.h"

namespace touchstone::ops {

// image_decoder.cpp: ImageDecoder-20 (formats: decoded_image.h)
Tensors image_decoder_v20(const Node& node, const Inputs& in);

// How far a conformant decoder's pixel may lie from the reference's, in levels, for this
// stream and pixel_format (the judging contract, cases/specs/image/): 0 for lossless coding
// of 8-bit samples; 1 for samples of another depth (rounding) and for gray from colour (the
// formula is open); for lossy coding kLossyColourBound (kLossyGrayBound for a gray stream),
// plus that 1 for gray from colour. A stream that cannot be decoded: 0.
//
// The lossy bound: IEEE 1180 lets a conforming inverse DCT lie within 1 level of the exact
// one per sample, so two conforming decoders differ by at most 2 levels in Y, Cb and Cr;
// YCbCr -> RGB (JFIF) multiplies the chroma difference by at most 1.772 (B = Y + 1.772 Cb),
// so |dB| <= 2 + 1.772 * 2 + 1 (their own rounding) < 7; 8 leaves one level for a decoder's
// fixed-point colour conversion. A gray stream has no chroma: 2 + 1 = 3. The chroma
// upsampling is fixed by the text ("fancy"), so it adds nothing.
inline constexpr int kLossyColourBound = 8;
inline constexpr int kLossyGrayBound = 3;
int image_level_bound(std::span<const uint8_t> stream, const std::string& pixel_format);

}  // namespace touchstone::ops
