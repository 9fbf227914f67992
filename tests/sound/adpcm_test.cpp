// MS ADPCM against an independent decoder (tests/sound/msadpcm_reference.py, written from the format's
// description, run with python3 on the same bytes) and, when libsndfile.so.1 is installed, against
// libsndfile through Python's ctypes; then encode-then-decode of known waves within a stated bound.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <numbers>

#include "parkan/sound/wave.hpp"
#include "support.hpp"
#include "wave_bytes.hpp"

namespace parkan::sound {
namespace {

using test_bytes::Bytes;
using test_bytes::fmt_adpcm;
using test_bytes::riff;

bool have_python() { return std::system("python3 -c pass > /dev/null 2>&1") == 0; }

std::vector<std::int16_t> read_raw16(const std::filesystem::path& path) {
  const ByteBuffer b = test::read_bytes(path);
  std::vector<std::int16_t> out(b.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = load_i16(b.data() + 2 * i);
  return out;
}

// The reference decoder's samples for `wav`.
std::vector<std::int16_t> reference_decode(const ByteBuffer& wav) {
  test::TempDir dir;
  test::write_bytes(dir / "in.wav", wav);
  const std::string cmd = "python3 \"" PARKAN_SOURCE_DIR "/tests/sound/msadpcm_reference.py\" \"" +
                          (dir / "in.wav").string() + "\" \"" + (dir / "out.raw").string() + "\"";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  return read_raw16(dir / "out.raw");
}

// Random blocks: any predictor of the table, deltas 16..2000, any codes; a partial last block.
ByteBuffer random_adpcm(std::uint16_t channels, std::uint16_t block_align, std::size_t blocks, std::size_t partial,
                        const std::vector<std::pair<std::int16_t, std::int16_t>>& pairs, std::uint32_t seed) {
  std::uint32_t x = seed;
  auto next = [&] { return x = x * 1664525u + 1013904223u, x >> 8; };
  ByteBuffer data;
  for (std::size_t b = 0; b <= blocks; ++b) {
    const std::size_t size = b < blocks ? block_align : partial;
    if (size == 0) break;
    Bytes blk;
    for (std::uint16_t c = 0; c < channels; ++c) blk.u8(std::uint8_t(next() % pairs.size()));
    for (std::uint16_t c = 0; c < channels; ++c) blk.i16(std::int16_t(16 + next() % 2000));
    for (int k = 0; k < 2 * channels; ++k) blk.i16(std::int16_t(next()));
    while (blk.b.size() < size) blk.u8(std::uint8_t(next()));
    data.insert(data.end(), blk.b.begin(), blk.b.end());
  }
  const std::uint16_t spb = std::uint16_t(2 + (block_align - 7 * channels) * 2 / channels);
  return riff({{"fmt ", fmt_adpcm(channels, 22050, block_align, spb, pairs)}, {"data", data}});
}

std::vector<std::int16_t> parkan_decode(const ByteBuffer& wav) {
  auto w = read_wave(wav);
  EXPECT_TRUE(w.ok());
  auto s = decode(*w);
  EXPECT_TRUE(s.ok()) << s.error().to_string();
  return s.ok() ? *s : std::vector<std::int16_t>{};
}

TEST(Adpcm, MatchesTheReferenceDecoderMonoAndStereo) {
  if (!have_python()) GTEST_SKIP() << "python3 not found";
  const std::vector<std::pair<std::int16_t, std::int16_t>> own = {{256, 0}, {512, -256}, {0, 0}, {100, 100},
                                                                  {-300, 200}, {460, -208}, {392, -232}, {600, -400}};
  struct Case {
    std::uint16_t channels, block_align;
    std::size_t blocks, partial;
    bool own_table;
  };
  for (const Case& c : {Case{1, 512, 5, 100, false}, Case{2, 1024, 4, 333, false}, Case{1, 256, 3, 0, true},
                        Case{2, 64, 9, 20, true}}) {
    const ByteBuffer wav = random_adpcm(c.channels, c.block_align, c.blocks, c.partial,
                                        c.own_table ? own : test_bytes::kStandardPairs, 7u + c.block_align);
    const std::vector<std::int16_t> ours = parkan_decode(wav);
    EXPECT_FALSE(ours.empty());
    EXPECT_EQ(ours, reference_decode(wav)) << c.channels << " channels, block " << c.block_align;
  }
}

// libsndfile decodes MS ADPCM itself (msadpcm.c): the same samples for what an encoder writes. (Not for
// random blocks: libsndfile keeps the step size in a 16-bit short, which wraps once random codes grow it
// past 32,767; parkan, the Python reference and ffmpeg keep an int. No encoder lets it grow so far.)
TEST(Adpcm, MatchesLibsndfileWhenInstalled) {
  if (!have_python()) GTEST_SKIP() << "python3 not found";
  if (std::system("python3 -c \"import ctypes; ctypes.CDLL('libsndfile.so.1')\" > /dev/null 2>&1") != 0)
    GTEST_SKIP() << "libsndfile.so.1 not found";
  for (std::uint16_t channels : {1, 2}) {
    // A chirp with noise over it, encoded by parkan: whole blocks, a fact chunk, realistic step sizes.
    std::vector<std::int16_t> wave;
    std::uint32_t noise = 5;
    for (std::size_t i = 0; i < 7000; ++i)
      for (std::uint16_t c = 0; c < channels; ++c) {
        noise = noise * 1664525u + 1013904223u;
        const double t = double(i) / 22050;
        wave.push_back(std::int16_t(std::lround(12000 * std::sin(2 * std::numbers::pi * (200 + 3000 * t) * t * (c + 1)) +
                                                double(std::int32_t(noise >> 20) - 2048))));
      }
    const ByteBuffer wav = make_adpcm_wave(wave, channels, 22050).value();
    const std::vector<std::int16_t> ours = parkan_decode(wav);
    test::TempDir dir;
    test::write_bytes(dir / "in.wav", wav);
    const std::string script =
        "import ctypes,sys\n"
        "class I(ctypes.Structure):\n"
        " _fields_=[('frames',ctypes.c_int64),('samplerate',ctypes.c_int),('channels',ctypes.c_int),"
        "('format',ctypes.c_int),('sections',ctypes.c_int),('seekable',ctypes.c_int)]\n"
        "L=ctypes.CDLL('libsndfile.so.1');L.sf_open.restype=ctypes.c_void_p\n"
        "i=I();f=L.sf_open(sys.argv[1].encode(),0x10,ctypes.byref(i))\n"
        "assert f, L.sf_strerror(None)\n"
        "n=i.frames*i.channels;b=(ctypes.c_short*n)()\n"
        "L.sf_readf_short.argtypes=[ctypes.c_void_p,ctypes.c_void_p,ctypes.c_int64];L.sf_readf_short.restype=ctypes.c_int64\n"
        "got=L.sf_readf_short(f,b,i.frames)\n"
        "open(sys.argv[2],'wb').write(bytes(b)[:got*i.channels*2])\n";
    std::ofstream(dir / "sf.py") << script;
    const std::string cmd = "python3 \"" + (dir / "sf.py").string() + "\" \"" + (dir / "in.wav").string() + "\" \"" +
                            (dir / "out.raw").string() + "\"";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
    EXPECT_EQ(ours, read_raw16(dir / "out.raw")) << channels << " channels";
  }
}

// Encoded then decoded: the error of a sine stays under 1 % of full scale RMS, a square's under 6 %
// (its edges need a few steps of the adapting step size), both measured over the sound's own frames.
double rms_error(const std::vector<std::int16_t>& a, const std::vector<std::int16_t>& b) {
  double sum = 0;
  for (std::size_t i = 0; i < a.size(); ++i) sum += (double(a[i]) - b[i]) * (double(a[i]) - b[i]);
  return std::sqrt(sum / double(a.size())) / 32768.0;
}

TEST(Adpcm, EncodeThenDecodeKnownWaves) {
  const std::size_t frames = 22050 / 2 + 123;  // not a whole number of 1012-frame blocks
  std::vector<std::int16_t> sine, square, stereo;
  for (std::size_t i = 0; i < frames; ++i) {
    sine.push_back(std::int16_t(std::lround(16000 * std::sin(2 * std::numbers::pi * 440.0 * double(i) / 22050))));
    square.push_back(std::int16_t((i / 25) % 2 ? 12000 : -12000));  // 441 Hz
    stereo.push_back(sine.back());
    stereo.push_back(std::int16_t(-sine.back() / 2));
  }
  for (const auto& [wave, channels, bound] :
       {std::tuple{&sine, 1, 0.01}, std::tuple{&square, 1, 0.06}, std::tuple{&stereo, 2, 0.01}}) {
    auto bytes = make_adpcm_wave(*wave, std::uint16_t(channels), 22050);
    ASSERT_TRUE(bytes.ok());
    EXPECT_TRUE(check_wave(*bytes).empty());
    std::vector<std::int16_t> back = parkan_decode(*bytes);
    ASSERT_GE(back.size(), wave->size());
    EXPECT_EQ(back.size() % (1012 * channels), 0u);  // whole blocks, the last one padded
    trim_to_fact(read_wave(*bytes).value(), back);      // ended at the fact chunk's frame count
    ASSERT_EQ(back.size(), wave->size());
    const double e = rms_error(*wave, back);
    EXPECT_LT(e, bound) << channels << " channels";
    std::printf("MS ADPCM round trip: %d channel(s), RMS error %.4f of full scale (bound %.2f)\n", channels, e, bound);
  }
}

TEST(Adpcm, TheEncoderRefusesWhatItCannotWrite) {
  auto three = make_adpcm_wave({0, 0, 0}, 3, 22050);
  ASSERT_FALSE(three.ok());
  EXPECT_EQ(three.error().rule, "sound.encode");
  EXPECT_EQ(three.error().message, "MS ADPCM of 3 channels: the encoder writes 1 or 2");
  auto odd = make_adpcm_wave({0, 0, 0}, 2, 22050);
  ASSERT_FALSE(odd.ok());
  EXPECT_EQ(odd.error().message, "3 samples are not whole frames of 2 channels");
  auto tiny = make_adpcm_wave({0, 0}, 2, 22050, 10);
  ASSERT_FALSE(tiny.ok());
  EXPECT_EQ(tiny.error().message, "block align 10 holds no whole MS ADPCM block of 2 channels");
}

TEST(Adpcm, PcmWaveBytesFieldByField) {
  const ByteBuffer wav = make_pcm_wave({1, -2, 3, -4}, 2, 22050, 16);
  const ByteBuffer want = riff({{"fmt ", test_bytes::fmt_pcm(2, 22050, 16)}, {"data", Bytes().i16(1).i16(-2).i16(3).i16(-4).b}});
  EXPECT_EQ(wav, want);
  const ByteBuffer wav8 = make_pcm_wave({0, 32767, -32768}, 1, 22050, 8);
  EXPECT_EQ(wav8, riff({{"fmt ", test_bytes::fmt_pcm(1, 22050, 8)}, {"data", {0x80, 0xFF, 0x00}}}));
}

}  // namespace
}  // namespace parkan::sound
