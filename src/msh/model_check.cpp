// The model checks (docs/formats/msh.md 8, and 9 for terrain): every rule as its own code, the element in the
// message, the offset inside the model NRes when the model was read from one. The codes are listed
// at check_model in model.hpp.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "parkan/msh/codes.hpp"
#include "msh/model_codec.hpp"
#include "parkan/core/finding_sink.hpp"
#include "parkan/msh/model.hpp"
#include "parkan/nres/archive.hpp"

namespace parkan::msh {

namespace {

constexpr std::uint32_t kMaxKnownType = 21;
constexpr std::size_t kTerrainPairStride = 4;  // types 11 and 14 (docs/formats/msh.md 9)
constexpr std::size_t kFaceVertexOffset = 0x08;

// A rule broken by many elements (a hostile model of 65535 bad slots) is listed kMaxFindingsPerRule
// times, then summed up in one note (core's finding sink).
class ModelFindings {
 public:
  template <class... Args>
  void add(Severity severity, const char* code, std::optional<std::uint64_t> offset,
           fmt::format_string<Args...> format, Args&&... args) {
    sink_.add(severity, code, offset, fmt::format(format, std::forward<Args>(args)...));
  }
  std::vector<Diagnostic> take() { return sink_.take(); }

 private:
  FindingSink sink_{codes::kFindingsTruncated};
};

bool finite(const Vec3& v) { return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]); }

class ModelChecker {
 public:
  explicit ModelChecker(const Model& m) : m_(m), built_(m.container.empty()) { locate_streams(); }

  std::vector<Diagnostic> run() {
    check_streams();
    check_vertex_streams();
    check_nodes();
    check_bounds();
    check_slots();
    if (m_.kind == ModelKind::model) {
      check_batches();
      check_triangle_links();
    } else {
      check_terrain();
    }
    check_node_names();
    check_path_graph();
    check_strings();
    check_attributes();
    return f_.take();
  }

 private:
  const Model& m_;
  const bool built_;  // no container: the writer adds the corpus streams, offsets are unknown
  ModelFindings f_;
  std::array<std::optional<std::uint64_t>, kMaxKnownType + 1> base_{};  // first stream of each type

  // The offsets of the streams in the container, when it is the model's (same rows).
  void locate_streams() {
    if (built_) return;
    auto archive = nres::read(m_.container, nres::Profile::compatible);
    if (!archive || archive->entries.size() != m_.streams.size()) return;
    for (std::size_t i = 0; i < m_.streams.size(); ++i) {
      const nres::Entry& e = archive->entries[i];
      if (e.type_id != m_.streams[i].type_id) return;
      if (e.type_id <= kMaxKnownType && !base_[e.type_id]) base_[e.type_id] = e.data_offset;
    }
  }
  std::optional<std::uint64_t> at(std::uint32_t type_id, std::uint64_t offset) const {
    if (!base_[type_id]) return std::nullopt;
    return *base_[type_id] + offset;
  }
  // Whether the model has (or, built in code, will be written with) a stream of this type.
  bool present(std::uint32_t type_id) const {
    if (m_.has_stream(type_id)) return true;
    if (!built_) return false;
    static constexpr std::uint32_t kCorpus[] = {1, 2, 3, 4, 5, 15, 13, 6, 7, 8, 19, 9, 10, 17};
    return std::find(std::begin(kCorpus), std::end(kCorpus), type_id) != std::end(kCorpus);
  }
  std::size_t vertex_count() const { return m_.positions.size(); }
  // Descriptors, or terrain faces (docs/formats/msh.md 9: slot tri range = face range); none when the face
  // stream has a remainder (its own finding).
  std::optional<std::size_t> triangle_count() const {
    if (m_.kind == ModelKind::model) return m_.triangles.size();
    const StreamRow* faces = m_.stream(kTerrainFacesType);
    if (faces && faces->payload.size() % kTerrainFaceStride != 0) return std::nullopt;
    return faces ? faces->payload.size() / kTerrainFaceStride : 0;
  }

  void check_streams() {
    static constexpr std::uint32_t kModelRequired[] = {kNodeTableType, kSlotsType, kPositionsType, kIndicesType,
                                                       kBatchesType};
    static constexpr std::uint32_t kTerrainRequired[] = {kNodeTableType, kSlotsType, kPositionsType,
                                                         kTerrainFacesType};
    const bool terrain = m_.kind == ModelKind::terrain;
    for (std::uint32_t type : terrain ? std::span<const std::uint32_t>(kTerrainRequired)
                                      : std::span<const std::uint32_t>(kModelRequired))
      if (!present(type))
        f_.add(Severity::error, codes::kStreamMissing, std::nullopt,
               "no type {} stream ({}): a {} needs types {} (docs/formats/msh.md {})", type, detail::stream_code_name(type),
               terrain ? "terrain" : "model", terrain ? "1, 2, 3, 21" : "1, 2, 3, 6, 13", terrain ? "9" : "1");
    static constexpr std::uint32_t kTyped[] = {1, 2, 3, 4, 5, 6, 7, 9, 10, 13, 17, 18};
    for (std::uint32_t type : kTyped) {
      std::size_t count = 0;
      for (std::size_t i = 0; i < m_.streams.size(); ++i)
        if (m_.streams[i].type_id == type && ++count == 2)
          f_.add(Severity::warning, codes::kStreamDuplicate, std::nullopt,
                 "stream #{} is a second type {} stream ({}): the engine takes the first, this one is kept raw", i,
                 type, detail::stream_code_name(type));
    }
  }

  // docs/formats/msh.md 8: counts of 4/5 (and 15/16/18 when present) equal the vertex count.
  void check_vertex_streams() {
    const std::size_t vertices = vertex_count();
    if (present(kNormalsType) && m_.normals.size() != vertices)
      f_.add(Severity::error, codes::kNormalsCount, at(kNormalsType, 0),
             "type 4 (normals) holds {} normals for {} vertices (docs/formats/msh.md 8)", m_.normals.size(), vertices);
    if (present(kUv0Type) && m_.uv0.size() != vertices)
      f_.add(Severity::error, codes::kUv0Count, at(kUv0Type, 0), "type 5 (UV0) holds {} UVs for {} vertices (docs/formats/msh.md 8)",
             m_.uv0.size(), vertices);
    check_raw_vertex_stream(15, detail::kExtraVertexStride, codes::kStream15Stride, codes::kStream15Count);
    check_raw_vertex_stream(16, detail::kExtraVertexStride, codes::kStream16Stride, codes::kStream16Count);
    const bool lightmap_row = m_.has_stream(kLightmapUvType) || (built_ && !m_.lightmap_uv.empty());
    if (lightmap_row && m_.lightmap_uv.size() != vertices)
      f_.add(Severity::error, codes::kLightmapUvCount, at(kLightmapUvType, 0),
             "type 18 (lightmap UVs) holds {} UVs for {} vertices (docs/formats/msh.md 4.3)", m_.lightmap_uv.size(),
             vertices);
    for (std::size_t i = 0; i < m_.positions.size(); ++i)
      if (!finite(m_.positions[i]))
        f_.add(Severity::warning, codes::kPositionsFinite, at(kPositionsType, i * kPositionStride),
               "vertex {}: position ({}, {}, {}) is not finite", i, m_.positions[i][0], m_.positions[i][1],
               m_.positions[i][2]);
  }
  void check_raw_vertex_stream(std::uint32_t type, std::size_t stride, const char* stride_code,
                               const char* count_code) {
    const StreamRow* row = m_.stream(type);
    if (!row) return;  // a built model's type 15 is filled by the writer
    if (row->payload.size() % stride != 0) {
      f_.add(Severity::error, stride_code, at(type, 0), "type {}: size {} is not a multiple of {} (docs/formats/msh.md 1)", type,
             row->payload.size(), stride);
      return;
    }
    if (built_ && type == 15 && row->payload.empty()) return;
    if (row->payload.size() / stride != vertex_count())
      f_.add(Severity::error, count_code, at(type, 0), "type {} holds {} elements for {} vertices (docs/formats/msh.md 8)", type,
             row->payload.size() / stride, vertex_count());
  }

  // docs/formats/msh.md 2, 7, 8: parents precede children; slot ids are 0xFFFF or below the slot count.
  void check_nodes() {
    if (m_.node_layout == NodeLayout::legacy24) {
      f_.add(Severity::note, codes::kNodesLegacy, at(kNodeTableType, 0),
             "24-byte node table (docs/formats/msh.md 2): no known decoder, node rules not checked, passed through unchanged");
      return;
    }
    for (std::size_t i = 0; i < m_.nodes.size(); ++i) {
      const Node& node = m_.nodes[i];
      const std::uint64_t node_at = i * kNodeStride;
      if (node.parent == i)
        f_.add(Severity::error, codes::kNodeParentSelf, at(kNodeTableType, node_at + kNodeParentOffset),
               "node {}: its own parent (docs/formats/msh.md 7)", i);
      else if (node.parent != kNoParent && node.parent > i)
        f_.add(Severity::error, codes::kNodeParentForward, at(kNodeTableType, node_at + kNodeParentOffset),
               "node {}: parent {} does not precede it{} (docs/formats/msh.md 7: parent < child)", i, node.parent,
               node.parent >= m_.nodes.size() ? fmt::format(", and there are {} nodes", m_.nodes.size()) : "");
      for (std::size_t stage = 0; stage < kDamageStageCount; ++stage)
        for (std::size_t level = 0; level < kLevelCount; ++level) {
          const std::uint16_t slot = node.slot(stage, level);
          if (slot != kNoSlot && slot >= m_.slots.size())
            f_.add(Severity::error, codes::kSlotRange,
                   at(kNodeTableType, node_at + detail::kNodeSlotsOffset + 2 * (kLevelCount * stage + level)),
                   "node {}: slot [stage {}][level {}] is {}, past the {} slots of type 2 (docs/formats/msh.md 8)", i,
                   stage, level, slot, m_.slots.size());
        }
      check_node_levels(i, node);
    }
  }

  // docs/formats/msh.md 2.2, 2.3: a cockpit node (flag 0x20) draws in level 4 only; damage stages are
  // filled in order (stage s + 1 only where stage s has geometry).
  void check_node_levels(std::size_t i, const Node& node) {
    const auto stage_filled = [&](std::size_t stage) {
      for (std::uint16_t slot : node.slots[stage])
        if (slot != kNoSlot) return true;
      return false;
    };
    for (std::size_t stage = 1; stage < kDamageStageCount; ++stage)
      if (stage_filled(stage) && !stage_filled(stage - 1)) {
        f_.add(Severity::warning, codes::kNodeStageOrder, at(kNodeTableType, i * kNodeStride + detail::kNodeSlotsOffset),
               "node {}: damage stage {} has slots but stage {} has none (docs/formats/msh.md 2.2: stages are filled "
               "in order)",
               i, stage, stage - 1);
        break;
      }
    if ((node.flags & kNodeCockpit) == 0) return;
    bool cockpit_slot = false, other_slot = false;
    for (std::size_t stage = 0; stage < kDamageStageCount; ++stage)
      for (std::size_t level = 0; level < kLevelCount; ++level)
        if (node.slot(stage, level) != kNoSlot) (level == kCockpitLevel ? cockpit_slot : other_slot) = true;
    if (other_slot || !cockpit_slot)
      f_.add(Severity::warning, codes::kNodeCockpit, at(kNodeTableType, i * kNodeStride),
             "node {}: flag 0x20 (cockpit) on a node whose geometry is {} (docs/formats/msh.md 2.3: a cockpit node "
             "draws in level 4 only)",
             i, other_slot ? "in levels 0..3" : "absent");
  }

  void check_bounds() {
    const ModelBounds& b = m_.bounds;
    std::array<float, 35> values{};
    std::size_t n = 0;
    for (const Vec3& c : b.corners)
      for (float v : c) values[n++] = v;
    for (float v : b.sphere) values[n++] = v;
    for (float v : b.segment_bottom) values[n++] = v;
    for (float v : b.segment_top) values[n++] = v;
    values[n++] = b.xy_radius;
    for (std::size_t i = 0; i < values.size(); ++i)
      if (!std::isfinite(values[i])) {
        f_.add(Severity::error, codes::kBoundsFinite, at(kSlotsType, 4 * i),
               "model header float {} (at +0x{:X}) is {}: the model bounds must be finite (docs/formats/msh.md 3)", i, 4 * i,
               values[i]);
        return;
      }
  }

  // docs/formats/msh.md 8: slot ranges inside types 7 and 13; AABB and sphere finite, min <= max, radius >= 0.
  void check_slots() {
    const std::optional<std::size_t> triangles = triangle_count();
    const char* triangle_stream = m_.kind == ModelKind::model ? "descriptors of type 7" : "faces of type 21";
    for (std::size_t j = 0; j < m_.slots.size(); ++j) {
      const Slot& s = m_.slots[j];
      const std::uint64_t slot_at = kModelHeaderSize + j * kSlotStride;
      if (triangles && std::size_t(s.tri_start) + s.tri_count > *triangles)
        f_.add(Severity::error, codes::kSlotTriangles, at(kSlotsType, slot_at),
               "slot {}: triangles {}..{} are past the {} {} (docs/formats/msh.md 8)", j, s.tri_start,
               std::size_t(s.tri_start) + s.tri_count, *triangles, triangle_stream);
      if (m_.kind == ModelKind::model && std::size_t(s.batch_start) + s.batch_count > m_.batches.size())
        f_.add(Severity::error, codes::kSlotBatches, at(kSlotsType, slot_at + 4),
               "slot {}: batches {}..{} are past the {} batches of type 13 (docs/formats/msh.md 8)", j, s.batch_start,
               std::size_t(s.batch_start) + s.batch_count, m_.batches.size());
      bool aabb_ok = finite(s.aabb_min) && finite(s.aabb_max);
      for (int k = 0; k < 3 && aabb_ok; ++k) aabb_ok = s.aabb_min[k] <= s.aabb_max[k];
      if (!aabb_ok)
        f_.add(Severity::error, codes::kSlotAabb, at(kSlotsType, slot_at + detail::kSlotAabbOffset),
               "slot {}: AABB min ({}, {}, {}) max ({}, {}, {}) is not finite with min <= max (docs/formats/msh.md 8)", j,
               s.aabb_min[0], s.aabb_min[1], s.aabb_min[2], s.aabb_max[0], s.aabb_max[1], s.aabb_max[2]);
      if (!finite(s.sphere_center) || !std::isfinite(s.sphere_radius) || !(s.sphere_radius >= 0.0f))
        f_.add(Severity::error, codes::kSlotSphere, at(kSlotsType, slot_at + 0x20),
               "slot {}: sphere centre ({}, {}, {}) radius {} is not finite with radius >= 0 (docs/formats/msh.md 8)", j,
               s.sphere_center[0], s.sphere_center[1], s.sphere_center[2], s.sphere_radius);
    }
  }

  // docs/formats/msh.md 5, 8: index slices inside type 6, whole triangles, every vertex below the vertex count.
  void check_batches() {
    const std::size_t vertices = vertex_count();
    for (std::size_t j = 0; j < m_.batches.size(); ++j) {
      const Batch& b = m_.batches[j];
      const std::uint64_t batch_at = j * kBatchStride;
      check_batch_fields(j, b);
      if (b.index_count % 3 != 0)
        f_.add(Severity::error, codes::kBatchIndexCount, at(kBatchesType, batch_at + 8),
               "batch {}: index count {} is not a multiple of 3 (triangle lists, docs/formats/msh.md 5)", j, b.index_count);
      if (std::uint64_t(b.index_start) + b.index_count > m_.indices.size()) {
        f_.add(Severity::error, codes::kBatchIndices, at(kBatchesType, batch_at + detail::kBatchIndexStartOffset),
               "batch {}: indices {}..{} are past the {} indices of type 6 (docs/formats/msh.md 8)", j, b.index_start,
               std::uint64_t(b.index_start) + b.index_count, m_.indices.size());
        continue;
      }
      std::size_t bad = 0, first_bad = 0;
      std::uint16_t largest = 0;
      for (std::size_t k = 0; k < b.index_count; ++k) {
        const std::uint16_t index = m_.indices[b.index_start + k];
        largest = std::max(largest, index);
        if (std::uint64_t(b.base_vertex) + index >= vertices && bad++ == 0) first_bad = k;
      }
      // Judged on batches whose indices all reach a vertex (otherwise msh.index.vertex says it).
      const std::uint32_t want_vertex_count = b.index_count ? std::uint32_t(largest) + 1 : 0;
      if (bad == 0 && b.vertex_count != want_vertex_count)
        f_.add(Severity::error, codes::kBatchVertexCount, at(kBatchesType, batch_at + detail::kBatchVertexCountOffset),
               "batch {}: vertex count {} at +0x0E, the largest index of the batch + 1 is {} (docs/formats/msh.md 5.1)",
               j, b.vertex_count, want_vertex_count);
      if (bad) {
        const std::uint16_t index = m_.indices[b.index_start + first_bad];
        f_.add(Severity::error, codes::kIndexVertex, at(kIndicesType, (std::uint64_t(b.index_start) + first_bad) * 2),
               "batch {}: index {} of type 6 is {}, base vertex {} + {} is past the {} vertices ({} such indices in "
               "the batch; docs/formats/msh.md 8)",
               j, b.index_start + first_bad, index, b.base_vertex, index, vertices, bad);
      }
    }
  }

  // docs/formats/msh.md 5.1, 5.2: the lightmap byte, the portal room and the word's bits.
  void check_batch_fields(std::size_t j, const Batch& b) {
    const std::uint64_t batch_at = j * kBatchStride;
    if (b.word > kBatchWordMask)
      f_.add(Severity::warning, codes::kBatchWord, at(kBatchesType, batch_at),
             "batch {}: word 0x{:08X} has bits 0x{:X} above 0x4000, set on no retail batch (a WEAR row at +2 is the "
             "old reading; docs/formats/msh.md 5.2)",
             j, b.word, b.word & ~kBatchWordMask);
    if (b.lightmap != kBatchLightmapped && b.lightmap != kBatchUnlit)
      f_.add(Severity::error, codes::kBatchLightmap, at(kBatchesType, batch_at + detail::kBatchLightmapOffset),
             "batch {}: lightmap byte 0x{:02X} at +5 is neither 0x00 (lightmapped) nor 0xFF (unlit) "
             "(docs/formats/msh.md 5.1)",
             j, b.lightmap);
    else if ((b.lightmap == kBatchLightmapped) != ((b.word & kBatchWordLightmapped) != 0))
      f_.add(Severity::warning, codes::kBatchLightmapWord, at(kBatchesType, batch_at),
             "batch {}: lightmap byte 0x{:02X} but word bit 0x2000 {} (docs/formats/msh.md 5.2: they go together)", j,
             b.lightmap, (b.word & kBatchWordLightmapped) ? "set" : "clear");
    if (b.lightmap == kBatchLightmapped && !lightmap_uv_present())
      f_.add(Severity::error, codes::kBatchLightmapUv, at(kBatchesType, batch_at + detail::kBatchLightmapOffset),
             "batch {}: lightmapped (+5 = 0x00) in a model without type 18 lightmap UVs (docs/formats/msh.md 4.3)", j);
    if (b.room != kNoRoom && m_.node_layout == NodeLayout::node38 && b.room >= m_.nodes.size())
      f_.add(Severity::error, codes::kBatchRoom, at(kBatchesType, batch_at + detail::kBatchRoomOffset),
             "batch {}: room {} at +6 is past the {} nodes (docs/formats/msh.md 5.1)", j, b.room, m_.nodes.size());
    if ((b.room != kNoRoom) != ((b.word & kBatchWordPortal) != 0))
      f_.add(Severity::warning, codes::kBatchPortalRoom, at(kBatchesType, batch_at + detail::kBatchRoomOffset),
             "batch {}: {} (docs/formats/msh.md 5.1: a room exactly on portal batches, word bit 0x8)", j,
             b.room == kNoRoom ? "a portal (word bit 0x8) without a room" : "a room on a batch that is not a portal");
  }
  bool lightmap_uv_present() const {
    return m_.has_stream(kLightmapUvType) || (built_ && !m_.lightmap_uv.empty());
  }

  // docs/formats/msh.md 6.1: edge k of a triangle names its twin triangle in link[k] and the twin's edge
  // in bits 2k..2k+1 of +0x0E; an open edge has link 0xFFFF and code 3. The twin links back.
  void check_triangle_links() {
    const std::size_t count = m_.triangles.size();
    for (std::size_t t = 0; t < count; ++t) {
      const TriangleDesc& d = m_.triangles[t];
      for (std::size_t k = 0; k < 3; ++k) {
        const std::uint16_t link = d.link[k];
        const unsigned code = d.edge_code(k);
        const std::uint64_t link_at = t * kTriangleStride + 2 + 2 * k;
        if (link == kNoTwin) {
          if (code != kOpenEdge)
            f_.add(Severity::warning, codes::kTriangleEdgeCode, at(kTrianglesType, t * kTriangleStride + 0x0E),
                   "triangle {}: edge {} is open (link 0xFFFF) but its code is {}, not 3 (docs/formats/msh.md 6.1)", t,
                   k, code);
          continue;
        }
        if (link >= count) {
          f_.add(Severity::error, codes::kTriangleLink, at(kTrianglesType, link_at),
                 "triangle {}: edge {} links triangle {}, past the {} triangles (docs/formats/msh.md 6.1)", t, k, link,
                 count);
          continue;
        }
        if (code == kOpenEdge || m_.triangles[link].link[code] != t)
          f_.add(Severity::warning, codes::kTriangleEdgeCode, at(kTrianglesType, t * kTriangleStride + 0x0E),
                 "triangle {}: edge {} links triangle {} with code {}, {} (docs/formats/msh.md 6.1)", t, k, link, code,
                 code == kOpenEdge ? "the open-edge code" : fmt::format("whose edge {} does not link back", code));
      }
    }
  }

  // docs/formats/msh.md 6.5: one 32-byte name per node; an empty type 9 leaves the nodes unnamed.
  void check_node_names() {
    if (m_.node_layout != NodeLayout::node38) return;
    if (!m_.node_names.empty() && m_.node_names.size() != m_.nodes.size())
      f_.add(Severity::error, codes::kNodeNamesCount, at(kNodeNamesType, 0),
             "type 9 holds {} node names for {} nodes (docs/formats/msh.md 6.5: one 32-byte name per node)",
             m_.node_names.size(), m_.nodes.size());
  }

  // docs/formats/msh.md 6.6: attr2 counts the links; links join path nodes; a point's frame is a model node.
  void check_path_graph() {
    if (const StreamRow* row = m_.stream(kPathGraphType); row && !built_ && row->attr2 != m_.path_links.size())
      f_.add(Severity::error, codes::kPathCount, at(kPathGraphType, 0),
             "type 17: attr2 is {} links, the payload holds {} after its {} nodes (docs/formats/msh.md 6.6)",
             row->attr2, m_.path_links.size(), m_.path_nodes.size());
    const std::uint64_t links_at = m_.path_nodes.size() * kPathNodeStride;
    for (std::size_t l = 0; l < m_.path_links.size(); ++l) {
      const PathLink& link = m_.path_links[l];
      if (link.from >= m_.path_nodes.size() || link.to >= m_.path_nodes.size())
        f_.add(Severity::error, codes::kPathLinkNode, at(kPathGraphType, links_at + l * kPathLinkStride),
               "path link {}: {} -> {}, past the {} path nodes (docs/formats/msh.md 6.6)", l, link.from, link.to,
               m_.path_nodes.size());
    }
    if (m_.node_layout != NodeLayout::node38) return;
    for (std::size_t p = 0; p < m_.path_nodes.size(); ++p)
      if (m_.path_nodes[p].frame_node >= m_.nodes.size())
        f_.add(Severity::error, codes::kPathFrameNode,
               at(kPathGraphType, p * kPathNodeStride + detail::kPathNodeFrameOffset),
               "path node {}: frame node {} is past the {} nodes (docs/formats/msh.md 6.6)", p,
               m_.path_nodes[p].frame_node, m_.nodes.size());
  }

  // docs/formats/msh.md 9: the terrain streams' strides, face vertices inside the vertex stream.
  void check_terrain() {
    const auto stride = [&](std::uint32_t type, std::size_t size, const char* code) -> const StreamRow* {
      const StreamRow* row = m_.stream(type);
      if (!row) return nullptr;
      if (row->payload.size() % size == 0) return row;
      f_.add(Severity::error, code, at(type, 0), "type {}: size {} is not a multiple of {} (docs/formats/msh.md 9)", type,
             row->payload.size(), size);
      return nullptr;
    };
    stride(kTerrainPairsType, kTerrainPairStride, codes::kTerrainPairsStride);
    stride(kTerrainAuxType, kTerrainPairStride, codes::kTerrainAuxStride);
    const StreamRow* faces = stride(kTerrainFacesType, kTerrainFaceStride, codes::kTerrainFacesStride);
    if (!faces) return;
    const std::size_t vertices = vertex_count();
    for (std::size_t i = 0; i < faces->payload.size() / kTerrainFaceStride; ++i) {
      const std::uint8_t* face = faces->payload.data() + i * kTerrainFaceStride;
      for (std::size_t k = 0; k < 3; ++k) {
        const std::uint16_t v = load_u16(face + kFaceVertexOffset + 2 * k);
        if (v >= vertices) {
          f_.add(Severity::error, codes::kTerrainFaceVertex,
                 at(kTerrainFacesType, i * kTerrainFaceStride + kFaceVertexOffset + 2 * k),
                 "terrain face {}: vertex {} is {}, past the {} vertices (docs/formats/msh.md 9)", i, k, v, vertices);
          break;
        }
      }
    }
  }

  // docs/formats/msh.md 6: one record per node. Fewer strings than nodes are written as empty records; more
  // would be read back as the tail.
  void check_strings() {
    if (m_.node_layout != NodeLayout::node38 || !present(kNodeStringsType)) return;
    if (m_.node_strings.size() > m_.nodes.size())
      f_.add(Severity::error, codes::kStringsCount, at(kNodeStringsType, 0),
             "type 10 holds {} node strings for {} nodes (docs/formats/msh.md 6: one record per node)", m_.node_strings.size(),
             m_.nodes.size());
  }

  // docs/formats/msh.md 1: the attributes of the corpus (warnings: the engine derives counts from sizes).
  void check_attributes() {
    const auto expect = [&](std::uint32_t type, const char* code, const char* field, std::uint32_t have,
                            std::size_t want) {
      if (have != want)
        f_.add(Severity::warning, code, at(type, 0), "type {} ({}): {} is {}, expected {} (docs/formats/msh.md 1)", type,
               detail::stream_code_name(type), field, have, want);
    };
    if (const StreamRow* r = m_.stream(kNodeTableType); r && m_.node_layout == NodeLayout::node38)
      expect(kNodeTableType, codes::kNodesAttr3, "attr3 (node stride)", r->attr3, kNodeStride);
    if (const StreamRow* r = m_.stream(kSlotsType)) {
      expect(kSlotsType, codes::kSlotsAttr1, "attr1 (slot count)", r->attr1, m_.slots.size());
      expect(kSlotsType, codes::kSlotsAttr3, "attr3 (slot stride)", r->attr3, kSlotStride);
    }
    if (const StreamRow* r = m_.stream(kTrianglesType)) {
      expect(kTrianglesType, codes::kTrianglesAttr1, "attr1 (descriptor count)", r->attr1, m_.triangles.size());
      expect(kTrianglesType, codes::kTrianglesAttr3, "attr3 (descriptor stride)", r->attr3, kTriangleStride);
    }
    if (const StreamRow* r = m_.stream(kNodeStringsType); r && m_.node_layout == NodeLayout::node38)
      expect(kNodeStringsType, codes::kStringsAttr1, "attr1 (string count)", r->attr1, m_.nodes.size());
  }
};

}  // namespace

std::vector<Diagnostic> check_model(const Model& model) { return ModelChecker(model).run(); }

std::vector<Diagnostic> check_model(ByteView bytes) {
  auto model = read_model(bytes);
  if (!model) return {to_diagnostic(model.error(), codes::kModelContainer)};
  return check_model(*model);
}

}  // namespace parkan::msh
