#pragma once
// objects.rlb: the game's prototype registry (docs/formats/objects.md). An NRes whose entry names are prototype
// keys (`r_h_01`, `s_tree_04`) and whose entry type ids are FourCC tags (STAT, BTLU, ...); each payload
// is an array of 64-byte slots naming an archive and a resource in it. A slot with both names empty
// is absent. A record whose archive is objects.rlb itself stands for that prototype's own records
// (recursive); the first `.msh` record that exists gives the prototype's model.
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"

namespace parkan::objects {

inline constexpr std::size_t kObjectRefSize = 64;      // archive_name[32] + resource_name[32]
inline constexpr std::size_t kObjectNameField = 32;
inline constexpr std::size_t kMaxObjectDepth = 32;     // FParkan's cap on nested prototypes
inline constexpr std::string_view kObjectsArchive = "objects.rlb";

// A prototype entry's type id (docs/formats/objects.md 1.1): a FourCC, stored as the NRes type_id
// word (its bytes are the four characters in order), with the payload size(s) retail entries of that
// type have. `slots` = size / 64.
struct PrototypeType {
  std::string_view fourcc;
  std::array<std::size_t, 2> sizes;  // the second is 0 when the type has one size
  std::size_t retail_entries;        // how many the retail objects.rlb holds
  std::uint32_t type_id() const {
    return static_cast<std::uint32_t>(static_cast<unsigned char>(fourcc[0])) |
           static_cast<std::uint32_t>(static_cast<unsigned char>(fourcc[1])) << 8 |
           static_cast<std::uint32_t>(static_cast<unsigned char>(fourcc[2])) << 16 |
           static_cast<std::uint32_t>(static_cast<unsigned char>(fourcc[3])) << 24;
  }
};
inline constexpr std::array<PrototypeType, 8> kPrototypeTypes = {{
    {"STAT", {384, 0}, 81},
    {"INTO", {320, 0}, 192},
    {"EXTO", {320, 0}, 146},
    {"BULL", {320, 0}, 67},
    {"BTLU", {320, 448}, 63},
    {"FORT", {128, 0}, 34},
    {"WPNS", {320, 0}, 5},
    {"SUNO", {128, 0}, 2},
}};
// The row of kPrototypeTypes for `type_id`, or nullptr for an id that is none of them.
const PrototypeType* prototype_type(std::uint32_t type_id);

struct ObjectRef {
  std::string archive;   // up to the first NUL (cp1251 bytes as stored)
  std::string resource;  // up to the first NUL
  ByteView raw;          // the 64 stored bytes (bytes after a NUL are kept: lossless writing)
  // Both names empty: an unused slot (docs/formats/objects.md 2.1), skipped by resolution and checks.
  bool absent() const { return archive.empty() && resource.empty(); }
};

// Reads a prototype's records. Errors: size not a multiple of 64 (`objects.size.multiple`).
Result<std::vector<ObjectRef>> read_object_refs(ByteView payload);

// Writes records: `raw` when it is 64 bytes and still names archive/resource, else canonical
// (names NUL-padded). Errors: a name of 32 bytes or more (`objects.name.length`), a NUL inside a
// name (`objects.name.nul`: it would read back cut short).
Result<ByteBuffer> write_object_refs(std::span<const ObjectRef> refs);

// Per-record findings about one prototype's payload (offsets inside the payload): the size rule,
// one empty name of the two (`objects.ref.empty`; a slot with both empty is absent and fine), a
// field without NUL (`objects.ref.nul`, warning), a resource without extension
// (`objects.ref.extension`, warning).
std::vector<Diagnostic> check_object_refs(ByteView payload);

// The entry's type id against kPrototypeTypes (no offset: the finding is about the directory row):
// not one of the FourCCs (`objects.type.unknown`, warning), or a payload size other than its type's
// (`objects.type.size`, warning).
std::vector<Diagnostic> check_prototype_type(std::uint32_t type_id, std::size_t payload_size);

// Resolving a prototype key to its model (docs/formats/objects.md).
struct ObjectRegistry {
  // The prototype's records, found ASCII case-insensitively by key; nullopt when there is no such key.
  std::function<std::optional<std::vector<ObjectRef>>(std::string_view key)> prototype;
  // Whether `archive` (a file of the game) holds `resource` (both ASCII case-insensitive).
  std::function<bool(std::string_view archive, std::string_view resource)> exists;
};

struct ObjectResolution {
  std::optional<ObjectRef> model;      // the first existing `.msh` (or `<stem>.msh` beside a `.bas`)
  std::vector<ObjectRef> expanded;     // every record in order, nested prototypes replaced by theirs
  std::vector<Diagnostic> findings;    // objects.ref.cycle / objects.ref.depth / objects.ref.key (errors),
                                       // objects.ref.absent (warning: archive or resource not there)
};

// Expands `key` and finds its model. Never recurses past kMaxObjectDepth; a cycle is reported once.
ObjectResolution resolve_object(const ObjectRegistry& registry, std::string_view key);

}  // namespace parkan::objects
