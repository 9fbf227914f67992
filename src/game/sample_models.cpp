// Sample models. models.rlb is a model library like the game's bases.rlb: the tank, the building and
// the walker with geometry (sample_tank.cpp, sample_building.cpp, sample_walker.cpp), each MESH entry
// with its `<stem>.wea` beside it. models/ and animated.rlb hold the walker and synthetic animated
// models (msh-animation.md; msh.md 1, 2, 8): node counts 1..38 as in the corpus, whole-frame key
// times starting at 0, maps from the canonical writer, plus the edge cases the seeds name: a static
// model with an empty Res19 (10.1), and the legacy 24-byte node table (10.3).
#include <algorithm>
#include <cmath>
#include <numbers>

#include "parkan/game/sample.hpp"
#include "game/sample_model_assets.hpp"
#include "game/sample_model_builder.hpp"
#include "game/sample_random.hpp"
#include "parkan/material/model.hpp"
#include "parkan/msh/anim.hpp"
#include "parkan/msh/math.hpp"
#include "parkan/nres/write.hpp"

namespace parkan::game {

namespace {

constexpr std::uint32_t kMeshType = 0x4853454D;  // "MESH": a model entry of a library (msh.md)

msh::RawQuat axis_angle(float ax, float ay, float az, float angle) {
  float length = std::sqrt(ax * ax + ay * ay + az * az);
  if (length == 0.0f) ax = 0.0f, ay = 0.0f, az = 1.0f, length = 1.0f;
  float s = std::sin(angle / 2.0f) / length;
  return *msh::quantize_quat({std::cos(angle / 2.0f), ax * s, ay * s, az * s});
}

// One node's keys: `count` whole-frame times from 0 to `end`, a swing about a random axis.
std::vector<msh::AnimKey> swing_track(SampleRandom& rng, std::uint32_t count, std::uint32_t end,
                                      const msh::Vec3& base) {
  std::vector<std::uint32_t> times{0};
  for (std::uint32_t k = 1; k + 1 < count; ++k) times.push_back(1 + rng.below(end - 1));
  times.push_back(end);
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  float ax = rng.range(-1, 1), ay = rng.range(-1, 1), az = rng.range(-1, 1);
  float amplitude = rng.range(0.2f, 2.5f);
  std::vector<msh::AnimKey> keys;
  for (std::uint32_t t : times) {
    // Three quarters of a swing: the last key differs from the first, so no track collapses to static.
    float phase = static_cast<float>(t) / static_cast<float>(end) * 1.5f * std::numbers::pi_v<float>;
    msh::AnimKey k;
    k.time = static_cast<float>(t);
    k.pos = {base[0], base[1] + 0.05f * std::sin(phase), base[2] + 0.02f * static_cast<float>(t % 3)};
    k.quat_raw = axis_angle(ax, ay, az, amplitude * std::sin(phase));
    keys.push_back(k);
  }
  return keys;
}

struct ModelShape {
  std::uint32_t nodes;
  std::uint32_t frames;          // last frame time; frame_count = frames + 1
  std::uint32_t animated_every;  // every n-th node (and the root) is animated; 0: none
};

// A tree (parents precede children) with some animated nodes, written by the canonical writer.
msh::AnimTracks make_model(SampleRandom& rng, const ModelShape& shape) {
  msh::AnimTracks model;
  for (std::uint32_t i = 0; i < shape.nodes; ++i) {
    msh::NodeAnimTrack track;
    track.node_index = i;
    std::uint16_t parent = i == 0 ? msh::kNoParent : static_cast<std::uint16_t>(rng.below(i));
    track.node_bytes = msh::make_node38(parent);
    msh::Vec3 base = {rng.range(-2, 2), rng.range(-2, 2), rng.range(0, 3)};
    track.has_map = shape.animated_every != 0 && (i == 0 || i % shape.animated_every == 1);
    if (track.has_map) {
      // The first animated node spans the whole timeline, which fixes frame_count (5.2).
      std::uint32_t end = i == 0 ? shape.frames : 2 + rng.below(shape.frames - 1);
      track.keys = swing_track(rng, 2 + rng.below(9), end, base);
    } else {
      msh::AnimKey rest;
      rest.pos = base;
      rest.quat_raw = axis_angle(0, 0, 1, rng.range(-1, 1));
      track.keys = {rest};
    }
    model.tracks.push_back(std::move(track));
  }
  return model;
}

nres::EntrySpec spec_of(const msh::StreamOut& s) {
  nres::EntrySpec spec;
  spec.type_id = s.entry.type_id;
  spec.attr1 = s.entry.attr1;
  spec.attr2 = s.entry.attr2;
  spec.attr3 = s.entry.attr3;
  spec.name = std::string(s.entry.name());
  spec.payload = s.payload;
  return spec;
}

// The model NRes: the three animation streams in the loader's order, then `extra` opaque streams.
ByteBuffer model_bytes(const msh::AnimStreamsOut& streams, const std::vector<std::uint32_t>& extra_types = {}) {
  std::vector<nres::EntrySpec> specs = {spec_of(streams.nodes), spec_of(streams.keys), spec_of(streams.map)};
  for (std::uint32_t type : extra_types) {
    nres::EntrySpec spec;
    spec.type_id = type;
    spec.name = "Res" + std::to_string(type);
    specs.push_back(spec);
  }
  return *nres::build(specs);
}

ByteBuffer animated_model(SampleRandom& rng, const ModelShape& shape, const std::vector<std::uint32_t>& extra = {}) {
  return model_bytes(*msh::write_anim_canonical(make_model(rng, shape)), extra);
}

// Every node static: one key each, Res19 empty with attributes (0, 1, 2) (5.3, 10.1).
ByteBuffer static_model(SampleRandom& rng, std::uint32_t nodes) {
  return model_bytes(*msh::write_anim_canonical(make_model(rng, {nodes, 0, 0})));
}

// MTCHECK.MSH-like (10.3): Res1.attr3 = 24, one key, Res19 empty.
ByteBuffer legacy_model() {
  msh::AnimStreamsOut s;
  s.nodes.entry = msh::make_stream_entry(msh::kNodeTableType);
  s.nodes.entry.attr1 = 1;
  s.nodes.entry.attr3 = msh::kLegacyNodeStride;
  s.nodes.payload.assign(msh::kLegacyNodeStride, 0xFF);
  store_u16(s.nodes.payload.data(), 0);
  s.keys.entry = msh::make_stream_entry(msh::kKeyPoolType);
  s.keys.entry.attr1 = 1;
  ByteWriter key;
  key.zeros(12 + 4 + 6);
  key.i16(32767);  // identity rotation, qw = 1
  s.keys.payload = key.take();
  s.map.entry = msh::make_stream_entry(msh::kFrameMapType);
  return model_bytes(s);
}

}  // namespace

std::vector<SampleFile> sample_models(const SampleOptions& options) {
  SampleRandom rng{options.seed * 0x5851F42D4C957F2Dull + 19};
  std::vector<std::pair<std::string, ByteBuffer>> models;
  const std::pair<const char*, SampleModel> library_models[] = {
      {"tank", tank_model()}, {"building", building_model()}, {"walker", walker_model()}};
  std::vector<std::pair<std::string, ByteBuffer>> library_entries;  // name, payload
  ByteBuffer walker;
  for (const auto& [stem, model] : library_models) {
    ByteBuffer bytes = build_sample_model(model).value();  // valid by construction
    if (std::string_view(stem) == "walker") walker = bytes;
    library_entries.emplace_back(std::string(stem) + ".msh", std::move(bytes));
    std::string wear = model_wear_text(stem);
    library_entries.emplace_back(std::string(stem) + ".wea", ByteBuffer(wear.begin(), wear.end()));
  }
  models.emplace_back("walker.msh", std::move(walker));  // the walker of models.rlb, also loose
  models.emplace_back("mech.msh", animated_model(rng, {38, 60, 3}));
  models.emplace_back("tower.msh", static_model(rng, 3));
  models.emplace_back("mtcheck.msh", legacy_model());
  if (options.retail)
    for (std::uint32_t i = 0; i < 12; ++i)
      models.emplace_back("unit" + std::to_string(i) + ".msh",
                          animated_model(rng, {1 + rng.below(38), 3 + rng.below(120), 1 + rng.below(4)}));

  std::vector<SampleFile> files;
  std::vector<nres::EntrySpec> library;
  for (const auto& [name, bytes] : models) files.push_back({"models/" + name, bytes});
  for (const SampleFile& f : files) {
    nres::EntrySpec spec;
    spec.type_id = kMeshType;
    spec.name = f.path.substr(7);
    spec.payload = f.bytes;
    library.push_back(spec);
  }
  ByteBuffer library_bytes = *nres::build(library);  // before `files` grows: the specs view its bytes
  files.push_back({"animated.rlb", std::move(library_bytes)});

  std::vector<nres::EntrySpec> model_library;
  for (const auto& [name, bytes] : library_entries) {
    bool mesh = name.ends_with(".msh");
    // WEAR entries as in the game's libraries (materials-texm.md 13.4: attr3 = 1).
    model_library.push_back({mesh ? kMeshType : material::kWearTypeId, 0, 0, mesh ? 0u : 1u, name, bytes});
  }
  files.push_back({"models.rlb", *nres::build(model_library)});
  return files;
}

}  // namespace parkan::game
