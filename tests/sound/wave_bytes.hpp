#pragma once
// WAV files laid out field by field for the sound tests (docs/formats/sound.md 1-3), never through
// parkan's own writer.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "parkan/core/bytes.hpp"

namespace parkan::sound::test_bytes {

struct Bytes {
  ByteBuffer b;
  Bytes& u8(std::uint8_t v) { b.push_back(v); return *this; }
  Bytes& u16(std::uint16_t v) { u8(std::uint8_t(v)); return u8(std::uint8_t(v >> 8)); }
  Bytes& i16(std::int16_t v) { return u16(std::uint16_t(v)); }
  Bytes& u32(std::uint32_t v) { u16(std::uint16_t(v)); return u16(std::uint16_t(v >> 16)); }
  Bytes& text(const std::string& s) { b.insert(b.end(), s.begin(), s.end()); return *this; }
  Bytes& raw(const ByteBuffer& more) { b.insert(b.end(), more.begin(), more.end()); return *this; }
};

struct ChunkBytes {
  std::string id;
  ByteBuffer body;
};

// "RIFF", size (the real one unless given), "WAVE", each chunk with its pad byte when odd, then `tail`.
inline ByteBuffer riff(const std::vector<ChunkBytes>& chunks, std::optional<std::uint32_t> size = {},
                       const ByteBuffer& tail = {}) {
  Bytes body;
  for (const ChunkBytes& c : chunks) {
    body.text(c.id).u32(std::uint32_t(c.body.size())).raw(c.body);
    if (c.body.size() % 2) body.u8(0);
  }
  Bytes out;
  out.text("RIFF").u32(size.value_or(std::uint32_t(4 + body.b.size()))).text("WAVE").raw(body.b).raw(tail);
  return out.b;
}

// A 16-byte PCM fmt body.
inline ByteBuffer fmt_pcm(std::uint16_t channels, std::uint32_t rate, std::uint16_t bits, std::uint16_t tag = 1) {
  const std::uint16_t align = std::uint16_t(channels * bits / 8);
  return Bytes().u16(tag).u16(channels).u32(rate).u32(rate * align).u16(align).u16(bits).b;
}

inline const std::vector<std::pair<std::int16_t, std::int16_t>> kStandardPairs = {
    {256, 0}, {512, -256}, {0, 0}, {192, 64}, {240, 0}, {460, -208}, {392, -232}};

// An MS ADPCM fmt body: 18 bytes + samples per block, count, pairs.
inline ByteBuffer fmt_adpcm(std::uint16_t channels, std::uint32_t rate, std::uint16_t block_align,
                            std::uint16_t samples_per_block,
                            const std::vector<std::pair<std::int16_t, std::int16_t>>& pairs = kStandardPairs) {
  Bytes f;
  f.u16(2).u16(channels).u32(rate).u32(std::uint32_t(std::uint64_t(rate) * block_align / samples_per_block));
  f.u16(block_align).u16(4).u16(std::uint16_t(4 + 4 * pairs.size())).u16(samples_per_block).u16(std::uint16_t(pairs.size()));
  for (const auto& [a, c] : pairs) f.i16(a).i16(c);
  return f.b;
}

}  // namespace parkan::sound::test_bytes
