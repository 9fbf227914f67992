// The sample Material.lib against the corpus figures of docs/formats/mat0.md 9: counted from the
// written bytes, read back with the project's own readers.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "parkan/sample/sample_game.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/material/model.hpp"
#include "parkan/nres/archive.hpp"

namespace parkan::sample {
namespace {

ByteBuffer material_library(bool retail) {
  SampleOptions options;
  options.retail = retail;
  for (SampleFile& f : sample_materials(options))
    if (f.path == "Material.lib") return std::move(f.bytes);
  ADD_FAILURE() << "no Material.lib";
  return {};
}

std::set<std::string> texture_names(bool retail) {
  SampleOptions options;
  options.retail = retail;
  std::set<std::string> names;
  for (const SampleFile& f : sample_textures(options))
    if (f.path == "Textures.lib") {
      nres::Archive archive = nres::read(f.bytes).value();
      for (const nres::Entry& e : archive.entries) names.insert(std::string(e.name()));
    }
  return names;
}

TEST(SampleMaterials, RetailMaterialLibHasTheCorpusShape) {
  const ByteBuffer bytes = material_library(true);
  auto archive = nres::read(bytes);
  ASSERT_TRUE(archive) << archive.error().to_string();
  ASSERT_EQ(archive->entries.size(), 905u);
  const std::set<std::string> textures = texture_names(true);
  std::size_t max_phases = 0, max_blocks = 0, animated = 0;
  std::set<std::uint32_t> modes, mask_bits;
  std::set<std::string> names;
  std::optional<std::size_t> default_index;
  for (std::size_t i = 0; i < archive->entries.size(); ++i) {
    const nres::Entry& e = archive->entries[i];
    const std::string name(e.name());
    EXPECT_EQ(e.type_id, material::kMat0TypeId) << name;
    EXPECT_EQ(e.attr2, 6u) << name;
    EXPECT_EQ(e.attr3, 0u) << name;
    EXPECT_TRUE(names.insert(name).second) << "twice: " << name;
    EXPECT_LE(name.size(), 15u) << name;
    for (char c : name) EXPECT_FALSE(c >= 'a' && c <= 'z') << "lower case in " << name;
    if (name == "DEFAULT") default_index = i;
    auto mat = material::read_mat0(archive->payload(i), {e.attr1, e.attr2});
    ASSERT_TRUE(mat) << name << ": " << mat.error().to_string();
    max_phases = std::max(max_phases, mat->phases.size());
    max_blocks = std::max(max_blocks, mat->blocks.size());
    animated += !mat->blocks.empty();
    for (const material::AnimBlock& b : mat->blocks) {
      modes.insert(b.mode());
      for (std::uint32_t bit = 0; bit < 5; ++bit)
        if (b.mask() & (1u << bit)) mask_bits.insert(bit);
    }
    for (const material::Phase& p : mat->phases) {
      if (p.has_texture()) {
        EXPECT_TRUE(textures.count(std::string(p.texture_name()))) << name << ": " << p.texture_name();
      }
    }
  }
  EXPECT_EQ(max_phases, 29u);
  EXPECT_EQ(max_blocks, 8u);
  EXPECT_EQ(modes, (std::set<std::uint32_t>{0, 1, 2, 3, 5}));  // 5: the unknown mode, sampled as loop
  EXPECT_EQ(mask_bits, (std::set<std::uint32_t>{0, 1, 2, 3, 4}));
  ASSERT_TRUE(default_index.has_value());
  EXPECT_NE(*default_index, 0u);  // entry 0 is the last fallback, DEFAULT the first
  EXPECT_GT(animated, 50u);
  EXPECT_LT(animated, 250u);
}

TEST(SampleMaterials, AnimatedPhasesNameDifferentFrames) {
  const ByteBuffer bytes = material_library(false);
  nres::Archive archive = nres::read(bytes).value();
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    if (archive.entries[i].name() != "ANIM_LOOP") continue;
    material::Mat0 mat = material::read_mat0(archive.payload(i), {archive.entries[i].attr1, 6}).value();
    std::set<std::string> frames;
    for (const material::Phase& p : mat.phases) frames.insert(std::string(p.texture_name()));
    EXPECT_EQ(frames.size(), mat.phases.size());  // every phase its own picture: the animation shows
    return;
  }
  ADD_FAILURE() << "no ANIM_LOOP";
}

TEST(SampleMaterials, TheSameSeedGivesTheSameBytes) {
  EXPECT_EQ(material_library(true), material_library(true));
  SampleOptions other;
  other.retail = true;
  other.seed = 2;
  ByteBuffer different;
  for (SampleFile& f : sample_materials(other))
    if (f.path == "Material.lib") different = std::move(f.bytes);
  EXPECT_NE(different, material_library(true));
}

}  // namespace
}  // namespace parkan::sample
