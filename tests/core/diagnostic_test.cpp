#include "parkan/core/diagnostic.hpp"

#include <gtest/gtest.h>

#include "parkan/core/text.hpp"

namespace parkan {
namespace {

TEST(EscapeControl, ControlBytesCannotSplitOrForgeALine) {
  EXPECT_EQ(escape_control("A\nparkan: error: forged"), "A\\nparkan: error: forged");
  EXPECT_EQ(escape_control("\x1b[31mRED\x1b[0m"), "\\x1b[31mRED\\x1b[0m");
  EXPECT_EQ(escape_control(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(escape_control("\t\r\x7f"), "\\t\\r\\x7f");
  EXPECT_EQ(escape_control("ТЕКС.0 back\\slash"), "ТЕКС.0 back\\slash");  // UTF-8 and printable unchanged
  EXPECT_EQ(escape_control(""), "");
}

TEST(Error, ToStringIsOneLine) {
  Error e = invalid("name \"X\nY\" is bad").in_entry("E\x1b[2J").in_file("dir\n/a.lib");
  EXPECT_EQ(e.to_string(), "dir\\n/a.lib::E\\x1b[2J: name \"X\\nY\" is bad");
}

TEST(Error, RuleIsKept) {
  Error e = invalid_rule("texm.page.size", "Page chunk is short", 0x20);
  EXPECT_EQ(e.rule, "texm.page.size");
  EXPECT_EQ(e.code, ErrorCode::invalid_input);
  EXPECT_EQ(e.to_string(), "Page chunk is short at offset 0x20");
}

TEST(Diagnostic, FormatsLocationMessageAndCode) {
  Diagnostic d{"nres.sort_table.order", Severity::warning, {"a.lib", "ROCK.0", 0x40}, "not in name order"};
  EXPECT_EQ(d.to_string(), "a.lib::ROCK.0: not in name order at offset 0x40 [nres.sort_table.order]");
  Diagnostic whole{"nres.header.size", Severity::error, {"a.lib", "", std::nullopt}, "short"};
  EXPECT_EQ(whole.to_string(), "a.lib: short [nres.header.size]");
  Diagnostic forged{"x.y", Severity::note, {"a\nb", "", std::nullopt}, "m\n"};
  EXPECT_EQ(forged.to_string(), "a\\nb: m\\n [x.y]");
}

TEST(Diagnostic, FromErrorKeepsRuleOrFallsBack) {
  Error e = invalid_rule("mat0.phase.count", "too many phases", 4).in_entry("STONE").in_file("Material.lib");
  Diagnostic d = to_diagnostic(e, "mat0.invalid");
  EXPECT_EQ(d.code, "mat0.phase.count");
  EXPECT_EQ(d.severity, Severity::error);
  EXPECT_EQ(d.location.file, "Material.lib");
  EXPECT_EQ(d.location.entry, "STONE");
  EXPECT_EQ(d.location.offset, 4u);
  EXPECT_EQ(d.message, "too many phases");
  EXPECT_EQ(to_diagnostic(invalid("x"), "mat0.invalid").code, "mat0.invalid");
}

TEST(Diagnostic, CountsAndErrors) {
  std::vector<Diagnostic> list;
  EXPECT_FALSE(has_errors(list));
  add_diagnostic(list, Severity::warning, "a.b", 1, "w");
  add_diagnostic(list, Severity::note, "a.c", std::nullopt, "n");
  EXPECT_FALSE(has_errors(list));
  add_diagnostic(list, Severity::error, "a.d", 2, "e");
  EXPECT_TRUE(has_errors(list));
  SeverityCounts counts = count_severities(list);
  EXPECT_EQ(counts.errors, 1u);
  EXPECT_EQ(counts.warnings, 1u);
  EXPECT_EQ(counts.notes, 1u);
  EXPECT_STREQ(severity_name(Severity::note), "note");
}

TEST(Diagnostic, LocateAllKeepsInnerContext) {
  std::vector<Diagnostic> list{{"a.b", Severity::error, {"inner.msh", "", 1}, "x"},
                               {"a.b", Severity::error, {"", "", 2}, "y"}};
  locate_all(list, "outer.lib", "M.msh");
  EXPECT_EQ(list[0].location.file, "inner.msh");
  EXPECT_EQ(list[0].location.entry, "M.msh");
  EXPECT_EQ(list[1].location.file, "outer.lib");
  EXPECT_EQ(list[1].location.entry, "M.msh");
}

}  // namespace
}  // namespace parkan
