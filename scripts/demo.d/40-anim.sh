# MSH animation: info, the checks (one model, a whole library of models, several files), the
# engine's sampler over an animated sample model's timeline, blend, world matrices, canonical form.
# Times are in frames of the model's timeline. (sourced by scripts/demo: $PARKAN, $DEMO, run)
MODELS="$DEMO/game/models"
run anim info "$MODELS/walker.msh"
run anim check "$DEMO/game/animated.rlb::mech.msh"
# Every model of a library, then several files at once: a line per model and a total.
run anim check "$DEMO/game/animated.rlb"
run anim check "$MODELS/tower.msh" "$MODELS/mtcheck.msh"
# A few poses of node 1 over the whole timeline (frames 0..30), as CSV: every 2.5 frames.
run anim sample "$MODELS/walker.msh" --node 1 --from 0 --to 30 --step 2.5
run anim sample "$MODELS/walker.msh" --node 1 --time 2 --json
run anim sample "$MODELS/walker.msh" --all --time 12.5
run anim blend "$MODELS/walker.msh" --node 1 --ta 4 --tb 20 --blend 0.25
"$PARKAN" anim world "$DEMO/game/animated.rlb::mech.msh" --time 30 --json > "$DEMO/mech-world-30.json"
echo "world matrices of mech.msh at frame 30: $DEMO/mech-world-30.json"
run anim canonical "$MODELS/walker.msh" "$DEMO/walker-canonical.msh"
cmp "$MODELS/walker.msh" "$DEMO/walker-canonical.msh" && echo "canonical rewrite of walker.msh is byte-identical"
