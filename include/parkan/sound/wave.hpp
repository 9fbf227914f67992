#pragma once
// RIFF WAVE sounds: the SWAV entries of sounds.lib and voices.lib (docs/formats/sound.md).
// Read with every chunk kept raw (unknown ones and odd-size pad bytes included) so that an unedited
// file writes back byte for byte; checked; decoded to 16-bit PCM (PCM 8/16 and MS ADPCM); and built
// from 16-bit samples as PCM or MS ADPCM (the sample game, `parkan sound import --convert`).
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"

namespace parkan::sound {

inline constexpr std::uint32_t kSwavTypeId = 0x56415753;  // "SWAV": the NRes entry type of a sound
inline constexpr std::uint32_t kRiffMagic = 0x46464952;   // "RIFF"
inline constexpr std::uint32_t kWaveForm = 0x45564157;    // "WAVE"
inline constexpr std::uint32_t kFmtId = 0x20746D66;       // "fmt "
inline constexpr std::uint32_t kDataId = 0x61746164;      // "data"
inline constexpr std::uint32_t kFactId = 0x74636166;      // "fact"
inline constexpr std::size_t kRiffHeaderSize = 12;        // "RIFF", u32 size, "WAVE"
inline constexpr std::size_t kChunkHeaderSize = 8;        // id, u32 size
inline constexpr std::uint16_t kTagPcm = 1;
inline constexpr std::uint16_t kTagMsAdpcm = 2;
// Every retail sound is 22,050 Hz (docs/formats/sound.md intro); the checker warns about any other rate.
inline constexpr std::uint32_t kGameRate = 22050;
inline constexpr std::size_t kFmtBaseSize = 16;  // tag .. bits (WAVEFORMAT + wBitsPerSample)
inline constexpr std::size_t kAdpcmExtensionOffset = 18;  // after cbSize: samples per block, coefficient count
inline constexpr std::size_t kAdpcmBlockHeaderPerChannel = 7;  // predictor u8, delta i16, sample1 i16, sample2 i16

struct CoefficientPair {
  std::int16_t c1 = 0, c2 = 0;
  bool operator==(const CoefficientPair&) const = default;
};
// The 7 pairs every MS ADPCM file starts its table with (docs/formats/sound.md 3).
inline constexpr std::array<CoefficientPair, 7> kStandardCoefficients = {
    {{256, 0}, {512, -256}, {0, 0}, {192, 64}, {240, 0}, {460, -208}, {392, -232}}};

struct Chunk {
  std::uint32_t id = 0;      // the four bytes as a little-endian u32
  std::uint32_t size = 0;    // as stored (may claim more than the file holds)
  std::uint64_t offset = 0;  // of the chunk header in the file
  ByteView body;             // the bytes present (size, or fewer when the file ends first)
  ByteView pad;              // the pad byte after an odd-size body, when present
  std::string id_text() const;  // "fmt ", "data", escaped when not printable
};

// The fields of a fmt chunk (WAVEFORMATEX; MS ADPCM's ADPCMWAVEFORMAT extension).
struct Format {
  std::uint16_t tag = 0, channels = 0;
  std::uint32_t rate = 0, byte_rate = 0;
  std::uint16_t block_align = 0, bits = 0;
  std::optional<std::uint16_t> extension_size;  // cbSize, when the chunk has it
  // MS ADPCM only, when the chunk holds them.
  std::optional<std::uint16_t> samples_per_block;
  std::optional<std::uint16_t> coefficient_count;  // as stored
  std::vector<CoefficientPair> coefficients;        // the pairs present (at most coefficient_count)
};

struct Wave {
  std::uint32_t riff_size = 0;   // as stored
  std::vector<Chunk> chunks;     // in file order, the fmt and data chunks among them
  ByteView trailing;             // bytes after the RIFF's claimed end, or a piece too short for a chunk header
  std::optional<std::size_t> fmt_index, data_index;  // the first of each
  std::optional<Format> format;  // parsed from the first fmt chunk when it holds the 16 base bytes
  std::uint64_t file_size = 0;

  ByteView data() const;  // the first data chunk's body, or empty
};

// Errors: sound.empty (no bytes), sound.riff.header (not "RIFF" size "WAVE"). Everything else is read
// as it stands (chunks past the end clamped and kept) and left to check_wave.
Result<Wave> read_wave(ByteView bytes);
// The bytes read_wave read, exactly: header, chunks with their stored sizes and pad bytes, trailing.
ByteBuffer write_wave(const Wave& wave);

// Every rule of docs/formats/sound.md 4, with offsets; an empty payload is one note.
std::vector<Diagnostic> check_wave(ByteView bytes);
std::vector<Diagnostic> check_wave(const Wave& wave);

// "PCM", "MS ADPCM", "IMA ADPCM", ... or "tag 0xNNNN".
std::string tag_name(std::uint16_t tag);
// Sample frames in the data as the format decodes them (MS ADPCM: whole blocks and the partial last
// one; a `fact` chunk is not consulted), 0 when the format is not decodable.
std::uint64_t frame_count(const Wave& wave);

// 16-bit PCM, channels interleaved. Errors: sound.fmt.missing, sound.data.missing, sound.fmt.tag (a
// tag other than 1 and 2), sound.fmt.bits, sound.fmt.block_align, sound.adpcm.coefficients,
// sound.adpcm.predictor: whatever would make the decoder guess.
Result<std::vector<std::int16_t>> decode(const Wave& wave);
// Ends MS ADPCM samples at the fact chunk's frame count, when it has one and it is shorter: the encoder
// pads the last block (docs/formats/sound.md 5). PCM and a file without fact are left as they are.
void trim_to_fact(const Wave& wave, std::vector<std::int16_t>& samples);
// One MS ADPCM block (a partial last block decodes the frames it holds, at most `max_frames`)
// appended to `out`, interleaved. Errors: sound.data.blocks (fewer bytes than the channels' headers),
// sound.adpcm.predictor (a predictor index past `coefficients`).
Status decode_adpcm_block(ByteView block, std::uint16_t channels, const std::vector<CoefficientPair>& coefficients,
                          std::uint32_t max_frames, std::vector<std::int16_t>& out);

// A whole WAV file (RIFF, fmt 16 bytes, data) of PCM samples, 8 bits (stored as unsigned) or 16.
ByteBuffer make_pcm_wave(const std::vector<std::int16_t>& samples, std::uint16_t channels, std::uint32_t rate,
                         std::uint16_t bits = 16);
// A whole MS ADPCM WAV file (fmt of 50 bytes with the 7 standard pairs, fact with the frame count,
// data of whole blocks: the last one padded with its last frame). block_align 0 picks 512 per channel,
// as Windows' MSACM does at 22,050 Hz. Errors: sound.encode (no channels or more than 2, a block
// align that holds no samples, samples not a whole number of frames).
Result<ByteBuffer> make_adpcm_wave(const std::vector<std::int16_t>& samples, std::uint16_t channels,
                                   std::uint32_t rate, std::uint16_t block_align = 0);
// Samples per block of an MS ADPCM block of `block_align` bytes: 2 + (block_align - 7 c) * 2 / c.
std::uint32_t adpcm_samples_per_block(std::uint16_t block_align, std::uint16_t channels);

// The --json document of `parkan sound info` (docs/cli.md 5.14).
nlohmann::json wave_json(const Wave& wave);

}  // namespace parkan::sound
