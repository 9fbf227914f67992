// glTF export: the document through tinygltf's writer (a .glb with its BIN chunk, or a .gltf text
// with the buffer as a data URI and the images by file name), and the files on disk, atomically.
#include <sstream>

#include "export/gltf_internal.hpp"
#include "parkan/core/file.hpp"
#include "parkan/core/text.hpp"
#include "parkan/core/utf8_path.hpp"
#include "parkan/export/codes.hpp"

namespace parkan::gltf {

namespace detail {

Result<ByteBuffer> serialize(const tinygltf::Model& model, Container container) {
  tinygltf::TinyGLTF writer;
  // Images are either in a buffer view (.glb) or named files written by write_exported (.gltf):
  // tinygltf must neither encode nor embed them.
  writer.SetImageWriter(nullptr, nullptr);
  std::ostringstream stream;
  const bool binary = container == Container::glb;
  if (!writer.WriteGltfSceneToStream(&model, stream, !binary, binary))
    return invalid_rule(codes::kWrite, "tinygltf could not write the document");
  const std::string text = std::move(stream).str();
  return ByteBuffer(text.begin(), text.end());
}

}  // namespace detail

std::vector<std::size_t> model_entries(const resource::Archive& archive) {
  std::vector<std::size_t> models;
  for (std::size_t i = 0; i < archive.entry_count(); ++i)
    if (archive.entry(i).type_id == resource::kTypeMesh) models.push_back(i);
  return models;
}

std::optional<Container> container_for(const std::filesystem::path& out) {
  const std::string extension = fold_lower_text(path_to_utf8(out.extension()));
  if (extension == ".glb") return Container::glb;
  if (extension == ".gltf") return Container::gltf;
  return std::nullopt;
}

Status write_exported(const Exported& exported, const std::filesystem::path& out,
                      const std::vector<std::filesystem::path>& inputs) {
  for (const ImageFile& image : exported.images)
    PARKAN_TRY(write_file_atomic(out.parent_path() / path_from_utf8(image.file_name), image.png, inputs));
  return write_file_atomic(out, exported.document, inputs);
}

}  // namespace parkan::gltf
