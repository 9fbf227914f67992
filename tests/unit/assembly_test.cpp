// Unit assemblies (docs/formats/unit.md): files built here byte by byte from the record layout of
// docs/formats/unit.md 2 (not by parkan's writer), read, checked rule by rule, written back byte for byte.
#include <cstring>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <rapidcheck/gtest.h>

#include "parkan/unit/assembly.hpp"
#include "parkan/unit/codes.hpp"

namespace parkan::unit {
namespace {

// One 112-byte record: archive[32], key[32], u32 one, i32 attachment, name[32], u32 class, i32 children.
struct Record {
  std::string archive = "objects.rlb", key, name;
  std::uint32_t one = 1;
  std::int32_t attachment = -1;
  std::uint32_t part_class = 0;
  std::int32_t children = 0;
  std::string key_tail;  // bytes after the key's NUL, as retail name fields carry
};

void put(ByteBuffer& b, std::size_t at, const std::string& s) { std::memcpy(b.data() + at, s.data(), s.size()); }
void put32(ByteBuffer& b, std::size_t at, std::uint32_t v) {
  for (int k = 0; k < 4; ++k) b[at + std::size_t(k)] = std::uint8_t(v >> (8 * k));
}

ByteBuffer file_of(std::uint32_t class_word, const std::vector<Record>& records, std::uint32_t magic = 0xF0F1) {
  ByteBuffer b(8 + 112 * records.size(), 0);
  put32(b, 0, magic);
  put32(b, 4, class_word);
  for (std::size_t i = 0; i < records.size(); ++i) {
    const Record& r = records[i];
    const std::size_t at = 8 + 112 * i;
    put(b, at + 0x00, r.archive);
    put(b, at + 0x20, r.key);
    if (!r.key_tail.empty()) put(b, at + 0x20 + r.key.size() + 1, r.key_tail);
    put32(b, at + 0x40, r.one);
    put32(b, at + 0x44, std::uint32_t(r.attachment));
    put(b, at + 0x48, r.name);
    put32(b, at + 0x68, r.part_class);
    put32(b, at + 0x6C, std::uint32_t(r.children));
  }
  return b;
}

// A warbot: chassis with a turret (on node 3) carrying a gun (node 1) and its ammunition (slot 0), and
// an internal part (slot 2) on the chassis.
Record part(std::string key, std::string name, std::int32_t attachment, std::uint32_t part_class,
            std::int32_t children) {
  Record r;
  r.key = std::move(key);
  r.name = std::move(name);
  r.attachment = attachment;
  r.part_class = part_class;
  r.children = children;
  return r;
}

std::vector<Record> warbot() {
  std::vector<Record> records = {part("u_chassis_01", "Chassis", -1, 0, 2), part("u_turret_01", "Turret", 3, 1, 1),
                                 part("e_gun_laser", "Laser", 1, 4, 1), part("e_ammo_cell", "Cell", 0, 5, 0),
                                 part("u_engine_01", "Engine", 2, 3, 0)};
  records[0].key_tail = "old";
  return records;
}

std::string rule_of(const ByteBuffer& bytes) {
  auto r = read_assembly(bytes);
  return r ? "ok" : r.error().rule;
}

TEST(UnitAssembly, ReadsTheFieldsAndTheTree) {
  const ByteBuffer bytes = file_of(0x01008000, warbot());
  const Assembly a = read_assembly(bytes).value();
  EXPECT_EQ(a.magic, 0xF0F1u);
  EXPECT_EQ(a.class_word, 0x01008000u);
  ASSERT_EQ(a.parts.size(), 5u);
  EXPECT_EQ(a.parts[0].archive, "objects.rlb");
  EXPECT_EQ(a.parts[0].key, "u_chassis_01");  // the tail after the NUL is not part of the key
  EXPECT_EQ(a.parts[1].attachment, 3);
  EXPECT_EQ(a.parts[2].name, "Laser");
  EXPECT_EQ(part_class_name(a.parts[2].part_class), "gun");
  // Parents and depths from the child counts: 0 { 1 { 2 { 3 } }, 4 }.
  std::vector<std::int32_t> parents;
  std::vector<std::size_t> depths;
  for (const Part& p : a.parts) parents.push_back(p.parent), depths.push_back(p.depth);
  EXPECT_EQ(parents, (std::vector<std::int32_t>{-1, 0, 1, 2, 0}));
  EXPECT_EQ(depths, (std::vector<std::size_t>{0, 1, 2, 3, 1}));
  EXPECT_TRUE(check_assembly(bytes).empty());
}

TEST(UnitAssembly, WritesBackByteForByteAndEditsOnlyWhatChanged) {
  const ByteBuffer bytes = file_of(0x01008000, warbot());
  Assembly a = read_assembly(bytes).value();
  EXPECT_EQ(write_assembly(a).value(), bytes);
  // A new display name: its field is rewritten (zero-filled), the key's tail elsewhere stays.
  a.parts[0].name = "Hull";
  ByteBuffer edited = write_assembly(a).value();
  std::vector<Record> expected = warbot();
  expected[0].name = "Hull";
  EXPECT_EQ(edited, file_of(0x01008000, expected));
  a.parts[1].key = std::string(32, 'k');
  EXPECT_EQ(write_assembly(a).error().rule, codes::kNameLength);
  // A stored display name filling all 32 bytes, no NUL (unit.name.nul): read as 32 bytes, kept as stored.
  std::vector<Record> full = warbot();
  full[4].name = std::string(32, 'N');
  const ByteBuffer unterminated = file_of(0x01008000, full);
  const Assembly b = read_assembly(unterminated).value();
  EXPECT_EQ(b.parts[4].name, std::string(32, 'N'));
  EXPECT_EQ(write_assembly(b).value(), unterminated);
  a.parts[1].key = std::string("a\0b", 3);
  EXPECT_EQ(write_assembly(a).error().rule, codes::kNameNulInside);
}

TEST(UnitAssembly, StructuralRules) {
  EXPECT_EQ(rule_of(ByteBuffer(7, 0)), codes::kHeaderSize);
  EXPECT_EQ(rule_of(file_of(0, warbot(), 0xF0F2)), codes::kHeaderMagic);
  ByteBuffer ragged = file_of(0, warbot());
  ragged.push_back(0);
  auto r = read_assembly(ragged);
  EXPECT_EQ(r.error().rule, codes::kSizeRecords);
  EXPECT_EQ(r.error().offset, 8u + 5 * 112);
  EXPECT_EQ(rule_of(file_of(0, {})), codes::kRecordsNone);
  // The root owns three children but only two subtrees follow.
  std::vector<Record> short_tree = warbot();
  short_tree[0].children = 3;
  r = read_assembly(file_of(0, short_tree));
  EXPECT_EQ(r.error().rule, codes::kTreeShort);
  EXPECT_EQ(r.error().offset, 8u + 0x6C);
  EXPECT_EQ(r.error().message, "record 0 owns 3 children, but the file ends before the 3");
  // The root owns one child: records 4 and later hang on nothing.
  std::vector<Record> extra = warbot();
  extra[0].children = 1;
  r = read_assembly(file_of(0, extra));
  EXPECT_EQ(r.error().rule, codes::kTreeExtra);
  EXPECT_EQ(r.error().offset, 8u + 4 * 112);
  EXPECT_EQ(r.error().message, "records 4 to 4 are outside the root's tree");
  std::vector<Record> negative = warbot();
  negative[2].children = -1;
  r = read_assembly(file_of(0, negative));
  EXPECT_EQ(r.error().rule, codes::kTreeChildren);
  EXPECT_EQ(r.error().offset, 8u + 2 * 112 + 0x6C);
}

TEST(UnitAssembly, RecordRulesAreFindingsWithTheirOffsets) {
  std::vector<Record> odd = warbot();
  odd[0].attachment = 5;
  odd[1].attachment = -2;
  odd[2].one = 0;
  odd[3].part_class = 9;
  odd[4].archive = "static.rlb";
  odd[4].key = "";
  ByteBuffer bytes = file_of(0, odd);
  std::memset(bytes.data() + 8 + 112 * 2 + 0x48, 'N', 32);  // a display name without NUL
  std::vector<std::pair<std::string, std::uint64_t>> got;
  for (const Diagnostic& d : check_assembly(bytes)) got.push_back({d.code, *d.location.offset});
  const std::vector<std::pair<std::string, std::uint64_t>> want = {
      {codes::kRootAttachment, 8 + 0x44},
      {codes::kPartAttachment, 8 + 112 + 0x44},
      {codes::kPartOne, 8 + 2 * 112 + 0x40},
      {codes::kNameNul, 8 + 2 * 112 + 0x48},
      {codes::kPartClass, 8 + 3 * 112 + 0x68},
      {codes::kPartKey, 8 + 4 * 112 + 0x20},
      {codes::kPartArchive, 8 + 4 * 112 + 0x00},
  };
  EXPECT_EQ(got, want);
}

TEST(UnitAssembly, Json) {
  const Assembly a = read_assembly(file_of(0x80000002, warbot())).value();
  const nlohmann::json j = assembly_json(a);
  EXPECT_EQ(j["class_word"], 0x80000002u);
  EXPECT_EQ(j["parts"][1], (nlohmann::json{{"index", 1}, {"archive", "objects.rlb"}, {"key", "u_turret_01"}, {"one", 1},
                                           {"attachment", 3}, {"name", "Turret"}, {"class", 1}, {"class_name", "turret"},
                                           {"children", 1}, {"parent", 0}, {"depth", 1}}));
}

// Any chain of child counts that the reader accepts writes back to the same bytes.
RC_GTEST_PROP(UnitAssembly, ReadWriteRoundTrip, ()) {
  const auto n = *rc::gen::inRange<std::size_t>(1, 40);
  std::vector<Record> records(n);
  for (std::size_t i = 0; i < n; ++i) {
    records[i].key = *rc::gen::container<std::string>(*rc::gen::inRange<std::size_t>(0, 31), rc::gen::inRange<char>('a', 'z'));
    records[i].children = *rc::gen::inRange<std::int32_t>(-1, 4);
    records[i].attachment = *rc::gen::inRange<std::int32_t>(-2, 40);
    records[i].part_class = *rc::gen::inRange<std::uint32_t>(0, 8);
  }
  const ByteBuffer bytes = file_of(*rc::gen::arbitrary<std::uint32_t>(), records);
  auto a = read_assembly(bytes);
  if (!a) return;
  RC_ASSERT(write_assembly(*a).value() == bytes);
}

}  // namespace
}  // namespace parkan::unit
