// The NRes reader under both profiles. Whatever parses must: agree with verify(), find every name,
// round-trip byte-identically through the lossless writer and the folder form, give a canonical
// image that parses strictly, and stay readable after an edit.
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

void check(ByteView bytes, nres::Profile profile) {
  auto archive = nres::read(bytes, profile);
  std::vector<Error> errors = nres::verify(bytes, profile);
  if (!archive) {
    require(!errors.empty(), "read failed but verify found nothing");
    require(errors.front().to_string() == archive.error().to_string(), "verify's first error differs from read's");
    return;
  }
  require(errors.empty(), "read succeeded but verify found violations");
  (void)nres::warnings(*archive);
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
  check(bytes, nres::Profile::strict);
  check(bytes, nres::Profile::compatible);
  return 0;
}
