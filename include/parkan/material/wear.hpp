#pragma once
// WEAR texts (docs/formats/wear.md): the engine's two parsers, a canonical and a lossless
// writer, the editor's validator. Names are bytes (cp1251), kept as read.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "parkan/core/bytes.hpp"
#include "parkan/core/diagnostic.hpp"

namespace parkan::material {

inline constexpr std::string_view kIllegalWearLength = "Illegal wear length.";
inline constexpr std::string_view kIllegalLightmapsLength = "Illegal lightmaps length.";
inline constexpr std::string_view kLightmapsMarker = "LIGHTMAPS";
// MatManager holds 70 tables (docs/runtime.md 3); tools require fewer (docs/formats/wear.md 5).
inline constexpr std::size_t kMaxWearTables = 70;

struct WearRow {
  std::int32_t legacy_id = 0;  // read, never used as a key (docs/formats/wear.md 2)
  std::string name;            // the key: a material or lightmap name
  bool operator==(const WearRow&) const = default;
};

struct Wear {
  std::vector<WearRow> materials;
  bool has_lightmaps = false;  // a LIGHTMAPS block was found
  std::vector<WearRow> lightmaps;
  bool operator==(const Wear&) const = default;
};

// The word that opens the lightmap block: "LIGHTMAPS" in any ASCII case, as both parsers compare it.
bool is_lightmaps_marker(std::string_view token);

// The engine has two WEAR parsers (docs/formats/wear.md 3).
enum class WearParser {
  file,    // the stream parser (sub_10003B10): fscanf; reads the count right after LIGHTMAPS
  buffer,  // the in-memory parser (sub_10003F80): sscanf at a cursor that moves line by line; two line
           // skips after LIGHTMAPS, so it needs the blank line before LIGHTMAPS
};

// Parses as the chosen engine parser does, including its misreads (a missing separator in buffer
// mode). Errors: the engine's messages for the counts, otherwise the line and row that could not be
// read; rule codes wear.materials.length, wear.lightmaps.length, wear.materials.row, wear.lightmaps.row.
Result<Wear> parse_wear(ByteView text, WearParser parser);

// "<count>\n" rows, then when there are lightmaps "\nLIGHTMAPS\n<count>\n" rows; "\n" line ends.
ByteBuffer write_wear_canonical(const Wear& wear);
// The original bytes when they parse (file parser) to `wear`; otherwise the canonical text.
ByteBuffer write_wear(const Wear& wear, ByteView original);

// The editor's checks (docs/formats/wear.md 7.2): counts, one row per line, the blank separator before LIGHTMAPS, no
// stray text, both engine parsers read the same. Line numbers start at 1; offsets are in the text.
// Errors:
//   wear.materials.length   no material count, or one <= 0 ("Illegal wear length.")
//   wear.materials.row      a material row that is not "<legacy id> <name>"
//   wear.materials.trailing text after the material rows that is not a LIGHTMAPS block
//   wear.lightmaps.separator no blank line before LIGHTMAPS (the buffer parser misreads the block)
//   wear.lightmaps.length   no lightmap count, or one <= 0 ("Illegal lightmaps length.")
//   wear.lightmaps.row      a lightmap row that is not "<legacy id> <name>"
//   wear.lightmaps.trailing text after the lightmap rows
//   wear.parsers.disagree   the two engine parsers read different tables
//   wear.parsers.buffer     the buffer parser fails where the file parser succeeds
//   wear.parsers.file       the file parser fails where the buffer parser succeeds
// Warnings:
//   wear.materials.count_text, wear.lightmaps.count_text  text after a count (ignored)
//   wear.materials.row_text, wear.lightmaps.row_text      text after a row's name (ignored)
std::vector<Diagnostic> check_wear(ByteView text);
// docs/formats/wear.md 5: the number of tables a MatManager would load must stay below 70 (rule wear.tables.count).
Status check_wear_table_count(std::size_t tables);

// The engine's message when a wear file or entry cannot be opened (docs/formats/wear.md 4.1).
std::string wear_not_found_message(std::string_view name);

}  // namespace parkan::material
