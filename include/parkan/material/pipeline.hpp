#pragma once
// The pipeline state of a material category, attr1 bits 2..5 (docs/formats/mat0.md
// 2.3). Categories 0..4 are confirmed; others have no table entry.
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace parkan::material {

enum class BlendFactor { zero, one, src_alpha, inv_src_alpha, src_color, dest_color };
std::string_view blend_factor_name(BlendFactor factor);  // "SRC_ALPHA", as in the table

struct PipelineCategory {
  std::uint32_t category;
  bool blending;       // false: ONE / ZERO, blending disabled
  BlendFactor src;
  BlendFactor dst;
  bool alpha_test;     // enabled with GREATER_EQUAL
};

inline constexpr std::array<PipelineCategory, 5> kPipelineCategories = {{
    {0, false, BlendFactor::one, BlendFactor::zero, false},
    {1, true, BlendFactor::src_alpha, BlendFactor::inv_src_alpha, true},
    {2, true, BlendFactor::src_alpha, BlendFactor::one, true},
    {3, true, BlendFactor::zero, BlendFactor::src_color, true},
    {4, true, BlendFactor::dest_color, BlendFactor::src_color, true},
}};
inline constexpr std::string_view kAlphaTestCompare = "GREATER_EQUAL";

// The table row, or nullopt for categories 5..15 (the engine leaves the state unchanged).
constexpr std::optional<PipelineCategory> pipeline_category(std::uint32_t category) {
  if (category < kPipelineCategories.size()) return kPipelineCategories[category];
  return std::nullopt;
}

}  // namespace parkan::material
