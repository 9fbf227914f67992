#pragma once
// objects.rlb: the game's prototype registry (docs/formats/objects.md). An NRes whose entry names are prototype
// keys (`r_h_01`, `s_tree_04`); each payload is an array of 64-byte records naming an archive and a
// resource in it. A record whose archive is objects.rlb itself stands for that prototype's own
// records (recursive); the first `.msh` record that exists gives the prototype's model.
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

namespace parkan::game {

inline constexpr std::size_t kObjectRefSize = 64;      // archive_name[32] + resource_name[32]
inline constexpr std::size_t kObjectNameField = 32;
inline constexpr std::size_t kMaxObjectDepth = 32;     // FParkan's cap on nested prototypes
inline constexpr std::string_view kObjectsArchive = "objects.rlb";

struct ObjectRef {
  std::string archive;   // up to the first NUL (cp1251 bytes as stored)
  std::string resource;  // up to the first NUL
  ByteView raw;          // the 64 stored bytes (bytes after a NUL are kept: lossless writing)
};

// Reads a prototype's records. Errors: size not a multiple of 64 (`objects.size.multiple`).
Result<std::vector<ObjectRef>> read_object_refs(ByteView payload);

// Writes records: `raw` when it is 64 bytes and still names archive/resource, else canonical
// (names NUL-padded). Errors: a name of 32 bytes or more (`objects.name.length`), a NUL inside a
// name (`objects.name.nul`: it would read back cut short).
Result<ByteBuffer> write_object_refs(std::span<const ObjectRef> refs);

// Per-record findings about one prototype's payload (offsets inside the payload): the size rule,
// an empty archive or resource name (`objects.ref.empty`), a field without NUL (`objects.ref.nul`,
// warning), a resource without extension (`objects.ref.extension`, warning).
std::vector<Diagnostic> check_object_refs(ByteView payload);

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

}  // namespace parkan::game
