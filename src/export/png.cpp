// PNG via libpng: the low-level API with memory I/O. libpng reports errors by longjmp, so each
// setjmp frame below holds only trivially destructible locals; buffers are owned by the callers.
// Effort::balanced writes the file itself (filtered rows, one libdeflate zlib stream, the chunks).
#include "parkan/export/png.hpp"

#include <libdeflate.h>
#include <png.h>

#include <algorithm>
#include <csetjmp>
#include <cstring>
#include <memory>
#include <string>

#include <fmt/format.h>

namespace parkan::png {

namespace {

struct ErrorState {
  char message[256] = {};
};

[[noreturn]] void on_error(png_structp png, png_const_charp message) {
  auto* state = static_cast<ErrorState*>(png_get_error_ptr(png));
  std::snprintf(state->message, sizeof state->message, "%s", message);
  png_longjmp(png, 1);
}
void on_warning(png_structp, png_const_charp) {}

struct Source {
  const std::uint8_t* data;
  std::size_t size;
  std::size_t offset;
};

void read_from_memory(png_structp png, png_bytep out, png_size_t count) {
  auto* src = static_cast<Source*>(png_get_io_ptr(png));
  if (count > src->size - src->offset) png_error(png, "unexpected end of file");
  std::memcpy(out, src->data + src->offset, count);
  src->offset += count;
}

// Owns the libpng read structures.
struct Reader {
  png_structp png = nullptr;
  png_infop info = nullptr;
  ErrorState error;
  Source source{};
  ~Reader() { png_destroy_read_struct(&png, info ? &info : nullptr, nullptr); }
};

struct Shape {
  png_uint_32 width = 0, height = 0;
  int bit_depth = 0, color_type = 0, interlace = 0;
  std::size_t rowbytes = 0;  // after the transforms: width * 4
};

// Reads the header and sets up the transforms to RGBA8. False on a libpng error.
bool read_header(Reader& r, Shape& shape) {
  if (setjmp(png_jmpbuf(r.png))) return false;
  png_set_read_fn(r.png, &r.source, read_from_memory);
  png_set_user_limits(r.png, kMaxSide, kMaxSide);
  png_read_info(r.png, r.info);
  png_get_IHDR(r.png, r.info, &shape.width, &shape.height, &shape.bit_depth, &shape.color_type, &shape.interlace,
               nullptr, nullptr);
  if (shape.color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(r.png);
  if (shape.color_type == PNG_COLOR_TYPE_GRAY && shape.bit_depth < 8) png_set_expand_gray_1_2_4_to_8(r.png);
  if (png_get_valid(r.png, r.info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(r.png);
  if (shape.bit_depth == 16) png_set_scale_16(r.png);
  if (shape.color_type == PNG_COLOR_TYPE_GRAY || shape.color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(r.png);
  png_set_filler(r.png, 0xFF, PNG_FILLER_AFTER);  // only adds alpha where there is none
  png_set_interlace_handling(r.png);
  png_read_update_info(r.png, r.info);
  shape.rowbytes = png_get_rowbytes(r.png, r.info);
  return true;
}

bool read_rows(Reader& r, png_bytepp rows) {
  if (setjmp(png_jmpbuf(r.png))) return false;
  png_read_image(r.png, rows);
  png_read_end(r.png, nullptr);
  return true;
}

Error png_failure(const ErrorState& state) { return invalid(fmt::format("not a valid PNG: {}", state.message)); }

void write_to_memory(png_structp png, png_bytep data, png_size_t count) {
  auto* out = static_cast<ByteBuffer*>(png_get_io_ptr(png));
  out->insert(out->end(), data, data + count);
}
void flush_memory(png_structp) {}

struct Writer {
  png_structp png = nullptr;
  png_infop info = nullptr;
  ErrorState error;
  ~Writer() { png_destroy_write_struct(&png, info ? &info : nullptr); }
};

// Effort::smallest: libpng's defaults, zlib's default level and adaptive filters.
bool write_all(Writer& w, ByteBuffer* out, png_uint_32 width, png_uint_32 height, png_bytepp rows) {
  if (setjmp(png_jmpbuf(w.png))) return false;
  png_set_write_fn(w.png, out, write_to_memory, flush_memory);
  png_set_IHDR(w.png, w.info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(w.png, w.info);
  png_write_image(w.png, rows);
  png_write_end(w.png, nullptr);
  return true;
}

// Effort::balanced: the PNG filter of each row (PNG specification 9) picked by the smallest sum of
// |filtered byte as signed| among None, Sub and Up (the heuristic libpng uses); ties keep the lower
// type. Paeth and Average cost more time and won nothing on the sample textures (docs/cli.md 4.1).
constexpr std::uint8_t kFilterNone = 0, kFilterSub = 1, kFilterUp = 2;
constexpr std::size_t kBytesPerPixel = 4;

// Sum of |byte as a signed value| of row[i] - before[i]; `before` may be null (a zero row).
std::uint64_t filter_cost(const std::uint8_t* row, const std::uint8_t* before, std::size_t size) {
  std::uint32_t sum = 0;  // at most 128 per byte; flushed well before 2^32
  std::uint64_t total = 0;
  for (std::size_t start = 0; start < size; start += std::size_t(1) << 24) {
    const std::size_t end = std::min(size, start + (std::size_t(1) << 24));
    sum = 0;
    for (std::size_t i = start; i < end; ++i) {
      const auto d = static_cast<std::int8_t>(static_cast<std::uint8_t>(row[i] - (before ? before[i] : 0)));
      sum += static_cast<std::uint32_t>(d < 0 ? -d : d);
    }
    total += sum;
  }
  return total;
}

// One row with its filter type byte in front (`out` holds 1 + stride bytes).
void filter_row(const std::uint8_t* row, const std::uint8_t* above, std::size_t stride, std::uint8_t* out) {
  const std::uint64_t none = filter_cost(row, nullptr, stride);
  const std::uint64_t sub = filter_cost(row, nullptr, std::min(stride, kBytesPerPixel)) +
                            filter_cost(row + kBytesPerPixel, row, stride - std::min(stride, kBytesPerPixel));
  const std::uint64_t up = above ? filter_cost(row, above, stride) : none;
  std::uint8_t* d = out + 1;
  if (none <= sub && none <= up) {
    out[0] = kFilterNone;
    std::memcpy(d, row, stride);
  } else if (sub <= up) {
    out[0] = kFilterSub;
    std::memcpy(d, row, std::min(stride, kBytesPerPixel));
    for (std::size_t i = kBytesPerPixel; i < stride; ++i) d[i] = static_cast<std::uint8_t>(row[i] - row[i - kBytesPerPixel]);
  } else {
    out[0] = kFilterUp;
    for (std::size_t i = 0; i < stride; ++i) d[i] = static_cast<std::uint8_t>(row[i] - above[i]);
  }
}

void put_be32(ByteBuffer& out, std::uint32_t v) {
  const std::uint8_t b[4] = {std::uint8_t(v >> 24), std::uint8_t(v >> 16), std::uint8_t(v >> 8), std::uint8_t(v)};
  out.insert(out.end(), b, b + 4);
}

// A chunk: length, type, data, CRC-32 of type and data (PNG specification 5.3).
void put_chunk(ByteBuffer& out, const char (&type)[5], const std::uint8_t* data, std::size_t size) {
  put_be32(out, static_cast<std::uint32_t>(size));
  const std::size_t type_at = out.size();
  out.insert(out.end(), type, type + 4);
  if (size) out.insert(out.end(), data, data + size);
  put_be32(out, libdeflate_crc32(0, out.data() + type_at, 4 + size));
}

// The largest IDAT chunk written; a longer zlib stream continues in further IDAT chunks.
constexpr std::size_t kMaxIdatChunk = std::size_t(1) << 30;

struct CompressorDeleter {
  void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
};

// The filtered rows and the zlib stream of Effort::balanced, kept per thread between calls: fresh
// multi-megabyte buffers for every texture cost page faults (the allocator hands large freed blocks
// back to the system) worth about a tenth of texm to-png. Both are PixelBuffers, written before
// they are read, so never zeroed. Buffers above kKeptScratch bytes are released after the call.
struct Scratch {
  texm::PixelBuffer filtered, zlib;
};
constexpr std::size_t kKeptScratch = std::size_t(16) << 20;  // a 2048x2048 texture

Result<ByteBuffer> encode_balanced(const texm::Image& image) {
  thread_local Scratch scratch;
  struct Release {
    ~Release() {
      if (scratch.filtered.capacity() > kKeptScratch) scratch.filtered = {};
      if (scratch.zlib.capacity() > kKeptScratch) scratch.zlib = {};
    }
  } release;
  const std::size_t stride = std::size_t(image.width) * kBytesPerPixel;
  // Fits: image.rgba holds width * height * 4 bytes already, and this adds one byte per row.
  texm::PixelBuffer& filtered = scratch.filtered;
  filtered.resize((stride + 1) * image.height);
  for (std::uint32_t y = 0; y < image.height; ++y) {
    const std::uint8_t* row = image.rgba.data() + std::size_t(y) * stride;
    filter_row(row, y ? row - stride : nullptr, stride, filtered.data() + std::size_t(y) * (stride + 1));
  }
  std::unique_ptr<libdeflate_compressor, CompressorDeleter> compressor(libdeflate_alloc_compressor(kBalancedDeflateLevel));
  if (!compressor) return invalid("cannot write PNG: out of memory for the compressor");
  texm::PixelBuffer& zlib = scratch.zlib;
  zlib.resize(libdeflate_zlib_compress_bound(compressor.get(), filtered.size()));
  const std::size_t zlib_size =
      libdeflate_zlib_compress(compressor.get(), filtered.data(), filtered.size(), zlib.data(), zlib.size());
  if (zlib_size == 0) return invalid("cannot write PNG: the compressed image does not fit its bound");

  ByteBuffer out;
  out.reserve(8 + 25 + zlib_size + 12 * (zlib_size / kMaxIdatChunk + 1) + 12);
  static constexpr std::uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
  out.insert(out.end(), kSignature, kSignature + 8);
  ByteBuffer header;
  put_be32(header, image.width);
  put_be32(header, image.height);
  // bit depth 8, colour type 6 (RGBA), compression 0, filter method 0, no interlace
  for (std::uint8_t b : {8, 6, 0, 0, 0}) header.push_back(b);
  put_chunk(out, "IHDR", header.data(), header.size());
  for (std::size_t at = 0; at < zlib_size; at += kMaxIdatChunk)
    put_chunk(out, "IDAT", zlib.data() + at, std::min(kMaxIdatChunk, zlib_size - at));
  put_chunk(out, "IEND", nullptr, 0);
  return out;
}

}  // namespace

Result<texm::Image> decode(ByteView bytes) {
  if (bytes.size() < 8 || png_sig_cmp(bytes.data(), 0, 8) != 0) return invalid("not a PNG file (bad signature)", 0);
  Reader r;
  r.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &r.error, on_error, on_warning);
  if (!r.png) return invalid("cannot create a PNG reader");
  r.info = png_create_info_struct(r.png);
  if (!r.info) return invalid("cannot create a PNG reader");
  r.source = Source{bytes.data(), bytes.size(), 0};
  Shape shape;
  if (!read_header(r, shape)) return png_failure(r.error);
  // Both sides are at most kMaxSide (user limits), so the products below fit in 64 bits.
  std::uint64_t raw = std::uint64_t(shape.width) * shape.height * 4;
  std::uint64_t budget = std::max<std::uint64_t>(kMinBudget, std::uint64_t(bytes.size()) * kMaxExpansion);
  if (raw > budget)
    return invalid(fmt::format("PNG claims {}x{} pixels, more than its {} bytes can hold", shape.width, shape.height,
                               bytes.size()));
  if (shape.rowbytes != std::size_t(shape.width) * 4)
    return invalid(fmt::format("PNG rows are {} bytes after conversion, expected {}", shape.rowbytes, shape.width * 4));
  texm::Image image;
  image.width = shape.width;
  image.height = shape.height;
  image.rgba.resize(raw);
  std::vector<png_bytep> rows(shape.height);
  for (png_uint_32 y = 0; y < shape.height; ++y) rows[y] = image.rgba.data() + std::size_t(y) * shape.rowbytes;
  if (!read_rows(r, rows.data())) return png_failure(r.error);
  return image;
}

Result<ByteBuffer> encode(const texm::Image& image, Effort effort) {
  if (image.width == 0 || image.height == 0 || image.width > 0x7FFFFFFF || image.height > 0x7FFFFFFF)
    return invalid(fmt::format("cannot write a {}x{} PNG", image.width, image.height));
  if (image.rgba.size() != std::size_t(image.width) * image.height * 4)
    return invalid(fmt::format("image has {} bytes of RGBA, {}x{} needs {}", image.rgba.size(), image.width,
                               image.height, std::size_t(image.width) * image.height * 4));
  if (effort == Effort::balanced) return encode_balanced(image);
  Writer w;
  w.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &w.error, on_error, on_warning);
  if (!w.png) return invalid("cannot create a PNG writer");
  w.info = png_create_info_struct(w.png);
  if (!w.info) return invalid("cannot create a PNG writer");
  std::vector<png_bytep> rows(image.height);
  for (std::uint32_t y = 0; y < image.height; ++y)
    rows[y] = const_cast<png_bytep>(image.rgba.data() + std::size_t(y) * image.width * 4);  // libpng only reads them
  ByteBuffer out;
  out.reserve(image.rgba.size() / 2 + 1024);
  if (!write_all(w, &out, image.width, image.height, rows.data()))
    return invalid(fmt::format("cannot write PNG: {}", w.error.message));
  return out;
}

}  // namespace parkan::png
