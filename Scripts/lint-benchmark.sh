#!/usr/bin/env bash
# Times `device-constraints lint` (release build) on generated folders. Not part of CI: run it by hand.
#   bash Scripts/lint-benchmark.sh            # SCRATCH=.build-release RUNS=5 to change the defaults
# 1. 1,000 files: 500 containers, each with a base file and an iPhone6 file of 8 views.
# 2. Large files: one file of type errors (256 KiB, 1 MiB, 2 MiB), and two device files of disjoint views
#    (4,000 views each; 256 KiB each), where every view is a missing default. Each must stay linear: lint
#    was quadratic on both (1.2 / 18 / 70 s for the type errors, 10 s and 145 s for the disjoint views).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${SCRATCH:-.build}"
runs="${RUNS:-5}"

swift build -c release --product device-constraints --scratch-path "$scratch" >/dev/null
binary="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/device-constraints"

root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT

# time_lint <label> <folder>: prints the median and the range of $runs runs, in ms.
time_lint() {
    local times=()
    "$binary" lint "$2" >/dev/null 2>&1 || true
    for _ in $(seq 1 "$runs"); do
        local start end
        start=$(date +%s%N)
        "$binary" lint "$2" >/dev/null 2>&1 || true
        end=$(date +%s%N)
        times+=($(((end - start) / 1000000)))
    done
    local sorted
    sorted=$(printf '%s\n' "${times[@]}" | sort -n)
    printf '%-44s median %6s ms   (min %s, max %s; %s runs)\n' "$1" \
        "$(echo "$sorted" | sed -n "$(((runs + 1) / 2))p")" "$(echo "$sorted" | head -1)" \
        "$(echo "$sorted" | tail -1)" "$runs"
}

# views <container> <prefix> <count> <width value>: a file of <count> views named <prefix>0, <prefix>1, …
views() {
    awk -v c="$1" -v p="$2" -v n="$3" -v w="$4" 'BEGIN {
        printf "{\"%s\": [\n", c
        for (i = 0; i < n; i++)
            printf "  {\"%s%d\": {\"marginLeft\": 1, \"width\": %s, \"height\": 2}}%s\n", p, i, w, (i < n - 1 ? "," : "")
        print "]}"
    }'
}
# views_of_size <container> <prefix> <KiB> <width value>: as many views as fit in about <KiB> KiB.
views_of_size() { views "$1" "$2" $(($3 * 1024 / 62)) "$4"; }

many="$root/many" && mkdir "$many"
for c in $(seq 1 500); do
    views "Screen$c" view 8 16 >"$many/Screen$c.json"
    views "Screen$c" view 8 12 >"$many/Screen${c}_iPhone6.json"
done
echo "$(ls "$many" | wc -l) files, $(du -sk "$many" | cut -f1) KiB"
time_lint "1,000 small files" "$many"

for kib in 256 1024 2048; do
    folder="$root/errors$kib" && mkdir "$folder"
    views_of_size C view "$kib" '"wide"' >"$folder/C.json"
    time_lint "one file of type errors, $kib KiB" "$folder"
done

folder="$root/disjoint4000" && mkdir "$folder"
views C phone 4000 3 >"$folder/C_iPhone6.json"
views C pad 4000 3 >"$folder/C_iPad.json"
time_lint "two files of 4,000 disjoint views" "$folder"

folder="$root/disjoint256" && mkdir "$folder"
views_of_size C phone 256 3 >"$folder/C_iPhone6.json"
views_of_size C pad 256 3 >"$folder/C_iPad.json"
time_lint "two files of disjoint views, 256 KiB each" "$folder"
