#include "parkan/texm/palette.hpp"

#include <map>

#include <gtest/gtest.h>

namespace parkan::texm {
namespace {

TEST(PaletteBank, SlotNames) {
  EXPECT_EQ(kPaletteSlots, 286u);
  EXPECT_EQ(palette_slot_name(0), "A.PAL");
  EXPECT_EQ(palette_slot_name(1), "A0.PAL");
  EXPECT_EQ(palette_slot_name(10), "A9.PAL");
  EXPECT_EQ(palette_slot_name(11), "B.PAL");
  EXPECT_EQ(palette_slot_name(285), "Z9.PAL");
}

TEST(PaletteBank, MissingSlotsStayEmpty) {
  const std::uint8_t a[1] = {1}, b9[1] = {2};
  std::map<std::string, ByteView, std::less<>> files{{"A.PAL", ByteView(a)}, {"B9.PAL", ByteView(b9)}};
  PaletteBank bank = load_palette_bank([&](std::string_view name) -> std::optional<ByteView> {
    auto it = files.find(name);
    if (it == files.end()) return std::nullopt;
    return it->second;
  });
  EXPECT_EQ(bank.loaded(), 2u);
  ASSERT_TRUE(bank.slots[0].has_value());
  EXPECT_EQ((*bank.slots[0])[0], 1);
  ASSERT_TRUE(bank.slots[1 * 11 + 10].has_value());
  EXPECT_FALSE(bank.slots[1].has_value());
}

TEST(PaletteName, EngineRule) {
  EXPECT_EQ(palette_index_from_name("GRASS.A").index, 0);
  EXPECT_EQ(palette_index_from_name("grass.b").index, 11);
  EXPECT_EQ(palette_index_from_name("ROCK.B3").index, 11 + 4);
  EXPECT_EQ(palette_index_from_name("SKY.Z9").index, 285);
  EXPECT_EQ(palette_index_from_name("SKY.Z9X").index, 285);  // only two characters are read
  NamePalette stock = palette_index_from_name("NAME.0");  // '0' - 'A' < 0: no palette
  EXPECT_FALSE(stock.bad_name);
  EXPECT_EQ(stock.index, -1);
  EXPECT_FALSE(stock.has_palette());
  EXPECT_EQ(palette_index_from_name("NAME.").index, -1);
  EXPECT_EQ(palette_index_from_name(".A").index, 0);                  // dot at position 0
  EXPECT_EQ(palette_index_from_name("A.B.C").index, 11 - 1);          // first dot; D = '.' counts as -1
  EXPECT_EQ(palette_index_from_name("ABCDEFGHIJKLMNOP.C").index, 22); // dot at position 16
  EXPECT_EQ(palette_name_warning(palette_index_from_name("GRASS.A")), "");
}

TEST(PaletteName, BadNameAndIndexOutsideTheBank) {
  NamePalette bad = palette_index_from_name("ABCDEFGHIJKLMNOPQ.A");  // dot at position 17
  EXPECT_TRUE(bad.bad_name);
  EXPECT_FALSE(bad.has_palette());
  EXPECT_EQ(palette_name_warning(bad), "Bad texture name.");
  EXPECT_TRUE(palette_index_from_name("NODOT").bad_name);
  EXPECT_TRUE(palette_index_from_name("").bad_name);

  NamePalette past = palette_index_from_name("T.[");  // '[' - 'A' = 26
  EXPECT_EQ(past.index, 286);
  EXPECT_TRUE(past.outside_bank());
  EXPECT_EQ(palette_name_warning(past), "palette index 286 >= 286: the engine would read past its palette bank");
  EXPECT_EQ(palette_index_from_name("T.~").index, (126 - 65) * 11);
  EXPECT_EQ(palette_index_from_name("T.Az").index, 'z' - '0' + 1);  // a letter as variant: in range, still read
  EXPECT_EQ(palette_index_from_name("T.\xC0").index, -1);            // signed char: negative
  EXPECT_FALSE(palette_index_from_name("T.Z\xFF").outside_bank());    // 275 + (-1 - 48 + 1) = 227
  EXPECT_EQ(palette_index_from_name("T.Z\xFF").index, 275 - 48);
}

TEST(PalResource, ReadWriteAndErrors) {
  ByteBuffer bytes(kPalSize);
  for (std::size_t i = 0; i < 1024; ++i) bytes[i] = std::uint8_t(i);
  store_u32(bytes.data() + 1024, kIpolMagic);
  bytes[1028] = 0x5A;
  bytes.back() = 0xA5;
  auto pal = read_pal(bytes);
  ASSERT_TRUE(pal.ok()) << pal.error().to_string();
  EXPECT_EQ(pal->rgba(1), (std::array<std::uint8_t, 4>{6, 5, 4, 255}));  // stored B, G, R, X
  EXPECT_EQ(pal->table.size(), 65536u);
  EXPECT_EQ(pal->table[0], 0x5A);
  EXPECT_EQ(write_pal(*pal), bytes);

  EXPECT_EQ(read_pal(ByteView(bytes).first(1000)).error().to_string(),
            "PAL resource has 1000 bytes, must be 66564 (palette, \"Ipol\", table) at offset 0x0");
  bytes[1024] = 'X';
  EXPECT_EQ(read_pal(bytes).error().to_string(), "PAL resource: bad marker 0x6c6f7058, expected \"Ipol\" at offset 0x400");
}

}  // namespace
}  // namespace parkan::texm
