#include "parkan/resource/resolve.hpp"

#include <fmt/format.h>

#include "parkan/core/file.hpp"
#include "parkan/core/text.hpp"
#include "parkan/core/utf8_path.hpp"
#include "parkan/resource/archive.hpp"
#include "parkan/resource/reference.hpp"

namespace parkan::resource {

namespace {

// File names on Windows compare without case (as its file systems do); elsewhere byte for byte.
#ifdef _WIN32
constexpr bool kFoldFileNames = true;
#else
constexpr bool kFoldFileNames = false;
#endif

bool is_path_separator(char c) {
#ifdef _WIN32
  return c == '/' || c == '\\';
#else
  return c == '/';
#endif
}

// The text of `name` inside the folder given as `folder` (as the user spelled it).
std::string text_in_folder(std::string_view folder, std::string_view name) {
  std::string out(folder);
  if (!out.empty() && !is_path_separator(out.back())) out += '/';  // Windows takes '/' too
  return out.append(name);
}

// The files `pattern` names: its file name part matched against the regular files of its folder.
Result<std::vector<std::string>> files_matching(std::string_view pattern) {
  std::size_t cut = pattern.size();
  while (cut > 0 && !is_path_separator(pattern[cut - 1])) --cut;
  const std::string_view folder = pattern.substr(0, cut);
  const std::string_view name_pattern = pattern.substr(cut);
  auto listed = list_folder(path_from_utf8(folder.empty() ? std::string_view(".") : folder));
  if (!listed) return io_error("no file matches this pattern", std::string(pattern));
  std::vector<std::string> files;
  for (const FolderEntry& entry : *listed)
    if (entry.kind == FolderEntry::Kind::file && glob_match(name_pattern, entry.name, kFoldFileNames))
      files.push_back(folder.empty() ? entry.name : std::string(folder) + entry.name);
  if (files.empty()) return io_error("no file matches this pattern", std::string(pattern));
  return files;
}

// Every regular file of `folder`, sorted by name (list_folder's order).
Result<std::vector<std::string>> files_in_folder(std::string_view folder) {
  PARKAN_ASSIGN(std::vector<FolderEntry> listed, list_folder(path_from_utf8(folder)));
  std::vector<std::string> files;
  for (const FolderEntry& entry : listed)
    if (entry.kind == FolderEntry::Kind::file) files.push_back(text_in_folder(folder, entry.name));
  if (files.empty()) return io_error("the folder holds no file", std::string(folder));
  return files;
}

bool is_wanted(const Payload& payload, const Kind* wanted) { return !wanted || &kind_of(payload) == wanted; }

// A whole file: itself, or the entries of the wanted kind when it is an archive (see resolve.hpp).
Result<ResolvedSource> resolve_whole_file(const std::string& text, const Kind* wanted) {
  PARKAN_ASSIGN(Payload file, open_file_payload(path_from_utf8(text)));
  const bool of_wanted_kind = wanted && &kind_of(file) == wanted;
  if (of_wanted_kind || !looks_like_archive(file.bytes())) return ResolvedSource{text, false, {std::move(file)}};
  const bool serves_as_wanted = wanted && expect_kind(file, *wanted);
  auto archive = open_archive(path_from_utf8(text));
  if (!archive) {
    // A broken container that could be the payload wanted is checked as one (its checker says why).
    if (serves_as_wanted && archive.error().code != ErrorCode::io) return ResolvedSource{text, false, {std::move(file)}};
    return std::move(archive).error();
  }
  ResolvedSource source{text, true, {}};
  for (std::size_t i = 0; i < (*archive)->entry_count(); ++i) {
    PARKAN_ASSIGN(Payload payload, (*archive)->payload(i));
    if (is_wanted(payload, wanted)) source.payloads.push_back(std::move(payload));
  }
  if (source.payloads.empty() && serves_as_wanted) return ResolvedSource{text, false, {std::move(file)}};
  return source;
}

// `entry` of the archive `path`: a name, "#N", or a pattern over the names.
Result<ResolvedSource> resolve_entry(const std::string& path, std::string_view entry, const Kind* wanted) {
  PARKAN_ASSIGN(std::shared_ptr<const Archive> archive, open_archive(path_from_utf8(path)));
  std::string text = path + "::" + std::string(entry);
  const Reference ref = parse_reference(text);
  if (ref.index || !has_wildcard(entry) || archive->find(name_to_cp1251(entry))) {
    PARKAN_ASSIGN(Payload payload, archive->get(entry));
    return ResolvedSource{std::move(text), false, {std::move(payload)}};
  }
  // Names compare as the engine compares them: ASCII letters without case, other bytes as they are.
  const std::string pattern = name_to_cp1251(entry);
  ResolvedSource source{std::move(text), true, {}};
  bool matched = false;
  for (std::size_t i = 0; i < archive->entry_count(); ++i) {
    if (!glob_match(pattern, archive->entry(i).name, true)) continue;
    matched = true;
    PARKAN_ASSIGN(Payload payload, archive->payload(i));
    if (is_wanted(payload, wanted)) source.payloads.push_back(std::move(payload));
  }
  if (!matched)
    return invalid_rule("resource.entry.name", fmt::format("no entry matches \"{}\"", entry)).in_file(path);
  return source;
}

}  // namespace

bool has_wildcard(std::string_view text) { return text.find_first_of("*?") != std::string_view::npos; }

bool glob_match(std::string_view pattern, std::string_view name, bool fold_ascii) {
  // Greedy with one backtrack point: the last `*` seen takes one more byte when a later part fails.
  std::size_t p = 0, n = 0;
  std::size_t star = std::string_view::npos, star_n = 0;
  auto same = [fold_ascii](char a, char b) {
    const auto ua = static_cast<unsigned char>(a), ub = static_cast<unsigned char>(b);
    return fold_ascii ? fold_lower(ua) == fold_lower(ub) : ua == ub;
  };
  while (n < name.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      star_n = n;
    } else if (p < pattern.size() && (pattern[p] == '?' || same(pattern[p], name[n]))) {
      ++p;
      ++n;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      n = ++star_n;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

Result<std::vector<ResolvedSource>> resolve_source(std::string_view src, const Kind* wanted) {
  const Reference ref = parse_reference(src);
  // The files the path part names: itself when it exists, else the files its pattern matches.
  std::vector<std::string> files;
  const PathKind what = path_kind(path_from_utf8(ref.path));
  if (what == PathKind::missing && has_wildcard(ref.path)) {
    PARKAN_ASSIGN(files, files_matching(ref.path));
  } else if (what == PathKind::folder && !ref.is_entry()) {
    PARKAN_ASSIGN(files, files_in_folder(ref.path));
  } else {
    files.push_back(ref.path);
  }
  const std::string_view entry = ref.is_entry() ? src.substr(ref.path.size() + 2) : std::string_view();
  std::vector<ResolvedSource> sources;
  for (const std::string& file : files) {
    if (ref.is_entry()) {
      PARKAN_ASSIGN(ResolvedSource source, resolve_entry(file, entry, wanted));
      sources.push_back(std::move(source));
    } else {
      PARKAN_ASSIGN(ResolvedSource source, resolve_whole_file(file, wanted));
      sources.push_back(std::move(source));
    }
  }
  // A source named as given keeps its spelling (a pattern over entries included).
  if (files.size() == 1 && files.front() == ref.path) sources.front().text = std::string(src);
  return sources;
}

Result<std::vector<ResolvedSource>> resolve_sources(std::span<const std::string> srcs, const Kind* wanted) {
  std::vector<ResolvedSource> all;
  for (const std::string& src : srcs) {
    PARKAN_ASSIGN(std::vector<ResolvedSource> sources, resolve_source(src, wanted));
    for (ResolvedSource& source : sources) all.push_back(std::move(source));
  }
  return all;
}

}  // namespace parkan::resource
