// Fonts and PAL.PAL on arbitrary bytes (docs/formats/font.md): read, check, write, export, import.
// Invariants (trap on violation): no crash, no over-allocation; a font that reads writes back byte
// for byte; the checker reports the read's error with its rule, and only warnings and notes when the
// read succeeds; the export document of a font that decodes imports back to a font that reads.
#include <cstddef>
#include <cstdint>

#include "fuzz_assert.hpp"
#include "parkan/font/atlas.hpp"
#include "parkan/font/font.hpp"
#include "parkan/texm/palette.hpp"

using namespace parkan;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ByteView input(data, size);
  auto font = font::read_font(input);
  const std::vector<Diagnostic> findings = font::check_font(input);
  if (!font) {
    FUZZ_ASSERT(findings.size() == 1 && findings[0].code == font.error().rule);
  } else {
    for (const Diagnostic& d : findings) FUZZ_ASSERT(d.severity != Severity::error);
    FUZZ_ASSERT(font::write_font(*font) == ByteBuffer(input.begin(), input.end()));
    // A grey external palette for format 2, so that every atlas the reader takes decodes.
    ByteBuffer grey(texm::kPaletteSize);
    for (std::size_t i = 0; i < grey.size(); ++i) grey[i] = std::uint8_t(i / 4);
    // Bounded work: atlases over 256 x 256 are read and written, not exported.
    if (std::uint64_t(font->atlas.header.width) * font->atlas.header.height <= 65536) {
      auto image = font::atlas_image(*font, grey);
      auto doc = font::export_json(*font, font::Encoding::cp1251, grey);
      if (image && doc) {
        auto back = font::import_font(*image, *doc);
        if (back) FUZZ_ASSERT(font::read_font(*back).ok());
      }
    }
  }
  const std::vector<Diagnostic> pal = font::check_pal(input);
  for (const Diagnostic& d : pal)
    FUZZ_ASSERT(d.severity != Severity::error || (pal.size() == 1 && !texm::read_pal(input).ok()));
  return 0;
}
