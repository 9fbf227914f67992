// The material questions of docs/evidence.md: k2 of the MAT0 animation keys (docs/formats/mat0.md 3.4)
// and the Page cells that p17 selects (docs/formats/mat0.md 4.1, docs/formats/texm.md 4), plus the facts of a WEAR text that the
// model questions need (docs/formats/wear.md 2).
#include <algorithm>
#include <map>

#include "evidence/raw_nres.hpp"
#include "parkan/evidence/tally.hpp"
#include "parkan/material/model.hpp"

namespace parkan::evidence {

namespace {

// The layout is the format's (parkan/material/model.hpp, docs/formats/mat0.md 3); the walk below
// keeps its own bounds, so that a payload the reader refuses is counted as unreadable, not fatal.
using material::kBlockHeaderSize;
using material::kPhaseSize;
constexpr std::size_t kTextureNameOffset = material::kParamCount;  // the name follows p0..p17 (4.1, 4.2)

bool is_c_space(std::uint8_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

// The next run of bytes that are neither C white space nor NUL (docs/formats/wear.md 2.3).
std::optional<std::string_view> next_token(std::string_view text, std::size_t& at) {
  while (at < text.size() && (is_c_space(static_cast<std::uint8_t>(text[at])) || text[at] == 0)) ++at;
  if (at == text.size()) return std::nullopt;
  const std::size_t start = at;
  while (at < text.size() && !is_c_space(static_cast<std::uint8_t>(text[at])) && text[at] != 0) ++at;
  return text.substr(start, at - start);
}

// %d: an optional sign and decimal digits, accumulated in a wrapping 32-bit value (docs/formats/wear.md 2.3).
std::optional<std::int32_t> c_integer(std::string_view token) {
  std::size_t i = 0;
  bool negative = false;
  if (i < token.size() && (token[i] == '+' || token[i] == '-')) negative = token[i++] == '-';
  if (i == token.size() || token[i] < '0' || token[i] > '9') return std::nullopt;
  std::uint32_t value = 0;
  for (; i < token.size() && token[i] >= '0' && token[i] <= '9'; ++i) value = value * 10 + std::uint32_t(token[i] - '0');
  if (negative) value = 0u - value;
  return static_cast<std::int32_t>(value);
}

}  // namespace

std::optional<WearFacts> read_wear_facts(ByteView bytes) {
  const std::string_view text = as_chars(bytes);
  std::size_t at = 0;
  const auto first = next_token(text, at);
  const std::optional<std::int32_t> count = first ? c_integer(*first) : std::nullopt;
  if (!count || *count < 1) return std::nullopt;
  WearFacts facts;
  facts.material_rows = static_cast<std::uint32_t>(*count);
  for (std::int32_t row = 0; row < *count; ++row)
    if (!next_token(text, at) || !next_token(text, at)) return std::nullopt;
  if (const auto word = next_token(text, at); word && detail::same_name_folded(*word, "lightmaps")) {
    const auto lightmaps = next_token(text, at);
    const std::optional<std::int32_t> n = lightmaps ? c_integer(*lightmaps) : std::nullopt;
    facts.has_lightmaps = n && *n >= 1;
  }
  return facts;
}

void count_material(ByteView payload, std::uint32_t attr2, Tally& tally) {
  if (payload.size() < material::kHeaderSize) {
    ++tally.unreadable;
    return;
  }
  const std::uint16_t phases = load_u16(payload.data());
  const std::uint16_t blocks = load_u16(payload.data() + 2);
  const std::uint64_t phase_table = material::kHeaderSize + material::prefix_size(attr2);
  if (blocks > material::kMaxAnimBlocks || !range_fits(phase_table, std::uint64_t(phases) * kPhaseSize, payload.size())) {
    ++tally.unreadable;
    return;
  }
  // Walk the blocks first: a payload that does not end where its last key does counts for nothing.
  std::uint64_t at = phase_table + std::uint64_t(phases) * kPhaseSize;
  std::vector<std::pair<std::uint64_t, std::uint16_t>> key_runs;  // offset, key count
  for (std::uint16_t b = 0; b < blocks; ++b) {
    if (!range_fits(at, kBlockHeaderSize, payload.size())) {
      ++tally.unreadable;
      return;
    }
    const std::uint16_t keys = load_u16(payload.data() + at + 4);
    at += kBlockHeaderSize;
    if (!range_fits(at, std::uint64_t(keys) * material::kKeySize, payload.size())) {
      ++tally.unreadable;
      return;
    }
    key_runs.emplace_back(at, keys);
    at += std::uint64_t(keys) * material::kKeySize;
  }
  if (at != payload.size()) {
    ++tally.unreadable;
    return;
  }
  ++tally.resources;

  QuestionCounts& k2 = tally[QuestionId::mat0_k2_zero];
  for (const auto& [offset, keys] : key_runs)
    for (std::uint16_t k = 0; k < keys; ++k) {
      if (load_u16(payload.data() + offset + k * material::kKeySize + 4) == 0)
        ++k2.for_count;
      else
        ++k2.against_count;
    }

  QuestionCounts& cells = tally[QuestionId::page_cell_in_range];
  for (std::uint16_t p = 0; p < phases; ++p) {
    const std::uint8_t* phase = payload.data() + phase_table + std::size_t(p) * kPhaseSize;
    const auto cell = static_cast<std::int8_t>(phase[17]);
    const char* name = reinterpret_cast<const char*>(phase + kTextureNameOffset);
    const std::size_t length = std::find(name, name + material::kTextureFieldSize, '\0') - name;
    if (cell < 0) {
      cells.add_detail(cell == -1 ? "phases_whole_texture" : "phases_other_negative");
    } else if (length == 0) {
      cells.add_detail("phases_cell_without_texture");
    } else {
      tally.page_cells.push_back({detail::fold_name(std::string_view(name, length)), cell});
    }
  }
}

void resolve_page_cells(Tally& tally) {
  std::map<std::string, std::uint32_t, std::less<>> rects;
  for (const bool library : {true, false})  // emplace keeps the first one
    for (const TexturePages& t : tally.textures)
      if (t.in_texture_library == library) rects.emplace(t.folded_name, t.rect_count);
  QuestionCounts& q = tally[QuestionId::page_cell_in_range];
  for (const PageCellUse& use : tally.page_cells) {
    const auto found = rects.find(use.folded_texture_name);
    if (found == rects.end()) {
      q.add_detail("phases_texture_not_found");
    } else if (std::uint32_t(use.cell) < found->second) {
      ++q.for_count;
    } else {
      ++q.against_count;
      if (found->second == 0) q.add_detail("phases_texture_without_page");
    }
  }
  tally.page_cells.clear();
}

}  // namespace parkan::evidence
