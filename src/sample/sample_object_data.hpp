#pragma once
// The per-object data of a sample model (docs/formats/objdata.md 1, 2): its `.ndp`, one damage record
// per node, and its `.cpt`, a few control points on its nodes.
#include <string_view>

#include "parkan/core/bytes.hpp"
#include "sample/sample_model_builder.hpp"

namespace parkan::sample {

struct SampleObjectData {
  ByteBuffer ndp, cpt;
};

// For a model of `family` ("building", "vehicle", "robot", "turret"); the .ndp records name the
// explosions of sample_shared_names.hpp in weapon.rlb.
SampleObjectData sample_object_data(const SampleModel& model, std::string_view family);

}  // namespace parkan::sample
