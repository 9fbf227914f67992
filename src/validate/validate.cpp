// validate_game: the files of the game folder one at a time (an archive is mapped, its directory
// checked, its entries checked by every core, then it is unmapped), then the references between the
// resources, then the report. The report does not depend on the number of threads.
#include "parkan/validate/validate.hpp"

#include <algorithm>
#include <atomic>
#include <optional>
#include <thread>

#include "validate/validate_internal.hpp"
#include "parkan/core/file.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/rsli/archive.hpp"
#include "parkan/texm/model.hpp"
#include "parkan/texm/palette.hpp"
#include "parkan/texm/read.hpp"
#include "parkan/core/utf8_path.hpp"
#include "parkan/validate/codes.hpp"

namespace parkan::validate {

namespace {

using detail::CheckedResource;
using detail::GameFacts;
using detail::GameFile;
using detail::ResourceInput;

constexpr unsigned kMaxThreads = 8;
// Entries a thread takes at a time; an archive of fewer than two claims is checked on the calling thread.
constexpr std::size_t kEntriesPerClaim = 32;

unsigned thread_count(const ValidateOptions& options) {
  unsigned n = options.threads != 0 ? options.threads : std::thread::hardware_concurrency();
  return std::clamp(n, 1u, kMaxThreads);
}

// nres::verify labels an entry "#3 NAME.0"; the report names it as stored ("NAME.0").
void use_stored_entry_names(std::vector<Diagnostic>& findings) {
  for (Diagnostic& d : findings) {
    std::string& entry = d.location.entry;
    if (entry.size() < 3 || entry[0] != '#') continue;
    std::size_t i = 1;
    while (i < entry.size() && entry[i] >= '0' && entry[i] <= '9') ++i;
    if (i > 1 && i < entry.size() && entry[i] == ' ') entry.erase(0, i + 1);
  }
}

class ValidationProgress {
 public:
  ValidationProgress(const ValidateOptions& options, std::size_t total) : callback_(options.progress), total_(total) {}
  void advance(std::size_t by = 1) {
    done_ += by;
    if (callback_) callback_(std::min(done_, total_), total_);
  }

 private:
  const std::function<void(std::size_t, std::size_t)>& callback_;
  std::size_t total_;
  std::size_t done_ = 0;
};

// Runs `check(i)` for i in [0, count) on `threads` threads (the caller's one among them), each
// claiming kEntriesPerClaim entries at a time (most checks take microseconds: one atomic step per
// entry would cost as much as the check); the caller's thread reports progress.
template <typename Check>
void for_each_parallel(std::size_t count, unsigned threads, ValidationProgress& progress, Check check) {
  if (threads <= 1 || count < 2 * kEntriesPerClaim) {
    for (std::size_t i = 0; i < count; ++i) check(i), progress.advance();
    return;
  }
  std::atomic<std::size_t> next{0}, finished{0};
  auto work_through = [&](bool report) {
    std::size_t reported = 0;
    for (std::size_t first; (first = next.fetch_add(kEntriesPerClaim)) < count;) {
      const std::size_t last = std::min(count, first + kEntriesPerClaim);
      for (std::size_t i = first; i < last; ++i) check(i);
      const std::size_t now = finished.fetch_add(last - first) + (last - first);
      if (report) progress.advance(now - reported), reported = now;
    }
    return reported;
  };
  std::vector<std::jthread> helpers;
  const std::size_t claims = (count + kEntriesPerClaim - 1) / kEntriesPerClaim;
  for (unsigned t = 1; t < std::min<std::size_t>(threads, claims); ++t) helpers.emplace_back([&] { work_through(false); });
  const std::size_t reported = work_through(true);
  helpers.clear();  // joins
  progress.advance(count - reported);
}

// The container as a checked resource of its own: its rules' findings, or why it could not be mapped.
// The mapping when there is one; the caller then reads the entries (as the engine does, compatibly, so
// that a strict failure still gets its entries checked) and registers their names.
template <typename Rules>
std::optional<MappedFile> check_container(const GameFile& file, GameFacts& facts, Rules rules) {
  CheckedResource container;
  container.file = file.path;
  container.type = kContainerType;
  auto mapped = MappedFile::open(file.full);
  if (mapped) container.findings = rules(mapped->bytes());
  else container.findings.push_back(to_diagnostic(mapped.error(), codes::kGameFileUnreadable));
  locate_all(container.findings, file.path);
  facts.resources.push_back(std::move(container));
  if (!mapped) return std::nullopt;
  facts.archives[detail::fold_name(file.path)].file = file.path;  // its names, once the entries are read
  return std::move(*mapped);
}

void check_archive(const GameFile& file, GameFacts& facts, unsigned threads, ValidationProgress& progress) {
  auto mapped = check_container(file, facts, [](ByteView bytes) {
    std::vector<Diagnostic> findings = nres::check(bytes, nres::Profile::strict);
    use_stored_entry_names(findings);
    return findings;
  });
  if (!mapped) return;
  const ByteView bytes = mapped->bytes();
  detail::ArchiveNames& names = facts.archives[detail::fold_name(file.path)];
  auto directory = nres::read(bytes, nres::Profile::compatible);
  if (!directory) return;
  names.readable = true;
  const std::size_t count = directory->entries.size();
  for (const nres::Entry& e : directory->entries) names.folded.insert(detail::fold_name(e.name()));

  std::vector<CheckedResource> checked(count);
  for_each_parallel(count, threads, progress, [&](std::size_t i) {
    const nres::Entry& e = directory->entries[i];
    ResourceInput input;
    input.file = file.path;
    input.entry = std::string(e.name());
    input.type_id = e.type_id;
    input.attr1 = e.attr1, input.attr2 = e.attr2, input.attr3 = e.attr3;
    input.bytes = directory->payload(i);
    checked[i] = detail::check_resource(input);
  });
  for (CheckedResource& r : checked) facts.resources.push_back(std::move(r));
}

// A PAL resource by its content (docs/formats/palettes.md 4.1): RsLi entries carry no type id, and a
// font library holds one (PAL.PAL, docs/formats/texm.md 3.4).
bool is_pal_resource(ByteView unpacked) {
  return unpacked.size() == texm::kPalSize && load_u32(unpacked.data() + 1024) == texm::kIpolMagic;
}

// The type an RsLi entry counts under: its content's when it has one (a Texm, a Tfnt font, a PAL
// resource, named as NRes names them), else the name's extension ("TEX"), else "RsLi".
std::string library_entry_type(std::string_view name, ByteView unpacked) {
  const resource::Kind* by_magic = resource::kind_of_bytes(unpacked);
  if (by_magic && by_magic->key == "texm") return detail::type_key(*by_magic);
  if (by_magic && by_magic->key == "font") return nres::type_name(by_magic->magic);
  if (is_pal_resource(unpacked)) return detail::type_key(detail::kind("palette"));
  const std::size_t dot = name.rfind('.');
  if (dot == std::string_view::npos || dot + 1 == name.size()) return "RsLi";
  std::string extension(name.substr(dot + 1));
  for (char& c : extension)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
  return extension;
}

// The sprites.lib quirk (docs/formats/rsli.md 8) is a strict-profile error, but the engine reads the entry and the
// retail game ships it: a warning here.
void soften_engine_tolerated(std::vector<Diagnostic>& findings) {
  for (Diagnostic& d : findings)
    if (d.code == rsli::codes::kEntryEofPlusOne) d.severity = Severity::warning;
}

// An RsLi library: its rules (strict, unpacking every entry), then every entry's unpacked bytes through
// the checker their content asks for.
void check_library(const GameFile& file, GameFacts& facts, unsigned threads, ValidationProgress& progress) {
  auto mapped = check_container(file, facts, [](ByteView bytes) {
    std::vector<Diagnostic> findings = rsli::verify(bytes, rsli::Profile::strict);
    soften_engine_tolerated(findings);
    return findings;
  });
  if (!mapped) return;
  const ByteView bytes = mapped->bytes();
  detail::ArchiveNames& names = facts.archives[detail::fold_name(file.path)];
  auto library = rsli::read(bytes, rsli::Profile::compatible);
  if (!library) return;
  names.readable = true;
  const std::size_t count = library->entries.size();
  for (const rsli::Entry& e : library->entries) names.folded.insert(detail::fold_name(e.name()));
  std::vector<CheckedResource> checked(count);
  for_each_parallel(count, threads, progress, [&](std::size_t i) {
    const std::string name(library->entries[i].name());
    auto unpacked = rsli::unpack(*library, i);
    if (!unpacked) {  // verify() has reported it on the container
      checked[i].file = file.path;
      checked[i].entry = name;
      checked[i].type = "RsLi";
      return;
    }
    ResourceInput input;
    input.file = file.path;
    input.entry = name;
    const std::uint32_t magic = unpacked->size() >= 4 ? load_u32(unpacked->data()) : 0;
    input.type_id = magic == texm::kMagic || magic == texm::kFontMagic ? magic  // a Texm, a Tfnt font
                    : is_pal_resource(*unpacked)                       ? texm::kPalTypeId
                                                                       : 0;
    input.bytes = *unpacked;
    checked[i] = detail::check_resource(input);
    checked[i].type = library_entry_type(name, *unpacked);
  });
  for (CheckedResource& r : checked) facts.resources.push_back(std::move(r));
}

void check_loose_file(const GameFile& file, GameFacts& facts) {
  auto mapped = MappedFile::open(file.full);
  if (!mapped) {
    CheckedResource failed;
    failed.file = file.path;
    failed.type = detail::type_key(*file.kind);  // a loose file is a Texm, a WEAR or a model
    failed.findings.push_back(to_diagnostic(mapped.error(), codes::kGameFileUnreadable));
    locate_all(failed.findings, file.path);
    facts.resources.push_back(std::move(failed));
    return;
  }
  ResourceInput input;
  input.file = file.path;
  input.loose_kind = file.kind;
  input.bytes = mapped->bytes();
  facts.resources.push_back(detail::check_resource(input));
}

void count_resource(ValidationReport& report, const CheckedResource& r) {
  TypeCounts& counts = report.by_type[r.type];
  ++counts.count;
  const SeverityCounts s = count_severities(r.findings);
  if (s.errors) ++counts.errors;
  else if (s.warnings) ++counts.warnings;
  else ++counts.ok;
}

}  // namespace

Result<ValidationReport> validate_game(const std::filesystem::path& game_dir, const ValidateOptions& options) {
  std::vector<Diagnostic> scan_findings;
  PARKAN_ASSIGN(const std::vector<GameFile> files, detail::scan_game_files(game_dir, scan_findings));
  std::map<std::string, detail::ArchiveNames> base_archives;  // before the long part: fail fast
  std::set<std::string> base_files;
  if (!options.base.empty()) PARKAN_TRY(detail::read_base_archives(options.base, base_archives, base_files));
  ValidationReport report;
  report.game = path_to_utf8(game_dir);

  std::size_t total = 0;
  for (const GameFile& f : files)
    total += f.kind->is_container ? f.entries_hint : 1;
  ValidationProgress progress(options, total);
  const unsigned threads = thread_count(options);

  GameFacts facts;
  facts.base_archives = std::move(base_archives);
  facts.base_files = std::move(base_files);
  for (const GameFile& file : files) {
    facts.files.insert(detail::fold_name(file.path));
    report.files.push_back({file.path, file.kind});
    if (file.kind->is_container) {
      ++report.archives;
      if (file.kind->key == "nres") check_archive(file, facts, threads, progress);
      else check_library(file, facts, threads, progress);
    } else if (file.kind != &resource::other_kind()) {  // a model, a Texm or a WEAR (classify_scanned)
      check_loose_file(file, facts);
      progress.advance();
    } else {
      ++report.skipped_files;
      progress.advance();
    }
  }
  detail::check_references(facts);
  detail::check_font_palettes(facts);

  report.findings = std::move(scan_findings);
  for (CheckedResource& r : facts.resources) {
    count_resource(report, r);
    if (r.type != kContainerType) ++report.resources;
    report.findings.insert(report.findings.end(), std::make_move_iterator(r.findings.begin()),
                           std::make_move_iterator(r.findings.end()));
  }
  report.totals = count_severities(report.findings);
  return report;
}

}  // namespace parkan::validate
