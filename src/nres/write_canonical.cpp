// The canonical NRes writer (docs/formats/nres.md 7, "Canonical (repack) writer").
#include <cstring>

#include <fmt/format.h>

#include "nres/emit.hpp"
#include "nres/order.hpp"
#include "nres/rows.hpp"
#include "parkan/nres/write.hpp"

namespace parkan::nres {

Result<Entry> make_entry(const EntrySpec& spec) {
  if (spec.name.empty()) return invalid_rule(codes::kNameEmpty, "entry name is empty");
  if (spec.name.size() > kNameFieldSize - 1)
    return invalid_rule(codes::kNameLength, fmt::format("entry name \"{}\" is {} bytes long, at most 35 fit",
                                                        spec.name, spec.name.size()));
  if (spec.name.find('\0') != std::string::npos) return invalid_rule(codes::kNameNul, "entry name contains a NUL byte");
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

namespace {

// The file size of the canonical layout, or nullopt beyond the format's 32 bits.
template <class PayloadOf>
std::optional<std::uint32_t> canonical_size(std::size_t n, PayloadOf&& payload_of) {
  std::uint64_t total = kHeaderSize + std::uint64_t(n) * kEntrySize;
  for (std::size_t i = 0; i < n; ++i) total += (std::uint64_t(payload_of(i).size()) + 7) & ~std::uint64_t(7);
  if (total > 0xFFFFFFFFu) return std::nullopt;
  return static_cast<std::uint32_t>(total);
}

// Header, payloads in directory order each padded to 8, the directory with derived size, offset and
// sort table; no copy of the directory.
template <class PayloadOf>
Status emit_canonical(std::span<const Entry> entries, PayloadOf&& payload_of, std::uint32_t total,
                      const ByteSink& sink) {
  detail::Emitter out(sink);
  out.header(kVersion, static_cast<std::uint32_t>(entries.size()), total);
  for (std::size_t i = 0; i < entries.size() && out.ok(); ++i) {
    out.bytes(payload_of(i));
    out.align8();
  }
  const std::vector<std::uint32_t> order = detail::build_sort_table(entries);
  std::uint32_t offset = kHeaderSize;
  for (std::size_t i = 0; i < entries.size() && out.ok(); ++i) {
    Entry row = entries[i];
    row.size = static_cast<std::uint32_t>(payload_of(i).size());
    row.data_offset = offset;
    row.sort_index = order[i];
    offset += (row.size + 7u) & ~7u;
    out.row(row);
  }
  return out.finish();
}

}  // namespace

ByteBuffer write_canonical(std::span<const Entry> entries, std::span<const ByteView> payloads) {
  auto payload_of = [&](std::size_t i) { return payloads[i]; };
  // Past 4 GiB the sizes wrap, as they always did here; write_canonical(Archive) refuses instead.
  std::uint64_t total = kHeaderSize + std::uint64_t(entries.size()) * kEntrySize;
  for (ByteView p : payloads) total += (std::uint64_t(p.size()) + 7) & ~std::uint64_t(7);
  ByteBuffer out;
  out.reserve(static_cast<std::size_t>(total));
  (void)emit_canonical(entries, payload_of, static_cast<std::uint32_t>(total), detail::append_to(out));
  return out;
}

Status write_canonical(const Archive& archive, const ByteSink& out) {
  auto payload_of = [&](std::size_t i) { return archive.payload(i); };
  auto total = canonical_size(archive.entries.size(), payload_of);
  if (!total) return invalid("the canonical archive would exceed 4 GiB");
  return emit_canonical(archive.entries, payload_of, *total, out);
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
