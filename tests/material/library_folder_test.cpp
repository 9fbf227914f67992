// Material.lib <-> folder of text forms (moved here from tests/runtime with the converter).
#include <map>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "parkan/core/text.hpp"
#include "parkan/material/json.hpp"
#include "parkan/material/library_folder.hpp"
#include "parkan/material/mat0.hpp"
#include "parkan/nres/write.hpp"

namespace parkan::material {
namespace {

using nlohmann::json;

ByteBuffer payload_with_phases(std::size_t phases, std::uint8_t fill) {
  Mat0 m;
  m.attributes = {static_cast<std::uint32_t>(fill % 5) << 2, 6};
  m.phases.resize(phases);
  for (auto& p : m.phases) {
    p.params.fill(fill);
    p.texture_field = {'T', '.', '0', 0, fill};
  }
  if (phases > 1) m.blocks.push_back({0x1F << 3, {{0, 100, 7}, {1, 200, 9}}});
  return write_mat0(m).value();
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
    specs.push_back({kMat0TypeId, static_cast<std::uint32_t>(i % 5) << 2, 6, 0, names[i], lib.payloads.back()});
  }
  lib.bytes = nres::build(specs).value();
  lib.archive = nres::read(lib.bytes).value();
  return lib;
}

using Files = std::map<std::string, ByteBuffer>;

Files files_of(const LibraryFolder& folder) {
  Files files;
  for (const LibraryFile& f : folder.files) files[f.name] = f.bytes;
  return files;
}

nres::FileLoader loader_for(const Files& files) {
  return [&files](const std::string& name) -> Result<ByteBuffer> {
    auto it = files.find(name);
    if (it == files.end()) return io_error("cannot open", name);
    return it->second;
  };
}

ByteBuffer text_bytes(const json& doc) {
  std::string text = doc.dump(2);
  return ByteBuffer(text.begin(), text.end());
}

std::string error_of(const json& manifest, const Files& files) {
  auto built = from_library_folder(manifest, loader_for(files));
  return built ? "ok" : "[" + built.error().rule + "] " + built.error().to_string();
}

TEST(LibraryFolder, DumpThenBuildIsByteIdentical) {
  Library lib = make_library({"FIRST", "GLASS", "DEFAULT", "ROCK", "rock2"});
  LibraryFolder folder = to_library_folder(lib.archive);
  EXPECT_EQ(folder.materials, 5u);
  Files files = files_of(folder);
  ASSERT_TRUE(files.count("GLASS.json"));
  auto rebuilt = from_library_folder(folder.manifest, loader_for(files));
  ASSERT_TRUE(rebuilt) << rebuilt.error().to_string();
  EXPECT_EQ(*rebuilt, lib.bytes);
}

TEST(LibraryFolder, EachValueInOnePlace) {
  Library lib = make_library({"FIRST", "GLASS"});
  LibraryFolder folder = to_library_folder(lib.archive);
  const json& entry = folder.manifest["entries"][1];
  EXPECT_EQ(entry["file"], "GLASS.json");
  EXPECT_EQ(entry["name"], "GLASS");
  EXPECT_FALSE(entry.contains("attr1"));  // in the text
  EXPECT_FALSE(entry.contains("attr2"));
  json text = json::parse(as_chars(files_of(folder).at("GLASS.json")));
  EXPECT_FALSE(text.contains("name"));  // in the manifest
  EXPECT_EQ(text["runtime_flags"]["pipeline"], "SRC_ALPHA/INV_SRC_ALPHA");
  EXPECT_EQ(text["attr2"], 6);
}

TEST(LibraryFolder, KeepsOtherEntriesRawAndRebuildsEdits) {
  ByteBuffer text = {'h', 'i'};
  ByteBuffer good = payload_with_phases(2, 3);
  ByteBuffer broken = {5, 0, 0, 0};
  std::vector<nres::EntrySpec> specs = {{kMat0TypeId, 4, 6, 0, "GOOD", good},
                                        {kWearTypeId, 0, 0, 1, "x.wea", text},
                                        {kMat0TypeId, 0, 6, 0, "BROKEN", broken},
                                        {kMat0TypeId, 0, 6, 0, "SNEAKY.json", broken}};
  ByteBuffer bytes = nres::build(specs).value();
  nres::Archive archive = nres::read(bytes).value();
  LibraryFolder folder = to_library_folder(archive);
  EXPECT_EQ(folder.materials, 1u);
  Files files = files_of(folder);
  EXPECT_EQ(files.at("x.wea"), text);
  EXPECT_EQ(files.at("BROKEN"), broken);
  // A raw payload whose name ends in .json is not taken for a text.
  EXPECT_EQ(files.at("SNEAKY.json.bin"), broken);
  EXPECT_EQ(folder.manifest["entries"][3]["file"], "SNEAKY.json.bin");
  EXPECT_EQ(folder.manifest["entries"][2]["attr2"], 6);  // raw entries keep their attributes
  EXPECT_EQ(error_of(folder.manifest, files), "ok");
  EXPECT_EQ(from_library_folder(folder.manifest, loader_for(files)).value(), bytes);

  // Edit the text: a new texture name, colour and attr1; the archive gets the new payload and attr1.
  json doc = json::parse(as_chars(files.at("GOOD.json")));
  // The field has a byte after its NUL, so the dump keeps texture_field: a new name replaces it.
  ASSERT_TRUE(doc["phases"][0].contains("texture_field"));
  doc["phases"][0].erase("texture_field");
  doc["phases"][0]["texture"] = "NEW.0";
  doc["phases"][1]["ambient"] = {255, 0, 0};
  doc["runtime_flags"]["flag_b"] = true;
  files["GOOD.json"] = text_bytes(doc);
  ASSERT_EQ(error_of(folder.manifest, files), "ok");
  ByteBuffer rebuilt = from_library_folder(folder.manifest, loader_for(files)).value();
  nres::Archive back = nres::read(rebuilt).value();
  EXPECT_EQ(back.entries[0].attr1, 4u | 0x40u);
  Mat0 m = read_mat0(back.payload(0), {4 | 0x40, 6}).value();
  EXPECT_EQ(m.phases[0].texture_name(), "NEW.0");
  EXPECT_EQ(m.phases[1].texture_name(), "T.0");
  EXPECT_EQ(m.phases[1].params[0], 255);
  EXPECT_EQ(m.phases[1].params[1], 0);
  EXPECT_EQ(m.phases[0].params[0], 3);
  EXPECT_EQ(ByteBuffer(back.payload(1).begin(), back.payload(1).end()), text);
}

TEST(LibraryFolder, Errors) {
  ByteBuffer good = payload_with_phases(2, 3);
  std::vector<nres::EntrySpec> specs = {{kMat0TypeId, 4, 6, 0, "GOOD", good}};
  const ByteBuffer bytes = nres::build(specs).value();  // the archive's views point into it
  nres::Archive archive = nres::read(bytes).value();
  LibraryFolder folder = to_library_folder(archive);
  Files files = files_of(folder);
  json doc = json::parse(as_chars(files.at("GOOD.json")));

  files["GOOD.json"] = {'{', '\n', '}', '}'};
  EXPECT_EQ(error_of(folder.manifest, files),
            "[json.syntax] GOOD.json: invalid JSON at line 2, column 2: syntax error while parsing value - "
            "unexpected '}'; expected end of input");
  json bad = doc;
  bad["phases"][0]["power"] = 300;
  files["GOOD.json"] = text_bytes(bad);
  EXPECT_EQ(error_of(folder.manifest, files),
            "[mat0.text.value] GOOD.json: phases[0].power: expected an integer 0..255");
  files["GOOD.json"] = text_bytes(doc);
  EXPECT_EQ(error_of(folder.manifest, files), "ok");

  // A manifest that still gives attr1/attr2 must agree with the text.
  json manifest = folder.manifest;
  manifest["entries"][0]["attr1"] = 4;
  manifest["entries"][0]["attr2"] = 6;
  EXPECT_EQ(error_of(manifest, files), "ok");
  manifest["entries"][0]["attr1"] = 5;
  EXPECT_EQ(error_of(manifest, files),
            "[mat0.text.conflict] entries[0].attr1: 5 disagrees with GOOD.json (attr1 4); remove it from the manifest "
            "(the text holds it)");
  manifest["entries"][0]["attr1"] = 4;
  manifest["entries"][0]["attr2"] = 4;
  EXPECT_EQ(error_of(manifest, files),
            "[mat0.text.conflict] entries[0].attr2: 4 disagrees with GOOD.json (attr2 6); remove it from the manifest "
            "(the text holds it)");

  EXPECT_EQ(error_of(json::object(), files), "[mat0.library.manifest] the manifest has no \"entries\" array");
  files.erase("GOOD.json");
  EXPECT_EQ(error_of(folder.manifest, files), "[] GOOD.json: cannot open");
}

RC_GTEST_PROP(LibraryFolder, RoundTripsAnyNames, ()) {
  auto names = *rc::gen::container<std::vector<std::string>>(
      rc::gen::resize(20, rc::gen::nonEmpty(rc::gen::container<std::string>(rc::gen::inRange<char>('A', 'z' + 1)))));
  Library lib = make_library(names);
  LibraryFolder folder = to_library_folder(lib.archive);
  Files files = files_of(folder);
  RC_ASSERT(files.size() == folder.files.size());  // file names are unique
  auto rebuilt = from_library_folder(folder.manifest, loader_for(files));
  RC_ASSERT(rebuilt.ok());
  RC_ASSERT(*rebuilt == lib.bytes);
}

}  // namespace
}  // namespace parkan::material
