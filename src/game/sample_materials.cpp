// A synthetic Material.lib and WEAR texts following the corpus statistics (materials-texm.md 13.1,
// 13.4): every entry MAT0 with attr2 = 6 and attr3 = 0, up to 29 phases and 8 animation blocks,
// attr1 categories 0..4; a DEFAULT that is not entry 0; animated materials in every mode (and an
// unknown mode 5); WEAR texts with and without LIGHTMAPS, each with the separator line (13.4). The last
// entries are the sample models' materials (sample_model_materials.cpp).
#include <random>

#include <fmt/format.h>

#include "parkan/game/sample.hpp"
#include "game/sample_model_assets.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/wear.hpp"
#include "parkan/nres/write.hpp"

namespace parkan::game {

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

const char* const kTextures[] = {"GRASS.0", "ROCK.0", "METAL1.0", "GLASS.0", "FIRE0.0", "FIRE1.0", "WATER.0",
                                 "SKY.0", "PANEL.A", "LAMP.B0"};

Phase make_phase(Rng& rng, bool textured) {
  Phase p;
  for (std::size_t i = 0; i < 16; ++i) p.params[i] = rng.byte();
  p.params[3] = static_cast<std::uint8_t>(rng.below(101));  // opacity in percent
  p.params[16] = static_cast<std::uint8_t>(rng.below(64));  // power
  p.params[17] = static_cast<std::uint8_t>(rng.below(4) == 0 ? 0xFF : rng.below(3));  // page index, -1 often
  if (textured) {
    std::string name = kTextures[rng.below(std::size(kTextures))];
    std::copy(name.begin(), name.end(), p.texture_field.begin());
    // Some fields carry bytes after the NUL, as stale buffers in the original tools would.
    if (rng.below(3) == 0)
      for (std::size_t i = name.size() + 1; i < p.texture_field.size(); ++i) p.texture_field[i] = rng.byte();
  }
  return p;
}

AnimBlock make_block(Rng& rng, std::uint32_t mode, std::uint32_t mask, std::size_t phases, std::size_t keys) {
  AnimBlock b;
  b.header_raw = mode | (mask << 3);
  std::uint16_t end = 0;
  for (std::size_t k = 0; k < keys; ++k) {
    end = static_cast<std::uint16_t>(end + 50 + rng.below(400));
    b.keys.push_back({static_cast<std::uint16_t>(rng.below(static_cast<std::uint32_t>(phases))), end,
                      static_cast<std::uint16_t>(rng.below(0x10000))});
  }
  return b;
}

Mat0 make_material(Rng& rng, std::size_t phases, std::vector<AnimBlock> blocks) {
  Mat0 m;
  std::uint32_t category = rng.below(5);
  m.attributes = {(category << 2) | (rng.below(2)) | (rng.below(4) == 0 ? 0x02 : 0) | (rng.below(8) == 0 ? 0x40 : 0),
                  kCorpusAttr2};
  m.meta_a = rng.byte();
  m.meta_b = rng.byte();
  m.meta_c = 0x3F800000;
  m.meta_d = rng.below(3);
  for (std::size_t i = 0; i < phases; ++i) m.phases.push_back(make_phase(rng, rng.below(6) != 0));
  m.blocks = std::move(blocks);
  return m;
}

struct NamedMaterial {
  std::string name;
  Mat0 mat;
};

std::vector<NamedMaterial> make_materials(const SampleOptions& options) {
  Rng rng(options.seed * 2654435761u + 4);
  std::vector<NamedMaterial> out;
  std::size_t total = options.retail ? kRetailMaterials : kSmallMaterials;
  out.push_back({"AAA_FIRST", make_material(rng, 1, {})});  // entry 0: the last fallback
  // One animated material per mode, each with a full mask, 4 phases and 8 keys; mode 5 is unknown.
  const std::pair<const char*, std::uint32_t> animated[] = {
      {"ANIM_LOOP", 0}, {"ANIM_PINGPONG", 1}, {"ANIM_ONESHOT", 2}, {"ANIM_RANDOM", 3}, {"ANIM_MODE5", 5}};
  for (auto [name, mode] : animated) {
    Mat0 m = make_material(rng, 4, {});
    m.blocks.push_back(make_block(rng, mode, 0x1F, 4, 8));
    m.blocks.push_back(make_block(rng, mode, 1u << rng.below(5), 4, 3));
    for (Phase& p : m.phases) {  // every phase textured, so the animation is visible
      p.texture_field = {};
      std::string tex = fmt::format("FIRE{}.0", &p - m.phases.data());
      std::copy(tex.begin(), tex.end(), p.texture_field.begin());
    }
    out.push_back({name, std::move(m)});
  }
  std::vector<std::pair<std::string, Mat0>> models = model_materials();  // the last entries
  while (out.size() + models.size() < total) {
    std::size_t index = out.size();
    if (index == total / 2) {
      out.push_back({"DEFAULT", make_material(rng, 1, {})});
      continue;
    }
    // Most retail materials have one phase and no animation; a few have many.
    std::size_t phases = rng.below(4) == 0 ? 1 + rng.below(kMaxPhases) : 1;
    std::vector<AnimBlock> blocks;
    if (phases > 1) {
      std::size_t count = 1 + rng.below(kMaxBlocks);
      for (std::size_t b = 0; b < count; ++b)
        blocks.push_back(make_block(rng, rng.below(4), rng.below(32), phases, 1 + rng.below(8)));
    }
    out.push_back({fmt::format("MAT_{:03}", index), make_material(rng, phases, std::move(blocks))});
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

}  // namespace parkan::game
