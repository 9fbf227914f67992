// Building WAV files from 16-bit samples: PCM, and MS ADPCM through a small encoder
// (docs/formats/sound.md 5). Deterministic integer arithmetic: the same bytes on every platform.
#include <algorithm>
#include <climits>
#include <cstring>

#include <fmt/format.h>

#include "parkan/sound/codes.hpp"
#include "parkan/sound/wave.hpp"

namespace parkan::sound {

namespace {

constexpr std::array<std::int32_t, 16> kEncodeAdaptation = {230, 230, 230, 230, 307, 409, 512, 614,
                                                            768, 614, 512, 409, 307, 230, 230, 230};
// The first step sizes the encoder tries for a block; the one with the least squared error wins, with
// the predictor (docs/formats/sound.md 5).
constexpr std::array<std::int32_t, 8> kEncodeStartDeltas = {16, 32, 64, 128, 256, 512, 1024, 2048};

struct EncodeChannel {
  std::int32_t c1, c2, delta, s1, s2;
};

// One sample's code: the nearest step to the prediction's error, clamped to -8..7; the state moves on as
// the decoder's will.
inline unsigned encode_step(EncodeChannel& st, std::int32_t x, std::int64_t& error) {
  const std::int64_t predicted = (std::int64_t{st.s1} * st.c1 + std::int64_t{st.s2} * st.c2) >> 8;
  const std::int64_t diff = x - predicted;
  std::int64_t q = diff >= 0 ? (diff + st.delta / 2) / st.delta : -((-diff + st.delta / 2) / st.delta);
  q = std::clamp<std::int64_t>(q, -8, 7);
  const std::int64_t value = std::clamp<std::int64_t>(predicted + q * st.delta, -32768, 32767);
  error += (value - x) * (value - x);
  st.s2 = st.s1;
  st.s1 = static_cast<std::int32_t>(value);
  const unsigned nibble = static_cast<unsigned>(q) & 0x0F;
  st.delta = std::clamp((kEncodeAdaptation[nibble] * st.delta) >> 8, 16, INT_MAX / 768);
  return nibble;
}

// Encodes one channel of one block (`frames` samples at stride `channels` from `in`), trying each
// predictor and starting step; fills the chosen header values and the codes.
void encode_channel(const std::int16_t* in, std::size_t channels, std::uint32_t frames, std::uint8_t& predictor,
                    std::int16_t& delta, std::vector<unsigned>& codes_out) {
  std::int64_t best = -1;
  std::vector<unsigned> trial(frames > 2 ? frames - 2 : 0);
  for (std::size_t p = 0; p < kStandardCoefficients.size(); ++p) {
    for (std::int32_t d0 : kEncodeStartDeltas) {
      EncodeChannel st{kStandardCoefficients[p].c1, kStandardCoefficients[p].c2, d0, in[channels], in[0]};
      std::int64_t error = 0;
      for (std::uint32_t i = 2; i < frames; ++i) {
        trial[i - 2] = encode_step(st, in[i * channels], error);
        if (best >= 0 && error >= best) break;
      }
      if (best < 0 || error < best) {
        best = error;
        predictor = static_cast<std::uint8_t>(p);
        delta = static_cast<std::int16_t>(d0);
        codes_out = trial;
      }
    }
  }
}

void put_chunk_header(ByteBuffer& out, std::uint32_t id, std::uint32_t size) {
  const std::size_t at = out.size();
  out.resize(at + kChunkHeaderSize);
  store_u32(out.data() + at, id);
  store_u32(out.data() + at + 4, size);
}

ByteBuffer riff_start() {
  ByteBuffer out(kRiffHeaderSize);
  store_u32(out.data(), kRiffMagic);
  store_u32(out.data() + 8, kWaveForm);
  return out;
}

void riff_finish(ByteBuffer& out) { store_u32(out.data() + 4, static_cast<std::uint32_t>(out.size() - 8)); }

}  // namespace

ByteBuffer make_pcm_wave(const std::vector<std::int16_t>& samples, std::uint16_t channels, std::uint32_t rate,
                         std::uint16_t bits) {
  const std::uint16_t bytes_per_sample = bits == 8 ? 1 : 2;
  const auto block_align = static_cast<std::uint16_t>(channels * bytes_per_sample);
  ByteBuffer out = riff_start();
  put_chunk_header(out, kFmtId, kFmtBaseSize);
  std::uint8_t fmt[kFmtBaseSize];
  store_u16(fmt, kTagPcm);
  store_u16(fmt + 2, channels);
  store_u32(fmt + 4, rate);
  store_u32(fmt + 8, rate * block_align);
  store_u16(fmt + 12, block_align);
  store_u16(fmt + 14, bytes_per_sample == 1 ? 8 : 16);
  out.insert(out.end(), fmt, fmt + kFmtBaseSize);
  const std::size_t frames = channels == 0 ? 0 : samples.size() / channels;
  const std::size_t data_size = frames * block_align;
  put_chunk_header(out, kDataId, static_cast<std::uint32_t>(data_size));
  const std::size_t at = out.size();
  out.resize(at + data_size + (data_size & 1));
  for (std::size_t i = 0; i < frames * channels; ++i) {
    if (bytes_per_sample == 1)
      out[at + i] = static_cast<std::uint8_t>((samples[i] >> 8) + 128);
    else
      store_u16(out.data() + at + 2 * i, static_cast<std::uint16_t>(samples[i]));
  }
  riff_finish(out);
  return out;
}

Result<ByteBuffer> make_adpcm_wave(const std::vector<std::int16_t>& samples, std::uint16_t channels, std::uint32_t rate,
                                   std::uint16_t block_align) {
  if (channels == 0 || channels > 2)
    return invalid_rule(codes::kEncode, fmt::format("MS ADPCM of {} channels: the encoder writes 1 or 2", channels));
  if (samples.size() % channels != 0)
    return invalid_rule(codes::kEncode, fmt::format("{} samples are not whole frames of {} channels", samples.size(), channels));
  if (block_align == 0) block_align = static_cast<std::uint16_t>(512 * channels);
  const std::uint32_t spb = adpcm_samples_per_block(block_align, channels);
  // Whole bytes of codes: a mono block needs an even count of codes after the two header samples.
  if (spb < 2 || (block_align - kAdpcmBlockHeaderPerChannel * channels) % channels != 0)
    return invalid_rule(codes::kEncode, fmt::format("block align {} holds no whole MS ADPCM block of {} channels",
                                                    block_align, channels));
  const std::size_t frames = samples.size() / channels;
  const std::size_t blocks = frames == 0 ? 0 : (frames + spb - 1) / spb;

  ByteBuffer out = riff_start();
  constexpr std::uint32_t kFmtSize = 50;  // 18 + 4 + 7 pairs of 4 bytes (cbSize 32)
  put_chunk_header(out, kFmtId, kFmtSize);
  std::uint8_t fmt[kFmtSize];
  store_u16(fmt, kTagMsAdpcm);
  store_u16(fmt + 2, channels);
  store_u32(fmt + 4, rate);
  store_u32(fmt + 8, static_cast<std::uint32_t>(std::uint64_t{rate} * block_align / spb));
  store_u16(fmt + 12, block_align);
  store_u16(fmt + 14, 4);
  store_u16(fmt + 16, kFmtSize - 18);
  store_u16(fmt + 18, static_cast<std::uint16_t>(spb));
  store_u16(fmt + 20, static_cast<std::uint16_t>(kStandardCoefficients.size()));
  for (std::size_t i = 0; i < kStandardCoefficients.size(); ++i) {
    store_u16(fmt + 22 + 4 * i, static_cast<std::uint16_t>(kStandardCoefficients[i].c1));
    store_u16(fmt + 24 + 4 * i, static_cast<std::uint16_t>(kStandardCoefficients[i].c2));
  }
  out.insert(out.end(), fmt, fmt + kFmtSize);
  // fact: the true frame count, since the last block is padded (docs/formats/sound.md 5).
  put_chunk_header(out, kFactId, 4);
  out.resize(out.size() + 4);
  store_u32(out.data() + out.size() - 4, static_cast<std::uint32_t>(frames));
  const std::size_t data_size = blocks * block_align;
  put_chunk_header(out, kDataId, static_cast<std::uint32_t>(data_size));

  std::vector<std::int16_t> block_in(std::size_t{spb} * channels);
  std::vector<unsigned> codes[2];
  for (std::size_t b = 0; b < blocks; ++b) {
    const std::size_t first = b * spb;
    const std::size_t have = std::min<std::size_t>(spb, frames - first);
    std::copy_n(samples.begin() + static_cast<std::ptrdiff_t>(first * channels), have * channels, block_in.begin());
    for (std::size_t i = have; i < spb; ++i)  // the last block repeats its last frame
      for (std::size_t c = 0; c < channels; ++c) block_in[i * channels + c] = block_in[(have - 1) * channels + c];
    std::uint8_t predictor[2] = {0, 0};
    std::int16_t delta[2] = {16, 16};
    for (std::size_t c = 0; c < channels; ++c)
      encode_channel(block_in.data() + c, channels, spb, predictor[c], delta[c], codes[c]);
    const std::size_t at = out.size();
    out.resize(at + block_align, 0);
    std::uint8_t* p = out.data() + at;
    for (std::size_t c = 0; c < channels; ++c) {
      p[c] = predictor[c];
      store_u16(p + channels + 2 * c, static_cast<std::uint16_t>(delta[c]));
      store_u16(p + 3 * channels + 2 * c, static_cast<std::uint16_t>(block_in[channels + c]));  // sample 1: the second
      store_u16(p + 5 * channels + 2 * c, static_cast<std::uint16_t>(block_in[c]));             // sample 2: the first
    }
    std::uint8_t* nib = p + kAdpcmBlockHeaderPerChannel * channels;
    const std::size_t total = std::size_t{spb - 2} * channels;
    for (std::size_t i = 0; i < total; ++i) {
      const unsigned code = codes[i % channels][i / channels];
      if (i % 2 == 0)
        nib[i / 2] = static_cast<std::uint8_t>(code << 4);
      else
        nib[i / 2] |= static_cast<std::uint8_t>(code);
    }
  }
  if (data_size & 1) out.push_back(0);  // the pad byte of an odd-size chunk
  riff_finish(out);
  return out;
}

}  // namespace parkan::sound
