#!/usr/bin/env bash
# Peak memory (maximum resident set size) of every `parkan archive` command on one large, valid NRes
# archive (the bound: at most 3x the input plus 64 MB). Run by hand, not in CI:
#
#   bench/archive_memory.sh [PARKAN] [ENTRIES]      (defaults: build/bin/parkan, 1000000)
#
# The archive is made here (python3): ENTRIES entries with names in random order (so the sort table
# is a real permutation), payloads of 1..8 bytes, each padded to 8: 16 + 72 * ENTRIES bytes (72 MB for
# 10^6 entries). Peak RSS is measured with /usr/bin/time -f %M. The folder of `extract` holds one file
# per entry: ENTRIES inodes under the work folder (WORK=..., default a fresh folder under /tmp);
# FOLDER=0 leaves out extract and pack (and the long removal of that folder). KEEP=1 keeps WORK.
set -euo pipefail

PARKAN=${1:-build/bin/parkan}
ENTRIES=${2:-1000000}
WORK=${WORK:-$(mktemp -d /tmp/parkan-archive-memory.XXXXXX)}
KEEP=${KEEP:-0}
FOLDER=${FOLDER:-1}
[ -x "$PARKAN" ] || { echo "archive_memory: no parkan binary at $PARKAN" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "archive_memory: needs /usr/bin/time (GNU time)" >&2; exit 2; }
cleanup() { [ "$KEEP" = 1 ] || rm -rf "$WORK"; }
trap cleanup EXIT

ARCHIVE=$WORK/big.lib
python3 - "$ARCHIVE" "$ENTRIES" <<'EOF'
import random, struct, sys
path, n = sys.argv[1], int(sys.argv[2])
rng = random.Random(9)
names = [b"E%07d_%s.0" % (i, b"ABCDEFGH"[i % 8:i % 8 + 1]) for i in range(n)]
rng.shuffle(names)
def fold(name):  # the engine's _strcmpi: A..Z to a..z (docs/formats/nres.md 4)
    return name.lower()
order = sorted(range(n), key=lambda i: fold(names[i]))
sizes = [rng.randint(1, 8) for _ in range(n)]
data_end = 16 + 8 * n
total = data_end + 64 * n
with open(path, "wb") as f:
    f.write(struct.pack("<4sIiI", b"NRes", 0x100, n, total))
    f.write(b"".join(bytes([i & 0xFF]) * sizes[i] + b"\0" * (8 - sizes[i]) for i in range(n)))
    rows = []
    for i in range(n):
        rows.append(struct.pack("<5I36sII", 0x6D786554, 0, 0, sizes[i], 0, names[i], 16 + 8 * i, order[i]))
    f.write(b"".join(rows))
EOF

input_bytes=$(stat -c %s "$ARCHIVE")
input_mb=$(( (input_bytes + 1048575) / 1048576 ))
limit_kb=$(( 3 * input_bytes / 1024 + 64 * 1024 ))
some_name=$(python3 -c "import sys; print('E%07d_%s.0' % (int(sys.argv[1]) // 2, 'ABCDEFGH'[(int(sys.argv[1]) // 2) % 8]))" "$ENTRIES")
printf 'payload\n' > "$WORK/payload.bin"
printf 'Texm' > "$WORK/texm.bin"

echo "parkan: $PARKAN"
echo "archive: $ENTRIES entries, $input_bytes bytes ($input_mb MB); limit 3x + 64 MB = $(( limit_kb / 1024 )) MB"
printf '%-34s %10s %8s %s\n' "command" "peak MB" "x input" "within limit"

failed=0
measure() {  # measure LABEL INPUT_BYTES ARGS...
  local label=$1 in_bytes=$2
  shift 2
  local log=$WORK/time.log rc=0
  /usr/bin/time -f %M -o "$log" "$PARKAN" --quiet "$@" > "$WORK/stdout" 2> "$WORK/stderr" || rc=$?
  local kb
  kb=$(tail -n 1 "$log")
  local limit=$(( 3 * in_bytes / 1024 + 64 * 1024 ))
  local verdict=yes
  [ "$kb" -le "$limit" ] || { verdict=NO; failed=1; }
  [ "$rc" -eq 0 ] || { verdict="$verdict (exit $rc: $(head -c 200 "$WORK/stderr"))"; failed=1; }
  printf '%-34s %10d %8.2f %s\n' "$label" $(( kb / 1024 )) "$(echo "$kb / ($in_bytes / 1024)" | bc -l)" "$verdict"
}

measure "list"                  "$input_bytes" archive list "$ARCHIVE"
measure "list --json"           "$input_bytes" archive list "$ARCHIVE" --json
measure "verify"                "$input_bytes" archive verify "$ARCHIVE"
measure "verify --compatible"   "$input_bytes" archive verify "$ARCHIVE" --compatible
measure "verify --json"         "$input_bytes" archive verify "$ARCHIVE" --json
measure "cat ARCHIVE::NAME"     "$input_bytes" archive cat "$ARCHIVE::$some_name"
measure "repack"                "$input_bytes" archive repack "$ARCHIVE" "$WORK/repacked.lib"
measure "add"                   "$input_bytes" archive add "$ARCHIVE" NEW.0 "$WORK/texm.bin" "$WORK/added.lib" --type Texm --force
measure "replace"               "$input_bytes" archive replace "$ARCHIVE" "$some_name" "$WORK/payload.bin" "$WORK/replaced.lib" --force
measure "remove"                "$input_bytes" archive remove "$ARCHIVE" "#7" "$WORK/removed.lib"
measure "rename"                "$input_bytes" archive rename "$ARCHIVE" "$some_name" RENAMED.0 "$WORK/renamed.lib"
[ "$FOLDER" = 1 ] || exit $failed
measure "extract"               "$input_bytes" archive extract "$ARCHIVE" "$WORK/folder"
manifest_bytes=$(stat -c %s "$WORK/folder/manifest.json" 2>/dev/null || echo 0)
# pack reads the folder (manifest + payload files); the limit here is still taken from the archive.
measure "pack (limit from the archive)" "$input_bytes" archive pack "$WORK/folder" "$WORK/packed.lib"
if [ -f "$WORK/packed.lib" ] && cmp -s "$ARCHIVE" "$WORK/packed.lib"; then pack_identical=yes; else pack_identical=no; fi
echo "manifest.json: $manifest_bytes bytes; pack byte-identical: $pack_identical"
exit $failed
