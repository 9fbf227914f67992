// glTF export of one model (gltf.hpp): refuse what cannot be exported, then the scene, the animation
// and the document.
#include <cmath>

#include <fmt/format.h>

#include "export/gltf_internal.hpp"
#include "parkan/core/text.hpp"
#include "parkan/export/codes.hpp"

namespace parkan::gltf {

namespace {

Status check_options(const Options& options) {
  if (options.state >= msh::kDamageStageCount)
    return invalid_rule(codes::kOptionsState, fmt::format("--state must be 0..{}, not {}", msh::kDamageStageCount - 1,
                                                          options.state));
  if (options.lod >= msh::kLodLevelCount)
    return invalid_rule(codes::kOptionsLod,
                        fmt::format("--lod must be 0..{}, not {} (level {} is the cockpit view: --cockpit)",
                                    msh::kLodLevelCount - 1, options.lod, msh::kCockpitLevel));
  if (!(options.fps > 0.0f) || !std::isfinite(options.fps))
    return invalid_rule(codes::kOptionsFps, fmt::format("--fps must be a positive number, not {}", options.fps));
  return {};
}

std::string stem_of(std::string_view entry_name) {
  std::string name = cp1251_to_utf8(entry_name);
  std::size_t slash = name.find_last_of("/\\");
  if (slash != std::string::npos) name.erase(0, slash + 1);
  std::size_t dot = name.rfind('.');
  if (dot != std::string::npos && dot > 0) name.erase(dot);
  return name.empty() ? "model" : name;
}

}  // namespace

namespace detail {

// The first error of check_model, as the one error of the export.
Status refuse_broken(const msh::Model& model) {
  for (const Diagnostic& d : msh::check_model(model))
    if (d.severity == Severity::error) {
      Error error = invalid_rule(d.code, d.message, d.location.offset);
      return error;
    }
  if (model.kind != msh::ModelKind::model)
    return invalid_rule(codes::kModelKind, "a terrain model (Land.msh) is not exported");
  if (model.node_layout != msh::NodeLayout::node38)
    return invalid_rule(codes::kModelKind, "a model with the 24-byte node table is not exported");
  return {};
}

}  // namespace detail

Result<Exported> export_model(const Source& source, const Options& options, Container container) {
  auto located = [&](Error error) { return std::move(error).in_file(source.display_name); };
  if (auto status = check_options(options); !status) return std::move(status).error();
  auto model = msh::read_model(source.model);
  if (!model) return located(std::move(model).error());
  if (auto status = detail::refuse_broken(*model); !status) return located(std::move(status).error());
  auto anim = msh::read_anim_streams(source.model);
  if (!anim) return located(std::move(anim).error());
  if (auto hierarchy = msh::read_hierarchy(*anim); !hierarchy) return located(std::move(hierarchy).error());

  Exported exported;
  tinygltf::Model document;
  document.asset.version = "2.0";
  document.asset.generator = "parkan export gltf";
  detail::BufferBuilder buffer(document);
  detail::MaterialChain chain(source, exported.warnings);
  detail::SceneInput input{*model, *anim, options, container, stem_of(source.entry_name)};
  auto scene = detail::build_scene(input, chain, document, buffer);
  if (!scene) return located(std::move(scene).error());
  if (options.animation) {
    auto animated = detail::build_animation(*anim, scene->gltf_node, options, document, buffer);
    if (!animated) return located(std::move(animated).error());
    exported.animated_nodes = *animated;
    if (*animated) exported.frames = anim->frame_count;
  }
  if (document.buffers[0].data.empty()) document.buffers.clear();  // a model without geometry or animation
  auto bytes = detail::serialize(document, container);
  if (!bytes) return located(std::move(bytes).error());
  exported.document = std::move(*bytes);
  exported.images = std::move(scene->images);
  exported.nodes = document.nodes.size() - 1;  // without the axis root
  exported.primitives = scene->primitives;
  exported.vertices = scene->vertices;
  exported.materials = document.materials.size();
  return exported;
}

}  // namespace parkan::gltf
