// Test pictures and their encoders (image_writers.h). BMP and PNM bytes are written here;
// PNG, JPEG, WebP, TIFF and JPEG 2000 by libpng, libjpeg-turbo, libwebp, libtiff, OpenJPEG.
#include "reference/ops/image/image_writers.h"

#include <jpeglib.h>
#include <openjpeg.h>
#include <png.h>
#include <tiffio.h>
#include <webp/encode.h>

#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>

namespace touchstone::ops::image {

namespace {

using Bytes = std::vector<uint8_t>;

uint8_t to_8(uint32_t v, uint32_t top) {
  return static_cast<uint8_t>((2 * static_cast<uint64_t>(v) * 255 + top) / (2 * static_cast<uint64_t>(top)));
}

void put16(Bytes& b, uint32_t v) {
  b.insert(b.end(), {static_cast<uint8_t>(v), static_cast<uint8_t>(v >> 8)});
}
void put32(Bytes& b, uint32_t v) {
  put16(b, v & 0xFFFF);
  put16(b, v >> 16);
}

size_t index_of(const Picture& p, int64_t x, int64_t y, int c) {
  return static_cast<size_t>((y * p.width + x) * p.channels + c);
}

// The colour samples (no alpha) of one pixel at 8 bits: palette entries looked up.
std::array<uint8_t, 3> rgb_at(const Picture& p, int64_t x, int64_t y) {
  if (!p.palette.empty()) return p.palette.at(p.samples[index_of(p, x, y, 0)]);
  if (p.channels <= 2) {
    const uint8_t g = to_8(p.samples[index_of(p, x, y, 0)], p.top());
    return {g, g, g};
  }
  return {to_8(p.samples[index_of(p, x, y, 0)], p.top()), to_8(p.samples[index_of(p, x, y, 1)], p.top()),
          to_8(p.samples[index_of(p, x, y, 2)], p.top())};
}

}  // namespace

Picture pattern(int64_t width, int64_t height, int channels, int depth, int seed, uint32_t maxval) {
  Picture p{width, height, channels, depth, {}, {}, maxval};
  const uint64_t top = p.top();
  for (int64_t y = 0; y < height; ++y)
    for (int64_t x = 0; x < width; ++x)
      for (int c = 0; c < channels; ++c) {
        const bool alpha = (channels == 2 && c == 1) || (channels == 4 && c == 3);
        const uint64_t v =
            static_cast<uint64_t>(x * 29 + y * 71 + c * 101 + seed * 13 + x * y * 7) * 2654435761u;
        const uint64_t s = (v >> 7) % (top + 1);
        p.samples.push_back(static_cast<uint16_t>(alpha ? 128 + s % 128 : s));
      }
  return p;
}

Picture palette_pattern(int64_t width, int64_t height, int colors, int depth, int seed) {
  Picture p = pattern(width, height, 1, depth, seed);
  for (auto& s : p.samples) s = static_cast<uint16_t>(s % colors);
  for (int i = 0; i < colors; ++i)
    p.palette.push_back({static_cast<uint8_t>(i * 53 + seed), static_cast<uint8_t>(255 - i * 31),
                         static_cast<uint8_t>(i * i * 7 + 3)});
  return p;
}

std::vector<uint8_t> expected_pixels(const Picture& p) {
  const bool gray = p.palette.empty() && p.channels <= 2;
  Bytes out;
  for (int64_t y = 0; y < p.height; ++y)
    for (int64_t x = 0; x < p.width; ++x) {
      const auto rgb = rgb_at(p, x, y);
      if (gray)
        out.push_back(rgb[0]);
      else
        out.insert(out.end(), rgb.begin(), rgb.end());
    }
  return out;
}

// ----- PNG -----

namespace {
void png_append(png_structp png, png_bytep data, size_t n) {
  auto* out = static_cast<Bytes*>(png_get_io_ptr(png));
  out->insert(out->end(), data, data + n);
}
void png_flush_nothing(png_structp) {}
void png_throw(png_structp, png_const_charp message) {
  throw std::runtime_error(std::string("libpng: ") + message);
}
}  // namespace

std::vector<uint8_t> encode_png(const Picture& p, bool interlaced) {
  Bytes out;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, png_throw, nullptr);
  png_infop info = png_create_info_struct(png);
  struct Done {
    png_structp& png;
    png_infop& info;
    ~Done() { png_destroy_write_struct(&png, &info); }
  } done{png, info};
  png_set_write_fn(png, &out, png_append, png_flush_nothing);
  const int color = !p.palette.empty() ? PNG_COLOR_TYPE_PALETTE
                    : p.channels == 1  ? PNG_COLOR_TYPE_GRAY
                    : p.channels == 2  ? PNG_COLOR_TYPE_GRAY_ALPHA
                    : p.channels == 3  ? PNG_COLOR_TYPE_RGB
                                       : PNG_COLOR_TYPE_RGBA;
  png_set_IHDR(png, info, static_cast<png_uint_32>(p.width), static_cast<png_uint_32>(p.height), p.depth,
               color, interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  std::vector<png_color> palette;
  for (const auto& e : p.palette) palette.push_back({e[0], e[1], e[2]});
  if (!palette.empty()) png_set_PLTE(png, info, palette.data(), static_cast<int>(palette.size()));
  png_write_info(png, info);
  if (p.depth < 8) png_set_packing(png);
  const size_t bytes_per_sample = p.depth == 16 ? 2 : 1;
  std::vector<Bytes> rows(static_cast<size_t>(p.height));
  std::vector<png_bytep> row_ptrs;
  for (int64_t y = 0; y < p.height; ++y) {
    for (int64_t x = 0; x < p.width; ++x)
      for (int c = 0; c < p.channels; ++c) {
        const uint16_t v = p.samples[index_of(p, x, y, c)];
        if (bytes_per_sample == 2) rows[static_cast<size_t>(y)].push_back(static_cast<uint8_t>(v >> 8));
        rows[static_cast<size_t>(y)].push_back(static_cast<uint8_t>(v));
      }
    row_ptrs.push_back(rows[static_cast<size_t>(y)].data());
  }
  png_write_image(png, row_ptrs.data());
  png_write_end(png, nullptr);
  return out;
}

// ----- JPEG -----

namespace {
struct JpegWriteErrors {
  jpeg_error_mgr mgr;
  std::jmp_buf jump;
};
void jpeg_write_error(j_common_ptr c) { std::longjmp(reinterpret_cast<JpegWriteErrors*>(c->err)->jump, 1); }
}  // namespace

std::vector<uint8_t> encode_jpeg(const Picture& p, int quality, bool subsample_420) {
  jpeg_compress_struct cinfo{};
  JpegWriteErrors errors;
  cinfo.err = jpeg_std_error(&errors.mgr);
  errors.mgr.error_exit = jpeg_write_error;
  unsigned char* buffer = nullptr;
  unsigned long size = 0;
  std::vector<uint8_t> row;
  if (setjmp(errors.jump)) {
    jpeg_destroy_compress(&cinfo);
    std::free(buffer);
    throw std::runtime_error("libjpeg refused the picture");
  }
  jpeg_create_compress(&cinfo);
  jpeg_mem_dest(&cinfo, &buffer, &size);
  cinfo.image_width = static_cast<JDIMENSION>(p.width);
  cinfo.image_height = static_cast<JDIMENSION>(p.height);
  cinfo.input_components = p.channels;
  cinfo.in_color_space = p.channels == 1 ? JCS_GRAYSCALE : JCS_RGB;
  jpeg_set_defaults(&cinfo);
  jpeg_set_quality(&cinfo, quality, TRUE);
  if (p.channels == 3) {
    cinfo.comp_info[0].h_samp_factor = cinfo.comp_info[0].v_samp_factor = subsample_420 ? 2 : 1;
  }
  jpeg_start_compress(&cinfo, TRUE);
  while (cinfo.next_scanline < cinfo.image_height) {
    row.clear();
    for (int64_t x = 0; x < p.width; ++x)
      for (int c = 0; c < p.channels; ++c)
        row.push_back(static_cast<uint8_t>(p.samples[index_of(p, x, cinfo.next_scanline, c)]));
    JSAMPROW r = row.data();
    jpeg_write_scanlines(&cinfo, &r, 1);
  }
  jpeg_finish_compress(&cinfo);
  Bytes out(buffer, buffer + size);
  jpeg_destroy_compress(&cinfo);
  std::free(buffer);
  return out;
}

// ----- WebP -----

std::vector<uint8_t> encode_webp(const Picture& p, bool lossless) {
  Bytes in;
  for (uint16_t s : p.samples) in.push_back(static_cast<uint8_t>(s));
  const int w = static_cast<int>(p.width), h = static_cast<int>(p.height), stride = w * p.channels;
  uint8_t* data = nullptr;
  size_t size = 0;
  if (p.channels == 4)
    size = lossless ? WebPEncodeLosslessRGBA(in.data(), w, h, stride, &data)
                    : WebPEncodeRGBA(in.data(), w, h, stride, 90, &data);
  else if (p.channels == 3)
    size = lossless ? WebPEncodeLosslessRGB(in.data(), w, h, stride, &data)
                    : WebPEncodeRGB(in.data(), w, h, stride, 90, &data);
  if (size == 0) throw std::runtime_error("libwebp refused the picture");
  Bytes out(data, data + size);
  WebPFree(data);
  return out;
}

// ----- TIFF -----

namespace {
struct TiffSink {
  Bytes bytes;
  toff_t at = 0;
};
tmsize_t sink_read(thandle_t h, void* out, tmsize_t n) {
  auto* s = static_cast<TiffSink*>(h);
  if (s->at >= s->bytes.size()) return 0;
  const auto take = std::min<uint64_t>(static_cast<uint64_t>(n), s->bytes.size() - s->at);
  std::memcpy(out, s->bytes.data() + s->at, take);
  s->at += take;
  return static_cast<tmsize_t>(take);
}
tmsize_t sink_write(thandle_t h, void* in, tmsize_t n) {
  auto* s = static_cast<TiffSink*>(h);
  if (s->at + static_cast<uint64_t>(n) > s->bytes.size()) s->bytes.resize(s->at + static_cast<uint64_t>(n));
  std::memcpy(s->bytes.data() + s->at, in, static_cast<size_t>(n));
  s->at += static_cast<uint64_t>(n);
  return n;
}
toff_t sink_seek(thandle_t h, toff_t off, int whence) {
  auto* s = static_cast<TiffSink*>(h);
  s->at = (whence == SEEK_SET ? 0 : whence == SEEK_CUR ? s->at : s->bytes.size()) + off;
  return s->at;
}
int sink_close(thandle_t) { return 0; }
toff_t sink_size(thandle_t h) { return static_cast<TiffSink*>(h)->bytes.size(); }
int sink_map(thandle_t, void**, toff_t*) { return 0; }
void sink_unmap(thandle_t, void*, toff_t) {}
}  // namespace

std::vector<uint8_t> encode_tiff(const Picture& p, TiffCompression compression) {
  TiffSink sink;
  TIFF* tif = TIFFClientOpen("picture", "w", &sink, sink_read, sink_write, sink_seek, sink_close, sink_size,
                             sink_map, sink_unmap);
  if (!tif) throw std::runtime_error("libtiff cannot open a stream");
  TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, static_cast<uint32_t>(p.width));
  TIFFSetField(tif, TIFFTAG_IMAGELENGTH, static_cast<uint32_t>(p.height));
  TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, static_cast<uint16_t>(p.channels));
  TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, static_cast<uint16_t>(p.depth));
  TIFFSetField(tif, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
  TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, p.channels <= 2 ? PHOTOMETRIC_MINISBLACK : PHOTOMETRIC_RGB);
  if (p.channels == 2 || p.channels == 4) {
    const uint16_t kind = EXTRASAMPLE_UNASSALPHA;
    TIFFSetField(tif, TIFFTAG_EXTRASAMPLES, 1, &kind);
  }
  const uint16_t codec = compression == TiffCompression::kLzw        ? COMPRESSION_LZW
                         : compression == TiffCompression::kDeflate  ? COMPRESSION_ADOBE_DEFLATE
                         : compression == TiffCompression::kPackBits ? COMPRESSION_PACKBITS
                                                                     : COMPRESSION_NONE;
  TIFFSetField(tif, TIFFTAG_COMPRESSION, codec);
  TIFFSetField(tif, TIFFTAG_ROWSPERSTRIP, 2u);
  std::vector<uint8_t> row;
  for (int64_t y = 0; y < p.height; ++y) {
    row.clear();
    for (int64_t x = 0; x < p.width; ++x)
      for (int c = 0; c < p.channels; ++c) {
        const uint16_t v = p.samples[index_of(p, x, y, c)];
        if (p.depth == 16)
          row.insert(row.end(),
                     {static_cast<uint8_t>(v), static_cast<uint8_t>(v >> 8)});  // host order (little-endian)
        else
          row.push_back(static_cast<uint8_t>(v));
      }
    if (TIFFWriteScanline(tif, row.data(), static_cast<uint32_t>(y), 0) < 0) {
      TIFFClose(tif);
      throw std::runtime_error("libtiff refused a row");
    }
  }
  TIFFClose(tif);
  return sink.bytes;
}

// ----- JPEG 2000 -----

namespace {
OPJ_SIZE_T j2k_append(void* data, OPJ_SIZE_T n, void* user) {
  auto* s = static_cast<TiffSink*>(user);
  return static_cast<OPJ_SIZE_T>(sink_write(s, data, static_cast<tmsize_t>(n)));
}
OPJ_OFF_T j2k_skip_out(OPJ_OFF_T n, void* user) {
  auto* s = static_cast<TiffSink*>(user);
  s->at += static_cast<uint64_t>(n);
  if (s->at > s->bytes.size()) s->bytes.resize(s->at);
  return n;
}
OPJ_BOOL j2k_seek_out(OPJ_OFF_T to, void* user) {
  auto* s = static_cast<TiffSink*>(user);
  s->at = static_cast<uint64_t>(to);
  if (s->at > s->bytes.size()) s->bytes.resize(s->at);
  return OPJ_TRUE;
}
void j2k_silent(const char*, void*) {}
}  // namespace

std::vector<uint8_t> encode_jpeg2000(const Picture& p, bool lossless, bool jp2_file) {
  std::vector<opj_image_cmptparm_t> params(static_cast<size_t>(p.channels));
  for (auto& c : params) {
    c = {};
    c.dx = c.dy = 1;
    c.w = static_cast<OPJ_UINT32>(p.width);
    c.h = static_cast<OPJ_UINT32>(p.height);
    c.prec = static_cast<OPJ_UINT32>(p.depth);
    c.sgnd = 0;
  }
  const auto space = p.channels <= 2 ? OPJ_CLRSPC_GRAY : OPJ_CLRSPC_SRGB;
  opj_image_t* image = opj_image_create(static_cast<OPJ_UINT32>(p.channels), params.data(), space);
  if (!image) throw std::runtime_error("OpenJPEG cannot make an image");
  image->x1 = static_cast<OPJ_UINT32>(p.width);
  image->y1 = static_cast<OPJ_UINT32>(p.height);
  for (int c = 0; c < p.channels; ++c)
    for (int64_t i = 0; i < p.width * p.height; ++i)
      image->comps[c].data[i] = p.samples[static_cast<size_t>(i * p.channels + c)];
  opj_cparameters_t cp;
  opj_set_default_encoder_parameters(&cp);
  cp.tcp_numlayers = 1;
  cp.cp_disto_alloc = 1;
  cp.tcp_rates[0] = lossless ? 0 : 8;  // 0: lossless; 8: eight times smaller
  cp.irreversible = lossless ? 0 : 1;
  cp.numresolution = 3;
  cp.tcp_mct = p.channels >= 3 ? 1 : 0;
  TiffSink sink;
  opj_codec_t* codec = opj_create_compress(jp2_file ? OPJ_CODEC_JP2 : OPJ_CODEC_J2K);
  opj_set_error_handler(codec, j2k_silent, nullptr);
  opj_set_warning_handler(codec, j2k_silent, nullptr);
  opj_set_info_handler(codec, j2k_silent, nullptr);
  opj_stream_t* stream = opj_stream_create(OPJ_J2K_STREAM_CHUNK_SIZE, OPJ_FALSE);
  opj_stream_set_user_data(stream, &sink, nullptr);
  opj_stream_set_write_function(stream, j2k_append);
  opj_stream_set_skip_function(stream, j2k_skip_out);
  opj_stream_set_seek_function(stream, j2k_seek_out);
  const bool ok = opj_setup_encoder(codec, &cp, image) && opj_start_compress(codec, image, stream) &&
                  opj_encode(codec, stream) && opj_end_compress(codec, stream);
  opj_stream_destroy(stream);
  opj_destroy_codec(codec);
  opj_image_destroy(image);
  if (!ok) throw std::runtime_error("OpenJPEG refused the picture");
  return sink.bytes;
}

// ----- BMP and PNM -----

std::vector<uint8_t> encode_bmp(const Picture& p, int bits, bool top_down, bool core) {
  const uint32_t info = core ? 12 : 40;
  const uint32_t colors = bits <= 8 ? static_cast<uint32_t>(p.palette.size()) : 0;
  const uint32_t palette_bytes = colors * (core ? 3 : 4);
  const uint32_t row_bytes = static_cast<uint32_t>((p.width * bits + 31) / 32 * 4);
  const uint32_t offset = 14 + info + palette_bytes,
                 size = offset + row_bytes * static_cast<uint32_t>(p.height);
  Bytes b = {'B', 'M'};
  put32(b, size);
  put32(b, 0);
  put32(b, offset);
  put32(b, info);
  if (core) {
    put16(b, static_cast<uint32_t>(p.width));
    put16(b, static_cast<uint32_t>(p.height));
    put16(b, 1);
    put16(b, static_cast<uint32_t>(bits));
  } else {
    put32(b, static_cast<uint32_t>(p.width));
    put32(b, static_cast<uint32_t>(top_down ? -p.height : p.height));
    put16(b, 1);
    put16(b, static_cast<uint32_t>(bits));
    for (uint32_t v : {0u, row_bytes * static_cast<uint32_t>(p.height), 2835u, 2835u, colors, 0u})
      put32(b, v);
  }
  for (const auto& e : p.palette) {
    if (bits > 8) break;
    b.insert(b.end(), {e[2], e[1], e[0]});
    if (!core) b.push_back(0);
  }
  for (int64_t r = 0; r < p.height; ++r) {
    const int64_t y = top_down ? r : p.height - 1 - r;
    Bytes row(row_bytes, 0);
    for (int64_t x = 0; x < p.width; ++x) {
      if (bits <= 8) {
        const uint32_t index = p.samples[index_of(p, x, y, 0)];
        const int64_t bit = x * bits;
        row[static_cast<size_t>(bit / 8)] |= static_cast<uint8_t>(index << (8 - bits - bit % 8));
      } else {
        const auto rgb = rgb_at(p, x, y);
        const size_t at = static_cast<size_t>(x * (bits / 8));
        row[at] = rgb[2];
        row[at + 1] = rgb[1];
        row[at + 2] = rgb[0];
        if (bits == 32) row[at + 3] = 0;
      }
    }
    b.insert(b.end(), row.begin(), row.end());
  }
  return b;
}

std::vector<uint8_t> encode_pnm(const Picture& p, int kind) {
  std::string header = "P" + std::to_string(kind) + "\n# touchstone test picture\n" +
                       std::to_string(p.width) + " " + std::to_string(p.height) + "\n";
  if (kind != 1 && kind != 4) header += std::to_string(p.top()) + "\n";
  Bytes b(header.begin(), header.end());
  const size_t n = p.samples.size();
  if (kind == 4) {
    for (int64_t y = 0; y < p.height; ++y) {
      Bytes row(static_cast<size_t>((p.width + 7) / 8), 0);
      for (int64_t x = 0; x < p.width; ++x)
        if (p.samples[index_of(p, x, y, 0)] == 0)
          row[static_cast<size_t>(x / 8)] |= static_cast<uint8_t>(0x80 >> (x % 8));
      b.insert(b.end(), row.begin(), row.end());
    }
  } else if (kind <= 3) {
    std::string text;
    for (size_t i = 0; i < n; ++i) {
      text += kind == 1 ? (p.samples[i] == 0 ? "1" : "0") : std::to_string(p.samples[i]);
      text += (i + 1) % 12 == 0 ? "\n" : " ";
    }
    b.insert(b.end(), text.begin(), text.end());
  } else {
    for (size_t i = 0; i < n; ++i) {
      if (p.top() > 255) b.push_back(static_cast<uint8_t>(p.samples[i] >> 8));
      b.push_back(static_cast<uint8_t>(p.samples[i]));
    }
  }
  return b;
}

}  // namespace touchstone::ops::image
