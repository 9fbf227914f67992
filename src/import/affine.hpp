#pragma once
// The small linear algebra of the import, in double: 3x3 matrices (row-major), affine transforms,
// quaternions in glTF's x, y, z, w and the runtime's w, x, y, z (docs/import.md 2).
#include <array>

namespace parkan::importer::detail {

using Vec3d = std::array<double, 3>;
using Mat3d = std::array<double, 9>;  // row-major

inline constexpr Mat3d kIdentity = {1, 0, 0, 0, 1, 0, 0, 0, 1};

Mat3d mul(const Mat3d& a, const Mat3d& b);
inline Mat3d transpose(const Mat3d& a) { return {a[0], a[3], a[6], a[1], a[4], a[7], a[2], a[5], a[8]}; }
inline Vec3d mat_vec(const Mat3d& m, const Vec3d& v) {
  return {m[0] * v[0] + m[1] * v[1] + m[2] * v[2], m[3] * v[0] + m[4] * v[1] + m[5] * v[2],
          m[6] * v[0] + m[7] * v[1] + m[8] * v[2]};
}
inline Vec3d add(const Vec3d& a, const Vec3d& b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
inline Vec3d sub(const Vec3d& a, const Vec3d& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
inline double dot(const Vec3d& a, const Vec3d& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
double det(const Mat3d& m);

// x, y, z, w (glTF order), a unit Hamilton quaternion (normalized first), to its rotation matrix.
Mat3d rotation_matrix(double x, double y, double z, double w);
// A rotation matrix to [w, x, y, z] with w >= 0 (Shepperd's method).
std::array<double, 4> quaternion_of(const Mat3d& m);

struct Affine {
  Mat3d m = kIdentity;
  Vec3d t{};
};
inline Affine compose(const Affine& a, const Affine& b) { return {mul(a.m, b.m), add(mat_vec(a.m, b.t), a.t)}; }

}  // namespace parkan::importer::detail
