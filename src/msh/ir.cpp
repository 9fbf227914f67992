// The editor IR from the streams (docs/formats/msh-animation.md 5.1, 6, 7).
#include <algorithm>

#include <fmt/format.h>

#include "parkan/msh/codes.hpp"
#include "parkan/msh/anim.hpp"

namespace parkan::msh {

namespace {
// Blocks may overlap (only a canonical warning), so every track copying its own map could make
// the IR far larger than the file; past this many words in all, the IR is refused.
constexpr std::uint64_t kMaxIrMapWords = std::uint64_t(1) << 24;
}  // namespace

Result<AnimTracks> read_anim_tracks(const AnimStreams& s) {
  AnimTracks m;
  m.frame_count = s.frame_count;
  m.layout = s.layout;
  m.nodes_entry = s.nodes_entry;
  m.keys_entry = s.keys_entry;
  m.map_entry = s.map_entry;
  m.map_words.resize(s.word_count);
  for (std::uint32_t w = 0; w < s.word_count; ++w) m.map_words[w] = load_u16(s.map.data() + std::size_t(w) * 2);

  if (s.layout == NodeLayout::legacy24) {
    m.legacy_nodes.assign(s.nodes.begin(), s.nodes.end());
    for (std::uint32_t k = 0; k < s.key_count; ++k) m.extra_keys.push_back(s.key(k));
    return m;
  }

  std::uint32_t start = 0;
  std::uint64_t ir_words = 0;
  m.tracks.resize(s.node_count);
  for (std::uint32_t i = 0; i < s.node_count; ++i) {
    NodeAnimTrack& track = m.tracks[i];
    track.node_index = i;
    std::copy_n(s.nodes.data() + std::size_t(i) * kNodeStride, kNodeStride, track.node_bytes.begin());
    track.map_start = s.node_map_start(i);
    track.fallback_key = s.node_fallback(i);
    track.has_map = track.map_start != kNoMap;
    if (track.fallback_key >= s.key_count)
      return invalid_rule(codes::kAnimNodeFallbackRange,
                          fmt::format("node {}: fallback key {} is past the key pool ({} keys) (rule 9.2)", i,
                                      track.fallback_key, s.key_count),
                          s.node_offset(i) + kNodeFallbackOffset);
    if (track.fallback_key < start)
      return invalid_rule(codes::kAnimNodeFallbackOrder,
                          fmt::format("node {}: fallback key {} does not follow the previous node's fallback key {}, "
                                      "so the key pool cannot be split into tracks (docs/formats/msh-animation.md 5.1)",
                                      i, track.fallback_key, start - 1),
                          s.node_offset(i) + kNodeFallbackOffset);
    for (std::uint32_t k = start; k <= track.fallback_key; ++k) track.keys.push_back(s.key(k));
    if (track.has_map) {
      if (std::uint64_t(track.map_start) + s.frame_count > s.word_count)
        return invalid_rule(codes::kAnimNodeMapRange,
                            fmt::format("node {}: map block {}..{} is past the frame map ({} words) (rule 9.3)", i,
                                        track.map_start, std::uint64_t(track.map_start) + s.frame_count,
                                        s.word_count),
                            s.node_offset(i) + kNodeMapStartOffset);
      ir_words += s.frame_count;
      if (ir_words > kMaxIrMapWords)
        return invalid_rule(codes::kAnimTracksMapLimit,
                            fmt::format("node {}: the frame maps of the tracks so far hold {} words, more than the "
                                        "IR takes ({}); the map blocks overlap",
                                        i, ir_words, kMaxIrMapWords),
                            s.node_offset(i) + kNodeMapStartOffset);
      track.frame_map.assign(m.map_words.begin() + track.map_start,
                             m.map_words.begin() + track.map_start + s.frame_count);
    }
    start = track.fallback_key + 1u;
  }
  for (std::uint32_t k = start; k < s.key_count; ++k) m.extra_keys.push_back(s.key(k));
  return m;
}

}  // namespace parkan::msh
