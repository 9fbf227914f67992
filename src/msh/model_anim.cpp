// Animation for a model built in code: the canonical animation writer (docs/formats/msh-animation.md 5.4, 8)
// fills the node words (docs/formats/msh.md 2: anim_map_start, fallback_key) and the type 8 and 19 rows.
#include <fmt/format.h>

#include "parkan/msh/codes.hpp"
#include "msh/model_codec.hpp"
#include "parkan/msh/anim.hpp"
#include "parkan/msh/model.hpp"

namespace parkan::msh {

namespace {

void upsert_row(std::vector<StreamRow>& streams, const StreamOut& out) {
  StreamRow row{out.entry.type_id, out.entry.attr1, out.entry.attr2, out.entry.attr3, std::string(out.entry.name()),
                out.payload};
  for (StreamRow& existing : streams)
    if (existing.type_id == row.type_id) {
      row.name = existing.name;  // the row keeps its stored name
      existing = std::move(row);
      return;
    }
  streams.push_back(std::move(row));
}

}  // namespace

Status set_animation(Model& model, const AnimTracks& tracks) {
  if (model.node_layout != NodeLayout::node38)
    return invalid_rule(codes::kAnimLayout, "a legacy (24-byte) node table holds no animation (docs/formats/msh.md 2)");
  if (tracks.tracks.size() != model.nodes.size())
    return invalid_rule(codes::kAnimTrackCount, fmt::format("{} animation tracks for {} nodes: one track per node",
                                                            tracks.tracks.size(), model.nodes.size()));
  AnimTracks ir = tracks;
  ir.layout = NodeLayout::node38;
  for (std::size_t i = 0; i < ir.tracks.size(); ++i) {
    ByteWriter node(kNodeStride);
    detail::put_node(node, model.nodes[i]);
    std::copy(node.buffer().begin(), node.buffer().end(), ir.tracks[i].node_bytes.begin());
  }
  PARKAN_ASSIGN(AnimStreamsOut out, write_anim_canonical(ir));
  for (std::size_t i = 0; i < model.nodes.size(); ++i) {
    const std::uint8_t* written = out.nodes.payload.data() + i * kNodeStride;
    model.nodes[i].anim_map_start = load_u16(written + kNodeMapStartOffset);
    model.nodes[i].fallback_key = load_u16(written + kNodeFallbackOffset);
  }
  upsert_row(model.streams, out.keys);
  upsert_row(model.streams, out.map);
  return {};
}

}  // namespace parkan::msh
