// A synthetic Material.lib and WEAR texts following the corpus statistics (docs/formats/mat0.md 9,
// 13.4): every entry MAT0 with attr2 = 6 and attr3 = 0, up to 29 phases and 8 animation blocks,
// attr1 categories 0..4; a DEFAULT that is not entry 0; animated materials in every mode (and an
// unknown mode 5); WEAR texts with and without LIGHTMAPS, each with the separator line (13.4). The last
// entries are the sample models' materials (sample_model_materials.cpp).
#include <cctype>
#include <map>
#include <random>
#include <set>

#include <fmt/format.h>

#include "parkan/sample/sample_game.hpp"
#include "sample/sample_model_assets.hpp"
#include "sample/sample_texture_catalog.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/wear.hpp"
#include "parkan/nres/write.hpp"

namespace parkan::sample {

namespace {

using material::AnimBlock;
using material::Key;
using material::Mat0;
using material::Phase;

constexpr std::uint32_t kCorpusAttr2 = 6;   // 13.1: attr2 = 6 for all 905 entries
constexpr std::size_t kRetailMaterials = 905;
constexpr std::size_t kSmallMaterials = 40;
constexpr std::size_t kMaxPhases = 29;
constexpr std::size_t kMaxBlocks = 8;

class Rng {
 public:
  explicit Rng(std::uint32_t seed) : engine_(seed) {}
  // The raw mt19937 output (exactly specified), not a distribution (those differ between libraries).
  std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(engine_() % n); }
  std::uint8_t byte() { return static_cast<std::uint8_t>(engine_()); }

 private:
  std::mt19937 engine_;
};

// The textures a material's phases may name (sample_texture_catalog.hpp): plain textures for still
// materials, frame sequences for animated ones, so that every phase names a texture Textures.lib has
// and an animation visibly changes its picture.
struct MaterialTextures {
  std::vector<std::string> still;
  std::vector<std::vector<std::string>> animations;
  std::map<std::string, std::size_t> page_cells;  // textures with a Page table: their rect count
};

MaterialTextures material_textures(const SampleOptions& options) {
  MaterialTextures textures{static_texture_names(options), animated_texture_sets(options), {}};
  for (const TextureSpec& spec : texture_catalog(options))
    if (!spec.page.empty()) textures.page_cells[spec.name] = spec.page.size();
  return textures;
}

void set_texture(Phase& p, std::string_view name, Rng& rng) {
  p.texture_field = {};
  std::copy(name.begin(), name.end(), p.texture_field.begin());
  // Some fields carry bytes after the NUL, as stale buffers in the original tools would.
  if (rng.below(3) == 0)
    for (std::size_t i = name.size() + 1; i < p.texture_field.size(); ++i) p.texture_field[i] = rng.byte();
}

// p17 is the Page cell (docs/formats/mat0.md; retail-evidence: 2513 of 2513 cells fall inside their
// texture's table): a cell of the texture's Page table most of the time when it has one, else -1.
Phase make_phase(Rng& rng, const MaterialTextures& textures, const std::string* texture) {
  Phase p;
  for (std::size_t i = 0; i < 16; ++i) p.params[i] = rng.byte();
  p.params[3] = static_cast<std::uint8_t>(rng.below(101));  // opacity in percent
  p.params[16] = static_cast<std::uint8_t>(rng.below(8));   // power 1 << p16
  p.params[17] = 0xFF;                                      // -1: the whole texture
  if (texture) {
    auto page = textures.page_cells.find(*texture);
    if (page != textures.page_cells.end() && rng.below(4) != 0)
      p.params[17] = static_cast<std::uint8_t>(rng.below(static_cast<std::uint32_t>(page->second)));
    set_texture(p, *texture, rng);
  }
  return p;
}

AnimBlock make_block(Rng& rng, std::uint32_t mode, std::uint32_t mask, std::size_t phases, std::size_t keys) {
  AnimBlock b;
  b.header_raw = mode | (mask << 3);
  std::uint16_t end = 0;
  for (std::size_t k = 0; k < keys; ++k) {
    end = static_cast<std::uint16_t>(end + 50 + rng.below(400));
    // k2 = 0 as on all 3147 retail keys (docs/formats/mat0.md 3.4).
    b.keys.push_back({static_cast<std::uint16_t>(rng.below(static_cast<std::uint32_t>(phases))), end, 0});
  }
  return b;
}

Mat0 make_material_header(Rng& rng) {
  Mat0 m;
  std::uint32_t category = rng.below(5);
  m.attributes = {(category << 2) | (rng.below(2)) | (rng.below(4) == 0 ? 0x02 : 0) | (rng.below(8) == 0 ? 0x40 : 0),
                  kCorpusAttr2};
  // The prefix as retail has it (docs/formats/mat0.md): the ground surface class 0..10, unset (0xFF)
  // on 376 of 905; byte 5 0xFF on all; speed factor 1.0; damage per second 0 but on a few beds.
  m.meta_a = static_cast<std::uint8_t>(rng.below(905) < 376 ? 0xFF : rng.below(11));
  m.meta_b = 0xFF;
  m.meta_c = 0x3F800000;  // 1.0f
  m.meta_d = rng.below(200) == 0 ? 1000u : 0u;
  return m;
}

// One phase, textured most of the time (13.1: a few materials are plain colour).
Mat0 make_still_material(Rng& rng, const MaterialTextures& textures, std::string* texture_out) {
  Mat0 m = make_material_header(rng);
  const bool textured = rng.below(6) != 0;
  const std::string* texture = textured ? &textures.still[rng.below(static_cast<std::uint32_t>(textures.still.size()))]
                                        : nullptr;
  m.phases.push_back(make_phase(rng, textures, texture));
  if (texture_out) *texture_out = texture ? *texture : std::string();
  return m;
}

// `phases` phases naming the frames of `frames` in order (repeating), and `blocks` blocks of the given
// modes and masks: the picture changes at every key.
Mat0 make_animated_material(Rng& rng, const MaterialTextures& textures, const std::vector<std::string>& frames,
                            std::size_t phases, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& blocks) {
  Mat0 m = make_material_header(rng);
  for (std::size_t i = 0; i < phases; ++i) m.phases.push_back(make_phase(rng, textures, &frames[i % frames.size()]));
  for (auto [mode, mask] : blocks) m.blocks.push_back(make_block(rng, mode, mask, phases, 1 + rng.below(8)));
  return m;
}

struct NamedMaterial {
  std::string name;
  Mat0 mat;
};

// Names in the game's style: a material is named after its texture ("ROCK_05" for ROCK_05.0), with
// a letter when the name is taken; plain colours are PAINT_nn.
class MaterialNames {
 public:
  std::string take(std::string base) {
    for (char& c : base)
      if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
    if (base.empty()) base = "PAINT";
    std::string name = base;
    for (char suffix = 'B'; used_.count(name) != 0 && suffix <= 'Z'; ++suffix) name = fmt::format("{}_{}", base, suffix);
    for (std::size_t n = 2; used_.count(name) != 0; ++n) name = fmt::format("{}_{}", base, n);  // past Z
    used_.insert(name);
    return name;
  }
  void reserve(std::string name) { used_.insert(std::move(name)); }

 private:
  std::set<std::string> used_;
};

std::string stem_of_texture(std::string_view texture) {
  std::string stem(texture.substr(0, texture.find('.')));
  while (!stem.empty() && (std::isdigit(static_cast<unsigned char>(stem.back())) != 0 || stem.back() == '_'))
    stem.pop_back();  // FIRE_A03 -> FIRE_A: a family name for an animation
  return stem;
}

std::vector<NamedMaterial> make_materials(const SampleOptions& options) {
  Rng rng(options.seed * 2654435761u + 4);
  const MaterialTextures textures = material_textures(options);
  std::vector<NamedMaterial> out;
  MaterialNames names;
  for (const char* fixed : {"AAA_FIRST", "ANIM_LOOP", "ANIM_PINGPONG", "ANIM_ONESHOT", "ANIM_RANDOM", "ANIM_MODE5",
                            "DEFAULT", "MAT_010", "MAT_011", "MAT_012", "MAT_013"})
    names.reserve(fixed);
  std::size_t total = options.retail ? kRetailMaterials : kSmallMaterials;
  out.push_back({"AAA_FIRST", make_still_material(rng, textures, nullptr)});  // entry 0: the last fallback
  // One animated material per mode (mode 5 is unknown), each over the first animation with a full
  // mask and a one-bit mask block.
  const std::pair<const char*, std::uint32_t> animated[] = {
      {"ANIM_LOOP", 0}, {"ANIM_PINGPONG", 1}, {"ANIM_ONESHOT", 2}, {"ANIM_RANDOM", 3}, {"ANIM_MODE5", 5}};
  for (auto [name, mode] : animated) {
    Mat0 m = make_animated_material(rng, textures, textures.animations.front(), 4, {});
    m.blocks.push_back(make_block(rng, mode, 0x1F, 4, 8));
    m.blocks.push_back(make_block(rng, mode, 1u << rng.below(5), 4, 3));
    out.push_back({name, std::move(m)});
  }
  // The corpus's extremes (13.1): 29 phases, 8 blocks covering every mode and every mask bit.
  {
    const std::vector<std::string>& frames = textures.animations.back();
    std::vector<std::pair<std::uint32_t, std::uint32_t>> blocks;
    for (std::uint32_t b = 0; b < kMaxBlocks; ++b) blocks.emplace_back(b % 4, b < 5 ? 1u << b : 0x1Fu >> (b - 4));
    out.push_back({names.take(stem_of_texture(frames.front()) + "_STORM"),
                   make_animated_material(rng, textures, frames, kMaxPhases, blocks)});
  }
  for (int i = 10; i <= 13; ++i) out.push_back({fmt::format("MAT_{:03}", i), make_still_material(rng, textures, nullptr)});

  std::vector<std::pair<std::string, Mat0>> models = model_materials();  // the last entries
  for (const auto& [name, mat] : models) names.reserve(name);
  while (out.size() + models.size() < total) {
    if (out.size() == total / 2) {
      out.push_back({"DEFAULT", make_still_material(rng, textures, nullptr)});
      continue;
    }
    // Most materials have one phase and no animation; about one in eight is animated (up to 29 phases
    // and 8 blocks).
    if (rng.below(8) == 0) {
      const auto& frames = textures.animations[rng.below(static_cast<std::uint32_t>(textures.animations.size()))];
      const std::size_t phases = std::min(kMaxPhases, frames.size() + rng.below(static_cast<std::uint32_t>(kMaxPhases)));
      std::vector<std::pair<std::uint32_t, std::uint32_t>> blocks(1 + rng.below(kMaxBlocks));
      for (auto& [mode, mask] : blocks) mode = rng.below(4), mask = 1 + rng.below(31);
      out.push_back({names.take(stem_of_texture(frames.front())), make_animated_material(rng, textures, frames, phases, blocks)});
    } else {
      std::string texture;
      Mat0 m = make_still_material(rng, textures, &texture);
      out.push_back({names.take(texture.empty() ? "PAINT" : texture.substr(0, texture.find('.'))), std::move(m)});
    }
  }
  for (auto& [name, mat] : models) out.push_back({name, std::move(mat)});
  return out;
}

// WEAR texts: name -> text (13.4: the LIGHTMAPS block has one lightmap and the blank separator).
const std::pair<const char*, const char*> kWearTexts[] = {
    {"ship.wea", "4\n0 ANIM_LOOP\n1 MAT_010\n2 DEFAULT\n3 ANIM_PINGPONG\n"},
    {"land.wea", "2\r\n0 MAT_011\r\n1 ANIM_RANDOM\r\n\r\nLIGHTMAPS\r\n1\r\n0 LIGHT0.0\r\n"},
    {"tower.wea", "3\n10 ANIM_ONESHOT\n11 NO_SUCH_MATERIAL\n12 MAT_012\n\nLIGHTMAPS\n2\n0 LIGHT0.0\n1 LIGHT1.0\n"},
};

}  // namespace

std::vector<SampleFile> sample_materials(const SampleOptions& options) {
  std::vector<NamedMaterial> materials = make_materials(options);
  std::vector<ByteBuffer> payloads;
  payloads.reserve(materials.size());
  std::vector<nres::EntrySpec> specs;
  for (const NamedMaterial& m : materials) {
    payloads.push_back(material::write_mat0(m.mat).value());
    specs.push_back({material::kMat0TypeId, m.mat.attributes.attr1, m.mat.attributes.attr2, 0, m.name,
                     payloads.back()});
  }
  std::vector<SampleFile> out;
  out.push_back({"Material.lib", nres::build(specs).value()});

  std::vector<nres::EntrySpec> wear_specs;
  for (auto [name, text] : kWearTexts) {
    ByteView bytes = as_bytes(text);
    out.push_back({fmt::format("wear/{}", name), ByteBuffer(bytes.begin(), bytes.end())});
    wear_specs.push_back({material::kWearTypeId, 0, 0, 1, name, bytes});  // 13.4: attr3 = 1
  }
  out.push_back({"world.rlb", nres::build(wear_specs).value()});
  return out;
}

}  // namespace parkan::sample
