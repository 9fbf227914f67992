#include <gtest/gtest.h>

#include "parkan/material/mat0.hpp"
#include "parkan/nres/write.hpp"
#include "parkan/runtime/material_lookup.hpp"

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
  std::vector<ByteBuffer> payloads;
  ByteBuffer bytes;
  nres::Archive archive;
};

Library make_library(const std::vector<std::string>& names) {
  Library lib;
  lib.payloads.reserve(names.size() + 2);
  std::vector<nres::EntrySpec> specs;
  for (std::size_t i = 0; i < names.size(); ++i) {
    lib.payloads.push_back(payload_with_phases(1 + i % 3, static_cast<std::uint8_t>(i)));
    specs.push_back({material::kMat0TypeId, static_cast<std::uint32_t>(i % 5) << 2, 6, 0, names[i], lib.payloads.back()});
  }
  lib.bytes = nres::build(specs).value();
  lib.archive = nres::read(lib.bytes).value();
  return lib;
}

TEST(MaterialLookup, ExactThenDefaultThenEntryZero) {
  Library lib = make_library({"FIRST", "GLASS", "DEFAULT", "ROCK"});
  auto exact = find_material(lib.archive, "glass");
  ASSERT_TRUE(exact);
  EXPECT_EQ(exact->index, 1u);
  EXPECT_EQ(exact->match, MaterialMatch::exact);
  EXPECT_EQ(exact->log, "");
  auto fallback = find_material(lib.archive, "NOPE");
  ASSERT_TRUE(fallback);
  EXPECT_EQ(fallback->index, 2u);
  EXPECT_EQ(fallback->match, MaterialMatch::fallback_default);
  EXPECT_EQ(fallback->log, "Material NOPE not found.");

  Library no_default = make_library({"FIRST", "GLASS"});
  auto first = find_material(no_default.archive, "NOPE");
  ASSERT_TRUE(first);
  EXPECT_EQ(first->index, 0u);
  EXPECT_EQ(first->match, MaterialMatch::fallback_first);
  EXPECT_EQ(first->log, "Material NOPE not found.");
  EXPECT_EQ(match_name(first->match), "first");

  Library empty = make_library({});
  EXPECT_FALSE(find_material(empty.archive, "X"));
}

TEST(MaterialLookup, LoadUsesTheEntryAttributes) {
  Library lib = make_library({"A", "B", "C"});
  auto m = load_material(lib.archive, 2);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->attributes.attr1, 2u << 2);
  EXPECT_EQ(m->phases.size(), 3u);
  EXPECT_EQ(load_material(lib.archive, 3).error().to_string(), "no entry #3 (the archive has 3 entries)");

  ByteBuffer bad = {1, 0, 0, 0};  // one phase announced, none there
  std::vector<nres::EntrySpec> specs = {{material::kMat0TypeId, 0, 6, 0, "BROKEN", bad}};
  ByteBuffer bytes = nres::build(specs).value();
  nres::Archive archive = nres::read(bytes).value();
  EXPECT_EQ(load_material(archive, 0).error().to_string(),
            "BROKEN: version prefix of attr2 6 needs 10 bytes, 0 left at offset 0x4");
}

}  // namespace
}  // namespace parkan::runtime
