// The questions, the verdict rule and the two outputs of `parkan evidence` (docs/evidence.md 2-3).
#include <array>

#include <fmt/format.h>

#include "evidence/quaternion_reading.hpp"
#include "parkan/evidence/evidence.hpp"

namespace parkan::evidence {

namespace {

// One entry per QuestionId, in its order; the texts are those of docs/evidence.md 3.
constexpr std::array<QuestionText, kQuestionCount> kQuestions{{
    {"quaternion_w_slot",
     kParkanQuatWOffset == 0x16 ? "still nodes' fallback keys: 32767 at +0x16 (for) or at +0x10 (against)"
                                : "still nodes' fallback keys: 32767 at +0x10 (for) or at +0x16 (against)",
     kParkanQuatWOffset == 0x16 ? "key quaternion w at +0x16 (x, y, z, w)" : "key quaternion w at +0x10 (w, x, y, z)",
     "key"},
    {"texm_8888_alpha_byte", "8888 textures: byte 3 (for) or byte 0 (against) more often 0 or 255",
     "8888 is B, G, R, A: alpha in byte 3", "texture"},
    {"texm_888_spare_zero", "888 textures: every fourth byte 0 (for) or not (against)",
     "888 is B, G, R, X with X = 0", "texture"},
    {"texm_palette_fourth_constant", "format-0 palettes: fourth byte constant (for) or varying (against)",
     "palette entries are B, G, R, X: X is not alpha", "texture"},
    {"batch_wear_row_byte4", "batches: byte +4 within the WEAR rows (for), or only the u16 at +2 (against)",
     "a batch's WEAR row is byte +4", "batch"},
    {"fallback_is_last_frame", "animated nodes: the last frame names the fallback key and no later key (for) or not",
     "the fallback key is the last key of the node's run", "node"},
    {"uv_u16", "UV words of types 5 and 18: below 0x8000 (for) or at or above (against)",
     "UVs are u16 / 1024", "word"},
    {"type18_with_lightmaps", "models: type 18 and LIGHTMAPS both or neither (for), one without the other (against)",
     "type 18 is present exactly when the WEAR has LIGHTMAPS", "model"},
    {"rsli_header_counts", "RsLi libraries: +0x06 = entry count and +0x10 = unpacked total (for) or not",
     "RsLi +0x06 repeats the count, +0x10 is the sum of unpacked sizes", "library"},
    {"nres_sort_fold", "NRes archives of 2+ entries: sort table in the lower-case fold (for) or not",
     "the sort table follows _strcmpi's lower-case fold", "archive"},
    {"page_cell_in_range", "phases with p17 = c >= 0: c below the texture's Page rectangle count (for) or not",
     "p17 = c >= 0 selects Page rectangle c", "phase"},
    {"mat0_k2_zero", "MAT0 animation keys: k2 = 0 (for) or not (against)", "k2 is always 0", "key"},
    {"mip_truncated_mean", "mip levels: every field = floor(level-0 block sum / 4^k) (for) or not",
     "level k is the truncated mean of level 0's 2^k blocks", "level"},
}};

}  // namespace

std::string_view verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::confirmed: return "confirmed";
    case Verdict::refuted: return "refuted";
    case Verdict::open: return "open";
  }
  return "open";
}

Verdict judge(std::uint64_t for_count, std::uint64_t against_count) {
  const std::uint64_t total = for_count + against_count;
  if (total == 0) return Verdict::open;
  // for >= 99 % of the total, in integers: 100 * for >= 99 * total (no overflow below 2^56 counts).
  if (against_count == 0 || 100 * for_count >= 99 * total) return Verdict::confirmed;
  if (against_count > for_count) return Verdict::refuted;
  return Verdict::open;
}

const QuestionText& question_text(QuestionId id) { return kQuestions[static_cast<std::size_t>(id)]; }

Report make_report(Tally tally, std::uint64_t files) {
  resolve_page_cells(tally);
  Report report;
  report.files = files;
  report.archives = tally.archives;
  report.resources = tally.resources;
  report.unreadable = tally.unreadable;
  for (std::size_t i = 0; i < kQuestionCount; ++i) {
    const QuestionCounts& q = tally.questions[i];
    report.rows.push_back({static_cast<QuestionId>(i), q.for_count, q.against_count, judge(q.for_count, q.against_count),
                           q.details});
  }
  return report;
}

nlohmann::json report_json(const Report& report) {
  nlohmann::json questions = nlohmann::json::array();
  std::array<std::uint64_t, 3> verdicts{};
  for (const Row& row : report.rows) {
    const QuestionText& text = question_text(row.id);
    nlohmann::json details = nlohmann::json::object();
    for (const Detail& d : row.details) details[d.key] = d.count;
    questions.push_back({{"id", text.id},
                         {"question", text.question},
                         {"reading", text.reading},
                         {"unit", text.unit},
                         {"for", row.for_count},
                         {"against", row.against_count},
                         {"verdict", verdict_name(row.verdict)},
                         {"details", std::move(details)}});
    ++verdicts[static_cast<std::size_t>(row.verdict)];
  }
  return {{"questions", std::move(questions)},
          {"totals",
           {{"files", report.files},
            {"archives", report.archives},
            {"resources", report.resources},
            {"unreadable", report.unreadable}}},
          {"verdicts", {{"confirmed", verdicts[0]}, {"refuted", verdicts[1]}, {"open", verdicts[2]}}}};
}

std::string report_table(const Report& report) {
  std::string out = fmt::format("{:<29} {:<64} {:>10} {:>10}  {}\n", "question", "parkan's reading", "for", "against",
                                "verdict");
  for (const Row& row : report.rows) {
    const QuestionText& text = question_text(row.id);
    out += fmt::format("{:<29} {:<64} {:>10} {:>10}  {}\n", text.id, text.reading, row.for_count, row.against_count,
                       verdict_name(row.verdict));
  }
  out += fmt::format("\n{} files, {} archives, {} resources, {} unreadable\n", report.files, report.archives,
                     report.resources, report.unreadable);
  return out;
}

}  // namespace parkan::evidence
