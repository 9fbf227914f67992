#pragma once
// Which models a command argument names (anim and msh commands): ARCHIVE::NAME, every model of a
// library, or a file that is one model.
#include <string>
#include <vector>

#include "parkan/core/error.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/payload.hpp"

namespace parkan::cli {

// A model is an NRes stored as a MESH entry of a library (docs/formats/msh.md); an entry of another type whose
// payload is an NRes is taken as a model too. A MESH entry whose payload is broken is still a
// model: checking it says what is wrong with it.
bool is_model_entry(const resource::Payload& payload);
// An archive entry that is not a model, said before its bytes are parsed as one.
Status expect_model(const resource::Payload& payload);
// The entries of an archive that are models, in directory order.
std::vector<resource::Payload> model_entries(const resource::Archive& archive);
// One entry (ARCHIVE::NAME), every model of a library, or a file that is one model (anything else is
// checked as a model and says why not).
Result<std::vector<resource::Payload>> models_named(const std::string& argument);

}  // namespace parkan::cli
