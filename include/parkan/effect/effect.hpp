#pragma once
// The effects of effects.rlb (NRes type FXID) and the explosions that name them (.exp, type EXPL)
// (docs/formats/effect.md). Read, checked, written back byte for byte: the 60-byte header and every
// emitter block are kept as stored (NaN float slots included); only the emitter count is recomputed.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"

namespace parkan::effect {

inline constexpr std::uint32_t kFxidTypeId = 0x44495846;  // "FXID"
inline constexpr std::uint32_t kExpTypeId = 0x4C505845;   // "EXPL"
inline constexpr std::size_t kNameField = 32;             // char[32], NUL-terminated
inline constexpr std::size_t kPairSize = 2 * kNameField;  // archive + member

// ---- FXID (docs/formats/effect.md 1) ----
inline constexpr std::size_t kHeaderSize = 60;
inline constexpr std::uint32_t kMaxEmitters = 81;  // the most any retail effect has
inline constexpr std::uint32_t kMaxTimeMode = 17;  // 0..15 read, 16 and 17 seen
inline constexpr std::uint32_t kOverlayBit = 0x100;  // bit 8 of a block's first word: drawn over the scene

// One emitter type: its block length, and where its resource pair sits (0: none).
struct EmitterLayout {
  std::uint8_t type;
  std::size_t size;
  std::size_t pair_offset;
  std::string_view name;  // "light", "sound", or "type N" where the engine's name is not known
};
// The layout of `type` (1..10), or nullptr.
const EmitterLayout* emitter_layout(std::uint32_t type);

struct ResourcePair {
  std::string archive;  // up to the first NUL, cp1251
  std::string member;
};

struct Emitter {
  ByteBuffer raw;  // the whole block as stored, its first word included

  std::uint32_t word() const;  // the first u32
  std::uint8_t type() const { return static_cast<std::uint8_t>(word() & 0xFF); }
  bool overlay() const { return (word() & kOverlayBit) != 0; }
  // The resource pair of a type that has one (and whose block is long enough), else nullopt.
  std::optional<ResourcePair> resource() const;
  // Writes `pair` over the stored names (a name that reads the same keeps its stored bytes). Errors:
  // effect.name.length, effect.name.nul_inside, fxid.type (the type has no pair).
  Status set_resource(const ResourcePair& pair);
};

// The 60-byte header's fields, as read (docs/formats/effect.md 1.1).
struct Header {
  std::uint32_t count = 0;  // as stored
  std::uint32_t time_mode = 0;
  float duration = 0, jitter = 0;
  std::uint32_t flags = 0, setting = 0;
  std::array<float, 3> random_offset{}, visibility_point{}, scale{};
};

struct Effect {
  ByteBuffer header;  // the 60 stored bytes (the count word is rewritten on writing)
  std::vector<Emitter> emitters;

  Header fields() const;  // zeros when `header` is not 60 bytes
};

// Errors: fxid.header, fxid.block, fxid.type, fxid.trailing (framing: the blocks must fill the bytes).
Result<Effect> read_effect(ByteView bytes);
// The read's error, or fxid.count, fxid.time_mode, fxid.duration, fxid.name.nul, fxid.pair.half
// (warnings), with offsets.
std::vector<Diagnostic> check_effect(ByteView bytes);
// The header (zeros when it is not 60 bytes) with count = emitters.size(), then every block. Errors:
// fxid.type, fxid.block.size (a block not its type's length).
Result<ByteBuffer> write_effect(const Effect& effect);
nlohmann::json effect_json(const Effect& effect);

// ---- .exp (docs/formats/effect.md 2) ----
inline constexpr std::size_t kExpSize = 792;
inline constexpr std::size_t kExpSlots = 12;  // slot 0 the effect, slot s + 1 on ground surface class s

struct Explosion {
  std::int32_t kind = 0;  // 1 none, 2 direct, 3 area
  float damage = 0;
  float radius = 0;       // x the node's bounding radius
  float value3 = 1, value4 = 1;  // 1 in every retail file; meaning not known
  std::int32_t placement = 0;    // 7: at the impact
  std::array<ResourcePair, kExpSlots> slots;  // archive + FXID name
  ByteBuffer raw;  // the 792 stored bytes (empty for one made in code)
};

// Errors: exp.size.
Result<Explosion> read_explosion(ByteView bytes);
// exp.size (error), exp.kind, exp.value, exp.name.nul, exp.pair.half (warnings).
std::vector<Diagnostic> check_explosion(ByteView bytes);
// Errors: effect.name.length, effect.name.nul_inside.
Result<ByteBuffer> write_explosion(const Explosion& explosion);
nlohmann::json explosion_json(const Explosion& explosion);

}  // namespace parkan::effect
