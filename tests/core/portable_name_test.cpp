// Output names every platform can create (core/file.hpp portable_file_name), and paths past the
// 260 characters that Windows' narrow APIs stop at (file_windows.cpp uses \\?\ for them).
#include <gtest/gtest.h>

#include "parkan/core/file.hpp"
#include "support.hpp"

namespace parkan {
namespace {

TEST(PortableFileName, KeepsOrdinaryNamesAndUtf8) {
  EXPECT_EQ(portable_file_name("ROCK.0"), "ROCK.0");
  EXPECT_EQ(portable_file_name("камень.0"), "камень.0");
  EXPECT_EQ(portable_file_name("a b(1)"), "a b(1)");
}

TEST(PortableFileName, ReplacesWhatWindowsRefuses) {
  EXPECT_EQ(portable_file_name("a/b\\c:d*e?f\"g<h>i|j"), "a_b_c_d_e_f_g_h_i_j");
  EXPECT_EQ(portable_file_name(std::string("x\x01y\ty", 5)), "x_y_y");
  EXPECT_EQ(portable_file_name("name."), "name._");  // Windows would drop the dot
  EXPECT_EQ(portable_file_name("name "), "name _");  // ... and the space
  EXPECT_EQ(portable_file_name(""), "_");
  EXPECT_EQ(portable_file_name("."), "_.");
  EXPECT_EQ(portable_file_name(".."), "_..");
}

TEST(PortableFileName, NeverAWindowsDeviceName) {
  for (const char* device : {"CON", "con", "PRN", "AUX", "NUL", "nul.lib", "COM1", "com9.txt", "LPT1", "LPT9.0",
                             "CON.0.png", "CON .txt"})
    EXPECT_EQ(portable_file_name(device), std::string("_") + device) << device;
  for (const char* ordinary : {"CONSOLE", "COM0", "COM10", "LPT", "NULL.lib", "AUXILIARY"})
    EXPECT_EQ(portable_file_name(ordinary), ordinary) << ordinary;
}

TEST(LongPaths, AFileBeyond260CharactersIsWrittenReplacedAndRead) {
  test::TempDir dir;
  const std::filesystem::path path = dir / (std::string(240, 'n') + ".bin");
  ASSERT_GT(path.string().size(), 260u);
  const ByteBuffer first{1, 2, 3}, second{4, 5};
  ASSERT_TRUE(write_file_atomic(path, first)) << path.string();
  ASSERT_TRUE(write_file_atomic(path, second));  // the atomic replace of an existing file
  auto mapped = MappedFile::open(path);
  ASSERT_TRUE(mapped) << mapped.error().to_string();
  EXPECT_EQ(ByteBuffer(mapped->bytes().begin(), mapped->bytes().end()), second);
  auto input = InputFile::open(path);
  ASSERT_TRUE(input);
  std::uint8_t buffer[8];
  EXPECT_EQ(input->read(buffer, sizeof buffer).value(), 2u);
}

}  // namespace
}  // namespace parkan
