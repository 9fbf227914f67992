#pragma once
// Resource references of the CLI (cli.md): `PATH`, `PATH::NAME` or `PATH::#N`.
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "parkan/core/file.hpp"
#include "parkan/nres/archive.hpp"

namespace parkan::game {

struct ResourceRef {
  std::string path;                  // the file
  std::optional<std::string> name;   // NAME of PATH::NAME
  std::optional<std::size_t> index;  // N of PATH::#N
};

// Splits at the last "::". "a.lib::#3" is index 3; "a.lib::#x" is the name "#x".
ResourceRef parse_resource_ref(std::string_view text);

struct Resource {
  std::shared_ptr<const MappedFile> file;  // keeps `bytes` alive
  std::string path;                        // the file, for messages
  std::optional<nres::Entry> entry;        // the directory row when the payload is an archive entry
  std::optional<std::size_t> entry_index;
  ByteView bytes;                          // the payload (the whole file for a bare PATH)

  // The entry name for messages ("" for a bare file).
  std::string entry_name() const;
  // Adds this resource's file and entry to an error raised while parsing its bytes.
  Error locate(Error error) const;
};

// Maps the file and, for PATH::NAME / PATH::#N, opens it as NRes (compatible profile: the engine's
// tolerance) and finds the entry the way the engine does.
Result<Resource> open_resource(std::string_view reference);

}  // namespace parkan::game
