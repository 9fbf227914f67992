// sky.ske (include/parkan/sky/sky.hpp, docs/formats/sky.md).
#include "parkan/sky/sky.hpp"

#include <cstring>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "parkan/core/text.hpp"
#include "parkan/sky/codes.hpp"

namespace parkan::sky {

namespace {

constexpr std::size_t kSkyFileHeader = 12;      // -1, 5, section count
constexpr std::size_t kSkyTimeSize = 4 * kTimeWords;

// A cursor that fails with sky.size when the data ends (docs/formats/sky.md 1).
class SkyCursor {
 public:
  SkyCursor(ByteView bytes, std::size_t pos) : bytes_(bytes), pos_(pos) {}
  std::size_t pos() const { return pos_; }
  std::size_t left() const { return bytes_.size() - pos_; }

  Result<std::uint32_t> u32(const char* what) {
    if (left() < 4) return short_of(4, what);
    const std::uint32_t v = load_u32(bytes_.data() + pos_);
    pos_ += 4;
    return v;
  }
  Result<Time> time(const char* what) {
    if (left() < kSkyTimeSize) return short_of(kSkyTimeSize, what);
    Time t;
    for (std::size_t i = 0; i < kTimeWords; ++i) t.words[i] = load_u32(bytes_.data() + pos_ + 4 * i);
    pos_ += kSkyTimeSize;
    return t;
  }
  Result<std::string> string(const char* what) {
    PARKAN_ASSIGN(std::uint32_t n, u32(what));
    if (left() < n) return short_of(n, what);
    std::string s(reinterpret_cast<const char*>(bytes_.data() + pos_), n);
    pos_ += n;
    return s;
  }

 private:
  Error short_of(std::size_t need, const char* what) const {
    return invalid_rule(codes::kSize, fmt::format("{} needs {} bytes, {} are left", what, need, left()), pos_);
  }
  ByteView bytes_;
  std::size_t pos_ = 0;
};

float sky_f32(std::uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

Result<Keyframe> read_keyframe(SkyCursor& c, std::size_t section, std::size_t index) {
  Keyframe k;
  k.offset = c.pos();
  PARKAN_ASSIGN(k.version, c.u32("a keyframe's version"));
  if (k.version < 1 || k.version > 3)
    return invalid_rule(codes::kKeyframeVersion,
                        fmt::format("section {} keyframe {}: version {} is not 1, 2 or 3, so its length is unknown",
                                    section, index, k.version),
                        k.offset);
  PARKAN_ASSIGN(k.time, c.time("a keyframe's time"));
  PARKAN_ASSIGN(k.opcode, c.u32("a keyframe's opcode"));
  k.slots.assign(k.version == 1 ? kVersion1Slots : kSlotCount, 0);
  for (std::uint32_t& slot : k.slots) {
    PARKAN_ASSIGN(slot, c.u32("a keyframe's slots"));
  }
  for (std::string& name : k.names) {
    PARKAN_ASSIGN(name, c.string("a keyframe's name"));
  }
  for (std::uint32_t& bits : k.value_bits) {
    PARKAN_ASSIGN(bits, c.u32("a keyframe's floats"));
  }
  if (k.version == 3) {
    PARKAN_ASSIGN(std::uint32_t n, c.u32("a keyframe's effect count"));
    // Each effect takes at least its 4-byte length: a count past the bytes left fails here, before any
    // allocation.
    if (n > c.left() / 4)
      return invalid_rule(codes::kSize,
                          fmt::format("section {} keyframe {}: {} effects need at least {} bytes, {} are left", section,
                                      index, n, std::uint64_t{n} * 4, c.left()),
                          c.pos() - 4);
    k.effects.resize(n);
    for (std::string& e : k.effects) {
      PARKAN_ASSIGN(e, c.string("a keyframe's effect"));
    }
  }
  return k;
}

void put_sky_u32(ByteBuffer& out, std::uint32_t v) {
  const std::size_t at = out.size();
  out.resize(at + 4);
  std::memcpy(out.data() + at, &v, 4);
}
void put_sky_time(ByteBuffer& out, const Time& t) {
  for (std::uint32_t w : t.words) put_sky_u32(out, w);
}
void put_sky_string(ByteBuffer& out, const std::string& s) {
  put_sky_u32(out, static_cast<std::uint32_t>(s.size()));
  out.insert(out.end(), s.begin(), s.end());
}

nlohmann::json time_json(const Time& t) { return {{"hour", t.hour()}, {"minute", t.minute()}, {"section", t.words[0]}}; }

}  // namespace

const char* opcode_name(std::uint32_t opcode) {
  static constexpr const char* kNames[] = {"sun/moon start", "sun/moon stop", "none",       "rain start",
                                           "rain stop",      "snow start",    "snow stop",  "none",
                                           "lightning start", "lightning stop"};
  return opcode < 10 ? kNames[opcode] : "unknown";
}

float Keyframe::value(std::size_t i) const { return sky_f32(value_bits[i]); }

std::array<std::uint8_t, 4> Keyframe::colour(std::size_t s) const {
  if (s >= slots.size()) return {0, 0, 0, 0};
  const std::uint32_t w = slots[s];  // bytes B, G, R, A in file order
  return {std::uint8_t(w >> 16), std::uint8_t(w >> 8), std::uint8_t(w), std::uint8_t(w >> 24)};
}

float Keyframe::slot_float(std::size_t s) const { return s < slots.size() ? sky_f32(slots[s]) : 0.0f; }

Result<Sky> read_sky(ByteView bytes) {
  if (bytes.size() < kSkyFileHeader)
    return invalid_rule(codes::kHeader, fmt::format("{} bytes: shorter than the {}-byte header", bytes.size(),
                                                    kSkyFileHeader), 0);
  Sky sky;
  sky.magic = load_u32(bytes.data());
  sky.version = load_u32(bytes.data() + 4);
  if (sky.magic != kMagic || sky.version != kVersion)
    return invalid_rule(codes::kHeader,
                        fmt::format("starts with {}, {}: a sky.ske starts with -1, 5",
                                    static_cast<std::int32_t>(sky.magic), sky.version), 0);
  const std::uint32_t count = load_u32(bytes.data() + 8);
  SkyCursor c(bytes, kSkyFileHeader);
  for (std::uint32_t s = 0; s < count; ++s) {
    Section section;
    section.offset = c.pos();
    PARKAN_ASSIGN(section.version, c.u32("a section's version"));
    PARKAN_ASSIGN(std::uint32_t frames, c.u32("a section's keyframe count"));
    PARKAN_ASSIGN(section.end, c.time("a section's end time"));
    PARKAN_ASSIGN(section.day_length, c.time("a section's day length"));
    // No reserve(frames): every keyframe takes at least 4 bytes, so a false count fails on the bytes.
    for (std::uint32_t k = 0; k < frames; ++k) {
      PARKAN_ASSIGN(Keyframe frame, read_keyframe(c, s, k));
      section.keyframes.push_back(std::move(frame));
    }
    sky.sections.push_back(std::move(section));
  }
  sky.trailer_offset = c.pos();
  PARKAN_ASSIGN(sky.start, c.time("the start clock"));
  PARKAN_ASSIGN(sky.trailer_word, c.u32("the trailer"));
  PARKAN_ASSIGN(sky.flag, c.u32("the trailer"));
  if (c.left() != 0)
    return invalid_rule(codes::kTrailing, fmt::format("{} bytes after the trailer", c.left()), c.pos());
  return sky;
}

std::vector<Diagnostic> check_sky(ByteView bytes) {
  std::vector<Diagnostic> out;
  Result<Sky> sky = read_sky(bytes);
  if (!sky) {
    out.push_back(to_diagnostic(sky.error(), codes::kSize));
    return out;
  }
  if (sky->sections.size() != 1 && sky->sections.size() != 2)
    add_diagnostic(out, Severity::warning, codes::kSections, 8,
                   fmt::format("{} sections: a sky has 1 or 2", sky->sections.size()));
  auto check_time = [&](const Time& t, std::size_t at, const std::string& what) {
    if (t.hour() > 23 || t.minute() > 59)
      add_diagnostic(out, Severity::warning, codes::kTime, at,
                     fmt::format("{}: {}:{:02} is no time of day", what, t.hour(), t.minute()));
  };
  for (std::size_t s = 0; s < sky->sections.size(); ++s) {
    const Section& section = sky->sections[s];
    if (section.version != 1)
      add_diagnostic(out, Severity::warning, codes::kSectionVersion, section.offset,
                     fmt::format("section {}: version {} (1 in every retail sky)", s, section.version));
    if (section.day_seconds() == 0)
      add_diagnostic(out, Severity::warning, codes::kDay, section.offset + 8 + kSkyTimeSize,
                     fmt::format("section {}: a day of 0 hours 0 minutes", s));
    if (section.keyframes.empty())
      add_diagnostic(out, Severity::warning, codes::kEmpty, section.offset + 4,
                     fmt::format("section {}: no keyframes", s));
    for (std::size_t k = 0; k < section.keyframes.size(); ++k) {
      const Keyframe& frame = section.keyframes[k];
      check_time(frame.time, frame.offset + 4, fmt::format("section {} keyframe {}", s, k));
      if (frame.opcode > 9)
        add_diagnostic(out, Severity::warning, codes::kOpcode, frame.offset + 4 + kSkyTimeSize,
                       fmt::format("section {} keyframe {}: opcode {} is not one of 0 to 9", s, k, frame.opcode));
    }
  }
  check_time(sky->start, sky->trailer_offset, "the start clock");
  if (sky->trailer_word != 0 || sky->flag > 1)
    add_diagnostic(out, Severity::warning, codes::kTrailer, sky->trailer_offset + kSkyTimeSize,
                   fmt::format("the trailer's words are {} and {} (0, then 0 or 1)", sky->trailer_word, sky->flag));
  return out;
}

Result<ByteBuffer> write_sky(const Sky& sky) {
  ByteBuffer out;
  put_sky_u32(out, sky.magic);
  put_sky_u32(out, sky.version);
  put_sky_u32(out, static_cast<std::uint32_t>(sky.sections.size()));
  for (std::size_t s = 0; s < sky.sections.size(); ++s) {
    const Section& section = sky.sections[s];
    put_sky_u32(out, section.version);
    put_sky_u32(out, static_cast<std::uint32_t>(section.keyframes.size()));
    put_sky_time(out, section.end);
    put_sky_time(out, section.day_length);
    for (std::size_t k = 0; k < section.keyframes.size(); ++k) {
      const Keyframe& frame = section.keyframes[k];
      const std::size_t slots = frame.version == 1 ? kVersion1Slots : kSlotCount;
      if (frame.version < 1 || frame.version > 3 || frame.slots.size() != slots)
        return invalid_rule(codes::kKeyframeVersion,
                            fmt::format("section {} keyframe {}: version {} with {} slots (1: 20 slots; 2, 3: 22)", s,
                                        k, frame.version, frame.slots.size()));
      put_sky_u32(out, frame.version);
      put_sky_time(out, frame.time);
      put_sky_u32(out, frame.opcode);
      for (std::uint32_t slot : frame.slots) put_sky_u32(out, slot);
      for (const std::string& name : frame.names) put_sky_string(out, name);
      for (std::uint32_t bits : frame.value_bits) put_sky_u32(out, bits);
      if (frame.version == 3) {
        put_sky_u32(out, static_cast<std::uint32_t>(frame.effects.size()));
        for (const std::string& e : frame.effects) put_sky_string(out, e);
      }
    }
  }
  put_sky_time(out, sky.start);
  put_sky_u32(out, sky.trailer_word);
  put_sky_u32(out, sky.flag);
  return out;
}

nlohmann::json sky_json(const Sky& sky) {
  nlohmann::json sections = nlohmann::json::array();
  for (const Section& section : sky.sections) {
    nlohmann::json frames = nlohmann::json::array();
    for (const Keyframe& k : section.keyframes) {
      nlohmann::json names = nlohmann::json::array(), effects = nlohmann::json::array(),
                     colours = nlohmann::json::array(), values = nlohmann::json::array();
      for (const std::string& n : k.names) names.push_back(cp1251_to_utf8(n));
      for (const std::string& e : k.effects) effects.push_back(cp1251_to_utf8(e));
      for (std::size_t s = 0; s < k.slots.size(); ++s) {
        const auto c = k.colour(s);
        colours.push_back(fmt::format("#{:02x}{:02x}{:02x}{:02x}", c[0], c[1], c[2], c[3]));
      }
      for (std::size_t i = 0; i < kValueCount; ++i) values.push_back(k.value(i));
      frames.push_back({{"version", k.version},
                        {"time", time_json(k.time)},
                        {"opcode", k.opcode},
                        {"opcode_name", opcode_name(k.opcode)},
                        {"slots", k.slots},
                        {"colours", std::move(colours)},
                        {"fog_start", k.slot_float(kFogStartSlot) * 700.0f},
                        {"fog_end", k.slot_float(kFogEndSlot) * 700.0f},
                        {"names", std::move(names)},
                        {"values", std::move(values)},
                        {"effects", std::move(effects)}});
    }
    sections.push_back({{"version", section.version},
                        {"end", time_json(section.end)},
                        {"day_length", {{"hours", section.day_length.hour()}, {"minutes", section.day_length.minute()}}},
                        {"day_seconds", section.day_seconds()},
                        {"keyframes", std::move(frames)}});
  }
  return {{"sections", std::move(sections)},
          {"start", time_json(sky.start)},
          {"trailer_word", sky.trailer_word},
          {"flag", sky.flag}};
}

}  // namespace parkan::sky
