#include <gtest/gtest.h>

#include "parkan/material/mat0.hpp"
#include "parkan/nres/write.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/runtime/material_lookup.hpp"
#include "support.hpp"

namespace parkan::runtime {
namespace {

using material::Mat0;

ByteBuffer payload_with_phases(std::size_t phases, std::uint8_t fill) {
  Mat0 m;
  m.attributes = {static_cast<std::uint32_t>(fill % 5) << 2, 6};
  m.phases.resize(phases);
  for (auto& p : m.phases) {
    p.params.fill(fill);
    p.texture_field = {'T', '.', '0', 0, fill};
  }
  if (phases > 1) m.blocks.push_back({0x1F << 3, {{0, 100, 7}, {1, 200, 9}}});
  return material::write_mat0(m).value();
}

struct Library {
  test::TempDir dir;
  std::shared_ptr<const resource::Archive> archive;
};

// A materials library written to a file and opened through the resource layer, as the runtime does.
std::unique_ptr<Library> make_library(const std::vector<std::string>& names) {
  auto lib = std::make_unique<Library>();
  std::vector<ByteBuffer> payloads;
  payloads.reserve(names.size());
  std::vector<nres::EntrySpec> specs;
  for (std::size_t i = 0; i < names.size(); ++i) {
    payloads.push_back(payload_with_phases(1 + i % 3, static_cast<std::uint8_t>(i)));
    specs.push_back({material::kMat0TypeId, static_cast<std::uint32_t>(i % 5) << 2, 6, 0, names[i], payloads.back()});
  }
  test::write_bytes(lib->dir / "Material.lib", nres::build(specs).value());
  lib->archive = resource::open_archive(lib->dir / "Material.lib").value();
  return lib;
}

TEST(MaterialLookup, ExactThenDefaultThenEntryZero) {
  auto lib = make_library({"FIRST", "GLASS", "DEFAULT", "ROCK"});
  auto exact = find_material(*lib->archive, "glass");
  ASSERT_TRUE(exact);
  EXPECT_EQ(exact->index, 1u);
  EXPECT_EQ(exact->match, MaterialMatch::exact);
  EXPECT_EQ(exact->log, "");
  auto fallback = find_material(*lib->archive, "NOPE");
  ASSERT_TRUE(fallback);
  EXPECT_EQ(fallback->index, 2u);
  EXPECT_EQ(fallback->match, MaterialMatch::fallback_default);
  EXPECT_EQ(fallback->log, "Material NOPE not found.");

  auto no_default = make_library({"FIRST", "GLASS"});
  auto first = find_material(*no_default->archive, "NOPE");
  ASSERT_TRUE(first);
  EXPECT_EQ(first->index, 0u);
  EXPECT_EQ(first->match, MaterialMatch::fallback_first);
  EXPECT_EQ(first->log, "Material NOPE not found.");
  EXPECT_EQ(match_name(first->match), "first");

  auto empty = make_library({});
  EXPECT_FALSE(find_material(*empty->archive, "X"));
}

}  // namespace
}  // namespace parkan::runtime
