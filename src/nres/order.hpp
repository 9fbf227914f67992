#pragma once
// Name order of the sort table (nres.md 4, decisions.md "NRes name order").
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

inline unsigned char fold_lower_fn(unsigned char c) { return fold_lower(c); }
inline unsigned char fold_upper_fn(unsigned char c) { return fold_upper(c); }

// Which fold the stored permutation is sorted by; the caller has checked it is a permutation.
NameOrder stored_name_order(const std::vector<Entry>& entries);
// The first row i whose name sorts after row i+1's under the engine's rule (nres.md 4).
std::size_t first_unsorted_row(const std::vector<Entry>& entries);
// The permutation the writer stores: indices stably sorted by the engine's rule.
std::vector<std::uint32_t> build_sort_table(const std::vector<Entry>& entries);

}  // namespace parkan::nres::detail
