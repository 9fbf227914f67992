// Edits of the lossless model (docs/formats/nres.md 7): each touches one entry and leaves every other byte alone.
#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "parkan/nres/edit.hpp"

namespace parkan::nres {

namespace {

Status check_index(const Document& document, std::size_t index) {
  if (index >= document.entries.size())
    return invalid(fmt::format("no entry #{} (the archive has {} entries)", index, document.entries.size()));
  return {};
}

Status check_payload_size(ByteView payload) {
  if (payload.size() > 0xFFFFFFFFu) return invalid(fmt::format("payload of {} bytes exceeds 4 GiB", payload.size()));
  return {};
}

std::vector<Chunk>::iterator chunk_of(Document& document, std::size_t index) {
  return std::find_if(document.chunks.begin(), document.chunks.end(),
                      [&](const Chunk& c) { return c.entry == index; });
}

std::vector<EmbeddedEntry>::iterator embedded_of(Document& document, std::size_t index) {
  return std::find_if(document.embedded.begin(), document.embedded.end(),
                      [&](const EmbeddedEntry& e) { return e.entry == index; });
}

template <class F>
Result<ByteBuffer> edit_archive(const Archive& archive, F&& edit) {
  Document document = make_document(archive);
  PARKAN_TRY(edit(document));
  return write_lossless(document);
}

}  // namespace

Status replace_payload(Document& document, std::size_t index, ByteView payload) {
  PARKAN_TRY(check_index(document, index));
  PARKAN_TRY(check_payload_size(payload));
  if (auto chunk = chunk_of(document, index); chunk != document.chunks.end()) {
    chunk->bytes = payload;
    return {};
  }
  auto embedded = embedded_of(document, index);
  if (embedded == document.embedded.end())
    return invalid(fmt::format("entry #{} has no place in the data layout", index));
  if (payload.empty()) return {};
  // The empty payload inside another one becomes a payload of its own right after its host.
  std::size_t host = embedded->host;
  document.embedded.erase(embedded);
  auto after = chunk_of(document, host);
  if (after != document.chunks.end()) ++after;
  document.chunks.insert(after, Chunk{index, payload, true, true});
  return {};
}

Status add_entry(Document& document, const EntrySpec& spec) {
  PARKAN_ASSIGN(Entry entry, make_entry(spec));
  // One more row, not twice the rows: a directory of a million entries is 64 MB.
  if (document.entries.size() == document.entries.capacity()) document.entries.reserve(document.entries.size() + 1);
  document.chunks.push_back(Chunk{document.entries.size(), spec.payload, true, true});
  document.entries.push_back(entry);
  document.rebuild_sort_table = true;
  return {};
}

Status remove_entry(Document& document, std::size_t index) {
  PARKAN_TRY(check_index(document, index));
  auto chunk = chunk_of(document, index);
  std::size_t at = chunk != document.chunks.end() ? static_cast<std::size_t>(chunk - document.chunks.begin()) : 0;
  if (chunk != document.chunks.end()) {
    document.chunks.erase(chunk);
    // Empty payloads that sat inside the removed one keep their place in the file order.
    std::vector<Chunk> orphans;
    std::erase_if(document.embedded, [&](const EmbeddedEntry& e) {
      if (e.host != index) return false;
      orphans.push_back(Chunk{e.entry, {}, false, false});
      return true;
    });
    document.chunks.insert(document.chunks.begin() + static_cast<std::ptrdiff_t>(at), orphans.begin(), orphans.end());
  } else {
    std::erase_if(document.embedded, [&](const EmbeddedEntry& e) { return e.entry == index; });
  }
  auto renumber = [&](std::size_t& i) {
    if (i != Chunk::kFiller && i > index) --i;
  };
  for (Chunk& c : document.chunks) renumber(c.entry);
  for (EmbeddedEntry& e : document.embedded) {
    renumber(e.entry);
    renumber(e.host);
  }
  document.entries.erase(document.entries.begin() + static_cast<std::ptrdiff_t>(index));
  document.rebuild_sort_table = true;
  return {};
}

Status rename_entry(Document& document, std::size_t index, std::string_view name) {
  PARKAN_TRY(check_index(document, index));
  Entry& entry = document.entries[index];
  EntrySpec spec;
  spec.name = std::string(name);
  PARKAN_ASSIGN(Entry named, make_entry(spec));
  entry.name_field = named.name_field;
  document.rebuild_sort_table = true;
  return {};
}

Result<ByteBuffer> replace_payload(const Archive& archive, std::size_t index, ByteView payload) {
  return edit_archive(archive, [&](Document& d) { return replace_payload(d, index, payload); });
}

Result<ByteBuffer> add_entry(const Archive& archive, const EntrySpec& spec) {
  return edit_archive(archive, [&](Document& d) { return add_entry(d, spec); });
}

Result<ByteBuffer> remove_entry(const Archive& archive, std::size_t index) {
  return edit_archive(archive, [&](Document& d) { return remove_entry(d, index); });
}

Result<ByteBuffer> rename_entry(const Archive& archive, std::size_t index, std::string_view name) {
  return edit_archive(archive, [&](Document& d) { return rename_entry(d, index, name); });
}

}  // namespace parkan::nres
