// parkan font info|check|export|import (docs/cli.md 5.15): fonts (Tfnt) and their atlases. Glue only:
// the format lives in parkan/font, the PNG in parkan/export/png.hpp.
#include <filesystem>
#include <memory>

#include <fmt/format.h>

#include "cli.hpp"
#include "parkan/core/file.hpp"
#include "parkan/core/json_text.hpp"
#include "parkan/core/text.hpp"
#include "parkan/core/utf8_path.hpp"
#include "parkan/export/png.hpp"
#include "parkan/font/atlas.hpp"
#include "parkan/font/codes.hpp"
#include "parkan/font/font.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/game.hpp"
#include "parkan/resource/kind.hpp"
#include "parkan/resource/reference.hpp"
#include "parkan/texm/palette.hpp"

namespace parkan::cli {

namespace {

namespace fs = std::filesystem;

struct OpenFont {
  resource::Payload payload;  // keeps the font's views alive
  font::Font font;
};

Result<OpenFont> open_font(const std::string& src) {
  PARKAN_ASSIGN(resource::Payload payload, resource::open_payload(src));
  PARKAN_TRY(resource::expect_kind(payload, *resource::find_kind("font")));
  PARKAN_ASSIGN(font::Font font, payload.parse(font::read_font));
  return OpenFont{std::move(payload), std::move(font)};
}

// The entry's name (or the file's) decides the encoding (docs/formats/font.md 4).
std::string font_name(const resource::Payload& payload) {
  return payload.location().name.empty() ? payload.file() : payload.location().name;
}

// docs/formats/font.md 7: a format 2 atlas draws through PAL.PAL, found in this order: --palette, the
// font's own archive, then sys.lib and gamefont.rlb in the font's folder and the folder above it (a
// font of ui/font.lib sits one below the game folder).
constexpr std::string_view kPalName = "PAL.PAL";
constexpr std::string_view kPaletteLibraries[] = {"sys.lib", "gamefont.rlb"};

struct FoundPalette {
  resource::Payload payload;
  std::string source;  // for messages: "gamefont.rlb::PAL.PAL"
};

std::optional<FoundPalette> palette_in(const std::string& reference) {
  Result<resource::Payload> payload = resource::open_payload(reference);
  if (!payload || !texm::external_palette_colours(payload->bytes())) return std::nullopt;
  return FoundPalette{std::move(*payload), reference};
}

Result<std::optional<FoundPalette>> find_palette(const std::string& src, const std::string& given) {
  if (!given.empty()) {
    PARKAN_ASSIGN(resource::Payload payload, resource::open_payload(given));
    if (auto colours = texm::external_palette_colours(payload.bytes()); !colours)
      return payload.locate(std::move(colours).error());
    return std::optional<FoundPalette>(FoundPalette{std::move(payload), given});
  }
  const resource::Reference reference = resource::parse_reference(src);
  if (reference.is_entry())
    if (auto own = palette_in(reference.path + "::" + std::string(kPalName))) return std::optional<FoundPalette>(std::move(*own));
  const fs::path folder = path_from_utf8(reference.path).parent_path();
  for (const fs::path& dir : {folder, folder.parent_path()}) {
    Result<resource::Game> game = resource::Game::open(dir.empty() ? fs::path(".") : dir);
    if (!game) continue;
    for (std::string_view library : kPaletteLibraries) {
      std::optional<fs::path> path = game->path_of(library);
      if (!path) continue;
      if (auto found = palette_in(path_to_utf8(*path) + "::" + std::string(kPalName)))
        return std::optional<FoundPalette>(std::move(*found));
    }
  }
  return std::optional<FoundPalette>();
}

std::string float_text(float v) { return fmt::format("{}", v); }

void print_font_info(const OpenFont& f) {
  const font::Font& x = f.font;
  std::size_t glyphs = 0;
  for (const font::Glyph& g : x.glyphs) glyphs += font::has_glyph(g);
  const texm::Header& h = x.atlas.header;
  fmt::print("{}: font, cell width {}, glyph height {}, cell height {} ({} pixels), pen step {}, {} glyphs, encoding {}\n",
             escape_control(f.payload.display_name()), x.cell_width, x.glyph_height, float_text(x.cell_height),
             font::glyph_rect(x, font::Glyph{}).h, x.pen_step, glyphs,
             font::encoding_name(font::encoding_for_name(font_name(f.payload))));
  fmt::print("atlas: {}x{} Texm format {}{}, {} level{}, flags5 0x{:08x}{}\n", h.width, h.height, h.format,
             x.atlas.format == texm::Format::indexed8_external ? " (external palette: PAL.PAL)" : "", h.mip_count,
             h.mip_count == 1 ? "" : "s", h.flags5, h.flags5 & 0x01000000 ? " (colour key: index 0 transparent)" : "");
  for (std::size_t code = 0; code < font::kGlyphCount; ++code) {
    const font::Glyph& g = x.glyphs[code];
    if (!font::has_glyph(g)) continue;
    const font::GlyphRect r = font::glyph_rect(x, g);
    fmt::print("  0x{:02X} u0 {} u1 {} v0 {} advance {}: {}x{} at ({}, {})\n", code, float_text(g.u0), float_text(g.u1),
               float_text(g.v0), g.advance, r.w, r.h, r.x, r.y);
  }
}

Result<int> export_font(const std::string& src, const std::string& png_out, const std::string& json_out,
                        const std::string& palette_src) {
  PARKAN_ASSIGN(OpenFont f, open_font(src));
  std::optional<FoundPalette> palette;
  if (f.font.atlas.format == texm::Format::indexed8_external) {
    PARKAN_ASSIGN(palette, find_palette(src, palette_src));
    if (!palette)
      return f.payload.locate(invalid_rule(
          "texm.palette.external",
          "the atlas is Texm format 2 and no PAL.PAL was found (the font's archive, sys.lib or gamefont.rlb in the "
          "game folder): give --palette ARCHIVE::PAL.PAL"));
  }
  const ByteView colours = palette ? palette->payload.bytes() : ByteView{};
  auto image = font::atlas_image(f.font, colours);
  if (!image) return f.payload.locate(std::move(image).error());
  auto doc = font::export_json(f.font, font::encoding_for_name(font_name(f.payload)), colours);
  if (!doc) return f.payload.locate(std::move(doc).error());
  PARKAN_ASSIGN(ByteBuffer png, png::encode(*image));
  const std::vector<fs::path> inputs = {path_from_utf8(resource::parse_reference(src).path)};
  PARKAN_TRY(write_file_atomic(path_from_utf8(png_out), png, inputs));
  const std::string text = doc->dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  PARKAN_TRY(write_file_atomic(path_from_utf8(json_out), ByteView(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()),
                               inputs));
  if (palette) fmt::print("palette: {}\n", escape_control(palette->source));
  return 0;
}

Result<int> import_font(const std::string& png_in, const std::string& json_in, const std::string& out,
                        const std::string& into) {
  PARKAN_ASSIGN(ByteBuffer png_bytes, read_file(path_from_utf8(png_in)));
  auto image = png::decode(png_bytes);
  if (!image) return std::move(image).error().in_file(png_in);
  PARKAN_ASSIGN(ByteBuffer text, read_file(path_from_utf8(json_in)));
  auto doc = parse_json_text(as_chars(text));
  if (!doc) return std::move(doc).error().in_file(json_in);
  auto tfnt = font::import_font(*image, *doc);
  if (!tfnt) {
    Error error = std::move(tfnt).error();
    if (error.rule == font::codes::kImportImage) return std::move(error).in_file(png_in);
    return std::move(error).in_file(json_in);
  }
  const std::vector<fs::path> inputs = {path_from_utf8(png_in), path_from_utf8(json_in)};
  if (into.empty()) {
    PARKAN_TRY(write_file_atomic(path_from_utf8(out), *tfnt, inputs));
    return 0;
  }
  // --into ARCHIVE::NAME: a copy of ARCHIVE with that entry replaced, by the editor of `archive replace`.
  const resource::Reference reference = resource::parse_reference(into);
  if (!reference.is_entry()) return usage_error(fmt::format("--into {}: name the font's entry, ARCHIVE::NAME", into));
  PARKAN_ASSIGN(std::shared_ptr<resource::Archive> archive,
                resource::open_archive(path_from_utf8(reference.path), resource::Profile::compatible));
  PARKAN_ASSIGN(std::size_t index, archive->index_of(reference.target()));
  resource::PayloadEdit edit;
  edit.payload_path = json_in;
  edit.payload_bytes = std::move(*tfnt);
  PARKAN_ASSIGN(resource::ArchiveWriter writer, std::move(*archive).replace(index, edit));
  ByteBuffer rebuilt;
  Status written = writer([&](ByteView bytes) -> Status {
    rebuilt.insert(rebuilt.end(), bytes.begin(), bytes.end());
    return {};
  });
  if (!written) return std::move(written).error().in_file(out);
  std::vector<fs::path> all = inputs;
  all.push_back(path_from_utf8(reference.path));
  PARKAN_TRY(write_file_atomic(path_from_utf8(out), rebuilt, all));
  return 0;
}

constexpr const char* kFontSrcHelp = "a .tft file, or ARCHIVE::NAME (ui/font.lib::gf_..., gamefont.rlb::ARIALTEX.TFT)";

}  // namespace

void add_font_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("font", "fonts (Tfnt): glyph metrics and their atlas, to PNG + JSON and back");
  group->require_subcommand(1);
  {
    auto src = std::make_shared<std::string>();
    auto as_json = std::make_shared<bool>(false);
    CLI::App* cmd = add_command(*group, "info", "the header words, the atlas and every glyph that draws", [=]() -> Result<int> {
      PARKAN_ASSIGN(OpenFont f, open_font(*src));
      if (*as_json)
        print_json(font::info_json(f.font, font_name(f.payload)));
      else
        print_font_info(f);
      return 0;
    });
    cmd->add_option("SRC", *src, kFontSrcHelp)->required();
    cmd->add_flag("--json", *as_json, "one JSON document");
  }
  {
    auto srcs = std::make_shared<std::vector<std::string>>();
    auto as_json = std::make_shared<bool>(false);
    CLI::App* cmd = add_command(
        *group, "check",
        "every rule of docs/formats/font.md 5 on each SRC: the header, the 256 glyph records, the atlas. Findings on "
        "stderr, a line per SRC and a total on stdout; exit 1 on errors",
        [=]() -> Result<int> { return run_payload_check(*srcs, *resource::find_kind("font"), {}, *as_json); });
    cmd->add_option("SRC", *srcs, ".tft files, ARCHIVE::NAME, archives (their fonts), folders or patterns")->required();
    cmd->add_flag("--json", *as_json, "one JSON document: the findings, and per SRC its counts");
  }
  {
    auto src = std::make_shared<std::string>();
    auto png_out = std::make_shared<std::string>();
    auto json_out = std::make_shared<std::string>();
    auto palette = std::make_shared<std::string>();
    CLI::App* cmd = add_command(
        *group, "export",
        "the atlas as an RGBA PNG (format 2 through PAL.PAL, index 0 transparent) and a JSON document: the header "
        "words, the encoding, the atlas's Texm words and palette, and per code 0..255 the glyph record, its drawn "
        "width and pixel rectangle",
        [=]() -> Result<int> { return export_font(*src, *png_out, *json_out, *palette); });
    cmd->add_option("SRC", *src, kFontSrcHelp)->required();
    cmd->add_option("OUT_PNG", *png_out, "the atlas PNG to write")->required();
    cmd->add_option("OUT_JSON", *json_out, "the JSON document to write")->required();
    cmd->add_option("--palette", *palette,
                    "ARCHIVE::NAME or FILE: format 2's PAL.PAL (default: the font's archive's, else sys.lib's or "
                    "gamefont.rlb's in the game folder)");
  }
  {
    auto png_in = std::make_shared<std::string>();
    auto json_in = std::make_shared<std::string>();
    auto out = std::make_shared<std::string>();
    auto into = std::make_shared<std::string>();
    CLI::App* cmd = add_command(
        *group, "import",
        "a font from the PNG and JSON `font export` wrote (edited or not): the glyph records from the JSON, the atlas "
        "re-encoded in its own Texm format (2 and 0 by the nearest palette colour). An unedited pair gives the font "
        "back byte for byte",
        [=]() -> Result<int> { return import_font(*png_in, *json_in, *out, *into); });
    cmd->add_option("IN_PNG", *png_in, "the atlas PNG")->required();
    cmd->add_option("IN_JSON", *json_in, "the JSON document")->required();
    cmd->add_option("OUT", *out, "the .tft to write, or with --into the new archive")->required();
    cmd->add_option("--into", *into,
                    "ARCHIVE::NAME: write OUT as a copy of ARCHIVE (NRes or RsLi) with that entry replaced by the font");
  }
}

}  // namespace parkan::cli
