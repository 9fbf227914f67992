// Land.msh: read, write, JSON (include/parkan/terrain/land.hpp, docs/formats/terrain.md).
#include "parkan/terrain/land.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "parkan/core/text.hpp"
#include "parkan/nres/edit.hpp"
#include "parkan/terrain/codes.hpp"

namespace parkan::terrain {

namespace {

// Where the fields of directory row `entry` lie in the file (docs/formats/nres.md 3).
constexpr std::size_t kRowAttr1 = 4, kRowAttr2 = 8, kRowAttr3 = 16;
std::uint64_t row_offset(const nres::Archive& archive, std::size_t entry) {
  return archive.directory_offset() + nres::kEntrySize * entry;
}

std::size_t stride_of(std::uint32_t type_id) {
  switch (type_id) {
    case kGridType: return kGridStride;
    case kCellsType: return kCellStride;
    case kPositionsType: return kPositionStride;
    case kOrderType: return kOrderStride;
    case kFacesType: return kFaceStride;
    default: return kVertexWordStride;  // 4, 5, 18, 14
  }
}
std::size_t header_of(std::uint32_t type_id) { return type_id == kCellsType ? kCellsHeaderSize : 0; }

bool is_stream_type(std::uint32_t type_id) {
  return std::find(kRetailOrder.begin(), kRetailOrder.end(), type_id) != kRetailOrder.end();
}

Vec3 load_vec3(const std::uint8_t* p) { return {load_f32(p), load_f32(p + 4), load_f32(p + 8)}; }
void store_vec3(std::uint8_t* p, const Vec3& v) {
  store_f32(p, v.x);
  store_f32(p + 4, v.y);
  store_f32(p + 8, v.z);
}

Face decode_face(ByteView raw) {
  const std::uint8_t* r = raw.data();
  Face f;
  f.raw = raw;
  f.flags = load_u16(r + kFaceFlagsOffset);
  f.surface = load_u16(r + kFaceSurfaceOffset);
  f.tex1 = r[kFaceTex1Offset];
  f.tex2 = r[kFaceTex2Offset];
  f.word6 = load_u16(r + kFaceWord6Offset);
  for (std::size_t k = 0; k < 3; ++k) {
    f.vertices[k] = load_u16(r + kFaceVerticesOffset + 2 * k);
    f.neighbours[k] = load_u16(r + kFaceNeighboursOffset + 2 * k);
    f.normal[k] = load_i16(r + kFaceNormalOffset + 2 * k);
  }
  f.edges = load_u16(r + kFaceEdgesOffset);
  return f;
}

void encode_face(std::uint8_t* r, const Face& f) {
  store_u16(r + kFaceFlagsOffset, f.flags);
  store_u16(r + kFaceSurfaceOffset, f.surface);
  r[kFaceTex1Offset] = f.tex1;
  r[kFaceTex2Offset] = f.tex2;
  store_u16(r + kFaceWord6Offset, f.word6);
  for (std::size_t k = 0; k < 3; ++k) {
    store_u16(r + kFaceVerticesOffset + 2 * k, f.vertices[k]);
    store_u16(r + kFaceNeighboursOffset + 2 * k, f.neighbours[k]);
    store_u16(r + kFaceNormalOffset + 2 * k, static_cast<std::uint16_t>(f.normal[k]));
  }
  store_u16(r + kFaceEdgesOffset, f.edges);
}

Cell decode_cell(ByteView raw) {
  const std::uint8_t* r = raw.data();
  Cell c;
  c.raw = raw;
  c.first = load_u16(r + kCellFirstOffset);
  c.count = load_u16(r + kCellCountOffset);
  c.min = load_vec3(r + kCellMinOffset);
  c.max = load_vec3(r + kCellMaxOffset);
  c.centre = load_vec3(r + kCellCentreOffset);
  c.radius = load_f32(r + kCellRadiusOffset);
  return c;
}

void encode_cell(std::uint8_t* r, const Cell& c) {
  store_u16(r + kCellFirstOffset, c.first);
  store_u16(r + kCellCountOffset, c.count);
  store_vec3(r + kCellMinOffset, c.min);
  store_vec3(r + kCellMaxOffset, c.max);
  store_vec3(r + kCellCentreOffset, c.centre);
  store_f32(r + kCellRadiusOffset, c.radius);
}

Square decode_square(ByteView raw) {
  Square s;
  s.raw = raw;
  for (std::size_t w = 0; w < kSquareWords; ++w) {
    s.words[w] = load_u16(raw.data() + 2 * w);
    if (w >= kSquareHeaderWords && s.words[w] != kNoCell) s.used_slots.push_back(w);
  }
  return s;
}

// The first error among the directory rows of the streams: stride, then size against count.
Status check_stream_shape(const nres::Archive& archive, const Stream& s) {
  const std::size_t stride = stride_of(s.type_id);
  const std::uint64_t row = row_offset(archive, s.entry);
  if (s.attr3 != stride)
    return invalid_rule(codes::kStreamStride,
                        fmt::format("stream {}: attr3 (stride) is {}, not {}", s.type_id, s.attr3, stride),
                        row + kRowAttr3);
  const std::uint64_t expected = header_of(s.type_id) + std::uint64_t{s.attr1} * stride;
  if (expected != s.raw.size())
    return invalid_rule(codes::kStreamCount,
                        fmt::format("stream {}: attr1 (count) {} needs {} bytes, the payload has {}", s.type_id,
                                    s.attr1, expected, s.raw.size()),
                        row + kRowAttr1);
  return {};
}

// A stream's elements, each `stride` bytes after the header.
ByteView element(const Stream& s, std::size_t i) {
  const std::size_t stride = stride_of(s.type_id);
  return s.raw.subspan(header_of(s.type_id) + i * stride, stride);
}

// A stream's payload rebuilt: its stored header and records (as many as both have), the count's
// records zero-filled past them, then `put` writes each record's fields over its bytes.
template <class Put>
ByteBuffer rebuild_stream(const Stream& s, std::size_t count, Put put) {
  const std::size_t stride = stride_of(s.type_id), header = header_of(s.type_id);
  ByteBuffer out(header + count * stride, 0);
  std::copy_n(s.raw.begin(), std::min(s.raw.size(), std::min(out.size(), header)), out.begin());
  for (std::size_t i = 0; i < count; ++i) put(i, out.data() + header + i * stride);
  return out;
}

void copy_raw(std::uint8_t* record, ByteView raw, std::size_t stride) {
  if (raw.size() == stride) std::copy(raw.begin(), raw.end(), record);
}

}  // namespace

const Stream* Terrain::stream(std::uint32_t type_id) const {
  for (const Stream& s : streams)
    if (s.type_id == type_id) return &s;
  return nullptr;
}

bool looks_like_terrain(ByteView bytes) {
  // Only the header and the directory rows: the registry asks this of every NRes it meets, and a
  // full read of a large archive would cost more than telling it apart.
  if (bytes.size() < nres::kHeaderSize || load_u32(bytes.data()) != nres::kMagic) return false;
  const std::uint32_t count = load_u32(bytes.data() + 8);
  const std::uint64_t directory = std::uint64_t{count} * nres::kEntrySize;
  if (load_u32(bytes.data() + 12) != bytes.size() || directory > bytes.size() - nres::kHeaderSize) return false;
  constexpr std::size_t kNameOffset = 20;
  for (std::uint64_t row = bytes.size() - directory; row < bytes.size(); row += nres::kEntrySize) {
    const std::uint8_t* r = bytes.data() + row;
    const std::string_view name(reinterpret_cast<const char*>(r + kNameOffset), kStreamName.size() + 1);
    if (load_u32(r) == kFacesType && fold_lower_text(name.substr(0, kStreamName.size())) == "land" &&
        name.back() == '\0')
      return true;
  }
  return false;
}

Result<Terrain> read_terrain(ByteView bytes) {
  Terrain t;
  t.bytes = bytes;
  PARKAN_ASSIGN(t.archive, nres::read(bytes, nres::Profile::compatible));
  const nres::Archive& a = t.archive;
  for (std::size_t i = 0; i < a.entries.size(); ++i) {
    const nres::Entry& e = a.entries[i];
    if (!is_stream_type(e.type_id)) continue;  // terrain.stream.other: a finding of the check
    if (const Stream* earlier = t.stream(e.type_id))
      return invalid_rule(codes::kStreamDuplicate,
                          fmt::format("stream {} appears twice (entries {} and {})", e.type_id, earlier->entry, i),
                          row_offset(a, i));
    t.streams.push_back({i, e.type_id, e.attr1, e.attr2, e.attr3, e.data_offset, a.payload(i)});
  }
  for (std::uint32_t type : kRetailOrder) {
    if (type == kAlphaType || t.stream(type)) continue;
    // The engine's own words for stream 18 (docs/formats/terrain.md 6).
    const std::string what = type == kMicroUvType ? "Unable to find microtexture mapping chunk: no stream 18"
                                                  : fmt::format("no stream {}", type);
    return invalid_rule(codes::kStreamMissing, what, a.directory_offset());
  }
  for (const Stream& s : t.streams) PARKAN_TRY(check_stream_shape(a, s));

  const Stream& positions = *t.stream(kPositionsType);
  for (std::uint32_t type : {kNormalsType, kMaterialUvType, kMicroUvType, kAlphaType}) {
    const Stream* s = t.stream(type);
    if (s && s->attr1 != positions.attr1)
      return invalid_rule(codes::kStreamVertices,
                          fmt::format("stream {} has {} elements, stream 3 {} vertices", type, s->attr1,
                                      positions.attr1),
                          row_offset(a, s->entry) + kRowAttr1);
  }
  const Stream& faces = *t.stream(kFacesType);
  const Stream& order = *t.stream(kOrderType);
  if (order.attr1 != faces.attr1)
    return invalid_rule(codes::kStreamFaces,
                        fmt::format("stream 11 has {} entries, stream 21 {} faces", order.attr1, faces.attr1),
                        row_offset(a, order.entry) + kRowAttr1);
  const Stream& grid = *t.stream(kGridType);
  if (grid.attr2 == 0 || grid.attr1 == 0 || grid.attr1 % grid.attr2 != 0)
    return invalid_rule(codes::kGridSize,
                        fmt::format("stream 1: {} squares do not make a grid {} across", grid.attr1, grid.attr2),
                        row_offset(a, grid.entry) + kRowAttr2);
  const Stream& cells = *t.stream(kCellsType);
  if (cells.attr1 != 2 * std::uint64_t{grid.attr1})
    return invalid_rule(codes::kCellsCount,
                        fmt::format("stream 2 has {} cells, not two per square ({})", cells.attr1,
                                    2 * std::uint64_t{grid.attr1}),
                        row_offset(a, cells.entry) + kRowAttr1);

  // The views. Every count was checked against its payload above: nothing here allocates more than
  // the file holds.
  t.across = grid.attr2;
  t.down = grid.attr1 / grid.attr2;
  t.positions.reserve(positions.attr1);
  for (std::size_t i = 0; i < positions.attr1; ++i) t.positions.push_back(load_vec3(element(positions, i).data()));
  const Stream& normals = *t.stream(kNormalsType);
  for (std::size_t i = 0; i < normals.attr1; ++i) {
    const ByteView e = element(normals, i);
    t.normals.push_back({static_cast<std::int8_t>(e[0]), static_cast<std::int8_t>(e[1]),
                         static_cast<std::int8_t>(e[2]), static_cast<std::int8_t>(e[3])});
  }
  for (auto [type, out] : {std::pair{kMaterialUvType, &t.material_uv}, std::pair{kMicroUvType, &t.micro_uv}}) {
    const Stream& s = *t.stream(type);
    out->reserve(s.attr1);
    for (std::size_t i = 0; i < s.attr1; ++i)
      out->push_back({load_u16(element(s, i).data()), load_u16(element(s, i).data() + 2)});
  }
  if (const Stream* alpha = t.stream(kAlphaType)) {
    t.alpha.emplace();
    t.alpha->reserve(alpha->attr1);
    for (std::size_t i = 0; i < alpha->attr1; ++i) t.alpha->push_back(load_f32(element(*alpha, i).data()));
  }
  t.faces.reserve(faces.attr1);
  for (std::size_t i = 0; i < faces.attr1; ++i) t.faces.push_back(decode_face(element(faces, i)));
  t.order.reserve(order.attr1);
  for (std::size_t i = 0; i < order.attr1; ++i) {
    const ByteView e = element(order, i);
    t.order.push_back({load_u16(e.data()), e[2], e[3]});
  }
  for (std::size_t k = 0; k < t.corners.size(); ++k) t.corners[k] = load_vec3(cells.raw.data() + 12 * k);
  t.cells.reserve(cells.attr1);
  for (std::size_t i = 0; i < cells.attr1; ++i) t.cells.push_back(decode_cell(element(cells, i)));
  t.squares.reserve(grid.attr1);
  for (std::size_t i = 0; i < grid.attr1; ++i) t.squares.push_back(decode_square(element(grid, i)));
  // LOD 0 ends where the first LOD-1 cell's run starts (docs/formats/terrain.md 4).
  t.lod_split = std::min<std::size_t>(t.cells[t.squares.size()].first, t.faces.size());
  return t;
}

Result<ByteBuffer> write_terrain(const Terrain& t) {
  nres::Document document = nres::make_document(t.archive);
  std::vector<ByteBuffer> payloads;
  payloads.reserve(t.streams.size());  // the document keeps views of these: no reallocation
  for (const Stream& s : t.streams) {
    ByteBuffer bytes;
    std::size_t count = 0;
    switch (s.type_id) {
      case kPositionsType:
        count = t.positions.size();
        bytes = rebuild_stream(s, count, [&](std::size_t i, std::uint8_t* r) { store_vec3(r, t.positions[i]); });
        break;
      case kNormalsType:
        count = t.normals.size();
        bytes = rebuild_stream(s, count, [&](std::size_t i, std::uint8_t* r) {
          for (std::size_t k = 0; k < 4; ++k) r[k] = static_cast<std::uint8_t>(t.normals[i][k]);
        });
        break;
      case kMaterialUvType:
      case kMicroUvType: {
        const std::vector<Uv>& uv = s.type_id == kMaterialUvType ? t.material_uv : t.micro_uv;
        count = uv.size();
        bytes = rebuild_stream(s, count, [&](std::size_t i, std::uint8_t* r) {
          store_u16(r, uv[i].u);
          store_u16(r + 2, uv[i].v);
        });
        break;
      }
      case kAlphaType:
        count = t.alpha ? t.alpha->size() : 0;
        bytes = rebuild_stream(s, count, [&](std::size_t i, std::uint8_t* r) { store_f32(r, (*t.alpha)[i]); });
        break;
      case kFacesType:
        count = t.faces.size();
        bytes = rebuild_stream(s, count, [&](std::size_t i, std::uint8_t* r) {
          copy_raw(r, t.faces[i].raw, kFaceStride);
          encode_face(r, t.faces[i]);
        });
        break;
      case kOrderType:
        count = t.order.size();
        bytes = rebuild_stream(s, count, [&](std::size_t i, std::uint8_t* r) {
          store_u16(r, t.order[i].face);
          r[2] = t.order[i].flags;
          r[3] = t.order[i].spare;
        });
        break;
      case kCellsType:
        count = t.cells.size();
        bytes = rebuild_stream(s, count, [&](std::size_t i, std::uint8_t* r) {
          copy_raw(r, t.cells[i].raw, kCellStride);
          encode_cell(r, t.cells[i]);
        });
        for (std::size_t k = 0; k < t.corners.size(); ++k) store_vec3(bytes.data() + 12 * k, t.corners[k]);
        break;
      case kGridType:
        count = t.squares.size();
        bytes = rebuild_stream(s, count, [&](std::size_t i, std::uint8_t* r) {
          for (std::size_t w = 0; w < kSquareWords; ++w) store_u16(r + 2 * w, t.squares[i].words[w]);
        });
        break;
      default:
        continue;
    }
    if (count == s.attr1 && std::equal(bytes.begin(), bytes.end(), s.raw.begin(), s.raw.end())) continue;
    payloads.push_back(std::move(bytes));
    PARKAN_TRY(nres::replace_payload(document, s.entry, payloads.back()));
    document.entries[s.entry].attr1 = static_cast<std::uint32_t>(count);
  }
  return nres::write_lossless(document);
}

Status recompute_cells_and_order(Terrain& t) {
  std::size_t end = 0;
  for (std::size_t j = 0; j < t.cells.size(); ++j) {
    if (t.cells[j].first != end)
      return invalid_rule(codes::kCellsRun, fmt::format("cell {}: run {} + {} does not start where the previous ends ({})",
                                                        j, t.cells[j].first, t.cells[j].count, end));
    end += t.cells[j].count;
  }
  if (end != t.faces.size())
    return invalid_rule(codes::kCellsRun, fmt::format("the cells' runs hold {} faces, the map {}", end, t.faces.size()));
  for (const Face& f : t.faces)
    for (std::uint16_t v : f.vertices)
      if (v >= t.positions.size())
        return invalid_rule(codes::kFaceVertex, fmt::format("a face names vertex {}, past the {} vertices", v,
                                                            t.positions.size()));
  t.order.assign(t.faces.size(), OrderEntry{});
  for (Cell& c : t.cells) {
    const std::size_t first = c.first, stop = first + c.count;
    if (c.count > 0) {
      Vec3 lo = t.positions[t.faces[first].vertices[0]], hi = lo;
      for (std::size_t i = first; i < stop; ++i)
        for (std::uint16_t v : t.faces[i].vertices) {
          const Vec3& p = t.positions[v];
          lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
          hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
        }
      c.min = lo;
      c.max = hi;
      c.centre = {(lo.x + hi.x) / 2, (lo.y + hi.y) / 2, (lo.z + hi.z) / 2};
      const float dx = hi.x - lo.x, dy = hi.y - lo.y, dz = hi.z - lo.z;
      c.radius = std::sqrt(dx * dx + dy * dy + dz * dz) / 2;
    }
    // The pairs in the order they first appear, then each pair's faces in face order.
    std::vector<std::pair<std::uint8_t, std::uint8_t>> pairs;
    for (std::size_t i = first; i < stop; ++i) {
      const auto pair = std::pair{t.faces[i].tex1, t.faces[i].tex2};
      if (std::find(pairs.begin(), pairs.end(), pair) == pairs.end()) pairs.push_back(pair);
    }
    std::size_t at = first;
    for (const auto& pair : pairs) {
      bool starts = true;
      for (std::size_t i = first; i < stop; ++i) {
        if (std::pair{t.faces[i].tex1, t.faces[i].tex2} != pair) continue;
        t.order[at++] = {static_cast<std::uint16_t>(i),
                         static_cast<std::uint8_t>(kOrderRetailBits | (starts ? kOrderBatchStart : 0)), 0};
        starts = false;
      }
    }
  }
  t.lod_split = t.squares.size() < t.cells.size() ? t.cells[t.squares.size()].first : t.faces.size();
  return {};
}

nlohmann::json terrain_json(const Terrain& t) {
  Vec3 lo = t.corners[0], hi = t.corners[0];
  for (const Vec3& c : t.corners) {
    lo = {std::min(lo.x, c.x), std::min(lo.y, c.y), std::min(lo.z, c.z)};
    hi = {std::max(hi.x, c.x), std::max(hi.y, c.y), std::max(hi.z, c.z)};
  }
  std::size_t second = 0, water = 0, lava = 0, bed = 0;
  std::map<unsigned, std::size_t> tex1, tex2;
  std::optional<float> water_z;
  bool one_plane = true;
  for (const Face& f : t.faces) {
    second += f.has_second_material();
    lava += f.lava();
    bed += f.bed();
    ++tex1[f.tex1];
    if (f.has_second_material()) ++tex2[f.tex2];
    if (!f.water()) continue;
    ++water;
    for (std::uint16_t v : f.vertices) {
      if (v >= t.positions.size()) continue;
      if (!water_z) water_z = t.positions[v].z;
      one_plane = one_plane && t.positions[v].z == *water_z;
    }
  }
  auto rows = [](const std::map<unsigned, std::size_t>& histogram) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [row, n] : histogram) out[std::to_string(row)] = n;
    return out;
  };
  const double width = double(hi.x) - lo.x, height = double(hi.y) - lo.y;
  nlohmann::json water_json = {{"faces", water}, {"z", nullptr}};
  if (water_z && one_plane) water_json["z"] = *water_z;
  return {{"vertices", t.positions.size()},
          {"faces", t.faces.size()},
          {"squares", t.squares.size()},
          {"cells", t.cells.size()},
          {"grid", {{"across", t.across}, {"down", t.down}}},
          {"cell_size", {width / t.across, height / t.down}},
          {"extent", {{"min", {lo.x, lo.y, lo.z}}, {"max", {hi.x, hi.y, hi.z}}}},
          {"lod", {{"split", t.lod_split}, {"faces", {t.lod_split, t.faces.size() - t.lod_split}}}},
          {"has_alpha", t.alpha.has_value()},
          {"second_material_faces", second},
          {"water", std::move(water_json)},
          {"lava_faces", lava},
          {"bed_faces", bed},
          {"tex1_rows", rows(tex1)},
          {"tex2_rows", rows(tex2)}};
}

}  // namespace parkan::terrain
