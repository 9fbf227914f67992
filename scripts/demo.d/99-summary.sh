# What the demo made, and where.
echo "=== what the demo made"
count() { find "$1" -type f -name "$2" 2>/dev/null | wc -l; }
printf '  %-52s %s\n' "$DEMO/game/" "the sample game: $(count "$DEMO/game" '*') files, $(du -sh "$DEMO/game" | cut -f1)"
printf '  %-52s %s\n' "$DEMO/validate.json" "its validation report (parkan validate)"
printf '  %-52s %s\n' "$DEMO/textures/png/" "$(count "$DEMO/textures/png" '*.png') textures as PNG (parkan texm to-png)"
printf '  %-52s %s\n' "$DEMO/walker.glb" "the walker, animated, as glTF 2.0 (parkan export gltf)"
printf '  %-52s %s\n' "$DEMO/gltf/" "$(count "$DEMO/gltf" '*.glb') models of models.rlb as .glb"
printf '  %-52s %s\n' "$DEMO/game/MISSIONS/" "$(count "$DEMO/game/MISSIONS" 'data.tma') mission on $(count "$DEMO/game/DATA/MAPS" 'Land.msh') map (parkan mission|terrain info)"
printf '  %-52s %s\n' "$DEMO/runtime.json" "the material trace replayed, call by call (parkan runtime replay)"
echo "On an installed game: parkan validate <game folder> --json report.json"
echo "To look at it in a browser: parkan view <game folder>"
