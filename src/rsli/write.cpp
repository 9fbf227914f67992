// The document model and the writer (docs/formats/rsli.md 10): lossless while unmodified, canonical otherwise.
#include <algorithm>
#include <cstring>
#include <numeric>

#include <fmt/format.h>

#include "parkan/rsli/archive.hpp"
#include "parkan/rsli/codec.hpp"

namespace parkan::rsli {

namespace {

std::string_view write_row_name(const std::array<std::uint8_t, kEntrySize>& row) {
  const auto* chars = reinterpret_cast<const char*>(row.data());
  const void* nul = std::memchr(chars, 0, kNameSize);
  return {chars, nul ? static_cast<std::size_t>(static_cast<const char*>(nul) - chars) : kNameSize};
}

// P: the engine's stable byte-order sort of the names (docs/formats/rsli.md 5); P[i] is row i's sort value.
std::vector<std::uint16_t> write_sort_order(const std::vector<DocumentEntry>& entries) {
  std::vector<std::uint16_t> order(entries.size());
  std::iota(order.begin(), order.end(), std::uint16_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::uint16_t a, std::uint16_t b) {
    return write_row_name(entries[a].row) < write_row_name(entries[b].row);
  });
  return order;
}

}  // namespace

Document make_document(const Archive& archive) {
  Document document;
  document.header = archive.header.raw;
  document.overlay = archive.overlay;
  document.original.assign(archive.bytes.begin(), archive.bytes.end());
  document.entries.reserve(archive.entries.size() + 1);
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    const Entry& entry = archive.entries[i];
    DocumentEntry& out = document.entries.emplace_back();
    out.row = entry.row;
    out.key = entry.key;
    if (range_fits(entry.effective_offset, entry.readable_size, archive.bytes.size())) {
      const ByteView packed = archive.packed(i);
      out.packed.assign(packed.begin(), packed.end());
    }
  }
  return document;
}

Result<ByteBuffer> write(const Document& document) {
  if (!document.modified) return document.original;
  return write_canonical(document);
}

Result<ByteBuffer> write_canonical(const Document& document) {
  const std::size_t n = document.entries.size();
  if (n > 0x7FFF) return invalid(fmt::format("{} entries: an RsLi library holds at most 32767", n));
  const std::vector<std::uint16_t> order = write_sort_order(document.entries);
  const std::uint32_t overlay = document.overlay.value_or(0);
  const std::size_t table_end = kHeaderSize + n * kEntrySize;

  std::uint64_t total = table_end + kOverlayTrailerSize;
  std::uint64_t total_unpacked = 0;
  for (const DocumentEntry& entry : document.entries) {
    total += entry.packed.size();
    total_unpacked += load_u32(entry.row.data() + 0x14);
  }
  if (total > 0xFFFFFFFFu) return invalid(fmt::format("the library would be {} bytes: more than 4 GiB", total));

  ByteBuffer out(table_end, 0);
  std::copy(document.header.begin(), document.header.end(), out.begin());
  const auto count = static_cast<std::int16_t>(n);
  // docs/formats/rsli.md 2: the count twice (the loader compares them) and the total unpacked size.
  std::memcpy(out.data() + 0x04, &count, 2);
  std::memcpy(out.data() + 0x06, &count, 2);
  store_u16(out.data() + 0x0E, kPresortedFlag);
  store_u32(out.data() + 0x10, static_cast<std::uint32_t>(total_unpacked));  // a u32 field: the sum wraps
  out.reserve(total);
  for (std::size_t i = 0; i < n; ++i) {
    const DocumentEntry& entry = document.entries[i];
    std::uint8_t* row = out.data() + kHeaderSize + i * kEntrySize;
    std::copy(entry.row.begin(), entry.row.end(), row);
    const std::uint16_t key = order[i];
    const auto sort_value = static_cast<std::int16_t>(key);
    std::memcpy(row + 0x12, &sort_value, 2);
    ByteView packed = entry.packed;
    const std::optional<Method> method = method_of(load_i16(row + 0x10));
    // Stored and XOR entries read only unpacked_size bytes (compatible); the rest is dropped so that
    // the canonical library passes the strict rule packed_size == unpacked_size.
    if ((method == Method::stored || method == Method::xor_only) && packed.size() > load_u32(row + 0x14))
      packed = packed.first(load_u32(row + 0x14));
    const std::size_t at = out.size();
    out.insert(out.end(), packed.begin(), packed.end());
    // The payload XOR key is the row's sort value (6.1): re-encrypt when sorting moved the row.
    if (method && method_uses_xor(*method) && entry.key != key) {
      std::span<std::uint8_t> payload(out.data() + at, packed.size());
      xor_transform(payload, entry.key);
      xor_transform(payload, key);
    }
    row = out.data() + kHeaderSize + i * kEntrySize;  // the insert may have moved the buffer
    store_u32(row + 0x18, static_cast<std::uint32_t>(at - overlay));  // 32-bit wrap, as the reader
    store_u32(row + 0x1C, static_cast<std::uint32_t>(packed.size()));
  }
  xor_transform(std::span<std::uint8_t>(out.data() + kHeaderSize, n * kEntrySize),
                static_cast<std::uint16_t>(load_u32(out.data() + 0x14) & 0xFFFF));

  // Without an overlay, a last payload ending in "AO" + 4 bytes would read back as a trailer: an
  // overlay of 0 (offsets unchanged) says where the payloads end.
  const std::size_t size = out.size();
  const bool looks_like_trailer =
      size >= table_end + kOverlayTrailerSize && out[size - 6] == 'A' && out[size - 5] == 'O';
  if (document.overlay || looks_like_trailer) {
    out.push_back('A');
    out.push_back('O');
    out.resize(out.size() + 4);
    store_u32(out.data() + out.size() - 4, overlay);
    if (overlay > out.size())
      return invalid_rule(codes::kOverlayRange,
                          fmt::format("AO overlay 0x{:x} lies past the end of the rewritten library ({} bytes)",
                                      overlay, out.size()));
  }
  return out;
}

}  // namespace parkan::rsli
