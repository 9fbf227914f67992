#pragma once
// The one collector of findings (docs/codes.md): every reader and checker adds its Diagnostics here.
// Two limits keep a report bounded and a reader cheap:
// - first-only mode (a reader's read()): the first error ends the collection, so read()'s error is
//   verify()'s first finding (the checks run in the same order);
// - a per-rule cap: a hostile directory of 10^6 broken rows lists kMaxFindingsPerRule findings of one
//   rule, then ONE note per such rule says how many more there were.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parkan/core/diagnostic.hpp"

namespace parkan {

// At most this many findings of one rule are listed (then one note with the rest's count).
inline constexpr std::size_t kMaxFindingsPerRule = 100;

class FindingSink {
 public:
  enum class Mode : std::uint8_t { all, first_only };

  // `truncated_code` is the format's code of the note ("nres.findings.truncated").
  explicit FindingSink(std::string_view truncated_code, Mode mode = Mode::all)
      : truncated_code_(truncated_code), mode_(mode) {}

  // True once first-only mode has its error: the caller may stop checking.
  bool stopped() const { return stopped_; }

  // Keeps `finding` unless the collection has stopped or its rule is over the cap; true when kept.
  bool add(Diagnostic finding);
  bool add(Severity severity, std::string_view code, std::optional<std::uint64_t> offset, std::string message,
           std::string entry = {}) {
    return add(Diagnostic{std::string(code), severity, Location{{}, std::move(entry), offset}, std::move(message)});
  }

  // The findings kept so far (without the notes).
  const std::vector<Diagnostic>& found() const { return found_; }

  // The findings, then one note per rule that had more than kMaxFindingsPerRule:
  // "<n> more findings of <code> not listed (the first 100 are)". Rules in order of first finding.
  std::vector<Diagnostic> take();

 private:
  std::string truncated_code_;
  Mode mode_;
  bool stopped_ = false;
  std::vector<Diagnostic> found_;
  std::vector<std::pair<std::string, std::size_t>> per_rule_;  // code, findings so far (few codes)
};

}  // namespace parkan
