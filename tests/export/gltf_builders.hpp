#pragma once
// Models and game folders built in code for the glTF export tests, the benchmark and the fuzz seeds:
// spheres on a node hierarchy with outward normals and type 9 names, an animated turret, optionally a
// cockpit node (flag 0x20, a level-4 slot only) and lightmapped batches (type 18); a WEAR table with a
// LIGHTMAPS block, a Material.lib with textured phases (a glow whose track 0 starts on phase 1, a
// Page-cell panel), a Textures.lib and a LightMap.lib.
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include "parkan/material/mat0.hpp"
#include "parkan/msh/anim.hpp"
#include "parkan/msh/math.hpp"
#include "parkan/msh/model.hpp"
#include "parkan/nres/write.hpp"
#include "parkan/resource/payload.hpp"
#include "parkan/texm/encode.hpp"

namespace parkan::gltf::test {

using msh::Vec3;

template <class T>
T value_or_throw(Result<T> result) {
  if (!result) throw std::runtime_error(result.error().to_string());
  return std::move(result).value();
}

inline msh::PackedNormal pack_normal(const Vec3& n) {
  auto c = [](float v) { return static_cast<std::int8_t>(std::lround(std::clamp(v, -1.0f, 1.0f) * 127.0f)); };
  return {{c(n[0]), c(n[1]), c(n[2]), 0}};
}

// One batch over the vertices added since `base`, with its triangle descriptors (face normals).
inline void finish_batch(msh::Model& m, std::uint32_t base, std::size_t first_index, std::uint16_t material) {
  msh::Batch batch;
  batch.wear_row = static_cast<std::uint8_t>(material);
  batch.index_start = static_cast<std::uint32_t>(first_index);
  batch.index_count = static_cast<std::uint16_t>(m.indices.size() - first_index);
  batch.base_vertex = base;
  batch.vertex_count = static_cast<std::uint16_t>(m.positions.size() - base);
  m.batches.push_back(batch);
  for (std::size_t t = first_index; t < m.indices.size(); t += 3) {
    const Vec3& a = m.positions[base + m.indices[t]];
    const Vec3& b = m.positions[base + m.indices[t + 1]];
    const Vec3& c = m.positions[base + m.indices[t + 2]];
    Vec3 u{b[0] - a[0], b[1] - a[1], b[2] - a[2]}, v{c[0] - a[0], c[1] - a[1], c[2] - a[2]};
    Vec3 n{u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
    float length = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    msh::TriangleDesc d;
    d.link = {0xFFFF, 0xFFFF, 0xFFFF};
    d.selectors = 0xFFFF;
    for (int k = 0; k < 3; ++k)
      d.normal[k] = static_cast<std::int16_t>(length > 0 ? std::lround(n[k] / length * 32767.0f) : 0);
    m.triangles.push_back(d);
  }
}

// A UV sphere around `c`: (rings + 1) * (segments + 1) vertices, outward normals; `clockwise` stores the
// triangles clockwise seen from outside (the exporter must reverse them).
inline void add_sphere(msh::Model& m, Vec3 c, float r, std::size_t rings, std::size_t segments,
                       std::uint16_t material, bool clockwise = false) {
  const std::uint32_t base = static_cast<std::uint32_t>(m.positions.size());
  const std::size_t first_index = m.indices.size();
  for (std::size_t i = 0; i <= rings; ++i) {
    const float theta = std::numbers::pi_v<float> * float(i) / float(rings);
    for (std::size_t j = 0; j <= segments; ++j) {
      const float phi = 2.0f * std::numbers::pi_v<float> * float(j) / float(segments);
      const Vec3 n{std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi), std::cos(theta)};
      m.positions.push_back({c[0] + r * n[0], c[1] + r * n[1], c[2] + r * n[2]});
      m.normals.push_back(pack_normal(n));
      m.uv0.push_back(msh::encode_uv(2.0f * float(j) / float(segments), float(i) / float(rings)));
    }
  }
  const auto at = [&](std::size_t i, std::size_t j) { return static_cast<std::uint16_t>(i * (segments + 1) + j); };
  for (std::size_t i = 0; i < rings; ++i)
    for (std::size_t j = 0; j < segments; ++j) {
      // Counter-clockwise seen from outside: (i, j), (i + 1, j), (i + 1, j + 1) has normal outwards.
      std::array<std::uint16_t, 6> quad = {at(i, j), at(i + 1, j), at(i + 1, j + 1),
                                           at(i, j), at(i + 1, j + 1), at(i, j + 1)};
      if (clockwise) std::swap(quad[1], quad[2]), std::swap(quad[4], quad[5]);
      m.indices.insert(m.indices.end(), quad.begin(), quad.end());
    }
  finish_batch(m, base, first_index, material);
}

struct ModelSpec {
  std::size_t nodes = 4;   // plus the cockpit node when `cockpit`
  std::size_t rings = 4, segments = 6;  // per node and slot: (rings + 1) * (segments + 1) vertices
  std::size_t states = 2, lods = 2;
  std::uint32_t frames = 21;  // 0: static
  std::size_t materials = 2;  // batch material rows 0 .. materials - 1
  bool clockwise_node1 = true;
  Vec3 root_offset{0.0f, 0.0f, 0.0f};  // node 0's key position (the engine zeroes it: no parent)
  bool cockpit = false;      // a last node "CP_m1o1", child of node 0, flag 0x20, one level-4 slot
  bool lightmapped = false;  // node 0's batches lit (+5 = 0x00, word bit 0x2000), type 18 on every vertex
};

inline constexpr const char* kCockpitNodeName = "CP_m1o1";

// The type 18 UV of vertex i of a lightmapped model: values across 0..1023, u16 / 1024.
inline msh::PackedUv lightmap_uv_of(std::size_t i) {
  return {static_cast<std::uint16_t>((i * 37) % 1024), static_cast<std::uint16_t>(1023 - (i * 11) % 1024)};
}

// One slot holding a sphere of radius r, its batch on WEAR row `row`.
inline std::uint16_t add_sphere_slot(msh::Model& m, float r, std::size_t rings, std::size_t segments, std::uint16_t row,
                                     bool clockwise) {
  msh::Slot slot;
  slot.tri_start = static_cast<std::uint16_t>(m.triangles.size());
  slot.batch_start = static_cast<std::uint16_t>(m.batches.size());
  add_sphere(m, {0.0f, 0.0f, 0.5f}, r, rings, segments, row, clockwise);
  slot.tri_count = static_cast<std::uint16_t>(m.triangles.size() - slot.tri_start);
  slot.batch_count = 1;
  slot.aabb_min = {-r, -r, 0.5f - r};
  slot.aabb_max = {r, r, 0.5f + r};
  slot.sphere_center = {0.0f, 0.0f, 0.5f};
  slot.sphere_radius = r;
  m.slots.push_back(slot);
  return static_cast<std::uint16_t>(m.slots.size() - 1);
}

// Node 0 the root, node i > 0 the child of (i - 1) / 2; node 1 animated (turns about Z and rises),
// every third node animated too; the last node of more than 3 has no geometry (a helper). Each
// (node, state, LOD) slot holds a sphere; rows alternate; no word bit but 0x2000 (lightmapped). Type 9 names
// even nodes ("hull", "part2", ...; odd ones stay unnamed: "node<i>"); node 1's socket prefix (type
// 10) is "e_tur_tt".
inline msh::Model build_model(const ModelSpec& spec = {}) {
  msh::Model m;
  const std::size_t count = spec.nodes + (spec.cockpit ? 1 : 0);
  for (std::size_t n = 0; n < count; ++n) {
    const bool cockpit = spec.cockpit && n == spec.nodes;
    msh::Node node = msh::make_node(n == 0 ? msh::kNoParent : cockpit ? 0 : static_cast<std::uint16_t>((n - 1) / 2));
    const bool helper = spec.nodes > 3 && n + 1 == spec.nodes;
    if (cockpit) {
      node.flags = msh::kNodeCockpit;
      node.slots[0][msh::kCockpitLevel] = add_sphere_slot(m, 0.2f, 3, 4, 0, false);
    }
    for (std::size_t a = 0; a < spec.states && !helper && !cockpit; ++a)
      for (std::size_t b = 0; b < spec.lods; ++b) {
        const float r = 0.5f / float(1 + b) + 0.25f * float(a);
        const std::uint16_t row = static_cast<std::uint16_t>(n % spec.materials);
        node.slots[a][b] = add_sphere_slot(m, r, spec.rings / (1 + b), spec.segments / (1 + b), row,
                                           spec.clockwise_node1 && n == 1);
        if (spec.lightmapped && n == 0) {
          m.batches.back().lightmap = msh::kBatchLightmapped;
          m.batches.back().word |= msh::kBatchWordLightmapped;
        }
      }
    m.nodes.push_back(node);
    m.node_names.push_back(msh::make_node_name(cockpit ? kCockpitNodeName
                                               : n % 2 == 0 ? (n == 0 ? std::string("hull") : "part" + std::to_string(n))
                                                            : std::string()));
    msh::NodeString prefix;
    if (n == 1) {
      prefix.present = true;
      prefix.text = "e_tur_tt";
    }
    m.node_strings.push_back(prefix);
  }
  if (spec.lightmapped)
    for (std::size_t i = 0; i < m.positions.size(); ++i) m.lightmap_uv.push_back(lightmap_uv_of(i));
  m.bounds.sphere = {0, 0, 0, 10};
  m.bounds.segment_top = {0, 0, 10};
  m.bounds.xy_radius = 10;
  for (std::size_t k = 0; k < 8; ++k)
    m.bounds.corners[k] = {(k & 1) ? 10.0f : -10.0f, (k & 2) ? 10.0f : -10.0f, (k & 4) ? 10.0f : 0.0f};

  msh::AnimTracks tracks;
  for (std::size_t n = 0; n < count; ++n) {
    msh::NodeAnimTrack track;
    track.node_index = static_cast<std::uint32_t>(n);
    const Vec3 offset = n == 0 ? spec.root_offset : Vec3{0.8f, 0.1f * float(n), 0.6f};
    const bool animated = spec.frames > 1 && n < spec.nodes && (n == 1 || (n > 1 && n % 3 == 0));
    const std::uint32_t last = animated ? spec.frames - 1 : 0;
    const std::uint32_t step = std::max<std::uint32_t>(1, last / 4);
    for (std::uint32_t f = 0;; f = std::min(last, f + step)) {
      msh::AnimKey k;
      k.time = float(f);
      const float angle = animated ? 1.2f * float(f) / float(std::max<std::uint32_t>(1, last)) + 0.2f : 0.3f;
      k.pos = {offset[0], offset[1], offset[2] + (animated ? 0.05f * float(f) : 0.0f)};
      k.quat_raw = value_or_throw(msh::quantize_quat({std::cos(angle / 2), 0.0f, 0.0f, std::sin(angle / 2)}));
      track.keys.push_back(k);
      if (f == last) break;
    }
    track.has_map = animated;
    tracks.tracks.push_back(track);
  }
  if (auto status = msh::set_animation(m, tracks); !status) throw std::runtime_error(status.error().to_string());
  return m;
}

inline ByteBuffer model_bytes(const msh::Model& m) { return value_or_throw(msh::write_model(m)); }

// A side x side RGBA texture: a checker of two colours, alpha 255 or (with `cutout`) 0 on every other
// square.
inline ByteBuffer checker_texture(std::uint8_t red, bool cutout, std::uint32_t side = 8) {
  texm::Image image{side, side, ByteBuffer(std::size_t(side) * side * 4)};
  const std::uint32_t square = std::max<std::uint32_t>(1, side / 4);
  for (std::uint32_t y = 0; y < side; ++y)
    for (std::uint32_t x = 0; x < side; ++x) {
      std::uint8_t* p = &image.rgba[(std::size_t(y) * side + x) * 4];
      const bool dark = ((x / square) + (y / square)) % 2;
      p[0] = dark ? red / 2 : red;
      p[1] = dark ? 40 : 200;
      p[2] = 90;
      p[3] = cutout && dark ? 0 : 255;
    }
  texm::EncodeOptions options;
  return value_or_throw(texm::encode(image, options));
}

inline material::Mat0 textured_material(std::uint32_t category, const std::string& texture) {
  material::Mat0 mat;
  mat.attributes = {category << 2, 6};
  material::Phase phase;
  phase.params = {10, 20, 30, 100, 255, 230, 200, 255, 1, 2, 3, 4, 5, 6, 7, 8, 16, 0xFF};  // p17 -1: whole texture
  std::copy(texture.begin(), texture.end(), phase.texture_field.begin());
  mat.phases.push_back(phase);
  return mat;
}

// The glow material, built by hand (docs/formats/mat0.md 4.1, 5): phase 0 dark on GLASS.0, phase 1
// ambient (51, 102, 255), diffuse (255, 128, 0), ambient alpha 50 % on HULL.0; track 0's first key
// names phase 1, so a still export shows phase 1.
inline material::Mat0 glow_material() {
  material::Mat0 mat;
  mat.attributes = {0, 6};
  material::Phase dark;
  dark.params = {0, 0, 0, 100, 10, 10, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF};
  const std::string glass = "GLASS.0", hull = "HULL.0";
  std::copy(glass.begin(), glass.end(), dark.texture_field.begin());
  material::Phase lit;
  lit.params = {51, 102, 255, 50, 255, 128, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF};
  std::copy(hull.begin(), hull.end(), lit.texture_field.begin());
  mat.phases = {dark, lit};
  material::AnimBlock track;
  track.header_raw = 0;  // loop, no blending
  track.keys = {{1, 100, 0}, {0, 200, 0}};
  mat.blocks.push_back(track);
  return mat;
}

// PANEL.0: 16 x 8 pixels with a Page table of two cells, x, w, y, h = (0, 8, 0, 8) and (8, 8, 4, 4);
// the PANEL material's p17 = 1 selects the second, UVs (0.5, 0.5) + (0.5, 0.5) x uv.
inline const std::vector<texm::PageRect> kPanelCells = {{0, 8, 0, 8}, {8, 8, 4, 4}};
inline constexpr std::uint8_t kPanelCell = 1;

struct GameFiles {
  ByteBuffer models;     // models.rlb: tank.msh + tank.wea (+ extra entries)
  ByteBuffer materials;  // Material.lib
  ByteBuffer textures;   // Textures.lib
  ByteBuffer lightmaps;  // LightMap.lib
};

// Material rows: 0 HULL (opaque, HULL.0), 1 GLASS (category 1, cut-out GLASS.0), 2 NO_SUCH (falls back
// to DEFAULT), 3 BARE (a texture that is not in Textures.lib), 4 GLOW (glow_material), 5 PANEL (cell
// kPanelCell of PANEL.0). LIGHTMAPS row 0: LM_HULL.0 in LightMap.lib (a 16 x 16 gradient).
inline GameFiles game_files(const std::vector<std::pair<std::string, ByteBuffer>>& models,
                            std::uint32_t texture_side = 8) {
  GameFiles files;
  std::vector<ByteBuffer> keep;
  keep.reserve(models.size() + 16);  // the specs point into it
  std::vector<nres::EntrySpec> model_specs;
  for (const auto& [name, bytes] : models) {
    model_specs.push_back({resource::kTypeMesh, 0, 0, 0, name, bytes});
    std::string stem = name.substr(0, name.rfind('.'));
    const std::string wear = "6\n0 HULL\n1 GLASS\n2 NO_SUCH\n3 BARE\n4 GLOW\n5 PANEL\n\nLIGHTMAPS\n1\n0 LM_HULL.0\n";
    keep.emplace_back(wear.begin(), wear.end());
    model_specs.push_back({resource::kTypeWear, 0, 0, 1, stem + ".wea", keep.back()});
  }
  files.models = value_or_throw(nres::build(model_specs));
  material::Mat0 panel = textured_material(0, "PANEL.0");
  panel.phases[0].params[17] = kPanelCell;
  const std::pair<const char*, material::Mat0> mats[] = {
      {"DEFAULT", textured_material(0, "HULL.0")},
      {"HULL", textured_material(0, "HULL.0")},
      {"GLASS", textured_material(1, "GLASS.0")},
      {"BARE", textured_material(0, "MISSING.0")},
      {"GLOW", glow_material()},
      {"PANEL", panel},
  };
  std::vector<nres::EntrySpec> material_specs;
  for (const auto& [name, mat] : mats) {
    keep.push_back(value_or_throw(material::write_mat0(mat)));
    material_specs.push_back({material::kMat0TypeId, mat.attributes.attr1, mat.attributes.attr2, 0, name, keep.back()});
  }
  files.materials = value_or_throw(nres::build(material_specs));
  keep.push_back(checker_texture(220, false, texture_side));
  keep.push_back(checker_texture(60, true, texture_side));
  texm::Image panel_image{16, 8, ByteBuffer(16 * 8 * 4, 0xFF)};
  for (std::size_t i = 0; i < 16 * 8; ++i) panel_image.rgba[i * 4 + 1] = static_cast<std::uint8_t>(i % 16 * 16);
  texm::EncodeOptions panel_options;
  panel_options.page = kPanelCells;
  keep.push_back(value_or_throw(texm::encode(panel_image, panel_options)));
  std::vector<nres::EntrySpec> texture_specs = {{resource::kTypeTexm, 0, 0, 0, "HULL.0", keep[keep.size() - 3]},
                                                {resource::kTypeTexm, 0, 0, 0, "GLASS.0", keep[keep.size() - 2]},
                                                {resource::kTypeTexm, 0, 0, 0, "PANEL.0", keep.back()}};
  files.textures = value_or_throw(nres::build(texture_specs));
  texm::Image light{16, 16, ByteBuffer(16 * 16 * 4, 0xFF)};
  for (std::size_t y = 0; y < 16; ++y)
    for (std::size_t x = 0; x < 16; ++x) {
      std::uint8_t* p = &light.rgba[(y * 16 + x) * 4];
      p[0] = static_cast<std::uint8_t>(64 + x * 12);
      p[1] = static_cast<std::uint8_t>(64 + y * 12);
      p[2] = 128;
    }
  keep.push_back(value_or_throw(texm::encode(light, texm::EncodeOptions{})));
  const std::vector<nres::EntrySpec> lightmap_specs = {{resource::kTypeTexm, 0, 0, 0, "LM_HULL.0", keep.back()}};
  files.lightmaps = value_or_throw(nres::build(lightmap_specs));
  return files;
}

}  // namespace parkan::gltf::test
