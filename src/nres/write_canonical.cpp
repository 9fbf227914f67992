// The canonical NRes writer (nres.md 7, "Canonical (repack) writer").
#include <cstring>

#include <fmt/format.h>

#include "nres/order.hpp"
#include "nres/rows.hpp"
#include "parkan/nres/write.hpp"

namespace parkan::nres {

Result<Entry> make_entry(const EntrySpec& spec) {
  if (spec.name.empty()) return invalid("entry name is empty");
  if (spec.name.size() > kNameFieldSize - 1)
    return invalid(fmt::format("entry name \"{}\" is {} bytes long, at most 35 fit", spec.name, spec.name.size()));
  if (spec.name.find('\0') != std::string::npos) return invalid("entry name contains a NUL byte");
  if (spec.payload.size() > 0xFFFFFFFFu) return invalid(fmt::format("payload of \"{}\" exceeds 4 GiB", spec.name));
  Entry e;
  e.type_id = spec.type_id;
  e.attr1 = spec.attr1;
  e.attr2 = spec.attr2;
  e.attr3 = spec.attr3;
  e.size = static_cast<std::uint32_t>(spec.payload.size());
  std::memcpy(e.name_field.data(), spec.name.data(), spec.name.size());
  return e;
}

ByteBuffer write_canonical(std::span<const Entry> entries, std::span<const ByteView> payloads) {
  std::size_t total = kHeaderSize + entries.size() * kEntrySize;
  for (ByteView p : payloads) total += (p.size() + 7) & ~std::size_t(7);
  ByteWriter out(total);
  out.zeros(kHeaderSize);
  std::vector<Entry> rows(entries.begin(), entries.end());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    rows[i].data_offset = static_cast<std::uint32_t>(out.size());
    rows[i].size = static_cast<std::uint32_t>(payloads[i].size());
    out.bytes(payloads[i]);
    out.align(8);
  }
  std::vector<std::uint32_t> order = detail::build_sort_table(rows);
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i].sort_index = order[i];
  for (const Entry& e : rows) detail::put_entry(out, e);
  detail::put_header(out, kVersion, static_cast<std::uint32_t>(rows.size()), static_cast<std::uint32_t>(out.size()));
  return out.take();
}

Result<ByteBuffer> build(std::span<const EntrySpec> specs) {
  std::vector<Entry> entries;
  std::vector<ByteView> payloads;
  entries.reserve(specs.size());
  payloads.reserve(specs.size());
  for (const EntrySpec& spec : specs) {
    PARKAN_ASSIGN(Entry e, make_entry(spec));
    entries.push_back(e);
    payloads.push_back(spec.payload);
  }
  return write_canonical(entries, payloads);
}

}  // namespace parkan::nres
