// .exp explosions (include/parkan/effect/effect.hpp, docs/formats/effect.md 2).
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

// Offsets (docs/formats/effect.md 2).
constexpr std::size_t kExpKind = 0, kExpDamage = 4, kExpRadius = 8, kExpValue3 = 12, kExpValue4 = 16,
                      kExpPlacement = 20, kExpSlotsAt = 24;
static_assert(kExpSlotsAt + kExpSlots * kPairSize == kExpSize);

float exp_f32(const std::uint8_t* p) {
  float f;
  std::memcpy(&f, p, 4);
  return f;
}

}  // namespace

Result<Explosion> read_explosion(ByteView bytes) {
  if (bytes.size() != kExpSize)
    return invalid_rule(codes::kExpSize, fmt::format("{} bytes: an explosion is {}", bytes.size(), kExpSize), 0);
  const std::uint8_t* p = bytes.data();
  Explosion e;
  e.kind = static_cast<std::int32_t>(load_u32(p + kExpKind));
  e.damage = exp_f32(p + kExpDamage);
  e.radius = exp_f32(p + kExpRadius);
  e.value3 = exp_f32(p + kExpValue3);
  e.value4 = exp_f32(p + kExpValue4);
  e.placement = static_cast<std::int32_t>(load_u32(p + kExpPlacement));
  for (std::size_t s = 0; s < kExpSlots; ++s) {
    const std::uint8_t* slot = p + kExpSlotsAt + s * kPairSize;
    e.slots[s] = {effect_field_text(slot), effect_field_text(slot + kNameField)};
  }
  e.raw.assign(bytes.begin(), bytes.end());
  return e;
}

std::vector<Diagnostic> check_explosion(ByteView bytes) {
  std::vector<Diagnostic> out;
  Result<Explosion> e = read_explosion(bytes);
  if (!e) {
    out.push_back(to_diagnostic(e.error(), codes::kExpSize));
    return out;
  }
  if (e->kind < 1 || e->kind > 3)
    add_diagnostic(out, Severity::warning, codes::kExpKind, kExpKind,
                   fmt::format("kind {} is not 1 (none), 2 (direct) or 3 (area)", e->kind));
  if (!std::isfinite(e->damage) || e->damage < 0)
    add_diagnostic(out, Severity::warning, codes::kExpValue, kExpDamage,
                   fmt::format("damage {} (a finite number, at least 0)", e->damage));
  if (!std::isfinite(e->radius) || e->radius < 0)
    add_diagnostic(out, Severity::warning, codes::kExpValue, kExpRadius,
                   fmt::format("radius {} (a finite number, at least 0)", e->radius));
  for (std::size_t s = 0; s < kExpSlots; ++s) {
    const std::size_t at = kExpSlotsAt + s * kPairSize;
    for (const auto& [offset, field] : {std::pair{std::size_t{0}, "archive"}, std::pair{kNameField, "effect"}})
      if (!effect_field_terminated(bytes.data() + at + offset))
        add_diagnostic(out, Severity::warning, codes::kExpNameNul, at + offset,
                       fmt::format("slot {}: the {} field has no NUL in its {} bytes", s, field, kNameField));
    if (e->slots[s].archive.empty() != e->slots[s].member.empty())
      add_diagnostic(out, Severity::warning, codes::kExpPairHalf, at,
                     fmt::format("slot {}: names {} but no {}", s, e->slots[s].archive.empty() ? "an effect" : "an archive",
                                 e->slots[s].archive.empty() ? "archive" : "effect"));
  }
  return out;
}

Result<ByteBuffer> write_explosion(const Explosion& e) {
  ByteBuffer out(kExpSize, 0);
  if (e.raw.size() == kExpSize) std::memcpy(out.data(), e.raw.data(), kExpSize);
  std::uint8_t* p = out.data();
  // A NaN over a stored NaN keeps the stored payload bits (docs/formats/effect.md 3); any other value
  // is stored as given (copying a float through a register may quiet a signalling NaN).
  auto put_f32 = [&](std::size_t at, float value) {
    if (std::isnan(value) && std::isnan(exp_f32(p + at))) return;
    std::memcpy(p + at, &value, 4);
  };
  std::memcpy(p + kExpKind, &e.kind, 4);
  put_f32(kExpDamage, e.damage);
  put_f32(kExpRadius, e.radius);
  put_f32(kExpValue3, e.value3);
  put_f32(kExpValue4, e.value4);
  std::memcpy(p + kExpPlacement, &e.placement, 4);
  for (std::size_t s = 0; s < kExpSlots; ++s) {
    std::uint8_t* slot = p + kExpSlotsAt + s * kPairSize;
    PARKAN_TRY(detail::put_effect_name(slot, e.slots[s].archive, fmt::format("slot {} archive", s)));
    PARKAN_TRY(detail::put_effect_name(slot + kNameField, e.slots[s].member, fmt::format("slot {} effect", s)));
  }
  return out;
}

nlohmann::json explosion_json(const Explosion& e) {
  nlohmann::json slots = nlohmann::json::array();
  for (std::size_t s = 0; s < kExpSlots; ++s)
    slots.push_back({{"slot", s},
                     {"archive", cp1251_to_utf8(e.slots[s].archive)},
                     {"effect", cp1251_to_utf8(e.slots[s].member)}});
  return {{"kind", e.kind},           {"damage", e.damage},       {"radius", e.radius}, {"value3", e.value3},
          {"value4", e.value4},       {"placement", e.placement}, {"slots", std::move(slots)}};
}

}  // namespace parkan::effect
