// parkan evidence (docs/evidence.md): each question's counts on hand-built resources, a copy flipped
// on purpose for each (the verdict flips), the verdict rule, the JSON shape, and that no name leaks.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "evidence_builders.hpp"
#include "parkan/evidence/evidence.hpp"
#include "support.hpp"

namespace parkan::evidence {
namespace {

using namespace evidence_test;

const QuestionCounts& counts(const Tally& t, QuestionId id) { return t[id]; }

TEST(EvidenceVerdict, RuleOfTheDocs) {
  EXPECT_EQ(judge(0, 0), Verdict::open);
  EXPECT_EQ(judge(5, 0), Verdict::confirmed);
  EXPECT_EQ(judge(99, 1), Verdict::confirmed);
  EXPECT_EQ(judge(98, 2), Verdict::open);
  EXPECT_EQ(judge(2, 2), Verdict::open);
  EXPECT_EQ(judge(1, 2), Verdict::refuted);
  EXPECT_EQ(judge(0, 1), Verdict::refuted);
  EXPECT_EQ(verdict_name(Verdict::confirmed), "confirmed");
}

TEST(EvidenceTexture, AlphaInByte3AgainstByte0) {
  Tally good, flipped;
  count_texture(texm(4, 4, 8888, mips_4x4(3, false)), "A.0", good);
  count_texture(texm(4, 4, 8888, mips_4x4(0, false)), "A.0", flipped);
  EXPECT_EQ(counts(good, QuestionId::texm_8888_alpha_byte).for_count, 1u);
  EXPECT_EQ(counts(good, QuestionId::texm_8888_alpha_byte).against_count, 0u);
  EXPECT_EQ(counts(good, QuestionId::texm_8888_alpha_byte).detail("pixels_byte3_0_or_255"), 16u);
  EXPECT_EQ(counts(good, QuestionId::texm_8888_alpha_byte).detail("pixels_byte0_0_or_255"), 0u);
  EXPECT_EQ(counts(flipped, QuestionId::texm_8888_alpha_byte).for_count, 0u);
  EXPECT_EQ(counts(flipped, QuestionId::texm_8888_alpha_byte).against_count, 1u);
}

TEST(EvidenceTexture, SpareBytesOf888) {
  ByteBuffer zero(16, 0x40), ff(16, 0x40);
  for (int i = 0; i < 4; ++i) zero[4 * i + 3] = 0, ff[4 * i + 3] = 0xFF;
  Tally t;
  count_texture(texm(2, 2, 888, {zero}), "Z.0", t);
  count_texture(texm(2, 2, 888, {ff}), "F.0", t);
  EXPECT_EQ(counts(t, QuestionId::texm_888_spare_zero).for_count, 1u);
  EXPECT_EQ(counts(t, QuestionId::texm_888_spare_zero).against_count, 1u);
  EXPECT_EQ(counts(t, QuestionId::texm_888_spare_zero).detail("textures_spare_all_ff"), 1u);
  EXPECT_EQ(counts(t, QuestionId::texm_888_spare_zero).detail("pixels_spare_nonzero"), 4u);
}

TEST(EvidenceTexture, PaletteFourthByte) {
  ByteBuffer constant(1024, 0), varying(1024, 0);
  for (int i = 0; i < 256; ++i) constant[4 * i + 3] = 0x7F, varying[4 * i + 3] = std::uint8_t(i);
  Tally t;
  count_texture(texm(2, 2, 0, {ByteBuffer{1, 2, 3, 4}}, constant), "C.0", t);
  count_texture(texm(2, 2, 0, {ByteBuffer{0, 2, 3, 4}}, varying), "V.0", t);
  EXPECT_EQ(counts(t, QuestionId::texm_palette_fourth_constant).for_count, 1u);
  EXPECT_EQ(counts(t, QuestionId::texm_palette_fourth_constant).against_count, 1u);
  EXPECT_EQ(counts(t, QuestionId::texm_palette_fourth_constant).detail("textures_using_index_0"), 1u);
}

TEST(EvidenceTexture, MipsTruncatedAgainstRounded) {
  Tally good, flipped;
  count_texture(texm(4, 4, 8888, mips_4x4(3, false)), "A.0", good);
  count_texture(texm(4, 4, 8888, mips_4x4(3, true)), "A.0", flipped);
  EXPECT_EQ(counts(good, QuestionId::mip_truncated_mean).for_count, 2u);
  EXPECT_EQ(counts(good, QuestionId::mip_truncated_mean).against_count, 0u);
  EXPECT_EQ(counts(good, QuestionId::mip_truncated_mean).detail("textures_every_level_passes"), 1u);
  EXPECT_EQ(counts(flipped, QuestionId::mip_truncated_mean).for_count, 0u);
  EXPECT_EQ(counts(flipped, QuestionId::mip_truncated_mean).against_count, 2u);
}

TEST(EvidenceTexture, MipsOf565ByField) {
  // 2x2 level 0 with R = 1, 2, 2, 2 (sum 7): truncated 1, rounded 2. G and B zero.
  auto word = [](unsigned r) { return std::uint16_t(r << 11); };
  ByteBuffer l0, truncated, rounded;
  for (unsigned r : {1u, 2u, 2u, 2u}) put_u16(l0, word(r));
  put_u16(truncated, word(1));
  put_u16(rounded, word(2));
  Tally t;
  count_texture(texm(2, 2, 565, {l0, truncated}), "T.0", t);
  count_texture(texm(2, 2, 565, {l0, rounded}), "R.0", t);
  EXPECT_EQ(counts(t, QuestionId::mip_truncated_mean).for_count, 1u);
  EXPECT_EQ(counts(t, QuestionId::mip_truncated_mean).against_count, 1u);
}

TEST(EvidenceTexture, OddSizesAndIndexedFormatsAreNotJudged) {
  Tally t;
  count_texture(texm(3, 2, 565, {ByteBuffer(12, 0), ByteBuffer(2, 0)}), "O.0", t);
  count_texture(texm(2, 2, 2, {ByteBuffer(4, 0), ByteBuffer(1, 0)}), "F2.0", t);
  EXPECT_EQ(counts(t, QuestionId::mip_truncated_mean).for_count, 0u);
  EXPECT_EQ(counts(t, QuestionId::mip_truncated_mean).against_count, 0u);
  EXPECT_EQ(counts(t, QuestionId::mip_truncated_mean).detail("levels_not_whole_blocks"), 1u);
  EXPECT_EQ(counts(t, QuestionId::mip_truncated_mean).detail("textures_indexed_skipped"), 1u);
  EXPECT_EQ(t.resources, 2u);
  EXPECT_EQ(t.unreadable, 0u);
}

TEST(EvidenceTexture, MalformedIsUnreadable) {
  Tally t;
  ByteBuffer cut = texm(4, 4, 8888, mips_4x4(3, false));
  cut.resize(cut.size() - 1);
  count_texture(cut, "X", t);
  count_texture(texm(2, 2, 1234, {ByteBuffer(8, 0)}), "X", t);
  count_texture(texm(0, 2, 565, {}), "X", t);
  count_texture(texm(2, 2, 0, {ByteBuffer(4, 0)}, ByteBuffer(1000, 0)), "X", t);
  EXPECT_EQ(t.unreadable, 4u);
  EXPECT_EQ(t.resources, 0u);
}

TEST(EvidenceModel, StillKeysQuaternionSlot) {
  ModelSpec parkan_reading, openparkan;
  openparkan.w_slot = 0x10;
  Tally good, flipped;
  count_model(model(parkan_reading), WearFacts{2, true}, good);
  count_model(model(openparkan), WearFacts{2, true}, flipped);
  EXPECT_EQ(counts(good, QuestionId::quaternion_w_slot).for_count, 1u);
  EXPECT_EQ(counts(good, QuestionId::quaternion_w_slot).against_count, 0u);
  EXPECT_EQ(counts(flipped, QuestionId::quaternion_w_slot).for_count, 0u);
  EXPECT_EQ(counts(flipped, QuestionId::quaternion_w_slot).against_count, 1u);
  EXPECT_EQ(judge(counts(flipped, QuestionId::quaternion_w_slot).for_count,
                  counts(flipped, QuestionId::quaternion_w_slot).against_count),
            Verdict::refuted);
}

TEST(EvidenceModel, FallbackIsTheLastFrame) {
  ModelSpec last, early;
  early.last_word = 2;
  Tally good, flipped;
  count_model(model(last), std::nullopt, good);
  count_model(model(early), std::nullopt, flipped);
  EXPECT_EQ(counts(good, QuestionId::fallback_is_last_frame).for_count, 1u);
  EXPECT_EQ(counts(flipped, QuestionId::fallback_is_last_frame).against_count, 1u);
  ModelSpec later;
  later.last_word = 4;  // names a key past the fallback
  Tally t;
  count_model(model(later), std::nullopt, t);
  EXPECT_EQ(counts(t, QuestionId::fallback_is_last_frame).against_count, 1u);
}

TEST(EvidenceModel, BatchRowByte4AgainstWord2) {
  ModelSpec byte4, word2, neither;
  byte4.batch_byte4 = 1, byte4.batch_word2 = 0;
  word2.batch_byte4 = 5, word2.batch_word2 = 1;
  neither.batch_byte4 = 9, neither.batch_word2 = 9;
  Tally t;
  for (const ModelSpec* s : {&byte4, &word2, &word2, &neither}) count_model(model(*s), WearFacts{2, true}, t);
  EXPECT_EQ(counts(t, QuestionId::batch_wear_row_byte4).for_count, 1u);
  EXPECT_EQ(counts(t, QuestionId::batch_wear_row_byte4).against_count, 2u);
  EXPECT_EQ(counts(t, QuestionId::batch_wear_row_byte4).detail("batches_neither_in_range"), 1u);
  Tally no_wear;
  count_model(model(byte4), std::nullopt, no_wear);
  EXPECT_EQ(counts(no_wear, QuestionId::batch_wear_row_byte4).detail("models_without_wear"), 1u);
}

TEST(EvidenceModel, UvWords) {
  ModelSpec low, high;
  high.uv_word = 0x8400;
  high.type18 = false;
  Tally t;
  count_model(model(low), std::nullopt, t);   // types 5 and 18: 12 words
  count_model(model(high), std::nullopt, t);  // type 5: 6 words
  EXPECT_EQ(counts(t, QuestionId::uv_u16).for_count, 12u);
  EXPECT_EQ(counts(t, QuestionId::uv_u16).against_count, 6u);
}

TEST(EvidenceModel, Type18ExactlyWithLightmaps) {
  ModelSpec with18, without18;
  without18.type18 = false;
  Tally t;
  count_model(model(with18), WearFacts{2, true}, t);     // both
  count_model(model(without18), WearFacts{2, false}, t);  // neither
  count_model(model(with18), WearFacts{2, false}, t);     // 18 without LIGHTMAPS
  count_model(model(without18), WearFacts{2, true}, t);   // LIGHTMAPS without 18
  EXPECT_EQ(counts(t, QuestionId::type18_with_lightmaps).for_count, 2u);
  EXPECT_EQ(counts(t, QuestionId::type18_with_lightmaps).against_count, 2u);
  EXPECT_EQ(counts(t, QuestionId::type18_with_lightmaps).detail("models_with_both"), 1u);
}

TEST(EvidenceModel, TerrainsAndModelsWithoutKeysAreNotJudged) {
  // docs/formats/msh.md 9.1: a terrain has types 1, 5, 18 and 21 and no 6, 13 or 8.
  ByteBuffer nodes;
  put_node(nodes, 0xFFFF, 0);
  const ByteBuffer terrain = nres({{1, "Res1", nodes, 1, 0, 38}, {5, "Res5", ByteBuffer(4, 0)},
                                   {18, "Res18", ByteBuffer(4, 0)}, {21, "Res21", ByteBuffer(28, 0)}});
  Tally t;
  count_model(terrain, WearFacts{1, false}, t);
  EXPECT_EQ(counts(t, QuestionId::type18_with_lightmaps).for_count + counts(t, QuestionId::type18_with_lightmaps).against_count, 0u);
  EXPECT_EQ(counts(t, QuestionId::type18_with_lightmaps).detail("terrain_models_skipped"), 1u);
  EXPECT_EQ(counts(t, QuestionId::quaternion_w_slot).detail("models_without_keys"), 1u);
  EXPECT_EQ(counts(t, QuestionId::quaternion_w_slot).detail("fallback_out_of_range"), 0u);
  EXPECT_EQ(counts(t, QuestionId::uv_u16).for_count, 4u);
}

TEST(EvidenceModel, MalformedIsUnreadable) {
  Tally t;
  ByteBuffer m = model(ModelSpec{});
  count_model(ByteView(m).first(20), std::nullopt, t);
  count_model(nres({{8, "Res8", ByteBuffer(24, 0)}}), std::nullopt, t);  // no node table
  EXPECT_EQ(t.unreadable, 2u);
}

TEST(EvidenceArchive, SortFold) {
  // "B_X" before "BA" with the lower-case fold ('_' 0x5F < 'a' 0x61), after it with the upper-case one.
  const std::vector<NresRow> rows{{1, "BA", {}}, {1, "B_X", {}}, {1, "C", {}}};
  Tally t;
  EXPECT_TRUE(count_nres_sort_table(nres(rows, SortTable::lower_fold), t));
  EXPECT_TRUE(count_nres_sort_table(nres(rows, SortTable::upper_fold), t));
  EXPECT_TRUE(count_nres_sort_table(nres(rows, SortTable::reversed), t));
  EXPECT_TRUE(count_nres_sort_table(nres({{1, "ONLY", {}}}), t));
  EXPECT_FALSE(count_nres_sort_table(text_bytes("not an archive"), t));
  const QuestionCounts& q = counts(t, QuestionId::nres_sort_fold);
  EXPECT_EQ(q.for_count, 1u);
  EXPECT_EQ(q.against_count, 2u);
  EXPECT_EQ(q.detail("archives_upper_fold"), 1u);
  EXPECT_EQ(q.detail("archives_unsorted"), 1u);
  EXPECT_EQ(q.detail("archives_below_two_entries"), 1u);
  ByteBuffer twice = nres(rows);
  std::memcpy(twice.data() + twice.size() - 4, twice.data() + twice.size() - 68, 4);  // a repeated index
  Tally bad;
  count_nres_sort_table(twice, bad);
  EXPECT_EQ(counts(bad, QuestionId::nres_sort_fold).detail("archives_not_a_permutation"), 1u);
}

TEST(EvidenceArchive, RsliHeaderWords) {
  // docs/formats/rsli.md 2: +0x06 the count again, +0x10 the sum of the unpacked sizes.
  ByteBuffer header(32, 0);
  header[4] = 3, header[6] = 3, header[0x10] = 0x39, header[0x11] = 0x05;  // 1337
  Tally t;
  count_rsli_header(header, 3, 1337, t);
  count_rsli_header(header, 3, 1338, t);
  header[6] = 0;
  count_rsli_header(header, 3, 1337, t);
  const QuestionCounts& q = counts(t, QuestionId::rsli_header_counts);
  EXPECT_EQ(q.for_count, 1u);
  EXPECT_EQ(q.against_count, 2u);
  EXPECT_EQ(q.detail("libraries_size_mismatch"), 1u);
  EXPECT_EQ(q.detail("libraries_count_mismatch"), 1u);
}

TEST(EvidenceMaterial, K2AndPageCells) {
  Tally t;
  count_texture(texm(2, 2, 565, {ByteBuffer(8, 0)}, {}, 2), "Paged.0", t);
  count_texture(texm(2, 2, 565, {ByteBuffer(8, 0)}), "PLAIN.0", t);
  count_material(mat0({{1, "PAGED.0"}, {2, "paged.0"}, {0, "PLAIN.0"}, {0xFF, "PLAIN.0"}, {0, "MISSING.0"}, {3, ""}},
                      {0, 0, 5}),
                 6, t);
  resolve_page_cells(t);
  const QuestionCounts& k2 = counts(t, QuestionId::mat0_k2_zero);
  EXPECT_EQ(k2.for_count, 2u);
  EXPECT_EQ(k2.against_count, 1u);
  const QuestionCounts& cells = counts(t, QuestionId::page_cell_in_range);
  EXPECT_EQ(cells.for_count, 1u);
  EXPECT_EQ(cells.against_count, 2u);
  EXPECT_EQ(cells.detail("phases_texture_without_page"), 1u);
  EXPECT_EQ(cells.detail("phases_whole_texture"), 1u);
  EXPECT_EQ(cells.detail("phases_texture_not_found"), 1u);
  EXPECT_EQ(cells.detail("phases_cell_without_texture"), 1u);
}

TEST(EvidenceMaterial, PageCellsLookInTexturesLibFirst) {
  Tally t;
  t.textures.push_back({"sun.0", 0, false});  // a lightmap of the same name, earlier in scan order
  t.textures.push_back({"sun.0", 3, true});
  count_material(mat0({{2, "SUN.0"}}, {}), 6, t);
  resolve_page_cells(t);
  EXPECT_EQ(counts(t, QuestionId::page_cell_in_range).for_count, 1u);
  EXPECT_EQ(counts(t, QuestionId::page_cell_in_range).against_count, 0u);
}

TEST(EvidenceMaterial, MalformedIsUnreadable) {
  Tally t;
  ByteBuffer m = mat0({{1, "A"}}, {0});
  m.push_back(0);  // a byte past the last key
  count_material(m, 6, t);
  ByteBuffer cut = mat0({{1, "A"}}, {0});
  cut.resize(cut.size() - 2);
  count_material(cut, 6, t);
  count_material(mat0({{1, "A"}}, {0}), 0, t);  // no prefix expected: the sizes no longer add up
  EXPECT_EQ(t.unreadable, 3u);
  EXPECT_EQ(t.resources, 0u);
}

TEST(EvidenceWear, RowsAndLightmaps) {
  auto facts = read_wear_facts(text_bytes("2\r\n0 A\r\n1 B\r\n\r\nlightmaps\r\n1\r\n0 LM.0\r\n"));
  ASSERT_TRUE(facts);
  EXPECT_EQ(facts->material_rows, 2u);
  EXPECT_TRUE(facts->has_lightmaps);
  facts = read_wear_facts(text_bytes("1\n0 A"));
  ASSERT_TRUE(facts);
  EXPECT_FALSE(facts->has_lightmaps);
  EXPECT_FALSE(read_wear_facts(text_bytes("3\n0 A\n")));
  EXPECT_FALSE(read_wear_facts(text_bytes("0\n")));
  EXPECT_FALSE(read_wear_facts(text_bytes("x\n")));
}

RC_GTEST_PROP(EvidenceFuzz, ArbitraryBytesNeverCrash, (std::vector<std::uint8_t> bytes, std::uint32_t attr2)) {
  Tally t;
  count_texture(bytes, "X", t);
  count_model(bytes, WearFacts{1, false}, t);
  count_material(bytes, attr2, t);
  count_nres_sort_table(bytes, t);
  (void)read_wear_facts(bytes);
  // A valid header in front of arbitrary bytes: the counts stop at what is present.
  ByteBuffer texture = texm(4, 4, 8888, {});
  texture.insert(texture.end(), bytes.begin(), bytes.end());
  count_texture(texture, "X", t);
  ByteBuffer archive = nres({{1, "Res1", bytes, 0, 0, 38}, {8, "Res8", bytes}, {19, "Res19", bytes, 0, 7}, {13, "Res13", bytes}});
  count_model(archive, WearFacts{2, true}, t);
  RC_SUCCEED();
}

class EvidenceGame : public ::testing::Test {
 protected:
  test::TempDir dir;
};

TEST_F(EvidenceGame, EveryReadingHoldsOnTheBuiltGame) {
  write_game(dir.path(), false);
  auto report = gather_evidence(dir.path(), {1});
  ASSERT_TRUE(report.ok()) << report.error().message;
  ASSERT_EQ(report->rows.size(), kQuestionCount);
  for (const Row& row : report->rows)
    EXPECT_EQ(row.verdict, Verdict::confirmed) << question_text(row.id).id << " " << row.for_count << "/" << row.against_count;
  EXPECT_EQ(report->files, 4u);
  EXPECT_EQ(report->unreadable, 0u);
  EXPECT_EQ(report->archives, 5u);  // Textures.lib, Material.lib, units.rlb, its model, sys.lib
  EXPECT_EQ(report->resources, 7u);  // 4 textures, 2 materials, 1 model
  const std::array<std::pair<std::uint64_t, std::uint64_t>, kQuestionCount> expected{{
      {1, 0}, {1, 0}, {1, 0}, {1, 0}, {1, 0}, {1, 0}, {12, 0}, {1, 0}, {1, 0}, {4, 0}, {1, 0}, {2, 0}, {2, 0}}};
  for (std::size_t i = 0; i < kQuestionCount; ++i) {
    EXPECT_EQ(report->rows[i].for_count, expected[i].first) << question_text(report->rows[i].id).id;
    EXPECT_EQ(report->rows[i].against_count, expected[i].second) << question_text(report->rows[i].id).id;
  }
}

TEST_F(EvidenceGame, EveryVerdictFlipsOnTheFlippedGame) {
  write_game(dir.path(), true);
  auto report = gather_evidence(dir.path(), {2});
  ASSERT_TRUE(report.ok()) << report.error().message;
  for (const Row& row : report->rows)
    EXPECT_EQ(row.verdict, Verdict::refuted) << question_text(row.id).id << " " << row.for_count << "/" << row.against_count;
  EXPECT_EQ(report->unreadable, 0u);
}

TEST_F(EvidenceGame, ThreadsDoNotChangeTheReport) {
  write_game(dir.path(), false);
  auto one = gather_evidence(dir.path(), {1});
  auto four = gather_evidence(dir.path(), {4});
  ASSERT_TRUE(one.ok() && four.ok());
  EXPECT_EQ(report_json(*one), report_json(*four));
}

TEST_F(EvidenceGame, JsonShapeAndNoNames) {
  write_game(dir.path(), false);
  auto report = gather_evidence(dir.path());
  ASSERT_TRUE(report.ok());
  const nlohmann::json doc = report_json(*report);
  ASSERT_EQ(doc.size(), 3u);
  ASSERT_EQ(doc["questions"].size(), kQuestionCount);
  const nlohmann::json& first = doc["questions"][0];
  EXPECT_EQ(first["id"], "quaternion_w_slot");
  EXPECT_EQ(first["reading"], "key quaternion w at +0x16 (x, y, z, w)");
  EXPECT_EQ(first["unit"], "key");
  EXPECT_EQ(first["for"], 1);
  EXPECT_EQ(first["against"], 0);
  EXPECT_EQ(first["verdict"], "confirmed");
  EXPECT_TRUE(first["details"].is_object());
  std::vector<std::string> keys;
  for (const auto& [key, value] : first.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"against", "details", "for", "id", "question", "reading", "unit", "verdict"}));
  EXPECT_EQ(doc["totals"], (nlohmann::json{{"files", 4}, {"archives", 5}, {"resources", 7}, {"unreadable", 0}}));
  EXPECT_EQ(doc["verdicts"], (nlohmann::json{{"confirmed", 13}, {"refuted", 0}, {"open", 0}}));
  const std::string text = doc.dump() + report_table(*report);
  for (const char* name : {"ALPHA", "PAGED", "GLOW", "tank", "units", "Textures", "MAT_A", "LM.0", "ONE", "first"})
    EXPECT_EQ(text.find(name), std::string::npos) << name;
}

TEST_F(EvidenceGame, MalformedFilesAreCountedNotFatal) {
  write_game(dir.path(), false);
  test::write_bytes(dir / "broken.lib", text_bytes("NRes\x00\x01\x00\x00\xFF\xFF\x00\x00"));
  test::write_bytes(dir / "broken_rsli.lib", ByteBuffer{'N', 'L', 0, 1, 5});
  test::write_bytes(dir / "readme.txt", text_bytes("hello"));
  auto report = gather_evidence(dir.path());
  ASSERT_TRUE(report.ok());
  EXPECT_EQ(report->files, 7u);
  EXPECT_EQ(report->unreadable, 2u);
  for (const Row& row : report->rows) EXPECT_EQ(row.verdict, Verdict::confirmed) << question_text(row.id).id;
}

TEST(EvidenceGameErrors, MissingFolderIsAnIoError) {
  test::TempDir dir;
  auto report = gather_evidence(dir / "absent");
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.error().code, ErrorCode::io);
}

TEST(EvidenceGameErrors, EmptyFolderLeavesEveryQuestionOpen) {
  test::TempDir dir;
  auto report = gather_evidence(dir.path());
  ASSERT_TRUE(report.ok());
  for (const Row& row : report->rows) EXPECT_EQ(row.verdict, Verdict::open);
  EXPECT_NE(report_table(*report).find("0 files, 0 archives, 0 resources, 0 unreadable"), std::string::npos);
}

}  // namespace
}  // namespace parkan::evidence
