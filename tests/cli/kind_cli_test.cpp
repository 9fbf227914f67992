// A payload of the wrong kind is named in one wording by every command (include/parkan/resource/kind.hpp,
// docs/cli.md: the resource.type rule).
#include <gtest/gtest.h>

#include "parkan/nres/write.hpp"
#include "support.hpp"

namespace parkan {
namespace {

using test::run_cli;

struct KindCli : ::testing::Test {
  test::TempDir dir;
  std::string write(const std::string& name, const ByteBuffer& bytes) {
    test::write_bytes(dir / name, bytes);
    return (dir / name).string();
  }
  // "Texm" = 54 65 78 6D as the type id and the payload's first bytes; "MAT0" = 4D 41 54 30.
  std::string textures() {
    const ByteBuffer texm{0x54, 0x65, 0x78, 0x6D, 0, 0, 0, 0};
    const ByteBuffer mat0{0, 0, 0, 0};
    std::vector<nres::EntrySpec> specs = {{0x6D786554, 0, 0, 0, "TEX.0", texm}, {0x3054414D, 0, 6, 0, "STONE", mat0}};
    return write("A.lib", nres::build(specs).value());
  }
};

// export gltf once said "bad magic: not an NRes archive" where msh info said what the entry is.
TEST_F(KindCli, ExportAndMshInfoNameAWrongEntryAlike) {
  const std::string lib = textures();
  const std::string expected = "parkan: error: " + lib + "::TEX.0: this entry is a Texm, not a model\n";
  auto exported = run_cli({"export", "gltf", lib + "::TEX.0", (dir / "x.glb").string()});
  EXPECT_EQ(exported.exit_code, 1);
  EXPECT_EQ(exported.err, expected);
  EXPECT_FALSE(std::filesystem::exists(dir / "x.glb"));
  auto info = run_cli({"msh", "info", lib + "::TEX.0"});
  EXPECT_EQ(info.exit_code, 1);
  EXPECT_EQ(info.err, expected);
}

TEST_F(KindCli, EveryReaderUsesTheSameWording) {
  const std::string lib = textures();
  auto mat0 = run_cli({"mat0", "dump", lib + "::TEX.0"});
  EXPECT_EQ(mat0.exit_code, 1);
  EXPECT_EQ(mat0.err, "parkan: error: " + lib + "::TEX.0: this entry is a Texm, not a MAT0\n");
  auto wear = run_cli({"wear", "parse", lib + "::STONE"});
  EXPECT_EQ(wear.exit_code, 1);
  EXPECT_EQ(wear.err, "parkan: error: " + lib + "::STONE: this entry is a MAT0, not a WEAR\n");
  auto texm = run_cli({"texm", "info", lib + "::STONE"});
  EXPECT_EQ(texm.exit_code, 1);
  EXPECT_EQ(texm.err, "parkan: error: " + lib + "::STONE: this entry is a MAT0, not a Texm\n");
  // A bare file by its magic.
  const std::string bare = write("rock.tex", ByteBuffer{0x54, 0x65, 0x78, 0x6D, 0, 0, 0, 0});
  auto bare_export = run_cli({"export", "gltf", bare, (dir / "y.glb").string()});
  EXPECT_EQ(bare_export.exit_code, 1);
  EXPECT_EQ(bare_export.err, "parkan: error: " + bare + ": this file is a Texm, not a model\n");
}

}  // namespace
}  // namespace parkan
