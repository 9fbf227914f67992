// glTF export on arbitrary bytes: read_model + check_model + export in memory (both containers, the
// damage stage, LOD and cockpit view from the first byte). Invariants (trap on violation): no crash;
// whatever exports as a .glb is a document tinygltf loads, with one node per exported model node plus
// the root.
#include <cstddef>
#include <cstdint>

#include <tiny_gltf.h>

#include "parkan/export/gltf.hpp"
#include "parkan/msh/model.hpp"
#include "fuzz_assert.hpp"

using namespace parkan;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::uint8_t selector = data[0];
  ByteView model(data + 1, size - 1);
  if (auto read = msh::read_model(model)) (void)msh::check_model(*read);
  gltf::Options options;
  options.state = selector % 3;
  options.lod = (selector / 3) % 4;
  options.cockpit = (selector & 0x40) != 0;
  options.animation = (selector & 0x80) == 0;
  gltf::Source source{model, "fuzz.msh", "fuzz.msh", nullptr, nullptr};
  auto glb = gltf::export_model(source, options, gltf::Container::glb);
  if (glb) {
    tinygltf::TinyGLTF loader;
    tinygltf::Model loaded;
    std::string error, warning;
    FUZZ_ASSERT(loader.LoadBinaryFromMemory(&loaded, &error, &warning, glb->document.data(),
                                            static_cast<unsigned>(glb->document.size())));
    FUZZ_ASSERT(loaded.nodes.size() == glb->nodes + 1);
  }
  (void)gltf::export_model(source, options, gltf::Container::gltf);
  return 0;
}
