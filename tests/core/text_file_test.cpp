#include <gtest/gtest.h>

#include "parkan/core/file.hpp"
#include "parkan/core/text.hpp"
#include "support.hpp"

namespace parkan {
namespace {

TEST(Cp1251, DecodesCyrillicAndRoundTrips) {
  std::string bytes = "\xcf\xe0\xf0\xea\xe0\xed";  // "Паркан"
  EXPECT_EQ(cp1251_to_utf8(bytes), "Паркан");
  EXPECT_EQ(*utf8_to_cp1251("Паркан"), bytes);
  EXPECT_EQ(cp1251_to_utf8("A_b"), "A_b");
  EXPECT_FALSE(utf8_to_cp1251("日").has_value());
}

TEST(Cp1251, EveryByteRoundTripsExceptUndefined) {
  for (int b = 0; b < 256; ++b) {
    if (b == 0x98) continue;  // undefined in cp1251
    std::string one(1, static_cast<char>(b));
    auto back = utf8_to_cp1251(cp1251_to_utf8(one));
    ASSERT_TRUE(back.has_value()) << b;
    EXPECT_EQ(*back, one) << b;
  }
}

TEST(FloatForJson, ShortestText) {
  EXPECT_EQ(float_for_json(0.1f), 0.1);
  EXPECT_EQ(static_cast<float>(float_for_json(1.0f / 3.0f)), 1.0f / 3.0f);
}

TEST(AtomicWrite, WritesAndRefusesInput) {
  test::TempDir dir;
  auto target = dir / "out.bin";
  const std::uint8_t data[] = {1, 2, 3};
  ASSERT_TRUE(write_file_atomic(target, data).ok());
  EXPECT_EQ(test::read_bytes(target), ByteBuffer({1, 2, 3}));
  auto refused = write_file_atomic(target, data, {target});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, ErrorCode::io);
  EXPECT_EQ(refused.error().message, "refusing to overwrite the input file");
  // Only the target is in the folder: no temporary left behind.
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), {}), 1);
}

TEST(AtomicWrite, MissingFolderIsIoError) {
  test::TempDir dir;
  const std::uint8_t data[] = {1};
  auto r = write_file_atomic(dir / "no/such/dir/x", data);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::io);
}

TEST(MappedFile, MapsAndReportsMissing) {
  test::TempDir dir;
  const std::uint8_t data[] = {9, 8};
  test::write_bytes(dir / "a", data);
  auto m = MappedFile::open(dir / "a");
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(m->bytes().size(), 2u);
  EXPECT_EQ(m->bytes()[1], 8);
  test::write_bytes(dir / "empty", {});
  auto e = MappedFile::open(dir / "empty");
  ASSERT_TRUE(e.ok());
  EXPECT_TRUE(e->bytes().empty());
  auto missing = MappedFile::open(dir / "nope");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().code, ErrorCode::io);
  EXPECT_EQ(missing.error().to_string(), (dir / "nope").string() + ": cannot open: No such file or directory");
}

}  // namespace
}  // namespace parkan
