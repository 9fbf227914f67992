// Reading and writing back a RIFF WAVE file (include/parkan/sound/wave.hpp, docs/formats/sound.md 1-2).
#include <algorithm>

#include <fmt/format.h>

#include "parkan/sound/codes.hpp"
#include "parkan/sound/wave.hpp"

namespace parkan::sound {

namespace {

// The fmt chunk's fields (docs/formats/sound.md 2): whatever the body holds of them.
std::optional<Format> wave_parse_format(ByteView body) {
  if (body.size() < kFmtBaseSize) return std::nullopt;
  const std::uint8_t* p = body.data();
  Format f;
  f.tag = load_u16(p);
  f.channels = load_u16(p + 2);
  f.rate = load_u32(p + 4);
  f.byte_rate = load_u32(p + 8);
  f.block_align = load_u16(p + 12);
  f.bits = load_u16(p + 14);
  if (body.size() >= kFmtBaseSize + 2) f.extension_size = load_u16(p + 16);
  if (f.tag == kTagMsAdpcm) {
    if (body.size() >= kAdpcmExtensionOffset + 2) f.samples_per_block = load_u16(p + kAdpcmExtensionOffset);
    if (body.size() >= kAdpcmExtensionOffset + 4) {
      f.coefficient_count = load_u16(p + kAdpcmExtensionOffset + 2);
      const std::size_t table = kAdpcmExtensionOffset + 4;
      const std::size_t present = std::min<std::size_t>(*f.coefficient_count, (body.size() - table) / 4);
      f.coefficients.reserve(present);
      for (std::size_t i = 0; i < present; ++i)
        f.coefficients.push_back({load_i16(p + table + 4 * i), load_i16(p + table + 4 * i + 2)});
    }
  }
  return f;
}

}  // namespace

std::string Chunk::id_text() const {
  std::string out;
  for (int i = 0; i < 4; ++i) {
    const auto c = static_cast<unsigned char>((id >> (8 * i)) & 0xFF);
    if (c >= 0x20 && c < 0x7F)
      out += static_cast<char>(c);
    else
      out += fmt::format("\\x{:02X}", c);
  }
  return out;
}

ByteView Wave::data() const { return data_index ? chunks[*data_index].body : ByteView{}; }

Result<Wave> read_wave(ByteView bytes) {
  if (bytes.empty()) return invalid_rule(codes::kEmpty, "an empty payload (0 bytes): no sound", 0);
  if (bytes.size() < kRiffHeaderSize || load_u32(bytes.data()) != kRiffMagic || load_u32(bytes.data() + 8) != kWaveForm)
    return invalid_rule(codes::kRiffHeader,
                        fmt::format("{} bytes: not a RIFF WAVE file (it must start \"RIFF\", a size, \"WAVE\")",
                                    bytes.size()),
                        0);
  Wave w;
  w.file_size = bytes.size();
  w.riff_size = load_u32(bytes.data() + 4);
  // Chunks run to the RIFF's claimed end or the file's, whichever comes first; what follows is kept raw.
  const std::uint64_t end = std::min<std::uint64_t>(bytes.size(), std::uint64_t{w.riff_size} + 8);
  std::uint64_t at = kRiffHeaderSize;
  while (at + kChunkHeaderSize <= end) {
    Chunk c;
    c.offset = at;
    c.id = load_u32(bytes.data() + at);
    c.size = load_u32(bytes.data() + at + 4);
    const std::uint64_t body_at = at + kChunkHeaderSize;
    const std::uint64_t body_size = std::min<std::uint64_t>(c.size, end - body_at);
    c.body = bytes.subspan(body_at, body_size);
    at = body_at + body_size;
    if ((c.size & 1) != 0 && body_size == c.size && at < end) {
      c.pad = bytes.subspan(at, 1);
      at += 1;
    }
    if (c.id == kFmtId && !w.fmt_index) w.fmt_index = w.chunks.size();
    if (c.id == kDataId && !w.data_index) w.data_index = w.chunks.size();
    w.chunks.push_back(c);
  }
  w.trailing = bytes.subspan(at);
  if (w.fmt_index) w.format = wave_parse_format(w.chunks[*w.fmt_index].body);
  return w;
}

ByteBuffer write_wave(const Wave& wave) {
  ByteBuffer out(kRiffHeaderSize);
  store_u32(out.data(), kRiffMagic);
  store_u32(out.data() + 4, wave.riff_size);
  store_u32(out.data() + 8, kWaveForm);
  for (const Chunk& c : wave.chunks) {
    std::uint8_t header[kChunkHeaderSize];
    store_u32(header, c.id);
    store_u32(header + 4, c.size);
    out.insert(out.end(), header, header + kChunkHeaderSize);
    out.insert(out.end(), c.body.begin(), c.body.end());
    out.insert(out.end(), c.pad.begin(), c.pad.end());
  }
  out.insert(out.end(), wave.trailing.begin(), wave.trailing.end());
  return out;
}

std::string tag_name(std::uint16_t tag) {
  switch (tag) {
    case 0x0001: return "PCM";
    case 0x0002: return "MS ADPCM";
    case 0x0003: return "IEEE float";
    case 0x0006: return "A-law";
    case 0x0007: return "mu-law";
    case 0x0011: return "IMA ADPCM";
    case 0x0055: return "MPEG layer 3";
    case 0xFFFE: return "extensible";
    default: return fmt::format("tag 0x{:04X}", tag);
  }
}

std::uint32_t adpcm_samples_per_block(std::uint16_t block_align, std::uint16_t channels) {
  if (channels == 0 || block_align < kAdpcmBlockHeaderPerChannel * channels) return 0;
  return 2 + (block_align - kAdpcmBlockHeaderPerChannel * channels) * 2 / channels;
}

std::uint64_t frame_count(const Wave& wave) {
  if (!wave.format || !wave.data_index) return 0;
  const Format& f = *wave.format;
  const std::uint64_t n = wave.data().size();
  if (f.channels == 0 || f.block_align == 0) return 0;
  if (f.tag == kTagPcm) return n / f.block_align;
  if (f.tag != kTagMsAdpcm) return 0;
  const std::uint64_t header = kAdpcmBlockHeaderPerChannel * f.channels;
  const std::uint64_t spb = f.samples_per_block.value_or(adpcm_samples_per_block(f.block_align, f.channels));
  std::uint64_t frames = n / f.block_align * spb;
  const std::uint64_t rest = n % f.block_align;
  if (rest >= header) frames += std::min<std::uint64_t>(spb, 2 + (rest - header) * 2 / f.channels);
  return frames;
}

}  // namespace parkan::sound
