// The model questions of docs/evidence.md, counted from the stream layouts of docs/formats/msh.md 1-5
// and docs/formats/msh-animation.md 2: the slot of w in a still node's fallback key, the fallback of an animated
// node, the WEAR row of a batch, UV words, and type 18 beside LIGHTMAPS.
#include <algorithm>
#include <optional>

#include "evidence/raw_nres.hpp"
#include "evidence/quaternion_reading.hpp"
#include "parkan/evidence/tally.hpp"
#include "parkan/msh/anim_types.hpp"
#include "parkan/msh/model.hpp"

namespace parkan::evidence {

namespace {

// The layouts are the format's (parkan/msh/model.hpp, anim_types.hpp); the loops below walk them
// with their own bounds, so that a model the reader refuses still counts what it holds.
using msh::kBatchStride;
using msh::kKeyStride;
using msh::kNodeStride;
constexpr std::int16_t kQuatOne = 32767;  // 1.0 as a key's quaternion word (docs/formats/msh-animation.md 2.1)

const detail::RawRow* first_stream(const std::vector<detail::RawRow>& rows, std::uint32_t type) {
  for (const detail::RawRow& row : rows)
    if (row.type_id == type && row.payload_in_file) return &row;
  return nullptr;
}

bool is_identity_w(std::int16_t v) { return v == kQuatOne || v == -kQuatOne; }

// Among nodes without a map, the fallback key's 32767: where parkan reads w (+0x16,
// docs/formats/msh-animation.md 3.4) or where the other reading does (+0x10, openparkan's),
// docs/evidence.md 3.1. Keys that hold neither (a turned still node) are not counted.
void count_still_keys(ByteView nodes, ByteView keys, Tally& tally) {
  QuestionCounts& q = tally[QuestionId::quaternion_w_slot];
  const std::size_t key_count = keys.size() / kKeyStride;
  for (std::size_t i = 0; i < nodes.size() / kNodeStride; ++i) {
    const std::uint8_t* node = nodes.data() + i * kNodeStride;
    if (load_u16(node + msh::kNodeMapStartOffset) != msh::kNoMap) continue;
    const std::uint16_t fallback = load_u16(node + msh::kNodeFallbackOffset);
    if (fallback >= key_count) {
      q.add_detail("fallback_out_of_range");
      continue;
    }
    const std::uint8_t* key = keys.data() + std::size_t(fallback) * kKeyStride;
    const bool at_parkans = is_identity_w(load_i16(key + kParkanQuatWOffset));
    const bool at_others = is_identity_w(load_i16(key + kOtherQuatWOffset));
    if (at_parkans && !at_others)
      ++q.for_count;
    else if (at_others && !at_parkans)
      ++q.against_count;
    else
      q.add_detail("keys_not_identity");
  }
}

// An animated node's fallback is the last key of its run (docs/formats/msh-animation.md 5.1, docs/evidence.md 3.6):
// the word of its block's last frame names the fallback itself, and no word of the block names a
// later key.
void count_fallbacks(ByteView nodes, ByteView map, std::uint32_t frame_count, Tally& tally) {
  QuestionCounts& q = tally[QuestionId::fallback_is_last_frame];
  const std::size_t words = map.size() / msh::kMapWordSize;
  for (std::size_t i = 0; i < nodes.size() / kNodeStride; ++i) {
    const std::uint8_t* node = nodes.data() + i * kNodeStride;
    const std::uint16_t start = load_u16(node + msh::kNodeMapStartOffset);
    if (start == msh::kNoMap) continue;
    const std::uint16_t fallback = load_u16(node + msh::kNodeFallbackOffset);
    if (frame_count == 0 || std::uint64_t(start) + frame_count > words) {
      q.add_detail("map_block_out_of_range");
      continue;
    }
    bool later = false;
    for (std::uint32_t f = 0; f < frame_count; ++f)
      later = later || load_u16(map.data() + msh::kMapWordSize * (start + f)) > fallback;
    const std::uint16_t last = load_u16(map.data() + msh::kMapWordSize * (start + frame_count - 1));
    if (last == fallback && !later)
      ++q.for_count;
    else
      ++q.against_count;
  }
}

// Byte +4 against the u16 at +2 as the WEAR row (docs/formats/msh.md 5.1, docs/evidence.md 3.5).
void count_batches(ByteView batches, std::uint32_t rows, Tally& tally) {
  QuestionCounts& q = tally[QuestionId::batch_wear_row_byte4];
  for (std::size_t i = 0; i < batches.size() / kBatchStride; ++i) {
    const std::uint8_t* b = batches.data() + i * kBatchStride;
    const bool byte4 = b[4] < rows;
    const bool word2 = load_u16(b + 2) < rows;
    if (byte4)
      ++q.for_count;
    else if (word2)
      ++q.against_count;
    else
      q.add_detail("batches_neither_in_range");
  }
}

void count_uv_words(ByteView uvs, Tally& tally) {
  QuestionCounts& q = tally[QuestionId::uv_u16];
  std::uint64_t high = 0;
  const std::size_t words = uvs.size() / 2;
  for (std::size_t i = 0; i < words; ++i) high += load_u16(uvs.data() + 2 * i) >= 0x8000;
  q.for_count += words - high;
  q.against_count += high;
}

}  // namespace

void count_model(ByteView payload, const std::optional<WearFacts>& wear, Tally& tally) {
  const auto rows = detail::read_raw_nres(payload);
  if (!rows) {
    ++tally.unreadable;
    return;
  }
  ++tally.archives;
  count_nres_sort_table(payload, tally);
  const detail::RawRow* nodes = first_stream(*rows, msh::kNodeTableType);
  if (!nodes) {
    ++tally.unreadable;
    return;
  }
  ++tally.resources;
  const detail::RawRow* keys = first_stream(*rows, msh::kKeyPoolType);
  const detail::RawRow* map = first_stream(*rows, msh::kFrameMapType);
  if (!keys) {
    tally[QuestionId::quaternion_w_slot].add_detail("models_without_keys");
  } else if (nodes->attr3 == msh::kLegacyNodeStride) {
    tally[QuestionId::quaternion_w_slot].add_detail("models_legacy_node_table");
  } else if (nodes->payload.size() % kNodeStride != 0) {
    tally[QuestionId::quaternion_w_slot].add_detail("models_node_table_malformed");
  } else {
    count_still_keys(nodes->payload, keys->payload, tally);
    if (map) count_fallbacks(nodes->payload, map->payload, map->attr2, tally);
  }

  for (const std::uint32_t type : {msh::kUv0Type, msh::kLightmapUvType})
    if (const detail::RawRow* uvs = first_stream(*rows, type)) count_uv_words(uvs->payload, tally);

  const detail::RawRow* batches = first_stream(*rows, msh::kBatchesType);
  // A terrain (docs/formats/msh.md 9.1: type 21, no type 6 or 13) always has type 18, whatever its WEAR.
  if (first_stream(*rows, msh::kTerrainFacesType) && !batches && !first_stream(*rows, msh::kIndicesType)) {
    tally[QuestionId::type18_with_lightmaps].add_detail("terrain_models_skipped");
    return;
  }
  if (!wear) {
    tally[QuestionId::batch_wear_row_byte4].add_detail("models_without_wear");
    tally[QuestionId::type18_with_lightmaps].add_detail("models_without_wear");
    return;
  }
  if (batches) count_batches(batches->payload, wear->material_rows, tally);
  QuestionCounts& lit = tally[QuestionId::type18_with_lightmaps];
  const bool has_18 = std::any_of(rows->begin(), rows->end(), [](const detail::RawRow& r) { return r.type_id == msh::kLightmapUvType; });
  if (has_18 == wear->has_lightmaps)
    ++lit.for_count;
  else
    ++lit.against_count;
  if (has_18 && wear->has_lightmaps) lit.add_detail("models_with_both");
}

}  // namespace parkan::evidence
