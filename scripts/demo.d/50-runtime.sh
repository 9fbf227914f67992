# The material manager: a trace of engine calls replayed against the sample game: a wear
# table loaded, animated materials sampled over time, released, and the texture sweep.
TRACE="$(dirname "${BASH_SOURCE[0]}")/50-runtime.trace"
echo "\$ cat $TRACE"
grep -v '^#' "$TRACE"
echo
run runtime replay "$TRACE" --game "$DEMO/game"
echo "\$ parkan runtime replay $TRACE --game $DEMO/game --json > $DEMO/runtime.json"
"$PARKAN" runtime replay "$TRACE" --game "$DEMO/game" --json > "$DEMO/runtime.json"
head -c 300 "$DEMO/runtime.json"; echo " ..."
echo
