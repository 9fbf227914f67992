// Walking a game folder for `parkan evidence` (docs/evidence.md 1): every regular file under it, by its
// magic (NRes archive or model, RsLi library, bare Texm), every entry of every container. Files are
// mapped and their directories read first, in name order; the entries are then counted on several
// threads, each into its own tally, and the tallies are merged in scan order.
#include <algorithm>
#include <atomic>
#include <memory>
#include <system_error>
#include <thread>

#include "evidence/raw_nres.hpp"
#include "parkan/core/file.hpp"
#include "parkan/core/utf8_path.hpp"
#include "parkan/evidence/evidence.hpp"
#include "parkan/resource/kind.hpp"
#include "parkan/rsli/archive.hpp"
#include "parkan/texm/model.hpp"

namespace parkan::evidence {

namespace {

using resource::kTypeMat0;
using resource::kTypeTexm;
using resource::kTypeWear;

bool is_rsli(ByteView bytes) {
  const resource::Kind* kind = resource::kind_of_bytes(bytes);
  return kind && kind->key == "rsli";
}
bool is_texm(ByteView bytes) { return bytes.size() >= 4 && load_u32(bytes.data()) == texm::kMagic; }

struct FoundFile {
  std::filesystem::path full;
  std::string name;                    // the file's own name (UTF-8), for its texture name and WEAR
  std::vector<std::string> neighbours;  // the other files of its folder
};

// The files of `folder` (its `entries`) and, depth-first, of its subfolders; a subfolder that cannot be
// listed counts as unreadable.
void list_files(const std::filesystem::path& folder, const std::vector<FolderEntry>& entries,
                std::vector<FoundFile>& files, std::uint64_t& unreadable, unsigned depth) {
  std::vector<std::string> names;
  for (const FolderEntry& e : entries)
    if (e.kind == FolderEntry::Kind::file) names.push_back(e.name);
  for (const FolderEntry& e : entries) {
    if (e.kind == FolderEntry::Kind::file) {
      files.push_back({folder / path_from_utf8(e.name), e.name, names});
    } else if (e.kind == FolderEntry::Kind::folder && depth < 16) {
      const std::filesystem::path sub = folder / path_from_utf8(e.name);
      if (auto inner = list_folder(sub))
        list_files(sub, *inner, files, unreadable, depth + 1);
      else
        ++unreadable;
    }
  }
}

// An opened file that the tasks read from.
struct Source {
  MappedFile file;
  std::vector<detail::RawRow> rows;  // NRes
  std::optional<rsli::Archive> library;
};

struct Task {
  enum class Kind { texture, material, model, nested, library_entry } kind = Kind::texture;
  std::shared_ptr<const Source> source;
  ByteView bytes;  // NRes entry payload or bare file
  std::string name;
  std::uint32_t attr2 = 0;
  std::optional<WearFacts> wear;
  std::size_t index = 0;  // library entry
  bool texture_library = false;  // an entry of Textures.lib
};

std::optional<WearFacts> wear_in_rows(const std::vector<detail::RawRow>& rows, std::string_view model_name) {
  const std::string wear_name = detail::wear_name_for(model_name);
  for (const detail::RawRow& row : rows)
    if (row.payload_in_file && detail::same_name_folded(row.name, wear_name)) return read_wear_facts(row.payload);
  return std::nullopt;
}

std::optional<WearFacts> wear_beside(const FoundFile& file) {
  const std::string wear_name = detail::wear_name_for(file.name);
  for (const std::string& other : file.neighbours)
    if (detail::same_name_folded(other, wear_name)) {
      auto mapped = MappedFile::open(file.full.parent_path() / path_from_utf8(other));
      if (!mapped) return std::nullopt;
      return read_wear_facts(mapped->bytes());
    }
  return std::nullopt;
}

// Reads a file's directory and turns its entries into tasks; container-level questions are counted here.
void plan_file(const FoundFile& found, std::vector<Task>& tasks, Tally& tally) {
  auto mapped = MappedFile::open(found.full);
  if (!mapped) {
    ++tally.unreadable;
    return;
  }
  auto source = std::make_shared<Source>();
  source->file = std::move(*mapped);
  const ByteView bytes = source->file.bytes();
  if (is_texm(bytes)) {
    tasks.push_back({Task::Kind::texture, source, bytes, found.name, 0, std::nullopt, 0});
    return;
  }
  if (is_rsli(bytes)) {
    auto library = rsli::read(bytes, rsli::Profile::compatible);
    if (!library) {
      ++tally.unreadable;
      return;
    }
    ++tally.archives;
    std::uint64_t total = 0;
    for (const rsli::Entry& e : library->entries) total += e.unpacked_size();
    count_rsli_header(bytes.first(std::min<std::size_t>(bytes.size(), 32)), library->header.entry_count(), total, tally);
    source->library = std::move(*library);
    for (std::size_t i = 0; i < source->library->entries.size(); ++i)
      tasks.push_back({Task::Kind::library_entry, source, {}, std::string(source->library->entries[i].name()), 0,
                       std::nullopt, i});
    return;
  }
  if (!detail::starts_with_nres(bytes)) return;  // not a resource (WEAR texts are read beside their models)
  auto rows = detail::read_raw_nres(bytes);
  if (!rows) {
    ++tally.unreadable;
    return;
  }
  if (detail::is_model_container(*rows)) {
    tasks.push_back({Task::Kind::model, source, bytes, found.name, 0, wear_beside(found), 0});
    return;
  }
  ++tally.archives;
  count_nres_sort_table(bytes, tally);
  source->rows = std::move(*rows);
  const bool texture_library = detail::same_name_folded(found.name, "textures.lib");
  for (const detail::RawRow& row : source->rows) {
    if (!row.payload_in_file) {
      ++tally.unreadable;
      continue;
    }
    Task task{Task::Kind::texture, source, row.payload, std::string(row.name), row.attr2, std::nullopt, 0};
    if (row.type_id == kTypeTexm || is_texm(row.payload)) {
      task.kind = Task::Kind::texture;
      task.texture_library = texture_library;
    } else if (row.type_id == kTypeMat0) {
      task.kind = Task::Kind::material;
    } else if (row.type_id == kTypeWear) {
      continue;
    } else if (detail::starts_with_nres(row.payload)) {
      task.kind = Task::Kind::nested;  // a model (MESH, or any type holding one) or an inner archive
      task.wear = wear_in_rows(source->rows, row.name);
    } else {
      continue;
    }
    tasks.push_back(std::move(task));
  }
}

void count_payload_by_magic(ByteView bytes, std::string_view name, const std::optional<WearFacts>& wear, Tally& tally) {
  if (is_texm(bytes)) {
    count_texture(bytes, name, tally);
  } else if (detail::starts_with_nres(bytes)) {
    const auto rows = detail::read_raw_nres(bytes);
    if (!rows)
      ++tally.unreadable;
    else if (detail::is_model_container(*rows))
      count_model(bytes, wear, tally);
    else if (count_nres_sort_table(bytes, tally))
      ++tally.archives;
  }
}

void run_task(const Task& task, Tally& tally) {
  switch (task.kind) {
    case Task::Kind::texture:
      count_texture(task.bytes, task.name, tally);
      if (task.texture_library && !tally.textures.empty()) tally.textures.back().in_texture_library = true;
      break;
    case Task::Kind::material: count_material(task.bytes, task.attr2, tally); break;
    case Task::Kind::model: count_model(task.bytes, task.wear, tally); break;
    case Task::Kind::nested: count_payload_by_magic(task.bytes, task.name, task.wear, tally); break;
    case Task::Kind::library_entry: {
      const rsli::Archive& library = *task.source->library;
      auto unpacked = rsli::unpack(library, task.index);
      if (!unpacked) {
        ++tally.unreadable;
        break;
      }
      std::optional<WearFacts> wear;
      if (detail::starts_with_nres(*unpacked))
        if (const auto at = rsli::find(library, detail::wear_name_for(task.name)))
          if (auto text = rsli::unpack(library, *at)) wear = read_wear_facts(*text);
      count_payload_by_magic(*unpacked, task.name, wear, tally);
      break;
    }
  }
}

}  // namespace

Result<Report> gather_evidence(const std::filesystem::path& game, const EvidenceOptions& options) {
  auto top = list_folder(game);
  if (!top) return std::move(top).error();
  std::vector<FoundFile> files;
  Tally tally;
  list_files(game, *top, files, tally.unreadable, 0);

  std::vector<Task> tasks;
  for (const FoundFile& f : files) plan_file(f, tasks, tally);

  unsigned threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(1, tasks.size())));
  // One tally per task keeps the merge (and the first texture of a name) in scan order whatever the
  // threads do; a task's tally is small.
  std::vector<Tally> results(tasks.size());
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i = next++; i < tasks.size(); i = next++) run_task(tasks[i], results[i]);
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) {
    try {
      pool.emplace_back(work);
    } catch (const std::system_error&) {
      break;  // no more threads: the ones running (and this one) share the rest
    }
  }
  work();
  for (std::thread& t : pool) t.join();
  for (const Tally& r : results) tally.merge(r);
  return make_report(std::move(tally), files.size());
}

}  // namespace parkan::evidence
