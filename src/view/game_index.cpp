// /api/game (every file and entry with its status) and /api/validation, built once when the game opens.
#include <fmt/format.h>

#include "parkan/core/text.hpp"
#include "parkan/validate/validate_json.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/core/utf8_path.hpp"
#include "view_internal.hpp"

namespace parkan::view::detail {

namespace {

using nlohmann::json;

// The worst severity of a resource's findings: "error", "warning" or "ok" (notes do not count).
const char* status_of(const ServiceState& state, const std::string& file, const std::string& entry) {
  auto it = state.findings_at.find({file, entry});
  if (it == state.findings_at.end()) return "ok";
  bool warning = false;
  for (std::size_t i : it->second) {
    const Severity s = state.report.findings[i].severity;
    if (s == Severity::error) return "error";
    warning = warning || s == Severity::warning;
  }
  return warning ? "warning" : "ok";
}

const char* worse(const char* a, const char* b) {
  auto rank = [](std::string_view s) { return s == "error" ? 2 : s == "warning" ? 1 : 0; };
  return rank(a) >= rank(b) ? a : b;
}

json entries_json(const ServiceState& state, const std::string& file, const resource::Archive& archive,
                  const char*& file_status) {
  json entries = json::array();
  for (std::size_t i = 0; i < archive.entry_count(); ++i) {
    const resource::EntryInfo row = archive.entry(i);
    const char* status = status_of(state, file, row.name);
    file_status = worse(file_status, status);
    entries.push_back({{"index", i},
                       {"name", cp1251_to_utf8(row.name)},
                       {"type", row.type_id == 0 ? std::string("0") : nres::type_name(row.type_id)},
                       {"size", row.size},
                       {"status", status},
                       {"view", view_of_type(row.type_id)}});
  }
  return entries;
}

}  // namespace

std::string game_json(const ServiceState& state) {
  json files = json::array();
  for (const validate::FoundFile& f : state.report.files) {
    const bool container = f.kind->is_container;
    const char* status = status_of(state, f.path, "");
    json entries = json::array();
    std::error_code ec;
    const auto size = std::filesystem::file_size(state.root / path_from_utf8(f.path), ec);
    if (container)
      if (auto archive = state.archive(f.path)) entries = entries_json(state, f.path, **archive, status);
    files.push_back({{"file", f.path},
                     {"kind", f.kind->file_kind},
                     {"format", container ? json(f.kind->key) : json(nullptr)},
                     {"size", ec ? json(nullptr) : json(size)},
                     {"status", status},
                     {"view", f.kind->view},
                     {"entries", std::move(entries)}});
  }
  const validate::ValidationReport& r = state.report;
  // "games/Parkan/" names the game "Parkan", as "games/Parkan" does.
  std::filesystem::path root = state.root.lexically_normal();
  if (root.filename().empty()) root = root.parent_path();
  const std::string name = path_to_utf8(root.filename());
  json doc = {{"game", name.empty() ? path_to_utf8(state.root) : name},
              {"files", std::move(files)},
              {"summary",
               {{"archives", r.archives},
                {"resources", r.resources},
                {"errors", r.totals.errors},
                {"warnings", r.totals.warnings},
                {"notes", r.totals.notes}}}};
  return json_response(doc).body;
}

json finding_json(const ServiceState& state, const Diagnostic& finding) {
  json out = validate::validation_finding_json(finding);
  out["entry_index"] = nullptr;
  const Location& at = finding.location;
  if (!at.entry.empty()) {
    auto kind = state.files.find(at.file);
    if (kind != state.files.end() && kind->second->is_container)
      if (auto archive = state.archive(at.file))
        if (auto index = (*archive)->find(at.entry)) out["entry_index"] = *index;
  }
  return out;
}

json findings_json(const ServiceState& state, const std::vector<Diagnostic>& findings) {
  json out = json::array();
  for (const Diagnostic& d : findings) out.push_back(finding_json(state, d));
  return out;
}

std::string validation_json(const ServiceState& state) {
  json doc = validate::validation_report_json(state.report);
  doc["findings"] = findings_json(state, state.report.findings);
  return json_response(doc).body;
}

}  // namespace parkan::view::detail
