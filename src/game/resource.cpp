#include "parkan/game/resource.hpp"

#include <charconv>

#include <fmt/format.h>

#include "parkan/core/text.hpp"

namespace parkan::game {

ResourceRef parse_resource_ref(std::string_view text) {
  ResourceRef ref;
  std::size_t split = text.rfind("::");
  if (split == std::string_view::npos) {
    ref.path = std::string(text);
    return ref;
  }
  ref.path = std::string(text.substr(0, split));
  std::string_view name = text.substr(split + 2);
  if (name.size() > 1 && name[0] == '#') {
    std::size_t index = 0;
    auto [end, ec] = std::from_chars(name.data() + 1, name.data() + name.size(), index);
    if (ec == std::errc() && end == name.data() + name.size()) {
      ref.index = index;
      return ref;
    }
  }
  ref.name = std::string(name);
  return ref;
}

std::string Resource::entry_name() const {
  return entry ? cp1251_to_utf8(entry->name()) : std::string();
}

Error Resource::locate(Error error) const {
  if (entry) std::move(error).in_entry(entry_name());  // in place: assigning the result to itself would self-move
  return std::move(error).in_file(path);
}

Result<Resource> open_resource(std::string_view reference) {
  ResourceRef ref = parse_resource_ref(reference);
  PARKAN_ASSIGN(MappedFile mapped, MappedFile::open(ref.path));
  Resource resource;
  resource.file = std::make_shared<const MappedFile>(std::move(mapped));
  resource.path = ref.path;
  resource.bytes = resource.file->bytes();
  if (!ref.name && !ref.index) return resource;

  auto archive = nres::read(resource.bytes, nres::Profile::compatible);
  if (!archive) return std::move(archive).error().in_file(ref.path);
  std::optional<std::size_t> index;
  if (ref.index) {
    if (*ref.index >= archive->entries.size())
      return invalid(fmt::format("no entry #{} (the archive has {} entries)", *ref.index, archive->entries.size()))
          .in_file(ref.path);
    index = ref.index;
  } else {
    // The reference is text (UTF-8 from a shell); names are cp1251 bytes (decisions.md "Text
    // encoding"). Bytes that are not UTF-8 are searched as they are.
    std::optional<std::string> cp1251 = utf8_to_cp1251(*ref.name);
    index = nres::find(*archive, cp1251 ? *cp1251 : *ref.name);
    if (!index) return invalid(fmt::format("no entry named \"{}\"", *ref.name)).in_file(ref.path);
  }
  resource.entry = archive->entries[*index];
  resource.entry_index = index;
  resource.bytes = archive->payload(*index);
  return resource;
}

}  // namespace parkan::game
