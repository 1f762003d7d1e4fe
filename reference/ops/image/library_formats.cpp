// PNG, JPEG, TIFF, WebP and JPEG 2000, read by Debian's maintained decoders, each told to
// give 8-bit gray or RGB and to report every error (never to print it or exit):
//   PNG (libpng): palettes expanded, gray of 1/2/4 bits expanded (exactly: v * 255 / (2^n - 1)),
//     16-bit samples scaled to 8 (png_set_scale_16: v * 255 / 65535 rounded), alpha and tRNS
//     dropped, gAMA not applied; Adam7 interlacing undone. The image ends with its last IDAT
//     data: the chunks after it are not read.
//   JPEG (libjpeg-turbo): the accurate integer inverse DCT (JDCT_ISLOW) and the "fancy"
//     chroma upsampling ImageDecoder-20's text names. A warning (a truncated or corrupt
//     entropy-coded segment, which libjpeg would fill with gray) fails the decode.
//   TIFF (libtiff): the RGBA image interface (every photometric and compression libtiff
//     reads; 16-bit samples scaled to 8; alpha dropped after libtiff's own premultiplying).
//   WebP (libwebp): lossless and lossy, alpha dropped (the stored colour kept).
//   JPEG 2000 (OpenJPEG): JP2 files and raw codestreams, strict mode (a truncated stream
//     fails), 1-2 components gray, 3-4 RGB (the 2nd/4th alpha, dropped); components of
//     other precisions scaled to 8 bits (v * 255 / (2^p - 1) rounded); subsampled
//     components and colour spaces other than gray/sRGB are not read.
#include <jpeglib.h>
#include <openjpeg.h>
#include <png.h>
#include <tiffio.h>
#include <webp/decode.h>

#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <memory>

#include "reference/ops/image/decoded_image.h"

namespace touchstone::ops::image {

namespace {

// ----- PNG -----

struct PngSource {
  std::span<const uint8_t> bytes;
  size_t at = 0;
  char message[200] = "";
};

void png_read_bytes(png_structp png, png_bytep out, size_t n) {
  auto* src = static_cast<PngSource*>(png_get_io_ptr(png));
  if (n > src->bytes.size() - src->at) png_error(png, "truncated stream");
  std::memcpy(out, src->bytes.data() + src->at, n);
  src->at += n;
}
void png_on_error(png_structp png, png_const_charp message) {
  auto* src = static_cast<PngSource*>(png_get_error_ptr(png));
  std::snprintf(src->message, sizeof src->message, "%s", message);
  png_longjmp(png, 1);
}
void png_on_warning(png_structp, png_const_charp) {}

struct PngReader {
  png_structp png = nullptr;
  png_infop info = nullptr;
  ~PngReader() { png_destroy_read_struct(&png, info ? &info : nullptr, nullptr); }
};

// ----- JPEG -----

struct JpegErrors {
  jpeg_error_mgr mgr;
  std::jmp_buf jump;
  char message[JMSG_LENGTH_MAX] = "";
};
void jpeg_on_error(j_common_ptr c) {
  auto* e = reinterpret_cast<JpegErrors*>(c->err);
  (*c->err->format_message)(c, e->message);
  std::longjmp(e->jump, 1);
}
void jpeg_on_message(j_common_ptr c, int level) {
  if (level < 0) ++c->err->num_warnings;  // counted, not printed
}
struct JpegReader {
  jpeg_decompress_struct cinfo{};
  bool created = false;
  ~JpegReader() {
    if (created) jpeg_destroy_decompress(&cinfo);
  }
};

// ----- TIFF -----

struct TiffSource {
  std::span<const uint8_t> bytes;
  toff_t at = 0;
  std::string message;
};
tmsize_t tiff_read(thandle_t h, void* out, tmsize_t n) {
  auto* s = static_cast<TiffSource*>(h);
  if (n < 0 || s->at > s->bytes.size()) return 0;
  const auto take = std::min<uint64_t>(static_cast<uint64_t>(n), s->bytes.size() - s->at);
  std::memcpy(out, s->bytes.data() + s->at, take);
  s->at += take;
  return static_cast<tmsize_t>(take);
}
tmsize_t tiff_write(thandle_t, void*, tmsize_t) { return 0; }
toff_t tiff_seek(thandle_t h, toff_t off, int whence) {
  auto* s = static_cast<TiffSource*>(h);
  const toff_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? s->at : s->bytes.size();
  s->at = base + off;
  return s->at;
}
int tiff_close(thandle_t) { return 0; }
toff_t tiff_size(thandle_t h) { return static_cast<TiffSource*>(h)->bytes.size(); }
int tiff_map(thandle_t, void**, toff_t*) { return 0; }
void tiff_unmap(thandle_t, void*, toff_t) {}
int tiff_on_error(TIFF*, void* user, const char* module, const char* fmt, va_list ap) {
  char text[300];
  std::vsnprintf(text, sizeof text, fmt, ap);
  auto* s = static_cast<TiffSource*>(user);
  if (s->message.empty()) s->message = std::string(module ? module : "") + ": " + text;
  return 1;
}
int tiff_on_warning(TIFF*, void*, const char*, const char*, va_list) { return 1; }

// ----- JPEG 2000 -----

struct J2kSource {
  std::span<const uint8_t> bytes;
  uint64_t at = 0;
  std::string message;
};
OPJ_SIZE_T j2k_read(void* out, OPJ_SIZE_T n, void* user) {
  auto* s = static_cast<J2kSource*>(user);
  if (s->at >= s->bytes.size()) return static_cast<OPJ_SIZE_T>(-1);
  const auto take = std::min<uint64_t>(n, s->bytes.size() - s->at);
  std::memcpy(out, s->bytes.data() + s->at, take);
  s->at += take;
  return take;
}
OPJ_OFF_T j2k_skip(OPJ_OFF_T n, void* user) {
  auto* s = static_cast<J2kSource*>(user);
  if (n < 0 || s->at + static_cast<uint64_t>(n) > s->bytes.size()) return -1;
  s->at += static_cast<uint64_t>(n);
  return n;
}
OPJ_BOOL j2k_seek(OPJ_OFF_T to, void* user) {
  auto* s = static_cast<J2kSource*>(user);
  if (to < 0 || static_cast<uint64_t>(to) > s->bytes.size()) return OPJ_FALSE;
  s->at = static_cast<uint64_t>(to);
  return OPJ_TRUE;
}
void j2k_on_error(const char* msg, void* user) {
  auto* s = static_cast<J2kSource*>(user);
  if (s->message.empty()) s->message = msg;
  while (!s->message.empty() && s->message.back() == '\n') s->message.pop_back();
}
void j2k_quiet(const char*, void*) {}
struct J2kReader {
  opj_stream_t* stream = nullptr;
  opj_codec_t* codec = nullptr;
  opj_image_t* image = nullptr;
  ~J2kReader() {
    if (image) opj_image_destroy(image);
    if (codec) opj_destroy_codec(codec);
    if (stream) opj_stream_destroy(stream);
  }
};

uint8_t scale_bits(uint32_t v, uint32_t max) {
  return static_cast<uint8_t>((2 * static_cast<uint64_t>(v) * 255 + max) / (2 * static_cast<uint64_t>(max)));
}

}  // namespace

DecodedImage decode_png(std::span<const uint8_t> bytes) {
  if (bytes.size() < 8 || png_sig_cmp(bytes.data(), 0, 8)) throw DecodeFailure("PNG: no signature");
  PngSource src{bytes};
  PngReader r;
  r.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &src, png_on_error, png_on_warning);
  if (!r.png || !(r.info = png_create_info_struct(r.png))) throw DecodeFailure("PNG: no reader");
  DecodedImage img;
  std::vector<png_bytep> rows;
  if (setjmp(png_jmpbuf(r.png))) throw DecodeFailure(std::string("PNG: ") + src.message);
  png_set_read_fn(r.png, &src, png_read_bytes);
  png_set_user_limits(r.png, kMaxSide, kMaxSide);
  png_read_info(r.png, r.info);
  const auto width = png_get_image_width(r.png, r.info), height = png_get_image_height(r.png, r.info);
  const int color = png_get_color_type(r.png, r.info), depth = png_get_bit_depth(r.png, r.info);
  check_dimensions(width, height);
  img.height = height;
  img.width = width;
  img.had_alpha = (color & PNG_COLOR_MASK_ALPHA) || png_get_valid(r.png, r.info, PNG_INFO_tRNS);
  img.rescaled = depth == 16;
  img.channels = (color & PNG_COLOR_MASK_COLOR) ? 3 : 1;
  if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(r.png);
  if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(r.png);
  if (depth == 16) png_set_scale_16(r.png);
  if (color & PNG_COLOR_MASK_ALPHA) png_set_strip_alpha(r.png);
  png_set_interlace_handling(r.png);
  png_read_update_info(r.png, r.info);
  if (png_get_rowbytes(r.png, r.info) != static_cast<size_t>(width) * static_cast<size_t>(img.channels))
    throw DecodeFailure("PNG: unexpected row layout");
  img.pixels.resize(static_cast<size_t>(img.height * img.width * img.channels));
  rows.resize(height);
  for (size_t y = 0; y < height; ++y)
    rows[y] = img.pixels.data() + y * width * static_cast<size_t>(img.channels);
  png_read_image(r.png, rows.data());
  return img;
}

DecodedImage decode_jpeg(std::span<const uint8_t> bytes) {
  JpegReader r;
  JpegErrors errors;
  r.cinfo.err = jpeg_std_error(&errors.mgr);
  errors.mgr.error_exit = jpeg_on_error;
  errors.mgr.emit_message = jpeg_on_message;
  DecodedImage img;
  img.lossy = true;
  if (setjmp(errors.jump)) throw DecodeFailure(std::string("JPEG: ") + errors.message);
  jpeg_create_decompress(&r.cinfo);
  r.created = true;
  jpeg_mem_src(&r.cinfo, bytes.data(), static_cast<unsigned long>(bytes.size()));
  jpeg_read_header(&r.cinfo, TRUE);
  check_dimensions(r.cinfo.image_width, r.cinfo.image_height);
  img.width = r.cinfo.image_width;
  img.height = r.cinfo.image_height;
  img.channels = r.cinfo.num_components == 1 ? 1 : 3;
  r.cinfo.out_color_space = img.channels == 1 ? JCS_GRAYSCALE : JCS_RGB;
  r.cinfo.dct_method = JDCT_ISLOW;
  r.cinfo.do_fancy_upsampling = TRUE;
  jpeg_start_decompress(&r.cinfo);
  if (static_cast<int>(r.cinfo.output_components) != img.channels)
    throw DecodeFailure("JPEG: unexpected components");
  img.pixels.resize(static_cast<size_t>(img.height * img.width * img.channels));
  while (r.cinfo.output_scanline < r.cinfo.output_height) {
    JSAMPROW row =
        img.pixels.data() + static_cast<size_t>(r.cinfo.output_scanline) * img.width * img.channels;
    jpeg_read_scanlines(&r.cinfo, &row, 1);
  }
  jpeg_finish_decompress(&r.cinfo);
  if (errors.mgr.num_warnings > 0) throw DecodeFailure("JPEG: corrupt or truncated data");
  return img;
}

DecodedImage decode_tiff(std::span<const uint8_t> bytes) {
  TiffSource src{bytes, 0, {}};
  std::unique_ptr<TIFFOpenOptions, void (*)(TIFFOpenOptions*)> options(TIFFOpenOptionsAlloc(),
                                                                       TIFFOpenOptionsFree);
  TIFFOpenOptionsSetErrorHandlerExtR(options.get(), tiff_on_error, &src);
  TIFFOpenOptionsSetWarningHandlerExtR(options.get(), tiff_on_warning, &src);
  std::unique_ptr<TIFF, void (*)(TIFF*)> tif(
      TIFFClientOpenExt("stream", "rm", &src, tiff_read, tiff_write, tiff_seek, tiff_close, tiff_size,
                        tiff_map, tiff_unmap, options.get()),
      TIFFClose);
  if (!tif) throw DecodeFailure("TIFF: " + src.message);
  uint32_t width = 0, height = 0;
  uint16_t extra = 0, depth = 8, photometric = 0, samples = 1;
  uint16_t* extra_kinds = nullptr;
  TIFFGetField(tif.get(), TIFFTAG_IMAGEWIDTH, &width);
  TIFFGetField(tif.get(), TIFFTAG_IMAGELENGTH, &height);
  TIFFGetFieldDefaulted(tif.get(), TIFFTAG_BITSPERSAMPLE, &depth);
  TIFFGetFieldDefaulted(tif.get(), TIFFTAG_SAMPLESPERPIXEL, &samples);
  TIFFGetFieldDefaulted(tif.get(), TIFFTAG_EXTRASAMPLES, &extra, &extra_kinds);
  TIFFGetField(tif.get(), TIFFTAG_PHOTOMETRIC, &photometric);
  check_dimensions(width, height);
  char why[1024] = "";
  if (!TIFFRGBAImageOK(tif.get(), why)) throw DecodeFailure(std::string("TIFF: ") + why);
  std::vector<uint32_t> raster(static_cast<size_t>(width) * height);
  if (!TIFFReadRGBAImageOriented(tif.get(), width, height, raster.data(), ORIENTATION_TOPLEFT, 1) ||
      !src.message.empty())
    throw DecodeFailure("TIFF: " +
                        (src.message.empty() ? std::string("cannot read the image") : src.message));
  const bool gray = samples - extra == 1 &&
                    (photometric == PHOTOMETRIC_MINISBLACK || photometric == PHOTOMETRIC_MINISWHITE);
  DecodedImage img{height, width, gray ? 1 : 3, {}, extra > 0, depth != 8, false};
  img.pixels.reserve(raster.size() * static_cast<size_t>(img.channels));
  for (uint32_t p : raster) {
    if (gray) {
      img.pixels.push_back(static_cast<uint8_t>(TIFFGetR(p)));
    } else {
      img.pixels.insert(img.pixels.end(),
                        {static_cast<uint8_t>(TIFFGetR(p)), static_cast<uint8_t>(TIFFGetG(p)),
                         static_cast<uint8_t>(TIFFGetB(p))});
    }
  }
  return img;
}

DecodedImage decode_webp(std::span<const uint8_t> bytes) {
  WebPBitstreamFeatures features;
  if (WebPGetFeatures(bytes.data(), bytes.size(), &features) != VP8_STATUS_OK)
    throw DecodeFailure("WebP: bad header");
  if (features.has_animation) throw DecodeFailure("WebP: animations are not read");
  check_dimensions(features.width, features.height);
  DecodedImage img{features.height, features.width,      3, {}, features.has_alpha != 0,
                   false,           features.format != 2};
  img.pixels.resize(static_cast<size_t>(img.height * img.width * 3));
  if (!WebPDecodeRGBInto(bytes.data(), bytes.size(), img.pixels.data(), img.pixels.size(),
                         static_cast<int>(img.width * 3)))
    throw DecodeFailure("WebP: corrupt or truncated data");
  return img;
}

DecodedImage decode_jpeg2000(std::span<const uint8_t> bytes) {
  static const uint8_t kJp2[] = {0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A};
  const bool jp2 = bytes.size() >= sizeof kJp2 && std::memcmp(bytes.data(), kJp2, sizeof kJp2) == 0;
  J2kSource src{bytes, 0, {}};
  J2kReader r;
  r.stream = opj_stream_create(OPJ_J2K_STREAM_CHUNK_SIZE, OPJ_TRUE);
  opj_stream_set_user_data(r.stream, &src, nullptr);
  opj_stream_set_user_data_length(r.stream, bytes.size());
  opj_stream_set_read_function(r.stream, j2k_read);
  opj_stream_set_skip_function(r.stream, j2k_skip);
  opj_stream_set_seek_function(r.stream, j2k_seek);
  r.codec = opj_create_decompress(jp2 ? OPJ_CODEC_JP2 : OPJ_CODEC_J2K);
  opj_set_error_handler(r.codec, j2k_on_error, &src);
  opj_set_warning_handler(r.codec, j2k_quiet, nullptr);
  opj_set_info_handler(r.codec, j2k_quiet, nullptr);
  opj_dparameters_t params;
  opj_set_default_decoder_parameters(&params);
  if (!opj_setup_decoder(r.codec, &params)) throw DecodeFailure("JPEG 2000: no decoder");
  opj_decoder_set_strict_mode(r.codec, OPJ_TRUE);
  if (!opj_read_header(r.stream, r.codec, &r.image)) throw DecodeFailure("JPEG 2000: " + src.message);
  const int64_t width = static_cast<int64_t>(r.image->x1) - r.image->x0;
  const int64_t height = static_cast<int64_t>(r.image->y1) - r.image->y0;
  check_dimensions(width, height);
  const uint32_t comps = r.image->numcomps;
  if (comps < 1 || comps > 4) throw DecodeFailure("JPEG 2000: " + std::to_string(comps) + " components");
  if (r.image->color_space != OPJ_CLRSPC_UNKNOWN && r.image->color_space != OPJ_CLRSPC_UNSPECIFIED &&
      r.image->color_space != OPJ_CLRSPC_SRGB && r.image->color_space != OPJ_CLRSPC_GRAY)
    throw DecodeFailure("JPEG 2000: colour space not read");
  if (!opj_decode(r.codec, r.stream, r.image) || !opj_end_decompress(r.codec, r.stream))
    throw DecodeFailure("JPEG 2000: " + (src.message.empty() ? std::string("cannot decode") : src.message));
  bool lossy = false;
  if (opj_codestream_info_v2_t* info = opj_get_cstr_info(r.codec)) {
    for (uint32_t c = 0; c < info->nbcomps; ++c)
      if (info->m_default_tile_info.tccp_info && info->m_default_tile_info.tccp_info[c].qmfbid == 0)
        lossy = true;
    opj_destroy_cstr_info(&info);
  }
  const int channels = comps <= 2 ? 1 : 3;
  DecodedImage img{height, width, channels, {}, comps == 2 || comps == 4, false, lossy};
  img.pixels.resize(static_cast<size_t>(height * width * channels));
  for (int c = 0; c < channels; ++c) {
    const opj_image_comp_t& comp = r.image->comps[c];
    if (comp.dx != 1 || comp.dy != 1 || comp.w != width || comp.h != height || !comp.data)
      throw DecodeFailure("JPEG 2000: subsampled components are not read");
    if (comp.prec < 1 || comp.prec > 16) throw DecodeFailure("JPEG 2000: precision not read");
    if (comp.prec != 8 || comp.sgnd) img.rescaled = img.rescaled || comp.prec != 8;
    const int64_t offset = comp.sgnd ? (int64_t{1} << (comp.prec - 1)) : 0;
    const uint32_t max = (uint32_t{1} << comp.prec) - 1;
    for (int64_t i = 0; i < width * height; ++i) {
      const int64_t v = std::clamp<int64_t>(comp.data[i] + offset, 0, max);
      img.pixels[static_cast<size_t>(i * channels + c)] =
          comp.prec == 8 ? static_cast<uint8_t>(v) : scale_bits(static_cast<uint32_t>(v), max);
    }
  }
  return img;
}

}  // namespace touchstone::ops::image
