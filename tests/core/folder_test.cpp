// Folders and file identity through core/file.hpp: make_folder and list_folder (sorted, kinds,
// symbolic links never followed), their errors naming the folder, same_file, and all of them past 260
// characters, where std::filesystem stops on Windows.
#include <gtest/gtest.h>

#include "parkan/core/file.hpp"
#include "parkan/core/utf8_path.hpp"
#include "support.hpp"

namespace parkan {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> names_of(const std::vector<FolderEntry>& entries, FolderEntry::Kind kind) {
  std::vector<std::string> out;
  for (const FolderEntry& e : entries)
    if (e.kind == kind) out.push_back(e.name);
  return out;
}

TEST(ListFolder, NamesEveryEntrySortedWithItsKind) {
  test::TempDir dir;
  // Names that differ by more than case: Windows' file system folds case.
  for (const char* name : {"b.lib", "C.lib", "камень.0", "a.lib"}) test::write_bytes(dir / name, ByteBuffer{1});
  ASSERT_TRUE(make_folder(dir / "models"));
  auto entries = list_folder(dir.path());
  ASSERT_TRUE(entries) << entries.error().to_string();
  // Byte order: upper case before lower, UTF-8 after ASCII.
  EXPECT_EQ(names_of(*entries, FolderEntry::Kind::file), (std::vector<std::string>{"C.lib", "a.lib", "b.lib", "камень.0"}));
  EXPECT_EQ(names_of(*entries, FolderEntry::Kind::folder), std::vector<std::string>{"models"});
  EXPECT_EQ(entries->size(), 5u);
}

TEST(ListFolder, ASymbolicLinkIsOtherAndNotFollowed) {
  test::TempDir dir;
  test::write_bytes(dir / "real.lib", ByteBuffer{1});
  std::error_code ec;
  fs::create_symlink(dir / "real.lib", dir / "link.lib", ec);
  if (ec) GTEST_SKIP() << "this system does not let the test create a symbolic link: " << ec.message();
  auto entries = list_folder(dir.path());
  ASSERT_TRUE(entries);
  EXPECT_EQ(names_of(*entries, FolderEntry::Kind::file), std::vector<std::string>{"real.lib"});
  EXPECT_EQ(names_of(*entries, FolderEntry::Kind::other), std::vector<std::string>{"link.lib"});
}

TEST(ListFolder, AMissingFolderOrAFileIsAnErrorNamingIt) {
  test::TempDir dir;
  const fs::path missing = dir / "nothing";
  auto none = list_folder(missing);
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().code, ErrorCode::io);
  EXPECT_EQ(none.error().file, path_to_utf8(missing));
  // The system's words: "No such file or directory" (POSIX), "Path not found" (Windows).
  EXPECT_EQ(none.error().message.rfind("cannot list the folder: ", 0), 0u) << none.error().message;
  EXPECT_GT(none.error().message.size(), std::string_view("cannot list the folder: ").size());
  test::write_bytes(dir / "file.lib", ByteBuffer{1});
  auto file = list_folder(dir / "file.lib");
  ASSERT_FALSE(file);
  EXPECT_EQ(file.error().file, path_to_utf8(dir / "file.lib"));
  EXPECT_EQ(file.error().message.rfind("cannot list the folder: ", 0), 0u) << file.error().message;
}

TEST(MakeFolder, CreatesEveryMissingParentAndAcceptsAnExistingFolder) {
  test::TempDir dir;
  const fs::path deep = dir / "a/b/c";
  ASSERT_TRUE(make_folder(deep));
  EXPECT_TRUE(fs::is_directory(deep));
  EXPECT_TRUE(make_folder(deep));             // again: nothing to do
  EXPECT_TRUE(make_folder(dir.path() / "a/")); // a trailing separator
}

TEST(MakeFolder, AFileInTheWayIsAnErrorNamingIt) {
  test::TempDir dir;
  test::write_bytes(dir / "taken", ByteBuffer{1});
  auto made = make_folder(dir / "taken" / "below");
  ASSERT_FALSE(made);
  EXPECT_EQ(made.error().code, ErrorCode::io);
  EXPECT_EQ(made.error().message.rfind("cannot create folder: ", 0), 0u) << made.error().message;
  EXPECT_NE(made.error().file.find("taken"), std::string::npos) << made.error().file;
}

TEST(LongPaths, FoldersBeyond260CharactersAreMadeListedAndWrittenInto) {
  test::TempDir dir;
  const fs::path deep = dir / (std::string(120, 'a') + "/" + std::string(120, 'b') + "/папка");
  ASSERT_GT(path_to_utf8(deep).size(), 260u);
  ASSERT_TRUE(make_folder(deep));
  ASSERT_TRUE(write_file_atomic(deep / "x.bin", ByteBuffer{7}));
  auto entries = list_folder(deep);
  ASSERT_TRUE(entries) << entries.error().to_string();
  EXPECT_EQ(names_of(*entries, FolderEntry::Kind::file), std::vector<std::string>{"x.bin"});
  auto parent = list_folder(deep.parent_path());
  ASSERT_TRUE(parent);
  EXPECT_EQ(names_of(*parent, FolderEntry::Kind::folder), std::vector<std::string>{"папка"});
}

TEST(SameFile, OneFileWhateverTheSpellingTwoFilesNever) {
  test::TempDir dir;
  test::write_bytes(dir / "x.bin", ByteBuffer{1});
  test::write_bytes(dir / "y.bin", ByteBuffer{1});
  ASSERT_TRUE(make_folder(dir / "sub"));
  EXPECT_TRUE(same_file(dir / "x.bin", dir / "x.bin"));
  EXPECT_TRUE(same_file(dir / "x.bin", dir / "sub/../x.bin"));
  EXPECT_FALSE(same_file(dir / "x.bin", dir / "y.bin"));  // same bytes, another file
  EXPECT_FALSE(same_file(dir / "x.bin", dir / "missing.bin"));
  EXPECT_FALSE(same_file(dir / "missing.bin", dir / "missing.bin"));
  std::error_code ec;
  fs::create_hard_link(dir / "x.bin", dir / "link.bin", ec);
  if (!ec) {
    EXPECT_TRUE(same_file(dir / "x.bin", dir / "link.bin"));
  }
}

TEST(PathKind, NamesAFileAFolderOrNothing) {
  test::TempDir dir;
  test::write_bytes(dir / "x.bin", ByteBuffer{1});
  ASSERT_TRUE(make_folder(dir / "sub"));
  EXPECT_EQ(path_kind(dir / "x.bin"), PathKind::file);
  EXPECT_EQ(path_kind(dir / "sub"), PathKind::folder);
  EXPECT_EQ(path_kind(dir / "sub/"), PathKind::folder);
  EXPECT_EQ(path_kind(dir / "missing"), PathKind::missing);
  EXPECT_EQ(path_kind(dir / "x.bin/below"), PathKind::missing);
}

TEST(LongPaths, SameFileAndPathKindBeyond260Characters) {
  test::TempDir dir;
  const fs::path deep = dir / (std::string(120, 'a') + "/" + std::string(120, 'b'));
  ASSERT_TRUE(make_folder(deep));
  ASSERT_TRUE(write_file_atomic(deep / "x.bin", ByteBuffer{1}));
  ASSERT_TRUE(write_file_atomic(deep / "y.bin", ByteBuffer{1}));
  EXPECT_TRUE(same_file(deep / "x.bin", deep / "x.bin"));
  EXPECT_FALSE(same_file(deep / "x.bin", deep / "y.bin"));
  EXPECT_EQ(path_kind(deep / "x.bin"), PathKind::file);
  EXPECT_EQ(path_kind(deep), PathKind::folder);
  // The writer's own guard, which uses it: the input is refused as the output.
  auto refused = write_file_atomic(deep / "x.bin", ByteBuffer{2}, {deep / "x.bin"});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message, "refusing to overwrite the input file");
}

}  // namespace
}  // namespace parkan
