// MSH animation on random models: parse, check, sample, blend, world matrices, IR round trip,
// canonical writer. Inputs starting with "NRes" are models as they are; any other input is cut
// into the three streams of a model (so that most runs get past the container).
// Invariants (trap on violation): the lossless writer gives the streams back byte for byte, and
// the canonical writer's output passes every check and samples its keys exactly at their times.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>

#include "parkan/msh/anim.hpp"
#include "parkan/msh/math.hpp"
#include "parkan/nres/write.hpp"
#include "fuzz_assert.hpp"

namespace {

using namespace parkan;

ByteBuffer model_from_streams(const std::uint8_t* data, std::size_t size) {
  if (size < 6) return {};
  const std::uint32_t frame_count = data[0];
  const std::uint32_t node_attr3 = data[1] & 1 ? msh::kLegacyNodeStride : msh::kNodeTableAttr3;
  std::size_t nodes_size = load_u16(data + 2), keys_size = load_u16(data + 4);
  data += 6;
  size -= 6;
  nodes_size = std::min(nodes_size, size);
  keys_size = std::min(keys_size, size - nodes_size);
  std::vector<nres::EntrySpec> specs = {
      {msh::kNodeTableType, 0, 0, node_attr3, "Res1", ByteView(data, nodes_size)},
      {msh::kKeyPoolType, 0, 0, msh::kKeyPoolAttr3, "Res8", ByteView(data + nodes_size, keys_size)},
      {msh::kFrameMapType, 0, frame_count, msh::kFrameMapAttr3, "Res19",
       ByteView(data + nodes_size + keys_size, size - nodes_size - keys_size)}};
  auto bytes = nres::build(specs);
  return bytes ? *bytes : ByteBuffer{};
}

ByteBuffer payload(ByteView v) { return ByteBuffer(v.begin(), v.end()); }

void exercise_runtime(const msh::AnimStreams& s, const std::uint8_t* data, std::size_t size) {
  float extra = 0.0f;
  if (size >= 4) std::memcpy(&extra, data + size - 4, 4);
  const float times[] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 2.75f, -1.0f, float(s.frame_count), float(s.frame_count) - 0.5f,
                         1e9f, std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(), extra};
  const std::uint32_t nodes = std::min<std::uint32_t>(s.node_count, 40);
  for (std::uint32_t n = 0; n <= nodes; ++n) {  // one past the end on purpose
    for (float t : times) {
      auto pose = msh::sample_node(s, n, t);
      if (pose) FUZZ_ASSERT(pose->key < s.key_count);
    }
    (void)msh::blend_node(s, n, 1.0f, 2.5f, 0.5f);
    (void)msh::blend_node(s, n, extra, 0.25f, 0.75f);
    (void)msh::blend_node(s, n, -1.0f, -1.0f, 0.5f);
  }
  (void)msh::world_matrices(s, 1.5f);
  (void)msh::world_matrices(s, extra);
}

void exercise_writers(const ByteBuffer& model, const msh::AnimStreams& s) {
  auto ir = msh::read_anim_tracks(s);
  if (!ir) return;
  auto lossless = msh::write_anim(*ir);
  FUZZ_ASSERT(lossless.ok());
  FUZZ_ASSERT(lossless->nodes.payload == payload(s.nodes));
  FUZZ_ASSERT(lossless->keys.payload == payload(s.keys));
  FUZZ_ASSERT(lossless->map.payload == payload(s.map));
  auto same = msh::replace_anim_streams(model, *lossless);
  FUZZ_ASSERT(same.ok() && *same == model);

  auto canonical = msh::write_anim_canonical(*ir);
  if (!canonical) return;
  auto rebuilt = msh::build_anim_model(*canonical);
  FUZZ_ASSERT(rebuilt.ok());
  auto out = msh::read_anim_streams(*rebuilt);
  FUZZ_ASSERT(out.ok());
  for (const Diagnostic& f : msh::check_anim(*out)) {
    // Key data is copied as given: non-finite positions stay errors, quaternion words as stored
    // stay warnings; nothing else may be reported.
    FUZZ_ASSERT(f.code == "anim.key.finite" || f.code == "anim.key.quat_range");
  }
  auto tracks = msh::read_anim_tracks(*out);
  FUZZ_ASSERT(tracks.ok());
  for (const msh::NodeAnimTrack& track : tracks->tracks)
    for (const msh::AnimKey& k : track.keys) {
      auto pose = msh::sample_node(*out, track.node_index, k.time);
      FUZZ_ASSERT(pose.ok() && pose->path != msh::SamplePath::interp);
      FUZZ_ASSERT(std::memcmp(pose->quat.data(), msh::decode_quat(k.quat_raw).data(), 16) == 0);
      FUZZ_ASSERT(std::memcmp(pose->pos.data(), k.pos.data(), 12) == 0);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ByteBuffer model = size >= 4 && std::memcmp(data, "NRes", 4) == 0 ? ByteBuffer(data, data + size)
                                                                     : model_from_streams(data, size);
  for (const Diagnostic& f : msh::check_anim(model)) FUZZ_ASSERT(!f.code.empty() && !f.message.empty());
  auto streams = msh::read_anim_streams(model);
  if (!streams) return 0;
  exercise_runtime(*streams, data, size);
  exercise_writers(model, *streams);
  return 0;
}
