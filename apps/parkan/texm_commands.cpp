// parkan texm info|check|to-png|to-rgba|from-png|load|palettes (docs/cli.md 10.2). Glue only: the formats live in
// parkan/texm and parkan/export.
#include <algorithm>
#include <charconv>
#include <condition_variable>
#include <filesystem>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include <fmt/format.h>

#include "cli.hpp"
#include "parkan/core/file.hpp"
#include "parkan/core/staged_folder.hpp"
#include "parkan/core/json_text.hpp"
#include "parkan/core/progress.hpp"
#include "parkan/core/text.hpp"
#include "parkan/export/png.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/nres/edit.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/reference.hpp"
#include "parkan/texm/check.hpp"
#include "parkan/texm/decode.hpp"
#include "parkan/texm/encode.hpp"
#include "parkan/texm/json.hpp"
#include "parkan/texm/load.hpp"
#include "parkan/texm/mips.hpp"
#include "parkan/texm/palette.hpp"
#include "parkan/texm/read.hpp"
#include "parkan/core/utf8_path.hpp"

namespace parkan::cli {

namespace {

namespace fs = std::filesystem;

// texm to-png of an archive: at most this many encoding threads (--threads 0 = every core, up to this).
constexpr unsigned kMaxPngThreads = 16;

struct OpenTexture {
  resource::Payload payload;  // keeps the texture's views alive
  texm::Texture texture;
};

// A font's atlas is read in place (docs/formats/texm.md 3.4): the texture of a Tfnt payload is the
// Texm after its glyph table; errors name the font's entry, with offsets inside the atlas.
resource::Payload texture_payload(resource::Payload payload) {
  if (std::optional<ByteView> atlas = texm::font_atlas(payload.bytes()))
    return resource::Payload(payload.owner(), *atlas, payload.location());
  return payload;
}

// Whether an entry without a type id (an RsLi library's) holds a Texm or a font: texm commands take
// those too. Asked of bytes already read, so an entry is decompressed once.
bool holds_texture(ByteView bytes) {
  if (bytes.size() < 4) return false;
  const std::uint32_t magic = load_u32(bytes.data());
  return magic == texm::kMagic || (magic == texm::kFontMagic && texm::font_atlas(bytes));
}

Result<OpenTexture> open_texture(const std::string& src) {
  PARKAN_ASSIGN(resource::Payload opened, resource::open_payload(src));
  const bool font = texm::font_atlas(opened.bytes()).has_value();
  resource::Payload payload = texture_payload(std::move(opened));
  if (font) {
    PARKAN_ASSIGN(texm::Texture texture, payload.parse(texm::read));
    return OpenTexture{std::move(payload), std::move(texture)};
  }
  PARKAN_TRY(resource::expect_kind(payload, *resource::find_kind("texm")));
  PARKAN_ASSIGN(texm::Texture texture, payload.parse(texm::read));
  return OpenTexture{std::move(payload), std::move(texture)};
}

// --palette SRC: format 2's external palette (docs/formats/texm.md 3.4), a PAL resource such as a
// font's PAL.PAL or 1024 bytes of B, G, R, X; checked when opened. Empty SRC: none.
Result<std::optional<resource::Payload>> open_external_palette(const std::string& src) {
  if (src.empty()) return std::optional<resource::Payload>();
  PARKAN_ASSIGN(resource::Payload payload, resource::open_payload(src));
  if (auto colours = texm::external_palette_colours(payload.bytes()); !colours)
    return payload.locate(std::move(colours).error());
  return std::optional<resource::Payload>(std::move(payload));
}

texm::DecodeOptions decode_options(const std::optional<resource::Payload>& palette) {
  texm::DecodeOptions options;
  if (palette) options.palette = palette->bytes();
  return options;
}

// The palette a font library carries for its format 2 atlas (docs/formats/texm.md 3.4).
constexpr std::string_view kFontPaletteName = "PAL.PAL";

// A format 2 texture named without --palette takes the palette of its own archive, as a font library
// carries one (docs/formats/texm.md 3.4); nothing when there is none (decoding then says so).
std::optional<resource::Payload> palette_or_own(std::optional<resource::Payload> given, const OpenTexture& t,
                                                const std::string& src) {
  if (given || t.texture.format != texm::Format::indexed8_external) return given;
  const resource::Reference reference = resource::parse_reference(src);
  if (!reference.is_entry()) return given;
  Result<resource::Payload> own = resource::open_payload(reference.path + "::" + std::string(kFontPaletteName));
  if (!own || !texm::external_palette_colours(own->bytes())) return given;
  return std::optional<resource::Payload>(std::move(*own));
}

Result<texm::Image> decode_level(const OpenTexture& t, std::size_t level, const texm::DecodeOptions& options) {
  auto image = texm::decode(t.texture, level, options);
  if (!image) return t.payload.locate(std::move(image).error());
  return image;
}

std::string hex(std::uint32_t v) { return fmt::format("0x{:08x}", v); }

void print_info_text(const OpenTexture& t) {
  const texm::Texture& x = t.texture;
  std::cout << fmt::format("Texm {}x{}, format {}, {} mip levels, {} bytes (core {})\n", x.header.width,
                           x.header.height, x.header.format, x.header.mip_count, t.payload.bytes().size(), x.core_size);
  std::cout << fmt::format("flags4 {}  flags5 {}  unk6 {}\n", hex(x.header.flags4), hex(x.header.flags5), hex(x.header.unk6));
  std::cout << "palette: "
            << (x.format == texm::Format::indexed8_external ? "external (format 2: give --palette, e.g. the font's PAL.PAL)"
                : x.palette.empty()                          ? "no"
                                                             : "yes (256 x B, G, R, X at offset 0x20)")
            << '\n';
  const bool alpha = texm::has_alpha_surface(x.format, x.header.flags5);
  std::cout << "surface: " << (alpha ? "alpha" : "opaque")
            << (alpha && texm::is_indexed(x.format)
                    ? (x.header.flags5 & texm::kFadePaletteFlag ? " (fade palette)" : " (colour key: index 0 transparent)")
                    : "")
            << '\n';
  for (std::size_t i = 0; i < x.levels.size(); ++i)
    std::cout << fmt::format("level {}: {}x{} at 0x{:x}, {} bytes\n", i, x.levels[i].width, x.levels[i].height,
                             x.levels[i].offset, x.levels[i].size);
  if (!x.page) {
    std::cout << "page: none\n";
  } else {
    std::cout << fmt::format("page: {} rects\n", x.page->size());
    for (const texm::PageRect& r : *x.page) std::cout << fmt::format("  x {} w {} y {} h {}\n", r.x, r.w, r.y, r.h);
  }
  if (t.payload.is_entry()) {
    texm::NamePalette p = texm::palette_index_from_name(t.payload.location().name);
    std::string warning = texm::palette_name_warning(p);
    if (p.has_palette() && !p.outside_bank())
      std::cout << fmt::format("name palette: {} ({})\n", p.index, texm::palette_slot_name(std::size_t(p.index)));
    if (!warning.empty()) std::cout << "name palette: warning: " << warning << '\n';
  }
}

// A file name for an archive entry: UTF-8 of the cp1251 name, path separators and control bytes replaced.
std::string file_name_for(std::string_view entry_name) { return portable_file_name(cp1251_to_utf8(entry_name)); }

// What a worker made of one entry of an archive: the PNG, or the error that skips the texture, or the
// error that stops the export (the payload cannot be read), or nothing (`texture` false: an untyped
// entry that holds no texture).
struct EncodedTexture {
  std::string entry_name;
  Result<ByteBuffer> png = ByteBuffer{};
  bool fatal = false;
  bool texture = true;
};

EncodedTexture encode_texture(const resource::Archive& archive, std::size_t index, std::size_t level,
                              const texm::DecodeOptions& options) {
  EncodedTexture out;
  auto payload = archive.payload(index);
  if (!payload && archive.entry(index).type_id == 0) {  // an unreadable untyped entry is no texture
    out.texture = false;
    return out;
  }
  if (!payload) {
    out.png = std::move(payload).error();
    out.fatal = true;
    return out;
  }
  out.entry_name = payload->location().name;
  if (archive.entry(index).type_id == 0 && !holds_texture(payload->bytes())) {
    out.texture = false;
    return out;
  }
  out.png = [&]() -> Result<ByteBuffer> {
    const resource::Payload texture_bytes = texture_payload(std::move(*payload));
    PARKAN_ASSIGN(texm::Texture texture, texture_bytes.parse(texm::read));
    auto image = texm::decode(texture, level, options);
    if (!image) return texture_bytes.locate(std::move(image).error());
    return png::encode(*image, png::Effort::balanced);  // docs/cli.md 4.1
  }();
  return out;
}

// Makes encode(i) for i in [0, count) on `threads` worker threads and hands each result to
// consume(i, result) on the calling thread in index order, so that what is written and reported
// does not depend on the thread count. Workers run at most kAheadPerThread results per thread ahead
// of consume (bounded memory). consume returns false to stop: unstarted work is dropped.
constexpr std::size_t kAheadPerThread = 4;

template <typename Encode, typename Consume>
void ordered_parallel(std::size_t count, unsigned threads, Encode encode, Consume consume) {
  if (threads <= 1 || count < 2) {
    for (std::size_t i = 0; i < count; ++i)
      if (!consume(i, encode(i))) return;
    return;
  }
  using Value = decltype(encode(std::size_t{0}));
  std::vector<std::optional<Value>> results(count);
  std::mutex mutex;
  std::condition_variable changed;
  std::size_t next = 0, consumed = 0;
  bool stop = false;
  const std::size_t ahead = kAheadPerThread * threads;
  auto work = [&] {
    std::unique_lock lock(mutex);
    for (;;) {
      changed.wait(lock, [&] { return stop || next >= count || next < consumed + ahead; });
      if (stop || next >= count) return;
      const std::size_t i = next++;
      lock.unlock();
      Value value = encode(i);
      lock.lock();
      results[i] = std::move(value);
      changed.notify_all();
    }
  };
  std::vector<std::jthread> workers;
  for (unsigned t = 0; t < std::min<std::size_t>(threads, count); ++t) workers.emplace_back(work);
  for (std::size_t i = 0; i < count; ++i) {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return results[i].has_value(); });
    Value value = std::move(*results[i]);
    results[i].reset();
    consumed = i + 1;
    lock.unlock();
    changed.notify_all();
    if (!consume(i, std::move(value))) break;
  }
  {
    std::lock_guard lock(mutex);
    stop = true;
  }
  changed.notify_all();
  workers.clear();  // joins
}

unsigned png_thread_count(unsigned requested) {
  const unsigned n = requested != 0 ? requested : std::thread::hardware_concurrency();
  return std::clamp(n, 1u, kMaxPngThreads);
}


// Every Texm entry of an archive to OUTDIR/<name>.png, encoded on `threads` threads and written in
// archive order. A texture that does not decode is reported and skipped (exit 1 at the end); an
// entry that cannot be read or an output that cannot be written stops the export (exit 3).
// Format 2 textures take `palette`, else the archive's own PAL.PAL when it has one (a font library).
Result<int> export_archive(const resource::Archive& archive, const std::string& out_dir, std::size_t level,
                           unsigned threads, std::optional<resource::Payload> palette) {
  if (!palette)
    if (auto own = archive.find(kFontPaletteName)) {
      PARKAN_ASSIGN(resource::Payload payload, archive.payload(*own));
      if (texm::external_palette_colours(payload.bytes())) palette = std::move(payload);
    }
  const texm::DecodeOptions options = decode_options(palette);
  PARKAN_ASSIGN(StagedFolder staged, StagedFolder::create(path_from_utf8(out_dir), path_from_utf8(archive.path()), "~to-png"));
  // Texm entries by type id, and untyped entries (RsLi) that encode_texture reads once to tell.
  std::vector<std::size_t> textures;
  for (std::size_t i = 0; i < archive.entry_count(); ++i) {
    const std::uint32_t type_id = archive.entry(i).type_id;
    if (type_id == resource::kTypeTexm || type_id == texm::kFontMagic || type_id == 0) textures.push_back(i);  // a font: its atlas
  }
  Progress progress("texm to-png", textures.size(), !globals().quiet);
  std::set<std::string> used;
  std::size_t failures = 0, exported = 0;
  Status stopped;
  ordered_parallel(
      textures.size(), png_thread_count(threads),
      [&](std::size_t k) { return encode_texture(archive, textures[k], level, options); },
      [&](std::size_t k, EncodedTexture done) {
        const std::size_t i = textures[k];
        if (done.fatal) {
          stopped = std::move(done.png).error();
          return false;
        }
        progress.advance();
        if (!done.texture) return true;
        if (!done.png) {
          print_error(done.png.error());
          ++failures;
          return true;
        }
        std::string name = file_name_for(done.entry_name);
        if (!used.insert(fold_lower_text(name)).second) name += fmt::format("#{}", i);  // case-insensitive file systems
        stopped = staged.write(name + ".png", *done.png);
        exported += stopped.ok();
        return stopped.ok();
      });
  PARKAN_TRY(stopped);
  PARKAN_TRY(staged.publish());
  progress.finish();
  if (!globals().quiet)
    std::cerr << fmt::format("exported {} of {} textures to {}\n", exported, exported + failures,
                             escape_control(out_dir));
  return failures ? 1 : 0;
}

bool ends_with_png(std::string_view path) {
  if (path.size() < 4) return false;
  std::string tail(path.substr(path.size() - 4));
  for (char& c : tail) c = char(fold_lower(static_cast<unsigned char>(c)));
  return tail == ".png";
}

bool names_a_folder(const std::string& out) {
  return path_kind(path_from_utf8(out)) == PathKind::folder || (!out.empty() && (out.back() == '/' || out.back() == '\\'));
}

// to-png's OUT: a folder (existing, or named with a trailing slash) receives NAME.png.
Result<fs::path> png_output_path(const std::string& out, const resource::Payload& payload) {
  if (!names_a_folder(out)) return path_from_utf8(out);
  PARKAN_TRY(make_folder(path_from_utf8(out)));
  const std::string name = payload.is_entry() ? file_name_for(payload.location().name)
                                              : path_to_utf8(path_from_utf8(payload.file()).stem());
  return path_from_utf8(out) / path_from_utf8(name + ".png");
}

Result<std::uint32_t> parse_mips(const std::string& text) {
  if (text == "full") return 0u;
  std::uint32_t n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n == 0)
    return usage_error(fmt::format("--mips must be a positive number or \"full\", not \"{}\"", text));
  return n;
}

Result<texm::Format> parse_format(std::uint32_t number) {
  auto f = texm::to_format(number);
  if (!f) return usage_error(fmt::format("--format must be one of 0 2 565 556 4444 88 888 8888, not {}", number));
  return *f;
}

Result<std::vector<texm::PageRect>> read_page_file(const std::string& path) {
  PARKAN_ASSIGN(ByteBuffer text, read_file(path_from_utf8(path)));
  auto document = parse_json_text(as_chars(text));
  if (!document) return std::move(document).error().in_file(path);
  auto rects = texm::page_from_json(*document);
  if (!rects) return std::move(rects).error().in_file(path);
  return rects;
}

struct FromPng {
  std::string input, output, into;
  std::uint32_t format = 8888, flags4 = 0, flags5 = 0, unk6 = 0;
  std::string mips = "1", page, palette;
  bool dither = false, gamma = false;
  CLI::Option *format_opt = nullptr, *mips_opt = nullptr, *flags4_opt = nullptr, *flags5_opt = nullptr,
              *unk6_opt = nullptr;
};

// The settings of one texture (docs/cli.md 4.3): the options given, and where one is not given the
// texture it replaces (`original`), else the defaults.
Result<texm::EncodeOptions> encode_options(const FromPng& a, const texm::Image& image,
                                           const std::optional<texm::Texture>& original,
                                           const std::optional<texm::Palette>& palette) {
  texm::EncodeOptions options;
  if (original) {
    options.format = original->format;
    options.flags4 = original->header.flags4;
    options.flags5 = original->header.flags5;
    options.unk6 = original->header.unk6;
    options.mip_count = std::min(original->header.mip_count, texm::full_mip_count(image.width, image.height));
    options.page = original->page;
    options.original = original;  // format 0 keeps its palette and indices (docs/formats/texm.md 7.4)
  }
  if (a.format_opt->count() || !original) {
    PARKAN_ASSIGN(options.format, parse_format(a.format));
  }
  if (a.mips_opt->count() || !original) {
    PARKAN_ASSIGN(options.mip_count, parse_mips(a.mips));
  }
  if (a.flags4_opt->count()) options.flags4 = a.flags4;
  if (a.flags5_opt->count()) options.flags5 = a.flags5;
  if (a.unk6_opt->count()) options.unk6 = a.unk6;
  if (!a.page.empty()) {
    PARKAN_ASSIGN(options.page, read_page_file(a.page));
  }
  options.dither = a.dither;
  options.gamma_correct_mips = a.gamma;
  options.palette = palette;
  return options;
}

// One PNG file as a Texm payload.
Result<ByteBuffer> encode_png(const std::string& png_path, const FromPng& a, const std::optional<texm::Texture>& original,
                              const std::optional<texm::Palette>& palette) {
  PARKAN_ASSIGN(MappedFile png_file, MappedFile::open(path_from_utf8(png_path)));
  auto image = png::decode(png_file.bytes());
  if (!image) return std::move(image).error().in_file(png_path);
  PARKAN_ASSIGN(texm::EncodeOptions options, encode_options(a, *image, original, palette));
  auto payload = texm::encode(*image, options);
  if (!payload) return std::move(payload).error().in_file(png_path);
  return payload;
}

// --palette: the colours to index into (format 0 stores them, format 2 refers to them).
Result<std::optional<texm::Palette>> given_palette(const std::string& src) {
  PARKAN_ASSIGN(std::optional<resource::Payload> payload, open_external_palette(src));
  if (!payload) return std::optional<texm::Palette>();
  texm::Palette colours{};
  ByteView bgrx = *texm::external_palette_colours(payload->bytes());
  std::copy(bgrx.begin(), bgrx.end(), colours.begin());
  return std::optional<texm::Palette>(colours);
}

// The texture an existing entry holds, whose settings the new one keeps: it must be a Texm.
Result<texm::Texture> replaced_texture(const resource::Payload& payload) {
  PARKAN_TRY(resource::expect_kind(payload, *resource::find_kind("texm")));
  auto original = texm::read(payload.bytes());
  if (!original)
    return payload.locate(invalid("cannot keep the original header: " + std::move(original).error().to_string()));
  return original;
}

// One texture going into the archive: a new payload for entry `index`, or a new entry `name`.
struct TextureEdit {
  std::optional<std::size_t> index;
  std::string name;  // a new entry's, as stored (cp1251)
  ByteBuffer payload;
};

// The attributes of a new Texm entry (docs/cli.md 4.3): those every Texm entry of the archive
// carries when they agree, else the ones the registry gives the game's Texm entries.
nres::EntrySpec new_texture_spec(const nres::Archive& directory) {
  const resource::Kind& texm_kind = *resource::find_kind("texm");
  nres::EntrySpec spec{resource::kTypeTexm, texm_kind.entry_attr1, texm_kind.entry_attr2, texm_kind.entry_attr3, {}, {}};
  bool first = true;
  for (const nres::Entry& e : directory.entries) {
    if (e.type_id != resource::kTypeTexm) continue;
    if (first) {
      spec.attr1 = e.attr1, spec.attr2 = e.attr2, spec.attr3 = e.attr3;
      first = false;
    } else if (e.attr1 != spec.attr1 || e.attr2 != spec.attr2 || e.attr3 != spec.attr3) {
      return {resource::kTypeTexm, texm_kind.entry_attr1, texm_kind.entry_attr2, texm_kind.entry_attr3, {}, {}};
    }
  }
  return spec;
}

// --into's archive, opened: an NRes archive (the textures of RsLi libraries are not written yet).
Result<std::shared_ptr<const resource::Archive>> open_into_archive(const std::string& path) {
  PARKAN_ASSIGN(std::shared_ptr<const resource::Archive> archive, resource::open_archive(path_from_utf8(path)));
  if (archive->format() != resource::ArchiveFormat::nres)
    return usage_error(fmt::format("--into: {} is not an NRes archive", path));
  return archive;
}

// The archive with every edit applied (the library's lossless editor, docs/formats/nres.md 7.2), written
// to OUT in one atomic write.
Status write_edited_archive(const resource::Archive& archive, const std::vector<TextureEdit>& edits,
                            const std::string& out, std::vector<fs::path> inputs) {
  const auto* container = dynamic_cast<const resource::NresArchive*>(&archive);  // open_into_archive
  if (!container) return usage_error(fmt::format("--into: {} is not an NRes archive", archive.path()));
  nres::Document document = nres::make_document(container->directory());
  for (const TextureEdit& edit : edits) {
    if (edit.index) {
      PARKAN_TRY(nres::replace_payload(document, *edit.index, edit.payload));
      continue;
    }
    nres::EntrySpec spec = new_texture_spec(container->directory());
    spec.name = edit.name;
    spec.payload = edit.payload;
    auto added = nres::add_entry(document, spec);
    if (!added) return std::move(added).error().in_file(archive.path());
  }
  auto rebuilt = nres::write_lossless(document);
  if (!rebuilt) return std::move(rebuilt).error().in_file(out);
  inputs.push_back(path_from_utf8(archive.path()));
  return write_file_atomic(path_from_utf8(out), *rebuilt, inputs);
}

// The entry a new texture named `name` (UTF-8) goes to: an existing one by the engine's lookup (it
// must be a Texm), else none (a new entry).
Result<std::optional<std::size_t>> entry_for_name(const resource::Archive& archive, const std::string& name,
                                                  std::optional<texm::Texture>& original) {
  std::optional<std::size_t> index = archive.find(resource::name_to_cp1251(name));
  if (!index) return index;
  PARKAN_ASSIGN(resource::Payload payload, archive.payload(*index));
  PARKAN_ASSIGN(original, replaced_texture(payload));
  return index;
}

// A new entry's name as stored: the UTF-8 name given, in cp1251.
Result<std::string> new_entry_name(const std::string& name) {
  auto stored = utf8_to_cp1251(name);
  if (!stored) return usage_error(fmt::format("name \"{}\" has characters that cp1251 cannot hold", name));
  return *stored;
}

// texm from-png IN.png OUT --into ARCHIVE::NAME|#N: the entry replaced, or added when no entry has that name.
Result<int> from_png_into_entry(const FromPng& a, const std::optional<texm::Palette>& palette) {
  const resource::Reference reference = resource::parse_reference(a.into);
  PARKAN_ASSIGN(std::shared_ptr<const resource::Archive> archive, open_into_archive(reference.path));
  TextureEdit edit;
  std::optional<texm::Texture> original;
  std::optional<resource::Payload> replaced;  // keeps the original's bytes alive
  if (reference.index) {
    PARKAN_ASSIGN(resource::Payload payload, archive->get(fmt::format("#{}", *reference.index)));
    PARKAN_ASSIGN(original, replaced_texture(payload));
    edit.index = *reference.index;
    replaced = std::move(payload);
  } else {
    PARKAN_ASSIGN(edit.index, entry_for_name(*archive, *reference.name, original));
    if (!edit.index) {
      PARKAN_ASSIGN(edit.name, new_entry_name(*reference.name));
    }
  }
  PARKAN_ASSIGN(edit.payload, encode_png(a.input, a, original, palette));
  PARKAN_TRY(write_edited_archive(*archive, {std::move(edit)}, a.output, {path_from_utf8(a.input)}));
  return 0;
}

// The file names `texm to-png ARCHIVE OUTDIR/` gives the archive's textures (export_archive), folded
// for a case-insensitive match, to their entries.
std::map<std::string, std::size_t> png_names_of_textures(const resource::Archive& archive) {
  std::map<std::string, std::size_t> names;
  for (std::size_t i = 0; i < archive.entry_count(); ++i) {
    if (archive.entry(i).type_id != resource::kTypeTexm) continue;
    std::string name = fold_lower_text(file_name_for(archive.entry(i).name));
    if (names.count(name)) name = fold_lower_text(fmt::format("{}#{}", file_name_for(archive.entry(i).name), i));
    names.emplace(std::move(name), i);
  }
  return names;
}

// texm from-png DIR/ OUT --into ARCHIVE: every DIR/NAME.png to the texture `texm to-png` wrote as
// NAME.png, or to the entry named NAME, or to a new entry NAME (docs/cli.md 4.3); one write of OUT.
Result<int> from_png_folder(const FromPng& a, const std::optional<texm::Palette>& palette) {
  if (resource::parse_reference(a.into).is_entry())
    return usage_error(fmt::format("{} is a folder: --into needs the whole ARCHIVE, not {}", a.input, a.into));
  PARKAN_ASSIGN(std::shared_ptr<const resource::Archive> archive, open_into_archive(a.into));
  PARKAN_ASSIGN(std::vector<FolderEntry> files, list_folder(path_from_utf8(a.input)));
  const std::map<std::string, std::size_t> exported = png_names_of_textures(*archive);
  std::vector<TextureEdit> edits;
  std::vector<fs::path> inputs;
  std::set<std::size_t> replaced;
  std::size_t added = 0;
  for (const FolderEntry& file : files) {
    const fs::path path = path_from_utf8(a.input) / path_from_utf8(file.name);
    if (file.kind != FolderEntry::Kind::file || !ends_with_png(file.name)) {
      print_finding("warning", invalid("not a .png file: skipped").in_file(path_to_utf8(path)));
      continue;
    }
    const std::string stem = file.name.substr(0, file.name.size() - 4);
    TextureEdit edit;
    std::optional<texm::Texture> original;
    if (auto named = exported.find(fold_lower_text(stem)); named != exported.end()) {
      PARKAN_ASSIGN(resource::Payload payload, archive->payload(named->second));
      PARKAN_ASSIGN(original, replaced_texture(payload));
      edit.index = named->second;
    } else {
      PARKAN_ASSIGN(edit.index, entry_for_name(*archive, stem, original));
      if (!edit.index) {
        PARKAN_ASSIGN(edit.name, new_entry_name(stem));
      }
    }
    if (edit.index && !replaced.insert(*edit.index).second)
      return usage_error(fmt::format("{}: a second PNG for the texture {}", path_to_utf8(path),
                                     cp1251_to_utf8(archive->entry(*edit.index).name)));
    added += !edit.index;
    PARKAN_ASSIGN(edit.payload, encode_png(path_to_utf8(path), a, original, palette));
    edits.push_back(std::move(edit));
    inputs.push_back(path);
  }
  if (edits.empty()) return invalid("no .png files in the folder").in_file(a.input);
  PARKAN_TRY(write_edited_archive(*archive, edits, a.output, std::move(inputs)));
  if (!globals().quiet)
    std::cerr << fmt::format("{} replaced and {} added in {}\n", count_of(replaced.size(), "texture"),
                             count_of(added, "texture"), escape_control(a.output));
  return 0;
}

Result<int> run_from_png(const FromPng& a) {
  PARKAN_ASSIGN(std::optional<texm::Palette> palette, given_palette(a.palette));
  if (path_kind(path_from_utf8(a.input)) == PathKind::folder) {
    if (a.into.empty()) return usage_error(fmt::format("{} is a folder: give --into ARCHIVE", a.input));
    return from_png_folder(a, palette);
  }
  if (!a.into.empty()) {
    if (!resource::parse_reference(a.into).is_entry()) return usage_error("--into needs ARCHIVE::NAME or ARCHIVE::#N");
    return from_png_into_entry(a, palette);
  }
  PARKAN_ASSIGN(ByteBuffer payload, encode_png(a.input, a, std::nullopt, palette));
  PARKAN_TRY(write_file_atomic(path_from_utf8(a.output), payload, {path_from_utf8(a.input)}));
  return 0;
}

}  // namespace

void add_texm_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("texm", "Texm textures: inspect, export, import, loader emulation");
  group->require_subcommand(1);

  {
    auto src = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    CLI::App* c = add_command(*group, "info", "header, levels, palette presence, Page rects", [=]() -> Result<int> {
      PARKAN_ASSIGN(OpenTexture t, open_texture(*src));
      if (!*json) {
        print_info_text(t);
        return 0;
      }
      nlohmann::json doc = texm::info_json(t.texture, t.payload.bytes().size());
      if (t.payload.is_entry())
        doc["name_palette"] = texm::name_palette_json(texm::palette_index_from_name(t.payload.location().name));
      print_json(doc);
      return 0;
    });
    c->add_option("SRC", *src, "PATH, PATH::NAME or PATH::#N")->required();
    c->add_flag("--json", *json, "print one JSON document");
  }
  {
    auto sources = std::make_shared<std::vector<std::string>>();
    auto json = std::make_shared<bool>(false);
    CLI::App* c = add_command(
        *group, "check",
        "check textures: every rule of the format (errors) and what loads but misbehaves in the engine "
        "(warnings); exit 1 if any error",
        [=]() -> Result<int> {
          return run_payload_check(*sources, *resource::find_kind("texm"), {}, *json);
        });
    c->add_option("SRC", *sources, "textures: PATH, PATH::NAME, PATH::#N, a whole archive (every Texm in it), a folder (every file in it) or a "
                      "pattern (dir/*.0, A.lib::*.0)")
        ->required();
    c->add_flag("--json", *json, "print one JSON document: valid, counts, findings");
  }
  {
    auto src = std::make_shared<std::string>();
    auto out = std::make_shared<std::string>();
    auto level = std::make_shared<std::size_t>(0);
    auto threads = std::make_shared<unsigned>(0);
    auto palette_src = std::make_shared<std::string>();
    CLI::App* c = add_command(*group, "to-png", "decode a level to an RGBA8 PNG (a whole archive: every texture to OUTDIR/)",
                              [=]() -> Result<int> {
      PARKAN_ASSIGN(std::optional<resource::Payload> palette, open_external_palette(*palette_src));
      if (!resource::parse_reference(*src).is_entry()) {
        PARKAN_ASSIGN(resource::Payload whole, resource::open_payload(*src));
        if (resource::looks_like_archive(whole.bytes())) {
          if (const PathKind kind = path_kind(path_from_utf8(*out)); kind != PathKind::missing && kind != PathKind::folder)
            return usage_error(fmt::format("{} is an archive: OUT must be a folder, and {} is a file", *src, *out));
          if (!names_a_folder(*out) && ends_with_png(*out))
            return usage_error(fmt::format("{} is an archive: OUT must be a folder (for one texture use {}::NAME)",
                                           *src, *src));
          PARKAN_ASSIGN(std::shared_ptr<const resource::Archive> archive, resource::open_archive(path_from_utf8(*src)));
          return export_archive(*archive, *out, *level, *threads, std::move(palette));
        }
      }
      PARKAN_ASSIGN(OpenTexture t, open_texture(*src));
      palette = palette_or_own(std::move(palette), t, *src);
      PARKAN_ASSIGN(texm::Image image, decode_level(t, *level, decode_options(palette)));
      PARKAN_ASSIGN(ByteBuffer bytes, png::encode(image, png::Effort::balanced));  // docs/cli.md 4.1
      PARKAN_ASSIGN(fs::path target, png_output_path(*out, t.payload));
      PARKAN_TRY(write_file_atomic(target, bytes, {path_from_utf8(t.payload.file())}));
      return 0;
    });
    c->add_option("SRC", *src, "a texture (PATH, PATH::NAME, PATH::#N) or a whole archive")->required();
    c->add_option("OUT", *out, "OUT.png, or a folder (receives NAME.png; needed for a whole archive)")->required();
    c->add_option("--level", *level, "mip level (default 0)");
    c->add_option("--threads", *threads, "a whole archive: threads to encode with (default: every core, at most 16)");
    c->add_option("--palette", *palette_src,
                  "ARCHIVE::NAME or FILE: format 2's external palette, a PAL resource such as a font's PAL.PAL "
                  "(default: the archive's own PAL.PAL)");
  }
  {
    auto src = std::make_shared<std::string>();
    auto out = std::make_shared<std::string>();
    auto level = std::make_shared<std::size_t>(0);
    auto palette_src = std::make_shared<std::string>();
    CLI::App* c = add_command(*group, "to-rgba", "decode a level to raw RGBA8 bytes (width*height*4, rows top to bottom)",
                              [=]() -> Result<int> {
      PARKAN_ASSIGN(std::optional<resource::Payload> palette, open_external_palette(*palette_src));
      PARKAN_ASSIGN(OpenTexture t, open_texture(*src));
      palette = palette_or_own(std::move(palette), t, *src);
      PARKAN_ASSIGN(texm::Image image, decode_level(t, *level, decode_options(palette)));
      PARKAN_TRY(write_file_atomic(path_from_utf8(*out), image.rgba, {path_from_utf8(t.payload.file())}));
      return 0;
    });
    c->add_option("SRC", *src, "PATH, PATH::NAME or PATH::#N")->required();
    c->add_option("OUT", *out, "output file")->required();
    c->add_option("--level", *level, "mip level (default 0)");
    c->add_option("--palette", *palette_src,
                  "ARCHIVE::NAME or FILE: format 2's external palette, a PAL resource (default: the archive's own PAL.PAL)");
  }
  {
    auto a = std::make_shared<FromPng>();
    CLI::App* c = add_command(*group, "from-png",
                              "encode a PNG as a Texm payload, or put PNGs into an archive (replacing or adding textures)",
                              [=]() -> Result<int> { return run_from_png(*a); });
    c->add_option("IN", a->input, "input PNG, or with --into ARCHIVE a folder of NAME.png files")->required();
    c->add_option("OUT", a->output, "the Texm payload, or the new archive with --into")->required();
    a->format_opt = c->add_option("--format", a->format, "0 2 565 556 4444 88 888 8888 (default 8888, or the original's)");
    a->mips_opt = c->add_option("--mips", a->mips, "N or full (default 1, or the original's)");
    a->flags4_opt = c->add_option("--flags4", a->flags4, "header flags4 (default 0, or the original's)");
    a->flags5_opt = c->add_option("--flags5", a->flags5, "header flags5 (default 0, or the original's)");
    a->unk6_opt = c->add_option("--unk6", a->unk6, "header unk6 (default 0, or the original's)");
    c->add_option("--page", a->page, "RECTS.json: [{\"x\", \"w\", \"y\", \"h\"}, ...]");
    c->add_flag("--dither", a->dither, "ordered dithering for 565, 556, 4444");
    c->add_flag("--gamma-correct", a->gamma, "average mip levels in linear light");
    c->add_option("--into", a->into,
                  "ARCHIVE::NAME: write OUT as ARCHIVE with that texture replaced (added when no entry has the "
                  "name); ARCHIVE, IN a folder: every NAME.png to its texture");
    c->add_option("--palette", a->palette,
                  "ARCHIVE::NAME or FILE: a PAL resource (or 1024 bytes B, G, R, X) to index into: format 2's "
                  "external palette (needed), or format 0's instead of a median cut");
  }
  {
    auto path = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    CLI::App* c = add_command(*group, "palettes", "the engine's palette bank: which of A.PAL .. Z9.PAL an archive fills",
                              [=]() -> Result<int> {
      PARKAN_ASSIGN(std::shared_ptr<const resource::Archive> archive, resource::open_archive(path_from_utf8(*path)));
      texm::PaletteBank bank = texm::load_palette_bank([&](std::string_view name) -> std::optional<ByteView> {
        auto index = archive->find(name);
        if (!index) return std::nullopt;
        auto payload = archive->payload(*index);
        if (!payload) return std::nullopt;
        return payload->bytes();  // the archive outlives the bank
      });
      nlohmann::json slots = nlohmann::json::array();
      int invalid_count = 0;
      std::string first_invalid;  // "Z9.PAL (slot 285): <why>", for the error line
      for (std::size_t i = 0; i < bank.slots.size(); ++i) {
        if (!bank.slots[i]) continue;
        auto pal = texm::read_pal(*bank.slots[i]);
        invalid_count += !pal.ok();
        if (!pal.ok() && first_invalid.empty())
          first_invalid = fmt::format("{} (slot {}): {}", texm::palette_slot_name(i), i, pal.error().to_string());
        slots.push_back({{"index", i}, {"name", texm::palette_slot_name(i)}, {"size", bank.slots[i]->size()},
                         {"error", pal.ok() ? nlohmann::json(nullptr) : nlohmann::json(pal.error().to_string())}});
      }
      if (*json) {
        print_json({{"slots_total", texm::kPaletteSlots}, {"loaded", bank.loaded()}, {"slots", slots}});
      } else {
        std::cout << fmt::format("{} of {} palette slots filled\n", bank.loaded(), texm::kPaletteSlots);
        for (const nlohmann::json& slot : slots)
          std::cout << fmt::format("  {:3} {:7} {} bytes{}\n", slot["index"].get<int>(), slot["name"].get<std::string>(),
                                   slot["size"].get<std::size_t>(),
                                   slot["error"].is_null() ? "" : "  " + slot["error"].get<std::string>());
      }
      if (invalid_count == 0) return 0;
      // A failing exit always says why on stderr (docs/cli.md 2.5), besides the slot list.
      print_error(invalid(fmt::format("{} of {} filled palette slots do not read as PAL resources; the first, {}",
                                      invalid_count, bank.loaded(), first_invalid))
                      .in_file(*path));
      return 1;
    });
    c->add_option("ARCHIVE", *path, "the palettes archive (palettes.lib)")->required();
    c->add_flag("--json", *json, "print one JSON document");
  }
  {
    auto src = std::make_shared<std::string>();
    auto flags = std::make_shared<std::uint32_t>(0);
    auto json = std::make_shared<bool>(false);
    auto profile = std::make_shared<texm::LoaderProfile>();
    CLI::App* c = add_command(*group, "load", "what the engine's loader does: mip skip, size, pixel offset, Page rects",
                              [=]() -> Result<int> {
      PARKAN_ASSIGN(OpenTexture t, open_texture(*src));
      texm::LoadResult r = texm::load(t.texture, *flags, *profile);
      if (*json) {
        print_json(texm::load_json(r));
        return 0;
      }
      std::cout << fmt::format("mip skip {}: {}x{}, {} mip levels, pixels at 0x{:x} (exact 0x{:x})\n", r.mip_skip,
                               r.width, r.height, r.mip_count, r.pixel_offset, r.exact_pixel_offset);
      std::cout << fmt::format("upload format {}{}\n", texm::format_number(r.upload_format),
                               r.runtime_mips ? ", mips built at runtime" : "");
      for (std::size_t i = 0; i < r.rects.size(); ++i) {
        const texm::LoadedRect& x = r.rects[i];
        std::cout << fmt::format("rect {}: pixels ({}, {})-({}, {})  uv {} {} + {} {}\n", i, x.x0, x.y0, x.x1, x.y1,
                                 float_for_json(x.u0), float_for_json(x.v0), float_for_json(x.du), float_for_json(x.dv));
      }
      return 0;
    });
    c->add_option("SRC", *src, "PATH, PATH::NAME or PATH::#N")->required();
    c->add_option("--load-flags", *flags, "the loader's flags (0x400000: use the Page chunk)");
    c->add_flag("--disable-mipmap", profile->disable_mipmap, "Ngi32 profile switch DisableMipmap");
    c->add_flag("--force-16bit", profile->force_16bit, "Ngi32 profile switch \"Force 16-bit textures\"");
    c->add_flag("--json", *json, "print one JSON document");
  }
}

}  // namespace parkan::cli
