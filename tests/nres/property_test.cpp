// Round-trip properties (rapidcheck) over random archives with every byte class of docs/formats/nres.md 5:
// unindexed regions, gaps, unpadded payloads, empty payloads, junk after NULs, any file order.
#include <algorithm>
#include <deque>
#include <map>
#include <numeric>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "nres/order.hpp"
#include "parkan/nres/edit.hpp"
#include "parkan/nres/folder.hpp"
#include "parkan/nres/write.hpp"

namespace parkan::nres {
namespace {

// Names drawn from bytes where the folds disagree ('[' .. '`'), both cases, digits and cp1251.
rc::Gen<std::string> gen_name() {
  return rc::gen::nonEmpty(rc::gen::container<std::string>(
      rc::gen::oneOf(rc::gen::element('a', 'B', 'b', 'A', '_', '[', ']', '^', '`', '\\', '.', '0'),
                     rc::gen::inRange<char>(1, 127), rc::gen::map(rc::gen::inRange(128, 256), [](int c) {
                       return static_cast<char>(c);
                     }))));
}

struct RandomArchive {
  std::deque<ByteBuffer> storage;
  Document document;
  ByteBuffer bytes;
};

// A random valid archive written through the lossless writer (sort table rebuilt, so it is strict).
std::shared_ptr<RandomArchive> gen_archive() {
  auto out = std::make_shared<RandomArchive>();
  const auto count = *rc::gen::inRange<std::size_t>(0, 12);
  for (std::size_t i = 0; i < count; ++i) {
    std::string name = *gen_name();
    if (name.size() > 35) name.resize(35);
    Entry e = make_entry(EntrySpec{*rc::gen::arbitrary<std::uint32_t>(), *rc::gen::arbitrary<std::uint32_t>(),
                                   *rc::gen::arbitrary<std::uint32_t>(), *rc::gen::arbitrary<std::uint32_t>(), name,
                                   {}})
                  .value();
    if (name.size() < 34 && *rc::gen::arbitrary<bool>())  // junk after the NUL
      e.name_field[name.size() + 1 + *rc::gen::inRange<std::size_t>(0, 34 - name.size())] =
          *rc::gen::inRange<std::uint8_t>(1, 255);
    out->document.entries.push_back(e);
  }
  std::vector<std::size_t> order(count);
  std::iota(order.begin(), order.end(), 0);
  order = *rc::gen::map(rc::gen::just(order), [](std::vector<std::size_t> v) { return v; });
  for (std::size_t k = 0; k + 1 < order.size(); ++k)
    std::swap(order[k], order[k + *rc::gen::inRange<std::size_t>(0, order.size() - k)]);
  auto filler = [&] {
    if (*rc::gen::inRange(0, 4) != 0) return;
    ByteBuffer bytes = *rc::gen::container<ByteBuffer>(*rc::gen::inRange<std::size_t>(1, 20), rc::gen::arbitrary<std::uint8_t>());
    out->document.chunks.push_back(Chunk{Chunk::kFiller, out->storage.emplace_back(std::move(bytes))});
  };
  filler();
  for (std::size_t index : order) {
    ByteBuffer payload = *rc::gen::container<ByteBuffer>(*rc::gen::inRange<std::size_t>(0, 40), rc::gen::arbitrary<std::uint8_t>());
    out->document.chunks.push_back(Chunk{index, out->storage.emplace_back(std::move(payload)), *rc::gen::arbitrary<bool>()});
    filler();
  }
  out->document.rebuild_sort_table = true;
  out->bytes = write_lossless(out->document).value();
  return out;
}

// The non-zero bytes of the gaps, in file order. (Zero gap bytes next to an edited payload may be
// taken for its padding afterwards; the bytes stay, their class may change.)
ByteBuffer fillers_of(const Document& d) {
  ByteBuffer out;
  for (const Chunk& c : d.chunks)
    if (c.entry == Chunk::kFiller)
      for (std::uint8_t b : c.bytes)
        if (b != 0) out.push_back(b);
  return out;
}

bool same_row_fields(const Entry& a, const Entry& b) {
  return a.type_id == b.type_id && a.attr1 == b.attr1 && a.attr2 == b.attr2 && a.attr3 == b.attr3 &&
         a.name_field == b.name_field;
}

RC_GTEST_PROP(NresProperty, LosslessRoundTripIsByteIdentical, ()) {
  auto a = gen_archive();
  auto archive = read(a->bytes, Profile::strict);
  RC_ASSERT(archive.ok());
  auto written = write_lossless(make_document(*archive));
  RC_ASSERT(written.ok());
  RC_ASSERT(*written == a->bytes);
  for (std::size_t i = 0; i < archive->entries.size(); ++i) {
    auto found = find(*archive, archive->entries[i].name());
    RC_ASSERT(found.has_value());
    RC_ASSERT(compare_names(archive->entries[*found].name(), archive->entries[i].name()) == 0);
  }
}

// The prefix keys only skip directory reads: every query gives what the plain engine search gives.
RC_GTEST_PROP(NresProperty, KeyedLookupEqualsThePlainEngineSearch, ()) {
  auto a = gen_archive();
  Archive keyed = read(a->bytes).value();
  Archive plain = keyed;
  plain.name_keys.clear();
  std::vector<std::string> queries = *rc::gen::container<std::vector<std::string>>(5, gen_name());
  for (const Entry& e : keyed.entries) queries.emplace_back(e.name());
  for (const std::string& q : queries) RC_ASSERT(find(keyed, q) == find(plain, q));
}

RC_GTEST_PROP(NresProperty, FolderRoundTripIsByteIdentical, ()) {
  auto a = gen_archive();
  Archive archive = read(a->bytes).value();
  Folder folder = to_folder(archive);
  std::map<std::string, ByteView> files;
  for (const FolderFile& f : folder.files) RC_ASSERT(files.emplace(f.name, f.bytes).second);  // unique names
  auto packed = from_folder(nlohmann::json::parse(folder.manifest.dump()), [&](const std::string& name) -> Result<ByteBuffer> {
    return ByteBuffer(files.at(name).begin(), files.at(name).end());
  });
  RC_ASSERT(packed.ok());
  RC_ASSERT(*packed == a->bytes);
}

// The streamed folder (what `archive extract` writes) is to_folder byte for byte, and the streamed
// pack reads it back to the original bytes, whatever pieces the manifest text arrives in.
RC_GTEST_PROP(NresProperty, StreamedFolderEqualsToFolder, ()) {
  auto a = gen_archive();
  Archive archive = read(a->bytes).value();
  Folder folder = to_folder(archive);
  std::vector<FolderFile> files;
  std::string manifest;
  Status written = write_folder(
      archive,
      [&](const FolderFile& f) -> Status {
        files.push_back(f);
        return {};
      },
      [&](ByteView bytes) -> Status {
        manifest.append(as_chars(bytes));
        return {};
      });
  RC_ASSERT(written.ok());
  RC_ASSERT(files.size() == folder.files.size());
  RC_ASSERT(folder_file_count(archive) == files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    RC_ASSERT(files[i].name == folder.files[i].name);
    RC_ASSERT(std::ranges::equal(files[i].bytes, folder.files[i].bytes));
  }
  RC_ASSERT(manifest == folder.manifest.dump(2) + "\n");

  std::map<std::string, ByteView> by_name;
  for (const FolderFile& f : files) by_name.emplace(f.name, f.bytes);
  const auto piece = *rc::gen::inRange<std::size_t>(1, 64);
  std::size_t at = 0;
  TextSource source = [&](std::uint8_t* buffer, std::size_t size) -> Result<std::size_t> {
    const std::size_t n = std::min({size, piece, manifest.size() - at});
    std::copy_n(manifest.data() + at, n, buffer);
    at += n;
    return n;
  };
  ByteBuffer packed;
  std::size_t announced = 0;
  PackOptions options;
  options.on_file_count = [&](std::size_t count) { announced = count; };
  Status status = pack_folder(
      source, [&](const std::string& name) -> Result<ByteBuffer> {
        return ByteBuffer(by_name.at(name).begin(), by_name.at(name).end());
      },
      [&](ByteView bytes) -> Status {
        packed.insert(packed.end(), bytes.begin(), bytes.end());
        return {};
      },
      options);
  RC_ASSERT(status.ok());
  RC_ASSERT(packed == a->bytes);
  RC_ASSERT(announced == files.size());
}

// The streamed writers give the buffered writers' bytes.
RC_GTEST_PROP(NresProperty, StreamedWritersEqualBufferedOnes, ()) {
  auto a = gen_archive();
  Archive archive = read(a->bytes).value();
  std::vector<ByteView> payloads;
  for (std::size_t i = 0; i < archive.entries.size(); ++i) payloads.push_back(archive.payload(i));
  ByteBuffer streamed;
  ByteSink collect = [&](ByteView bytes) -> Status {
    streamed.insert(streamed.end(), bytes.begin(), bytes.end());
    return {};
  };
  RC_ASSERT(write_canonical(archive, collect).ok());
  RC_ASSERT(streamed == write_canonical(archive.entries, payloads));
  streamed.clear();
  Document document = make_document(archive);
  if (!archive.entries.empty()) RC_ASSERT(rename_entry(document, 0, "renamed").ok());
  RC_ASSERT(write_lossless(document, collect).ok());
  RC_ASSERT(streamed == write_lossless(document).value());
  // Taking over the directory gives the same document.
  Document moved = make_document(read(a->bytes).value());
  RC_ASSERT(write_lossless(moved).value() == a->bytes);
}

RC_GTEST_PROP(NresProperty, ReplaceKeepsEverythingElse, ()) {
  auto a = gen_archive();
  Archive archive = read(a->bytes).value();
  RC_PRE(!archive.entries.empty());
  const auto index = *rc::gen::inRange<std::size_t>(0, archive.entries.size());
  ByteBuffer payload = *rc::gen::container<ByteBuffer>(*rc::gen::inRange<std::size_t>(0, 50), rc::gen::arbitrary<std::uint8_t>());
  auto edited = replace_payload(archive, index, payload);
  RC_ASSERT(edited.ok());
  auto after = read(*edited, Profile::strict);
  RC_ASSERT(after.ok());
  RC_ASSERT(after->entries.size() == archive.entries.size());
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    RC_ASSERT(same_row_fields(after->entries[i], archive.entries[i]));
    RC_ASSERT(after->entries[i].sort_index == archive.entries[i].sort_index);
    ByteView expected = i == index ? ByteView(payload) : archive.payload(i);
    RC_ASSERT(std::equal(expected.begin(), expected.end(), after->payload(i).begin(), after->payload(i).end()));
  }
  RC_ASSERT(fillers_of(make_document(*after)) == fillers_of(make_document(archive)));
}

RC_GTEST_PROP(NresProperty, RemoveAndAddKeepEverythingElse, ()) {
  auto a = gen_archive();
  Archive archive = read(a->bytes).value();
  RC_PRE(!archive.entries.empty());
  const auto index = *rc::gen::inRange<std::size_t>(0, archive.entries.size());
  auto removed = remove_entry(archive, index);
  RC_ASSERT(removed.ok());
  auto after = read(*removed, Profile::strict);
  RC_ASSERT(after.ok());
  RC_ASSERT(after->entries.size() + 1 == archive.entries.size());
  for (std::size_t i = 0; i < after->entries.size(); ++i) {
    std::size_t old = i < index ? i : i + 1;
    RC_ASSERT(same_row_fields(after->entries[i], archive.entries[old]));
    RC_ASSERT(std::ranges::equal(after->payload(i), archive.payload(old)));
  }
  RC_ASSERT(fillers_of(make_document(*after)) == fillers_of(make_document(archive)));

  ByteBuffer payload = *rc::gen::container<ByteBuffer>(*rc::gen::inRange<std::size_t>(0, 50), rc::gen::arbitrary<std::uint8_t>());
  std::string name = *gen_name();
  if (name.size() > 35) name.resize(35);
  auto added = add_entry(archive, EntrySpec{1, 2, 3, 4, name, payload});
  RC_ASSERT(added.ok());
  auto grown = read(*added, Profile::strict);
  RC_ASSERT(grown.ok());
  RC_ASSERT(grown->entries.back().name() == name);
  RC_ASSERT(grown->entries.back().data_offset % 8 == 0);
  RC_ASSERT(std::ranges::equal(grown->payload(archive.entries.size()), payload));
  for (std::size_t i = 0; i < archive.entries.size(); ++i) RC_ASSERT(std::ranges::equal(grown->payload(i), archive.payload(i)));
}

RC_GTEST_PROP(NresProperty, CanonicalOutputIsStrictAndClean, ()) {
  auto a = gen_archive();
  Archive archive = read(a->bytes).value();
  std::vector<ByteView> payloads;
  for (std::size_t i = 0; i < archive.entries.size(); ++i) payloads.push_back(archive.payload(i));
  ByteBuffer canonical = write_canonical(archive.entries, payloads);
  auto again = read(canonical, Profile::strict);
  RC_ASSERT(again.ok());
  RC_ASSERT(warnings(*again).empty());
  RC_ASSERT(again->entries.size() == archive.entries.size());
  std::size_t expected_offset = kHeaderSize;
  for (std::size_t i = 0; i < archive.entries.size(); ++i) {
    RC_ASSERT(again->entries[i].data_offset == expected_offset);
    expected_offset += (archive.entries[i].size + 7) / 8 * 8;
    RC_ASSERT(std::ranges::equal(again->payload(i), archive.payload(i)));
    RC_ASSERT(same_row_fields(again->entries[i], archive.entries[i]));
  }
  // A canonical archive is its own lossless image and its own canonical image.
  RC_ASSERT(write_lossless(make_document(*again)).value() == canonical);
  RC_ASSERT(write_canonical(again->entries, payloads) == canonical);
}

// MSVC _strcmpi written differently: fold each byte, compare as unsigned, then by length.
int reference_strcmpi(std::string_view a, std::string_view b) {
  auto fold = [](char c) {
    auto u = static_cast<unsigned char>(c);
    return static_cast<unsigned char>(u >= 'A' && u <= 'Z' ? u | 0x20 : u);
  };
  std::string x, y;
  for (char c : a) x += static_cast<char>(fold(c));
  for (char c : b) y += static_cast<char>(fold(c));
  auto ux = std::basic_string<unsigned char>(x.begin(), x.end());
  auto uy = std::basic_string<unsigned char>(y.begin(), y.end());
  return ux < uy ? -1 : ux > uy ? 1 : 0;
}

RC_GTEST_PROP(NresProperty, CompareNamesIsTheEngineStrcmpi, (const std::string& a, const std::string& b)) {
  RC_ASSERT(compare_names(a, b) == reference_strcmpi(a, b));
  RC_ASSERT(compare_names(b, a) == -compare_names(a, b));
}

// The lookup's one-pass compares against a raw name field agree with compare_folded on name().
RC_GTEST_PROP(NresProperty, FieldComparesAgreeWithNameCompare, ()) {
  auto field = [] {
    std::array<std::uint8_t, kNameFieldSize> f{};
    const auto length = *rc::gen::inRange<std::size_t>(0, kNameFieldSize + 1);
    for (std::size_t i = 0; i < length; ++i)
      f[i] = *rc::gen::oneOf(rc::gen::element<std::uint8_t>('a', 'A', '_', 'b', 'B'), rc::gen::inRange<std::uint8_t>(1, 255));
    if (length < kNameFieldSize && *rc::gen::arbitrary<bool>()) f[kNameFieldSize - 1] = 'j';  // junk after the NUL
    Entry e;
    e.name_field = f;
    return e;
  };
  Entry a = field(), b = field();
  using detail::fold_lower_fn;
  using detail::fold_upper_fn;
  RC_ASSERT(detail::compare_fields<fold_lower_fn>(a.name_field, b.name_field) == compare_names(a.name(), b.name()));
  RC_ASSERT(detail::compare_fields<fold_upper_fn>(a.name_field, b.name_field) ==
            detail::compare_folded<fold_upper_fn>(a.name(), b.name()));
  std::string query = *rc::gen::container<std::string>(*rc::gen::inRange<std::size_t>(0, 40),
                                                        rc::gen::element('a', 'A', '_', 'b', 'B', 'j', '\0'));
  if (*rc::gen::arbitrary<bool>()) query = std::string(b.name());
  RC_ASSERT(detail::compare_with_field<fold_lower_fn>(query, b.name_field) == compare_names(query, b.name()));
  RC_ASSERT(detail::compare_with_field<fold_upper_fn>(query, b.name_field) ==
            detail::compare_folded<fold_upper_fn>(query, b.name()));
}

}  // namespace
}  // namespace parkan::nres
