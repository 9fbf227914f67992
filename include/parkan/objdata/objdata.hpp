#pragma once
// The per-object data files a prototype of objects.rlb names beside its model (docs/formats/objdata.md):
// .ndp, the damage of each node of the model (NRes type NDPR), and .cpt, the model's control points
// (type CTPT). Read, checked, written back byte for byte (bytes after a name's NUL kept).
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"

namespace parkan::objdata {

inline constexpr std::uint32_t kNdpTypeId = 0x5250444E;  // "NDPR"
inline constexpr std::uint32_t kCptTypeId = 0x54505443;  // "CTPT"
inline constexpr std::size_t kCountSize = 4;             // u32 n before the records
inline constexpr std::size_t kNameField = 32;

// ---- .ndp: node damage (docs/formats/objdata.md 1) ----
inline constexpr std::size_t kNdpRecordSize = 76;

struct NodeDamage {
  std::int32_t flags = 0;      // 1 scenery, 0x20 / 0x40 left / right running gear, bit 1 kills the object
  float hit_points = 0;        // 1e6: indestructible
  float density = 0;           // x the node's volume = its mass
  std::string archive;         // where the .exp is, up to the first NUL
  std::string effect;          // the .exp played when the node dies
  ByteView raw;                // the 76 stored bytes (empty for a record made in code)
};

// Errors: ndp.size (the file is not 4 + 76 n bytes for its n).
Result<std::vector<NodeDamage>> read_ndp(ByteView bytes);
// ndp.size (error), ndp.name.nul and ndp.value (warnings), with offsets.
std::vector<Diagnostic> check_ndp(ByteView bytes);
// Errors: objdata.name.length, objdata.name.nul_inside.
Result<ByteBuffer> write_ndp(const std::vector<NodeDamage>& records);
nlohmann::json ndp_json(const std::vector<NodeDamage>& records);

// ---- .cpt: control points (docs/formats/objdata.md 2) ----
inline constexpr std::size_t kCptTripleCount = 3;
inline constexpr std::size_t kCptValuesSize = 36;  // f32[9]
inline constexpr std::size_t kCptRecordSize = kCptValuesSize + kNameField;

struct ControlPoint {
  std::array<std::uint32_t, 3> nodes{};  // triple 1 as stored: zero, or in words 1 and 2 the node the point sits
                                         // on and the node whose death removes it (i32)
  std::array<float, 3> position{};       // triple 2: in that node's frame
  std::array<float, 3> direction{};      // triple 3: a direction whose length is a magnitude
  std::string name;                      // "TurretCenter", "CameraCenter", "Exp_X", "foot_fl", "P000"
  ByteView raw_values, raw_name;         // the stored 36 and 32 bytes
};

// Errors: cpt.size (the file is not 4 + 68 n bytes for its n).
Result<std::vector<ControlPoint>> read_cpt(ByteView bytes);
// cpt.size (error), cpt.name.nul and cpt.value (warnings), with offsets.
std::vector<Diagnostic> check_cpt(ByteView bytes);
// Errors: objdata.name.length, objdata.name.nul_inside.
Result<ByteBuffer> write_cpt(const std::vector<ControlPoint>& points);
nlohmann::json cpt_json(const std::vector<ControlPoint>& points);

}  // namespace parkan::objdata
