// glTF world export: the models the world places (gltf_world_internal.hpp). A prototype key goes
// through objects.rlb to its first existing .msh (docs/formats/objects.md), the model is read, refused
// as the model export refuses it, and built once into glTF meshes with its materials through its
// `<stem>.wea`; a .dat path is a file under the game folder (docs/formats/unit.md).
#include <algorithm>

#include <fmt/format.h>

#include "export/gltf_world_internal.hpp"
#include "parkan/core/text.hpp"
#include "parkan/export/codes.hpp"
#include "parkan/msh/anim.hpp"
#include "parkan/objects/objects.hpp"

namespace parkan::gltf::detail {

namespace {

// A path as a mission stores it ('\\' separated) as the game folder looks it up.
std::string game_relative(std::string_view stored) {
  std::string path(mission::stored_text(stored));
  std::replace(path.begin(), path.end(), '\\', '/');
  return path;
}

}  // namespace

const ModelTemplate* ModelLibrary::prototype(std::string_view key, std::string_view context) {
  const std::string folded = fold_lower_text(key);
  if (auto found = by_key_.find(folded); found != by_key_.end()) return found->second;
  const ModelTemplate* result = nullptr;
  if (!registry_tried_) {
    registry_tried_ = true;
    if (doc_.game) {
      auto archive = doc_.game->archive(objects::kObjectsArchive);
      if (archive) registry_ = *archive;
    }
  }
  if (!registry_) {
    doc_.warn(codes::kMissionKey, fmt::format("{}: no {} in the game folder: \"{}\" is not drawn", context,
                                              objects::kObjectsArchive, cp1251_to_utf8(key)));
  } else {
    objects::ObjectRegistry registry;
    registry.prototype = [this](std::string_view name) -> std::optional<std::vector<objects::ObjectRef>> {
      auto index = registry_->find(name);
      if (!index) return std::nullopt;
      auto payload = registry_->payload(*index);
      if (!payload) return std::nullopt;
      auto refs = objects::read_object_refs(payload->bytes());
      if (!refs) return std::nullopt;
      return std::move(*refs);
    };
    registry.exists = [this](std::string_view archive, std::string_view resource) {
      auto library = doc_.game->archive(archive);
      return library && (*library)->find(resource).has_value();
    };
    objects::ObjectResolution resolution = objects::resolve_object(registry, key);
    if (!resolution.model)
      doc_.warn(codes::kMissionKey, fmt::format("{}: \"{}\" is no prototype of {} with a model: not drawn", context,
                                                cp1251_to_utf8(key), objects::kObjectsArchive));
    else
      result = model(resolution.model->archive, resolution.model->resource, context);
  }
  by_key_.emplace(folded, result);
  return result;
}

const ModelTemplate* ModelLibrary::model(const std::string& archive_name, const std::string& entry,
                                         std::string_view context) {
  const std::string folded = fold_lower_text(archive_name) + "::" + fold_lower_text(entry);
  if (auto found = by_model_.find(folded); found != by_model_.end()) return found->second.get();
  std::unique_ptr<ModelTemplate>& slot = by_model_[folded];
  const std::string display = cp1251_to_utf8(archive_name) + "::" + cp1251_to_utf8(entry);
  auto refuse = [&](const Error& error) {
    doc_.warn(codes::kMissionModel, fmt::format("{}: model {} is not drawn: {}", context, display, error.to_string()));
    return nullptr;
  };
  auto library = doc_.game->archive(archive_name);
  if (!library) return refuse(library.error());
  auto index = (*library)->find(entry);
  if (!index) return refuse(invalid_rule(codes::kMissionModel, "no such entry"));
  auto payload = (*library)->payload(*index);
  if (!payload) return refuse(payload.error());
  auto read = msh::read_model(payload->bytes());
  if (!read) return refuse(read.error());
  if (auto status = refuse_broken(*read); !status) return refuse(status.error());
  auto anim = msh::read_anim_streams(payload->bytes());
  if (!anim) return refuse(anim.error());
  if (auto hierarchy = msh::read_hierarchy(*anim); !hierarchy) return refuse(hierarchy.error());

  Source source;
  source.model = payload->bytes();
  source.entry_name = entry;
  source.display_name = display;
  source.library = *library;
  source.game = doc_.game;
  MaterialChain chain(source, doc_.warnings, &doc_.named);
  Options still = doc_.options;  // the world's models: intact, most detailed, outside view
  still.state = 0;
  still.lod = 0;
  still.cockpit = false;
  SceneInput input{*read, *anim, still, doc_.container, display};
  auto built = build_model_template(input, chain, doc_.materials, doc_.model, doc_.buffer);
  if (!built) return refuse(built.error());
  slot = std::make_unique<ModelTemplate>(std::move(*built));
  return slot.get();
}

const unit::Assembly* ModelLibrary::assembly(std::string_view path, std::string_view context) {
  const std::string relative = game_relative(path);
  const std::string folded = fold_lower_text(relative);
  if (auto found = assemblies_.find(folded); found != assemblies_.end())
    return found->second ? &found->second->second : nullptr;
  auto& slot = assemblies_[folded];
  auto payload = doc_.game ? doc_.game->get(relative) : Result<resource::Payload>(invalid_rule(codes::kMissionUnit, "no game folder"));
  if (!payload) {
    doc_.warn(codes::kMissionUnit, fmt::format("{}: {} is not in the game: not drawn", context, cp1251_to_utf8(relative)));
    return nullptr;
  }
  auto read = unit::read_assembly(payload->bytes());
  if (!read) {
    doc_.warn(codes::kMissionUnit, fmt::format("{}: {} does not read ({}): not drawn", context, cp1251_to_utf8(relative),
                                               read.error().to_string()));
    return nullptr;
  }
  slot.emplace(std::move(*payload), std::move(*read));
  return &slot->second;
}

std::size_t ModelLibrary::distinct_models() const {
  return std::size_t(std::count_if(by_model_.begin(), by_model_.end(), [](const auto& m) { return m.second != nullptr; }));
}

}  // namespace parkan::gltf::detail
