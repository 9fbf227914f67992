// What a user sees when the command line itself is wrong: one line, the word named, the nearest
// command suggested, help where help is asked for.
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "support.hpp"

namespace parkan {
namespace {

using test::run_cli;

TEST(CommandWords, UnknownVerbIsNamedWithTheNearestCommand) {
  auto r = run_cli({"archive", "lst", "x.lib"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "parkan: error: unknown command \"lst\" for \"parkan archive\"; did you mean \"list\"?\n");
  EXPECT_EQ(r.out, "");
}

TEST(CommandWords, UnknownGroupIsNamedWithTheNearestGroup) {
  auto r = run_cli({"archiv", "list", "x.lib"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "parkan: error: unknown command \"archiv\" for \"parkan\"; did you mean \"archive\"?\n");
  auto far = run_cli({"zzzzzz"});
  EXPECT_EQ(far.exit_code, 2);
  EXPECT_EQ(far.err, "parkan: error: unknown command \"zzzzzz\" for \"parkan\" (run \"parkan --help\")\n");
}

TEST(CommandWords, BareParkanAndHelpShowHelp) {
  auto bare = run_cli({});
  EXPECT_EQ(bare.exit_code, 0);
  EXPECT_NE(bare.out.find("archive"), std::string::npos);
  EXPECT_NE(bare.out.find("texm"), std::string::npos);
  EXPECT_EQ(bare.err, "");
  auto help = run_cli({"help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_EQ(help.out, bare.out);
  auto group = run_cli({"help", "archive"});
  EXPECT_EQ(group.exit_code, 0);
  EXPECT_NE(group.out.find("verify"), std::string::npos);
  EXPECT_EQ(group.out, run_cli({"archive"}).out);
  auto verb = run_cli({"help", "texm", "to-png"});
  EXPECT_EQ(verb.exit_code, 0);
  EXPECT_NE(verb.out.find("--level"), std::string::npos);
  // The synopsis names the whole command, as `parkan texm to-png --help` does.
  EXPECT_NE(verb.out.find("\nUsage: parkan texm to-png [OPTIONS] SRC OUT\n"), std::string::npos) << verb.out;
  EXPECT_EQ(verb.out, run_cli({"texm", "to-png", "--help"}).out);
  EXPECT_NE(group.out.find("\nUsage: parkan archive [OPTIONS] SUBCOMMAND\n"), std::string::npos) << group.out;
  auto wrong = run_cli({"help", "texm", "topng"});
  EXPECT_EQ(wrong.exit_code, 2);
  EXPECT_EQ(wrong.err, "parkan: error: unknown command \"topng\" for \"parkan texm\"; did you mean \"to-png\"?\n");
}

TEST(CommandWords, ParserErrorsAreOneLineWithExit2) {
  auto r = run_cli({"texm", "info"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("parkan: error: ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  auto extra = run_cli({"texm", "info", "a", "b"});
  EXPECT_EQ(extra.exit_code, 2);
  EXPECT_EQ(std::count(extra.err.begin(), extra.err.end(), '\n'), 1) << extra.err;
  auto flag = run_cli({"texm", "info", "a", "--bogus"});
  EXPECT_EQ(flag.exit_code, 2);
  EXPECT_EQ(std::count(flag.err.begin(), flag.err.end(), '\n'), 1) << flag.err;
}

TEST(CommandWords, NegativeUnsignedIsAUsageError) {
  auto r = run_cli({"texm", "to-png", "a.texm", "b.png", "--level", "-1"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("must not be negative"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST(CommandWords, QuietWorksAfterTheCommand) {
  test::TempDir dir;
  auto r = run_cli({"texm", "info", (dir / "missing.texm").string(), "--quiet"});
  EXPECT_EQ(r.exit_code, 3) << r.err;  // parsed: the command ran and found no file
  auto before = run_cli({"--quiet", "texm", "info", (dir / "missing.texm").string()});
  EXPECT_EQ(before.exit_code, 3);
  EXPECT_EQ(r.err, before.err);
}

// --quiet between the group and the command: the command runs, for every group (docs/cli.md 1.1).
TEST(CommandWords, QuietBetweenGroupAndCommandRunsTheCommand) {
  const std::vector<std::pair<std::string, std::string>> commands = {
      {"archive", "list"}, {"texm", "info"}, {"mat0", "dump"},    {"wear", "parse"},
      {"anim", "info"},    {"msh", "info"},  {"runtime", "replay"}, {"export", "gltf"}};
  for (const auto& [group, verb] : commands) {
    auto help = run_cli({group, verb, "--help"});
    auto quiet = run_cli({group, "--quiet", verb, "--help"});
    EXPECT_EQ(quiet.exit_code, 0) << group;
    EXPECT_EQ(quiet.out, help.out) << group;
    EXPECT_NE(quiet.out.find("\nUsage: parkan " + group + " " + verb + " "), std::string::npos) << quiet.out;
  }
  test::TempDir dir;
  auto r = run_cli({"texm", "--quiet", "info", (dir / "missing.texm").string()});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, run_cli({"texm", "info", (dir / "missing.texm").string()}).err);
}

TEST(CommandWords, VersionStillWorks) {
  auto r = run_cli({"--version"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "parkan 0.1.0\n");
}

}  // namespace
}  // namespace parkan
