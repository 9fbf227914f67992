// Name lookup exactly as the engine's search routine (nres.md 4), plus the fold detection that lets
// it find every entry of a table built with the other fold (decisions.md "NRes name order").
#include <algorithm>
#include <numeric>

#include "nres/order.hpp"

namespace parkan::nres {

int compare_names(std::string_view a, std::string_view b) {
  return detail::compare_folded<detail::fold_lower_fn>(a, b);
}

namespace detail {

namespace {
template <unsigned char (*Fold)(unsigned char)>
bool sorted_with(const std::vector<Entry>& entries) {
  for (std::size_t i = 1; i < entries.size(); ++i)
    if (compare_folded<Fold>(entries[entries[i - 1].sort_index].name(), entries[entries[i].sort_index].name()) > 0)
      return false;
  return true;
}
}  // namespace

NameOrder stored_name_order(const std::vector<Entry>& entries) {
  if (sorted_with<fold_lower_fn>(entries)) return NameOrder::lower_fold;
  if (sorted_with<fold_upper_fn>(entries)) return NameOrder::upper_fold;
  return NameOrder::unusable;
}

std::size_t first_unsorted_row(const std::vector<Entry>& entries) {
  for (std::size_t i = 1; i < entries.size(); ++i)
    if (compare_names(entries[entries[i - 1].sort_index].name(), entries[entries[i].sort_index].name()) > 0)
      return i - 1;
  return 0;
}

std::vector<std::uint32_t> build_sort_table(const std::vector<Entry>& entries) {
  std::vector<std::uint32_t> order(entries.size());
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    return compare_names(entries[a].name(), entries[b].name()) < 0;
  });
  return order;
}

}  // namespace detail

namespace {
template <unsigned char (*Fold)(unsigned char)>
std::optional<std::size_t> binary_search(const std::vector<Entry>& entries, std::string_view name) {
  std::size_t lo = 0, hi = entries.size();
  while (lo < hi) {
    std::size_t mid = (lo + hi) / 2;
    std::size_t j = entries[mid].sort_index;
    int c = detail::compare_folded<Fold>(name, entries[j].name());
    if (c == 0) return j;
    if (c < 0) hi = mid;
    else lo = mid + 1;
  }
  return std::nullopt;
}
}  // namespace

std::optional<std::size_t> find(const Archive& archive, std::string_view name) {
  switch (archive.name_order) {
    case NameOrder::lower_fold:
      return binary_search<detail::fold_lower_fn>(archive.entries, name);
    case NameOrder::upper_fold:
      return binary_search<detail::fold_upper_fn>(archive.entries, name);
    case NameOrder::unusable:
      break;
  }
  for (std::size_t i = 0; i < archive.entries.size(); ++i)
    if (compare_names(name, archive.entries[i].name()) == 0) return i;
  return std::nullopt;
}

}  // namespace parkan::nres
