#pragma once
// Unit assemblies, UNITS/**/*.dat (docs/formats/unit.md): a header and 112-byte part records forming
// one depth-first tree (a record owns the subtrees of its next `children` records). Each part names a
// prototype of objects.rlb, the socket it mounts on in its parent's mesh, its display name and its
// class. Read, checked, written back byte for byte (bytes after a name's NUL kept).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"

namespace parkan::unit {

inline constexpr std::uint32_t kMagic = 0x0000F0F1;  // the first u32 of every retail .dat
inline constexpr std::size_t kHeaderSize = 8;        // magic, class word
inline constexpr std::size_t kRecordSize = 112;
inline constexpr std::size_t kNameField = 32;        // archive, key and display name: char[32]
inline constexpr std::int32_t kNoAttachment = -1;    // the root's attachment
inline constexpr std::string_view kPrototypeArchive = "objects.rlb";

// Record offsets (docs/formats/unit.md 2).
inline constexpr std::size_t kArchiveOffset = 0x00;
inline constexpr std::size_t kKeyOffset = 0x20;
inline constexpr std::size_t kOneOffset = 0x40;
inline constexpr std::size_t kAttachmentOffset = 0x44;
inline constexpr std::size_t kNameOffset = 0x48;
inline constexpr std::size_t kClassOffset = 0x68;
inline constexpr std::size_t kChildrenOffset = 0x6C;

// Part classes (+0x68): what the part is to its parent.
enum class PartClass : std::uint32_t { chassis = 0, turret = 1, armour = 2, internal = 3, gun = 4, ammunition = 5 };
inline constexpr std::uint32_t kPartClassCount = 6;
// "chassis", "turret", "armour", "internal", "gun", "ammunition", or "unknown".
std::string_view part_class_name(std::uint32_t part_class);


struct Part {
  std::string archive;          // up to the first NUL: "objects.rlb"
  std::string key;              // the prototype key in objects.rlb
  std::uint32_t one = 1;        // +0x40, 1 on every retail record
  std::int32_t attachment = kNoAttachment;  // turret, gun: a node of the parent's mesh; part, clip: a controller slot
  std::string name;             // display name (cp1251)
  std::uint32_t part_class = 0;
  std::int32_t children = 0;    // records of the next subtrees this one owns
  ByteView raw;                 // the 112 stored bytes (empty for a part made in code)
  // Derived by read_assembly from the child counts:
  std::int32_t parent = -1;     // the owning record, -1 for the root
  std::size_t depth = 0;
};

struct Assembly {
  std::uint32_t magic = kMagic;
  std::uint32_t class_word = 0;  // the unit's Type: 0x01008000 a warbot, 0x8000xxxx a building
  std::vector<Part> parts;       // depth first, the root first
};

// A gun stored with class 2 has a key starting so (26 retail cases, docs/formats/unit.md 2).
inline constexpr std::string_view kGunKeyPrefix = "e_gun_";
// Whether the part hangs on a node of its parent's mesh (a turret or a gun: class 1 or 4, or class 2
// with a key starting kGunKeyPrefix in any ASCII case) rather than sitting in a controller slot.
bool hangs_on_socket(const Part& part);
// Whether a node name is a socket's: it starts with "Base_" in any ASCII case (docs/formats/unit.md 3).
bool is_socket_name(std::string_view node_name);

// Reads a .dat: the structural rules (unit.header.size, unit.header.magic, unit.size.records,
// unit.records.none, unit.tree.children, unit.tree.short, unit.tree.extra) are errors with the offset
// of the field that breaks them. `parent` and `depth` are derived from the child counts.
Result<Assembly> read_assembly(ByteView bytes);
// Every finding: the structural rule that stops the read, or the record rules (unit.part.key an error;
// unit.root.attachment, unit.part.attachment, unit.part.one, unit.part.class, unit.part.archive,
// unit.name.nul warnings), each with its offset in the file.
std::vector<Diagnostic> check_assembly(ByteView bytes);
// The file: each part from its raw bytes with the fields written over them (a name that still reads
// the same keeps its stored field, tail included). Errors: a name of 32 bytes or more
// (unit.name.length), a NUL inside a name (unit.name.nul_inside).
Result<ByteBuffer> write_assembly(const Assembly& assembly);
// {"magic", "class_word", "parts": [{"index", "archive", "key", "one", "attachment", "name", "class",
// "class_name", "children", "parent", "depth"}]} (names as UTF-8 of cp1251).
nlohmann::json assembly_json(const Assembly& assembly);

}  // namespace parkan::unit
