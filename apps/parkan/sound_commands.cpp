// parkan sound info|check|export|import (docs/cli.md 5.14): the RIFF WAVE entries of sounds.lib and
// voices.lib. Glue only: the format lives in parkan/sound/wave.hpp, the archive edit in
// parkan/resource/archive.hpp (as `archive add` and `archive replace`).
#include <cstdio>
#include <filesystem>
#include <memory>

#include <fmt/format.h>

#include "cli.hpp"
#include "parkan/core/file.hpp"
#include "parkan/core/text.hpp"
#include "parkan/core/utf8_path.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/kind.hpp"
#include "parkan/resource/payload.hpp"
#include "parkan/resource/resolve.hpp"
#include "parkan/sound/codes.hpp"
#include "parkan/sound/wave.hpp"

namespace parkan::cli {

namespace {

namespace fs = std::filesystem;

const resource::Kind& sound_kind() { return *resource::find_kind("sound"); }

void sound_print_info(const resource::Payload& payload, const sound::Wave& wave) {
  fmt::print("{}: RIFF WAVE, {} bytes, {}\n", escape_control(payload.display_name()), wave.file_size,
             count_of(wave.chunks.size(), "chunk"));
  if (wave.format) {
    const sound::Format& f = *wave.format;
    fmt::print("  format     {} (tag {}), {} Hz, {} channel{}, {} bits, block align {}, byte rate {}\n",
               sound::tag_name(f.tag), f.tag, f.rate, f.channels, f.channels == 1 ? "" : "s", f.bits, f.block_align,
               f.byte_rate);
    if (f.tag == sound::kTagMsAdpcm)
      fmt::print("  adpcm      {} samples per block, {} coefficient pairs\n", f.samples_per_block.value_or(0),
                 f.coefficients.size());
    if (f.tag == sound::kTagPcm || f.tag == sound::kTagMsAdpcm) {
      const std::uint64_t frames = sound::frame_count(wave);
      fmt::print("  samples    {} ({:.3f} s)\n", frames, f.rate ? static_cast<double>(frames) / f.rate : 0.0);
    }
  } else {
    fmt::print("  format     none (no fmt chunk of 16 bytes)\n");
  }
  for (const sound::Chunk& c : wave.chunks)
    fmt::print("  chunk      \"{}\" at {}, {} bytes{}\n", c.id_text(), c.offset, c.size, c.pad.empty() ? "" : " + pad");
  if (!wave.trailing.empty()) fmt::print("  trailing   {} bytes\n", wave.trailing.size());
}

bool ends_with_wav(std::string_view name) {
  return name.size() >= 4 && fold_lower_text(name.substr(name.size() - 4)) == ".wav";
}

// The file of an exported entry: its name made portable, ".wav" added unless it ends so.
std::string sound_file_name(const resource::Payload& payload) {
  std::string name = portable_file_name(payload.entry_name().empty() ? path_to_utf8(path_from_utf8(payload.file()).filename())
                                                                     : payload.entry_name());
  return ends_with_wav(name) ? name : name + ".wav";
}

// The sound decoded, ended at a fact chunk's frame count inside MS ADPCM's padded last block
// (docs/formats/sound.md 5).
Result<std::vector<std::int16_t>> sound_decoded_samples(const sound::Wave& wave) {
  PARKAN_ASSIGN(std::vector<std::int16_t> samples, sound::decode(wave));
  sound::trim_to_fact(wave, samples);
  return samples;
}

// The bytes to write for one sound: as stored, or decoded to 16-bit PCM.
Result<ByteBuffer> sound_exported_bytes(const resource::Payload& payload, bool pcm) {
  if (!pcm) return ByteBuffer(payload.bytes().begin(), payload.bytes().end());
  PARKAN_ASSIGN(sound::Wave wave, payload.parse(sound::read_wave));
  PARKAN_ASSIGN(std::vector<std::int16_t> samples, payload.parse([&](ByteView) { return sound_decoded_samples(wave); }));
  return sound::make_pcm_wave(samples, wave.format->channels, wave.format->rate);
}

Result<int> sound_run_export(const std::string& src, const std::string& out, bool pcm) {
  PARKAN_ASSIGN(std::vector<resource::ResolvedSource> sources, resource::resolve_source(src, &sound_kind()));
  const bool single = sources.size() == 1 && !sources[0].whole_archive && sources[0].payloads.size() == 1;
  if (single) {
    const resource::Payload& payload = sources[0].payloads[0];
    PARKAN_TRY(resource::expect_kind(payload, sound_kind()));
    if (payload.bytes().empty())
      return payload.locate(invalid_rule(sound::codes::kEmpty, "an empty entry: no sound to export"));
    PARKAN_ASSIGN(ByteBuffer bytes, sound_exported_bytes(payload, pcm));
    PARKAN_TRY(write_file_atomic(path_from_utf8(out), bytes));
    return 0;
  }
  const fs::path dir = path_from_utf8(out);
  PARKAN_TRY(make_folder(dir));
  std::size_t written = 0, skipped = 0;
  for (const resource::ResolvedSource& s : sources) {
    for (const resource::Payload& payload : s.payloads) {
      if (resource::kind_of(payload).key != "sound") continue;
      if (payload.bytes().empty()) {
        fmt::print("{}: empty, skipped\n", escape_control(payload.display_name()));
        ++skipped;
        continue;
      }
      PARKAN_ASSIGN(ByteBuffer bytes, sound_exported_bytes(payload, pcm));
      PARKAN_TRY(write_file_atomic(dir / path_from_utf8(sound_file_name(payload)), bytes));
      ++written;
    }
  }
  fmt::print("{} written to {}, {} skipped (empty)\n", count_of(written, "sound"), out, skipped);
  return 0;
}

// ---- import ---------------------------------------------------------------------------------------

enum class SoundStoredForm { as_given, adpcm, pcm };

struct SoundImportInput {
  std::string wav, target, out;
  bool convert = false, adpcm = false, pcm = false, force = false;
};

// A refusal naming the rule, its code in brackets as a check prints it:
// "IN.wav: 44100 Hz: the game plays 22050 Hz (parkan does not resample) [sound.fmt.rate]".
Error sound_refuse(const std::string& file, const char* code, std::string message) {
  return invalid_rule(code, fmt::format("{} [{}]", message, code)).in_file(file);
}

// 16-bit samples of PCM the game does not play (24 or 32 bits): their top 16 bits, for --convert.
std::vector<std::int16_t> wide_pcm_to_16(const sound::Wave& wave) {
  const sound::Format& f = *wave.format;
  const std::size_t step = f.bits / 8;
  const ByteView data = wave.data();
  std::vector<std::int16_t> out;
  const std::size_t n = data.size() / f.block_align * f.channels;
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i) out.push_back(load_i16(data.data() + i * step + step - 2));
  return out;
}

// The WAV as the entry will hold it (docs/cli.md 5.14): the game plays 22,050 Hz, mono or stereo, PCM 8/16
// or MS ADPCM. Other rates and channel counts are refused; wider PCM only converted when asked.
Result<ByteBuffer> sound_import_payload(const SoundImportInput& in, ByteView bytes) {
  PARKAN_ASSIGN(sound::Wave wave, sound::read_wave(bytes));
  for (const Diagnostic& d : sound::check_wave(wave)) {
    const bool fixable = d.code == sound::codes::kBits && in.convert;
    if (d.severity == Severity::error && !fixable) return sound_refuse(in.wav, d.code.c_str(), d.message);
  }
  const sound::Format& f = *wave.format;
  if (f.rate != sound::kGameRate)
    return sound_refuse(in.wav, sound::codes::kRate,
                  fmt::format("{} Hz: the game plays {} Hz (parkan does not resample)", f.rate, sound::kGameRate));
  if (f.channels != 1 && f.channels != 2)
    return sound_refuse(in.wav, sound::codes::kChannels, fmt::format("{} channels: the game plays mono and stereo", f.channels));
  const bool wide_pcm = f.tag == sound::kTagPcm && (f.bits == 24 || f.bits == 32) && f.block_align == f.channels * f.bits / 8;
  const bool playable = (f.tag == sound::kTagPcm && (f.bits == 8 || f.bits == 16)) || f.tag == sound::kTagMsAdpcm;
  if (!playable && !(wide_pcm && in.convert)) {
    if (wide_pcm)
      return sound_refuse(in.wav, sound::codes::kBits,
                    fmt::format("PCM of {} bits: the game plays 8 and 16 (--convert stores it as MS ADPCM)", f.bits));
    return sound_refuse(in.wav, sound::codes::kFormatTag,
                  fmt::format("{}: the game plays PCM of 8 or 16 bits and MS ADPCM", sound::tag_name(f.tag)));
  }
  SoundStoredForm form = in.pcm ? SoundStoredForm::pcm : (in.adpcm || in.convert) ? SoundStoredForm::adpcm : SoundStoredForm::as_given;
  if (form == SoundStoredForm::adpcm && f.tag == sound::kTagMsAdpcm) form = SoundStoredForm::as_given;
  if (form == SoundStoredForm::pcm && f.tag == sound::kTagPcm && f.bits == 16) form = SoundStoredForm::as_given;
  if (form == SoundStoredForm::as_given && !wide_pcm) return ByteBuffer(bytes.begin(), bytes.end());
  std::vector<std::int16_t> samples;
  if (wide_pcm) {
    samples = wide_pcm_to_16(wave);
  } else {
    PARKAN_ASSIGN(samples, sound_decoded_samples(wave));
  }
  if (form == SoundStoredForm::pcm) return sound::make_pcm_wave(samples, f.channels, f.rate);
  return sound::make_adpcm_wave(samples, f.channels, f.rate);
}

Result<int> sound_run_import(const SoundImportInput& in) {
  if (in.adpcm && in.pcm) return usage_error("--adpcm and --pcm: choose one stored form");
  const std::size_t sep = in.target.find("::");
  if (sep == std::string::npos || sep == 0 || sep + 2 == in.target.size())
    return usage_error(fmt::format("{}: the target is ARCHIVE::NAME (sounds.lib::gun_shot.wav)", in.target));
  const std::string archive_path = in.target.substr(0, sep), name = in.target.substr(sep + 2);
  PARKAN_ASSIGN(ByteBuffer bytes, read_file(path_from_utf8(in.wav)));
  PARKAN_ASSIGN(ByteBuffer payload, sound_import_payload(in, bytes));
  PARKAN_ASSIGN(std::shared_ptr<resource::Archive> archive, resource::open_archive(path_from_utf8(archive_path), resource::Profile::strict));
  if (archive->format() != resource::ArchiveFormat::nres)
    return invalid(fmt::format("{}: an RsLi library; the game's sounds are in NRes archives", archive_path));

  // The payload as made here (converted, or the input unchanged); the input's path names it in messages.
  resource::PayloadEdit edit;
  edit.payload_path = in.wav;
  edit.payload_bytes = payload;
  edit.force = in.force;
  resource::ArchiveWriter writer;
  if (std::optional<std::size_t> index = archive->find(name)) {
    PARKAN_ASSIGN(writer, std::move(*archive).replace(*index, edit));
  } else {
    edit.type = "SWAV";
    PARKAN_ASSIGN(writer, std::move(*archive).add(name, edit));
  }
  PARKAN_ASSIGN(AtomicFile file, AtomicFile::create(path_from_utf8(in.out), {path_from_utf8(archive_path), path_from_utf8(in.wav)}));
  PARKAN_TRY(writer([&](ByteView chunk) { return file.write(chunk); }));
  PARKAN_TRY(file.commit());
  fmt::print("{}::{}: {} bytes written to {}\n", archive_path, name, payload.size(), in.out);
  return 0;
}

}  // namespace

void add_sound_commands(CLI::App& app) {
  CLI::App* group = app.add_subcommand("sound", "sounds (sounds.lib, voices.lib): RIFF WAVE, PCM and MS ADPCM");
  group->require_subcommand(1);
  {
    auto src = std::make_shared<std::string>();
    auto as_json = std::make_shared<bool>(false);
    CLI::App* cmd = add_command(*group, "info", "the format, sample count, duration and chunks of one sound",
                                [=]() -> Result<int> {
                                  PARKAN_ASSIGN(resource::Payload payload, resource::open_payload(*src));
                                  PARKAN_TRY(resource::expect_kind(payload, sound_kind()));
                                  PARKAN_ASSIGN(sound::Wave wave, payload.parse(sound::read_wave));
                                  if (*as_json)
                                    print_json(sound::wave_json(wave));
                                  else
                                    sound_print_info(payload, wave);
                                  return 0;
                                });
    cmd->add_option("SRC", *src, "a .wav file, or ARCHIVE::NAME (sounds.lib::gun_shot.wav)")->required();
    cmd->add_flag("--json", *as_json, "one JSON document");
  }
  {
    auto srcs = std::make_shared<std::vector<std::string>>();
    auto as_json = std::make_shared<bool>(false);
    CLI::App* cmd = add_command(
        *group, "check",
        "every rule of docs/formats/sound.md 4 on each SRC: the RIFF and chunk sizes, fmt and data, block layout, "
        "the game's rate. Findings on stderr, a line per SRC and a total on stdout; exit 1 on errors",
        [=]() -> Result<int> { return run_payload_check(*srcs, sound_kind(), {}, *as_json); });
    cmd->add_option("SRC", *srcs, ".wav files, ARCHIVE::NAME, whole archives (sounds.lib), folders or patterns")
        ->required();
    cmd->add_flag("--json", *as_json, "one JSON document: the findings, and per SRC its counts");
  }
  {
    auto src = std::make_shared<std::string>();
    auto out = std::make_shared<std::string>();
    auto pcm = std::make_shared<bool>(false);
    CLI::App* cmd = add_command(
        *group, "export",
        "one sound to OUT (a .wav) as stored, or decoded to 16-bit PCM with --pcm; an archive or a selection to "
        "the folder OUT, one <name>.wav per entry (empty entries skipped and reported)",
        [=]() -> Result<int> { return sound_run_export(*src, *out, *pcm); });
    cmd->add_option("SRC", *src, "ARCHIVE::NAME, an archive (sounds.lib), ARCHIVE::pattern or a .wav file")->required();
    cmd->add_option("OUT", *out, "the .wav file (one sound) or the folder (several)")->required();
    cmd->add_flag("--pcm", *pcm, "decode to 16-bit PCM (MS ADPCM decoded by parkan)");
  }
  {
    auto in = std::make_shared<SoundImportInput>();
    CLI::App* cmd = add_command(
        *group, "import",
        "a WAV into ARCHIVE as NAME (replaced, or added with type SWAV), written to OUT: it must be what the game "
        "plays (22,050 Hz, mono or stereo, PCM 8/16 or MS ADPCM); --convert stores it as MS ADPCM",
        [=]() -> Result<int> { return sound_run_import(*in); });
    cmd->add_option("IN", in->wav, "the .wav file")->required();
    cmd->add_option("ARCHIVE::NAME", in->target, "the archive and the entry (sounds.lib::gun_shot.wav)")->required();
    cmd->add_option("OUT", in->out, "the new archive (never the input)")->required();
    cmd->add_flag("--convert", in->convert, "store as MS ADPCM (16-bit, or 24/32-bit PCM, encoded by parkan)");
    cmd->add_flag("--adpcm", in->adpcm, "store as MS ADPCM (as --convert)");
    cmd->add_flag("--pcm", in->pcm, "store as 16-bit PCM (MS ADPCM decoded by parkan)");
    cmd->add_flag("--force", in->force, "write the entry even when the archive's checks refuse it");
  }
}

}  // namespace parkan::cli
