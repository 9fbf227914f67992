#pragma once
// The counts behind `parkan evidence` (docs/evidence.md): for each reading of a format that rests on
// outside evidence or is still open, how many resources (or keys, pixels, batches...) agree with it and
// how many disagree. Everything here counts from the raw bytes of the layouts in docs/formats/, so the
// answer does not depend on parkan's own readers: the readings under test are theirs.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parkan/core/bytes.hpp"

namespace parkan::evidence {

// One row of the report per question, in the order of docs/evidence.md.
enum class QuestionId : std::size_t {
  quaternion_w_slot,
  texm_8888_alpha_byte,
  texm_888_spare_zero,
  texm_palette_fourth_constant,
  batch_wear_row_byte4,
  fallback_is_last_frame,
  uv_u16,
  type18_with_lightmaps,
  rsli_header_counts,
  nres_sort_fold,
  page_cell_in_range,
  mat0_k2_zero,
  mip_truncated_mean,
};
inline constexpr std::size_t kQuestionCount = 13;

// A detail count of a question (what was seen besides for and against): a stable key and a count.
struct Detail {
  std::string key;
  std::uint64_t count = 0;
};

struct QuestionCounts {
  std::uint64_t for_count = 0;
  std::uint64_t against_count = 0;
  std::vector<Detail> details;  // in first-added order

  void add_detail(std::string_view key, std::uint64_t count = 1);
  std::uint64_t detail(std::string_view key) const;  // 0 when never added
};

// A Page chunk's rectangle count found for a texture name (folded to lower case), in scan order.
struct TexturePages {
  std::string folded_name;
  std::uint32_t rect_count = 0;  // 0 when the texture has no Page chunk
  bool in_texture_library = false;  // from Textures.lib, where the engine looks a material's texture up
};
// A phase that selects a Page cell, to be resolved once every texture is known.
struct PageCellUse {
  std::string folded_texture_name;
  std::int32_t cell = 0;  // p17 as a signed byte, >= 0
};

// Everything one pass counts; tallies of parallel passes are merged in scan order.
struct Tally {
  std::array<QuestionCounts, kQuestionCount> questions{};
  std::uint64_t archives = 0;    // NRes and RsLi files read (model files included)
  std::uint64_t resources = 0;   // textures, models, materials, WEAR texts counted
  std::uint64_t unreadable = 0;  // files, archives and resources skipped as malformed
  std::vector<TexturePages> textures;
  std::vector<PageCellUse> page_cells;

  QuestionCounts& operator[](QuestionId id) { return questions[static_cast<std::size_t>(id)]; }
  const QuestionCounts& operator[](QuestionId id) const { return questions[static_cast<std::size_t>(id)]; }
  void merge(const Tally& other);
};

// What a model's WEAR says about it (docs/formats/wear.md 2): its MATERIALS row count and whether
// a LIGHTMAPS block follows.
struct WearFacts {
  std::uint32_t material_rows = 0;
  bool has_lightmaps = false;
};
// The WEAR text's first count and its LIGHTMAPS block, by the C tokens of docs/formats/wear.md 2.3; nullopt when
// the text does not start with a row count >= 1 or its rows are cut short.
std::optional<WearFacts> read_wear_facts(ByteView text);

// One Texm payload (docs/formats/texm.md 2-4): questions texm_*, mip_truncated_mean, and its Page
// rectangle count under `folded_name`. A malformed payload counts as unreadable.
void count_texture(ByteView payload, std::string_view entry_name, Tally& tally);
// One model container (docs/formats/msh.md 1-5, docs/formats/msh-animation.md 2): the quaternion, batch, UV,
// fallback and type 18 questions, and its sort table. `wear` is its WEAR's facts when it has one.
void count_model(ByteView payload, const std::optional<WearFacts>& wear, Tally& tally);
// One MAT0 payload (docs/formats/mat0.md 3) with its entry's attr2: k2 and the Page cells it uses.
void count_material(ByteView payload, std::uint32_t attr2, Tally& tally);
// An NRes sort table (docs/formats/nres.md 4): does it follow the engine's lower-case fold?
// Returns false when the bytes are not an NRes archive (nothing counted).
bool count_nres_sort_table(ByteView archive, Tally& tally);
// An RsLi header (docs/formats/rsli.md 2): +0x06 against the entry count, +0x10 against the sum of
// the unpacked sizes of the rows.
void count_rsli_header(ByteView header, std::int16_t entry_count, std::uint64_t unpacked_total, Tally& tally);
// Resolves the page cells against the textures: the first of a name in Textures.lib, else the first of
// that name anywhere, in scan order.
void resolve_page_cells(Tally& tally);

}  // namespace parkan::evidence
