// FXID effect records (include/parkan/effect/effect.hpp, docs/formats/effect.md 1).
#include <array>
#include <cmath>
#include <cstring>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "effect/effect_name_field.hpp"
#include "parkan/core/text.hpp"
#include "parkan/effect/codes.hpp"
#include "parkan/effect/effect.hpp"

namespace parkan::effect {

namespace {

using detail::effect_field_terminated;
using detail::effect_field_text;

// Header offsets (docs/formats/effect.md 1.1).
constexpr std::size_t kHdrCount = 0x00, kHdrTimeMode = 0x04, kHdrDuration = 0x08, kHdrJitter = 0x0C, kHdrFlags = 0x10,
                      kHdrSetting = 0x14, kHdrRandomOffset = 0x18, kHdrVisibility = 0x24, kHdrScale = 0x30;

// Block lengths and pair offsets by type (docs/formats/effect.md 1.2, the world specification section 8). Only types 1 and 2
// have names in the engine's reading; the others are called by their number.
constexpr std::array<EmitterLayout, 10> kLayouts = {{{1, 224, 0, "light"},
                                                     {2, 148, 84, "sound"},
                                                     {3, 200, 136, "type 3"},
                                                     {4, 204, 136, "type 4"},
                                                     {5, 112, 48, "type 5"},
                                                     {6, 4, 0, "type 6"},
                                                     {7, 208, 144, "type 7"},
                                                     {8, 248, 184, "type 8"},
                                                     {9, 208, 136, "type 9"},
                                                     {10, 208, 144, "type 10"}}};

float fx_f32(const std::uint8_t* p) {
  float f;
  std::memcpy(&f, p, 4);
  return f;
}

std::array<float, 3> fx_v3(const std::uint8_t* p) { return {fx_f32(p), fx_f32(p + 4), fx_f32(p + 8)}; }

}  // namespace

const EmitterLayout* emitter_layout(std::uint32_t type) {
  if (type < 1 || type > kLayouts.size()) return nullptr;
  return &kLayouts[type - 1];
}

std::uint32_t Emitter::word() const { return raw.size() >= 4 ? load_u32(raw.data()) : 0; }

std::optional<ResourcePair> Emitter::resource() const {
  const EmitterLayout* layout = emitter_layout(type());
  if (!layout || layout->pair_offset == 0 || raw.size() < layout->pair_offset + kPairSize) return std::nullopt;
  const std::uint8_t* pair = raw.data() + layout->pair_offset;
  return ResourcePair{effect_field_text(pair), effect_field_text(pair + kNameField)};
}

Status Emitter::set_resource(const ResourcePair& pair) {
  const EmitterLayout* layout = emitter_layout(type());
  if (!layout || layout->pair_offset == 0 || raw.size() < layout->pair_offset + kPairSize)
    return invalid_rule(codes::kFxidType, fmt::format("an emitter of type {} names no resource", type()));
  std::uint8_t* at = raw.data() + layout->pair_offset;
  PARKAN_TRY(detail::put_effect_name(at, pair.archive, "the emitter's archive"));
  return detail::put_effect_name(at + kNameField, pair.member, "the emitter's member");
}

Header Effect::fields() const {
  Header h;
  if (header.size() != kHeaderSize) return h;
  const std::uint8_t* p = header.data();
  h.count = load_u32(p + kHdrCount);
  h.time_mode = load_u32(p + kHdrTimeMode);
  h.duration = fx_f32(p + kHdrDuration);
  h.jitter = fx_f32(p + kHdrJitter);
  h.flags = load_u32(p + kHdrFlags);
  h.setting = load_u32(p + kHdrSetting);
  h.random_offset = fx_v3(p + kHdrRandomOffset);
  h.visibility_point = fx_v3(p + kHdrVisibility);
  h.scale = fx_v3(p + kHdrScale);
  return h;
}

Result<Effect> read_effect(ByteView bytes) {
  if (bytes.size() < kHeaderSize)
    return invalid_rule(codes::kFxidHeader,
                        fmt::format("{} bytes: shorter than the {}-byte header", bytes.size(), kHeaderSize), 0);
  Effect effect;
  effect.header.assign(bytes.begin(), bytes.begin() + kHeaderSize);
  const std::uint32_t count = load_u32(bytes.data());
  std::size_t pos = kHeaderSize;
  // No reserve(count): the count is not trusted; every block takes at least 4 bytes, so the loop ends
  // within size / 4 steps.
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::size_t left = bytes.size() - pos;
    if (left < 4)
      return invalid_rule(codes::kFxidBlock,
                          fmt::format("emitter {} of {}: {} bytes left, not even its first word", i, count, left), pos);
    const std::uint32_t word = load_u32(bytes.data() + pos);
    const EmitterLayout* layout = emitter_layout(word & 0xFF);
    if (!layout)
      return invalid_rule(codes::kFxidType,
                          fmt::format("emitter {} of {}: type {} (word 0x{:08X}) is not 1 to 10, so its length and "
                                      "everything after it are unknown",
                                      i, count, word & 0xFF, word),
                          pos);
    if (left < layout->size)
      return invalid_rule(codes::kFxidBlock,
                          fmt::format("emitter {} of {}: a {} block needs {} bytes, {} are left", i, count,
                                      layout->name, layout->size, left),
                          pos);
    effect.emitters.push_back(Emitter{ByteBuffer(bytes.begin() + pos, bytes.begin() + pos + layout->size)});
    pos += layout->size;
  }
  if (pos != bytes.size())
    return invalid_rule(codes::kFxidTrailing,
                        fmt::format("{} bytes after the {} emitter block{}", bytes.size() - pos, count,
                                    count == 1 ? "" : "s"),
                        pos);
  return effect;
}

std::vector<Diagnostic> check_effect(ByteView bytes) {
  std::vector<Diagnostic> out;
  Result<Effect> effect = read_effect(bytes);
  if (!effect) {
    out.push_back(to_diagnostic(effect.error(), codes::kFxidBlock));
    return out;
  }
  const Header h = effect->fields();
  if (h.count > kMaxEmitters)
    add_diagnostic(out, Severity::warning, codes::kFxidCount, kHdrCount,
                   fmt::format("{} emitters: retail effects have at most {}", h.count, kMaxEmitters));
  if (h.time_mode > kMaxTimeMode)
    add_diagnostic(out, Severity::warning, codes::kFxidTimeMode, kHdrTimeMode,
                   fmt::format("time mode {} is not one of 0 to {}", h.time_mode, kMaxTimeMode));
  if (!std::isfinite(h.duration) || h.duration < 0)
    add_diagnostic(out, Severity::warning, codes::kFxidDuration, kHdrDuration,
                   fmt::format("duration {} s (a finite number, at least 0)", h.duration));
  std::size_t at = kHeaderSize;
  for (std::size_t i = 0; i < effect->emitters.size(); ++i) {
    const Emitter& e = effect->emitters[i];
    const EmitterLayout* layout = emitter_layout(e.type());
    if (layout->pair_offset != 0) {
      const std::uint8_t* pair = e.raw.data() + layout->pair_offset;
      for (const auto& [offset, field] : {std::pair{std::size_t{0}, "archive"}, std::pair{kNameField, "member"}})
        if (!effect_field_terminated(pair + offset))
          add_diagnostic(out, Severity::warning, codes::kFxidNameNul, at + layout->pair_offset + offset,
                         fmt::format("emitter {} ({}): the {} field has no NUL in its {} bytes", i, layout->name, field,
                                     kNameField));
      const ResourcePair names = *e.resource();
      if (names.archive.empty() != names.member.empty())
        add_diagnostic(out, Severity::warning, codes::kFxidPairHalf, at + layout->pair_offset,
                       fmt::format("emitter {} ({}): the resource pair names {} but no {}", i, layout->name,
                                   names.archive.empty() ? "a member" : "an archive",
                                   names.archive.empty() ? "archive" : "member"));
    }
    at += e.raw.size();
  }
  return out;
}

Result<ByteBuffer> write_effect(const Effect& effect) {
  ByteBuffer out(kHeaderSize, 0);
  if (effect.header.size() == kHeaderSize) std::memcpy(out.data(), effect.header.data(), kHeaderSize);
  const auto count = static_cast<std::uint32_t>(effect.emitters.size());
  std::memcpy(out.data() + kHdrCount, &count, 4);
  for (std::size_t i = 0; i < effect.emitters.size(); ++i) {
    const Emitter& e = effect.emitters[i];
    const EmitterLayout* layout = emitter_layout(e.type());
    if (!layout || e.raw.size() < 4)
      return invalid_rule(codes::kFxidType, fmt::format("emitter {}: type {} is not 1 to 10", i, e.type()));
    if (e.raw.size() != layout->size)
      return invalid_rule(codes::kFxidBlockSize, fmt::format("emitter {}: a {} block is {} bytes, this one {}", i,
                                                             layout->name, layout->size, e.raw.size()));
    out.insert(out.end(), e.raw.begin(), e.raw.end());
  }
  return out;
}

nlohmann::json effect_json(const Effect& effect) {
  const Header h = effect.fields();
  nlohmann::json emitters = nlohmann::json::array();
  std::size_t at = kHeaderSize;
  for (std::size_t i = 0; i < effect.emitters.size(); ++i) {
    const Emitter& e = effect.emitters[i];
    const EmitterLayout* layout = emitter_layout(e.type());
    nlohmann::json resource = nullptr;
    if (std::optional<ResourcePair> pair = e.resource())
      resource = {{"archive", cp1251_to_utf8(pair->archive)}, {"member", cp1251_to_utf8(pair->member)}};
    emitters.push_back({{"index", i},
                        {"offset", at},
                        {"length", e.raw.size()},
                        {"word", e.word()},
                        {"type", e.type()},
                        {"type_name", layout ? std::string(layout->name) : fmt::format("type {}", e.type())},
                        {"overlay", e.overlay()},
                        {"resource", std::move(resource)}});
    at += e.raw.size();
  }
  return {{"count", h.count},
          {"time_mode", h.time_mode},
          {"duration", h.duration},
          {"jitter", h.jitter},
          {"flags", h.flags},
          {"setting", h.setting},
          {"random_offset", h.random_offset},
          {"visibility_point", h.visibility_point},
          {"scale", h.scale},
          {"emitters", std::move(emitters)}};
}

}  // namespace parkan::effect
