#pragma once
// Models and game folders built in code for the glTF export tests, the benchmark and the fuzz seeds:
// spheres and boxes on a node hierarchy with outward normals, an animated turret, a WEAR table, a
// Material.lib with textured phases and a Textures.lib.
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
inline void finish_batch(msh::Model& m, std::uint32_t base, std::size_t first_index, std::uint16_t material,
                         std::uint16_t flags) {
  msh::Batch batch;
  batch.flags = flags;
  batch.material = material;
  batch.index_start = static_cast<std::uint32_t>(first_index);
  batch.index_count = static_cast<std::uint16_t>(m.indices.size() - first_index);
  batch.base_vertex = base;
  batch.w0E = static_cast<std::uint16_t>(m.positions.size() - base);
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
                       std::uint16_t material, std::uint16_t flags = 0, bool clockwise = false) {
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
  finish_batch(m, base, first_index, material, flags);
}

struct ModelSpec {
  std::size_t nodes = 4;
  std::size_t rings = 4, segments = 6;  // per node and slot: (rings + 1) * (segments + 1) vertices
  std::size_t states = 2, lods = 2;
  std::uint32_t frames = 21;  // 0: static
  std::size_t materials = 2;  // batch material rows 0 .. materials - 1
  bool clockwise_node1 = true;
};

// Node 0 the root, node i > 0 the child of (i - 1) / 2; node 1 animated (turns about Z and rises),
// every third node animated too; the last node of more than 3 has no geometry (a helper). Each
// (node, state, LOD) slot holds a sphere; rows alternate, odd rows are two-sided.
inline msh::Model build_model(const ModelSpec& spec = {}) {
  msh::Model m;
  for (std::size_t n = 0; n < spec.nodes; ++n) {
    msh::Node node = msh::make_node(n == 0 ? msh::kNoParent : static_cast<std::uint16_t>((n - 1) / 2));
    const bool helper = spec.nodes > 3 && n + 1 == spec.nodes;
    for (std::size_t a = 0; a < spec.states && !helper; ++a)
      for (std::size_t b = 0; b < spec.lods; ++b) {
        msh::Slot slot;
        slot.tri_start = static_cast<std::uint16_t>(m.triangles.size());
        slot.batch_start = static_cast<std::uint16_t>(m.batches.size());
        const float r = 0.5f / float(1 + b) + 0.25f * float(a);
        const std::uint16_t row = static_cast<std::uint16_t>(n % spec.materials);
        add_sphere(m, {0.0f, 0.0f, 0.5f}, r, spec.rings / (1 + b), spec.segments / (1 + b), row,
                   row % 2 ? msh::kBatchTwoSided : 0, spec.clockwise_node1 && n == 1);
        slot.tri_count = static_cast<std::uint16_t>(m.triangles.size() - slot.tri_start);
        slot.batch_count = 1;
        slot.aabb_min = {-r, -r, 0.5f - r};
        slot.aabb_max = {r, r, 0.5f + r};
        slot.sphere_center = {0.0f, 0.0f, 0.5f};
        slot.sphere_radius = r;
        node.slots[a][b] = static_cast<std::uint16_t>(m.slots.size());
        m.slots.push_back(slot);
      }
    m.nodes.push_back(node);
    msh::NodeString name;
    if (n % 2 == 0) {
      name.present = true;
      name.text = n == 0 ? "hull" : "part" + std::to_string(n);
    }
    m.node_strings.push_back(name);
  }
  m.bounds.sphere = {0, 0, 0, 10};
  m.bounds.segment_top = {0, 0, 10};
  m.bounds.xy_radius = 10;
  for (std::size_t k = 0; k < 8; ++k)
    m.bounds.corners[k] = {(k & 1) ? 10.0f : -10.0f, (k & 2) ? 10.0f : -10.0f, (k & 4) ? 10.0f : 0.0f};

  msh::AnimTracks tracks;
  for (std::size_t n = 0; n < spec.nodes; ++n) {
    msh::NodeAnimTrack track;
    track.node_index = static_cast<std::uint32_t>(n);
    const Vec3 offset = n == 0 ? Vec3{0, 0, 0} : Vec3{0.8f, 0.1f * float(n), 0.6f};
    const bool animated = spec.frames > 1 && (n == 1 || (n > 1 && n % 3 == 0));
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
  phase.params = {10, 20, 30, 100, 255, 230, 200, 255, 1, 2, 3, 4, 5, 6, 7, 8, 16, 0};
  std::copy(texture.begin(), texture.end(), phase.texture_field.begin());
  mat.phases.push_back(phase);
  return mat;
}

struct GameFiles {
  ByteBuffer models;     // models.rlb: tank.msh + tank.wea (+ extra entries)
  ByteBuffer materials;  // Material.lib
  ByteBuffer textures;   // Textures.lib
};

// Material rows: 0 HULL (opaque, HULL.0), 1 GLASS (category 1, cut-out GLASS.0), 2 NO_SUCH (falls back
// to DEFAULT), 3 BARE (a texture that is not in Textures.lib).
inline GameFiles game_files(const std::vector<std::pair<std::string, ByteBuffer>>& models,
                            std::uint32_t texture_side = 8) {
  GameFiles files;
  std::vector<ByteBuffer> keep;
  keep.reserve(16);
  std::vector<nres::EntrySpec> model_specs;
  for (const auto& [name, bytes] : models) {
    model_specs.push_back({resource::kTypeMesh, 0, 0, 0, name, bytes});
    std::string stem = name.substr(0, name.rfind('.'));
    const std::string wear = "4\n0 HULL\n1 GLASS\n2 NO_SUCH\n3 BARE\n";
    keep.emplace_back(wear.begin(), wear.end());
    model_specs.push_back({resource::kTypeWear, 0, 0, 1, stem + ".wea", keep.back()});
  }
  files.models = value_or_throw(nres::build(model_specs));
  const std::pair<const char*, material::Mat0> mats[] = {
      {"DEFAULT", textured_material(0, "HULL.0")},
      {"HULL", textured_material(0, "HULL.0")},
      {"GLASS", textured_material(1, "GLASS.0")},
      {"BARE", textured_material(0, "MISSING.0")},
  };
  std::vector<nres::EntrySpec> material_specs;
  for (const auto& [name, mat] : mats) {
    keep.push_back(value_or_throw(material::write_mat0(mat)));
    material_specs.push_back({material::kMat0TypeId, mat.attributes.attr1, mat.attributes.attr2, 0, name, keep.back()});
  }
  files.materials = value_or_throw(nres::build(material_specs));
  keep.push_back(checker_texture(220, false, texture_side));
  keep.push_back(checker_texture(60, true, texture_side));
  std::vector<nres::EntrySpec> texture_specs = {{resource::kTypeTexm, 0, 0, 0, "HULL.0", keep[keep.size() - 2]},
                                                {resource::kTypeTexm, 0, 0, 0, "GLASS.0", keep.back()}};
  files.textures = value_or_throw(nres::build(texture_specs));
  return files;
}

}  // namespace parkan::gltf::test
