#pragma once
// Resource references (docs/cli.md): `PATH`, `PATH::NAME` or `PATH::#N`.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace parkan::resource {

struct Reference {
  std::string path;                  // the file
  std::optional<std::string> name;   // NAME of PATH::NAME (as given: UTF-8, or raw cp1251 bytes)
  std::optional<std::size_t> index;  // N of PATH::#N

  bool is_entry() const { return name || index; }
  // What the engine itself would have been asked to open: the entry name, "#N", or the file.
  std::string target() const;
};

// Splits at the last "::". "a.lib::#3" is index 3; "a.lib::#x" and "a.lib::#" are names.
// A drive letter (`C:\Games\Textures.lib::ROCK.0`) is never mistaken for the separator.
Reference parse_reference(std::string_view text);

// An entry name given on the command line as bytes to look up: text that is UTF-8 and fits cp1251
// is converted to cp1251 (the names' encoding); anything else is searched as the bytes given.
std::string name_to_cp1251(std::string_view given);

}  // namespace parkan::resource
