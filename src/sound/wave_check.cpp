// The checker of RIFF WAVE sounds: one rule per code (docs/formats/sound.md 4, include/parkan/sound/codes.hpp).
#include <fmt/format.h>

#include "parkan/sound/codes.hpp"
#include "parkan/sound/wave.hpp"

namespace parkan::sound {

namespace {

// The format's own rules (fmt fields, block layout): findings at the fmt chunk's body.
void wave_check_format(const Wave& w, std::vector<Diagnostic>& out) {
  const Chunk& fc = w.chunks[*w.fmt_index];
  const std::uint64_t at = fc.offset + kChunkHeaderSize;
  if (!w.format) {
    add_diagnostic(out, Severity::error, codes::kFmtSize, fc.offset,
                   fmt::format("the fmt chunk holds {} bytes: fewer than the 16 of tag, channels, rate, byte rate, "
                               "block align and bits",
                               fc.body.size()));
    return;
  }
  const Format& f = *w.format;
  if (f.rate != kGameRate)
    add_diagnostic(out, Severity::warning, codes::kRate, at + 4,
                   fmt::format("{} Hz: the game's sounds are all {} Hz", f.rate, kGameRate));
  if (f.channels == 0) {
    add_diagnostic(out, Severity::error, codes::kChannels, at + 2, "0 channels");
    return;
  }
  if (f.channels > 2)
    add_diagnostic(out, Severity::warning, codes::kChannels, at + 2,
                   fmt::format("{} channels: the game plays mono and stereo", f.channels));
  if (f.tag == kTagPcm) {
    if (f.bits != 8 && f.bits != 16) {
      add_diagnostic(out, Severity::error, codes::kBits, at + 14,
                     fmt::format("PCM of {} bits: the game plays 8 and 16", f.bits));
      return;
    }
    const std::uint32_t want = f.channels * f.bits / 8;
    if (f.block_align != want) {
      add_diagnostic(out, Severity::error, codes::kBlockAlign, at + 12,
                     fmt::format("block align {}: {} channels of {} bits take {} bytes a frame", f.block_align,
                                 f.channels, f.bits, want));
      return;
    }
    if (f.byte_rate != std::uint64_t{f.rate} * f.block_align)
      add_diagnostic(out, Severity::warning, codes::kByteRate, at + 8,
                     fmt::format("byte rate {}: {} Hz x {} bytes a frame is {}", f.byte_rate, f.rate, f.block_align,
                                 std::uint64_t{f.rate} * f.block_align));
  } else if (f.tag == kTagMsAdpcm) {
    if (f.bits != 4) {
      add_diagnostic(out, Severity::error, codes::kBits, at + 14, fmt::format("MS ADPCM of {} bits (4)", f.bits));
      return;
    }
    const std::size_t need = f.coefficient_count ? kAdpcmExtensionOffset + 4 + 4 * std::size_t{*f.coefficient_count}
                                                 : kAdpcmExtensionOffset + 4;
    if (fc.body.size() < need) {
      add_diagnostic(out, Severity::error, codes::kFmtSize, fc.offset,
                     fmt::format("an MS ADPCM fmt chunk of {} bytes: its extension needs {}", fc.body.size(), need));
      return;
    }
    if (f.coefficients.empty()) {
      add_diagnostic(out, Severity::error, codes::kCoefficients, at + kAdpcmExtensionOffset + 2,
                     "an MS ADPCM table of 0 coefficient pairs");
      return;
    }
    const std::uint32_t spb = adpcm_samples_per_block(f.block_align, f.channels);
    if (f.channels > 2 || spb == 0 || *f.samples_per_block != spb) {
      add_diagnostic(out, Severity::error, codes::kBlockAlign, at + 12,
                     fmt::format("block align {} for {} channel{} holds {} samples a block; the fmt says {}",
                                 f.block_align, f.channels, f.channels == 1 ? "" : "s", spb, *f.samples_per_block));
      return;
    }
    const std::uint64_t byte_rate = std::uint64_t{f.rate} * f.block_align / spb;
    if (f.byte_rate != byte_rate)
      add_diagnostic(out, Severity::warning, codes::kByteRate, at + 8,
                     fmt::format("byte rate {}: {} Hz in blocks of {} bytes for {} samples is {}", f.byte_rate, f.rate,
                                 f.block_align, spb, byte_rate));
  } else {
    add_diagnostic(out, Severity::warning, codes::kFormatTag, at,
                   fmt::format("{} (0x{:04X}): read and kept, not decoded; the game's sounds are PCM and MS ADPCM",
                               tag_name(f.tag), f.tag));
    return;
  }
  if (!w.data_index) return;
  const Chunk& dc = w.chunks[*w.data_index];
  const std::uint64_t data_at = dc.offset + kChunkHeaderSize;
  if (dc.body.size() % f.block_align != 0)
    add_diagnostic(out, Severity::warning, codes::kDataBlocks, dc.offset,
                   fmt::format("{} bytes of data: not a whole number of {}-byte blocks", dc.body.size(), f.block_align));
  if (f.tag == kTagMsAdpcm) {
    for (std::size_t b = 0; b + f.channels <= dc.body.size(); b += f.block_align)
      for (std::uint16_t c = 0; c < f.channels; ++c)
        if (dc.body[b + c] >= f.coefficients.size()) {
          add_diagnostic(out, Severity::error, codes::kPredictor, data_at + b + c,
                         fmt::format("block {} channel {}: predictor {} of a table of {} pairs", b / f.block_align, c,
                                     dc.body[b + c], f.coefficients.size()));
          return;  // one is enough: the sound cannot be decoded
        }
  }
}

}  // namespace

std::vector<Diagnostic> check_wave(const Wave& w) {
  std::vector<Diagnostic> out;
  if (std::uint64_t{w.riff_size} + 8 != w.file_size)
    add_diagnostic(out, Severity::error, codes::kRiffSize, 4,
                   fmt::format("RIFF size {} + 8 is not the file's {} bytes", w.riff_size, w.file_size));
  for (std::size_t i = 0; i < w.chunks.size(); ++i) {
    const Chunk& c = w.chunks[i];
    if (c.body.size() < c.size)
      add_diagnostic(out, Severity::error, codes::kChunkSize, c.offset + 4,
                     fmt::format("chunk \"{}\" of {} bytes: the file holds {}", c.id_text(), c.size, c.body.size()));
    if (c.id == kFmtId && i != *w.fmt_index)
      add_diagnostic(out, Severity::error, codes::kFmtDuplicate, c.offset, "a second fmt chunk");
    if (c.id == kDataId && i != *w.data_index)
      add_diagnostic(out, Severity::error, codes::kDataDuplicate, c.offset, "a second data chunk");
  }
  if (!w.fmt_index) add_diagnostic(out, Severity::error, codes::kFmtMissing, kRiffHeaderSize, "no fmt chunk");
  if (!w.data_index) add_diagnostic(out, Severity::error, codes::kDataMissing, kRiffHeaderSize, "no data chunk");
  if (w.fmt_index) wave_check_format(w, out);
  return out;
}

std::vector<Diagnostic> check_wave(ByteView bytes) {
  Result<Wave> wave = read_wave(bytes);
  if (!wave) {
    Diagnostic d = to_diagnostic(wave.error(), codes::kRiffHeader);
    if (d.code == codes::kEmpty) d.severity = Severity::note;  // retail ships one (ALIEN_ME.WAV, docs/formats/sound.md intro)
    return {d};
  }
  return check_wave(*wave);
}

}  // namespace parkan::sound
