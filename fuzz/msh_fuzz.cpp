// MSH models on random input (docs/formats/msh.md 1-9): read, check, write. Inputs starting with "NRes" are
// models as they are; any other input is cut into the corpus's stream set (so that most runs get
// past the container and into the typed streams).
// Invariants (trap on violation): whatever reads writes back byte-identical; an edited model
// (one vertex more in every per-vertex stream, a node more) writes, reads back with the edits, and
// writes back byte-identical again; check_model never fails on what the reader accepted.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "parkan/msh/model.hpp"
#include "parkan/nres/write.hpp"
#include "fuzz_assert.hpp"

namespace {

using namespace parkan;

// Byte 0 picks the stream set (model, model with 18 and 20, terrain), byte 1 the node table's
// attr3 (38 or 24); then one length byte per stream (scaled by its stride; for the type 17 path graph
// (docs/formats/msh.md 6.6) its low 3 bits are the node count, attr1, and the rest the link count),
// then the payloads.
ByteBuffer model_from_streams(const std::uint8_t* data, std::size_t size) {
  static constexpr std::uint32_t kModel[] = {1, 2, 3, 4, 5, 15, 13, 6, 7, 8, 19, 9, 10, 17};
  static constexpr std::uint32_t kModel21[] = {1, 2, 3, 4, 5, 18, 15, 13, 6, 7, 8, 19, 9, 10, 17, 20};
  static constexpr std::uint32_t kTerrain[] = {1, 2, 3, 4, 5, 18, 14, 11, 21};
  if (size < 2) return {};
  const std::span<const std::uint32_t> types = data[0] % 3 == 0   ? std::span<const std::uint32_t>(kModel)
                                               : data[0] % 3 == 1 ? std::span<const std::uint32_t>(kModel21)
                                                                  : std::span<const std::uint32_t>(kTerrain);
  const std::uint32_t node_attr3 = data[1] & 1 ? 24 : 38;
  std::size_t at = 2;
  std::vector<std::size_t> sizes;
  std::uint32_t path_nodes = 0;
  for (std::uint32_t type : types) {
    const std::size_t n = at < size ? data[at++] : 0;
    std::size_t stride = 1;
    switch (type) {
      case 1: stride = node_attr3; break;
      case 2: stride = 68; break;
      case 3: stride = 12; break;
      case 7: stride = 16; break;
      case 9: stride = 32; break;
      case 13: stride = 20; break;
      case 21: stride = 28; break;
      case 10: stride = 1; break;
      default: stride = 4; break;
    }
    std::size_t bytes = n * stride + (type == 2 ? 0x8C : 0);
    if (type == 17) {
      path_nodes = static_cast<std::uint32_t>(n & 7);
      bytes = 20 * (n & 7) + 40 * (n >> 3);
    }
    if (n == 255) bytes += 3;  // a stride remainder now and then
    sizes.push_back(bytes);
  }
  std::vector<nres::EntrySpec> specs;
  for (std::size_t i = 0; i < types.size(); ++i) {
    const std::size_t take = std::min(sizes[i], size - std::min(at, size));
    specs.push_back({types[i], types[i] == 17 ? path_nodes : 0u, types[i] == 19 ? 1u : 0u,
                     types[i] == 1 ? node_attr3 : 0u,
                     "Res" + std::to_string(types[i]), ByteView(data + std::min(at, size), take)});
    at += take;
  }
  auto bytes = nres::build(specs);
  return bytes ? *bytes : ByteBuffer{};
}

void exercise(ByteView input) {
  auto model = msh::read_model(input);
  if (!model) {
    FUZZ_ASSERT(model.error().rule.starts_with("msh.") || model.error().rule.starts_with("nres."));
    (void)msh::check_model(input);
    return;
  }
  (void)msh::check_model(*model);
  auto written = msh::write_model(*model);
  FUZZ_ASSERT(written.ok());
  FUZZ_ASSERT(written->size() == input.size() && std::memcmp(written->data(), input.data(), input.size()) == 0);

  // An edit: one vertex more in the typed per-vertex streams (type 18 too), a node more with its name
  // (when decoded), a path point and a link.
  msh::Model edited = *model;
  if (edited.has_stream(msh::kPositionsType)) edited.positions.push_back({1.0f, 2.0f, 3.0f});
  if (edited.has_stream(msh::kNormalsType)) edited.normals.push_back({});
  if (edited.has_stream(msh::kUv0Type)) edited.uv0.push_back({});
  if (edited.has_stream(msh::kLightmapUvType)) edited.lightmap_uv.push_back({0x9000, 1});
  const bool add_node = edited.node_layout == msh::NodeLayout::node38 && edited.has_stream(msh::kNodeTableType) &&
                        edited.node_strings.size() == edited.nodes.size();
  if (add_node) {
    edited.nodes.push_back(msh::make_node(0));
    if (edited.has_stream(msh::kNodeNamesType) && edited.node_names.size() + 1 == edited.nodes.size())
      edited.node_names.push_back(msh::make_node_name("CP_m1o1"));
  }
  if (edited.has_stream(msh::kPathGraphType)) {
    edited.path_nodes.push_back({{0.5f, 0.5f, 0.0f}, 1, 0});
    msh::PathLink link;
    link.to = static_cast<std::uint32_t>(edited.path_nodes.size() - 1);
    edited.path_links.push_back(link);
  }
  auto edited_bytes = msh::write_model(edited);
  if (!edited_bytes) return;  // past 4 GiB and the like
  auto back = msh::read_model(*edited_bytes);
  FUZZ_ASSERT(back.ok());
  FUZZ_ASSERT(back->positions.size() == edited.positions.size());
  FUZZ_ASSERT(back->nodes == edited.nodes);
  FUZZ_ASSERT(back->node_names == edited.node_names);
  FUZZ_ASSERT(back->lightmap_uv == edited.lightmap_uv);
  FUZZ_ASSERT(back->path_nodes == edited.path_nodes && back->path_links == edited.path_links);
  (void)msh::check_model(*back);
  auto again = msh::write_model(*back);
  FUZZ_ASSERT(again.ok() && *again == *edited_bytes);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size >= 4 && std::memcmp(data, "NRes", 4) == 0) {
    exercise(ByteView(data, size));
    return 0;
  }
  const ByteBuffer model = model_from_streams(data, size);
  if (!model.empty()) exercise(model);
  return 0;
}
