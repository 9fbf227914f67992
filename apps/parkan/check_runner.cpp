// The runner every check command shares (cli.hpp): SRCs to payloads, findings reported one way.
#include <iostream>

#include <fmt/format.h>

#include "cli.hpp"
#include "parkan/core/text.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/reference.hpp"
#include "parkan/core/utf8_path.hpp"

namespace parkan::cli {

namespace {

using nlohmann::json;



// What one SRC argument of a check holds: one payload, or every entry of the kind in an archive.
struct Checked {
  std::string name;       // for messages: the SRC, or ARCHIVE::NAME for an entry
  bool archive = false;   // a whole archive
  std::size_t items = 0;  // payloads checked
  std::vector<Diagnostic> findings;
};

// The payloads SRC names: ARCHIVE::NAME / ARCHIVE::#N, every entry `kind` selects in an archive, or
// a bare file.
Result<std::vector<resource::Payload>> payloads_named(const std::string& src, const PayloadKind& kind, bool& archive) {
  archive = false;
  const resource::Reference ref = resource::parse_reference(src);
  if (ref.is_entry()) {
    PARKAN_ASSIGN(resource::Payload payload, resource::open_payload(src));
    return std::vector<resource::Payload>{std::move(payload)};
  }
  PARKAN_ASSIGN(resource::Payload file, resource::open_file_payload(path_from_utf8(ref.path)));
  if (!resource::looks_like_archive(file.bytes())) return std::vector<resource::Payload>{std::move(file)};
  archive = true;
  PARKAN_ASSIGN(std::shared_ptr<const resource::Archive> opened, resource::open_archive(path_from_utf8(ref.path)));
  std::vector<resource::Payload> out;
  for (std::size_t i = 0; i < opened->entry_count(); ++i) {
    PARKAN_ASSIGN(resource::Payload payload, opened->payload(i));
    const bool selected = kind.selects ? kind.selects(payload) : payload.location().type_id == kind.type_id;
    if (selected) out.push_back(std::move(payload));
  }
  return out;
}

}  // namespace

Result<int> run_payload_check(const std::vector<std::string>& srcs, const PayloadKind& kind,
                              const CheckOne& check_one, bool as_json, const CheckSet& check_set) {
  const char* item = kind.item;
  std::vector<Checked> reports;
  bool unreadable = false;
  for (const std::string& src : srcs) {
    Checked report;
    report.name = src;
    auto payloads = payloads_named(src, kind, report.archive);
    if (!payloads) {
      unreadable = unreadable || payloads.error().code == ErrorCode::io;
      report.findings.push_back(to_diagnostic(payloads.error(), "resource.open"));
    } else {
      for (const resource::Payload& payload : *payloads) {
        std::vector<Diagnostic> found;
        if (!report.archive) report.name = payload.display_name();
        Status right_type = kind.typed ? payload.expect_type(kind.type_id, kind.name) : Status{};
        if (!right_type) {
          // Located like every finding: "A.lib::ROCK.0: this entry is a Texm, not a MAT0".
          Diagnostic d = to_diagnostic(right_type.error(), "resource.type");
          const std::string name = payload.display_name();
          if (d.message.starts_with(name + " "))
            d.message = (payload.is_entry() ? "this entry" : "this file") + d.message.substr(name.size());
          found.push_back(std::move(d));
        } else {
          found = check_one(payload);
        }
        payload.locate(found);
        ++report.items;
        report.findings.insert(report.findings.end(), std::make_move_iterator(found.begin()),
                               std::make_move_iterator(found.end()));
      }
    }
    if (!as_json) {
      print_diagnostics(report.findings);
      std::string what = report.archive ? count_of(report.items, item) + ", " : std::string();
      fmt::print("{}: {}{}\n", escape_control(report.name), what, counts_text(count_severities(report.findings)));
    }
    reports.push_back(std::move(report));
  }
  std::vector<Diagnostic> extra;
  if (check_set) {
    std::size_t named = 0;
    for (const Checked& r : reports) named += !r.archive;
    extra = check_set(named);
  }
  if (!as_json) print_diagnostics(extra);

  std::vector<Diagnostic> all;
  std::size_t items = 0;
  for (Checked& r : reports) {
    items += r.items;
    all.insert(all.end(), r.findings.begin(), r.findings.end());
  }
  all.insert(all.end(), extra.begin(), extra.end());
  const std::string items_key = std::string(item) + "s";
  if (as_json) {
    json doc = check_report_json(all);
    json files = json::array();
    for (const Checked& r : reports) {
      SeverityCounts c = count_severities(r.findings);
      files.push_back({{"src", r.name},
                       {"archive", r.archive},
                       {items_key, r.items},
                       {"valid", c.errors == 0},
                       {"errors", c.errors},
                       {"warnings", c.warnings},
                       {"notes", c.notes}});
    }
    doc["files"] = std::move(files);
    doc[items_key] = items;
    print_json(doc);
  } else if (reports.size() > 1 || !extra.empty()) {
    fmt::print("total: {} in {}, {}\n", count_of(items, item), count_of(reports.size(), "file"),
               counts_text(count_severities(all)));
  }
  if (unreadable) return static_cast<int>(ErrorCode::io);
  return check_exit_code(all);
}

}  // namespace parkan::cli
