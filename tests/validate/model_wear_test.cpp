// A model against its WEAR (docs/formats/msh.md 12.1): the batch's WEAR row (byte +4) within the
// MATERIALS rows, lightmapped batches and type 18 against the LIGHTMAPS block; exact codes,
// severities, messages and offsets on the hand-built model of tests/msh/model_builders.hpp.
#include <gtest/gtest.h>

#include "../msh/model_builders.hpp"
#include "parkan/validate/model_wear.hpp"
#include "parkan/nres/archive.hpp"

namespace parkan::validate {
namespace {

std::uint64_t data_offset(const msh::Model& m, std::uint32_t type_id) {
  auto archive = nres::read(m.container, nres::Profile::compatible);
  for (const nres::Entry& e : archive->entries)
    if (e.type_id == type_id) return e.data_offset;
  return ~std::uint64_t(0);
}

msh::WearSummary summary(std::size_t rows, bool lightmaps) {
  msh::WearSummary wear;
  wear.name = "lit.wea";
  wear.material_names = std::vector<std::string>(rows, "STEEL");
  wear.has_lightmaps = lightmaps;
  return wear;
}

TEST(ModelWear, AMatchingWearHasNoFindings) {
  const msh::Model m = msh::test::read_ok(msh::test::hand_model_bytes());
  EXPECT_TRUE(check_model_wear(m, summary(4, true)).empty());
  msh::WearSummary missing;
  missing.name = "lit.wea";
  missing.problem = "not in the library";
  EXPECT_TRUE(check_model_wear(m, missing).empty());  // the missing table is another finding
}

TEST(ModelWear, RowAndLightmapsPastTheWear) {
  const msh::Model m = msh::test::read_ok(msh::test::hand_model_bytes());
  const std::vector<Diagnostic> found = check_model_wear(m, summary(3, false));
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0].code, "msh.batch.wear_row");
  EXPECT_EQ(found[0].severity, Severity::error);
  EXPECT_EQ(found[0].message,
            "batch 0: WEAR row 3 (byte +4) is past the 3 MATERIALS rows of lit.wea (docs/formats/msh.md 12.1)");
  EXPECT_EQ(found[0].location.offset, data_offset(m, msh::kBatchesType) + 4);
  EXPECT_EQ(found[1].code, "msh.batch.lightmap_wear");
  EXPECT_EQ(found[1].severity, Severity::error);
  EXPECT_EQ(found[1].location.offset, data_offset(m, msh::kBatchesType) + 5);
  EXPECT_EQ(found[2].code, "msh.lightmap_uv.wear");
  EXPECT_EQ(found[2].severity, Severity::warning);
  EXPECT_EQ(found[2].message,
            "type 18 lightmap UVs, but lit.wea has no LIGHTMAPS block (docs/formats/msh.md 4.3: type 18 exactly "
            "where the WEAR has LIGHTMAPS)");
  EXPECT_EQ(found[2].location.offset, data_offset(m, msh::kLightmapUvType));
}

TEST(ModelWear, LightmapsWithoutTypeEighteen) {
  const msh::Model box = msh::test::read_ok(msh::test::written(msh::test::box_model()));
  const std::vector<Diagnostic> found = check_model_wear(box, summary(3, true));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].code, "msh.lightmap_uv.wear");
  EXPECT_EQ(found[0].message,
            "lit.wea has LIGHTMAPS, but the model has no type 18 lightmap UVs (docs/formats/msh.md 4.3: type 18 "
            "exactly where the WEAR has LIGHTMAPS)");
  EXPECT_FALSE(found[0].location.offset);  // no type 18 to point at
  msh::Model built = msh::test::box_model();  // no container: no offsets
  built.batches[0].wear_row = 7;
  const std::vector<Diagnostic> in_code = check_model_wear(built, summary(3, false));
  ASSERT_EQ(in_code.size(), 1u);
  EXPECT_EQ(in_code[0].code, "msh.batch.wear_row");
  EXPECT_FALSE(in_code[0].location.offset);
}

}  // namespace
}  // namespace parkan::validate
