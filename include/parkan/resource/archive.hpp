#pragma once
// One interface for every container (NRes, RsLi): an opened archive that owns its bytes and its
// parsed directory, and the container's operations of `parkan archive` (docs/cli.md 3) behind it:
// the listing, the folder form, the canonical rebuild and the edits. The commands never branch on
// the container.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parkan/core/file.hpp"
#include "parkan/nres/archive.hpp"
#include "parkan/rsli/archive.hpp"
#include "parkan/resource/payload.hpp"

namespace parkan::resource {

enum class ArchiveFormat { nres, rsli };

// Which reader's tolerance: strict (every rule) or compatible (what the engine reads).
enum class Profile { strict, compatible };

// Where an operation puts a file's bytes, in file order (an AtomicFile, a buffer). An error from
// it ends the operation with that error. Writers stream: nothing the size of an archive is built.
using ByteSink = std::function<Status(ByteView)>;
// One file of the folder form: its name in the folder and its bytes.
using FolderFileSink = std::function<Status(const std::string& name, ByteView bytes)>;
// A new archive ready to be written: call it with the sink of the new file.
using ArchiveWriter = std::function<Status(const ByteSink& out)>;

enum class ListFormat { table, json };

// A new entry or payload of an edit. Fields a container has no use for are refused (an NRes archive
// has no storage methods) or ignored (an RsLi entry has no type or attributes).
struct PayloadEdit {
  std::string payload_path;                  // the file holding the payload (read by the edit)
  // The payload itself, made in code (font import, docs/cli.md 5.15): when set, payload_path is not
  // read and only names the payload in messages.
  std::optional<ByteBuffer> payload_bytes;
  std::optional<std::string> type;           // NRes: four characters or a decimal number
  std::optional<std::uint32_t> attr1, attr2, attr3;  // NRes
  bool allow_duplicate = false;              // NRes add: an entry of that name may exist
  bool force = false;                        // NRes: skip the payload's kind checks
  std::optional<std::string> method;         // RsLi: default the replaced entry's, else stored
  int level = 6;                             // RsLi: Deflate's compression level
};

// One directory row as every container has it.
struct EntryInfo {
  std::string name;  // as stored (cp1251 bytes)
  std::uint32_t type_id = 0;
  std::uint32_t attr1 = 0, attr2 = 0, attr3 = 0;
  std::uint64_t size = 0;    // payload size (unpacked)
  std::uint64_t offset = 0;  // where the payload starts in the file
};

class Archive : public std::enable_shared_from_this<Archive> {
 public:
  virtual ~Archive() = default;

  virtual ArchiveFormat format() const = 0;
  virtual std::size_t entry_count() const = 0;
  // Unchecked: index < entry_count().
  virtual EntryInfo entry(std::size_t index) const = 0;
  // The engine's lookup of a name given as stored bytes (cp1251); the directory index.
  virtual std::optional<std::size_t> find(std::string_view name) const = 0;
  // The payload of entry `index`, kept alive by this archive. Errors for an index out of range.
  virtual Result<Payload> payload(std::size_t index) const = 0;

  // A name given by a user (UTF-8 or cp1251, name_to_cp1251) or "#N": the payload, or an error
  // naming the file and what was looked for.
  Result<Payload> get(std::string_view name_or_index) const;

  const std::string& path() const { return path_; }  // as opened, for messages
  ByteView bytes() const { return file_.bytes(); }   // the whole file

  // ENTRY of a command: "#N" (directory index) or a name found the way the engine finds it, given
  // as UTF-8 or raw cp1251 bytes (name_to_cp1251). Errors name this file.
  Result<std::size_t> index_of(std::string_view text) const;

  // `archive list` (docs/cli.md 3): the table or the JSON document with the container's columns.
  virtual Status write_listing(ListFormat format, const ByteSink& out) const = 0;
  // `archive extract`: how many files write_folder gives (for a progress bar), then the files and
  // the manifest (docs/cli.md 3.1, 3.7).
  virtual std::size_t folder_file_count() const = 0;
  virtual Status write_folder(const FolderFileSink& file, const ByteSink& manifest) const = 0;
  // `archive repack`: the canonical rebuild. Errors from the writer are invalid input (too large).
  virtual Status repack(const ByteSink& out) const = 0;

  // The edits (docs/cli.md 3.3, 3.7): the edited archive, every byte not edited kept, as a writer
  // to call with the sink of the new file (its errors are the writer's: invalid input when the
  // result does not fit the format, or the sink's). An edit takes the directory over
  // (std::move(*archive).remove(...)): the archive is left without entries but must outlive the
  // writer, whose payloads are views into its bytes. A name is UTF-8.
  virtual Result<ArchiveWriter> add(std::string_view name, const PayloadEdit& edit) && = 0;
  virtual Result<ArchiveWriter> replace(std::size_t index, const PayloadEdit& edit) && = 0;
  virtual Result<ArchiveWriter> remove(std::size_t index) && = 0;
  virtual Result<ArchiveWriter> rename(std::size_t index, std::string_view new_name) && = 0;

 protected:
  Archive(std::string path, MappedFile file) : path_(std::move(path)), file_(std::move(file)) {}

 private:
  std::string path_;
  MappedFile file_;
};

class NresArchive final : public Archive {
 public:
  // Opens through open_archive(); the directory keeps views into this object's mapping.
  NresArchive(std::string path, MappedFile file, nres::Archive directory);

  ArchiveFormat format() const override { return ArchiveFormat::nres; }
  std::size_t entry_count() const override { return directory_.entries.size(); }
  EntryInfo entry(std::size_t index) const override;
  std::optional<std::size_t> find(std::string_view name) const override;
  Result<Payload> payload(std::size_t index) const override;

  const nres::Archive& directory() const { return directory_; }

  Status write_listing(ListFormat format, const ByteSink& out) const override;
  std::size_t folder_file_count() const override;
  Status write_folder(const FolderFileSink& file, const ByteSink& manifest) const override;
  Status repack(const ByteSink& out) const override;
  Result<ArchiveWriter> add(std::string_view name, const PayloadEdit& edit) && override;
  Result<ArchiveWriter> replace(std::size_t index, const PayloadEdit& edit) && override;
  Result<ArchiveWriter> remove(std::size_t index) && override;
  Result<ArchiveWriter> rename(std::size_t index, std::string_view new_name) && override;

 private:
  nres::Archive directory_;
};

// An RsLi library (read compatibly, as the engine does). Rows have no type id: an entry's is its
// content's magic (a Texm, a Tfnt font, an NRes model; 0 otherwise), found when the library is opened by unpacking
// each entry of at most kRsliTypeProbeLimit bytes. `size` is the unpacked size and `offset` the
// effective one. A payload is the unpacked bytes, decoded on each call and owned by the Payload.
inline constexpr std::size_t kRsliTypeProbeLimit = 1 << 20;
class RsliArchive final : public Archive {
 public:
  RsliArchive(std::string path, MappedFile file, rsli::Archive directory);
  ArchiveFormat format() const override { return ArchiveFormat::rsli; }
  std::size_t entry_count() const override { return directory_.entries.size(); }
  EntryInfo entry(std::size_t index) const override;
  std::optional<std::size_t> find(std::string_view name) const override;
  Result<Payload> payload(std::size_t index) const override;
  const rsli::Archive& directory() const { return directory_; }

  Status write_listing(ListFormat format, const ByteSink& out) const override;
  std::size_t folder_file_count() const override;
  Status write_folder(const FolderFileSink& file, const ByteSink& manifest) const override;
  Status repack(const ByteSink& out) const override;
  Result<ArchiveWriter> add(std::string_view name, const PayloadEdit& edit) && override;
  Result<ArchiveWriter> replace(std::size_t index, const PayloadEdit& edit) && override;
  Result<ArchiveWriter> remove(std::size_t index) && override;
  Result<ArchiveWriter> rename(std::size_t index, std::string_view new_name) && override;

 private:
  rsli::Archive directory_;
  std::vector<std::uint32_t> types_;  // per entry, from the content's magic
};

// True when `bytes` start with the magic of a container this layer opens.
bool looks_like_archive(ByteView bytes);

// Maps the file and reads its directory (compatible profile). Errors name the file.
Result<std::shared_ptr<const Archive>> open_archive(const std::filesystem::path& path);
// The same in the profile given, for an edit (which then takes the directory over). The container
// is the one whose magic the file starts with; anything else is read as NRes, whose reader names
// what is wrong.
Result<std::shared_ptr<Archive>> open_archive(const std::filesystem::path& path, Profile profile);

// `archive verify` of one file's bytes (docs/formats/nres.md 6, docs/formats/rsli.md 9): every
// finding, and in `entries` the entry count when the directory could be read (else 0).
std::vector<Diagnostic> verify_archive(ByteView bytes, Profile profile, std::size_t& entries);

// `archive pack` (docs/cli.md 3.1, 3.7): the archive that the folder written by write_folder
// describes, to `out`; the container is the one the folder holds (RsLi keeps ~library.rlb).
struct FolderPack {
  bool rebuild_sort_table = false;                    // NRes: even when no name changed
  std::function<void(std::size_t files)> on_count;    // how many files will be read, once known
  std::function<void(const std::string& name)> on_read;  // each folder file as it is read
  std::string out_name;                               // the archive written, for messages
};
// Errors of the manifest name it; on_read gets every folder file read (the manifest excluded).
Status pack_folder(const std::filesystem::path& dir, const FolderPack& options, const ByteSink& out);

// A whole file as one payload (no entry).
Result<Payload> open_file_payload(const std::filesystem::path& path);

// A reference (reference.hpp): a bare file as one payload, or an archive entry by name or index.
Result<Payload> open_payload(std::string_view reference);

}  // namespace parkan::resource
