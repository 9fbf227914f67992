// A glTF scene to an msh::BuildModel (include/parkan/import/gltf.hpp; docs/import.md 2-3).
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "import/gltf_accessor.hpp"
#include "import/gltf_channels.hpp"
#include "import/gltf_primitive.hpp"
#include "import/node_frame.hpp"
#include "import/gltf_document.hpp"
#include "parkan/core/text.hpp"
#include "parkan/import/codes.hpp"
#include "parkan/msh/math.hpp"

namespace parkan::importer {

namespace {

using namespace detail;

// How far a node's local pose may wander (rotation matrix cells, translation relative to its size)
// and still be a node that does not move.
constexpr double kStillTolerance = 1e-6;

struct Primary {  // an MSH node
  int gltf = -1;
  std::uint16_t parent = msh::kNoParent;
  Frame frame;
  msh::BuildNode node;
};

class SceneImporter {
 public:
  SceneImporter(const LoadedGltf& document, const SceneOptions& options)
      : doc_(document), model_(document.model), options_(options) {}

  Result<ImportedScene> run();

 private:
  Result<Frame> frame_of(int node, const Affine& world) const;
  Status visit(int node, const Affine& parent_world, std::uint16_t msh_parent, int depth);
  Status add_mesh(int gltf_node, const Frame& frame, std::size_t msh_node, std::size_t stage, std::size_t level);
  Status add_rigid_skin(int gltf_node, std::size_t stage, std::size_t level);
  Result<std::uint8_t> row_for(int material, bool lightmapped);
  void keep_file_order();
  Result<int> chosen_animation() const;
  Affine world_at(int node, const Channels& channels, double time) const;
  Status sample_animation(const Channels& channels);
  Result<msh::AnimKey> key_of(const Frame& parent, const Frame& node, float time) const;
  void warn(const char* code, std::string message) {
    scene_.warnings.push_back(Diagnostic{code, Severity::warning, Location{doc_.file_name, {}, {}}, std::move(message)});
  }
  std::string node_label(int node) const {
    const std::string& name = model_.nodes[static_cast<std::size_t>(node)].name;
    return name.empty() ? fmt::format("node {}", node) : fmt::format("node {} \"{}\"", node, name);
  }

  const LoadedGltf& doc_;
  const tinygltf::Model& model_;
  const SceneOptions& options_;
  Mat3d axis_ = kYUpToZUp;
  std::vector<int> parent_of_;  // glTF node -> glTF parent in the imported hierarchy, -1 for a root
  ImportedScene scene_;
  std::vector<Primary> primaries_;
  struct Deferred {  // a _LOD / _STAGE node, filled after every primary node is known
    int gltf = -1;
    Affine world;
    SlotName slot;
  };
  std::vector<Deferred> deferred_;
  struct Skinned {  // a skinned mesh (--rigid), placed after every joint is known
    int gltf = -1;
    std::size_t stage = 0, level = 0;
  };
  std::vector<Skinned> skinned_;
  std::vector<Affine> worlds_;  // glTF node -> its world transform at the still pose (glTF frame)
  std::map<std::pair<int, bool>, std::uint8_t> rows_;
};

Result<Frame> SceneImporter::frame_of(int node, const Affine& world) const {
  return node_frame(world, axis_, node_label(node));
}

// The nodes in the order the file lists them when every parent still comes before its children (so
// that a model parkan exported comes back with its node indices), else in the order they were
// visited (depth first).
void SceneImporter::keep_file_order() {
  std::vector<std::size_t> order(primaries_.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return primaries_[a].gltf < primaries_[b].gltf; });
  std::vector<std::size_t> position(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) position[order[i]] = i;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const std::uint16_t parent = primaries_[order[i]].parent;
    if (parent != msh::kNoParent && position[parent] >= i) return;
  }
  std::vector<Primary> sorted;
  sorted.reserve(order.size());
  for (std::size_t i : order) {
    Primary p = std::move(primaries_[i]);
    if (p.parent != msh::kNoParent) p.parent = static_cast<std::uint16_t>(position[p.parent]);
    p.node.parent = p.parent;
    sorted.push_back(std::move(p));
  }
  primaries_ = std::move(sorted);
}

Result<std::uint8_t> SceneImporter::row_for(int material, bool lightmapped) {
  if (auto it = rows_.find({material, lightmapped}); it != rows_.end()) return it->second;
  // A batch names its WEAR row in one byte (docs/formats/msh.md 5.1).
  if (scene_.materials.size() > 0xFF)
    return invalid_rule(codes::kGltfMaterials, "more than 256 materials: a batch names its WEAR row in one byte");
  auto [it, added] = rows_.try_emplace({material, lightmapped}, static_cast<std::uint8_t>(scene_.materials.size()));
  if (added) {
    MaterialUse use;
    use.gltf_material = material;
    if (material >= 0) use.name = model_.materials[static_cast<std::size_t>(material)].name;
    use.lightmapped = lightmapped;
    scene_.materials.push_back(std::move(use));
  }
  return it->second;
}


Status SceneImporter::add_mesh(int gltf_node, const Frame& frame, std::size_t msh_node, std::size_t stage,
                               std::size_t level) {
  const tinygltf::Node& node = model_.nodes[static_cast<std::size_t>(gltf_node)];
  if (node.mesh < 0) return {};
  if (static_cast<std::size_t>(node.mesh) >= model_.meshes.size())
    return invalid_rule(codes::kGltfAccessor, fmt::format("{}: mesh {} does not exist", node_label(gltf_node), node.mesh));
  if (node.skin >= 0) {
    if (!options_.rigid)
      return invalid_rule(codes::kGltfSkin, fmt::format("{}: a skinned mesh: the game's models are rigid (--rigid gives each "
                                                        "triangle to the node of its dominant joint)", node_label(gltf_node)));
    skinned_.push_back({gltf_node, stage, level});
    return {};
  }
  const tinygltf::Mesh& mesh = model_.meshes[static_cast<std::size_t>(node.mesh)];
  Primary& target = primaries_[msh_node];
  std::vector<msh::BuildBatch>& slot = target.node.slots[{stage, level}];
  for (std::size_t i = 0; i < mesh.primitives.size(); ++i) {
    const std::string what = fmt::format("{} mesh \"{}\" primitive {}", node_label(gltf_node), mesh.name, i);
    PARKAN_TRY(append_primitive(model_, mesh.primitives[i], what, frame, target.frame,
                                [this](int material, bool lightmapped) { return row_for(material, lightmapped); }, slot));
  }
  if (slot.empty()) target.node.slots.erase({stage, level});
  return {};
}

// A skinned mesh made rigid (SceneOptions::rigid, docs/import.md 3): each triangle to the MSH node of its
// dominant joint, its vertices taken from bind space into the game by that joint's world transform
// at the still pose times its inverse bind matrix.
Status SceneImporter::add_rigid_skin(int gltf_node, std::size_t stage, std::size_t level) {
  const tinygltf::Node& node = model_.nodes[static_cast<std::size_t>(gltf_node)];
  const std::string label = node_label(gltf_node);
  if (static_cast<std::size_t>(node.skin) >= model_.skins.size())
    return invalid_rule(codes::kGltfSkin, fmt::format("{}: skin {} does not exist", label, node.skin));
  const tinygltf::Skin& skin = model_.skins[static_cast<std::size_t>(node.skin)];
  if (skin.joints.empty()) return invalid_rule(codes::kGltfSkin, fmt::format("{}: skin {} has no joints", label, node.skin));
  std::vector<Affine> inverse_bind(skin.joints.size());
  if (skin.inverseBindMatrices >= 0) {
    PARKAN_ASSIGN(inverse_bind, read_matrices(model_, skin.inverseBindMatrices, label + " inverseBindMatrices"));
    if (inverse_bind.size() < skin.joints.size())
      return invalid_rule(codes::kGltfSkin, fmt::format("{}: {} inverse bind matrices for {} joints", label,
                                                        inverse_bind.size(), skin.joints.size()));
  }
  std::vector<std::size_t> joint_node(skin.joints.size());
  std::vector<Frame> bind(skin.joints.size());
  for (std::size_t k = 0; k < skin.joints.size(); ++k) {
    const int joint = skin.joints[k];
    auto found = std::find_if(primaries_.begin(), primaries_.end(), [&](const Primary& p) { return p.gltf == joint; });
    if (found == primaries_.end())
      return invalid_rule(codes::kGltfSkin, fmt::format("{}: joint {} (node {}) is not a node of the model", label, k, joint));
    joint_node[k] = static_cast<std::size_t>(found - primaries_.begin());
    PARKAN_ASSIGN(bind[k], frame_of(joint, compose(worlds_[static_cast<std::size_t>(joint)], inverse_bind[k])));
  }
  const tinygltf::Mesh& mesh = model_.meshes[static_cast<std::size_t>(node.mesh)];
  for (std::size_t i = 0; i < mesh.primitives.size(); ++i) {
    const tinygltf::Primitive& primitive = mesh.primitives[i];
    const std::string what = fmt::format("{} mesh \"{}\" primitive {}", label, mesh.name, i);
    auto joints_attr = primitive.attributes.find("JOINTS_0");
    auto weights_attr = primitive.attributes.find("WEIGHTS_0");
    auto position_attr = primitive.attributes.find("POSITION");
    if (joints_attr == primitive.attributes.end() || weights_attr == primitive.attributes.end() ||
        position_attr == primitive.attributes.end())
      return invalid_rule(codes::kGltfSkin, fmt::format("{}: a primitive of a skinned mesh without POSITION, JOINTS_0 "
                                                        "and WEIGHTS_0", what));
    PARKAN_ASSIGN(const auto joints, read_joints(model_, joints_attr->second, what + " JOINTS_0"));
    PARKAN_ASSIGN(const auto weights, read_vectors(model_, weights_attr->second, 4, true, what + " WEIGHTS_0"));
    const std::size_t vertices = static_cast<std::size_t>(position_attr->second) < model_.accessors.size()
                                     ? model_.accessors[static_cast<std::size_t>(position_attr->second)].count
                                     : 0;
    if (joints.size() != vertices || weights.size() != vertices)
      return invalid_rule(codes::kGltfSkin, fmt::format("{}: {} joints and {} weights for {} positions", what,
                                                        joints.size(), weights.size(), vertices));
    for (const auto& influence : joints)
      for (std::uint16_t j : influence)
        if (j >= skin.joints.size())
          return invalid_rule(codes::kGltfSkin, fmt::format("{}: joint {} past the skin's {}", what, j, skin.joints.size()));
    // The dominant joint of a triangle: the most weight over its corners, the lower joint on a tie.
    auto dominant = [&](const std::array<std::uint32_t, 3>& t) {
      std::vector<double> sum(skin.joints.size(), 0.0);
      for (std::uint32_t v : t)
        for (std::size_t c = 0; c < 4; ++c) sum[joints[v][c]] += weights[v][c];
      return static_cast<std::size_t>(std::max_element(sum.begin(), sum.end()) - sum.begin());
    };
    for (std::size_t k = 0; k < skin.joints.size(); ++k) {
      Primary& target = primaries_[joint_node[k]];
      std::vector<msh::BuildBatch>& slot = target.node.slots[{stage, level}];
      PARKAN_TRY(append_primitive(model_, primitive, what, bind[k], target.frame,
                                  [this](int material, bool lightmapped) { return row_for(material, lightmapped); }, slot,
                                  [&](const std::array<std::uint32_t, 3>& t) { return dominant(t) == k; }));
      if (slot.empty()) target.node.slots.erase({stage, level});
    }
  }
  return {};
}

Status SceneImporter::visit(int index, const Affine& parent_world, std::uint16_t msh_parent, int depth) {
  if (index < 0 || static_cast<std::size_t>(index) >= model_.nodes.size() || depth > 256)
    return invalid_rule(codes::kGltfAccessor, fmt::format("node {} does not exist, or the hierarchy is deeper than 256", index));
  const tinygltf::Node& node = model_.nodes[static_cast<std::size_t>(index)];
  const Affine world = compose(parent_world, local_of(node));
  worlds_[static_cast<std::size_t>(index)] = world;
  for (int child : node.children)
    if (child >= 0 && static_cast<std::size_t>(child) < parent_of_.size()) parent_of_[static_cast<std::size_t>(child)] = index;
  SlotName slot = parse_slot_name(node.name);
  std::uint16_t parent_for_children = msh_parent;
  if (slot.suffixed) {
    deferred_.push_back({index, world, slot});
  } else if (node.mesh < 0 && (node.camera >= 0 || node.extensions.count("KHR_lights_punctual"))) {
    warn(codes::kNodeDropped, fmt::format("{}: a camera or a light: left out", node_label(index)));
  } else {
    PARKAN_ASSIGN(Frame frame, frame_of(index, world));
    Primary p;
    p.gltf = index;
    p.parent = msh_parent;
    p.frame = frame;
    std::optional<std::string> cp1251 = utf8_to_cp1251(node.name);
    std::string name = cp1251 ? *cp1251 : node.name;
    if (name.empty()) name = fmt::format("node{}", primaries_.size());
    if (name.size() >= msh::kNodeNameSize) {
      warn(codes::kNameCut, fmt::format("{}: the name is cut to {} bytes", node_label(index), msh::kNodeNameSize - 1));
      name.resize(msh::kNodeNameSize - 1);
    }
    p.node.name = name;
    p.node.parent = msh_parent;
    if (slot.cockpit) p.node.flags |= msh::kNodeCockpit;
    // What parkan's export keeps in a node's extras (docs/formats/msh.md 13.3): the socket prefix and
    // the flags the names do not carry.
    if (node.extras.IsObject()) {
      if (const tinygltf::Value& socket = node.extras.Get("socket_prefix"); socket.IsString()) {
        std::optional<std::string> text = utf8_to_cp1251(socket.Get<std::string>());
        p.node.socket = text ? *text : socket.Get<std::string>();
      }
      if (const tinygltf::Value& flags = node.extras.Get("flags"); flags.IsInt())
        p.node.flags |= static_cast<std::uint16_t>(flags.Get<int>() & (msh::kNodeInterior | msh::kNodeDrawnAtZeroLife));
    }
    primaries_.push_back(std::move(p));
    const std::size_t me = primaries_.size() - 1;
    if (me > 0xFFFE) return invalid_rule(codes::kGltfAccessor, "more than 65535 nodes");
    PARKAN_TRY(add_mesh(index, primaries_[me].frame, me, 0, slot.cockpit ? msh::kCockpitLevel : 0));
    parent_for_children = static_cast<std::uint16_t>(me);
  }
  for (int child : node.children) PARKAN_TRY(visit(child, world, parent_for_children, depth + 1));
  return {};
}

// The node's pose against its MSH parent's frame as a key; the engine's matrix rotates by conj(q)
// (docs/formats/msh.md 7.3).
Result<msh::AnimKey> SceneImporter::key_of(const Frame& parent, const Frame& node, float time) const {
  const Mat3d local = mul(transpose(parent.rotation), node.rotation);
  const Vec3d t = mat_vec(transpose(parent.rotation), sub(node.translation, parent.translation));
  const auto q = quaternion_of(local);
  msh::AnimKey key;
  key.time = time;
  key.pos = {static_cast<float>(t[0]), static_cast<float>(t[1]), static_cast<float>(t[2])};
  PARKAN_ASSIGN(key.quat_raw, msh::quantize_quat({static_cast<float>(q[0]), static_cast<float>(-q[1]),
                                                  static_cast<float>(-q[2]), static_cast<float>(-q[3])}));
  return key;
}

// The index of the animation the options name (by name; "" the first), -1 when the file has none
// or the options ask for the still model.
Result<int> SceneImporter::chosen_animation() const {
  if (options_.still || (options_.animation.empty() && model_.animations.empty())) return -1;
  if (options_.animation.empty()) return 0;
  for (std::size_t i = 0; i < model_.animations.size(); ++i)
    if (model_.animations[i].name == options_.animation) return int(i);
  std::string names;
  for (const tinygltf::Animation& a : model_.animations) names += (names.empty() ? "" : ", ") + ("\"" + a.name + "\"");
  return invalid_rule(codes::kGltfAnimation, fmt::format("no animation named \"{}\" (the file has {})", options_.animation,
                                                         names.empty() ? "none" : names));
}

Affine SceneImporter::world_at(int node, const Channels& channels, double time) const {
  Affine world;
  // Up the imported hierarchy (at most the depth visit accepted), then composed root first.
  std::vector<int> chain;
  for (int n = node; n >= 0 && chain.size() <= 257; n = parent_of_[static_cast<std::size_t>(n)]) chain.push_back(n);
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    const tinygltf::Node& n = model_.nodes[static_cast<std::size_t>(*it)];
    // A node given as a matrix cannot be animated (glTF 2.0 3.7.3.1).
    world = compose(world, n.matrix.size() == 16 ? local_of(n) : affine_of(channels.at(*it, trs_of(n), time)));
  }
  return world;
}

// Keys at every frame from the earliest key to the last one (frame 0 at the earliest key: Blender
// writes its frame 1 at 1/fps) for every node whose pose against its MSH parent changes
// (docs/import.md 4); the others stay still.
Status SceneImporter::sample_animation(const Channels& channels) {
  const double fps = options_.fps;
  const double start = channels.start();
  const auto frames = static_cast<std::uint32_t>(std::lround((channels.duration() - start) * fps));
  if (frames == 0) return {};
  std::vector<std::vector<Frame>> at(frames + 1);
  for (std::uint32_t f = 0; f <= frames; ++f) {
    at[f].resize(primaries_.size());
    for (std::size_t i = 0; i < primaries_.size(); ++i) {
      const int g = primaries_[i].gltf;
      if (g < 0) continue;  // the inserted root: identity throughout
      PARKAN_ASSIGN(at[f][i], frame_of(g, world_at(g, channels, start + f / fps)));
    }
  }
  for (std::size_t i = 0; i < primaries_.size(); ++i) {
    Primary& p = primaries_[i];
    if (p.gltf >= 0 && channels.animates_scale(p.gltf))
      warn(codes::kAnimScale, fmt::format("{}: its scale is animated; the game's nodes have none, the still scale is kept",
                                          node_label(p.gltf)));
    std::vector<msh::AnimKey> keys;
    bool moves = false;
    Mat3d first_rotation{};
    Vec3d first_translation{};
    for (std::uint32_t f = 0; f <= frames; ++f) {
      const Frame parent = p.parent == msh::kNoParent ? Frame{} : at[f][p.parent];
      PARKAN_ASSIGN(msh::AnimKey key, key_of(parent, at[f][i], static_cast<float>(f)));
      keys.push_back(key);
      // Moving or not is decided on the exact local pose: a node that only rides on its parent can
      // differ from frame to frame in the last bit of float, which is no motion.
      const Mat3d rotation = mul(transpose(parent.rotation), at[f][i].rotation);
      const Vec3d translation = mat_vec(transpose(parent.rotation), sub(at[f][i].translation, parent.translation));
      if (f == 0) {
        first_rotation = rotation, first_translation = translation;
        continue;
      }
      for (int k = 0; k < 9; ++k) moves = moves || std::fabs(rotation[k] - first_rotation[k]) > kStillTolerance;
      for (int k = 0; k < 3; ++k)
        moves = moves || std::fabs(translation[k] - first_translation[k]) > kStillTolerance * (1 + std::fabs(first_translation[k]));
    }
    if (moves) p.node.keys = std::move(keys);
  }
  return {};
}

Result<ImportedScene> SceneImporter::run() {
  std::vector<int> roots;
  if (model_.defaultScene >= 0 && static_cast<std::size_t>(model_.defaultScene) < model_.scenes.size())
    roots = model_.scenes[static_cast<std::size_t>(model_.defaultScene)].nodes;
  else if (!model_.scenes.empty())
    roots = model_.scenes[0].nodes;
  else
    for (std::size_t i = 0; i < model_.nodes.size(); ++i) {  // no scene: every node nobody names as a child
      bool child = false;
      for (const tinygltf::Node& n : model_.nodes)
        child = child || std::find(n.children.begin(), n.children.end(), int(i)) != n.children.end();
      if (!child) roots.push_back(int(i));
    }
  if (roots.size() == 1 && roots[0] >= 0 && static_cast<std::size_t>(roots[0]) < model_.nodes.size() &&
      is_axis_root(model_.nodes[static_cast<std::size_t>(roots[0])])) {
    scene_.axis_root_dropped = true;
    axis_ = kIdentity;
    roots = model_.nodes[static_cast<std::size_t>(roots[0])].children;
  }
  parent_of_.assign(model_.nodes.size(), -1);
  worlds_.assign(model_.nodes.size(), Affine{});
  for (int root : roots) PARKAN_TRY(visit(root, Affine{}, msh::kNoParent, 0));
  for (int root : roots)
    if (root >= 0 && static_cast<std::size_t>(root) < parent_of_.size()) parent_of_[static_cast<std::size_t>(root)] = -1;
  keep_file_order();
  for (const Deferred& d : deferred_) {
    auto base = std::find_if(primaries_.begin(), primaries_.end(),
                             [&](const Primary& p) { return p.gltf >= 0 && model_.nodes[std::size_t(p.gltf)].name == d.slot.base; });
    if (base == primaries_.end())
      return invalid_rule(codes::kGltfSlot, fmt::format("{}: its base node \"{}\" is not in the scene", node_label(d.gltf),
                                                        d.slot.base));
    PARKAN_ASSIGN(Frame frame, frame_of(d.gltf, d.world));
    PARKAN_TRY(add_mesh(d.gltf, frame, std::size_t(base - primaries_.begin()), d.slot.stage, d.slot.level));
  }
  for (const Skinned& skinned : skinned_) PARKAN_TRY(add_rigid_skin(skinned.gltf, skinned.stage, skinned.level));
  // The engine zeroes a root node 0's translation (docs/formats/msh.md 7.4): a first node that is
  // placed away from the origin goes under an identity root of its own.
  const bool needs_root = !primaries_.empty() && (std::fabs(primaries_[0].frame.translation[0]) > 1e-6 ||
                                                  std::fabs(primaries_[0].frame.translation[1]) > 1e-6 ||
                                                  std::fabs(primaries_[0].frame.translation[2]) > 1e-6);
  if (needs_root) {
    Primary root;
    root.node.name = "root";
    for (Primary& p : primaries_) {
      p.parent = p.parent == msh::kNoParent ? 0 : static_cast<std::uint16_t>(p.parent + 1);
      p.node.parent = p.parent;
    }
    primaries_.insert(primaries_.begin(), std::move(root));
  }
  PARKAN_ASSIGN(const int animation, chosen_animation());
  if (animation >= 0) {
    PARKAN_ASSIGN(const Channels channels, Channels::read(model_, animation));
    PARKAN_TRY(sample_animation(channels));
  }
  std::size_t triangles = 0;
  for (Primary& p : primaries_) {
    const Frame parent = p.parent == msh::kNoParent ? Frame{} : primaries_[p.parent].frame;
    PARKAN_ASSIGN(msh::AnimKey still, key_of(parent, p.frame, 0.0f));
    p.node.rest = still.quat_raw;
    p.node.pos = still.pos;
    for (const auto& [key, batches] : p.node.slots)
      for (const msh::BuildBatch& b : batches) triangles += b.indices.size() / 3;
    scene_.gltf_node_of.push_back(p.gltf);
    scene_.model.nodes.push_back(std::move(p.node));
  }
  if (triangles == 0) return invalid_rule(codes::kGltfEmpty, "the scene has no triangles to import");
  return std::move(scene_);
}

}  // namespace

SlotName parse_slot_name(std::string_view name) {
  SlotName out;
  std::string base(name);
  auto ends_with = [&](std::string_view suffix) {
    if (base.size() <= suffix.size()) return false;
    return fold_lower_text(base.substr(base.size() - suffix.size())) == fold_lower_text(suffix);
  };
  for (bool found = true; found;) {
    found = false;
    for (std::size_t level = 1; level <= 3 && !found; ++level)
      if (ends_with(fmt::format("_LOD{}", level))) {
        out.level = level, out.suffixed = found = true;
        base.resize(base.size() - 5);
      }
    for (std::size_t stage = 1; stage <= 2 && !found; ++stage)
      if (ends_with(fmt::format("_STAGE{}", stage))) {
        out.stage = stage, out.suffixed = found = true;
        base.resize(base.size() - 7);
      }
  }
  out.cockpit = !out.suffixed && fold_lower_text(base.substr(0, std::min<std::size_t>(3, base.size()))) == "cp_";
  out.base = base;
  return out;
}

Result<ImportedScene> import_scene(const LoadedGltf& document, const SceneOptions& options) {
  if (!(options.fps > 0) || !std::isfinite(options.fps))
    return std::move(invalid_rule(codes::kGltfAnimation, fmt::format("frame rate {} is not a positive number", options.fps)))
        .in_file(document.file_name);
  SceneImporter importer(document, options);
  Result<ImportedScene> scene = importer.run();
  if (!scene) return std::move(scene).error().in_file(document.file_name);
  return scene;
}

}  // namespace parkan::importer
