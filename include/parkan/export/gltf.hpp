#pragma once
// glTF 2.0 export of MSH models (docs/cli.md 6; docs/formats/msh.md 7.3, 13, 12.2, 2.2): one glTF node
// per drawn model node, named from type 9, with its still pose (frame 0 of an animated node's run)
// and real parents under one Z-up to Y-up root; one mesh per node from the chosen (damage stage,
// level) slot with a primitive per batch; materials through the batch's WEAR row, Material.lib
// (the phase track 0's first key names, every material double-sided, ambient as emissive on unlit
// batches, the Page cell baked into TEXCOORD_0) and Textures.lib; lightmapped batches with
// TEXCOORD_1 from type 18 and their LightMap.lib page as occlusionTexture; the engine's exact
// sampler at every frame of the timeline. The cockpit (level 4 and nodes with flag 0x20) is left
// out unless asked for, and then exported alone.
// In memory: the result is the .glb bytes, or a .gltf text plus the PNG files it names.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/game.hpp"
#include "parkan/texm/image.hpp"

namespace parkan::gltf {

enum class Container {
  glb,   // one binary file, PNGs embedded
  gltf,  // JSON text (buffer as a data URI) plus PNG files beside it
};

inline constexpr float kDefaultFps = 30.0f;

struct Options {
  std::uint32_t state = 0;  // the damage stage of slot[state][lod] (docs/formats/msh.md 2.2); 0..2
  std::uint32_t lod = 0;    // the level of detail 0..3, 0 = most detailed
  // The first-person view alone (docs/formats/msh.md 13.1): the level-4 slots, the cockpit nodes
  // (flag 0x20) and their ancestors (as transforms); `lod` is then ignored. Without it, level 4 and
  // the cockpit nodes (with the nodes below them) are left out.
  bool cockpit = false;
  bool animation = true;    // false: rest pose only (--no-anim)
  float fps = kDefaultFps;  // glTF time = frame / fps
  // Turns a decoded texture into PNG bytes (png::encode with Effort::balanced when empty). The benchmark swaps it to time
  // the export without PNG compression.
  std::function<Result<ByteBuffer>(const texm::Image&)> encode_png;
};

// The model and what its materials are looked up in.
struct Source {
  ByteView model;           // the model NRes
  std::string entry_name;   // "tank.msh" as stored (cp1251): its stem names the WEAR table "<stem>.wea"
  std::string display_name; // for messages: "animated.rlb::tank.msh"
  std::shared_ptr<const resource::Archive> library;  // holds the model and its .wea; may be null
  resource::Game* game = nullptr;  // Material.lib and Textures.lib; null: untextured, with a warning
};

struct ImageFile {
  std::string file_name;  // UTF-8, beside the .gltf
  ByteBuffer png;
};

struct Exported {
  ByteBuffer document;            // the .glb, or the .gltf JSON
  std::vector<ImageFile> images;  // empty for a .glb
  std::vector<Diagnostic> warnings;  // fallbacks taken (missing WEAR row, material, texture ...)
  std::size_t nodes = 0;  // model nodes exported (the cockpit, or the rest; docs/formats/msh.md 13.1)
  std::size_t primitives = 0, vertices = 0, materials = 0, animated_nodes = 0;
  std::uint32_t frames = 0;  // frames sampled (0 without animation)
  std::size_t meshes = 0;    // glTF meshes (gltf_world.hpp: one per node with geometry of each distinct model)
  std::size_t objects = 0;   // gltf_world.hpp: placed objects (a mission) or mounted parts (a unit)
};

// Refuses, with one error, what cannot be exported: a model that does not read, any check_model
// error (its code and message), a terrain or 24-byte node table model (gltf.model.kind), animation
// streams that do not read or sample (their anim.* code), options out of range (gltf.options.*).
// Codes of the warnings: gltf.material.wear (no WEAR table, or a row past it), gltf.material.library
// (no Material.lib), gltf.material.fallback (DEFAULT or entry 0 used), gltf.material.read (a MAT0
// that does not read: untextured), gltf.texture.missing, gltf.texture.read, gltf.texture.page (a
// Page cell the texture does not have: the whole texture), gltf.lightmap.missing (a lit batch whose
// LIGHTMAPS row, LightMap.lib or page is missing or does not decode: drawn unlit).
Result<Exported> export_model(const Source& source, const Options& options, Container container);

// Every MESH entry of an archive (resource::kTypeMesh), in directory order.
std::vector<std::size_t> model_entries(const resource::Archive& archive);

// `stem`.gltf or .glb from the output path's extension (case-insensitive); nullopt for another one.
std::optional<Container> container_for(const std::filesystem::path& out);

// Writes an export: the document to `out`, images beside it, each atomically; refuses to overwrite
// one of `inputs`.
Status write_exported(const Exported& exported, const std::filesystem::path& out,
                      const std::vector<std::filesystem::path>& inputs = {});

}  // namespace parkan::gltf
