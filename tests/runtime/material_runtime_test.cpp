#include <map>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "parkan/core/text.hpp"
#include "parkan/material/json.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/nres/write.hpp"
#include "parkan/runtime/material_library.hpp"
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

using Files = std::map<std::string, ByteBuffer>;

Files files_of(const MaterialFolder& folder) {
  Files files;
  for (const MaterialFolderFile& f : folder.files) files[f.name] = f.bytes;
  return files;
}

nres::FileLoader loader_for(const Files& files) {
  return [&files](const std::string& name) -> Result<ByteBuffer> {
    auto it = files.find(name);
    if (it == files.end()) return io_error("cannot open", name);
    return it->second;
  };
}

TEST(MaterialLibrary, DumpThenBuildIsByteIdentical) {
  Library lib = make_library({"FIRST", "GLASS", "DEFAULT", "ROCK", "rock2"});
  MaterialFolder folder = dump_material_library(lib.archive);
  EXPECT_EQ(folder.materials, 5u);
  Files files = files_of(folder);
  ASSERT_TRUE(files.count("GLASS.json"));
  auto rebuilt = build_material_library(folder.manifest, loader_for(files));
  ASSERT_TRUE(rebuilt) << rebuilt.error().to_string();
  EXPECT_EQ(*rebuilt, lib.bytes);
}

TEST(MaterialLibrary, KeepsOtherEntriesRawAndRebuildsEdits) {
  ByteBuffer text = {'h', 'i'};
  ByteBuffer good = payload_with_phases(2, 3);
  ByteBuffer broken = {5, 0, 0, 0};
  std::vector<nres::EntrySpec> specs = {{material::kMat0TypeId, 4, 6, 0, "GOOD", good},
                                        {material::kWearTypeId, 0, 0, 1, "x.wea", text},
                                        {material::kMat0TypeId, 0, 6, 0, "BROKEN", broken}};
  ByteBuffer bytes = nres::build(specs).value();
  nres::Archive archive = nres::read(bytes).value();
  MaterialFolder folder = dump_material_library(archive);
  EXPECT_EQ(folder.materials, 1u);
  Files files = files_of(folder);
  EXPECT_EQ(files.at("x.wea"), text);
  EXPECT_EQ(files.at("BROKEN"), broken);
  EXPECT_EQ(build_material_library(folder.manifest, loader_for(files)).value(), bytes);

  // Edit the text: a new texture name and attr1; the archive gets the new payload and attr1.
  nlohmann::json doc = nlohmann::json::parse(as_chars(files.at("GOOD.json")));
  doc["phases"][0]["texture"] = "NEW.0";
  doc["attr1"] = 17;
  std::string edited = doc.dump(2);
  files["GOOD.json"] = ByteBuffer(edited.begin(), edited.end());
  ByteBuffer rebuilt = build_material_library(folder.manifest, loader_for(files)).value();
  nres::Archive back = nres::read(rebuilt).value();
  EXPECT_EQ(back.entries[0].attr1, 17u);
  Mat0 m = material::read_mat0(back.payload(0), {17, 6}).value();
  EXPECT_EQ(m.phases[0].texture_name(), "NEW.0");
  EXPECT_EQ(m.phases[1].texture_name(), "T.0");
  EXPECT_EQ(ByteBuffer(back.payload(1).begin(), back.payload(1).end()), text);

  files["GOOD.json"] = {'{'};
  EXPECT_EQ(build_material_library(folder.manifest, loader_for(files)).error().to_string(),
            "GOOD.json: not valid JSON");
  doc["phases"][0]["params"][0] = 300;
  edited = doc.dump();
  files["GOOD.json"] = ByteBuffer(edited.begin(), edited.end());
  EXPECT_EQ(build_material_library(folder.manifest, loader_for(files)).error().to_string(),
            "GOOD.json: phases[0].params[0]: expected an integer 0..255");
}

RC_GTEST_PROP(MaterialLibrary, RoundTripsAnyNames, ()) {
  auto names = *rc::gen::container<std::vector<std::string>>(
      rc::gen::resize(20, rc::gen::nonEmpty(rc::gen::container<std::string>(rc::gen::inRange<char>('A', 'z' + 1)))));
  Library lib = make_library(names);
  MaterialFolder folder = dump_material_library(lib.archive);
  Files files = files_of(folder);
  RC_ASSERT(files.size() == folder.files.size());  // file names are unique
  auto rebuilt = build_material_library(folder.manifest, loader_for(files));
  RC_ASSERT(rebuilt.ok());
  RC_ASSERT(*rebuilt == lib.bytes);
}

}  // namespace
}  // namespace parkan::runtime
