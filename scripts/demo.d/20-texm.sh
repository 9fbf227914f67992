# Textures: export every sample texture to PNG, show one texture's header and levels,
# what the engine's loader does with an atlas (mip skip, Page rects as pixels and UVs), and a PNG
# put back into the archive with the original header flags kept.
LIB="$DEMO/game/Textures.lib"
OUT="$DEMO/textures"
mkdir -p "$OUT"

run texm to-png "$LIB" "$OUT/png/"
ls "$OUT/png"
echo
run texm info "$LIB::METAL1.0"
run texm info "$LIB::PANEL.A" --json
run texm load "$LIB::PANEL.A"
run texm load "$LIB::PANEL.A" --load-flags 0x400000 --json
run texm load "$LIB::HUGE.B" --force-16bit --disable-mipmap
run texm to-png "$LIB::SKY.0" "$OUT/SKY.0.level2.png" --level 2
run texm from-png "$OUT/png/GRASS.0.png" "$OUT/Textures.regrass.lib" --into "$LIB::ROCK.0" --format 565 --mips full
run texm info "$OUT/Textures.regrass.lib::ROCK.0"
