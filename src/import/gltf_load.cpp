// Loading a glTF document with tinygltf (include/parkan/import/gltf.hpp, docs/import.md 1).
#include <cstring>

#include <fmt/format.h>

#include "import/gltf_document.hpp"
#include "import/image_header.hpp"
#include "parkan/core/text.hpp"
#include "parkan/import/codes.hpp"

namespace parkan::importer {

void GltfDeleter::operator()(LoadedGltf* document) const { delete document; }

namespace {

// tinygltf's image loader (stb_image) behind a look at the header: an image that is not PNG or JPEG,
// or that would decode to more than kMaxImagePixels, is refused before any pixel is allocated.
struct ImageGuard {
  bool refused = false;
};

bool load_image_guarded(tinygltf::Image* image, const int index, std::string* error, std::string* warning, int width,
                        int height, const unsigned char* bytes, int size, void* user) {
  auto* guard = static_cast<ImageGuard*>(user);
  const std::optional<ImageSize> header = image_header_size(ByteView(bytes, size > 0 ? std::size_t(size) : 0));
  std::string refusal;
  if (!header)
    refusal = fmt::format("image {}: neither a PNG nor a JPEG, or its header is cut short", index);
  else if (header->width == 0 || header->height == 0 || std::uint64_t{header->width} * header->height > kMaxImagePixels)
    refusal = fmt::format("image {}: {} x {} pixels, more than the {} the import decodes", index, header->width,
                          header->height, kMaxImagePixels);
  if (!refusal.empty()) {
    guard->refused = true;
    if (error) *error += refusal + "\n";
    return false;
  }
  return tinygltf::LoadImageData(image, index, error, warning, width, height, bytes, size, nullptr);
}

}  // namespace

Result<GltfDocument> load_gltf(ByteView bytes, std::string_view file_name, std::string_view base_dir) {
  GltfDocument document(new LoadedGltf);
  tinygltf::TinyGLTF loader;
  ImageGuard guard;
  loader.SetImageLoader(load_image_guarded, &guard);
  std::string error, warning;
  const bool binary = bytes.size() >= 4 && std::memcmp(bytes.data(), "glTF", 4) == 0;
  bool ok = false;
  if (binary) {
    ok = loader.LoadBinaryFromMemory(&document->model, &error, &warning, bytes.data(),
                                     static_cast<unsigned int>(std::min<std::size_t>(bytes.size(), 0xFFFFFFFFu)),
                                     std::string(base_dir));
  } else {
    const std::string text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    ok = loader.LoadASCIIFromString(&document->model, &error, &warning, text.data(),
                                    static_cast<unsigned int>(std::min<std::size_t>(text.size(), 0xFFFFFFFFu)),
                                    std::string(base_dir));
  }
  if (!ok) {
    std::string message = error.empty() ? warning : error;
    // tinygltf ends its messages with newlines; an error is one line.
    for (char& c : message)
      if (c == '\n' || c == '\r') c = ' ';
    while (!message.empty() && message.back() == ' ') message.pop_back();
    return std::move(invalid_rule(guard.refused ? codes::kGltfImage : codes::kGltfParse,
                                  fmt::format("not a glTF 2.0 {} that can be read: {}", binary ? "binary (.glb)" : "file (.gltf)",
                                              message.empty() ? "no detail" : message)))
        .in_file(std::string(file_name));
  }
  document->file_name = std::string(file_name);
  return document;
}

}  // namespace parkan::importer
