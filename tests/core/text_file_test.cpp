
#include <chrono>
#include <future>

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
  EXPECT_EQ(missing.error().to_string(), (dir / "nope").string() + ": cannot open: " + test::file_not_found_text());
}

// `open` must return at once for a named pipe; should it block, the pipe is opened for writing and
// closed until it returns (which releases a reader), and the test fails instead of hanging.
template <class F>
auto guarded(const std::filesystem::path& fifo, F open) {
  auto running = std::async(std::launch::async, open);
  if (running.wait_for(std::chrono::seconds(10)) == std::future_status::timeout) {
    ADD_FAILURE() << "blocked on the named pipe " << fifo;
    while (running.wait_for(std::chrono::milliseconds(100)) == std::future_status::timeout) {
      test::poke_named_pipe(fifo);
    }
  }
  return running.get();
}

TEST(RegularFilesOnly, NamedPipeIsRefusedWithoutBlocking) {
  test::TempDir dir;
  const auto fifo = dir / "pipe";
  if (!test::make_named_pipe(fifo)) GTEST_SKIP() << test::kNoNamedPipes;
  const std::string expected = fifo.string() + ": not a regular file (a named pipe)";
  auto mapped = guarded(fifo, [&] { return MappedFile::open(fifo); });
  ASSERT_FALSE(mapped.ok());
  EXPECT_EQ(mapped.error().code, ErrorCode::io);
  EXPECT_EQ(mapped.error().to_string(), expected);
  auto read = guarded(fifo, [&] { return read_file(fifo); });
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().to_string(), expected);
  auto input = guarded(fifo, [&] { return InputFile::open(fifo); });
  ASSERT_FALSE(input.ok());
  EXPECT_EQ(input.error().code, ErrorCode::io);
  EXPECT_EQ(input.error().to_string(), expected);
}

TEST(RegularFilesOnly, FolderAndDeviceAreRefused) {
  test::TempDir dir;
  auto folder = MappedFile::open(dir.path());
  ASSERT_FALSE(folder.ok());
  EXPECT_EQ(folder.error().code, ErrorCode::io);
  EXPECT_EQ(folder.error().to_string(), dir.path().string() + ": not a regular file (a folder)");
  auto device = read_file(test::null_device());
  ASSERT_FALSE(device.ok());
  EXPECT_EQ(device.error().to_string(), test::null_device() + ": not a regular file (a character device)");
}

TEST(InputFile, ReadsInPiecesToTheEnd) {
  test::TempDir dir;
  const std::uint8_t data[] = {1, 2, 3, 4, 5};
  test::write_bytes(dir / "a", data);
  auto file = InputFile::open(dir / "a");
  ASSERT_TRUE(file.ok());
  std::uint8_t buffer[3];
  EXPECT_EQ(file->read(buffer, 3).value(), 3u);
  EXPECT_EQ(buffer[2], 3);
  EXPECT_EQ(file->read(buffer, 3).value(), 2u);
  EXPECT_EQ(buffer[1], 5);
  EXPECT_EQ(file->read(buffer, 3).value(), 0u);
  auto missing = InputFile::open(dir / "nope");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().to_string(), (dir / "nope").string() + ": cannot open: " + test::file_not_found_text());
}

TEST(AtomicFile, WritesInPiecesAndCommits) {
  test::TempDir dir;
  auto target = dir / "out.bin";
  auto file = AtomicFile::create(target);
  ASSERT_TRUE(file.ok());
  ByteBuffer big(3 << 20, 7);  // larger than the buffer: written through
  const std::uint8_t small[] = {1, 2};
  ASSERT_TRUE(file->write(small).ok());
  ASSERT_TRUE(file->write(big).ok());
  ASSERT_TRUE(file->write(small).ok());
  EXPECT_FALSE(std::filesystem::exists(target));  // nothing in place before commit
  ASSERT_TRUE(file->commit().ok());
  ByteBuffer expected(big.size() + 4, 7);  // 1 2, big, 1 2
  expected[0] = expected[expected.size() - 2] = 1;
  expected[1] = expected[expected.size() - 1] = 2;
  EXPECT_EQ(test::read_bytes(target), expected);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), {}), 1);
  auto again = file->write(small);
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().code, ErrorCode::io);
}

TEST(AtomicFile, DroppedWithoutCommitLeavesNothing) {
  test::TempDir dir;
  auto target = dir / "out.bin";
  test::write_bytes(target, ByteBuffer{9});
  {
    auto file = AtomicFile::create(target);
    ASSERT_TRUE(file.ok());
    const std::uint8_t data[] = {1, 2, 3};
    ASSERT_TRUE(file->write(data).ok());
  }
  EXPECT_EQ(test::read_bytes(target), ByteBuffer{9});  // the old file is untouched
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), {}), 1);
  auto refused = AtomicFile::create(target, {target});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().to_string(), target.string() + ": refusing to overwrite the input file");
  auto nowhere = AtomicFile::create(dir / "no" / "such" / "x");
  ASSERT_FALSE(nowhere.ok());
  EXPECT_EQ(nowhere.error().code, ErrorCode::io);
}

}  // namespace
}  // namespace parkan
