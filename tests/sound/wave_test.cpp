// RIFF WAVE sounds (docs/formats/sound.md): files laid out field by field (wave_bytes.hpp), read, written
// back byte for byte, checked rule by rule, decoded.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "parkan/sound/codes.hpp"
#include "parkan/sound/wave.hpp"
#include "wave_bytes.hpp"

namespace parkan::sound {
namespace {

using test_bytes::Bytes;
using test_bytes::ChunkBytes;
using test_bytes::fmt_adpcm;
using test_bytes::fmt_pcm;
using test_bytes::riff;

ByteBuffer pcm16_data(std::initializer_list<std::int16_t> samples) {
  Bytes b;
  for (std::int16_t s : samples) b.i16(s);
  return b.b;
}

TEST(Wave, ReadsAPcmFileFieldByField) {
  const ByteBuffer bytes = riff({{"fmt ", fmt_pcm(1, 22050, 16)}, {"data", pcm16_data({0, 1000, -1000, 32767})}});
  ASSERT_EQ(bytes.size(), 12u + 8 + 16 + 8 + 8);
  auto w = read_wave(bytes);
  ASSERT_TRUE(w.ok()) << w.error().to_string();
  EXPECT_EQ(w->riff_size, 4u + 24 + 16);
  ASSERT_EQ(w->chunks.size(), 2u);
  EXPECT_EQ(w->chunks[0].id_text(), "fmt ");
  EXPECT_EQ(w->chunks[0].offset, 12u);
  EXPECT_EQ(w->chunks[1].offset, 36u);
  EXPECT_EQ(w->chunks[1].size, 8u);
  ASSERT_TRUE(w->format.has_value());
  EXPECT_EQ(w->format->tag, 1);
  EXPECT_EQ(w->format->channels, 1);
  EXPECT_EQ(w->format->rate, 22050u);
  EXPECT_EQ(w->format->byte_rate, 44100u);
  EXPECT_EQ(w->format->block_align, 2);
  EXPECT_EQ(w->format->bits, 16);
  EXPECT_FALSE(w->format->extension_size.has_value());
  EXPECT_EQ(frame_count(*w), 4u);
  auto samples = decode(*w);
  ASSERT_TRUE(samples.ok());
  EXPECT_EQ(*samples, (std::vector<std::int16_t>{0, 1000, -1000, 32767}));
  EXPECT_TRUE(check_wave(bytes).empty());
}

TEST(Wave, DecodesEightBitPcmAsUnsigned) {
  const ByteBuffer bytes = riff({{"fmt ", fmt_pcm(2, 22050, 8)}, {"data", {0x80, 0xFF, 0x00, 0x81}}});
  auto w = read_wave(bytes);
  ASSERT_TRUE(w.ok());
  auto samples = decode(*w);
  ASSERT_TRUE(samples.ok());
  EXPECT_EQ(*samples, (std::vector<std::int16_t>{0, 127 * 256, -32768, 256}));
  EXPECT_EQ(frame_count(*w), 2u);
}

TEST(Wave, ReadsTheMsAdpcmExtension) {
  const std::vector<std::pair<std::int16_t, std::int16_t>> own = {{256, 0}, {300, -50}};
  const ByteBuffer bytes = riff({{"fmt ", fmt_adpcm(1, 22050, 9, 6, own)}, {"data", ByteBuffer(18, 0)}});
  auto w = read_wave(bytes);
  ASSERT_TRUE(w.ok());
  EXPECT_EQ(w->format->tag, 2);
  EXPECT_EQ(w->format->extension_size, 12);
  EXPECT_EQ(w->format->samples_per_block, 6);
  EXPECT_EQ(w->format->coefficient_count, 2);
  ASSERT_EQ(w->format->coefficients.size(), 2u);
  EXPECT_EQ(w->format->coefficients[1], (CoefficientPair{300, -50}));
  EXPECT_EQ(frame_count(*w), 12u);
  EXPECT_TRUE(check_wave(bytes).empty());
}

// A block worked by hand (docs/formats/sound.md 3): predictor 0 (256, 0), delta 16, sample1 100,
// sample2 50, codes 1, -1, 7, 0.
TEST(Wave, DecodesAnMsAdpcmBlockWorkedByHand) {
  const ByteBuffer block = Bytes().u8(0).i16(16).i16(100).i16(50).u8(0x1F).u8(0x70).b;
  const ByteBuffer bytes = riff({{"fmt ", fmt_adpcm(1, 22050, 9, 6)}, {"data", block}});
  auto w = read_wave(bytes);
  ASSERT_TRUE(w.ok());
  auto samples = decode(*w);
  ASSERT_TRUE(samples.ok()) << samples.error().to_string();
  // 50, 100 from the header; then 100+16, 116-16, 100+7*16 (delta 16, 16, 16 -> 38), 212+0.
  EXPECT_EQ(*samples, (std::vector<std::int16_t>{50, 100, 116, 100, 212, 212}));
}

TEST(Wave, AStereoMsAdpcmBlockTakesHighCodesLeft) {
  // Left: predictor 0, delta 16, s1 10, s2 0; right: predictor 2 (0, 0), delta 32, s1 -5, s2 7.
  const ByteBuffer block = Bytes().u8(0).u8(2).i16(16).i16(32).i16(10).i16(-5).i16(0).i16(7).u8(0x21).b;
  const ByteBuffer bytes = riff({{"fmt ", fmt_adpcm(2, 22050, 15, 3)}, {"data", block}});
  auto w = read_wave(bytes);
  ASSERT_TRUE(w.ok());
  auto samples = decode(*w);
  ASSERT_TRUE(samples.ok()) << samples.error().to_string();
  // Frame 0 (s2), frame 1 (s1), frame 2: left 10 + 2*16 = 42, right 0 + 1*32 = 32.
  EXPECT_EQ(*samples, (std::vector<std::int16_t>{0, 7, 10, -5, 42, 32}));
}

TEST(Wave, WritesBackUnknownChunksPadBytesAndTrailingBytes) {
  const ByteBuffer bytes =
      riff({{"LIST", {'I', 'N', 'F', 'O', 'x'}}, {"fmt ", fmt_pcm(1, 22050, 8)}, {"data", {1, 2, 3}}, {"junk", {}}},
           std::nullopt, {9, 9, 9});
  auto w = read_wave(bytes);
  ASSERT_TRUE(w.ok());
  ASSERT_EQ(w->chunks.size(), 4u);
  EXPECT_EQ(w->chunks[0].pad.size(), 1u);
  EXPECT_EQ(w->chunks[2].pad.size(), 1u);
  EXPECT_EQ(w->trailing.size(), 3u);
  EXPECT_EQ(write_wave(*w), bytes);
}

// ---- the checker, one rule at a time -----------------------------------------------------------

struct Finding {
  std::string code;
  Severity severity;
  std::uint64_t offset;
  std::string message;
};
std::vector<Finding> findings(ByteView bytes) {
  std::vector<Finding> out;
  for (const Diagnostic& d : check_wave(bytes))
    out.push_back({d.code, d.severity, d.location.offset.value_or(~0ull), d.message});
  return out;
}
void expect_one(ByteView bytes, const char* code, Severity severity, std::uint64_t offset, const std::string& message) {
  const auto f = findings(bytes);
  ASSERT_EQ(f.size(), 1u) << (f.empty() ? "none" : f[0].code + ": " + f[0].message + (f.size() > 1 ? " / " + f[1].code : ""));
  EXPECT_EQ(f[0].code, code);
  EXPECT_EQ(f[0].severity, severity);
  EXPECT_EQ(f[0].offset, offset);
  EXPECT_EQ(f[0].message, message);
}

const ByteBuffer kData = pcm16_data({1, 2});

TEST(WaveCheck, AnEmptyEntryIsANote) {
  expect_one({}, codes::kEmpty, Severity::note, 0, "an empty payload (0 bytes): no sound");
}

TEST(WaveCheck, RiffHeader) {
  ByteBuffer bytes = riff({{"fmt ", fmt_pcm(1, 22050, 16)}, {"data", kData}});
  bytes[8] = 'A';  // "AAVE"
  expect_one(bytes, codes::kRiffHeader, Severity::error, 0,
             "48 bytes: not a RIFF WAVE file (it must start \"RIFF\", a size, \"WAVE\")");
}

TEST(WaveCheck, RiffSizeAgainstTheFileSize) {
  expect_one(riff({{"fmt ", fmt_pcm(1, 22050, 16)}, {"data", kData}}, 100), codes::kRiffSize, Severity::error, 4,
             "RIFF size 100 + 8 is not the file's 48 bytes");
}

TEST(WaveCheck, AChunkPastTheEnd) {
  ByteBuffer bytes = riff({{"fmt ", fmt_pcm(1, 22050, 16)}, {"data", kData}});
  bytes[40] = 6;  // data claims 6 bytes, 4 present
  expect_one(bytes, codes::kChunkSize, Severity::error, 40, "chunk \"data\" of 6 bytes: the file holds 4");
}

TEST(WaveCheck, MissingAndDuplicateChunks) {
  expect_one(riff({{"data", kData}}), codes::kFmtMissing, Severity::error, 12, "no fmt chunk");
  expect_one(riff({{"fmt ", fmt_pcm(1, 22050, 16)}}), codes::kDataMissing, Severity::error, 12, "no data chunk");
  expect_one(riff({{"fmt ", fmt_pcm(1, 22050, 16)}, {"fmt ", fmt_pcm(1, 22050, 16)}, {"data", kData}}),
             codes::kFmtDuplicate, Severity::error, 36, "a second fmt chunk");
  expect_one(riff({{"fmt ", fmt_pcm(1, 22050, 16)}, {"data", kData}, {"data", kData}}), codes::kDataDuplicate,
             Severity::error, 48, "a second data chunk");
}

TEST(WaveCheck, FmtTooShort) {
  ByteBuffer short_fmt = fmt_pcm(1, 22050, 16);
  short_fmt.resize(14);
  expect_one(riff({{"fmt ", short_fmt}, {"data", kData}}), codes::kFmtSize, Severity::error, 12,
             "the fmt chunk holds 14 bytes: fewer than the 16 of tag, channels, rate, byte rate, block align and bits");
  ByteBuffer adpcm = fmt_adpcm(1, 22050, 9, 6);
  adpcm.resize(26);  // the table of 7 pairs needs 50
  expect_one(riff({{"fmt ", adpcm}, {"data", ByteBuffer(9, 0)}}), codes::kFmtSize, Severity::error, 12,
             "an MS ADPCM fmt chunk of 26 bytes: its extension needs 50");
}

TEST(WaveCheck, Channels) {
  expect_one(riff({{"fmt ", fmt_pcm(0, 22050, 16)}, {"data", kData}}), codes::kChannels, Severity::error, 22,
             "0 channels");
  expect_one(riff({{"fmt ", fmt_pcm(3, 22050, 16)}, {"data", ByteBuffer(6, 0)}}), codes::kChannels, Severity::warning,
             22, "3 channels: the game plays mono and stereo");
}

TEST(WaveCheck, Bits) {
  expect_one(riff({{"fmt ", fmt_pcm(1, 22050, 24)}, {"data", ByteBuffer(6, 0)}}), codes::kBits, Severity::error, 34,
             "PCM of 24 bits: the game plays 8 and 16");
  ByteBuffer adpcm = fmt_adpcm(1, 22050, 9, 6);
  adpcm[14] = 8;
  expect_one(riff({{"fmt ", adpcm}, {"data", ByteBuffer(9, 0)}}), codes::kBits, Severity::error, 34,
             "MS ADPCM of 8 bits (4)");
}

TEST(WaveCheck, BlockAlign) {
  ByteBuffer pcm = fmt_pcm(2, 22050, 16);
  pcm[12] = 2;
  expect_one(riff({{"fmt ", pcm}, {"data", kData}}), codes::kBlockAlign, Severity::error, 32,
             "block align 2: 2 channels of 16 bits take 4 bytes a frame");
  expect_one(riff({{"fmt ", fmt_adpcm(1, 22050, 9, 8)}, {"data", ByteBuffer(9, 0)}}), codes::kBlockAlign,
             Severity::error, 32, "block align 9 for 1 channel holds 6 samples a block; the fmt says 8");
}

TEST(WaveCheck, ByteRate) {
  ByteBuffer pcm = fmt_pcm(1, 22050, 16);
  pcm[8] = 0, pcm[9] = 0, pcm[10] = 0, pcm[11] = 0;
  expect_one(riff({{"fmt ", pcm}, {"data", kData}}), codes::kByteRate, Severity::warning, 28,
             "byte rate 0: 22050 Hz x 2 bytes a frame is 44100");
}

TEST(WaveCheck, RateOtherThanTheGames) {
  expect_one(riff({{"fmt ", fmt_pcm(1, 44100, 16)}, {"data", kData}}), codes::kRate, Severity::warning, 24,
             "44100 Hz: the game's sounds are all 22050 Hz");
}

TEST(WaveCheck, UnknownFormatTag) {
  expect_one(riff({{"fmt ", fmt_pcm(1, 22050, 4, 0x11)}, {"data", kData}}), codes::kFormatTag, Severity::warning, 20,
             "IMA ADPCM (0x0011): read and kept, not decoded; the game's sounds are PCM and MS ADPCM");
}

TEST(WaveCheck, AdpcmTable) {
  expect_one(riff({{"fmt ", fmt_adpcm(1, 22050, 9, 6, {})}, {"data", ByteBuffer(9, 0)}}), codes::kCoefficients,
             Severity::error, 40, "an MS ADPCM table of 0 coefficient pairs");
  ByteBuffer block(9, 0);
  block[0] = 7;
  const ByteBuffer bytes = riff({{"fmt ", fmt_adpcm(1, 22050, 9, 6)}, {"data", block}});
  expect_one(bytes, codes::kPredictor, Severity::error, 12 + 8 + 50 + 8,
             "block 0 channel 0: predictor 7 of a table of 7 pairs");
  auto w = read_wave(bytes);
  ASSERT_TRUE(w.ok());
  EXPECT_EQ(decode(*w).error().rule, codes::kPredictor);
}

TEST(WaveCheck, DataNotWholeBlocks) {
  expect_one(riff({{"fmt ", fmt_pcm(1, 22050, 16)}, {"data", {1, 2, 3}}}), codes::kDataBlocks, Severity::warning, 36,
             "3 bytes of data: not a whole number of 2-byte blocks");
}

// ---- properties --------------------------------------------------------------------------------

RC_GTEST_PROP(Wave, AnyChunkListWritesBackIdentical, ()) {
  const auto n = *rc::gen::inRange<std::size_t>(0, 6);
  std::vector<ChunkBytes> chunks;
  for (std::size_t i = 0; i < n; ++i) {
    ChunkBytes c;
    c.id = *rc::gen::container<std::string>(4, rc::gen::inRange<char>(32, 127));
    c.body = *rc::gen::container<ByteBuffer>(*rc::gen::inRange<std::size_t>(0, 40), rc::gen::arbitrary<std::uint8_t>());
    chunks.push_back(std::move(c));
  }
  const ByteBuffer tail = *rc::gen::container<ByteBuffer>(*rc::gen::inRange<std::size_t>(0, 12), rc::gen::arbitrary<std::uint8_t>());
  const bool lie = *rc::gen::arbitrary<bool>();
  const ByteBuffer bytes = riff(chunks, lie ? std::optional<std::uint32_t>(*rc::gen::inRange<std::uint32_t>(0, 400)) : std::nullopt, tail);
  auto w = read_wave(bytes);
  RC_ASSERT(w.ok());
  RC_ASSERT(write_wave(*w) == bytes);
  check_wave(*w);  // never crashes
  (void)decode(*w);
}

RC_GTEST_PROP(Wave, AnyBytesAfterAHeaderReadAndWriteBack, ()) {
  ByteBuffer bytes = Bytes().text("RIFF").u32(*rc::gen::arbitrary<std::uint32_t>()).text("WAVE").b;
  const ByteBuffer rest = *rc::gen::container<ByteBuffer>(rc::gen::arbitrary<std::uint8_t>());
  bytes.insert(bytes.end(), rest.begin(), rest.end());
  auto w = read_wave(bytes);
  RC_ASSERT(w.ok());
  RC_ASSERT(write_wave(*w) == bytes);
  check_wave(*w);
  (void)decode(*w);
}

}  // namespace
}  // namespace parkan::sound
