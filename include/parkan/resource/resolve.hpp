#pragma once
// The one resolver of command-line sources (docs/cli.md 1.2): each `SRC` to the located payloads it
// names. A SRC is a file, `ARCHIVE::NAME`, `ARCHIVE::#N`, a folder (every regular file in it, not
// recursive, sorted by name), or a pattern: `*` and `?` in the file name (`models/*.msh`) or in the
// entry name (`Textures.lib::*.0`). Text that names an existing file or entry is taken as it is,
// wildcards included.
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "parkan/core/error.hpp"
#include "parkan/resource/kind.hpp"
#include "parkan/resource/payload.hpp"

namespace parkan::resource {

// One source as commands report it. A SRC that is a pattern over files, or a folder, gives one
// source per file found, as if each had been named.
struct ResolvedSource {
  // How reports name it: the SRC as given, or the file a pattern or folder found (with the entry part
  // of the SRC, if any, after it).
  std::string text;
  // The payloads are a selection from an archive (a whole archive, or an entry pattern), not one
  // payload named by the source.
  bool whole_archive = false;
  std::vector<Payload> payloads;
};

// True when `name` matches `pattern`: `*` matches any run of bytes (none included), `?` one byte,
// anything else itself; with `fold_ascii` A..Z and a..z match each other (the engine's name compare,
// docs/formats/nres.md 4.2); other bytes (cp1251 letters included) only themselves.
bool glob_match(std::string_view pattern, std::string_view name, bool fold_ascii);
// True when `text` holds `*` or `?`.
bool has_wildcard(std::string_view text);

// The sources `src` names. A file that is an archive (by its magic) gives the entries whose kind
// (kind_of) is `wanted`, or all its entries when `wanted` is null; a file of the kind wanted is
// itself the payload (an NRes model file where a model is wanted), and so is an archive holding no
// entry of that kind when its own bytes serve as one (expect_kind). Any other file is one payload (its
// kind is the caller's to check). An entry pattern gives the matching entries of kind `wanted`.
// Errors: a file that cannot be read (io), a pattern that matches no file (io, naming the pattern), a
// folder that holds no file (io), an entry name or index not in the archive and an entry pattern
// that matches no entry (resource.entry.name, resource.entry.index).
Result<std::vector<ResolvedSource>> resolve_source(std::string_view src, const Kind* wanted);
// Every SRC in order; the first error stops.
Result<std::vector<ResolvedSource>> resolve_sources(std::span<const std::string> srcs, const Kind* wanted);

}  // namespace parkan::resource
