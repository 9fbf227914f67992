// A sky's chain (the world specification 10.5; docs/formats/sky.md 2): a version-3 rain start names its background
// sound (sounds.lib) or an effect (effects.rlb), a lightning start its effect (effects.rlb). sky.wea's
// rows -> Material.lib are a WEAR text's references (validate_references.cpp). Looked up by
// check_named_references (validate_effects.cpp).
#include <fmt/format.h>

#include "parkan/sky/sky.hpp"
#include "parkan/validate/codes.hpp"
#include "validate/validate_internal.hpp"

namespace parkan::validate::detail {

void note_sky_uses(const resource::Kind& k, ByteView bytes, CheckedResource& out) {
  if (k.key != "sky") return;
  auto s = sky::read_sky(bytes);
  if (!s) return;
  for (std::size_t i = 0; i < s->sections.size(); ++i)
    for (std::size_t f = 0; f < s->sections[i].keyframes.size(); ++f) {
      const sky::Keyframe& frame = s->sections[i].keyframes[f];
      const bool rain = frame.opcode == static_cast<std::uint32_t>(sky::Opcode::rain_start);
      const bool lightning = frame.opcode == static_cast<std::uint32_t>(sky::Opcode::lightning_start);
      if ((!rain && !lightning) || frame.version != 3) continue;
      const std::string what = fmt::format("section {} keyframe {} ({})", i, f, sky::opcode_name(frame.opcode));
      if (frame.effects.empty()) {
        out.findings.push_back({codes::kSkyEffectNone, Severity::warning, {out.file, out.entry, frame.offset},
                                what + ": names no effect"});
        continue;
      }
      std::vector<std::string> archives = {"effects.rlb"};
      if (rain) archives.push_back("sounds.lib");
      for (const std::string& e : frame.effects)
        out.facts.named_refs.push_back({codes::kSkyEffectMissing, archives, e, frame.offset, what + "'s effect"});
    }
}

}  // namespace parkan::validate::detail
