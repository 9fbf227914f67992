#pragma once
// sky.ske, a mission's atmosphere (docs/formats/sky.md): day cycles of keyframes, each a time, an event
// opcode, 22 four-byte slots (BGRA colours and fog floats), six strings, four floats and (version 3) a
// list of effects. Every field is kept as stored (slots and floats as their bits), so an unedited file
// writes back byte for byte; only the keyframe counts are recomputed.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"

namespace parkan::sky {

inline constexpr std::uint32_t kMagic = 0xFFFFFFFF;  // i32 -1
inline constexpr std::uint32_t kVersion = 5;
inline constexpr std::size_t kSlotCount = 22;        // version 1 stores the first 20
inline constexpr std::size_t kVersion1Slots = 20;
inline constexpr std::size_t kNameCount = 6;
inline constexpr std::size_t kValueCount = 4;        // sprite width, sprite height, light, weather intensity
inline constexpr std::size_t kTimeWords = 8;

// Event opcodes (docs/formats/sky.md 2).
enum class Opcode : std::uint32_t {
  sun_moon_start = 0, sun_moon_stop = 1, none2 = 2, rain_start = 3, rain_stop = 4,
  snow_start = 5, snow_stop = 6, none7 = 7, lightning_start = 8, lightning_stop = 9
};
const char* opcode_name(std::uint32_t opcode);  // "rain start", ... or "unknown"

// Slots by role (docs/formats/sky.md 3).
inline constexpr std::array<std::size_t, 4> kHorizonSlots = {2, 3, 1, 4};
inline constexpr std::size_t kApexSlot = 15, kFogStartSlot = 5, kFogEndSlot = 6, kCloudSlot = 18, kSunLightSlot = 19,
                             kSceneColourSlot = 20;

// A time: 8 x u32, of which [0] the section, [3] the hour and [4] the minute are read.
struct Time {
  std::array<std::uint32_t, kTimeWords> words{};
  std::uint32_t hour() const { return words[3]; }
  std::uint32_t minute() const { return words[4]; }
  static Time of(std::uint32_t hour, std::uint32_t minute, std::uint32_t section = 0) {
    Time t;
    t.words[0] = section;
    t.words[3] = hour;
    t.words[4] = minute;
    return t;
  }
};

struct Keyframe {
  std::uint32_t version = 3;  // 1: 20 slots stored; 2: no effect list; 3
  Time time;
  std::uint32_t opcode = 2;
  std::vector<std::uint32_t> slots = std::vector<std::uint32_t>(kSlotCount);  // as stored (20 or 22), little-endian words
  std::array<std::string, kNameCount> names;  // "sun", "moon" or empty first
  std::array<std::uint32_t, kValueCount> value_bits{};  // f32 bits, kept exactly
  std::vector<std::string> effects;  // version 3 only: what a rain or lightning start names
  std::size_t offset = 0;            // where it was read (ignored by the writer)

  float value(std::size_t i) const;
  // Slot s as (r, g, b, a) from its stored BGRA bytes; zeros past the stored slots.
  std::array<std::uint8_t, 4> colour(std::size_t s) const;
  float slot_float(std::size_t s) const;
};

struct Section {
  std::uint32_t version = 1;
  Time end;         // 23:59 in retail, unread
  Time day_length;  // real hours [3] and minutes [4] the day lasts
  std::vector<Keyframe> keyframes;
  std::size_t offset = 0;  // where it was read (ignored by the writer)

  std::uint32_t day_seconds() const { return day_length.hour() * 3600 + day_length.minute() * 60; }
};

struct Sky {
  std::uint32_t magic = kMagic, version = kVersion;
  std::vector<Section> sections;
  Time start;                    // the clock as the mission loads
  std::uint32_t trailer_word = 0;  // 0 in retail, unread
  std::uint32_t flag = 0;          // 0 or 1, unread
  std::size_t trailer_offset = 0;  // where the start clock was read (ignored by the writer)
};

// Errors: sky.header, sky.size, sky.keyframe.version, sky.trailing.
Result<Sky> read_sky(ByteView bytes);
// The read's error, or sky.sections, sky.section.version, sky.time, sky.day, sky.opcode, sky.empty,
// sky.trailer (warnings), with offsets.
std::vector<Diagnostic> check_sky(ByteView bytes);
// Errors: sky.keyframe.version (a version outside 1..3, or slots not 20 for version 1 and 22 otherwise).
Result<ByteBuffer> write_sky(const Sky& sky);
nlohmann::json sky_json(const Sky& sky);

}  // namespace parkan::sky
