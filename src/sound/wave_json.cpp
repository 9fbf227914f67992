// The --json document of `parkan sound info` (docs/cli.md 5.14).
#include <nlohmann/json.hpp>

#include "parkan/sound/wave.hpp"

namespace parkan::sound {

nlohmann::json wave_json(const Wave& wave) {
  nlohmann::json chunks = nlohmann::json::array();
  for (const Chunk& c : wave.chunks)
    chunks.push_back({{"id", c.id_text()}, {"offset", c.offset}, {"size", c.size}, {"pad", !c.pad.empty()}});
  nlohmann::json doc = {{"riff_size", wave.riff_size}, {"file_size", wave.file_size}, {"chunks", std::move(chunks)},
                        {"trailing_bytes", wave.trailing.size()}, {"data_bytes", wave.data().size()}};
  if (!wave.format) {
    doc["format"] = nullptr;
    return doc;
  }
  const Format& f = *wave.format;
  nlohmann::json format = {{"tag", f.tag},          {"tag_name", tag_name(f.tag)}, {"rate", f.rate},
                           {"channels", f.channels}, {"bits", f.bits},             {"block_align", f.block_align},
                           {"byte_rate", f.byte_rate}};
  if (f.tag == kTagMsAdpcm) {
    format["samples_per_block"] = f.samples_per_block ? nlohmann::json(*f.samples_per_block) : nlohmann::json(nullptr);
    nlohmann::json pairs = nlohmann::json::array();
    for (const CoefficientPair& p : f.coefficients) pairs.push_back({p.c1, p.c2});
    format["coefficients"] = std::move(pairs);
    bool standard = f.coefficients.size() >= kStandardCoefficients.size();
    for (std::size_t i = 0; standard && i < kStandardCoefficients.size(); ++i)
      standard = f.coefficients[i] == kStandardCoefficients[i];
    format["standard_coefficients"] = standard;
  }
  doc["format"] = std::move(format);
  const bool decodable = f.tag == kTagPcm || f.tag == kTagMsAdpcm;
  const std::uint64_t frames = frame_count(wave);
  doc["samples"] = decodable ? nlohmann::json(frames) : nlohmann::json(nullptr);
  doc["duration_seconds"] =
      decodable && f.rate != 0 ? nlohmann::json(static_cast<double>(frames) / f.rate) : nlohmann::json(nullptr);
  return doc;
}

}  // namespace parkan::sound
