// core/staged_folder.hpp: the files of a multi-file write appear in the target folder all together or
// not at all, past 260 characters too (where std::filesystem's rename and remove_all stop on Windows).
#include <gtest/gtest.h>

#include "parkan/core/file.hpp"
#include "parkan/core/staged_folder.hpp"
#include "parkan/core/utf8_path.hpp"
#include "support.hpp"

namespace parkan {
namespace {

namespace fs = std::filesystem;

ByteBuffer text(std::string_view s) { return ByteBuffer(s.begin(), s.end()); }

std::vector<std::string> listing(const fs::path& dir) {
  const std::vector<FolderEntry> entries = list_folder(dir).value();
  std::vector<std::string> names;
  for (const FolderEntry& e : entries) names.push_back(e.name);
  return names;
}

TEST(StagedFolder, PublishMovesEveryFileInAndRemovesTheStage) {
  test::TempDir root;
  const fs::path dir = root.path() / std::string(130, 'd') / std::string(140, 'e');
  ASSERT_GT(path_to_utf8(dir).size(), 260u);
  {
    StagedFolder staged = StagedFolder::create(dir, root.path() / "input.lib", "~staging").value();
    ASSERT_TRUE(staged.write("one.bin", text("1")));
    ASSERT_TRUE(staged.write("two.bin", text("22")));
    EXPECT_EQ(listing(dir), (std::vector<std::string>{"~staging"}));
    ASSERT_TRUE(staged.publish());
  }
  EXPECT_EQ(listing(dir), (std::vector<std::string>{"one.bin", "two.bin"}));
  EXPECT_EQ(read_file(dir / "two.bin").value(), text("22"));
}

TEST(StagedFolder, AFailedRunLeavesTheFolderAsItWasAndRemovesAFolderItMade) {
  test::TempDir root;
  const fs::path kept = root.path() / "kept";
  ASSERT_TRUE(make_folder(kept / "two.bin"));  // a folder where a file should go
  ASSERT_TRUE(write_file_atomic(kept / "old.txt", text("mine")));
  {
    StagedFolder staged = StagedFolder::create(kept, root.path() / "input.lib", "~staging").value();
    ASSERT_TRUE(staged.write("one.bin", text("1")));
    ASSERT_TRUE(staged.write("two.bin", text("2")));
    const Status published = staged.publish();
    ASSERT_FALSE(published);
    EXPECT_EQ(published.error().message,
              "cannot write the file: a folder (or another non-file) is in the way");
  }
  EXPECT_EQ(listing(kept), (std::vector<std::string>{"old.txt", "two.bin"}));
  const fs::path made = root.path() / "made" / std::string(250, 'm');
  {
    StagedFolder staged = StagedFolder::create(made, root.path() / "input.lib", "~staging").value();
    ASSERT_TRUE(staged.write("one.bin", text("1")));
  }  // never published
  EXPECT_EQ(path_kind(made), PathKind::missing);
}

TEST(StagedFolder, TheInputIsNeverReplacedAndATakenStageNameGetsANumber) {
  test::TempDir root;
  const fs::path input = root.path() / "one.bin";
  ASSERT_TRUE(write_file_atomic(input, text("archive")));
  ASSERT_TRUE(make_folder(root.path() / "~staging"));
  StagedFolder staged = StagedFolder::create(root.path(), input, "~staging").value();
  EXPECT_EQ(path_kind(root.path() / "~staging-1"), PathKind::folder);
  ASSERT_TRUE(staged.write("one.bin", text("payload")));
  const Status published = staged.publish();
  ASSERT_FALSE(published);
  EXPECT_EQ(published.error().message, "refusing to overwrite the input file");
  EXPECT_EQ(read_file(input).value(), text("archive"));
}

}  // namespace
}  // namespace parkan
