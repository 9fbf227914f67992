# NRes archives: list and verify a sample archive with the corpus edge cases (an unindexed
# region like Part 2 Textures.lib, gaps, duplicate and mixed-case names, junk after NULs), extract
# it, pack it back and show with cmp that the result is byte-identical; then edit and repack.
# verify takes several archives and names each finding's rule code; add takes the type from
# the payload's magic; a broken archive is one error line each, never a hang on a named pipe.
LIB="$DEMO/game/archives/edge_cases.lib"
OUT="$DEMO/archive"
mkdir -p "$OUT"

run archive list "$LIB"
run archive verify "$LIB" "$DEMO/game/archives/canonical.lib"
echo "\$ parkan archive list $DEMO/game/archives/canonical.lib --json > $OUT/canonical.json"
"$PARKAN" archive list "$DEMO/game/archives/canonical.lib" --json > "$OUT/canonical.json"
head -c 300 "$OUT/canonical.json"; echo " ..."; echo
run archive extract "$LIB" "$OUT/edge_cases"
ls "$OUT/edge_cases"
echo
run archive pack "$OUT/edge_cases" "$OUT/edge_cases.packed.lib"
echo "\$ cmp $LIB $OUT/edge_cases.packed.lib"
cmp "$LIB" "$OUT/edge_cases.packed.lib" && echo "byte-identical"
echo

echo "\$ parkan archive cat $LIB::GRASS.0 > $OUT/GRASS.0   # the engine's lookup among three names equal but for case"
"$PARKAN" archive cat "$LIB::GRASS.0" > "$OUT/GRASS.0"
wc -c < "$OUT/GRASS.0"
echo
printf 'a longer payload that shifts everything after it' > "$OUT/menu.txt"
run archive replace "$LIB" "[MENU].TXT" "$OUT/menu.txt" "$OUT/edge_cases.replaced.lib"
run archive verify "$OUT/edge_cases.replaced.lib"
run archive add "$OUT/edge_cases.replaced.lib" "New_[2].0" "$OUT/menu.txt" "$OUT/edge_cases.added.lib" --type Texm --force   # a text as a Texm: only with --force
printf 'Texm' > "$OUT/magic.texm"
run archive add "$OUT/edge_cases.added.lib" "Magic.0" "$OUT/magic.texm" "$OUT/edge_cases.magic.lib" --force   # type from the magic (a 4-byte stand-in: --force)
run archive rename "$OUT/edge_cases.added.lib" "zebra.msh" "Zebra_1.msh" "$OUT/edge_cases.renamed.lib"
run archive remove "$OUT/edge_cases.renamed.lib" "#0" "$OUT/edge_cases.removed.lib"
run archive list "$OUT/edge_cases.removed.lib"
run archive repack "$LIB" "$OUT/edge_cases.canonical.lib"
run archive verify "$OUT/edge_cases.canonical.lib"
ls -l "$LIB" "$OUT/edge_cases.canonical.lib"
echo
# A broken copy (two payloads overlapping) and a named pipe: one error line each, with its code.
cp "$OUT/edge_cases.canonical.lib" "$OUT/broken.lib"
printf '\x10\x00\x00\x00' | dd of="$OUT/broken.lib" bs=1 seek=$(( $(stat -c %s "$OUT/broken.lib") - 64 * 12 + 0x38 )) conv=notrunc status=none
mkfifo "$OUT/pipe.lib"
echo "\$ parkan archive verify $OUT/broken.lib $OUT/pipe.lib"
"$PARKAN" archive verify "$OUT/broken.lib" "$OUT/pipe.lib" || echo "(exit $?)"
echo
