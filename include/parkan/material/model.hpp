#pragma once
// MAT0 materials (docs/formats/mat0.md): plain structs. Every stored byte is kept, so that an
// unmodified material writes back byte-identical (k2, unknown modes 4..7, bytes after a NUL).
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace parkan::material {

inline constexpr std::uint32_t kMat0TypeId = 0x3054414D;  // "MAT0"
inline constexpr std::uint32_t kWearTypeId = 0x52414557;  // "WEAR"

inline constexpr std::size_t kHeaderSize = 4;        // u16 phase count, u16 animation block count
inline constexpr std::size_t kParamCount = 18;       // p0..p17
inline constexpr std::size_t kTextureFieldSize = 16; // char[16]
inline constexpr std::size_t kPhaseSize = kParamCount + kTextureFieldSize;  // 34
inline constexpr std::size_t kBlockHeaderSize = 6;   // u32 header, u16 key count
inline constexpr std::size_t kKeySize = 6;           // u16 phase, u16 end time, u16 k2
// The engine refuses a count of 20 or more: "Too many animations for material." (docs/formats/mat0.md 3).
inline constexpr std::size_t kMaxAnimBlocks = 19;
inline constexpr std::string_view kTooManyAnimations = "Too many animations for material.";

// The default version prefix values when attr2 < 2 (docs/formats/mat0.md 3).
inline constexpr std::uint8_t kDefaultMetaA = 255;
inline constexpr std::uint8_t kDefaultMetaB = 255;
inline constexpr std::uint32_t kDefaultMetaC = 0x3F800000;  // 1.0f
inline constexpr std::uint32_t kDefaultMetaD = 0;

// Bytes of the version prefix that payload version `attr2` stores (docs/formats/mat0.md 3: A,B from 2, C from 3, D from 4).
constexpr std::size_t prefix_size(std::uint32_t attr2) {
  return (attr2 >= 2 ? 2 : 0) + (attr2 >= 3 ? 4 : 0) + (attr2 >= 4 ? 4 : 0);
}

struct Phase {
  std::array<std::uint8_t, kParamCount> params{};
  std::array<std::uint8_t, kTextureFieldSize> texture_field{};  // whole field, bytes after the NUL kept

  // The bytes before the first NUL (all 16 when there is none; the check reports that).
  std::string_view texture_name() const;
  bool has_texture() const { return texture_field[0] != 0; }
  bool operator==(const Phase&) const = default;
};

struct Key {
  std::uint16_t phase = 0;     // k0: index into the phase table
  std::uint16_t end_time = 0;  // k1: end of this key's segment, ms
  std::uint16_t k2 = 0;        // unused by the engine (docs/formats/mat0.md 3.4), kept
  bool operator==(const Key&) const = default;
};

enum class AnimMode : std::uint32_t { loop = 0, ping_pong = 1, one_shot = 2, random = 3 };

struct AnimBlock {
  std::uint32_t header_raw = 0;  // mode = & 7, interpolation mask = >> 3
  std::vector<Key> keys;

  std::uint32_t mode() const { return header_raw & 7u; }
  std::uint32_t mask() const { return header_raw >> 3; }
  bool operator==(const AnimBlock&) const = default;
};

// The NRes attributes the parser needs (docs/formats/mat0.md 2): attr1 runtime flags, attr2 payload version.
struct Mat0Attributes {
  std::uint32_t attr1 = 0;
  std::uint32_t attr2 = 6;  // every retail entry (docs/formats/mat0.md 9); docs/cli.md's default
  bool operator==(const Mat0Attributes&) const = default;
};

struct Mat0 {
  Mat0Attributes attributes;
  // The version prefix (docs/formats/mat0.md 3.2), named metaA..D as the runtime's vtable 9 hands
  // them out; for attr2 below the version that stores a value, the engine default.
  std::uint8_t meta_a = kDefaultMetaA;   // ground surface class 0..10 under this material, 0xFF unset
  std::uint8_t meta_b = kDefaultMetaB;   // 0xFF on every retail material; meaning unknown
  std::uint32_t meta_c = kDefaultMetaC;  // speed factor on this ground, f32 bits (1.0 on retail)
  std::uint32_t meta_d = kDefaultMetaD;  // damage per second on this ground
  std::vector<Phase> phases;
  std::vector<AnimBlock> blocks;
  bool operator==(const Mat0&) const = default;
};

// attr1 decoded (docs/formats/mat0.md 2).
struct RuntimeFlags {
  std::uint32_t texture_load_flags = 0;  // 0x200000 when bit0 is set
  bool flag_a = false;                   // bit1
  std::uint32_t category = 0;            // bits 2..5: nibbleMode, the pipeline category
  bool flag_b = false;                   // bit6
  std::uint32_t other_bits = 0;          // attr1 bits the engine does not read
};
inline constexpr std::uint32_t kTextureLoadFlag = 0x200000;
RuntimeFlags decode_runtime_flags(std::uint32_t attr1);

// The flags the engine loads a material's phase textures with (docs/runtime.md 6.3; World3D
// 0x10004441): kTextureLoadFlag (0x200000) for attr1 bit 0; texm::kLoadFlagOpaque (0x80000, the
// texture loads opaque, docs/formats/texm.md 6.4) for attr1 bit 1 unless the emboss setting is on
// (the engine's EMBOSS_BUMP with a device that can emboss; the retail Iron_3D.ini has EMBOSS_BUMP=0).
// The texture-by-name load adds texm::kLoadFlagPage (0x400000) itself (docs/runtime.md 9.3). The
// runtime's material loader, the glTF export and the viewer all take a material's flags from here.
std::uint32_t phase_texture_load_flags(std::uint32_t attr1, bool emboss_bump);

// Byte offsets of the sections of a material's payload, from the model (for messages and views).
std::size_t phase_offset(const Mat0& mat, std::size_t phase);
std::size_t block_offset(const Mat0& mat, std::size_t block);
std::size_t payload_size(const Mat0& mat);

}  // namespace parkan::material
