// The animation streams of a model (docs/formats/msh-animation.md 2, 7 steps 1-2; docs/formats/msh.md 1, 2).
#include <algorithm>

#include <fmt/format.h>

#include "parkan/msh/codes.hpp"
#include "msh/engine_math.hpp"
#include "parkan/msh/anim.hpp"

namespace parkan::msh {

AnimKey AnimStreams::key(std::uint32_t index) const {
  const std::uint8_t* p = keys.data() + std::size_t(index) * kKeyStride;
  AnimKey k;
  k.pos = {load_f32(p), load_f32(p + 4), load_f32(p + 8)};
  k.time = load_f32(p + 12);
  k.quat_raw = {load_i16(p + 16), load_i16(p + 18), load_i16(p + 20), load_i16(p + 22)};
  return k;
}

namespace {

const char* stream_label(std::uint32_t type_id) {
  switch (type_id) {
    case kNodeTableType: return "node table";
    case kKeyPoolType: return "key pool";
    default: return "frame map";
  }
}

// Exactly one entry of `type_id`: the engine takes streams by type and a second one would be
// ambiguous, so it is refused rather than guessed.
Result<std::size_t> find_stream(const nres::Archive& archive, std::uint32_t type_id) {
  std::optional<std::size_t> found;
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    if (archive.entries[i].type_id != type_id) continue;
    if (found)
      return invalid_rule(codes::kAnimStreamDuplicate, fmt::format("two type {} streams ({}): entries #{} and #{}",
                                                               type_id, stream_label(type_id), *found, i));
    found = i;
  }
  if (!found)
    return invalid_rule(codes::kAnimStreamMissing,
                        fmt::format("no type {} stream ({}) in the model", type_id, stream_label(type_id)));
  return *found;
}

// The node stride from Res1.attr3: 24 is the legacy table of 10.3; anything else is addressed
// with 38 bytes, as sub_10012880 always does (the checker warns when attr3 is not 38).
NodeLayout node_layout_of(std::uint32_t attr3) {
  return attr3 == kLegacyNodeStride ? NodeLayout::legacy24 : NodeLayout::node38;
}

}  // namespace

Result<AnimStreams> read_anim_streams(const nres::Archive& archive) {
  AnimStreams s;
  s.model = archive.bytes;
  PARKAN_ASSIGN(s.nodes_index, find_stream(archive, kNodeTableType));
  PARKAN_ASSIGN(s.keys_index, find_stream(archive, kKeyPoolType));
  PARKAN_ASSIGN(s.map_index, find_stream(archive, kFrameMapType));
  s.nodes_entry = archive.entries[s.nodes_index];
  s.keys_entry = archive.entries[s.keys_index];
  s.map_entry = archive.entries[s.map_index];
  s.nodes = archive.payload(s.nodes_index);
  s.keys = archive.payload(s.keys_index);
  s.map = archive.payload(s.map_index);
  s.layout = node_layout_of(s.nodes_entry.attr3);

  std::size_t stride = s.layout == NodeLayout::legacy24 ? kLegacyNodeStride : kNodeStride;
  if (s.nodes.size() % stride != 0)
    return invalid_rule(codes::kAnimNodesSize,
                        fmt::format("node table size {} is not a multiple of the {}-byte node (docs/formats/msh.md 8)",
                                    s.nodes.size(), stride),
                        s.nodes_entry.data_offset);
  if (s.keys.size() % kKeyStride != 0)
    return invalid_rule(codes::kAnimKeysSize,
                        fmt::format("key pool size {} is not a multiple of 24 (rule 9.1)", s.keys.size()),
                        s.keys_entry.data_offset);
  if (s.map.size() % kMapWordSize != 0)
    return invalid_rule(codes::kAnimMapSize,
                        fmt::format("frame map size {} is not a multiple of 2 (rule 9.1)", s.map.size()),
                        s.map_entry.data_offset);
  s.node_count = static_cast<std::uint32_t>(s.nodes.size() / stride);
  s.key_count = static_cast<std::uint32_t>(s.keys.size() / kKeyStride);
  s.word_count = static_cast<std::uint32_t>(s.map.size() / kMapWordSize);
  s.frame_count = s.map_entry.attr2;
  if (s.layout == NodeLayout::node38 && s.key_count > 1) {
    s.pair_angles.resize(std::min<std::size_t>(s.key_count - 1, 0xFFFF));
    for (std::size_t k = 0; k < s.pair_angles.size(); ++k) {
      const std::uint8_t* k0 = s.keys.data() + k * kKeyStride;
      s.pair_angles[k] = detail::slerp_angle(detail::key_quat(k0), detail::key_quat(k0 + kKeyStride));
    }
  }
  return s;
}

Result<AnimStreams> read_anim_streams(ByteView model) {
  auto archive = nres::read(model, nres::Profile::compatible);
  if (!archive) {
    Error error = std::move(archive).error();
    if (error.rule.empty()) error.rule = codes::kAnimModelContainer;
    return error;
  }
  return read_anim_streams(*archive);
}

std::vector<TrackSummary> track_summaries(const AnimStreams& s) {
  std::vector<TrackSummary> rows;
  if (s.layout != NodeLayout::node38) return rows;
  rows.reserve(s.node_count);
  std::uint64_t start = 0;
  for (std::uint32_t i = 0; i < s.node_count; ++i) {
    TrackSummary r;
    r.node = i;
    if (s.node_parent(i) != kNoParent) r.parent = s.node_parent(i);
    if (s.node_map_start(i) != kNoMap) r.map_start = s.node_map_start(i);
    r.start_key = start;
    r.fallback_key = s.node_fallback(i);
    r.key_count = r.fallback_key >= start ? r.fallback_key - start + 1 : 0;  // 5.1
    start = std::uint64_t(r.fallback_key) + 1;
    rows.push_back(r);
  }
  return rows;
}

}  // namespace parkan::msh
