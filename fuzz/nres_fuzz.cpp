// The NRes reader under both profiles. Whatever parses must: agree with verify(), find every name,
// round-trip byte-identically through the lossless writer and the folder form, give a canonical
// image that parses strictly, and stay readable after an edit.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>

#include "parkan/nres/archive.hpp"
#include "parkan/nres/edit.hpp"
#include "parkan/nres/folder.hpp"
#include "parkan/nres/write.hpp"

namespace {

using namespace parkan;

void require(bool condition, const char* what) {
  if (!condition) {
    std::fprintf(stderr, "nres_fuzz: %s\n", what);
    std::abort();
  }
}

void check_one(ByteView bytes, nres::Profile profile) {
  auto archive = nres::read(bytes, profile);
  std::vector<Diagnostic> errors = nres::verify(bytes, profile);
  if (!archive) {
    require(!errors.empty(), "read failed but verify found nothing");
    const Error& e = archive.error();
    const Diagnostic& first = errors.front();
    require(first.code == e.rule && first.message == e.message && first.location.entry == e.entry &&
                first.location.offset == e.offset,
            "verify's first error differs from read's");
    require(errors.size() <= 16 * (nres::kMaxFindingsPerRule + 1), "verify's report is not bounded");
    require(nres::check(bytes, profile).size() == errors.size(), "check() is not verify when it fails");
    return;
  }
  require(errors.empty(), "read succeeded but verify found violations");
  const std::vector<Diagnostic> warned = nres::warnings(*archive);
  require(!has_errors(warned), "a warning has error severity");
  std::size_t count = 0;
  const std::vector<Diagnostic> checked = nres::check(bytes, profile, &count);
  require(checked.size() == warned.size() && count == archive->entries.size(), "check() is not verify + warnings");
  const nres::Archive& a = *archive;
  for (std::size_t i = 0; i < a.entries.size(); ++i) {
    auto found = nres::find(a, a.entries[i].name());
    require(found && nres::compare_names(a.entries[*found].name(), a.entries[i].name()) == 0, "a name is not found");
  }

  auto lossless = nres::write_lossless(nres::make_document(a));
  require(lossless.ok(), "lossless writer failed");
  require(*lossless == ByteBuffer(bytes.begin(), bytes.end()), "lossless round trip is not byte-identical");

  nres::Folder folder = nres::to_folder(a);
  std::map<std::string, ByteView> files;
  for (const nres::FolderFile& f : folder.files) require(files.emplace(f.name, f.bytes).second, "file names repeat");
  auto packed = nres::from_folder(nlohmann::json::parse(folder.manifest.dump()), [&](const std::string& name) -> Result<ByteBuffer> {
    return ByteBuffer(files.at(name).begin(), files.at(name).end());
  });
  require(packed.ok() && *packed == *lossless, "folder round trip is not byte-identical");

  // The streamed folder and pack (archive extract / pack) agree with the in-memory ones.
  std::string manifest;
  std::size_t file_count = 0;
  auto streamed = nres::write_folder(
      a,
      [&](const nres::FolderFile&) -> Status {
        ++file_count;
        return {};
      },
      [&](ByteView text) -> Status {
        manifest.append(reinterpret_cast<const char*>(text.data()), text.size());
        return {};
      });
  require(streamed.ok() && file_count == folder.files.size(), "streamed folder has other files");
  require(manifest == folder.manifest.dump(2) + "\n", "streamed manifest differs from the document's dump");
  std::size_t at = 0;
  ByteBuffer repacked;
  auto pack_status = nres::pack_folder(
      [&](std::uint8_t* buffer, std::size_t size) -> Result<std::size_t> {
        std::size_t n = std::min(size, manifest.size() - at);
        std::copy_n(manifest.data() + at, n, buffer);
        at += n;
        return n;
      },
      [&](const std::string& name) -> Result<ByteBuffer> {
        return ByteBuffer(files.at(name).begin(), files.at(name).end());
      },
      [&](ByteView out) -> Status {
        repacked.insert(repacked.end(), out.begin(), out.end());
        return {};
      });
  require(pack_status.ok() && repacked == *lossless, "streamed pack is not byte-identical");

  std::vector<ByteView> payloads;
  for (std::size_t i = 0; i < a.entries.size(); ++i) payloads.push_back(a.payload(i));
  ByteBuffer canonical = nres::write_canonical(a.entries, payloads);
  auto reread = nres::read(canonical, nres::Profile::strict);
  require(reread.ok(), "canonical output does not parse strictly");
  require(nres::warnings(*reread).empty(), "canonical output has warnings");

  if (!a.entries.empty()) {
    ByteView replacement = bytes.subspan(0, std::min<std::size_t>(bytes.size(), 13));
    auto replaced = nres::replace_payload(a, a.entries.size() / 2, replacement);
    require(replaced.ok() && nres::read(*replaced, profile).ok(), "replace gives an unreadable archive");
    auto removed = nres::remove_entry(a, 0);
    require(removed.ok() && nres::read(*removed, nres::Profile::compatible).ok(), "remove gives an unreadable archive");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ByteView bytes(data, size);
  check_one(bytes, nres::Profile::strict);
  check_one(bytes, nres::Profile::compatible);
  return 0;
}
