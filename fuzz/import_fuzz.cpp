// glTF import on arbitrary bytes (docs/import.md): load_gltf, import_scene, import_materials, then
// msh::build_model and write_model on what imports. Invariants (trap on violation): no crash, no hang,
// no over-allocation (images are refused past their header's size limit); every failure is one error
// with its rule; the materials' WEAR text passes wear check without an error; a model that builds
// writes and reads back.
#include <cstddef>
#include <cstdint>

#include "parkan/import/gltf.hpp"
#include "parkan/import/materials.hpp"
#include "parkan/material/wear.hpp"
#include "parkan/msh/model.hpp"
#include "fuzz_assert.hpp"

using namespace parkan;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // External buffers and images resolve under a folder that does not exist: the input alone is read.
  Result<importer::GltfDocument> document =
      importer::load_gltf(ByteView(data, size), "fuzz.gltf", "/nonexistent-parkan-fuzz");
  if (!document) {
    FUZZ_ASSERT(!document.error().rule.empty());
    return 0;
  }
  Result<importer::ImportedScene> scene = importer::import_scene(**document);
  if (!scene) {
    FUZZ_ASSERT(!scene.error().rule.empty());
    return 0;
  }
  Result<importer::ImportedMaterials> materials = importer::import_materials(**document, scene->materials, {});
  if (!materials) {
    FUZZ_ASSERT(!materials.error().rule.empty());
  } else {
    for (const Diagnostic& finding : material::check_wear(importer::wear_text(*materials)))
      FUZZ_ASSERT(finding.severity != Severity::error);
  }
  Result<msh::Model> model = msh::build_model(scene->model);
  if (!model) {
    FUZZ_ASSERT(!model.error().rule.empty());
    return 0;
  }
  Result<ByteBuffer> bytes = msh::write_model(*model);
  FUZZ_ASSERT(bytes.ok());
  FUZZ_ASSERT(msh::read_model(*bytes).ok());
  return 0;
}
