// The texture and lightmap caches (docs/runtime.md 4.1, 4.2, 9.3, 9.4, "Sweep").
#include "parkan/runtime/texture_cache.hpp"

#include <fmt/format.h>

#include "parkan/runtime/limits.hpp"

namespace parkan::runtime {

TextureCache::TextureCache(CacheKind kind)
    : kind_(kind), slots_(kind == CacheKind::textures ? kTextureCacheCapacity : kLightmapCacheCapacity) {}

std::size_t TextureCache::in_use() const {
  std::size_t n = 0;
  for (const CacheSlot& s : slots_) n += s.in_use() ? 1 : 0;
  return n;
}

std::optional<std::size_t> TextureCache::find(std::int32_t res_index) const {
  for (std::size_t i = 0; i < slots_.size(); ++i)
    if (slots_[i].res_index == res_index) return i;
  return std::nullopt;
}

std::int32_t TextureCache::add_reference(std::size_t slot) {
  CacheSlot& s = slots_[slot];
  s.last_zero_ref_time = 0;
  return ++s.ref_count;
}

std::optional<std::size_t> TextureCache::lowest_free() const { return find(-1); }

void TextureCache::fill(std::size_t slot, std::int32_t res_index, std::shared_ptr<const TextureObject> object,
                        std::uint32_t load_flags) {
  slots_[slot] = CacheSlot{res_index, std::move(object), 1, 0, load_flags};
}

Result<std::int32_t> TextureCache::release(std::int64_t slot, std::uint32_t game_time) {
  const char* what = kind_ == CacheKind::textures ? "texture" : "lightmap";
  if (slot < 0 || static_cast<std::uint64_t>(slot) >= slots_.size())
    return invalid(fmt::format("no {} slot {} (the cache has {})", what, slot, slots_.size()));
  CacheSlot& s = slots_[static_cast<std::size_t>(slot)];
  if (!s.in_use()) return invalid(fmt::format("{} slot {} is free", what, slot));
  if (s.ref_count <= 0) return invalid(fmt::format("{} slot {} has no references", what, slot));
  if (--s.ref_count > 0) return s.ref_count;
  if (kind_ == CacheKind::lightmaps)
    s = CacheSlot{};
  else
    s.last_zero_ref_time = game_time;
  return 0;
}

std::size_t TextureCache::sweep(std::uint32_t game_time) {
  if (kind_ == CacheKind::lightmaps) return 0;
  std::size_t freed = 0;
  for (CacheSlot& s : slots_) {
    if (!s.in_use() || s.ref_count != 0) continue;
    if (static_cast<std::uint32_t>(game_time - s.last_zero_ref_time) > kSweepAgeMs) {
      s = CacheSlot{};
      ++freed;
    }
  }
  return freed;
}

std::size_t TextureCache::unload_all() {
  std::size_t freed = in_use();
  for (CacheSlot& s : slots_) s = CacheSlot{};
  return freed;
}

}  // namespace parkan::runtime
