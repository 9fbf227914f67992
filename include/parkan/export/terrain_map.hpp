#pragma once
// A map seen from above (docs/view.md 3.2): the terrain's level-0 faces rasterised into an RGBA image,
// each face coloured by the average colour of its tex1 material's texture (Land1.wea -> Material.lib ->
// Textures.lib, the chain the glTF export takes), tex2's colour blended over by the face's mean stream-14
// alpha, shaded by the face normal's z, water faces tinted. North (+y) is up; the longer side of the
// map's XY extent is `size` pixels, the other in proportion (at least 1).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "parkan/core/diagnostic.hpp"
#include "parkan/core/error.hpp"
#include "parkan/resource/game.hpp"
#include "parkan/terrain/land.hpp"
#include "parkan/texm/image.hpp"

namespace parkan::topdown {

// The XY extent of a terrain's vertices (level 0 and 1 share them).
struct Extent {
  float min_x = 0, min_y = 0, max_x = 0, max_y = 0;
};
Extent terrain_extent(const terrain::Terrain& land);

struct MapImage {
  texm::Image image;
  Extent extent;
  std::vector<Diagnostic> warnings;  // the material chain's fallbacks (a row without texture, ...)
};

// The image width and height for a map of `extent` whose longer side is `size` pixels.
std::array<std::uint32_t, 2> map_image_size(const Extent& extent, std::uint32_t size);

// Renders the map folder's Land.msh ("DATA/MAPS/SC_3", game-relative). Errors: no Land.msh in the folder
// (io), a Land.msh that does not read (its terrain.* code), `size` 0.
Result<MapImage> render_map(resource::Game& game, const std::string& map_folder, std::uint32_t size);

}  // namespace parkan::topdown
