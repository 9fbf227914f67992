#pragma once
// One interface for every container (NRes now, RsLi later): an opened archive that owns its bytes
// and its parsed directory, read in the compatible profile (the engine's tolerance).
#include <cstdint>
#include <filesystem>
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

 private:
  nres::Archive directory_;
};

// An RsLi library (read compatibly, as the engine does). Rows have no type id: an entry's is its
// content's magic (a Texm, an NRes model; 0 otherwise), found when the library is opened by unpacking
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

 private:
  rsli::Archive directory_;
  std::vector<std::uint32_t> types_;  // per entry, from the content's magic
};

// True when `bytes` start with the magic of a container this layer opens.
bool looks_like_archive(ByteView bytes);

// Maps the file and reads its directory (compatible profile). Errors name the file.
Result<std::shared_ptr<const Archive>> open_archive(const std::filesystem::path& path);

// A whole file as one payload (no entry).
Result<Payload> open_file_payload(const std::filesystem::path& path);

// A reference (reference.hpp): a bare file as one payload, or an archive entry by name or index.
Result<Payload> open_payload(std::string_view reference);

}  // namespace parkan::resource
