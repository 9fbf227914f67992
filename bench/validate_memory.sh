#!/usr/bin/env bash
# Peak memory (maximum resident set size) of `parkan validate` on the retail-size sample game, against
# the bound: the largest archive plus 64 MB. Run by hand, not in CI:
#
#   bench/validate_memory.sh [PARKAN]      (default: build/bin/parkan)
#
# Also prints the wall time of generating and of validating (the Google Benchmark figures are in
# bench/game_bench.cpp).
set -euo pipefail
PARKAN=${1:-build/bin/parkan}
[ -x "$PARKAN" ] || { echo "validate_memory: no parkan binary at $PARKAN" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "validate_memory: needs /usr/bin/time (GNU time)" >&2; exit 2; }
WORK=$(mktemp -d /tmp/parkan-validate-memory.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

/usr/bin/time -f "sample-game --size retail: %e s, peak %M KiB" "$PARKAN" sample-game "$WORK/game" --size retail
largest=$(find "$WORK/game" -type f -printf '%s\n' | sort -n | tail -1)
/usr/bin/time -o "$WORK/time" -f "%e %M" "$PARKAN" validate "$WORK/game" --quiet > /dev/null || true
read -r seconds peak_kib < "$WORK/time"
bound_kib=$(( largest / 1024 + 64 * 1024 ))
echo "validate: $seconds s, peak $peak_kib KiB; largest archive $(( largest / 1024 )) KiB; bound $bound_kib KiB"
[ "$peak_kib" -le "$bound_kib" ] && echo "within the bound" || { echo "OVER the bound"; exit 1; }
