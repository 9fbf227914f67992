// The map from above (terrain_map.hpp): level-0 faces through the terrain's material chain, one
// average colour per Land1.wea row, filled by triangle_fill.cpp.
#include "parkan/export/terrain_map.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include <fmt/format.h>

#include "export/gltf_internal.hpp"
#include "export/triangle_fill.hpp"
#include "parkan/core/text.hpp"
#include "parkan/material/wear.hpp"

namespace parkan::topdown {

namespace {

using Colour = std::array<float, 3>;

// A row without a texture (no material, no texture, a texture that does not decode): a fixed colour of
// its own, so that neighbouring rows still tell apart.
constexpr std::array<Colour, 8> kRowFallback = {{{118, 128, 72},
                                                  {140, 118, 84},
                                                  {96, 110, 70},
                                                  {150, 140, 110},
                                                  {110, 96, 80},
                                                  {130, 136, 96},
                                                  {88, 100, 88},
                                                  {160, 150, 120}}};
constexpr Colour kWaterTint = {40, 96, 170};
constexpr float kWaterWeight = 0.6f;      // of the tint over the face's own colour
constexpr float kShadeFloor = 0.45f;      // the brightness of a vertical face; 1 for a flat one
constexpr float kFaceNormalScale = 32767.0f;

std::vector<std::string> map_wear_rows(resource::Game& game, const std::string& path,
                                       std::vector<Diagnostic>& warnings) {
  auto payload = game.get(path);
  auto wear = payload ? material::parse_wear(payload->bytes(), material::WearParser::file)
                      : Result<material::Wear>(payload.error());
  if (!wear) {
    warnings.push_back(Diagnostic{"view.map.wear", Severity::warning, Location{path, {}, {}},
                                  fmt::format("{}: {}: every face gets its row's fixed colour", cp1251_to_utf8(path),
                                              wear.error().message)});
    return {};
  }
  std::vector<std::string> rows;
  for (const material::WearRow& row : wear->materials) rows.push_back(row.name);
  return rows;
}

// The mean RGB of a decoded texture, or nullopt without pixels.
std::optional<Colour> mean_colour(const texm::Image& image) {
  const std::size_t pixels = std::size_t(image.width) * image.height;
  if (pixels == 0 || image.rgba.size() < pixels * 4) return std::nullopt;
  std::array<double, 3> sum{};
  for (std::size_t i = 0; i < pixels; ++i)
    for (std::size_t c = 0; c < 3; ++c) sum[c] += image.rgba[i * 4 + c];
  return Colour{float(sum[0] / double(pixels)), float(sum[1] / double(pixels)), float(sum[2] / double(pixels))};
}

}  // namespace

Extent terrain_extent(const terrain::Terrain& land) {
  Extent e{std::numeric_limits<float>::max(), std::numeric_limits<float>::max(), std::numeric_limits<float>::lowest(),
           std::numeric_limits<float>::lowest()};
  bool any = false;
  for (const terrain::Vec3& p : land.positions) {
    if (!std::isfinite(p.x) || !std::isfinite(p.y)) continue;
    any = true;
    e.min_x = std::min(e.min_x, p.x);
    e.min_y = std::min(e.min_y, p.y);
    e.max_x = std::max(e.max_x, p.x);
    e.max_y = std::max(e.max_y, p.y);
  }
  return any ? e : Extent{};
}

std::array<std::uint32_t, 2> map_image_size(const Extent& extent, std::uint32_t size) {
  const double width = std::max(0.0, double(extent.max_x) - double(extent.min_x));
  const double height = std::max(0.0, double(extent.max_y) - double(extent.min_y));
  if (width <= 0.0 || height <= 0.0 || width == height) return {size, size};
  auto scaled = [&](double part, double whole) {
    return std::clamp<std::uint32_t>(std::uint32_t(std::lround(double(size) * part / whole)), 1u, size);
  };
  if (width > height) return {size, scaled(height, width)};
  return {scaled(width, height), size};
}

Result<MapImage> render_map(resource::Game& game, const std::string& map_folder, std::uint32_t size) {
  if (size == 0) return invalid_rule("view.bad_request", "the map image needs a size of at least 1 pixel");
  const std::string land_path = map_folder + "/Land.msh";
  PARKAN_ASSIGN(resource::Payload payload, game.get(land_path));
  PARKAN_ASSIGN(terrain::Terrain land, terrain::read_terrain(payload.bytes()));
  MapImage out;
  out.extent = terrain_extent(land);
  const auto [width, height] = map_image_size(out.extent, size);
  out.image.width = width;
  out.image.height = height;
  out.image.rgba = texm::PixelBuffer(std::size_t(width) * height * 4, 0);

  gltf::detail::MaterialChain chain(map_wear_rows(game, map_folder + "/Land1.wea", out.warnings),
                                    cp1251_to_utf8(map_folder + "/Land1.wea"), &game, out.warnings);
  std::map<std::uint8_t, Colour> row_colours;  // each row's texture decoded once
  auto colour_of = [&](std::uint8_t row) -> Colour {
    if (auto found = row_colours.find(row); found != row_colours.end()) return found->second;
    Colour c = kRowFallback[row % kRowFallback.size()];
    if (row < chain.row_count()) {
      const gltf::detail::ResolvedMaterial& resolved = chain.resolve(row);
      if (resolved.image)
        if (auto mean = mean_colour(*resolved.image)) c = *mean;
    }
    return row_colours.emplace(row, c).first->second;
  };

  const double span_x = std::max(1e-6, double(out.extent.max_x) - double(out.extent.min_x));
  const double span_y = std::max(1e-6, double(out.extent.max_y) - double(out.extent.min_y));
  const double scale_x = double(width) / span_x, scale_y = double(height) / span_y;
  const std::size_t vertex_count = land.positions.size();
  const std::size_t lod0 = std::min(land.lod_split, land.faces.size());
  for (std::size_t f = 0; f < lod0; ++f) {
    const terrain::Face& face = land.faces[f];
    if (face.bed()) continue;  // under a liquid: the water face above is drawn
    bool inside = true;
    for (std::uint16_t v : face.vertices) inside = inside && v < vertex_count;
    if (!inside) continue;
    Colour c = colour_of(face.tex1);
    if (face.has_second_material()) {
      float alpha = 0.0f;
      if (land.alpha && land.alpha->size() == vertex_count) {
        for (std::uint16_t v : face.vertices) alpha += (*land.alpha)[v];
        alpha /= 3.0f;
      }
      if (!std::isfinite(alpha)) alpha = 0.0f;
      alpha = std::clamp(alpha, 0.0f, 1.0f);
      const Colour over = colour_of(face.tex2);
      for (std::size_t i = 0; i < 3; ++i) c[i] = c[i] * (1.0f - alpha) + over[i] * alpha;
    }
    const float nx = float(face.normal[0]) / kFaceNormalScale, ny = float(face.normal[1]) / kFaceNormalScale,
                nz = float(face.normal[2]) / kFaceNormalScale;
    const float length = std::sqrt(nx * nx + ny * ny + nz * nz);
    const float z = length > 0.0f && std::isfinite(length) ? std::fabs(nz) / length : 1.0f;
    const float shade = kShadeFloor + (1.0f - kShadeFloor) * z;
    if (face.water())
      for (std::size_t i = 0; i < 3; ++i) c[i] = c[i] * (1.0f - kWaterWeight) + kWaterTint[i] * kWaterWeight;
    std::array<std::uint8_t, 4> rgba{0, 0, 0, 255};
    for (std::size_t i = 0; i < 3; ++i) rgba[i] = std::uint8_t(std::clamp(std::lround(c[i] * shade), 0L, 255L));
    std::array<detail::Point, 3> corners;
    for (std::size_t i = 0; i < 3; ++i) {
      const terrain::Vec3& p = land.positions[face.vertices[i]];
      corners[i] = {float((double(p.x) - out.extent.min_x) * scale_x), float((out.extent.max_y - double(p.y)) * scale_y)};
    }
    detail::fill_triangle(out.image, corners, rgba);
  }
  return out;
}

}  // namespace parkan::topdown
