#include "model_sources.hpp"

#include "parkan/resource/kind.hpp"
#include "parkan/resource/reference.hpp"
#include "parkan/core/utf8_path.hpp"

namespace parkan::cli {

bool is_model_entry(const resource::Payload& payload) {
  return payload.location().type_id == resource::kTypeMesh || resource::looks_like_archive(payload.bytes());
}

Status expect_model(const resource::Payload& payload) {
  if (!payload.is_entry() || is_model_entry(payload)) return {};
  return resource::expect_kind(payload, *resource::find_kind("msh"));
}

std::vector<resource::Payload> model_entries(const resource::Archive& archive) {
  std::vector<resource::Payload> models;
  for (std::size_t i = 0; i < archive.entry_count(); ++i)
    if (auto payload = archive.payload(i); payload && is_model_entry(*payload)) models.push_back(*std::move(payload));
  return models;
}

Result<std::vector<resource::Payload>> models_named(const std::string& argument) {
  const resource::Reference ref = resource::parse_reference(argument);
  if (ref.is_entry()) {
    PARKAN_ASSIGN(resource::Payload payload, resource::open_payload(argument));
    return std::vector<resource::Payload>{std::move(payload)};
  }
  auto archive = resource::open_archive(path_from_utf8(ref.path));
  if (!archive) {
    if (archive.error().code == ErrorCode::io) return std::move(archive).error();
    PARKAN_ASSIGN(resource::Payload file, resource::open_file_payload(path_from_utf8(ref.path)));
    return std::vector<resource::Payload>{std::move(file)};
  }
  std::vector<resource::Payload> models = model_entries(**archive);
  if (models.empty())  // the file itself is the model
    models.emplace_back(*archive, (*archive)->bytes(), resource::PayloadLocation{ref.path, {}, {}, 0, 0, 0, 0});
  return models;
}

}  // namespace parkan::cli
