// A glTF node's frame in the game's (src/import/node_frame.hpp).
#include "import/node_frame.hpp"

#include <array>
#include <cmath>

#include <fmt/format.h>

#include "parkan/import/codes.hpp"

namespace parkan::importer::detail {

namespace {

// How far from orthogonal a node's scaled axes may be before its frame counts as sheared.
constexpr double kShearTolerance = 1e-4;

}  // namespace

Affine local_of(const tinygltf::Node& node) {
  Affine a;
  if (node.matrix.size() == 16) {  // column-major
    const std::vector<double>& c = node.matrix;
    a.m = {c[0], c[4], c[8], c[1], c[5], c[9], c[2], c[6], c[10]};
    a.t = {c[12], c[13], c[14]};
    return a;
  }
  Mat3d r = kIdentity;
  if (node.rotation.size() == 4) r = rotation_matrix(node.rotation[0], node.rotation[1], node.rotation[2], node.rotation[3]);
  Vec3d s{1, 1, 1};
  if (node.scale.size() == 3) s = {node.scale[0], node.scale[1], node.scale[2]};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) a.m[i * 3 + j] = r[i * 3 + j] * s[j];
  if (node.translation.size() == 3) a.t = {node.translation[0], node.translation[1], node.translation[2]};
  return a;
}

Trs trs_of(const tinygltf::Node& node) {
  Trs trs;
  if (node.translation.size() == 3) trs.t = {node.translation[0], node.translation[1], node.translation[2]};
  if (node.rotation.size() == 4) trs.r = {node.rotation[0], node.rotation[1], node.rotation[2], node.rotation[3]};
  if (node.scale.size() == 3) trs.s = {node.scale[0], node.scale[1], node.scale[2]};
  return trs;
}

Affine affine_of(const Trs& trs) {
  Affine a;
  const Mat3d r = rotation_matrix(trs.r[0], trs.r[1], trs.r[2], trs.r[3]);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) a.m[i * 3 + j] = r[i * 3 + j] * trs.s[j];
  a.t = trs.t;
  return a;
}

bool is_axis_root(const tinygltf::Node& node) {
  if (node.mesh >= 0 || node.children.empty()) return false;
  const Affine a = local_of(node);
  const Mat3d expected = transpose(kYUpToZUp);
  for (int i = 0; i < 9; ++i)
    if (std::fabs(a.m[i] - expected[i]) > 1e-6) return false;
  return std::fabs(a.t[0]) < 1e-9 && std::fabs(a.t[1]) < 1e-9 && std::fabs(a.t[2]) < 1e-9;
}

Result<Frame> node_frame(const Affine& world, const Mat3d& axis, const std::string& label) {
  // Columns of the world's linear part: the node's axes, scaled.
  std::array<Vec3d, 3> column;
  Vec3d scale;
  for (int j = 0; j < 3; ++j) {
    column[j] = {world.m[j], world.m[3 + j], world.m[6 + j]};
    scale[j] = std::sqrt(dot(column[j], column[j]));
    if (!(scale[j] > 0) || !std::isfinite(scale[j]))
      return invalid_rule(codes::kGltfShear, fmt::format("{}: a zero or non-finite scale", label));
  }
  for (int i = 0; i < 3; ++i)
    for (int j = i + 1; j < 3; ++j)
      if (std::fabs(dot(column[i], column[j])) / (scale[i] * scale[j]) > kShearTolerance)
        return invalid_rule(codes::kGltfShear,
                            fmt::format("{}: non-uniform scale under rotation shears its frame (bake the scale in "
                                        "Blender: Apply > Scale)",
                                        label));
  Mat3d rotation{};
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 3; ++i) rotation[i * 3 + j] = column[j][i] / scale[j];
  if (det(rotation) < 0) {  // a mirror: the rotation keeps +1, the scale takes the sign
    scale[0] = -scale[0];
    for (int i = 0; i < 3; ++i) rotation[i * 3] = -rotation[i * 3];
  }
  Frame f;
  f.rotation = mul(mul(axis, rotation), transpose(axis));
  f.translation = mat_vec(axis, world.t);
  Mat3d s{scale[0], 0, 0, 0, scale[1], 0, 0, 0, scale[2]};
  Mat3d s_inv{1 / scale[0], 0, 0, 0, 1 / scale[1], 0, 0, 0, 1 / scale[2]};
  f.shape = mul(axis, s);
  f.normal_shape = mul(axis, s_inv);
  f.mirrored = det(s) < 0;
  return f;
}

}  // namespace parkan::importer::detail
