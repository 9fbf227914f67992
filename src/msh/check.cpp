// The checks before saving (docs/formats/msh-animation.md 9): the mandatory list as errors, the canonical list
// and the attribute conventions (2.1, 2.2, 5, 8, 10.4) as warnings.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "parkan/msh/codes.hpp"
#include "parkan/core/finding_sink.hpp"
#include "parkan/msh/anim.hpp"

namespace parkan::msh {

namespace {

// The findings in core's finding sink (at most kMaxFindingsPerRule of one rule, then one note).
struct Findings {
  FindingSink sink{codes::kAnimFindingsTruncated};
  template <class... Args>
  void add(Severity severity, const char* code, std::optional<std::uint64_t> offset,
           fmt::format_string<Args...> format, Args&&... args) {
    sink.add(severity, code, offset, fmt::format(format, std::forward<Args>(args)...));
  }
};

// Overlapping map blocks make the per-node word scans quadratic in the file size; past this many
// words in all, the scans of 9.4 and 5.4 stop with a note.
constexpr std::uint64_t kMaxScannedWords = std::uint64_t(1) << 24;

bool whole_non_negative(float t) { return std::isfinite(t) && t >= 0.0f && t == std::floor(t); }

void check_attributes(const AnimStreams& s, Findings& f) {
  const auto warn = [&](const char* code, const nres::Entry& e, const char* field, std::uint32_t have,
                        std::uint32_t want, const char* rule) {
    if (have != want)
      f.add(Severity::warning, code, e.data_offset, "type {} stream: {} is {}, expected {} ({})", e.type_id, field,
            have, want, rule);
  };
  warn(codes::kAnimNodesAttr3, s.nodes_entry, "attr3 (node stride)", s.nodes_entry.attr3, kNodeTableAttr3, "docs/formats/msh.md 1");
  warn(codes::kAnimKeysAttr1, s.keys_entry, "attr1 (key count)", s.keys_entry.attr1, s.key_count, "docs/formats/msh-animation.md 2.1");
  warn(codes::kAnimKeysAttr2, s.keys_entry, "attr2", s.keys_entry.attr2, 0, "docs/formats/msh-animation.md 2.1");
  warn(codes::kAnimKeysAttr3, s.keys_entry, "attr3", s.keys_entry.attr3, kKeyPoolAttr3, "docs/formats/msh-animation.md 2.1");
  warn(codes::kAnimMapAttr1, s.map_entry, "attr1 (word count)", s.map_entry.attr1, s.word_count, "docs/formats/msh-animation.md 2.2");
  warn(codes::kAnimMapAttr3, s.map_entry, "attr3", s.map_entry.attr3, kFrameMapAttr3, "docs/formats/msh-animation.md 2.2");
}

// NaN or infinite positions and times, and quaternion words outside the canonical range.
void check_key_data(const AnimStreams& s, Findings& f) {
  static constexpr const char* kPosNames[3] = {"x", "y", "z"};
  for (std::uint32_t k = 0; k < s.key_count; ++k) {
    const AnimKey key = s.key(k);
    for (int c = 0; c < 3; ++c)
      if (!std::isfinite(key.pos[c]))
        f.add(Severity::error, codes::kAnimKeyFinite, s.key_offset(k) + 4 * c,
              "key {}: position {} is {} (key data must be finite)", k, kPosNames[c], key.pos[c]);
    if (!std::isfinite(key.time))
      f.add(Severity::error, codes::kAnimKeyFinite, s.key_offset(k) + 12, "key {}: time is {} (key data must be finite)",
            k, key.time);
    for (int c = 0; c < 4; ++c)
      if (key.quat_raw[c] == -32768)
        f.add(Severity::warning, codes::kAnimKeyQuatRange, s.key_offset(k) + 16 + 2 * c,
              "key {}: quaternion word {} is -32768, outside [-32767, 32767] (docs/formats/msh-animation.md 10.4)", k, c);
  }
}

}  // namespace

std::vector<Diagnostic> check_anim(const AnimStreams& s) {
  Findings f;
  check_key_data(s, f);
  if (s.layout == NodeLayout::legacy24) {
    f.add(Severity::note, codes::kAnimNodesLegacy, s.nodes_entry.data_offset,
          "legacy node table (24-byte nodes, docs/formats/msh-animation.md 10.3), not sampled: node rules not checked, "
          "passed through unchanged");
    return f.sink.take();
  }
  check_attributes(s, f);
  if (s.frame_count == 0)
    f.add(Severity::error, codes::kAnimFrameCountZero, s.map_entry.data_offset,
          "frame count (Res19 attr2) is 0 (rule 9.6)");

  std::uint64_t previous_fallback = 0;  // of node i - 1
  std::uint64_t map_cursor = 0;         // where the next map block should start (5.3)
  bool blocks_in_order = true;
  std::uint32_t animated_nodes = 0;
  float max_end_time = 0.0f;
  bool max_end_known = true;
  std::uint64_t scanned_words = 0;
  bool scans_stopped = false;

  for (std::uint32_t i = 0; i < s.node_count; ++i) {
    const std::uint16_t map_start = s.node_map_start(i);
    const std::uint16_t fallback = s.node_fallback(i);
    const bool has_map = map_start != kNoMap;
    const std::uint64_t node_at = s.node_offset(i);
    const std::uint64_t start = i == 0 ? 0 : previous_fallback + 1;  // 5.1
    previous_fallback = fallback;

    // 9.2
    const bool fallback_ok = fallback < s.key_count;
    if (!fallback_ok)
      f.add(Severity::error, codes::kAnimNodeFallbackRange, node_at + kNodeFallbackOffset,
            "node {}: fallback key {} is past the key pool ({} keys) (rule 9.2)", i, fallback, s.key_count);
    // 9.3
    bool block_ok = false;
    if (has_map) {
      ++animated_nodes;
      block_ok = std::uint64_t(map_start) + s.frame_count <= s.word_count;
      if (!block_ok)
        f.add(Severity::error, codes::kAnimNodeMapRange, node_at + kNodeMapStartOffset,
              "node {}: map block {}..{} is past the frame map ({} words) (rule 9.3)", i, map_start,
              std::uint64_t(map_start) + s.frame_count, s.word_count);
      if (blocks_in_order && map_start != map_cursor) {
        f.add(Severity::warning, codes::kAnimMapBlockOrder, node_at + kNodeMapStartOffset,
              "node {}: map block starts at word {}, expected {} (blocks follow each other in node order without "
              "holes or overlap, docs/formats/msh-animation.md 5.3)",
              i, map_start, map_cursor);
        blocks_in_order = false;
      }
      map_cursor = std::uint64_t(map_start) + s.frame_count;
    }
    // 9.4: every word below the fallback must have a next key.
    if (block_ok && !scans_stopped) {
      scanned_words += 2 * std::uint64_t(s.frame_count);
      if (scanned_words > kMaxScannedWords) {
        scans_stopped = true;
        block_ok = false;
        f.add(Severity::note, codes::kAnimMapScanLimit, node_at + kNodeMapStartOffset,
              "node {}: map word checks stopped after {} words (overlapping map blocks)", i, kMaxScannedWords);
      }
    } else {
      block_ok = false;
    }
    if (block_ok) {
      std::uint32_t bad = 0, first_frame = 0, first_value = 0;
      for (std::uint32_t frame = 0; frame < s.frame_count; ++frame) {
        const std::uint16_t v = load_u16(s.map.data() + (std::size_t(map_start) + frame) * kMapWordSize);
        if (v < fallback && std::uint32_t(v) + 1 >= s.key_count) {
          if (bad++ == 0) first_frame = frame, first_value = v;
        }
      }
      if (bad > 0)
        f.add(Severity::error, codes::kAnimMapNextKey, s.word_offset(std::uint64_t(map_start) + first_frame),
              "node {}: frame {} maps to key {}, whose next key is past the key pool ({} keys) (rule 9.4){}", i,
              first_frame, first_value, s.key_count,
              bad > 1 ? fmt::format("; {} such words in the block", bad) : std::string());
    }

    // The track Res8[start .. fallback] (5.1); undefined when the fallbacks do not increase.
    if (i > 0 && fallback < start) {
      f.add(Severity::warning, codes::kAnimNodeFallbackOrder, node_at + kNodeFallbackOffset,
            "node {}: fallback key {} is not after the previous node's {} (fallback keys increase, "
            "docs/formats/msh-animation.md 5.1); its track is empty",
            i, fallback, start - 1);
      max_end_known = false;
      continue;
    }
    if (!fallback_ok) {
      max_end_known = false;
      continue;
    }
    const std::uint64_t length = fallback - start + 1;
    // 9.5
    for (std::uint64_t k = start + 1; k <= fallback; ++k) {
      float before = load_f32(s.keys.data() + (k - 1) * kKeyStride + 12);
      float here = load_f32(s.keys.data() + k * kKeyStride + 12);
      if (!(here > before)) {
        f.add(Severity::error, codes::kAnimKeyTimeOrder, s.key_offset(k) + 12,
              "node {}: key {} time {} does not follow key {} time {} (times increase, rule 9.5)", i, k, here, k - 1,
              before);
        break;
      }
    }
    if (has_map && length < 2)
      f.add(Severity::error, codes::kAnimTrackMapKeys, node_at + kNodeMapStartOffset,
            "node {}: has a frame map but its track has {} key (rule 9.5 needs 2)", i, length);
    if (!has_map && length != 1)
      f.add(Severity::warning, codes::kAnimTrackUnmappedKeys, node_at + kNodeFallbackOffset,
            "node {}: no frame map but {} keys; only key {} is ever shown (docs/formats/msh-animation.md 5.1)", i, length,
            fallback);

    // Canonical times (5.2).
    const float first_time = load_f32(s.keys.data() + start * kKeyStride + 12);
    const float end_time = load_f32(s.keys.data() + std::size_t(fallback) * kKeyStride + 12);
    if (first_time != 0.0f)
      f.add(Severity::warning, codes::kAnimTrackStartTime, s.key_offset(start) + 12,
            "node {}: track starts at time {}, expected 0 (docs/formats/msh-animation.md 5.2)", i, first_time);
    for (std::uint64_t k = start; k <= fallback; ++k) {
      float t = load_f32(s.keys.data() + k * kKeyStride + 12);
      if (!whole_non_negative(t)) {
        f.add(Severity::warning, codes::kAnimKeyWholeTime, s.key_offset(k) + 12,
              "node {}: key {} time {} is not a whole non-negative frame (docs/formats/msh-animation.md 5.2)", i, k, t);
        break;
      }
    }
    if (std::isfinite(end_time))
      max_end_time = std::max(max_end_time, end_time);
    else
      max_end_known = false;

    // Canonical map words (5.4): fallback frames written == fallback, the others the segment's left key.
    if (block_ok && length >= 2) {
      std::uint64_t segment = start;
      for (std::uint32_t frame = 0; frame < s.frame_count; ++frame) {
        const float t = static_cast<float>(frame);
        std::uint64_t want;
        if (t < first_time || t >= end_time) {
          want = fallback;
        } else {
          while (segment + 1 < fallback && load_f32(s.keys.data() + (segment + 1) * kKeyStride + 12) <= t) ++segment;
          want = segment;
        }
        const std::uint16_t have = load_u16(s.map.data() + (std::size_t(map_start) + frame) * kMapWordSize);
        if (have != want) {
          f.add(Severity::warning, codes::kAnimMapCanonicalWord, s.word_offset(std::uint64_t(map_start) + frame),
                "node {}: frame {} maps to key {}, the canonical map has {} (docs/formats/msh-animation.md 5.4)", i, frame, have,
                want);
          break;
        }
      }
    }
  }

  // 9 canonical 3: frame_count == max end time + 1.
  if (max_end_known && s.node_count > 0 && whole_non_negative(max_end_time) &&
      double(s.frame_count) != double(max_end_time) + 1.0)
    f.add(Severity::warning, codes::kAnimFrameCountCanonical, s.map_entry.data_offset,
          "frame count {} is not the last key time {} + 1 (docs/formats/msh-animation.md 5.2)", s.frame_count, max_end_time);
  // 9 canonical 4 / 5.3: the blocks cover the map exactly.
  if (blocks_in_order && map_cursor != s.word_count)
    f.add(Severity::warning, codes::kAnimMapCoverage, s.map_entry.data_offset,
          "frame map has {} words, the {} map blocks cover {} (docs/formats/msh-animation.md 5.3)", s.word_count, animated_nodes,
          map_cursor);
  if (animated_nodes == 0 && s.frame_count != kStaticFrameCount)
    f.add(Severity::warning, codes::kAnimFrameCountStatic, s.map_entry.data_offset,
          "static model (no node has a map): frame count is {}, expected 1 (docs/formats/msh-animation.md 5.3)", s.frame_count);
  return f.sink.take();
}

std::vector<Diagnostic> check_anim(ByteView model) {
  auto streams = read_anim_streams(model);
  if (!streams) return {to_diagnostic(streams.error(), codes::kAnimModelContainer)};
  return check_anim(*streams);
}

}  // namespace parkan::msh
