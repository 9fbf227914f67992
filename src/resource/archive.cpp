#include "parkan/resource/archive.hpp"

#include <fmt/format.h>

#include "parkan/resource/reference.hpp"
#include "parkan/core/utf8_path.hpp"

namespace parkan::resource {

Result<Payload> Archive::get(std::string_view name_or_index) const {
  const Reference ref = parse_reference(std::string("x::").append(name_or_index));
  std::size_t index = 0;
  if (ref.index) {
    if (*ref.index >= entry_count())
      return invalid_rule("resource.entry.index",
                          fmt::format("no entry #{} (the archive has {} entries)", *ref.index, entry_count()))
          .in_file(path_);
    index = *ref.index;
  } else {
    std::optional<std::size_t> found = find(name_to_cp1251(*ref.name));
    if (!found) return invalid_rule("resource.entry.name", fmt::format("no entry named \"{}\"", *ref.name)).in_file(path_);
    index = *found;
  }
  return payload(index);
}

NresArchive::NresArchive(std::string path, MappedFile file, nres::Archive directory)
    : Archive(std::move(path), std::move(file)), directory_(std::move(directory)) {}

EntryInfo NresArchive::entry(std::size_t index) const {
  const nres::Entry& e = directory_.entries[index];
  return EntryInfo{std::string(e.name()), e.type_id, e.attr1, e.attr2, e.attr3, e.size, e.data_offset};
}

std::optional<std::size_t> NresArchive::find(std::string_view name) const { return nres::find(directory_, name); }

Result<Payload> NresArchive::payload(std::size_t index) const {
  if (index >= directory_.entries.size())
    return invalid_rule("resource.entry.index",
                        fmt::format("no entry #{} (the archive has {} entries)", index, directory_.entries.size()))
        .in_file(path());
  const nres::Entry& e = directory_.entries[index];
  PayloadLocation location{path(), std::string(e.name()), index, e.type_id, e.attr1, e.attr2, e.attr3};
  std::shared_ptr<const Archive> self = shared_from_this();
  return Payload(self, directory_.payload(index), std::move(location), self);
}

namespace {
// The type id an untyped RsLi entry gets from its magic (kind.hpp): a Texm is listed as "Texm", an NRes
// inside a library (a model, docs/formats/msh.md) as "MESH"; any other content as 0.
std::uint32_t type_from_content(ByteView bytes) {
  const Kind* kind = kind_of_bytes(bytes);
  if (!kind) return 0;
  if (kind->key == "nres") return kTypeMesh;
  return kind->key == "texm" || kind->key == "font" ? kind->type_id : 0;  // a font: "Tfnt" (docs/formats/font.md 1)
}
}  // namespace

RsliArchive::RsliArchive(std::string path, MappedFile file, rsli::Archive directory)
    : Archive(std::move(path), std::move(file)), directory_(std::move(directory)), types_(directory_.entries.size(), 0) {
  for (std::size_t i = 0; i < directory_.entries.size(); ++i)
    if (directory_.entries[i].unpacked_size() <= kRsliTypeProbeLimit)
      if (auto bytes = rsli::unpack(directory_, i)) types_[i] = type_from_content(*bytes);
}

EntryInfo RsliArchive::entry(std::size_t index) const {
  const rsli::Entry& e = directory_.entries[index];
  return EntryInfo{std::string(e.name()), types_[index], 0, 0, 0, e.unpacked_size(), e.effective_offset};
}

std::optional<std::size_t> RsliArchive::find(std::string_view name) const { return rsli::find(directory_, name); }

Result<Payload> RsliArchive::payload(std::size_t index) const {
  if (index >= directory_.entries.size())
    return invalid_rule("resource.entry.index",
                        fmt::format("no entry #{} (the archive has {} entries)", index, directory_.entries.size()))
        .in_file(path());
  const rsli::Entry& e = directory_.entries[index];
  const std::string name(e.name());
  auto unpacked = rsli::unpack(directory_, index);
  if (!unpacked) return std::move(unpacked).error().in_file(path()).in_entry(name);
  // The Payload owns the unpacked bytes (and keeps the archive alive like every payload does).
  struct Unpacked {
    std::shared_ptr<const Archive> archive;
    ByteBuffer bytes;
  };
  auto owner = std::make_shared<const Unpacked>(Unpacked{shared_from_this(), std::move(unpacked).value()});
  const ByteView bytes = owner->bytes;
  return Payload(std::move(owner), bytes, PayloadLocation{path(), name, index, type_from_content(bytes), 0, 0, 0},
                 shared_from_this());
}

bool looks_like_archive(ByteView bytes) {
  const Kind* kind = kind_of_bytes(bytes);
  return kind && kind->is_container;
}

Result<std::shared_ptr<const Archive>> open_archive(const std::filesystem::path& path) {
  PARKAN_ASSIGN(std::shared_ptr<Archive> archive, open_archive(path, Profile::compatible));
  return std::shared_ptr<const Archive>(std::move(archive));
}

Result<Payload> open_file_payload(const std::filesystem::path& path) {
  PARKAN_ASSIGN(MappedFile mapped, MappedFile::open(path));
  auto file = std::make_shared<const MappedFile>(std::move(mapped));
  const ByteView bytes = file->bytes();
  return Payload(std::move(file), bytes, PayloadLocation{path_to_utf8(path), {}, {}, 0, 0, 0, 0});
}

Result<Payload> open_payload(std::string_view text) {
  const Reference ref = parse_reference(text);
  if (!ref.is_entry()) return open_file_payload(path_from_utf8(ref.path));
  PARKAN_ASSIGN(std::shared_ptr<const Archive> archive, open_archive(path_from_utf8(ref.path)));
  return archive->get(text.substr(ref.path.size() + 2));
}

}  // namespace parkan::resource
