# RsLi libraries: the sample game's gamefont.rlb (LZSS) and sprites.lib (raw Deflate, with the
# retail quirk: its last entry claims one byte past the end of the file, which the engine tolerates).
run archive list "$DEMO/game/gamefont.rlb"
run archive verify "$DEMO/game/sprites.lib" || true
run archive verify "$DEMO/game/sprites.lib" --compatible
OUT="$DEMO/rsli"
mkdir -p "$OUT"
run archive extract "$DEMO/game/gamefont.rlb" "$OUT/gamefont"
run archive pack "$OUT/gamefont" "$OUT/gamefont.packed.rlb"
cmp "$DEMO/game/gamefont.rlb" "$OUT/gamefont.packed.rlb" && echo "extract -> pack: byte-identical"
run archive replace "$DEMO/game/gamefont.rlb" PAL.PAL "$OUT/gamefont/PAL.PAL" "$OUT/gamefont.lzhuf.rlb" --method xor-lzhuf
run archive list "$OUT/gamefont.lzhuf.rlb" --json
