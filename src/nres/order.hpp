#pragma once
// Name order of the sort table (docs/formats/nres.md 4, 4.4).
#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "parkan/core/text.hpp"
#include "parkan/nres/archive.hpp"

namespace parkan::nres::detail {

template <unsigned char (*Fold)(unsigned char)>
int compare_folded(std::string_view a, std::string_view b) {
  std::size_t n = a.size() < b.size() ? a.size() : b.size();
  for (std::size_t i = 0; i < n; ++i) {
    unsigned char x = Fold(static_cast<unsigned char>(a[i]));
    unsigned char y = Fold(static_cast<unsigned char>(b[i]));
    if (x != y) return x < y ? -1 : 1;
  }
  return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
}

// compare_folded(query, field's name()) without first measuring the name: the field ends at its
// first NUL or after 36 bytes. Same result, one pass (the lookup's hot loop).
template <unsigned char (*Fold)(unsigned char)>
int compare_with_field(std::string_view query, const std::array<std::uint8_t, kNameFieldSize>& field) {
  const std::size_t n = query.size();
  for (std::size_t i = 0; i < kNameFieldSize; ++i) {
    unsigned char y = field[i];
    if (i == n) return y == 0 ? 0 : -1;
    if (y == 0) return 1;
    unsigned char x = Fold(static_cast<unsigned char>(query[i]));
    y = Fold(y);
    if (x != y) return x < y ? -1 : 1;
  }
  return n == kNameFieldSize ? 0 : 1;
}

// The same for two fields (the sort-table check of the reader).
template <unsigned char (*Fold)(unsigned char)>
int compare_fields(const std::array<std::uint8_t, kNameFieldSize>& a, const std::array<std::uint8_t, kNameFieldSize>& b) {
  for (std::size_t i = 0; i < kNameFieldSize; ++i) {
    unsigned char x = a[i], y = b[i];
    if (x == 0 || y == 0) return x == y ? 0 : (x == 0 ? -1 : 1);
    x = Fold(x);
    y = Fold(y);
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

// The first 8 folded bytes of a name, big-endian, zero-padded: comparing two keys as integers gives
// the order of the full compare whenever they differ (names hold no NUL, so a pad sorts first).
template <unsigned char (*Fold)(unsigned char)>
std::uint64_t prefix_key(std::string_view name) {
  std::uint64_t key = 0;
  for (std::size_t i = 0; i < 8; ++i)
    key = (key << 8) | (i < name.size() ? Fold(static_cast<unsigned char>(name[i])) : 0u);
  return key;
}
template <unsigned char (*Fold)(unsigned char)>
std::uint64_t prefix_key(const std::array<std::uint8_t, kNameFieldSize>& field) {
  std::uint64_t key = 0;
  bool ended = false;
  for (std::size_t i = 0; i < 8; ++i) {
    ended = ended || field[i] == 0;
    key = (key << 8) | (ended ? 0u : Fold(field[i]));
  }
  return key;
}

inline unsigned char fold_lower_fn(unsigned char c) { return fold_lower(c); }
inline unsigned char fold_upper_fn(unsigned char c) { return fold_upper(c); }

// Which fold the stored permutation is sorted by; the caller has checked it is a permutation.
// Fills `keys` (Archive::name_keys) for that fold, or clears it when the table is unusable.
NameOrder stored_name_order(const std::vector<Entry>& entries, std::vector<std::uint64_t>& keys);
// The first row i whose name sorts after row i+1's under the engine's rule (docs/formats/nres.md 4).
std::size_t first_unsorted_row(const std::vector<Entry>& entries);
// The permutation the writer stores: indices stably sorted by the engine's rule.
std::vector<std::uint32_t> build_sort_table(std::span<const Entry> entries);

}  // namespace parkan::nres::detail
