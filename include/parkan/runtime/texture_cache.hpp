#pragma once
// The texture cache (777 slots) and the lightmap cache (100): docs/runtime.md 4.1, 4.2, 9.3 and
// docs/runtime.md 9, "Release", "Sweep". Slots are found by the entry's index in
// its library; a texture slot whose count falls to 0 stays loaded until a sweep, a lightmap slot is
// freed at once.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "parkan/core/error.hpp"
#include "parkan/resource/payload.hpp"
#include "parkan/texm/image.hpp"
#include "parkan/texm/load.hpp"
#include "parkan/texm/model.hpp"

namespace parkan::runtime {

// A texture as the engine's loader leaves it, ready for a caller to upload: the parsed Texm (its
// views kept alive by `payload`), what the loader made of it with the load flags (mip skip, size,
// Page rects), and the levels the device gets decoded to RGBA8.
struct TextureObject {
  resource::Payload payload;
  texm::Texture texture;
  texm::LoadResult load;
  std::vector<texm::Image> levels;  // from level mip_skip on
  int palette_index = -1;           // from the name (docs/formats/palettes.md 3.2); < 0: none
  std::optional<ByteView> palette;  // the bank's PAL payload bound to it, when in the bank and loaded
};

// Reads and decodes entry `payload` of a texture library as the engine's loader does. Errors name
// the entry (the Texm rule that failed).
Result<std::shared_ptr<TextureObject>> load_texture_object(resource::Payload payload, std::uint32_t load_flags);

// The 20-byte slot record (docs/runtime.md 4.1).
struct CacheSlot {
  std::int32_t res_index = -1;  // entry index in the library; -1: free
  std::shared_ptr<const TextureObject> object;
  std::int32_t ref_count = 0;
  std::uint32_t last_zero_ref_time = 0;  // game time when the count fell to 0; 0 again on a new reference
  std::uint32_t load_flags = 0;          // of the first load
  bool in_use() const { return res_index >= 0; }
};

enum class CacheKind { textures, lightmaps };

class TextureCache {
 public:
  explicit TextureCache(CacheKind kind);
  CacheKind kind() const { return kind_; }
  std::size_t capacity() const { return slots_.size(); }
  std::span<const CacheSlot> slots() const { return slots_; }
  // Slots in use (res_index >= 0).
  std::size_t in_use() const;

  // The slot holding `res_index`, if any.
  std::optional<std::size_t> find(std::int32_t res_index) const;
  // A hit: count + 1, last zero-ref time 0; the first load's flags and object stay.
  std::int32_t add_reference(std::size_t slot);
  // The lowest free slot, or nullopt when the cache is full.
  std::optional<std::size_t> lowest_free() const;
  // Fills a free slot with count 1.
  void fill(std::size_t slot, std::int32_t res_index, std::shared_ptr<const TextureObject> object,
            std::uint32_t load_flags);
  // Count - 1 at `game_time`: a texture at 0 records the time and stays, a lightmap at 0 is freed.
  // Errors (nothing changes): a slot out of range, a free slot, a slot with count 0.
  Result<std::int32_t> release(std::int64_t slot, std::uint32_t game_time);
  // Frees every texture slot with count 0 unused for more than kSweepAgeMs at `game_time`; returns
  // how many. Lightmaps are never swept (0).
  std::size_t sweep(std::uint32_t game_time);
  // Frees every slot whatever its count; returns how many were in use.
  std::size_t unload_all();

 private:
  CacheKind kind_;
  std::vector<CacheSlot> slots_;
};

}  // namespace parkan::runtime
