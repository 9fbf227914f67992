// Phase to the engine's runtime record (docs/formats/mat0.md 4.3).
#include "parkan/material/phase_record.hpp"

namespace parkan::material {

PhaseRecord to_record(const Phase& phase, std::int32_t texture_slot) {
  PhaseRecord r;
  for (std::size_t i = 0; i < 16; ++i)
    r.f[kParamToFloat[i]] = (i == 3) ? param_percent(phase.params[i]) : param_unit(phase.params[i]);
  r.u16 = phase.params[16];
  // p17 is a signed page index (docs/formats/mat0.md), widened to int32 (docs/formats/mat0.md 4.3).
  r.i18 = static_cast<std::int8_t>(phase.params[17]);
  if (phase.has_texture()) {
    r.texture_slot = texture_slot;
  } else {
    r.texture_slot = -1;
    r.i18 = -1;
  }
  return r;
}

std::vector<PhaseRecord> to_records(const Mat0& mat) {
  std::vector<PhaseRecord> out;
  out.reserve(mat.phases.size());
  for (const Phase& p : mat.phases) out.push_back(to_record(p));
  return out;
}

}  // namespace parkan::material
