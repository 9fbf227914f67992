# The whole game checked at once: every archive and resource through its checker, then the
# references between them (WEAR -> Material.lib -> Textures.lib -> palettes.lib, models -> their .wea,
# objects.rlb prototypes -> model libraries). The sample game has warnings on purpose (an unknown
# animation mode, a WEAR naming a material the engine replaces by DEFAULT) and no errors.
run validate "$DEMO/game" --json "$DEMO/validate.json"
echo "the whole report, every finding with its code, file and entry: $DEMO/validate.json"
echo

# What the files say about parkan's readings (docs/evidence.md): the counts that confirm or refute each
# reading that rests on retail evidence. On a user's installed game this is what they can share.
run evidence "$DEMO/game"
