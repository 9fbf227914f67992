#pragma once
// glTF 2.0 export of the world (docs/formats/mission.md 6; docs/cli.md 6.5, 5.13): a mission as one
// scene (the terrain's level 0 with its two material layers, every placed object, the routes, clan
// zones and lodes as marker nodes) and one unit assembled from its .dat tree, each part's model on its
// parent's socket. The models, materials and textures go through the model export (gltf.hpp): each
// distinct model is one set of glTF meshes, placed by every object that uses it.
#include <string>

#include "parkan/core/bytes.hpp"
#include "parkan/core/error.hpp"
#include "parkan/export/gltf.hpp"
#include "parkan/resource/game.hpp"

namespace parkan::gltf {

// Exports a data.tma (`display_name` names it in messages) with the game folder `game` (the map folder,
// objects.rlb, UNITS, the libraries; null: the objects and the terrain are left out, with warnings).
// `options.encode_png` is honoured; the models are exported at damage stage 0, level 0, without the
// cockpit and without animation. The one error: a data.tma that does not read (its mission.* code).
// Warnings (the export goes on): gltf.mission.map (the map folder or one of its files missing: no
// terrain), gltf.mission.terrain (Land.msh, Land1.wea or Land2.wea that does not read),
// gltf.mission.unit (a .dat missing or not reading), gltf.mission.key (an objects.rlb key without a
// model), gltf.mission.model (a model that does not read or cannot be exported), gltf.mission.socket (a
// turret's or gun's attachment that is no node of its parent's mesh), gltf.mission.host (a host building
// or hall-way node that is not there), and the material chain's gltf.material.* / gltf.texture.*.
Result<Exported> export_mission(ByteView mission, const std::string& display_name, resource::Game* game,
                                const Options& options, Container container);

// Exports one unit assembly (a .dat, `display_name` names it) at the origin, its parts mounted as in a
// mission. The one error: a .dat that does not read (its unit.* code); warnings as export_mission's.
Result<Exported> export_unit(ByteView assembly, const std::string& display_name, resource::Game* game,
                             const Options& options, Container container);

// Exports a map's terrain alone: `map_folder` ("DATA/MAPS/M01", relative to `game`) with its
// Land.msh, Land1.wea and Land2.wea, the terrain node as export_mission writes it. The one error: a
// Land.msh missing or not reading (gltf.mission.map, gltf.mission.terrain); warnings: the material
// chain's.
Result<Exported> export_terrain(const std::string& map_folder, resource::Game& game, const Options& options,
                                Container container);

}  // namespace parkan::gltf
