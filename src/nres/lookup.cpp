// Name lookup exactly as the engine's search routine (docs/formats/nres.md 4), plus the fold detection that lets
// it find every entry of a table built with the other fold (docs/formats/nres.md 4.4).
#include <algorithm>
#include <numeric>

#include "nres/order.hpp"

namespace parkan::nres {

int compare_names(std::string_view a, std::string_view b) {
  return detail::compare_folded<detail::fold_lower_fn>(a, b);
}

namespace detail {

namespace {

// Sorted by Fold? Builds the prefix keys on the way; a key tie falls back to the full compare.
template <unsigned char (*Fold)(unsigned char)>
bool sorted_with(const std::vector<Entry>& entries, std::vector<std::uint64_t>& keys) {
  keys.resize(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    keys[i] = prefix_key<Fold>(entries[entries[i].sort_index].name_field);
    if (i == 0 || keys[i - 1] < keys[i]) continue;
    if (keys[i - 1] > keys[i]) return false;
    if (compare_fields<Fold>(entries[entries[i - 1].sort_index].name_field, entries[entries[i].sort_index].name_field) > 0)
      return false;
  }
  return true;
}

}  // namespace

NameOrder stored_name_order(const std::vector<Entry>& entries, std::vector<std::uint64_t>& keys) {
  if (sorted_with<fold_lower_fn>(entries, keys)) return NameOrder::lower_fold;
  if (sorted_with<fold_upper_fn>(entries, keys)) return NameOrder::upper_fold;
  keys.clear();
  return NameOrder::unusable;
}

std::size_t first_unsorted_row(const std::vector<Entry>& entries) {
  for (std::size_t i = 1; i < entries.size(); ++i)
    if (compare_names(entries[entries[i - 1].sort_index].name(), entries[entries[i].sort_index].name()) > 0)
      return i - 1;
  return 0;
}

std::vector<std::uint32_t> build_sort_table(std::span<const Entry> entries) {
  std::vector<std::uint32_t> order(entries.size());
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    return compare_names(entries[a].name(), entries[b].name()) < 0;
  });
  return order;
}

}  // namespace detail

namespace {

// The engine's search routine (docs/formats/nres.md 4). With the reader's prefix keys, a probe whose key differs
// is decided without touching the directory; the sequence of probes and the result are the same.
template <unsigned char (*Fold)(unsigned char)>
std::optional<std::size_t> binary_search(const Archive& archive, std::string_view name) {
  const std::vector<Entry>& entries = archive.entries;
  const bool keyed = archive.name_keys.size() == entries.size();
  const std::uint64_t key = detail::prefix_key<Fold>(name);
  std::size_t lo = 0, hi = entries.size();
  while (lo < hi) {
    std::size_t mid = (lo + hi) / 2;
    int c;
    if (keyed && archive.name_keys[mid] != key) {
      c = key < archive.name_keys[mid] ? -1 : 1;
    } else {
      std::size_t j = entries[mid].sort_index;
      c = detail::compare_with_field<Fold>(name, entries[j].name_field);
      if (c == 0) return j;
    }
    if (c < 0) hi = mid;
    else lo = mid + 1;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::size_t> find(const Archive& archive, std::string_view name) {
  switch (archive.name_order) {
    case NameOrder::lower_fold:
      return binary_search<detail::fold_lower_fn>(archive, name);
    case NameOrder::upper_fold:
      return binary_search<detail::fold_upper_fn>(archive, name);
    case NameOrder::unusable:
      break;
  }
  for (std::size_t i = 0; i < archive.entries.size(); ++i)
    if (compare_names(name, archive.entries[i].name()) == 0) return i;
  return std::nullopt;
}

}  // namespace parkan::nres
