// The finding sink (include/parkan/core/finding_sink.hpp; docs/codes.md).
#include "parkan/core/finding_sink.hpp"

#include <fmt/format.h>

namespace parkan {

bool FindingSink::add(Diagnostic finding) {
  if (stopped_) return false;
  std::size_t* count = nullptr;
  for (auto& [rule, seen] : per_rule_)
    if (rule == finding.code) count = &seen;
  if (!count) count = &per_rule_.emplace_back(finding.code, 0).second;
  if (++*count > kMaxFindingsPerRule) return false;
  if (mode_ == Mode::first_only && finding.severity == Severity::error) stopped_ = true;
  found_.push_back(std::move(finding));
  return true;
}

std::vector<Diagnostic> FindingSink::take() {
  for (const auto& [rule, count] : per_rule_)
    if (count > kMaxFindingsPerRule)
      found_.push_back(Diagnostic{truncated_code_, Severity::note, Location{},
                                  fmt::format("{} more findings of {} not listed (the first {} are)",
                                              count - kMaxFindingsPerRule, rule, kMaxFindingsPerRule)});
  per_rule_.clear();
  return std::move(found_);
}

}  // namespace parkan
