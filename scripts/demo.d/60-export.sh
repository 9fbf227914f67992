# glTF export (docs/cli.md 6): the sample walker, animated, to one .glb; then every
# model of the sample model library, one .glb each. (sourced by scripts/demo: $PARKAN, $DEMO, run)
LIBRARY="$DEMO/game/models.rlb"
run export gltf "$LIBRARY::walker.msh" "$DEMO/walker.glb"
echo "animated walker as glTF 2.0: $DEMO/walker.glb (Blender: File > Import > glTF 2.0)"
run export gltf "$LIBRARY::walker.msh" "$DEMO/walker-rest.gltf" --no-anim --lod 1
run export gltf "$LIBRARY" "$DEMO/gltf"
echo "every model of models.rlb: $DEMO/gltf/"
