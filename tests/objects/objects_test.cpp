// objects.rlb records (docs/formats/objects.md): reading, lossless writing, the checks and the resolution of a
// prototype key (nested prototypes, cycles, the depth cap, the `.bas` stem fallback, bounded work).
// fmt::format, not "x" + std::to_string(i): GCC 12 at -O3 warns falsely (-Wrestrict) about the latter.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <set>

#include "parkan/objects/objects.hpp"

namespace parkan::objects {
namespace {

// One canonical 64-byte record.
ByteBuffer record(std::string_view archive, std::string_view resource) {
  ByteBuffer out(kObjectRefSize, 0);
  std::copy(archive.begin(), archive.end(), out.begin());
  std::copy(resource.begin(), resource.end(), out.begin() + kObjectNameField);
  return out;
}

ByteBuffer records(std::initializer_list<std::pair<std::string_view, std::string_view>> refs) {
  ByteBuffer out;
  for (const auto& [archive, resource] : refs) {
    ByteBuffer one = record(archive, resource);
    out.insert(out.end(), one.begin(), one.end());
  }
  return out;
}

// "E|W <to_string()>": severity, entry, message, offset and code in one line.
std::vector<std::string> lines(const std::vector<Diagnostic>& findings) {
  std::vector<std::string> out;
  for (const Diagnostic& d : findings)
    out.push_back(std::string(d.severity == Severity::error ? "E " : "W ") + d.to_string());
  return out;
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

// An objects.rlb and the game's content: payloads by key, and the archive::resource pairs that exist
// (both ASCII case-insensitive). Counts the registry's calls.
struct FakeGame {
  std::map<std::string, ByteBuffer> payloads;  // by lower-case key; nodes stay put, so `raw` views do too
  std::set<std::string> content;               // "archive::resource", lower case
  std::size_t prototype_calls = 0;

  void add(std::string_view key, ByteBuffer payload) { payloads[lower(key)] = std::move(payload); }
  void has(std::string_view archive, std::string_view resource) {
    content.insert(lower(archive) + "::" + lower(resource));
  }
  ObjectRegistry registry() {
    return ObjectRegistry{
        [this](std::string_view key) -> std::optional<std::vector<ObjectRef>> {
          ++prototype_calls;
          auto it = payloads.find(lower(key));
          if (it == payloads.end()) return std::nullopt;
          auto refs = read_object_refs(it->second);
          if (!refs) return std::nullopt;
          return *refs;
        },
        [this](std::string_view archive, std::string_view resource) {
          return content.count(lower(archive) + "::" + lower(resource)) > 0;
        }};
  }
};

std::vector<std::string> names(const std::vector<ObjectRef>& refs) {
  std::vector<std::string> out;
  for (const ObjectRef& ref : refs) out.push_back(ref.archive + "::" + ref.resource);
  return out;
}

// ---- reading, writing, checking ----

TEST(ObjectRefs, EmptyPayloadHasNoRecords) {
  auto refs = read_object_refs({});
  ASSERT_TRUE(refs) << refs.error().to_string();
  EXPECT_TRUE(refs->empty());
  EXPECT_TRUE(check_object_refs({}).empty());
  auto written = write_object_refs(*refs);
  ASSERT_TRUE(written);
  EXPECT_TRUE(written->empty());
}

TEST(ObjectRefs, ReadsOneAndTwoRecords) {
  ByteBuffer one = record("house.rlb", "house.msh");
  auto refs = read_object_refs(one);
  ASSERT_TRUE(refs);
  ASSERT_EQ(refs->size(), 1u);
  EXPECT_EQ((*refs)[0].archive, "house.rlb");
  EXPECT_EQ((*refs)[0].resource, "house.msh");
  EXPECT_EQ((*refs)[0].raw.data(), one.data());
  EXPECT_EQ((*refs)[0].raw.size(), 64u);

  ByteBuffer two = records({{"house.rlb", "house.msh"}, {"objects.rlb", "r_h_01"}});
  refs = read_object_refs(two);
  ASSERT_TRUE(refs);
  EXPECT_EQ(names(*refs), (std::vector<std::string>{"house.rlb::house.msh", "objects.rlb::r_h_01"}));
  EXPECT_EQ((*refs)[1].raw.data(), two.data() + 64);
  EXPECT_TRUE(check_object_refs(two).empty());  // a prototype key needs no extension
}

TEST(ObjectRefs, SizeMustBeAMultipleOf64) {
  ByteBuffer short_payload(63, 'a');
  auto refs = read_object_refs(short_payload);
  ASSERT_FALSE(refs);
  EXPECT_EQ(refs.error().rule, "objects.size.multiple");
  EXPECT_EQ(refs.error().to_string(),
            "payload of 63 bytes is not a multiple of the 64-byte record (63 bytes left over) at offset 0x0");
  EXPECT_EQ(lines(check_object_refs(short_payload)),
            (std::vector<std::string>{"E payload of 63 bytes is not a multiple of the 64-byte record (63 bytes left "
                                      "over) at offset 0x0 [objects.size.multiple]"}));

  ByteBuffer long_payload = record("a.rlb", "a.msh");
  long_payload.push_back('x');
  refs = read_object_refs(long_payload);
  ASSERT_FALSE(refs);
  EXPECT_EQ(refs.error().rule, "objects.size.multiple");
  EXPECT_EQ(refs.error().offset, 64u);
  // The complete record is still checked (clean); only the size rule is reported.
  EXPECT_EQ(lines(check_object_refs(long_payload)),
            (std::vector<std::string>{"E payload of 65 bytes is not a multiple of the 64-byte record (1 bytes left "
                                      "over) at offset 0x40 [objects.size.multiple]"}));
}

TEST(ObjectRefs, AFieldWithoutNulIsReadAs32BytesAndWarned) {
  ByteBuffer payload = records({{"a.rlb", "a.msh"}, {"b.rlb", "b.msh"}});
  std::fill(payload.begin() + 64 + 32, payload.end(), 'z');  // record 1's resource: 32 'z', no NUL
  auto refs = read_object_refs(payload);
  ASSERT_TRUE(refs);
  EXPECT_EQ((*refs)[1].resource, std::string(32, 'z'));
  EXPECT_EQ(lines(check_object_refs(payload)),
            (std::vector<std::string>{
                "W record 1: resource name has no NUL within 32 bytes (read as 32 bytes of name) at offset 0x60 "
                "[objects.ref.nul]",
                "W record 1: resource name \"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\" has no extension at offset 0x60 "
                "[objects.ref.extension]"}));
  auto written = write_object_refs(*refs);  // the stored bytes still name it: written as they were
  ASSERT_TRUE(written) << written.error().to_string();
  EXPECT_EQ(*written, payload);
}

TEST(ObjectRefs, BytesAfterTheNulRoundTripByteIdentically) {
  ByteBuffer payload = records({{"house.rlb", "house.msh"}, {"objects.rlb", "r_h_01"}});
  for (std::size_t i = 10; i < 32; ++i) payload[i] = std::uint8_t(0xC0 + i);       // after "house.rlb\0"
  for (std::size_t i = 64 + 32 + 7; i < 128; ++i) payload[i] = std::uint8_t(i);  // after "r_h_01\0"
  auto refs = read_object_refs(payload);
  ASSERT_TRUE(refs);
  EXPECT_EQ(names(*refs), (std::vector<std::string>{"house.rlb::house.msh", "objects.rlb::r_h_01"}));
  EXPECT_TRUE(check_object_refs(payload).empty());
  auto written = write_object_refs(*refs);
  ASSERT_TRUE(written);
  EXPECT_EQ(*written, payload);

  // A renamed record no longer matches its stored bytes: it is written canonically, junk dropped.
  (*refs)[0].resource = "villa.msh";
  written = write_object_refs(*refs);
  ASSERT_TRUE(written);
  ByteBuffer expected = record("house.rlb", "villa.msh");
  expected.insert(expected.end(), payload.begin() + 64, payload.end());
  EXPECT_EQ(*written, expected);
}

TEST(ObjectRefs, WriterRefusesNamesThatDoNotFit) {
  std::vector<ObjectRef> refs{{"a.rlb", "a.msh", {}}, {std::string(31, 'b'), std::string(32, 'c'), {}}};
  auto written = write_object_refs(refs);
  ASSERT_FALSE(written);
  EXPECT_EQ(written.error().rule, "objects.name.length");
  EXPECT_EQ(written.error().to_string(),
            "record 1: resource name \"cccccccccccccccccccccccccccccccc\" is 32 bytes; its 32-byte field holds at "
            "most 31 and a NUL at offset 0x60");

  refs[1].resource = "c.msh";  // 31 bytes of archive fit
  written = write_object_refs(refs);
  ASSERT_TRUE(written);
  EXPECT_EQ(*written, records({{"a.rlb", "a.msh"}, {std::string(31, 'b'), "c.msh"}}));

  refs[0].archive = std::string(40, 'a');
  written = write_object_refs(refs);
  ASSERT_FALSE(written);
  EXPECT_EQ(written.error().rule, "objects.name.length");
  EXPECT_EQ(written.error().offset, 0u);

  refs[0].archive = std::string("a\0b.rlb", 7);  // would read back as "a"
  written = write_object_refs(refs);
  ASSERT_FALSE(written);
  EXPECT_EQ(written.error().rule, "objects.name.nul");
  EXPECT_EQ(written.error().to_string(),
            "record 0: archive name holds a NUL at byte 1 (it would read back cut there) at offset 0x0");
}

TEST(ObjectRefs, EmptyNamesAndMissingExtensions) {
  ByteBuffer payload = records({{"", "a.msh"}, {"b.rlb", ""}, {"c.rlb", "model"}, {"d.rlb", "d."}});
  auto refs = read_object_refs(payload);
  ASSERT_TRUE(refs);
  EXPECT_EQ(names(*refs), (std::vector<std::string>{"::a.msh", "b.rlb::", "c.rlb::model", "d.rlb::d."}));
  EXPECT_EQ(lines(check_object_refs(payload)),
            (std::vector<std::string>{
                "E record 0: empty archive name at offset 0x0 [objects.ref.empty]",
                "E record 1: empty resource name at offset 0x60 [objects.ref.empty]",
                "W record 2: resource name \"model\" has no extension at offset 0xa0 [objects.ref.extension]",
                "W record 3: resource name \"d.\" has no extension at offset 0xe0 [objects.ref.extension]"}));
  auto written = write_object_refs(*refs);  // empty names are legal to write
  ASSERT_TRUE(written);
  EXPECT_EQ(*written, payload);
}

TEST(ObjectRefs, AnAllEmptySlotIsAbsentAHalfEmptyOneIsAnError) {
  // A retail STAT entry: five records and a sixth slot of 64 zero bytes (docs/formats/objects.md 2.1).
  ByteBuffer payload = records({{"static.rlb", "tree.msh"}, {"static.rlb", "tree.wea"}, {"static.rlb", "tree.bas"},
                                {"static.rlb", "tree.ctl"}, {"static.rlb", "tree.cpt"}});
  payload.resize(384, 0);
  auto refs = read_object_refs(payload);
  ASSERT_TRUE(refs);
  ASSERT_EQ(refs->size(), 6u);
  EXPECT_TRUE((*refs)[5].absent());
  EXPECT_FALSE((*refs)[4].absent());
  EXPECT_TRUE(check_object_refs(payload).empty());
  auto written = write_object_refs(*refs);
  ASSERT_TRUE(written);
  EXPECT_EQ(*written, payload);
  // Junk after the NULs of an empty slot: still absent, still written back as stored.
  payload[5 * 64 + 7] = 0x55;
  payload[5 * 64 + 40] = 0x66;
  EXPECT_TRUE(check_object_refs(payload).empty());
  EXPECT_EQ(write_object_refs(read_object_refs(payload).value()).value(), payload);
  // One name empty of the two keeps its error.
  payload[5 * 64 + 32] = 'x';
  EXPECT_EQ(lines(check_object_refs(payload)),
            (std::vector<std::string>{"E record 5: empty archive name at offset 0x140 [objects.ref.empty]",
                                      "W record 5: resource name \"x\" has no extension at offset 0x160 "
                                      "[objects.ref.extension]"}));
}

TEST(ObjectTypes, FourCcTagsAndTheirSizes) {
  // The type id word is the four characters in file order: "STAT" is 53 54 41 54, 0x54415453.
  ASSERT_NE(prototype_type(0x54415453u), nullptr);
  EXPECT_EQ(prototype_type(0x54415453u)->fourcc, "STAT");
  EXPECT_EQ(prototype_type(0x554C5442u)->fourcc, "BTLU");  // 42 54 4C 55
  EXPECT_EQ(prototype_type(0x4F4E5553u)->fourcc, "SUNO");  // 53 55 4E 4F
  EXPECT_EQ(prototype_type(0), nullptr);
  std::size_t retail = 0;
  for (const PrototypeType& type : kPrototypeTypes) retail += type.retail_entries;
  EXPECT_EQ(retail, 590u);
  // Sizes from docs/formats/objects.md 1.1.
  EXPECT_TRUE(check_prototype_type(0x54415453u, 384).empty());
  EXPECT_TRUE(check_prototype_type(0x554C5442u, 320).empty());
  EXPECT_TRUE(check_prototype_type(0x554C5442u, 448).empty());
  EXPECT_TRUE(check_prototype_type(0x54524F46u, 128).empty());  // FORT
  EXPECT_EQ(lines(check_prototype_type(0x54415453u, 320)),
            (std::vector<std::string>{"W STAT entry of 320 bytes; STAT entries are 384 bytes (6 slots) "
                                      "[objects.type.size]"}));
  EXPECT_EQ(lines(check_prototype_type(0x554C5442u, 384)),
            (std::vector<std::string>{"W BTLU entry of 384 bytes; BTLU entries are 320 or 448 bytes (5 or 7 slots) "
                                      "[objects.type.size]"}));
  EXPECT_EQ(lines(check_prototype_type(0, 128)),
            (std::vector<std::string>{"W entry type 0 is not a prototype type (STAT, INTO, EXTO, BULL, BTLU, FORT, "
                                      "WPNS, SUNO) [objects.type.unknown]"}));
  EXPECT_EQ(lines(check_prototype_type(0x6D786554u, 128)),  // "Texm"
            (std::vector<std::string>{"W entry type Texm is not a prototype type (STAT, INTO, EXTO, BULL, BTLU, FORT, "
                                      "WPNS, SUNO) [objects.type.unknown]"}));
}

RC_GTEST_PROP(ObjectRefsProperty, WriteOfReadIsTheInput, ()) {
  const std::size_t count = *rc::gen::inRange<std::size_t>(0, 9);
  ByteBuffer payload = *rc::gen::container<ByteBuffer>(count * kObjectRefSize, rc::gen::arbitrary<std::uint8_t>());
  auto refs = read_object_refs(payload);
  RC_ASSERT(refs.ok());
  RC_ASSERT(refs->size() == count);
  auto written = write_object_refs(*refs);
  RC_ASSERT(written.ok());
  RC_ASSERT(*written == payload);
  // The names alone (no stored bytes) write canonically whenever they fit and read back the same.
  std::vector<ObjectRef> bare;
  for (const ObjectRef& ref : *refs) bare.push_back(ObjectRef{ref.archive, ref.resource, {}});
  auto canonical = write_object_refs(bare);
  bool fits = true;
  for (const ObjectRef& ref : bare) fits = fits && ref.archive.size() < 32 && ref.resource.size() < 32;
  RC_ASSERT(canonical.ok() == fits);
  if (!fits) return;
  auto again = read_object_refs(*canonical);
  RC_ASSERT(again.ok());
  RC_ASSERT(names(*again) == names(*refs));
}

// An absent slot (both names empty, whatever follows the NULs) never gives a finding and never reaches
// the expansion; every other slot is checked as before.
RC_GTEST_PROP(ObjectRefsProperty, AbsentSlotsAreSilent, ()) {
  const std::size_t count = *rc::gen::inRange<std::size_t>(1, 8);
  ByteBuffer payload = *rc::gen::container<ByteBuffer>(count * kObjectRefSize, rc::gen::arbitrary<std::uint8_t>());
  std::vector<bool> absent(count);
  for (std::size_t r = 0; r < count; ++r) {
    absent[r] = *rc::gen::arbitrary<bool>();
    if (absent[r]) payload[r * kObjectRefSize] = payload[r * kObjectRefSize + kObjectNameField] = 0;
  }
  for (const Diagnostic& d : check_object_refs(payload)) {
    RC_ASSERT(d.location.offset.has_value());
    RC_ASSERT(!absent[*d.location.offset / kObjectRefSize]);
  }
  const std::vector<ObjectRef> refs = read_object_refs(payload).value();
  for (std::size_t r = 0; r < count; ++r) RC_ASSERT(refs[r].absent() == (absent[r] || (payload[r * 64] == 0 && payload[r * 64 + 32] == 0)));
  RC_ASSERT(write_object_refs(refs).value() == payload);
  ObjectRegistry registry{[&](std::string_view) -> std::optional<std::vector<ObjectRef>> { return refs; },
                          [](std::string_view, std::string_view) { return true; }};
  for (const ObjectRef& ref : resolve_object(registry, "k").expanded) RC_ASSERT(!ref.absent());
}

// ---- resolution ----

TEST(ObjectResolve, DirectMesh) {
  FakeGame game;
  game.add("r_h_01", records({{"house.rlb", "house.wea"}, {"House.rlb", "HOUSE.MSH"}, {"house.rlb", "other.msh"}}));
  game.has("house.rlb", "house.wea");
  game.has("house.rlb", "house.msh");
  game.has("house.rlb", "other.msh");
  ObjectResolution r = resolve_object(game.registry(), "R_H_01");
  ASSERT_TRUE(r.model);
  EXPECT_EQ(r.model->archive, "House.rlb");
  EXPECT_EQ(r.model->resource, "HOUSE.MSH");
  EXPECT_EQ(r.model->raw.data(), game.payloads["r_h_01"].data() + 64);
  EXPECT_EQ(names(r.expanded),
            (std::vector<std::string>{"house.rlb::house.wea", "House.rlb::HOUSE.MSH", "house.rlb::other.msh"}));
  EXPECT_TRUE(r.findings.empty());
}

TEST(ObjectResolve, AbsentSlotsAreSkipped) {
  FakeGame game;
  ByteBuffer payload = records({{"", ""}, {"house.rlb", "house.msh"}, {"", ""}});
  game.add("r_h_01", payload);
  game.has("house.rlb", "house.msh");
  ObjectResolution r = resolve_object(game.registry(), "r_h_01");
  ASSERT_TRUE(r.model);
  EXPECT_EQ(r.model->resource, "house.msh");
  EXPECT_EQ(names(r.expanded), (std::vector<std::string>{"house.rlb::house.msh"}));
  EXPECT_TRUE(r.findings.empty()) << lines(r.findings).size();
}

TEST(ObjectResolve, ModelViaParentPrototype) {
  FakeGame game;
  game.add("r_h_01_ruin", records({{"objects.rlb", "r_h_01"}, {"ruin.rlb", "ruin.bas"}}));
  game.add("r_h_01", records({{"house.rlb", "house.wea"}, {"house.rlb", "house.msh"}}));
  game.has("house.rlb", "house.wea");
  game.has("house.rlb", "house.msh");
  game.has("ruin.rlb", "ruin.bas");
  ObjectResolution r = resolve_object(game.registry(), "r_h_01_ruin");
  ASSERT_TRUE(r.model);
  EXPECT_EQ(r.model->resource, "house.msh");
  EXPECT_EQ(names(r.expanded),
            (std::vector<std::string>{"house.rlb::house.wea", "house.rlb::house.msh", "ruin.rlb::ruin.bas"}));
  EXPECT_TRUE(r.findings.empty());
}

TEST(ObjectResolve, BaseStemFallback) {
  FakeGame game;
  game.add("s_tree_04", records({{"trees.rlb", "tree4.wea"}, {"trees.rlb", "Tree4.BAS"}}));
  game.has("trees.rlb", "tree4.wea");
  game.has("trees.rlb", "tree4.bas");
  ObjectResolution r = resolve_object(game.registry(), "s_tree_04");
  EXPECT_FALSE(r.model);  // no Tree4.msh yet
  EXPECT_TRUE(r.findings.empty());

  game.has("trees.rlb", "tree4.msh");
  r = resolve_object(game.registry(), "s_tree_04");
  ASSERT_TRUE(r.model);
  EXPECT_EQ(r.model->archive, "trees.rlb");
  EXPECT_EQ(r.model->resource, "Tree4.msh");
  EXPECT_TRUE(r.model->raw.empty());  // not a stored record
  EXPECT_EQ(r.expanded.size(), 2u);
}

TEST(ObjectResolve, AbsentArchiveAndResourceAreWarnedOncePerRecord) {
  FakeGame game;
  game.add("r_b_02",
           records({{"gone.rlb", "b.msh"}, {"objects.rlb", "parent"}, {"b.rlb", "missing.msh"}, {"b.rlb", "b.msh"}}));
  game.add("parent", records({{"b.rlb", "missing.msh"}}));
  game.has("b.rlb", "b.msh");
  ObjectResolution r = resolve_object(game.registry(), "r_b_02");
  ASSERT_TRUE(r.model);
  EXPECT_EQ(r.model->resource, "b.msh");
  EXPECT_EQ(r.model->archive, "b.rlb");
  EXPECT_EQ(lines(r.findings),
            (std::vector<std::string>{
                "W r_b_02: record 0: \"gone.rlb\" holds no \"b.msh\" (or there is no such archive) at offset 0x0 "
                "[objects.ref.absent]",
                "W parent: record 0: \"b.rlb\" holds no \"missing.msh\" (or there is no such archive) at offset 0x0 "
                "[objects.ref.absent]",
                "W r_b_02: record 2: \"b.rlb\" holds no \"missing.msh\" (or there is no such archive) at offset 0x80 "
                "[objects.ref.absent]"}));
}

TEST(ObjectResolve, MissingKeys) {
  FakeGame game;
  ObjectResolution r = resolve_object(game.registry(), "nope");
  EXPECT_FALSE(r.model);
  EXPECT_TRUE(r.expanded.empty());
  EXPECT_EQ(lines(r.findings),
            (std::vector<std::string>{"E no prototype \"nope\" in objects.rlb [objects.ref.key]"}));

  game.add("child", records({{"objects.rlb", "lost"}, {"c.rlb", "c.msh"}, {"OBJECTS.RLB", "LOST"}}));
  game.has("c.rlb", "c.msh");
  r = resolve_object(game.registry(), "child");
  ASSERT_TRUE(r.model);
  EXPECT_EQ(names(r.expanded), (std::vector<std::string>{"c.rlb::c.msh"}));
  EXPECT_EQ(lines(r.findings),  // the same key (in any case) is reported once
            (std::vector<std::string>{
                "E child: record 0: no prototype \"lost\" in objects.rlb at offset 0x20 [objects.ref.key]"}));
}

TEST(ObjectResolve, SelfCycleIsReportedOnce) {
  FakeGame game;
  ByteBuffer payload = records({{"a.rlb", "a.msh"}});
  for (int i = 0; i < 1000; ++i) {
    ByteBuffer self = record("objects.rlb", "A");
    payload.insert(payload.end(), self.begin(), self.end());
  }
  game.add("a", payload);
  game.has("a.rlb", "a.msh");
  ObjectResolution r = resolve_object(game.registry(), "a");
  ASSERT_TRUE(r.model);
  EXPECT_EQ(names(r.expanded), (std::vector<std::string>{"a.rlb::a.msh"}));
  EXPECT_EQ(lines(r.findings),
            (std::vector<std::string>{
                "E a: record 1: prototype cycle a -> A (not expanded again) at offset 0x60 [objects.ref.cycle]"}));
  EXPECT_EQ(game.prototype_calls, 1u);
}

TEST(ObjectResolve, ThreeCycleNamesTheChain) {
  FakeGame game;
  game.add("top", records({{"objects.rlb", "a"}}));
  game.add("a", records({{"a.rlb", "a.wea"}, {"objects.rlb", "b"}}));
  game.add("b", records({{"objects.rlb", "c"}, {"b.rlb", "b.msh"}}));
  game.add("c", records({{"c.rlb", "c.bas"}, {"objects.rlb", "a"}}));
  game.has("a.rlb", "a.wea");
  game.has("b.rlb", "b.msh");
  game.has("c.rlb", "c.bas");
  ObjectResolution r = resolve_object(game.registry(), "top");
  ASSERT_TRUE(r.model);
  EXPECT_EQ(r.model->resource, "b.msh");
  EXPECT_EQ(names(r.expanded), (std::vector<std::string>{"a.rlb::a.wea", "c.rlb::c.bas", "b.rlb::b.msh"}));
  EXPECT_EQ(lines(r.findings),
            (std::vector<std::string>{
                "E c: record 1: prototype cycle a -> b -> c -> a (not expanded again) at offset 0x60 "
                "[objects.ref.cycle]"}));
}

// p0 -> p1 -> ... -> p<last>, each with one mesh record after its nested one.
FakeGame chain(std::size_t last) {
  FakeGame game;
  for (std::size_t i = 0; i <= last; ++i) {
    std::string mesh = fmt::format("m{}.msh", i);
    game.add(fmt::format("p{}", i), i < last ? records({{"objects.rlb", fmt::format("p{}", i + 1)}, {"m.rlb", mesh}})
                                               : records({{"m.rlb", mesh}}));
    game.has("m.rlb", mesh);
  }
  return game;
}

TEST(ObjectResolve, DepthIsCappedAt32NestedPrototypes) {
  FakeGame game = chain(32);  // p32 is nested 32 deep: allowed
  ObjectResolution r = resolve_object(game.registry(), "p0");
  EXPECT_TRUE(r.findings.empty()) << lines(r.findings).front();
  EXPECT_EQ(r.expanded.size(), 33u);
  ASSERT_TRUE(r.model);
  EXPECT_EQ(r.model->resource, "m32.msh");  // the deepest comes first in expansion order

  game = chain(33);  // p33 would be 33 deep
  r = resolve_object(game.registry(), "p0");
  EXPECT_EQ(lines(r.findings),
            (std::vector<std::string>{
                "E p32: record 0: prototype \"p33\" would be nested 33 deep, past the cap of 32 (not expanded) at "
                "offset 0x20 [objects.ref.depth]"}));
  EXPECT_EQ(r.expanded.size(), 33u);  // p0..p32's own meshes
  ASSERT_TRUE(r.model);
  EXPECT_EQ(r.model->resource, "m32.msh");
}

TEST(ObjectResolve, DiamondExpandsTheSharedPrototypeTwiceWithoutACycle) {
  FakeGame game;
  game.add("top", records({{"objects.rlb", "left"}, {"objects.rlb", "right"}}));
  game.add("left", records({{"objects.rlb", "base"}, {"l.rlb", "l.wea"}}));
  game.add("right", records({{"objects.rlb", "BASE"}}));
  game.add("base", records({{"base.rlb", "base.msh"}, {"base.rlb", "gone.wea"}}));
  game.has("base.rlb", "base.msh");
  game.has("l.rlb", "l.wea");
  ObjectResolution r = resolve_object(game.registry(), "top");
  EXPECT_EQ(lines(r.findings),  // base's absent record, reached twice, is one finding
            (std::vector<std::string>{"W base: record 1: \"base.rlb\" holds no \"gone.wea\" (or there is no such "
                                      "archive) at offset 0x40 [objects.ref.absent]"}));
  EXPECT_EQ(names(r.expanded), (std::vector<std::string>{"base.rlb::base.msh", "base.rlb::gone.wea", "l.rlb::l.wea",
                                                         "base.rlb::base.msh", "base.rlb::gone.wea"}));
  ASSERT_TRUE(r.model);
  EXPECT_EQ(game.prototype_calls, 4u);  // each key asked once
}

TEST(ObjectResolve, ExponentialDiamondStopsAtTheExpansionCap) {
  FakeGame game;  // d0 -> 2 x d1 -> ... -> 2 x d30: 2^30 leaves
  for (int i = 0; i < 30; ++i) {
    std::string next = fmt::format("d{}", i + 1);
    game.add(fmt::format("d{}", i), records({{"objects.rlb", next}, {"objects.rlb", next}}));
  }
  game.add("d30", records({{"leaf.rlb", "leaf.msh"}}));
  game.has("leaf.rlb", "leaf.msh");
  ObjectResolution r = resolve_object(game.registry(), "d0");
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].code, "objects.ref.expansion");
  EXPECT_EQ(r.findings[0].message,
            "record 0: prototype \"d0\" expands to more than 65536 records; expansion stopped here");
  // The first L leaves cost L leaf visits plus ceil(L / 2^(29 - i)) visits of d<i>'s records for i in
  // 0..29: L = 21838 takes 65534 visits, L = 21839 would take 65537.
  EXPECT_EQ(r.expanded.size(), 21838u);
  ASSERT_TRUE(r.model);
}

TEST(ObjectResolve, WidePrototypeStopsAtTheExpansionCap) {
  FakeGame game;
  ByteBuffer payload;
  for (int i = 0; i < 65537; ++i) {
    ByteBuffer one = record("w.rlb", "w.msh");
    payload.insert(payload.end(), one.begin(), one.end());
  }
  game.add("wide", payload);
  game.has("w.rlb", "w.msh");
  ObjectResolution r = resolve_object(game.registry(), "wide");
  EXPECT_EQ(r.expanded.size(), 65536u);
  EXPECT_EQ(lines(r.findings),
            (std::vector<std::string>{"E wide: record 65536: prototype \"wide\" expands to more than 65536 records; "
                                      "expansion stopped here at offset 0x400000 [objects.ref.expansion]"}));
}

TEST(ObjectResolve, ObjectsArchiveMatchesCaseInsensitively) {
  FakeGame game;
  game.add("child", records({{"Objects.RLB", "Parent"}}));
  game.add("parent", records({{"p.rlb", "p.msh"}}));
  game.add("objectsx", records({{"objects.rlbx", "parent"}}));  // not the registry: an ordinary record
  game.has("p.rlb", "p.msh");
  ObjectResolution r = resolve_object(game.registry(), "CHILD");
  ASSERT_TRUE(r.model);
  EXPECT_EQ(names(r.expanded), (std::vector<std::string>{"p.rlb::p.msh"}));
  EXPECT_TRUE(r.findings.empty());
  r = resolve_object(game.registry(), "objectsx");
  EXPECT_FALSE(r.model);
  EXPECT_EQ(names(r.expanded), (std::vector<std::string>{"objects.rlbx::parent"}));
  EXPECT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].code, "objects.ref.absent");
}

TEST(ObjectResolve, NonGeometricPrototypeHasNoModelAndNoFinding) {
  FakeGame game;
  game.add("sun", records({{"system.rlb", "day.sun"}, {"system.rlb", "day.ctl"}}));
  game.has("system.rlb", "day.sun");
  game.has("system.rlb", "day.ctl");
  ObjectResolution r = resolve_object(game.registry(), "sun");
  EXPECT_FALSE(r.model);
  EXPECT_EQ(r.expanded.size(), 2u);
  EXPECT_TRUE(r.findings.empty());
}

TEST(ObjectResolve, AnAbsentMeshIsSkippedForTheNextOne) {
  FakeGame game;
  game.add("k", records({{"a.rlb", "first.msh"}, {"a.rlb", "second.msh"}}));
  game.has("a.rlb", "second.msh");
  ObjectResolution r = resolve_object(game.registry(), "k");
  ASSERT_TRUE(r.model);
  EXPECT_EQ(r.model->resource, "second.msh");
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].location.offset, 0u);
}

}  // namespace
}  // namespace parkan::objects
