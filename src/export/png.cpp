// PNG via libpng: the low-level API with memory I/O. libpng reports errors by longjmp, so each
// setjmp frame below holds only trivially destructible locals; buffers are owned by the callers.
#include "parkan/export/png.hpp"

#include <png.h>

#include <csetjmp>
#include <cstring>
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

bool write_all(Writer& w, ByteBuffer* out, png_uint_32 width, png_uint_32 height, png_bytepp rows, Effort effort) {
  if (setjmp(png_jmpbuf(w.png))) return false;
  png_set_write_fn(w.png, out, write_to_memory, flush_memory);
  if (effort == Effort::fastest) {
    png_set_compression_level(w.png, 1);
    png_set_filter(w.png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
  }
  png_set_IHDR(w.png, w.info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(w.png, w.info);
  png_write_image(w.png, rows);
  png_write_end(w.png, nullptr);
  return true;
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
  if (!write_all(w, &out, image.width, image.height, rows.data(), effort))
    return invalid(fmt::format("cannot write PNG: {}", w.error.message));
  return out;
}

}  // namespace parkan::png
