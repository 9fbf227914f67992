// Decoding to 16-bit PCM: PCM 8/16 bits and MS ADPCM (docs/formats/sound.md 3).
#include <algorithm>
#include <climits>

#include <fmt/format.h>

#include "parkan/sound/codes.hpp"
#include "parkan/sound/wave.hpp"

namespace parkan::sound {

namespace {

// How the step size adapts to each 4-bit code (docs/formats/sound.md 3).
constexpr std::array<std::int32_t, 16> kAdpcmAdaptation = {230, 230, 230, 230, 307, 409, 512, 614,
                                                           768, 614, 512, 409, 307, 230, 230, 230};
// The step never drops below 16; the cap keeps a hostile file's growing step inside an int (ffmpeg's
// bound): real files never come near it.
constexpr std::int32_t kAdpcmMinDelta = 16;
constexpr std::int32_t kAdpcmMaxDelta = INT_MAX / 768;

struct AdpcmChannelState {
  std::int32_t c1 = 0, c2 = 0, delta = 0, s1 = 0, s2 = 0;
};

inline std::int16_t adpcm_step(AdpcmChannelState& st, unsigned nibble) {
  const std::int32_t signed_nibble = nibble >= 8 ? static_cast<std::int32_t>(nibble) - 16 : static_cast<std::int32_t>(nibble);
  // The prediction is floored (>> 8, as libsndfile); docs/formats/sound.md 3 says why.
  const std::int64_t predicted = (std::int64_t{st.s1} * st.c1 + std::int64_t{st.s2} * st.c2) >> 8;
  const std::int64_t value = std::clamp<std::int64_t>(predicted + std::int64_t{signed_nibble} * st.delta, -32768, 32767);
  st.s2 = st.s1;
  st.s1 = static_cast<std::int32_t>(value);
  st.delta = std::clamp((kAdpcmAdaptation[nibble] * st.delta) >> 8, kAdpcmMinDelta, kAdpcmMaxDelta);
  return static_cast<std::int16_t>(value);
}

}  // namespace

Status decode_adpcm_block(ByteView block, std::uint16_t channels, const std::vector<CoefficientPair>& coefficients,
                          std::uint32_t max_frames, std::vector<std::int16_t>& out) {
  const std::size_t header = kAdpcmBlockHeaderPerChannel * channels;
  if (channels == 0 || channels > 2 || block.size() < header)
    return invalid_rule(codes::kDataBlocks,
                        fmt::format("an MS ADPCM block of {} bytes: shorter than its {}-byte header", block.size(), header));
  std::array<AdpcmChannelState, 2> st{};
  const std::uint8_t* p = block.data();
  for (std::uint16_t c = 0; c < channels; ++c) {
    const std::uint8_t predictor = p[c];
    if (predictor >= coefficients.size())
      return invalid_rule(codes::kPredictor, fmt::format("channel {}: predictor {} of a table of {} pairs", c, predictor,
                                                         coefficients.size()),
                          c);
    st[c].c1 = coefficients[predictor].c1;
    st[c].c2 = coefficients[predictor].c2;
    st[c].delta = load_i16(p + channels + 2 * c);
    st[c].s1 = load_i16(p + 3 * channels + 2 * c);
    st[c].s2 = load_i16(p + 5 * channels + 2 * c);
  }
  const std::size_t nibble_bytes = block.size() - header;
  const std::uint32_t frames = static_cast<std::uint32_t>(
      std::min<std::uint64_t>(max_frames, 2 + nibble_bytes * 2 / channels));
  if (frames == 0) return {};
  const std::size_t start = out.size();
  out.resize(start + std::size_t{frames} * channels);
  std::int16_t* o = out.data() + start;
  // The header's second sample is the block's first (docs/formats/sound.md 3).
  for (std::uint16_t c = 0; c < channels; ++c) o[c] = static_cast<std::int16_t>(st[c].s2);
  if (frames == 1) return {};
  for (std::uint16_t c = 0; c < channels; ++c) o[channels + c] = static_cast<std::int16_t>(st[c].s1);
  const std::uint8_t* nib = p + header;
  std::int16_t* w = o + 2 * channels;
  const std::size_t codes_wanted = std::size_t{frames - 2} * channels;  // one 4-bit code per sample
  if (channels == 1) {
    std::size_t i = 0;
    for (; i + 1 < codes_wanted; i += 2) {
      const std::uint8_t b = nib[i / 2];
      w[i] = adpcm_step(st[0], b >> 4);
      w[i + 1] = adpcm_step(st[0], b & 0x0F);
    }
    if (i < codes_wanted) w[i] = adpcm_step(st[0], nib[i / 2] >> 4);
  } else {
    // Stereo: a byte's high code is the left sample, its low code the right.
    for (std::size_t i = 0; i < codes_wanted; i += 2) {
      const std::uint8_t b = nib[i / 2];
      w[i] = adpcm_step(st[0], b >> 4);
      w[i + 1] = adpcm_step(st[1], b & 0x0F);
    }
  }
  return {};
}

Result<std::vector<std::int16_t>> decode(const Wave& wave) {
  if (!wave.fmt_index) return invalid_rule(codes::kFmtMissing, "no fmt chunk: the samples cannot be read");
  if (!wave.format)
    return invalid_rule(codes::kFmtSize, "the fmt chunk is shorter than 16 bytes", wave.chunks[*wave.fmt_index].offset);
  if (!wave.data_index) return invalid_rule(codes::kDataMissing, "no data chunk: no samples");
  const Format& f = *wave.format;
  const ByteView data = wave.data();
  const std::uint64_t data_at = wave.chunks[*wave.data_index].offset + kChunkHeaderSize;
  if (f.channels == 0) return invalid_rule(codes::kChannels, "0 channels");
  std::vector<std::int16_t> out;
  if (f.tag == kTagPcm) {
    if (f.bits != 8 && f.bits != 16)
      return invalid_rule(codes::kBits, fmt::format("PCM of {} bits: parkan decodes 8 and 16", f.bits));
    if (f.block_align != f.channels * f.bits / 8)
      return invalid_rule(codes::kBlockAlign, fmt::format("block align {} for {} channels of {} bits", f.block_align,
                                                          f.channels, f.bits));
    const std::size_t frames = data.size() / f.block_align;
    const std::size_t n = frames * f.channels;
    out.resize(n);
    if (f.bits == 8) {
      for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::int16_t>((data[i] - 128) * 256);
    } else {
      for (std::size_t i = 0; i < n; ++i) out[i] = load_i16(data.data() + 2 * i);
    }
    return out;
  }
  if (f.tag != kTagMsAdpcm)
    return invalid_rule(codes::kFormatTag, fmt::format("{}: parkan decodes PCM and MS ADPCM", tag_name(f.tag)));
  if (f.bits != 4) return invalid_rule(codes::kBits, fmt::format("MS ADPCM of {} bits (4)", f.bits));
  if (f.channels > 2) return invalid_rule(codes::kChannels, fmt::format("MS ADPCM of {} channels (1 or 2)", f.channels));
  const std::uint32_t spb = adpcm_samples_per_block(f.block_align, f.channels);
  if (spb == 0 || !f.samples_per_block || *f.samples_per_block != spb)
    return invalid_rule(codes::kBlockAlign,
                        fmt::format("block align {} holds {} samples per channel; the fmt says {}", f.block_align, spb,
                                    f.samples_per_block ? fmt::format("{}", *f.samples_per_block) : "nothing"));
  if (f.coefficients.empty()) return invalid_rule(codes::kCoefficients, "an MS ADPCM fmt with no coefficient pairs");
  out.reserve(frame_count(wave) * f.channels);
  for (std::size_t at = 0; at < data.size(); at += f.block_align) {
    const ByteView block = data.subspan(at, std::min<std::size_t>(f.block_align, data.size() - at));
    if (block.size() < kAdpcmBlockHeaderPerChannel * f.channels) break;  // a scrap too short to decode: ignored
    Status decoded = decode_adpcm_block(block, f.channels, f.coefficients, spb, out);
    if (!decoded) return std::move(decoded).error().shifted(data_at + at);
  }
  return out;
}

void trim_to_fact(const Wave& wave, std::vector<std::int16_t>& samples) {
  if (!wave.format || wave.format->tag != kTagMsAdpcm || wave.format->channels == 0) return;
  for (const Chunk& c : wave.chunks)
    if (c.id == kFactId && c.body.size() >= 4) {
      const std::uint64_t wanted = std::uint64_t{load_u32(c.body.data())} * wave.format->channels;
      if (wanted < samples.size()) samples.resize(static_cast<std::size_t>(wanted));
      return;
    }
}

}  // namespace parkan::sound
