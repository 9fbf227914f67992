// Writers of the animation streams from the IR: lossless and canonical (docs/formats/msh-animation.md 5.4, 8),
// and the model NRes around them.
#include <algorithm>
#include <cmath>
#include <cstring>

#include <fmt/format.h>

#include "parkan/msh/codes.hpp"
#include "parkan/msh/anim.hpp"
#include "parkan/nres/write.hpp"

namespace parkan::msh {

namespace {

// Frame maps address keys and blocks with 16-bit words; the canonical writer refuses timelines
// whose map could not be addressed (one animated node of 65535 frames already fills it).
constexpr std::uint32_t kMaxCanonicalFrames = 0xFFFF;
constexpr std::uint32_t kMaxKeys = 0x10000;  // hdr3 is a uint16 key index

void put_key(ByteWriter& out, const AnimKey& k) {
  out.f32(k.pos[0]);
  out.f32(k.pos[1]);
  out.f32(k.pos[2]);
  out.f32(k.time);
  for (std::int16_t q : k.quat_raw) out.i16(q);
}

ByteBuffer words_payload(const std::vector<std::uint16_t>& words) {
  ByteWriter out(words.size() * 2);
  for (std::uint16_t w : words) out.u16(w);
  return out.take();
}

// The row of a stream: the one read, or a new default one when the IR was built from scratch.
nres::Entry row_for(const nres::Entry& entry, std::uint32_t type_id) {
  return entry.type_id == type_id ? entry : make_stream_entry(type_id);
}

StreamOut stream(nres::Entry row, ByteBuffer payload) {
  row.size = static_cast<std::uint32_t>(payload.size());
  return {row, std::move(payload)};
}

Status check_track_order(const AnimTracks& ir) {
  for (std::size_t i = 0; i < ir.tracks.size(); ++i) {
    if (ir.tracks[i].node_index != i)
      return invalid_rule(codes::kAnimTracksOrder, fmt::format("track {} belongs to node {}: tracks must be in node order",
                                                           i, ir.tracks[i].node_index));
    if (ir.tracks[i].keys.empty())
      return invalid_rule(codes::kAnimTrackEmpty, fmt::format("node {}: the track has no keys", i));
  }
  return {};
}

void set_node_words(std::array<std::uint8_t, kNodeStride>& node, std::uint16_t map_start, std::uint16_t fallback) {
  store_u16(node.data() + kNodeMapStartOffset, map_start);
  store_u16(node.data() + kNodeFallbackOffset, fallback);
}

// 5.2 / 8: a track is static when the runtime can only ever show one pose of it.
bool is_static(const NodeAnimTrack& track) {
  if (!track.has_map || track.keys.size() == 1) return true;
  for (const AnimKey& k : track.keys)
    if (k.pos != track.keys.front().pos || k.quat_raw != track.keys.front().quat_raw) return false;
  return true;
}

// The canonical key times: whole, non-negative, strictly increasing, the first at 0 (5.2).
Status check_canonical_times(const NodeAnimTrack& track) {
  for (std::size_t k = 0; k < track.keys.size(); ++k) {
    float t = track.keys[k].time;
    if (!std::isfinite(t) || t < 0.0f || t != std::floor(t) || t >= float(kMaxCanonicalFrames))
      return invalid_rule(codes::kAnimKeyWholeTime,
                          fmt::format("node {} key {}: time {} is not a whole frame in 0..{} (docs/formats/msh-animation.md 5.2)",
                                      track.node_index, k, t, kMaxCanonicalFrames - 1));
    if (k == 0 && t != 0.0f)
      return invalid_rule(codes::kAnimTrackStartTime,
                          fmt::format("node {}: the track starts at time {}, canonical tracks start at 0 "
                                      "(docs/formats/msh-animation.md 5.2)",
                                      track.node_index, t));
    if (k > 0 && !(t > track.keys[k - 1].time))
      return invalid_rule(codes::kAnimKeyTimeOrder,
                          fmt::format("node {} key {}: time {} does not follow {} (times must increase, rule 9.5)",
                                      track.node_index, k, t, track.keys[k - 1].time));
  }
  return {};
}

// 5.4: the canonical map word of every frame for keys[0..n-1] stored from pool index `first`.
void append_canonical_map(const std::vector<AnimKey>& keys, std::uint32_t first, std::uint32_t frame_count,
                          std::vector<std::uint16_t>& words) {
  const std::uint32_t end = first + static_cast<std::uint32_t>(keys.size()) - 1;
  std::size_t segment = 0;
  for (std::uint32_t f = 0; f < frame_count; ++f) {
    const float frame = static_cast<float>(f);
    if (frame < keys.front().time || frame >= keys.back().time) {
      words.push_back(static_cast<std::uint16_t>(end));  // fallback frames are written == fallback
      continue;
    }
    while (segment + 1 < keys.size() && keys[segment + 1].time <= frame) ++segment;
    words.push_back(static_cast<std::uint16_t>(first + segment));
  }
}

}  // namespace

nres::Entry make_stream_entry(std::uint32_t type_id) {
  nres::EntrySpec spec;
  spec.type_id = type_id;
  switch (type_id) {
    case kNodeTableType: spec.name = "Res1"; spec.attr3 = kNodeTableAttr3; break;
    case kKeyPoolType: spec.name = "Res8"; spec.attr3 = kKeyPoolAttr3; break;
    default: spec.name = "Res19"; spec.attr2 = kStaticFrameCount; spec.attr3 = kFrameMapAttr3; break;
  }
  return *nres::make_entry(spec);
}

std::array<std::uint8_t, kNodeStride> make_node38(std::uint16_t parent, std::uint16_t flags) {
  std::array<std::uint8_t, kNodeStride> node;
  node.fill(0xFF);  // every slot 0xFFFF: no geometry (docs/formats/msh.md 2)
  store_u16(node.data(), flags);
  store_u16(node.data() + kNodeParentOffset, parent);
  set_node_words(node, kNoMap, 0);
  return node;
}

Result<AnimStreamsOut> write_anim(const AnimTracks& ir) {
  AnimStreamsOut out;
  nres::Entry nodes_row = row_for(ir.nodes_entry, kNodeTableType);
  nres::Entry keys_row = row_for(ir.keys_entry, kKeyPoolType);
  nres::Entry map_row = row_for(ir.map_entry, kFrameMapType);
  map_row.attr2 = ir.frame_count;

  if (ir.layout == NodeLayout::legacy24) {
    if (!ir.tracks.empty())
      return invalid_rule(codes::kAnimNodesLegacy, "a legacy (24-byte) node table holds no tracks");
    ByteWriter keys;
    for (const AnimKey& k : ir.extra_keys) put_key(keys, k);
    out.nodes = stream(nodes_row, ir.legacy_nodes);
    out.keys = stream(keys_row, keys.take());
    out.map = stream(map_row, words_payload(ir.map_words));
    return out;
  }

  PARKAN_TRY(check_track_order(ir));
  ByteWriter nodes(ir.tracks.size() * kNodeStride);
  ByteWriter keys;
  std::vector<std::uint16_t> words = ir.map_words;
  std::uint64_t key_cursor = 0;
  for (const NodeAnimTrack& track : ir.tracks) {
    key_cursor += track.keys.size();
    if (key_cursor > kMaxKeys)
      return invalid_rule(codes::kAnimKeysTooMany,
                          fmt::format("node {}: more than {} keys in the pool", track.node_index, kMaxKeys));
    std::uint16_t map_start = kNoMap;
    if (track.has_map) {
      std::size_t at = track.map_start != kNoMap ? track.map_start : words.size();  // a new map goes last
      if (at >= kNoMap)
        return invalid_rule(codes::kAnimMapTooManyWords,
                            fmt::format("node {}: map start {} does not fit the 16-bit field", track.node_index, at));
      if (words.size() < at + track.frame_map.size()) words.resize(at + track.frame_map.size(), 0);
      std::copy(track.frame_map.begin(), track.frame_map.end(), words.begin() + static_cast<std::ptrdiff_t>(at));
      map_start = static_cast<std::uint16_t>(at);
    }
    std::array<std::uint8_t, kNodeStride> node = track.node_bytes;
    set_node_words(node, map_start, static_cast<std::uint16_t>(key_cursor - 1));
    nodes.bytes(node);
    for (const AnimKey& k : track.keys) put_key(keys, k);
  }
  if (key_cursor + ir.extra_keys.size() > kMaxKeys)
    return invalid_rule(codes::kAnimKeysTooMany, "more keys than a 16-bit index reaches");
  for (const AnimKey& k : ir.extra_keys) put_key(keys, k);
  out.nodes = stream(nodes_row, nodes.take());
  out.keys = stream(keys_row, keys.take());
  out.map = stream(map_row, words_payload(words));
  return out;
}

Result<AnimStreamsOut> write_anim_canonical(const AnimTracks& ir) {
  if (ir.layout == NodeLayout::legacy24)
    return invalid_rule(codes::kAnimNodesLegacy,
                        "legacy node table (24-byte nodes, docs/formats/msh-animation.md 10.3) has no canonical form; "
                        "the lossless writer passes it through");
  PARKAN_TRY(check_track_order(ir));

  // Pass 1: which tracks are animated, their times, and the timeline (5.2: max end time + 1).
  std::vector<bool> animated(ir.tracks.size());
  std::uint32_t frame_count = kStaticFrameCount;
  std::uint64_t key_count = 0;
  for (std::size_t i = 0; i < ir.tracks.size(); ++i) {
    const NodeAnimTrack& track = ir.tracks[i];
    animated[i] = !is_static(track);
    if (!animated[i]) {
      key_count += 1;
      continue;
    }
    PARKAN_TRY(check_canonical_times(track));
    key_count += track.keys.size();
    frame_count = std::max(frame_count, static_cast<std::uint32_t>(track.keys.back().time) + 1u);
  }
  if (key_count > kMaxKeys)
    return invalid_rule(codes::kAnimKeysTooMany, fmt::format("{} keys: more than a 16-bit index reaches", key_count));

  // Pass 2: the pool, the node words and the maps (8, steps 1-5).
  ByteWriter nodes(ir.tracks.size() * kNodeStride);
  ByteWriter keys(key_count * kKeyStride);
  std::vector<std::uint16_t> words;
  std::uint32_t key_cursor = 0;
  for (std::size_t i = 0; i < ir.tracks.size(); ++i) {
    const NodeAnimTrack& track = ir.tracks[i];
    std::array<std::uint8_t, kNodeStride> node = track.node_bytes;
    if (!animated[i]) {
      AnimKey rest = track.keys.back();  // the key the runtime shows for a node without map
      rest.time = 0.0f;
      put_key(keys, rest);
      set_node_words(node, kNoMap, static_cast<std::uint16_t>(key_cursor));
      key_cursor += 1;
    } else {
      if (words.size() >= kNoMap)
        return invalid_rule(codes::kAnimMapTooManyWords,
                            fmt::format("node {}: map start {} does not fit the 16-bit field", i, words.size()));
      std::uint16_t map_start = static_cast<std::uint16_t>(words.size());
      append_canonical_map(track.keys, key_cursor, frame_count, words);
      for (const AnimKey& k : track.keys) put_key(keys, k);
      key_cursor += static_cast<std::uint32_t>(track.keys.size());
      set_node_words(node, map_start, static_cast<std::uint16_t>(key_cursor - 1));
    }
    nodes.bytes(node);
  }

  nres::Entry nodes_row = row_for(ir.nodes_entry, kNodeTableType);
  nodes_row.attr3 = kNodeTableAttr3;
  nres::Entry keys_row = row_for(ir.keys_entry, kKeyPoolType);
  keys_row.attr1 = key_cursor;
  keys_row.attr2 = 0;
  keys_row.attr3 = kKeyPoolAttr3;
  nres::Entry map_row = row_for(ir.map_entry, kFrameMapType);
  map_row.attr1 = static_cast<std::uint32_t>(words.size());
  map_row.attr2 = frame_count;
  map_row.attr3 = kFrameMapAttr3;
  AnimStreamsOut out;
  out.nodes = stream(nodes_row, nodes.take());
  out.keys = stream(keys_row, keys.take());
  out.map = stream(map_row, words_payload(words));
  return out;
}

namespace {

bool same_row(const nres::Entry& a, const nres::Entry& b) {
  return a.type_id == b.type_id && a.attr1 == b.attr1 && a.attr2 == b.attr2 && a.attr3 == b.attr3 &&
         a.name_field == b.name_field;
}

bool same_payload(ByteView a, const ByteBuffer& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size()) == 0);
}

}  // namespace

Result<ByteBuffer> replace_anim_streams(ByteView model, const AnimStreamsOut& streams) {
  auto read = nres::read(model, nres::Profile::compatible);
  if (!read) {
    Error error = std::move(read).error();
    if (error.rule.empty()) error.rule = codes::kAnimModelContainer;
    return error;
  }
  const nres::Archive& archive = *read;
  const StreamOut* replacements[] = {&streams.nodes, &streams.keys, &streams.map};
  const std::uint32_t types[] = {kNodeTableType, kKeyPoolType, kFrameMapType};
  std::vector<nres::Entry> rows = archive.entries;
  std::vector<ByteView> payloads;
  for (std::size_t i = 0; i < rows.size(); ++i) payloads.push_back(archive.payload(i));
  bool unchanged = true;
  for (int s = 0; s < 3; ++s) {
    std::optional<std::size_t> index;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      if (rows[i].type_id != types[s]) continue;
      if (index)
        return invalid_rule(codes::kAnimStreamDuplicate,
                            fmt::format("two type {} streams: entries #{} and #{}", types[s], *index, i));
      index = i;
    }
    if (!index) return invalid_rule(codes::kAnimStreamMissing, fmt::format("no type {} stream in the model", types[s]));
    const StreamOut& r = *replacements[s];
    unchanged = unchanged && same_row(rows[*index], r.entry) && same_payload(payloads[*index], r.payload);
    std::uint32_t offset = rows[*index].data_offset, sort = rows[*index].sort_index;
    rows[*index] = r.entry;
    rows[*index].data_offset = offset;
    rows[*index].sort_index = sort;
    payloads[*index] = r.payload;
  }
  if (unchanged) return ByteBuffer(model.begin(), model.end());
  return nres::write_canonical(rows, payloads);
}

Result<ByteBuffer> build_anim_model(const AnimStreamsOut& streams) {
  const nres::Entry rows[] = {streams.nodes.entry, streams.keys.entry, streams.map.entry};
  const ByteView payloads[] = {streams.nodes.payload, streams.keys.payload, streams.map.payload};
  return nres::write_canonical(rows, payloads);
}

}  // namespace parkan::msh
