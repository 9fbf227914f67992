// The sample game's effects.rlb (FXID records) and weapon.rlb (the .exp explosions the buildings' .ndp
// records name), laid out from docs/formats/effect.md in the retail proportions of the world
// specification (section 8): 1 to 10 emitters per effect, emitter types weighted by their retail block
// counts, sound emitters naming sounds.lib members (shared_names::kEffectSounds), the others materials of
// the sample's Material.lib (the sample models' materials, always present).
#include <array>
#include <cstring>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "parkan/effect/effect.hpp"
#include "parkan/nres/write.hpp"
#include "parkan/sample/sample_game.hpp"
#include "sample/sample_effects.hpp"
#include "sample/sample_model_assets.hpp"
#include "sample/sample_random.hpp"
#include "sample/sample_shared_names.hpp"

namespace parkan::sample {

namespace {

// Retail emitter blocks per type 1..10 (docs/formats/effect.md 1.2): the weights of the types drawn.
constexpr std::array<std::uint32_t, 10> kFxTypeWeights = {618, 517, 1545, 202, 31, 0, 1161, 237, 266, 160};
constexpr std::size_t kFxSmallEffects = 16, kFxRetailEffects = 120;
constexpr std::uint32_t kFxQuietNan = 0x7FC00000;  // unread float slots of retail blocks often hold NaN

std::uint32_t fx_pick_type(SampleRandom& rng) {
  std::uint32_t total = 0;
  for (std::uint32_t w : kFxTypeWeights) total += w;
  std::uint32_t r = rng.below(total);
  for (std::uint32_t t = 0; t < kFxTypeWeights.size(); ++t) {
    if (r < kFxTypeWeights[t]) return t + 1;
    r -= kFxTypeWeights[t];
  }
  return 1;
}

void fx_store(ByteBuffer& b, std::size_t at, const void* p) { std::memcpy(b.data() + at, p, 4); }
void fx_store_f(ByteBuffer& b, std::size_t at, float v) { fx_store(b, at, &v); }
void fx_name(ByteBuffer& b, std::size_t at, std::string_view name) { std::memcpy(b.data() + at, name.data(), name.size()); }

// One emitter block: its word (type, and bit 8 on about one in ten), float slots of small values with a
// NaN in every seventh, the resource pair where the type has one.
ByteBuffer fx_emitter(std::uint32_t type, SampleRandom& rng, const std::vector<std::string>& materials) {
  const effect::EmitterLayout& layout = *effect::emitter_layout(type);
  ByteBuffer b(layout.size, 0);
  const std::uint32_t word = type | (rng.below(10) == 0 ? effect::kOverlayBit : 0);
  fx_store(b, 0, &word);
  for (std::size_t at = 4; at + 4 <= layout.size; at += 4) {
    if ((at / 4) % 7 == 0)
      fx_store(b, at, &kFxQuietNan);
    else
      fx_store_f(b, at, float(rng.below(1000)) / 100.0f);
  }
  if (layout.pair_offset != 0) {
    std::memset(b.data() + layout.pair_offset, 0, effect::kPairSize);
    const bool sound = type == 2;
    fx_name(b, layout.pair_offset, sound ? shared_names::kSoundsLibrary : std::string_view("Material.lib"));
    fx_name(b, layout.pair_offset + effect::kNameField,
            sound ? shared_names::kEffectSounds[rng.below(shared_names::kEffectSounds.size())]
                  : std::string_view(materials[rng.below(std::uint32_t(materials.size()))]));
  }
  return b;
}

// The 60-byte header (docs/formats/effect.md 1.1): once and deleted at the end, or looping.
ByteBuffer fx_header(std::size_t count, bool loop, SampleRandom& rng) {
  ByteBuffer b(effect::kHeaderSize, 0);
  const auto n = std::uint32_t(count);
  const std::uint32_t mode = loop ? 2 : 1, flags = loop ? 0 : 0x2;
  fx_store(b, 0x00, &n);
  fx_store(b, 0x04, &mode);
  fx_store_f(b, 0x08, 0.5f + float(rng.below(46)) / 10.0f);
  fx_store(b, 0x10, &flags);
  for (std::size_t k = 0; k < 3; ++k) fx_store_f(b, 0x30 + 4 * k, 1.0f);
  return b;
}

ByteBuffer fx_effect(std::string_view name, SampleRandom& rng, const std::vector<std::string>& materials) {
  const bool loop = name == effect_names::kRain || name == effect_names::kSnow || name.starts_with("fire");
  const std::size_t count = 1 + rng.below(10);
  effect::Effect fx{fx_header(count, loop, rng), {}};
  for (std::size_t i = 0; i < count; ++i) fx.emitters.push_back({fx_emitter(fx_pick_type(rng), rng, materials)});
  // Explosions and rain are heard: their first emitter is a sound.
  if (name.starts_with("expl") || name == effect_names::kRain) {
    fx.emitters[0] = {fx_emitter(2, rng, materials)};
    const std::string_view sound = name == effect_names::kRain ? shared_names::kRainSound
                                   : name == "expl_b"           ? shared_names::kEffectSounds[1]
                                                                : shared_names::kEffectSounds[0];
    // A sound block has a pair and the names are short: this cannot fail.
    (void)fx.emitters[0].set_resource({std::string(shared_names::kSoundsLibrary), std::string(sound)});
  }
  return effect::write_effect(fx).value();  // block lengths valid by construction
}

std::vector<std::string> fx_effect_names(const SampleOptions& options) {
  std::vector<std::string> names;
  for (auto n : effect_names::kExplosionEffects) names.emplace_back(n);
  for (auto n : effect_names::kGroundEffects) names.emplace_back(n);
  for (auto n : {effect_names::kRain, effect_names::kSnow, effect_names::kLightning}) names.emplace_back(n);
  static constexpr std::array<const char*, 6> kStems = {"fire", "smoke", "flash", "trail", "glow", "debris"};
  const std::size_t total = options.retail ? kFxRetailEffects : kFxSmallEffects;
  for (std::size_t i = 0; names.size() < total; ++i)
    names.push_back(fmt::format("{}_{:02}", kStems[i % kStems.size()], i / kStems.size() + 1));
  return names;
}

// .exp (docs/formats/effect.md 2): kind 2 direct for the small one, 3 area for the others; radius 2 / 3 / 4;
// slot 0 the effect, slots 1..3 the ground effects.
ByteBuffer fx_explosion(std::size_t i) {
  static constexpr std::array<float, 3> kDamage = {400, 1500, 6000}, kRadius = {2, 3, 4};
  effect::Explosion x;
  x.kind = i == 0 ? 2 : 3;
  x.damage = kDamage[i];
  x.radius = kRadius[i];
  x.placement = 7;
  const std::string archive(shared_names::kEffectsLibrary);
  x.slots[0] = {archive, std::string(effect_names::kExplosionEffects[i])};
  for (std::size_t s = 0; s < effect_names::kGroundEffects.size(); ++s)
    x.slots[s + 1] = {archive, std::string(effect_names::kGroundEffects[s])};
  return effect::write_explosion(x).value();  // names short by construction
}

}  // namespace

std::vector<SampleFile> sample_effects(const SampleOptions& options) {
  std::vector<std::string> materials;
  for (const auto& [name, mat] : model_materials()) materials.push_back(name);
  SampleRandom rng{options.seed * 0x51ED2701ull + 27};

  const std::vector<std::string> names = fx_effect_names(options);
  std::vector<ByteBuffer> payloads;
  for (const std::string& name : names) payloads.push_back(fx_effect(name, rng, materials));
  std::vector<nres::EntrySpec> specs;
  for (std::size_t i = 0; i < names.size(); ++i) specs.push_back({effect::kFxidTypeId, 0, 0, 0, names[i], payloads[i]});

  std::vector<ByteBuffer> explosions;
  std::vector<nres::EntrySpec> exp_specs;
  for (std::size_t i = 0; i < shared_names::kExplosions.size(); ++i) explosions.push_back(fx_explosion(i));
  for (std::size_t i = 0; i < explosions.size(); ++i)
    exp_specs.push_back({effect::kExpTypeId, 0, 0, 0, std::string(shared_names::kExplosions[i]), explosions[i]});

  return {{std::string(shared_names::kEffectsLibrary), nres::build(specs).value()},
          {std::string(shared_names::kExplosionArchive), nres::build(exp_specs).value()}};
}

}  // namespace parkan::sample
