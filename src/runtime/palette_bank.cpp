// The palette bank (docs/formats/palettes.md 2): slot i is entry palette_slot_name(i) of the palettes library.
#include "parkan/runtime/palette_bank.hpp"

namespace parkan::runtime {

PaletteBank load_palette_bank(std::shared_ptr<const resource::Archive> library) {
  PaletteBank bank;
  bank.library = std::move(library);
  if (!bank.library) return bank;
  const resource::Archive& archive = *bank.library;
  bank.slots = texm::load_palette_bank([&archive](std::string_view name) -> std::optional<ByteView> {
    std::optional<std::size_t> index = archive.find(name);
    if (!index) return std::nullopt;
    auto payload = archive.payload(*index);
    if (!payload) return std::nullopt;
    return payload->bytes();  // the archive (kept by the bank) owns these bytes
  });
  return bank;
}

}  // namespace parkan::runtime
