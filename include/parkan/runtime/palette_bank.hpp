#pragma once
// The engine's palette bank (docs/formats/palettes.md 2): 286 slots, A.PAL .. Z9.PAL from the palettes
// library, an empty slot for each one it lacks. The bank keeps the library's bytes alive.
#include <memory>

#include "parkan/resource/archive.hpp"
#include "parkan/texm/palette.hpp"

namespace parkan::runtime {

struct PaletteBank {
  texm::PaletteBank slots;                   // views into `library`
  std::shared_ptr<const resource::Archive> library;  // null: no palettes library
};

// Slot i from entry palette_slot_name(i) of `library` (engine lookup); null: every slot empty.
PaletteBank load_palette_bank(std::shared_ptr<const resource::Archive> library);

}  // namespace parkan::runtime
