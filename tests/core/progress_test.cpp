#include "parkan/core/progress.hpp"

#include <cstdio>
#include <string>

#include <gtest/gtest.h>

namespace parkan {
namespace {

std::string drawn(std::FILE* file) {
  std::fflush(file);
  std::string text(static_cast<std::size_t>(std::ftell(file)), '\0');
  std::rewind(file);
  text.resize(std::fread(text.data(), 1, text.size(), file));
  return text;
}

TEST(Progress, EndsItsLineWhenTheLastItemIsDone) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  std::string after_last;
  {
    Progress progress("pack", 2, true, file, true);
    progress.advance();
    progress.advance();
    // The summary a command prints now must start on a clean line: the bar is already erased.
    std::string text = drawn(file);
    EXPECT_EQ(text, "\rpack [                              ]   0% (0/2)"
                    "\rpack [###############               ]  50% (1/2)"
                    "\rpack [##############################] 100% (2/2)"
                    "\r\033[K");
    after_last = text;
    std::fseek(file, 0, SEEK_END);
  }
  EXPECT_EQ(drawn(file), after_last);  // the destructor erases nothing twice
  std::fclose(file);
}

TEST(Progress, FinishClearsEarlyAndSilencesTheRest) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  {
    Progress progress("x", 4, true, file, true);
    progress.finish();
    progress.advance(4);
  }
  EXPECT_EQ(drawn(file), "\rx [                              ]   0% (0/4)\r\033[K");
  std::fclose(file);
}

TEST(Progress, SilentOffATerminalOrWhenDisabled) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  {
    Progress off_terminal("x", 3, true, file, false);
    off_terminal.advance(3);
    Progress quiet("y", 3, false, file, true);
    quiet.advance(3);
    Progress empty("z", 0, true, file, true);
  }
  EXPECT_EQ(drawn(file), "");
  std::fclose(file);
}

}  // namespace
}  // namespace parkan
