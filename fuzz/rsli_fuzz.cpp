// The RsLi reader under both profiles, every decoder and every encoder. Whatever reads must: agree
// with verify(), unpack to exactly unpacked_size or fail, find every findable name, write back
// byte-identically while unmodified, and give a canonical image that reads back with the same
// entries and the same unpacked payloads. Every codec must decode what it encodes.
#include <cstdio>
#include <cstdlib>

#include "parkan/rsli/archive.hpp"
#include "parkan/rsli/codec.hpp"

namespace {

using namespace parkan;

void require(bool condition, const char* what) {
  if (!condition) {
    std::fprintf(stderr, "rsli_fuzz: %s\n", what);
    std::abort();
  }
}

bool findable(std::string_view name) {
  for (char c : name)
    if (c >= 'a' && c <= 'z') return false;
  return true;
}

void check_library(ByteView bytes, rsli::Profile profile) {
  auto archive = rsli::read(bytes, profile);
  const std::vector<Diagnostic> found = rsli::verify(bytes, profile);
  require(found.size() <= 16 * 101, "verify's report is not bounded");
  if (!archive) {
    require(!found.empty(), "read failed but verify found nothing");
    const Error& e = archive.error();
    const Diagnostic& first = found.front();
    require(first.code == e.rule && first.message == e.message && first.location.entry == e.entry &&
                first.location.offset == e.offset,
            "verify's first finding differs from read's error");
    return;
  }
  const rsli::Archive& a = *archive;
  require(a.sorted.size() == a.entries.size(), "the sort table has another size than the table");
  std::vector<Result<ByteBuffer>> unpacked;
  for (std::size_t i = 0; i < a.entries.size(); ++i) {
    unpacked.push_back(rsli::unpack(a, i));
    if (unpacked.back().ok()) require(unpacked.back()->size() == a.entries[i].unpacked_size(), "unpack's size is wrong");
    const std::string_view name = a.entries[i].name();
    if (findable(name) && name.find('\0') == std::string_view::npos) {
      auto at = rsli::find(a, name);
      require(at && a.entries[*at].name() == name, "a stored upper-case name is not found");
    }
  }

  auto lossless = rsli::write(rsli::make_document(a));
  require(lossless.ok() && *lossless == ByteBuffer(bytes.begin(), bytes.end()),
          "the unmodified library is not written back byte-identically");

  auto canonical = rsli::write_canonical(rsli::make_document(a));
  if (!canonical) {
    require(a.overlay && canonical.error().rule == rsli::codes::kOverlayRange, "the canonical writer failed");
    return;
  }
  auto reread = rsli::read(*canonical, profile);
  require(reread.ok(), "the canonical library does not read back");
  // docs/formats/rsli.md 2, 10.2: the count twice and the total unpacked size (mod 2^32).
  std::uint32_t total_unpacked = 0;
  for (const rsli::Entry& e : a.entries) total_unpacked += e.unpacked_size();
  require(reread->header.entry_count_copy() == reread->header.entry_count() &&
              reread->header.total_unpacked_size() == total_unpacked,
          "the canonical header's count copy or total unpacked size is wrong");
  require(reread->entries.size() == a.entries.size() && !reread->table_rebuilt, "the canonical table differs");
  for (std::size_t i = 0; i < a.entries.size(); ++i) {
    require(reread->entries[i].name() == a.entries[i].name(), "a canonical name differs");
    auto again = rsli::unpack(*reread, i);
    require(again.ok() == unpacked[i].ok(), "a canonical payload unpacks differently");
    if (again.ok()) require(*again == *unpacked[i], "a canonical payload has other bytes");
  }
}

void check_codecs(ByteView bytes) {
  ByteBuffer lzss = rsli::lzss_encode(bytes);
  auto lzss_back = rsli::lzss_decode(lzss, bytes.size());
  require(lzss_back.ok() && std::equal(lzss_back->begin(), lzss_back->end(), bytes.begin(), bytes.end()),
          "LZSS encode-decode is not the identity");
  ByteBuffer lzhuf = rsli::lzhuf_encode(bytes);
  auto lzhuf_back = rsli::lzhuf_decode(lzhuf, bytes.size());
  require(lzhuf_back.ok() && std::equal(lzhuf_back->begin(), lzhuf_back->end(), bytes.begin(), bytes.end()),
          "LZHUF encode-decode is not the identity");
  const int level = bytes.empty() ? 6 : bytes[0] % 13;
  auto deflate = rsli::deflate_encode(bytes, level);
  require(deflate.ok(), "deflate_encode failed");
  auto deflate_back = rsli::deflate_decode(*deflate, bytes.size());
  require(deflate_back.ok() && std::equal(deflate_back->begin(), deflate_back->end(), bytes.begin(), bytes.end()),
          "Deflate encode-decode is not the identity");
  // The input as a stream of each method: any result, no crash, never the wrong size.
  const std::size_t claimed = bytes.empty() ? 0 : std::size_t(bytes[0]) * 97;
  for (auto decoded : {rsli::lzss_decode(bytes, claimed), rsli::lzhuf_decode(bytes, claimed),
                       rsli::deflate_decode(bytes, claimed)})
    if (decoded.ok()) require(decoded->size() == claimed, "a decoder gave another size");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ByteView bytes(data, size);
  check_library(bytes, rsli::Profile::strict);
  check_library(bytes, rsli::Profile::compatible);
  check_codecs(bytes);
  return 0;
}
