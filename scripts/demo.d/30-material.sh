# Materials (docs/formats/mat0.md, docs/formats/wear.md): dump a sample material to text, rebuild it
# byte-identical, edit a colour by meaning, look at its runtime records and phase animation, check
# several files, parse WEAR texts with both engine parsers, round-trip the whole library.
LIB="$DEMO/game/Material.lib"
OUT="$DEMO/material"
mkdir -p "$OUT"

echo "\$ parkan mat0 dump $LIB::ANIM_LOOP > $OUT/ANIM_LOOP.json"
"$PARKAN" mat0 dump "$LIB::ANIM_LOOP" > "$OUT/ANIM_LOOP.json"
head -c 400 "$OUT/ANIM_LOOP.json"; echo " ..."
run mat0 build "$OUT/ANIM_LOOP.json" "$OUT/ANIM_LOOP.mat0"
echo "\$ parkan archive cat $LIB::ANIM_LOOP > $OUT/ANIM_LOOP.orig"
"$PARKAN" archive cat "$LIB::ANIM_LOOP" > "$OUT/ANIM_LOOP.orig"
cmp "$OUT/ANIM_LOOP.mat0" "$OUT/ANIM_LOOP.orig" && echo "mat0 dump -> build: byte-identical"
echo

# The text form holds each value once, as a person edits it, and build reads every field: a new colour
# for phase 0 reaches the payload's bytes (p0..p2 of the phase).
echo "\$ parkan mat0 dump $LIB::ANIM_LOOP --json | sed 's/\"ambient\":\\[[0-9,]*\\]/\"ambient\":[255,0,0]/' > $OUT/ANIM_LOOP.red.json"
"$PARKAN" mat0 dump "$LIB::ANIM_LOOP" --json | sed 's/"ambient":\[[0-9,]*\]/"ambient":[255,0,0]/' > "$OUT/ANIM_LOOP.red.json"
run mat0 build "$OUT/ANIM_LOOP.red.json" "$OUT/ANIM_LOOP.red.mat0"
echo "bytes that differ from the original (offset, old, new in octal):"
cmp -l "$OUT/ANIM_LOOP.orig" "$OUT/ANIM_LOOP.red.mat0" || true
echo
# An entry of another type says what it is instead of being read as a broken material.
echo "\$ parkan mat0 dump $DEMO/game/Textures.lib::#0"
"$PARKAN" mat0 dump "$DEMO/game/Textures.lib::#0" || echo "(exit $?)"
echo

run mat0 phases "$LIB::ANIM_LOOP"
run mat0 sample "$LIB::ANIM_LOOP" --block 0 --game-time 1234 --start 0 --json
run mat0 sample "$LIB::ANIM_PINGPONG" --block 0 --game-time 100 --start 200
run mat0 sample "$LIB::ANIM_RANDOM" --block 0 --game-time 5000 --start 0 --rand 4242 --json
run mat0 sample "$LIB::ANIM_ONESHOT" --block 0 --t 1.7 --json
run mat0 find "$LIB" NO_SUCH_MATERIAL
run mat0 check "$LIB" "$OUT/ANIM_LOOP.red.mat0"

run mat0 dump "$LIB" "$OUT/library"
run mat0 build "$OUT/library" "$OUT/Material.rebuilt.lib"
cmp "$LIB" "$OUT/Material.rebuilt.lib" && echo "whole Material.lib dump -> build: byte-identical"
echo

run wear parse "$DEMO/game/wear/land.wea" --mode file --json
run wear parse "$DEMO/game/world.rlb::land.wea" --mode buffer --json
# A WEAR without the blank line before LIGHTMAPS: the file parser reads it, the buffer parser misreads it.
printf '2\n0 MAT_013\n1 ANIM_MODE5\nLIGHTMAPS\n1\n3 LIGHT0.0\n' > "$OUT/no_separator.wea"
run wear parse "$OUT/no_separator.wea" --mode file --json
echo "\$ parkan wear parse $OUT/no_separator.wea --mode buffer   (the engine's buffer parser misreads it)"
"$PARKAN" wear parse "$OUT/no_separator.wea" --mode buffer || echo "(exit $?)"
echo
echo "\$ parkan wear check $DEMO/game/wear/*.wea $OUT/no_separator.wea"
"$PARKAN" wear check "$DEMO"/game/wear/*.wea "$OUT/no_separator.wea" || echo "(exit $?)"
echo
