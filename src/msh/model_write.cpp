// The model writer (docs/formats/msh.md 1-6): typed streams serialized from the structs, every other stream from
// its stored payload. A read model keeps its NRes layout (nres lossless Document, payloads and rows
// replaced only where they changed); a model built in code gets the corpus's stream set.
#include <algorithm>
#include <cstring>
#include <optional>

#include <fmt/format.h>

#include "parkan/msh/codes.hpp"
#include "msh/model_codec.hpp"
#include "parkan/msh/math.hpp"
#include "parkan/msh/model.hpp"
#include "parkan/nres/edit.hpp"
#include "parkan/nres/write.hpp"

namespace parkan::msh {

namespace {

using detail::put_vec3;

// The stream order of the corpus (docs/formats/msh.md 1): 414 models, and the 21 with types 18 and 20.
constexpr std::uint32_t kCorpusOrder[] = {1, 2, 3, 4, 5, 15, 13, 6, 7, 8, 19, 9, 10, 17};
constexpr std::uint32_t kFullOrder[] = {1, 2, 3, 4, 5, 18, 15, 13, 6, 7, 8, 19, 9, 10, 17, 20};
constexpr std::uint32_t kTypedTypes[] = {kNodeTableType, kSlotsType,       kPositionsType, kNormalsType,
                                         kUv0Type,       kIndicesType,     kTrianglesType, kNodeNamesType,
                                         kNodeStringsType, kBatchesType,   kPathGraphType, kLightmapUvType};

ByteBuffer encode_nodes(const Model& m) {
  ByteWriter out(m.nodes.size() * kNodeStride);
  for (const Node& node : m.nodes) detail::put_node(out, node);
  return out.take();
}

ByteBuffer encode_slots(const Model& m) {
  ByteWriter out(kModelHeaderSize + m.slots.size() * kSlotStride);
  for (const Vec3& corner : m.bounds.corners) put_vec3(out, corner);
  for (float f : m.bounds.sphere) out.f32(f);
  put_vec3(out, m.bounds.segment_bottom);
  put_vec3(out, m.bounds.segment_top);
  out.f32(m.bounds.xy_radius);
  for (const Slot& s : m.slots) {
    out.u16(s.tri_start);
    out.u16(s.tri_count);
    out.u16(s.batch_start);
    out.u16(s.batch_count);
    put_vec3(out, s.aabb_min);
    put_vec3(out, s.aabb_max);
    put_vec3(out, s.sphere_center);
    out.f32(s.sphere_radius);
    out.f32(s.area);
    out.f32(s.box_volume);
    for (std::uint32_t t : s.tail) out.u32(t);
  }
  return out.take();
}

ByteBuffer encode_positions(const Model& m) {
  ByteWriter out(m.positions.size() * kPositionStride);
  for (const Vec3& p : m.positions) put_vec3(out, p);
  return out.take();
}

ByteBuffer encode_normals(const Model& m) {
  ByteBuffer out(m.normals.size() * kNormalStride);
  if (!out.empty()) std::memcpy(out.data(), m.normals.data(), out.size());
  return out;
}

// Types 5 and 18 (docs/formats/msh.md 4.3).
ByteBuffer encode_uvs(const std::vector<PackedUv>& uvs) {
  ByteWriter out(uvs.size() * kUvStride);
  for (const PackedUv& uv : uvs) {
    out.u16(uv.u);
    out.u16(uv.v);
  }
  return out.take();
}

ByteBuffer encode_indices(const Model& m) {
  ByteBuffer out(m.indices.size() * kIndexStride);
  if (!out.empty()) std::memcpy(out.data(), m.indices.data(), out.size());
  return out;
}

ByteBuffer encode_triangles(const Model& m) {
  ByteWriter out(m.triangles.size() * kTriangleStride);
  for (const TriangleDesc& t : m.triangles) {
    out.u16(t.flags);
    for (std::uint16_t l : t.link) out.u16(l);
    for (std::int16_t n : t.normal) out.i16(n);
    out.u16(t.selectors);
  }
  return out.take();
}

ByteBuffer encode_batches(const Model& m) {
  ByteWriter out(m.batches.size() * kBatchStride);
  for (const Batch& b : m.batches) {
    out.u32(b.word);
    out.u8(b.wear_row);
    out.u8(b.lightmap);
    out.u16(b.room);
    out.u16(b.index_count);
    out.u32(b.index_start);
    out.u16(b.vertex_count);
    out.u32(b.base_vertex);
  }
  return out.take();
}

// Type 9 (docs/formats/msh.md 6.5): the 32-byte records as kept.
ByteBuffer encode_node_names(const Model& m) {
  ByteBuffer out(m.node_names.size() * kNodeNameSize);
  for (std::size_t i = 0; i < m.node_names.size(); ++i)
    std::memcpy(out.data() + i * kNodeNameSize, m.node_names[i].data(), kNodeNameSize);
  return out;
}

// Type 17 (docs/formats/msh.md 6.6): the nodes, then the links.
ByteBuffer encode_path_graph(const Model& m) {
  ByteWriter out(m.path_nodes.size() * kPathNodeStride + m.path_links.size() * kPathLinkStride);
  for (const PathNode& n : m.path_nodes) {
    put_vec3(out, n.position);
    out.u32(n.place_flags);
    out.u32(n.frame_node);
  }
  for (const PathLink& link : m.path_links) {
    out.u32(link.from);
    out.u32(link.to);
    for (std::uint32_t r : link.reserved) out.u32(r);
  }
  return out.take();
}

// Type 10 (docs/formats/msh.md 6): `uint32 len; if len > 0: char text[len + 1]`, then the tail as read.
ByteBuffer encode_node_strings(const Model& m) {
  ByteWriter out;
  for (const NodeString& s : m.node_strings) {
    if (!s.present || s.text.empty()) {
      out.u32(0);
      continue;
    }
    out.u32(static_cast<std::uint32_t>(s.text.size()));
    out.bytes(as_bytes(s.text));
    out.u8(s.terminator);
  }
  // A node without a record gets an empty one: the engine reads one record per node (docs/formats/msh.md 6).
  if (m.node_layout == NodeLayout::node38)
    for (std::size_t i = m.node_strings.size(); i < m.nodes.size(); ++i) out.u32(0);
  out.bytes(m.node_strings_tail);
  return out.take();
}

// Whether the model holds data of a typed stream (which then needs a row to go into).
bool has_typed_data(const Model& m, std::uint32_t type_id) {
  switch (type_id) {
    case kNodeTableType: return !m.nodes.empty();
    case kSlotsType: return !m.slots.empty();
    case kPositionsType: return !m.positions.empty();
    case kNormalsType: return !m.normals.empty();
    case kUv0Type: return !m.uv0.empty();
    case kIndicesType: return !m.indices.empty();
    case kTrianglesType: return !m.triangles.empty();
    case kNodeNamesType: return !m.node_names.empty();
    case kNodeStringsType: return !m.node_strings.empty() || !m.node_strings_tail.empty();
    case kPathGraphType: return !m.path_nodes.empty() || !m.path_links.empty();
    case kLightmapUvType: return !m.lightmap_uv.empty();
    default: return !m.batches.empty();
  }
}

ByteBuffer encode_typed(const Model& m, std::uint32_t type_id) {
  switch (type_id) {
    case kNodeTableType: return encode_nodes(m);
    case kSlotsType: return encode_slots(m);
    case kPositionsType: return encode_positions(m);
    case kNormalsType: return encode_normals(m);
    case kUv0Type: return encode_uvs(m.uv0);
    case kIndicesType: return encode_indices(m);
    case kTrianglesType: return encode_triangles(m);
    case kNodeNamesType: return encode_node_names(m);
    case kNodeStringsType: return encode_node_strings(m);
    case kPathGraphType: return encode_path_graph(m);
    case kLightmapUvType: return encode_uvs(m.lightmap_uv);
    default: return encode_batches(m);
  }
}

// The element count a typed stream's attr1 holds (docs/formats/nres.md 3: attr1 = element count).
std::size_t typed_count(const Model& m, std::uint32_t type_id) {
  switch (type_id) {
    case kNodeTableType: return m.nodes.size();
    case kSlotsType: return m.slots.size();
    case kPositionsType: return m.positions.size();
    case kNormalsType: return m.normals.size();
    case kUv0Type: return m.uv0.size();
    case kIndicesType: return m.indices.size();
    case kTrianglesType: return m.triangles.size();
    case kNodeNamesType: return m.node_names.size();
    case kPathGraphType: return m.path_nodes.size();
    case kLightmapUvType: return m.lightmap_uv.size();
    case kNodeStringsType:
      return m.node_layout == NodeLayout::node38 ? std::max(m.node_strings.size(), m.nodes.size())
                                                 : m.node_strings.size();
    default: return m.batches.size();
  }
}

std::size_t typed_stride(std::uint32_t type_id) {
  switch (type_id) {
    case kNodeTableType: return kNodeStride;
    case kSlotsType: return kSlotStride;
    case kPositionsType: return kPositionStride;
    case kNormalsType: return kNormalStride;
    case kUv0Type: return kUvStride;
    case kIndicesType: return kIndexStride;
    case kTrianglesType: return kTriangleStride;
    case kBatchesType: return kBatchStride;
    case kNodeNamesType: return kNodeNameSize;
    case kLightmapUvType: return kUvStride;
    default: return 0;
  }
}

// The element count of a stored typed payload, to tell whether its attr1 was a count.
std::size_t stored_count(std::uint32_t type_id, ByteView p) {
  if (type_id == kNodeStringsType) {  // records, walked while they fit
    std::size_t at = 0, count = 0;
    while (p.size() - at >= 4) {
      const std::uint32_t length = load_u32(p.data() + at);
      const std::uint64_t next = at + 4 + (length ? std::uint64_t(length) + 1 : 0);
      if (next > p.size()) break;
      at = static_cast<std::size_t>(next);
      ++count;
    }
    return count;
  }
  const std::size_t header = type_id == kSlotsType ? kModelHeaderSize : 0;
  return p.size() >= header ? (p.size() - header) / typed_stride(type_id) : 0;
}

// The row of a stream the corpus has (docs/formats/msh.md 1; docs/formats/nres.md 3): empty payload, count 0.
StreamRow default_row(std::uint32_t type_id) {
  StreamRow row;
  row.type_id = type_id;
  row.name = fmt::format("Res{}", type_id);
  switch (type_id) {
    case kNodeTableType: row.attr3 = kNodeTableAttr3; break;
    case kKeyPoolType: row.attr3 = kKeyPoolAttr3; break;
    case kFrameMapType: row.attr2 = kStaticFrameCount; row.attr3 = kFrameMapAttr3; break;
    case detail::kExtraVertexType: row.attr3 = detail::kExtraVertexStride; break;
    case kNodeStringsType: case kNodeNamesType: case kPathGraphType: break;
    default: row.attr3 = static_cast<std::uint32_t>(typed_stride(type_id)); break;
  }
  return row;
}

std::size_t order_rank(std::uint32_t type_id) {
  const auto* it = std::find(std::begin(kFullOrder), std::end(kFullOrder), type_id);
  return static_cast<std::size_t>(it - std::begin(kFullOrder));  // unknown types rank last
}

// A static key pool for a built model without a type 8 row: an identity key at time 0 for every
// fallback index the nodes use, so that every node has a rest pose.
StreamRow rest_key_row(const Model& m) {
  StreamRow row = default_row(kKeyPoolType);
  std::size_t keys = 0;
  for (const Node& node : m.nodes) keys = std::max<std::size_t>(keys, std::size_t(node.fallback_key) + 1);
  ByteWriter out(keys * kKeyStride);
  for (std::size_t k = 0; k < keys; ++k) {
    out.zeros(16);  // position 0, time 0
    for (std::int16_t word : identity_raw_quat()) out.i16(word);  // the identity rotation
  }
  row.payload = out.take();
  row.attr1 = static_cast<std::uint32_t>(keys);
  return row;
}

// The streams of a model built in code: the corpus set, the model's own rows in place of the
// defaults of their type, other types in the order of the 21 models with 18 and 20.
std::vector<StreamRow> built_rows(const Model& m) {
  std::vector<StreamRow> rows;
  std::vector<bool> supplied;
  for (std::uint32_t type : kCorpusOrder) {
    rows.push_back(default_row(type));
    supplied.push_back(false);
  }
  for (const StreamRow& own : m.streams) {
    std::size_t i = 0;
    while (i < rows.size() && !(rows[i].type_id == own.type_id && !supplied[i])) ++i;
    if (i < rows.size()) {
      rows[i] = own;
      supplied[i] = true;
      continue;
    }
    std::size_t at = 0;  // after every row that ranks no later
    while (at < rows.size() && order_rank(rows[at].type_id) <= order_rank(own.type_id)) ++at;
    rows.insert(rows.begin() + static_cast<std::ptrdiff_t>(at), own);
    supplied.insert(supplied.begin() + static_cast<std::ptrdiff_t>(at), true);
  }
  // Type 18 is not in the 414-model set: a lightmapped model gets its row where the 21 have it.
  const bool has_lightmap_row =
      std::any_of(rows.begin(), rows.end(), [](const StreamRow& r) { return r.type_id == kLightmapUvType; });
  if (!m.lightmap_uv.empty() && !has_lightmap_row) {
    std::size_t at = 0;
    while (at < rows.size() && order_rank(rows[at].type_id) <= order_rank(kLightmapUvType)) ++at;
    rows.insert(rows.begin() + static_cast<std::ptrdiff_t>(at), default_row(kLightmapUvType));
    supplied.insert(supplied.begin() + static_cast<std::ptrdiff_t>(at), true);
  }
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (supplied[i]) continue;
    if (rows[i].type_id == detail::kExtraVertexType) {
      rows[i].payload.assign(m.positions.size() * detail::kExtraVertexStride, 0);
      rows[i].attr1 = static_cast<std::uint32_t>(m.positions.size());
    } else if (rows[i].type_id == kKeyPoolType && m.node_layout == NodeLayout::node38) {
      rows[i] = rest_key_row(m);
    }
  }
  return rows;
}

// Serializes the typed streams into the first row of each type. A read row keeps its attributes,
// except attr1 when it held the element count of the stored payload (docs/formats/nres.md 3) and the count changed.
Status fill_typed_rows(const Model& m, std::vector<StreamRow>& rows, const std::vector<ByteView>& stored,
                       bool built) {
  for (std::uint32_t type : kTypedTypes) {
    if (type == kNodeTableType && m.node_layout == NodeLayout::legacy24) continue;  // passed through raw
    auto row = std::find_if(rows.begin(), rows.end(), [&](const StreamRow& r) { return r.type_id == type; });
    if (row == rows.end()) {
      if (has_typed_data(m, type))
        return invalid_rule(codes::kWriteNoStream,
                            fmt::format("the model has {} but no type {} stream to write them to",
                                        detail::stream_code_name(type), type));
      continue;
    }
    ByteBuffer payload = encode_typed(m, type);
    const ByteView before = stored[static_cast<std::size_t>(row - rows.begin())];
    const bool same = before.size() == payload.size() &&
                      (payload.empty() || std::memcmp(before.data(), payload.data(), payload.size()) == 0);
    if (type == kPathGraphType) {
      // The reader splits type 17 by attr1 (docs/formats/msh.md 6.6): both counts follow the data.
      if (built || !same) {
        row->attr1 = static_cast<std::uint32_t>(m.path_nodes.size());
        row->attr2 = static_cast<std::uint32_t>(m.path_links.size());
      }
    } else if (built || (!same && row->attr1 == stored_count(type, before))) {
      row->attr1 = static_cast<std::uint32_t>(typed_count(m, type));
    }
    row->payload = std::move(payload);
  }
  return {};
}

Status check_sizes(const std::vector<StreamRow>& rows) {
  std::uint64_t total = nres::kHeaderSize + rows.size() * nres::kEntrySize;
  for (const StreamRow& r : rows) total += (r.payload.size() + 7) & ~std::uint64_t(7);
  if (total > 0xFFFFFFFFu)
    return invalid_rule(codes::kWriteSize, fmt::format("the model would be {} bytes, past the NRes 4 GiB", total));
  return {};
}

Result<ByteBuffer> write_canonical_rows(const std::vector<StreamRow>& rows) {
  PARKAN_TRY(check_sizes(rows));
  std::vector<nres::Entry> entries;
  std::vector<ByteView> payloads;
  entries.reserve(rows.size());
  payloads.reserve(rows.size());
  for (const StreamRow& r : rows) {
    PARKAN_ASSIGN(nres::Entry entry, nres::make_entry({r.type_id, r.attr1, r.attr2, r.attr3, r.name, {}}));
    entry.size = static_cast<std::uint32_t>(r.payload.size());
    entries.push_back(entry);
    payloads.emplace_back(r.payload);
  }
  return nres::write_canonical(entries, payloads);
}

// The container, when its directory still matches the rows (same count, same types in order).
std::optional<nres::Archive> matching_container(const Model& m, const std::vector<StreamRow>& rows) {
  if (m.container.empty()) return std::nullopt;
  auto archive = nres::read(m.container, nres::Profile::compatible);
  if (!archive || archive->entries.size() != rows.size()) return std::nullopt;
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (archive->entries[i].type_id != rows[i].type_id) return std::nullopt;
  return *std::move(archive);
}

// The container's layout with the rows' changes applied.
Result<ByteBuffer> write_into_container(const nres::Archive& archive, const std::vector<StreamRow>& rows) {
  PARKAN_TRY(check_sizes(rows));
  nres::Document document = nres::make_document(archive);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const StreamRow& r = rows[i];
    nres::Entry& entry = document.entries[i];
    if (entry.name() != r.name) PARKAN_TRY(nres::rename_entry(document, i, r.name));
    entry.attr1 = r.attr1;
    entry.attr2 = r.attr2;
    entry.attr3 = r.attr3;
    const ByteView stored = archive.payload(i);
    const bool same = stored.size() == r.payload.size() &&
                      (stored.empty() || std::memcmp(stored.data(), r.payload.data(), stored.size()) == 0);
    if (!same) PARKAN_TRY(nres::replace_payload(document, i, r.payload));
  }
  return nres::write_lossless(document);
}

}  // namespace

Result<ByteBuffer> write_model(const Model& m) {
  const bool built = m.container.empty();
  std::vector<StreamRow> rows = built ? built_rows(m) : m.streams;
  const std::optional<nres::Archive> container = matching_container(m, rows);
  // What each row held before: the container's payload, or the row's own.
  std::vector<ByteView> stored;
  stored.reserve(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i)
    stored.push_back(container ? container->payload(i) : ByteView(rows[i].payload));
  PARKAN_TRY(fill_typed_rows(m, rows, stored, built));
  if (container) return write_into_container(*container, rows);
  return write_canonical_rows(rows);
}

}  // namespace parkan::msh
