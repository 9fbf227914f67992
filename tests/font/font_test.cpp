// Fonts (docs/formats/font.md): Tfnt bytes built here from the layout of docs/formats/font.md 2 (a 0x14-byte header, 256
// records {f32 u0, f32 u1, f32 v0, i32 advance}, a Texm atlas at 0x1014), read, checked rule by
// rule, written back byte for byte; the atlas exported and imported; PAL.PAL's Ipol checks.
#include <cmath>
#include <cstring>
#include <limits>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <rapidcheck/gtest.h>

#include "parkan/font/atlas.hpp"
#include "parkan/font/codes.hpp"
#include "parkan/font/font.hpp"

namespace parkan::font {
namespace {

void put(ByteBuffer& b, std::size_t at, const void* p, std::size_t n) { std::memcpy(b.data() + at, p, n); }
void put32(ByteBuffer& b, std::size_t at, std::uint32_t v) { put(b, at, &v, 4); }
void puti(ByteBuffer& b, std::size_t at, std::int32_t v) { put(b, at, &v, 4); }
void putf(ByteBuffer& b, std::size_t at, float v) { put(b, at, &v, 4); }

constexpr std::uint32_t kW = 8, kH = 4;  // the atlas of the hand-built font

// A Tfnt of cell width 4, glyph height 3, cell height 4/4 texture units... (4 rows of a 4-high atlas),
// pen step 1; glyph 'A' (0x41) at pixels 0..2 (advance 2), glyph 'B' at 3..6 (advance 3); the atlas
// is Texm format 2, 8 x 4, one level, colour key, pixel (x, y) = x + 8 y (0 at the top left).
ByteBuffer hand_font(std::uint32_t format = 2) {
  const std::size_t palette = format == 0 ? 1024 : 0;
  ByteBuffer b(0x1014 + 32 + palette + kW * kH, 0);
  put(b, 0, "Tfnt", 4);
  puti(b, 4, 4);
  puti(b, 8, 3);
  putf(b, 12, 1.0f);
  puti(b, 16, 1);
  auto glyph = [&](std::size_t code, float u0, float u1, float v0, std::int32_t advance) {
    const std::size_t at = 0x14 + 16 * code;
    putf(b, at, u0), putf(b, at + 4, u1), putf(b, at + 8, v0), puti(b, at + 12, advance);
  };
  glyph(0x41, 0.0f, 3.0f / 8, 0.0f, 2);
  glyph(0x42, 3.0f / 8, 7.0f / 8, 0.0f, 3);
  const std::size_t t = 0x1014;
  put(b, t, "Texm", 4);
  put32(b, t + 4, kW), put32(b, t + 8, kH), put32(b, t + 12, 1), put32(b, t + 16, 0);
  put32(b, t + 20, 0x01000000), put32(b, t + 24, 0), put32(b, t + 28, format);
  for (std::size_t i = 0; i < palette / 4; ++i) b[t + 32 + 4 * i] = b[t + 33 + 4 * i] = b[t + 34 + 4 * i] = std::uint8_t(i);
  for (std::size_t i = 0; i < kW * kH; ++i) b[t + 32 + palette + i] = std::uint8_t(i);
  return b;
}

// A grey external palette: entry i = (i, i, i), B, G, R, X.
ByteBuffer grey_palette() {
  ByteBuffer p(1024, 0);
  for (std::size_t i = 0; i < 256; ++i) p[4 * i] = p[4 * i + 1] = p[4 * i + 2] = std::uint8_t(i);
  return p;
}

std::vector<std::string> codes_of(const std::vector<Diagnostic>& d) {
  std::vector<std::string> out;
  for (const Diagnostic& x : d) out.push_back(x.code);
  return out;
}

TEST(Font, ReadsTheHandBuiltFont) {
  const ByteBuffer bytes = hand_font();
  auto font = read_font(bytes);
  ASSERT_TRUE(font.ok()) << font.error().to_string();
  EXPECT_EQ(font->cell_width, 4);
  EXPECT_EQ(font->glyph_height, 3);
  EXPECT_EQ(font->cell_height, 1.0f);
  EXPECT_EQ(font->pen_step, 1);
  EXPECT_EQ(font->glyphs[0x41], (Glyph{0.0f, 0.375f, 0.0f, 2}));
  EXPECT_EQ(font->glyphs[0x42], (Glyph{0.375f, 0.875f, 0.0f, 3}));
  EXPECT_EQ(font->glyphs[0x43], (Glyph{}));
  EXPECT_EQ(font->atlas.format, texm::Format::indexed8_external);
  EXPECT_EQ(font->atlas.header.width, kW);
  EXPECT_EQ(font->atlas_bytes.size(), 32u + kW * kH);
  const GlyphRect r = glyph_rect(*font, font->glyphs[0x42]);
  EXPECT_EQ(r.x, 3);
  EXPECT_EQ(r.y, 0);
  EXPECT_EQ(r.w, 4);
  EXPECT_EQ(r.h, 4);
  EXPECT_EQ(write_font(*font), bytes);
}

TEST(Font, CleanFontHasNoFinding) {
  EXPECT_TRUE(check_font(hand_font()).empty());
  EXPECT_TRUE(check_font(hand_font(0)).empty());
}

TEST(Font, ReaderErrors) {
  auto short_font = check_font(ByteBuffer{'T', 'f'});
  ASSERT_EQ(short_font.size(), 1u);
  EXPECT_EQ(short_font[0].code, "font.size");
  EXPECT_EQ(short_font[0].message, "2 bytes: shorter than the \"Tfnt\" magic");

  ByteBuffer bytes = hand_font();
  bytes.resize(0x1014);
  auto no_atlas = check_font(bytes);
  ASSERT_EQ(no_atlas.size(), 1u);
  EXPECT_EQ(no_atlas[0].code, "font.size");
  EXPECT_EQ(no_atlas[0].message, "4116 bytes: the header and 256 glyph records take 0x1014, and the atlas follows them");

  bytes = hand_font();
  bytes[0] = 'X';
  auto magic = check_font(bytes);
  ASSERT_EQ(magic.size(), 1u);
  EXPECT_EQ(magic[0].code, "font.magic");
  EXPECT_EQ(magic[0].message, "bad magic 0x746e6658: not a Tfnt font");

  bytes = hand_font();
  bytes[0x1014] = 'X';
  auto atlas = check_font(bytes);
  ASSERT_EQ(atlas.size(), 1u);
  EXPECT_EQ(atlas[0].code, "font.atlas");
  EXPECT_EQ(atlas[0].message, "the atlas at 0x1014 is not a Texm: bad magic 0x6d786558: not a Texm texture");
  EXPECT_EQ(atlas[0].location.offset, 0x1014u);

  bytes = hand_font();
  bytes.pop_back();  // the atlas's level 0 is one byte short
  auto truncated = check_font(bytes);
  ASSERT_EQ(truncated.size(), 1u);
  EXPECT_EQ(truncated[0].code, "font.atlas");
  EXPECT_EQ(truncated[0].location.offset, 0x1014u + 32);
}

// One finding of `code` at `offset` with `message`.
void expect_one(const ByteBuffer& bytes, const std::string& code, Severity severity, std::uint64_t offset,
                const std::string& message) {
  const std::vector<Diagnostic> d = check_font(bytes);
  ASSERT_EQ(d.size(), 1u) << ::testing::PrintToString(codes_of(d));
  EXPECT_EQ(d[0].code, code);
  EXPECT_EQ(d[0].severity, severity);
  EXPECT_EQ(d[0].location.offset, offset);
  EXPECT_EQ(d[0].message, message);
}

TEST(Font, EveryCheckerRule) {
  ByteBuffer b = hand_font();
  puti(b, 4, 0);
  // advance 2 and 3 are now wider than a cell of 0 pixels as well: check the header finding alone.
  {
    std::vector<Diagnostic> d = check_font(b);
    ASSERT_GE(d.size(), 1u);
    EXPECT_EQ(d[0].code, "font.header.cell");
    EXPECT_EQ(d[0].message, "cell width 0 is not positive");
    EXPECT_EQ(d[0].location.offset, 4u);
  }
  b = hand_font();
  puti(b, 8, -1);
  expect_one(b, "font.header.cell", Severity::warning, 8, "glyph height -1 is not positive");
  b = hand_font();
  puti(b, 16, -2);
  expect_one(b, "font.header.cell", Severity::warning, 16, "extra pen step -2 is negative");
  b = hand_font();
  putf(b, 12, 2.0f);
  expect_one(b, "font.header.cell_height", Severity::warning, 12, "cell height 2 is not in (0, 1] texture units");
  b = hand_font();
  putf(b, 0x14 + 16 * 0x41 + 8, 1.5f);
  expect_one(b, "font.glyph.range", Severity::warning, 0x14 + 16 * 0x41 + 8, "glyph 0x41: v0 1.5 is outside 0..1");
  b = hand_font();
  putf(b, 0x14 + 16 * 0x41, std::numeric_limits<float>::quiet_NaN());
  expect_one(b, "font.glyph.range", Severity::warning, 0x14 + 16 * 0x41, "glyph 0x41: u0 nan is outside 0..1");
  b = hand_font();
  putf(b, 0x14 + 16 * 0x42 + 4, 0.25f);  // u1 left of u0 0.375
  expect_one(b, "font.glyph.order", Severity::warning, 0x14 + 16 * 0x42 + 4, "glyph 0x42: u1 0.25 is left of u0 0.375");
  b = hand_font();
  puti(b, 0x14 + 16 * 0x42 + 12, -1);
  expect_one(b, "font.glyph.advance", Severity::warning, 0x14 + 16 * 0x42 + 12, "glyph 0x42: advance -1 is negative");
  b = hand_font();
  puti(b, 0x14 + 16 * 0x42 + 12, 5);
  expect_one(b, "font.glyph.advance", Severity::warning, 0x14 + 16 * 0x42 + 12,
             "glyph 0x42: advance 5 is wider than the cell (4 pixels)");
  b = hand_font();
  puti(b, 0x14 + 16 * 0x42 + 12, 1);  // drawn width 2, u1 - u0 spans 4 pixels
  expect_one(b, "font.glyph.width", Severity::note, 0x14 + 16 * 0x42 + 4,
             "glyph 0x42: u1 - u0 spans 4 pixels of the atlas, the drawn width advance + 1 is 2");
}

TEST(Font, Encoding) {
  EXPECT_EQ(encoding_for_name("ARIALTEX.TFT"), Encoding::cp866);
  EXPECT_EQ(encoding_for_name("gamefont.rlb::arialtex.tft"), Encoding::cp866);
  EXPECT_EQ(encoding_for_name("gf_800"), Encoding::cp1251);
  EXPECT_EQ(encoding_name(Encoding::cp866), "cp866");
}

TEST(Font, AtlasImageThroughThePalette) {
  const ByteBuffer bytes = hand_font();
  auto font = read_font(bytes);
  ASSERT_TRUE(font.ok());
  EXPECT_FALSE(atlas_image(*font).ok());  // format 2 needs its palette
  auto image = atlas_image(*font, grey_palette());
  ASSERT_TRUE(image.ok()) << image.error().to_string();
  ASSERT_EQ(image->width, kW);
  // Pixel (x, y) holds index x + 8 y: grey of that level; index 0 transparent (the colour key).
  for (std::uint32_t i = 0; i < kW * kH; ++i) {
    const std::uint8_t* p = image->rgba.data() + 4 * i;
    EXPECT_EQ(p[0], i);
    EXPECT_EQ(p[3], i == 0 ? 0 : 255) << i;
  }
}

TEST(Font, ExportDocument) {
  const ByteBuffer bytes = hand_font();
  auto font = read_font(bytes);
  ASSERT_TRUE(font.ok());
  auto doc = export_json(*font, Encoding::cp866, grey_palette());
  ASSERT_TRUE(doc.ok());
  EXPECT_EQ((*doc)["format"], "parkan font export 1");
  EXPECT_EQ((*doc)["encoding"], "cp866");
  EXPECT_EQ((*doc)["cell_width"], 4);
  EXPECT_EQ((*doc)["glyph_height"], 3);
  EXPECT_EQ((*doc)["cell_height"], 1.0);
  EXPECT_EQ((*doc)["pen_step"], 1);
  EXPECT_EQ((*doc)["atlas"]["format"], 2);
  EXPECT_EQ((*doc)["atlas"]["flags5"], 0x01000000);
  EXPECT_EQ((*doc)["atlas"]["external_palette"], true);
  EXPECT_EQ((*doc)["atlas"]["palette"].get<std::string>().substr(0, 16), "0000000001010100");
  ASSERT_EQ((*doc)["glyphs"].size(), 256u);
  const nlohmann::json& b = (*doc)["glyphs"][0x42];
  EXPECT_EQ(b["code"], 0x42);
  EXPECT_EQ(b["u0"], 0.375);
  EXPECT_EQ(b["u1"], 0.875);
  EXPECT_EQ(b["v0"], 0.0);
  EXPECT_EQ(b["advance"], 3);
  EXPECT_EQ(b["drawn_width"], 4);
  EXPECT_EQ(b["rect"], (nlohmann::json{{"x", 3}, {"y", 0}, {"w", 4}, {"h", 4}}));
}

TEST(Font, UneditedExportImportsByteForByte) {
  for (std::uint32_t format : {2u, 0u}) {
    const ByteBuffer bytes = hand_font(format);
    auto font = read_font(bytes);
    ASSERT_TRUE(font.ok());
    auto image = atlas_image(*font, grey_palette());
    auto doc = export_json(*font, Encoding::cp1251, grey_palette());
    ASSERT_TRUE(image.ok() && doc.ok());
    auto back = import_font(*image, *doc);
    ASSERT_TRUE(back.ok()) << back.error().to_string();
    EXPECT_EQ(*back, bytes) << "format " << format;
  }
}

TEST(Font, EditedPixelChangesExactlyThere) {
  const ByteBuffer bytes = hand_font();
  auto font = read_font(bytes);
  ASSERT_TRUE(font.ok());
  auto image = atlas_image(*font, grey_palette());
  auto doc = export_json(*font, Encoding::cp1251, grey_palette());
  ASSERT_TRUE(image.ok() && doc.ok());
  // Pixel (5, 2) of glyph 'B' painted grey 200; glyph 'A' one pixel wider in the JSON.
  std::uint8_t* p = image->rgba.data() + 4 * (2 * kW + 5);
  p[0] = p[1] = p[2] = 200, p[3] = 255;
  (*doc)["glyphs"][0x41]["advance"] = 3;
  auto back = import_font(*image, *doc);
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  ASSERT_EQ(back->size(), bytes.size());
  std::vector<std::size_t> changed;
  for (std::size_t i = 0; i < bytes.size(); ++i)
    if ((*back)[i] != bytes[i]) changed.push_back(i);
  EXPECT_EQ(changed, (std::vector<std::size_t>{0x14 + 16 * 0x41 + 12, 0x1014 + 32 + 2 * kW + 5}));
  EXPECT_EQ((*back)[0x1014 + 32 + 2 * kW + 5], 200);
}

TEST(Font, ImportRefusals) {
  const ByteBuffer bytes = hand_font();
  auto font = read_font(bytes);  // the font views these bytes: they outlive it
  ASSERT_TRUE(font.ok());
  auto image = atlas_image(*font, grey_palette());
  auto doc = export_json(*font, Encoding::cp1251, grey_palette());
  ASSERT_TRUE(image.ok() && doc.ok());
  texm::Image small{4, 4, ByteBuffer(64, 0)};
  auto wrong_size = import_font(small, *doc);
  ASSERT_FALSE(wrong_size.ok());
  EXPECT_EQ(wrong_size.error().rule, "font.import.image");
  EXPECT_EQ(wrong_size.error().message, "the image is 4x4, the atlas 8x4");
  nlohmann::json bad = *doc;
  bad["glyphs"].erase(0);
  auto few = import_font(*image, bad);
  ASSERT_FALSE(few.ok());
  EXPECT_EQ(few.error().rule, "font.import.json");
  EXPECT_EQ(few.error().message, "\"glyphs\" must be an array of 256 records, one per code");
  bad = *doc;
  bad["glyphs"][7]["u0"] = "x";
  auto not_number = import_font(*image, bad);
  ASSERT_FALSE(not_number.ok());
  EXPECT_EQ(not_number.error().message, "glyph 7: \"u0\" must be a number (or \"0xXXXXXXXX\", a float's bits)");
  bad = *doc;
  bad["format"] = "other";
  EXPECT_FALSE(import_font(*image, bad).ok());
}

// ---- PAL.PAL ----

ByteBuffer pal_bytes() {
  ByteBuffer b(66564, 0);
  for (std::size_t i = 0; i < 256; ++i) b[4 * i] = b[4 * i + 1] = b[4 * i + 2] = std::uint8_t(i);
  put(b, 1024, "Ipol", 4);
  for (std::size_t a = 0; a < 256; ++a)
    for (std::size_t c = 0; c < 256; ++c) b[1028 + a * 256 + c] = std::uint8_t((a + c) / 2);
  return b;
}

TEST(Pal, CleanTableHasNoFinding) { EXPECT_TRUE(check_pal(pal_bytes()).empty()); }

TEST(Pal, EveryRule) {
  ByteBuffer b = pal_bytes();
  b.pop_back();
  auto size = check_pal(b);
  ASSERT_EQ(size.size(), 1u);
  EXPECT_EQ(size[0].code, "pal.size");
  EXPECT_EQ(size[0].severity, Severity::error);

  b = pal_bytes();
  b[1024] = 'X';
  auto marker = check_pal(b);
  ASSERT_EQ(marker.size(), 1u);
  EXPECT_EQ(marker[0].code, "pal.marker");

  b = pal_bytes();
  b[1028 + 3 * 256 + 5] = 99;  // t[3][5] != t[5][3]
  auto asym = check_pal(b);
  ASSERT_EQ(asym.size(), 1u);
  EXPECT_EQ(asym[0].code, "pal.ipol.symmetric");
  EXPECT_EQ(asym[0].severity, Severity::warning);
  EXPECT_EQ(asym[0].location.offset, 1028u + 3 * 256 + 5);
  EXPECT_EQ(asym[0].message, "the Ipol blend table is not symmetric: 1 pairs differ, first t[3][5] = 99 but t[5][3] = 4");

  b = pal_bytes();
  b[1028 + 7 * 257] = 1, b[1028 + 9 * 257] = 2;
  auto diag = check_pal(b);
  ASSERT_EQ(diag.size(), 1u);
  EXPECT_EQ(diag[0].code, "pal.ipol.diagonal");
  EXPECT_EQ(diag[0].severity, Severity::note);
  EXPECT_EQ(diag[0].location.offset, 1028u + 7 * 257);
  EXPECT_EQ(diag[0].message, "the Ipol blend table has t[i][i] != i on 2 of 256 indices, first t[7][7] = 1");
}

// ---- properties ----

RC_GTEST_PROP(FontProperty, WriteReadRoundTrip, ()) {
  ByteBuffer bytes = hand_font(*rc::gen::element(0u, 2u));
  // Random header words, glyph records (any bits, NaNs included) and atlas pixels.
  for (std::size_t at = 4; at < 0x1014; at += 4) put32(bytes, at, *rc::gen::arbitrary<std::uint32_t>());
  const std::size_t pixels = bytes.size() - kW * kH;
  for (std::size_t i = 0; i < kW * kH; ++i) bytes[pixels + i] = *rc::gen::arbitrary<std::uint8_t>();
  auto font = read_font(bytes);
  RC_ASSERT(font.ok());
  RC_ASSERT(write_font(*font) == bytes);
  for (const Diagnostic& d : check_font(bytes)) RC_ASSERT(d.severity != Severity::error);
}

RC_GTEST_PROP(FontProperty, ExportImportRoundTrip, ()) {
  ByteBuffer bytes = hand_font(*rc::gen::element(0u, 2u));
  for (std::size_t code = 0; code < 256; ++code) {
    const std::size_t at = 0x14 + 16 * code;
    putf(bytes, at, *rc::gen::arbitrary<float>());
    putf(bytes, at + 4, *rc::gen::arbitrary<float>());
    putf(bytes, at + 8, *rc::gen::arbitrary<float>());
    puti(bytes, at + 12, *rc::gen::arbitrary<std::int32_t>());
  }
  const std::size_t pixels = bytes.size() - kW * kH;
  for (std::size_t i = 0; i < kW * kH; ++i) bytes[pixels + i] = *rc::gen::arbitrary<std::uint8_t>();
  auto font = read_font(bytes);
  RC_ASSERT(font.ok());
  auto image = atlas_image(*font, grey_palette());
  auto doc = export_json(*font, Encoding::cp1251, grey_palette());
  RC_ASSERT(image.ok() && doc.ok());
  // Through JSON text, as the CLI writes and reads it.
  auto back = import_font(*image, nlohmann::json::parse(doc->dump()));
  RC_ASSERT(back.ok());
  RC_ASSERT(*back == bytes);
}

}  // namespace
}  // namespace parkan::font
