// The runner every check command shares (cli.hpp, docs/cli.md 5.1): SRCs to payloads through the one
// resolver (resource/resolve.hpp), each payload checked, findings and summaries reported one way.
#include <iostream>

#include <fmt/format.h>

#include "cli.hpp"
#include "parkan/core/text.hpp"
#include "parkan/resource/resolve.hpp"

namespace parkan::cli {

namespace {

using nlohmann::json;

// One source's report: a payload it named, or the selection from an archive.
struct SourceReport {
  std::string name;       // for messages: the source, or ARCHIVE::NAME for an entry it named
  bool archive = false;   // a selection from an archive
  std::size_t items = 0;  // payloads checked
  std::vector<Diagnostic> findings;
};

// One payload's report (the per-payload lines of msh and anim check).
struct PayloadReport {
  std::string name;
  resource::PayloadLocation location;
  SeverityCounts counts;
};

json counts_json(const SeverityCounts& c) {
  return {{"valid", c.errors == 0}, {"errors", c.errors}, {"warnings", c.warnings}, {"notes", c.notes}};
}

}  // namespace

Result<int> run_payload_check(const std::vector<std::string>& srcs, const resource::Kind& kind,
                              const CheckOne& check_one, bool as_json, const CheckOptions& options) {
  const std::string item(options.item.empty() ? kind.item : options.item);
  const bool per_payload = options.line_per_payload;
  std::vector<SourceReport> reports;
  std::vector<PayloadReport> payload_reports;
  bool unreadable = false;
  for (const std::string& src : srcs) {
    auto sources = resource::resolve_source(src, &kind);
    if (!sources) {
      unreadable = unreadable || sources.error().code == ErrorCode::io;
      SourceReport failed{src, false, 0, {to_diagnostic(sources.error(), "resource.open")}};
      if (!as_json) {
        print_diagnostics(failed.findings);
        if (!per_payload) fmt::print("{}: {}\n", escape_control(failed.name), counts_text(count_severities(failed.findings)));
      }
      reports.push_back(std::move(failed));
      continue;
    }
    for (resource::ResolvedSource& source : *sources) {
      SourceReport report{std::move(source.text), source.whole_archive, 0, {}};
      for (const resource::Payload& payload : source.payloads) {
        std::vector<Diagnostic> found;
        if (Status right_kind = resource::expect_kind(payload, kind); !right_kind)
          found.push_back(to_diagnostic(right_kind.error(), "resource.type"));
        else if (check_one)
          found = check_one(payload);
        else if (kind.check)
          found = kind.check(payload);
        payload.locate(found);
        if (!report.archive) report.name = payload.display_name();
        ++report.items;
        if (per_payload) {
          PayloadReport line{payload.display_name(), payload.location(), count_severities(found)};
          if (!as_json) {
            print_diagnostics(found);
            fmt::print("{}: {}\n", escape_control(line.name), counts_text(line.counts));
          }
          payload_reports.push_back(std::move(line));
        }
        report.findings.insert(report.findings.end(), std::make_move_iterator(found.begin()),
                               std::make_move_iterator(found.end()));
      }
      if (!as_json && !per_payload) {
        print_diagnostics(report.findings);
        const std::string what = report.archive ? count_of(report.items, item.c_str()) + ", " : std::string();
        fmt::print("{}: {}{}\n", escape_control(report.name), what, counts_text(count_severities(report.findings)));
      }
      reports.push_back(std::move(report));
    }
  }
  std::vector<Diagnostic> extra;
  if (options.check_set) {
    std::size_t named = 0;
    for (const SourceReport& r : reports) named += !r.archive;
    extra = options.check_set(named);
  }
  if (!as_json) print_diagnostics(extra);

  std::vector<Diagnostic> all;
  std::size_t items = 0;
  for (const SourceReport& r : reports) {
    items += r.items;
    all.insert(all.end(), r.findings.begin(), r.findings.end());
  }
  all.insert(all.end(), extra.begin(), extra.end());
  const std::string items_key = plural(item);
  if (as_json) {
    json doc = check_report_json(all);
    json files = json::array();
    for (const SourceReport& r : reports) {
      json file = counts_json(count_severities(r.findings));
      file["src"] = r.name;
      file["archive"] = r.archive;
      file[items_key] = r.items;
      files.push_back(std::move(file));
    }
    doc["files"] = std::move(files);
    doc[items_key] = items;
    if (per_payload) {
      json per = json::array();
      for (const PayloadReport& r : payload_reports) {
        json one = counts_json(r.counts);
        one[item] = r.name;
        one["file"] = r.location.file;
        one["entry"] = r.location.index ? json(cp1251_to_utf8(r.location.name)) : nullptr;
        per.push_back(std::move(one));
      }
      doc["per_" + item] = std::move(per);
    }
    print_json(doc);
  } else if (reports.size() > 1 || !extra.empty() || (per_payload && items > 1)) {
    fmt::print("total: {} in {}, {}\n", count_of(items, item.c_str()), count_of(reports.size(), "file"),
               counts_text(count_severities(all)));
  }
  if (unreadable) return static_cast<int>(ErrorCode::io);
  return check_exit_code(all);
}

}  // namespace parkan::cli
