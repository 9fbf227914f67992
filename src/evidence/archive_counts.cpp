// The container questions of docs/evidence.md: the NRes sort table's fold (docs/formats/nres.md 4) and
// the RsLi header words +0x06 and +0x10 (docs/formats/rsli.md 2, docs/evidence.md 3.9); and the tally's
// own bookkeeping.
#include <algorithm>

#include "evidence/raw_nres.hpp"
#include "parkan/evidence/tally.hpp"

namespace parkan::evidence {

void QuestionCounts::add_detail(std::string_view key, std::uint64_t count) {
  for (Detail& d : details)
    if (d.key == key) {
      d.count += count;
      return;
    }
  details.push_back({std::string(key), count});
}

std::uint64_t QuestionCounts::detail(std::string_view key) const {
  for (const Detail& d : details)
    if (d.key == key) return d.count;
  return 0;
}

void Tally::merge(const Tally& other) {
  for (std::size_t i = 0; i < kQuestionCount; ++i) {
    questions[i].for_count += other.questions[i].for_count;
    questions[i].against_count += other.questions[i].against_count;
    for (const Detail& d : other.questions[i].details) questions[i].add_detail(d.key, d.count);
  }
  archives += other.archives;
  resources += other.resources;
  unreadable += other.unreadable;
  textures.insert(textures.end(), other.textures.begin(), other.textures.end());
  page_cells.insert(page_cells.end(), other.page_cells.begin(), other.page_cells.end());
}

namespace {

// MSVC _strcmpi with the given fold (docs/formats/nres.md 4.2): unsigned bytes, the shorter prefix first.
template <unsigned char (*Fold)(unsigned char)>
int compare_folded(std::string_view a, std::string_view b) {
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned char x = Fold(static_cast<unsigned char>(a[i]));
    const unsigned char y = Fold(static_cast<unsigned char>(b[i]));
    if (x != y) return x < y ? -1 : 1;
  }
  return a.size() == b.size() ? 0 : a.size() < b.size() ? -1 : 1;
}
unsigned char lower(unsigned char c) { return fold_lower(c); }
unsigned char upper(unsigned char c) { return fold_upper(c); }

template <unsigned char (*Fold)(unsigned char)>
bool sorted_by(const std::vector<detail::RawRow>& rows) {
  for (std::size_t i = 0; i + 1 < rows.size(); ++i)
    if (compare_folded<Fold>(rows[rows[i].sort_index].name, rows[rows[i + 1].sort_index].name) > 0) return false;
  return true;
}

}  // namespace

bool count_nres_sort_table(ByteView archive, Tally& tally) {
  const auto rows = detail::read_raw_nres(archive);
  if (!rows) return false;
  QuestionCounts& q = tally[QuestionId::nres_sort_fold];
  if (rows->size() < 2) {  // one order fits every fold
    q.add_detail("archives_below_two_entries");
    return true;
  }
  std::vector<bool> seen(rows->size(), false);
  for (const detail::RawRow& row : *rows) {
    if (row.sort_index >= rows->size() || seen[row.sort_index]) {
      ++q.against_count;
      q.add_detail("archives_not_a_permutation");
      return true;
    }
    seen[row.sort_index] = true;
  }
  if (sorted_by<lower>(*rows)) {
    ++q.for_count;
  } else {
    ++q.against_count;
    q.add_detail(sorted_by<upper>(*rows) ? "archives_upper_fold" : "archives_unsorted");
  }
  return true;
}

void count_rsli_header(ByteView header, std::int16_t entry_count, std::uint64_t unpacked_total, Tally& tally) {
  QuestionCounts& q = tally[QuestionId::rsli_header_counts];
  if (header.size() < 0x14) {
    ++tally.unreadable;
    return;
  }
  const bool count_twice = load_i16(header.data() + 6) == entry_count;
  const bool total = load_u32(header.data() + 0x10) == unpacked_total;
  if (count_twice && total) {
    ++q.for_count;
    return;
  }
  ++q.against_count;
  if (!count_twice) q.add_detail("libraries_count_mismatch");
  if (!total) q.add_detail("libraries_size_mismatch");
}

}  // namespace parkan::evidence
