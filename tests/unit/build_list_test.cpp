// BuildDat.lst (docs/formats/unit.md 5): sections `Name count` and `count` quoted paths, read from
// texts written here byte by byte, each rule broken once.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <rapidcheck/gtest.h>

#include <string>

#include "parkan/unit/build_list.hpp"
#include "parkan/unit/codes.hpp"

namespace parkan::unit {
namespace {

ByteView text_view(const std::string& text) {
  return ByteView(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
}

TEST(BuildList, SectionsPathsAndOffsetsWithCommentsAndCrlf) {
  const std::string text =
      "// There must be 2 schemes\r\n"                // 0..27
      "Bunker_Small 2\r\n"                            // 28
      "  \"UNITS\\BUILDS\\BUNKER\\sbunk01.dat\"\r\n"  // 44, the quote at 46
      "\t\"UNITS\\BUILDS\\BUNKER\\sbunk02.dat\"  \r\n"
      "\r\n"
      "; another comment\n"
      "tower_large 0\n";
  auto list = read_build_list(text_view(text));
  ASSERT_TRUE(list) << list.error().to_string();
  ASSERT_EQ(list->sections.size(), 2u);
  const BuildListSection& bunkers = list->sections[0];
  EXPECT_EQ(bunkers.name, "Bunker_Small");
  EXPECT_EQ(bunkers.count, 2u);
  EXPECT_EQ(bunkers.offset, 28u);
  ASSERT_EQ(bunkers.paths.size(), 2u);
  EXPECT_EQ(bunkers.paths[0].path, "UNITS\\BUILDS\\BUNKER\\sbunk01.dat");
  EXPECT_EQ(bunkers.paths[0].offset, 46u);
  EXPECT_EQ(bunkers.paths[1].path, "UNITS\\BUILDS\\BUNKER\\sbunk02.dat");
  EXPECT_EQ(bunkers.paths[1].offset, text.find("\t\"") + 1);
  EXPECT_EQ(list->sections[1].name, "tower_large");
  EXPECT_TRUE(list->sections[1].paths.empty());
  EXPECT_TRUE(check_build_list(text_view(text)).empty());

  const nlohmann::json json = build_list_json(*list);
  EXPECT_EQ(json["sections"][0]["class_word"], 0x80010000u);
  EXPECT_EQ(json["sections"][1]["class_word"], 0x80200000u);  // names fold ASCII case
  EXPECT_EQ(json["sections"][0]["paths"][1], "UNITS\\BUILDS\\BUNKER\\sbunk02.dat");
}

TEST(BuildList, TheTwelveSchemesAndTheirTypes) {
  EXPECT_EQ(build_scheme_class("Generator"), 0x80000002u);
  EXPECT_EQ(build_scheme_class("MAINTELEPORT"), 0x80000200u);
  EXPECT_EQ(build_scheme_class("Institute"), 0x80000400u);
  EXPECT_EQ(build_scheme_class("Tower_Medium"), 0x80100000u);
  EXPECT_EQ(build_scheme_class("Tower"), std::nullopt);
  EXPECT_EQ(kBuildSchemes.size(), 12u);
}

struct Broken {
  const char* text;
  const char* code;
  std::uint64_t offset;
  const char* message;
};

TEST(BuildList, EachReadingRuleBrokenOnce) {
  const Broken cases[] = {
      {"\"UNITS\\a.dat\"\n", codes::kBuildListLine, 0, "\"\"UNITS\\a.dat\"\" is no section header (a name and a count)"},
      {"Plant\n", codes::kBuildListLine, 0, "\"Plant\" is no section header (a name and a count)"},
      {"Plant two\n", codes::kBuildListCount, 6, "section Plant: \"two\" is no count of 0 to 1024"},
      {"Plant 1x\n", codes::kBuildListCount, 6, "section Plant: \"1x\" is no count of 0 to 1024"},
      {"Plant 1025\n", codes::kBuildListCount, 6, "section Plant: \"1025\" is no count of 0 to 1024"},
      {"Plant -1\n", codes::kBuildListCount, 6, "section Plant: \"-1\" is no count of 0 to 1024"},
      {"Plant 2\n\"a.dat\"\n", codes::kBuildListShort, 16, "section Plant names 1 of its 2 paths before the end of the file"},
      {"Plant 2\n\"a.dat\"\nMine 0\n", codes::kBuildListShort, 16,
       "section Plant names 1 of its 2 paths before the next section"},
      {"Plant 1\n\"a.dat\n", codes::kBuildListLine, 8, "\"a.dat is no quoted path"},
      {"Plant 1\n\"\n", codes::kBuildListLine, 8, "\" is no quoted path"},
  };
  for (const Broken& c : cases) {
    const std::string text = c.text;
    auto list = read_build_list(text_view(text));
    ASSERT_FALSE(list) << c.text;
    EXPECT_EQ(list.error().rule, c.code) << c.text;
    EXPECT_EQ(list.error().offset, c.offset) << c.text;
    EXPECT_EQ(list.error().message, c.message) << c.text;
    const std::vector<Diagnostic> findings = check_build_list(text_view(text));
    ASSERT_EQ(findings.size(), 1u) << c.text;
    EXPECT_EQ(findings[0].code, c.code);
    EXPECT_EQ(findings[0].severity, Severity::error);
  }
}

TEST(BuildList, UnknownAndRepeatedSchemesAreWarnings) {
  const std::string text = "Plant 0\nFactory 0\nplant 0\n";
  const std::vector<Diagnostic> findings = check_build_list(text_view(text));
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0].code, codes::kBuildListScheme);
  EXPECT_EQ(findings[0].severity, Severity::warning);
  EXPECT_EQ(findings[0].location.offset, 8u);
  EXPECT_EQ(findings[0].message, "section Factory is none of the twelve building schemes");
  EXPECT_EQ(findings[1].code, codes::kBuildListDuplicate);
  EXPECT_EQ(findings[1].location.offset, 18u);
  EXPECT_EQ(findings[1].message, "section plant names the same building type as an earlier one");
}

// Any list of sections written in the format reads back as written.
RC_GTEST_PROP(BuildList, WrittenSectionsReadBack, ()) {
  const auto names = *rc::gen::container<std::vector<std::string>>(
      rc::gen::nonEmpty(rc::gen::container<std::string>(rc::gen::inRange('A', 'Z'))));
  std::string text;
  std::vector<std::vector<std::string>> paths;
  for (const std::string& name : names) {
    const auto section = *rc::gen::container<std::vector<std::string>>(
        rc::gen::container<std::string>(rc::gen::inRange('a', 'z')));
    text += name + " " + std::to_string(section.size()) + (section.size() % 2 ? "\r\n" : "\n");
    for (const std::string& p : section) text += "  \"" + p + "\"\n";
    paths.push_back(section);
  }
  auto list = read_build_list(text_view(text));
  RC_ASSERT(list.ok());
  RC_ASSERT(list->sections.size() == names.size());
  for (std::size_t i = 0; i < names.size(); ++i) {
    RC_ASSERT(list->sections[i].name == names[i]);
    RC_ASSERT(list->sections[i].paths.size() == paths[i].size());
    for (std::size_t k = 0; k < paths[i].size(); ++k) RC_ASSERT(list->sections[i].paths[k].path == paths[i][k]);
  }
}

}  // namespace
}  // namespace parkan::unit
