#!/usr/bin/env bash
# Times `device-constraints lint` (release build) over a generated folder of 1,000 constraint files:
# 500 containers, each with a base file and an iPhone6 file of 8 views. Not part of CI: run it by hand.
#   bash Scripts/lint-benchmark.sh            # SCRATCH=.build-release RUNS=5 to change the defaults
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${SCRATCH:-.build}"
runs="${RUNS:-5}"

swift build -c release --product device-constraints --scratch-path "$scratch" >/dev/null
binary="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/device-constraints"

folder="$(mktemp -d)"
trap 'rm -rf "$folder"' EXIT
view() { # id, margin
    printf '    { "%s": { "marginLeft": %s, "marginRight": %s, "marginTop": 8, "marginBottom": 0, "width": 120.5, "height": 44, "fontSize": 17 } }' "$1" "$2" "$2"
}
file() { # container, margin
    printf '{\n  "%s": [\n' "$1"
    for v in 1 2 3 4 5 6 7 8; do
        view "view$v" "$2"
        [ "$v" = 8 ] && printf '\n' || printf ',\n'
    done
    printf '  ]\n}\n'
}
for c in $(seq 1 500); do
    file "Screen$c" 16 >"$folder/Screen$c.json"
    file "Screen$c" 12 >"$folder/Screen${c}_iPhone6.json"
done
echo "$(ls "$folder" | wc -l) files, $(du -sk "$folder" | cut -f1) KiB"

"$binary" lint "$folder"
for _ in $(seq 1 "$runs"); do
    start=$(date +%s%N)
    "$binary" lint "$folder" >/dev/null
    end=$(date +%s%N)
    echo "lint: $(((end - start) / 1000000)) ms"
done
