#pragma once
// Text helpers: cp1251 for display (names and WEAR texts are bytes; docs/cli.md 1.3),
// the engine's ASCII case fold, and floats in shortest round-trip form for JSON.
#include <optional>
#include <string>
#include <string_view>

namespace parkan {

// Bytes 0x00..0x7F unchanged, 0x80..0xFF as cp1251, to UTF-8.
std::string cp1251_to_utf8(std::string_view bytes);
// The inverse; nullopt when the text has a character cp1251 cannot hold.
std::optional<std::string> utf8_to_cp1251(std::string_view utf8);

// Text for one line of a terminal or a log: control bytes (0x00..0x1F, 0x7F) become \n, \t, \r or
// \xHH, so that a name holding a newline or an escape sequence cannot split a line, forge one or
// colour the terminal. Everything else, UTF-8 included, is unchanged.
std::string escape_control(std::string_view text);

// MSVC _strcmpi's fold: A..Z to a..z, every other byte unchanged (docs/formats/nres.md 4).
constexpr unsigned char fold_lower(unsigned char c) { return (c >= 'A' && c <= 'Z') ? c + 32 : c; }
// The other public source's fold (docs/formats/nres.md 4.4), needed to search tables sorted with it.
constexpr unsigned char fold_upper(unsigned char c) { return (c >= 'a' && c <= 'z') ? c - 32 : c; }
// `text` with fold_lower applied to every byte: names and file names as the engine and case-insensitive
// file systems compare them.
std::string fold_lower_text(std::string_view text);

// The decimal double nearest to the shortest text that reads back as `value` when parsed as a
// float, so that a JSON printer that prints doubles shortest prints "0.1" for 0.1f.
double float_for_json(float value);

}  // namespace parkan
