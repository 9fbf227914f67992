# The world: the sample mission, its map's terrain and a unit assembly it places, each checked.
run mission info "$DEMO/game/MISSIONS/Single.01/data.tma"
run terrain info "$DEMO/game/DATA/MAPS/M01/Land.msh"
run unit info "$DEMO/game/UNITS/UNITS/warbot_01.dat"
run mission check "$DEMO"/game/MISSIONS/*/data.tma
run terrain check "$DEMO/game/DATA/MAPS/M01/Land.msh"
# The mission as one glTF scene (docs/cli.md 6.5): the terrain's level 0 with both material layers,
# every placed object (the carrier's turret and gun on their sockets), routes, zones and lodes; then the
# carrier alone (docs/cli.md 5.13), and the game, world included, validated again (0 errors).
run export gltf "$DEMO/game/MISSIONS/Single.01" "$DEMO/mission.glb"
echo "the sample mission as glTF 2.0: $DEMO/mission.glb (Blender: File > Import > glTF 2.0)"
run unit export "$DEMO/game/UNITS/UNITS/carrier_01.dat" "$DEMO/carrier.glb"
run validate "$DEMO/game" --json "$DEMO/validate-world.json"
