#pragma once
// `parkan evidence GAME_DIR`: runs over an installed game and reports, for each reading that rests on
// outside evidence or is still open, the counts that confirm or refute it (docs/evidence.md). The
// report holds only counts: no file name, entry name or content, so a user can share it.
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "parkan/core/error.hpp"
#include "parkan/evidence/tally.hpp"

namespace parkan::evidence {

enum class Verdict { confirmed, refuted, open };
std::string_view verdict_name(Verdict verdict);  // "confirmed", "refuted", "open"

// The rule of docs/evidence.md 2: no data is open; against == 0 or for >= 99 % of for + against is
// confirmed; against > for is refuted; anything else (mixed) is open.
Verdict judge(std::uint64_t for_count, std::uint64_t against_count);

struct QuestionText {
  std::string_view id;        // stable key: "quaternion_w_slot"
  std::string_view question;  // what is counted
  std::string_view reading;   // parkan's reading, which "for" supports
  std::string_view unit;      // what one count is: "key", "texture", "batch"...
};
const QuestionText& question_text(QuestionId id);

struct Row {
  QuestionId id{};
  std::uint64_t for_count = 0;
  std::uint64_t against_count = 0;
  Verdict verdict = Verdict::open;
  std::vector<Detail> details;
};

struct Report {
  std::vector<Row> rows;  // every question, in QuestionId order
  std::uint64_t files = 0;
  std::uint64_t archives = 0;
  std::uint64_t resources = 0;
  std::uint64_t unreadable = 0;
};

struct EvidenceOptions {
  unsigned threads = 0;  // 0: every core
};

// Scans every regular file under `game` (subfolders included) and counts. Malformed files and
// resources are counted as unreadable and skipped; only a game folder that cannot be listed fails
// (an I/O error).
Result<Report> gather_evidence(const std::filesystem::path& game, const EvidenceOptions& options = {});
// The report of a finished tally (page cells resolved, verdicts judged).
Report make_report(Tally tally, std::uint64_t files);

// {"questions": [{"id", "question", "reading", "unit", "for", "against", "verdict", "details": {...}}...],
//  "totals": {"files", "archives", "resources", "unreadable"}, "verdicts": {"confirmed", "refuted", "open"}}
nlohmann::json report_json(const Report& report);
// The table of the command's standard output.
std::string report_table(const Report& report);

}  // namespace parkan::evidence
