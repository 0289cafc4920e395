#!/usr/bin/env bash
# Builds the libFuzzer harnesses in Fuzz/ and runs each for a given time under AddressSanitizer.
#
#   bash Scripts/fuzz.sh [seconds] [harness…]      harnesses: parser differential catalog text layout table (default: all)
#
# Seconds are per harness (default 60). The seed corpus is generated at run time from Constraints/ and the test
# fixtures into .build-fuzz/seeds/<harness>; what a run learns is kept in .build-fuzz/corpus/<harness> and reused
# by the next run. On a crash, a sanitizer report or a mismatch the script exits 1 and the input is left in
# .build-fuzz/artifacts/<harness>/ (printed); replay it with `.build-fuzz/bin/<harness> <file>`.
#
# The library is compiled once with swiftc into a static library with `-enable-testing` (the differential harness
# needs internal API), with coverage instrumentation and AddressSanitizer; each harness links against it. No
# SwiftPM target and no package dependency. The text harness (what `device-constraints` prints) also links the
# tool's library and the modules it imports, each compiled the same way (see build_module); the layout harness (the
# solver and the layout engine on extreme numbers) the solver, the DSL and the layout modules. The table harness
# (the compiled-table reader on mutated tables) links the library alone and writes its own seeds: it compiles them
# with the library before fuzzing (see make_seeds).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(parser differential catalog text layout table)
case "$seconds" in '' | *[!0-9]*)
    echo "usage: Scripts/fuzz.sh [seconds] [parser|differential|catalog|text|layout|table …]" >&2
    exit 2
    ;;
esac

root=.build-fuzz
# Optimized, but with assertions and `#if DEBUG` invariant checks on, as in the tests. Whole-module, on every core:
# swiftc alone compiles file after file on one core (the library took 192 s that way, 111 s so on two cores).
flags=(-sanitize=fuzzer,address -O -wmo -num-threads "$(nproc)" -assert-config Debug -D DEBUG -swift-version 6 -g
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
    -enable-upcoming-feature InternalImportsByDefault)
mkdir -p "$root/lib" "$root/bin"

source_file() {
    case "$1" in
        parser) echo Fuzz/ParserFuzzer.swift ;;
        differential) echo Fuzz/DifferentialFuzzer.swift ;;
        catalog) echo Fuzz/CatalogFuzzer.swift ;;
        text) echo Fuzz/TextOutputFuzzer.swift ;;
        layout) echo Fuzz/LayoutFuzzer.swift ;;
        table) echo Fuzz/TableFuzzer.swift ;;
        *)
            echo "unknown harness '$1' (parser, differential, catalog, text, layout, table)" >&2
            exit 2
            ;;
    esac
}
for harness in "${harnesses[@]}"; do source_file "$harness" >/dev/null; done

# The library, rebuilt only when a source or a flag changed.
library_sources=$(find Sources/DeviceConstraints -name '*.swift' | sort)
# shellcheck disable=SC2086
stamp=$({ echo "${flags[*]}"; cat $library_sources; } | cksum | cut -d' ' -f1)
if [ "$(cat "$root/lib/stamp" 2>/dev/null)" != "$stamp" ]; then
    echo "building the library (fuzzer coverage + AddressSanitizer)…"
    # shellcheck disable=SC2086
    swiftc -module-name DeviceConstraints -package-name DeviceConstraints -parse-as-library -enable-testing \
        "${flags[@]}" -emit-module -emit-module-path "$root/lib/DeviceConstraints.swiftmodule" \
        -emit-library -static -o "$root/lib/libDeviceConstraints.a" $library_sources
    echo "$stamp" >"$root/lib/stamp"
fi

# A module of Sources/ as a static library beside DeviceConstraints', rebuilt only when its sources, the flags or a
# module it imports changed: build_module <module> <the modules it imports…>.
build_module() {
    local module=$1
    shift
    local sources
    sources=$(find "Sources/$module" -name '*.swift' | sort)
    local stamp
    # shellcheck disable=SC2086
    stamp=$({ echo "${flags[*]}"; cat $sources; for import in "$@"; do cat "$root/lib/$import.stamp"; done; } |
        cksum | cut -d' ' -f1)
    [ "$(cat "$root/lib/$module.stamp" 2>/dev/null)" != "$stamp" ] || return 0
    echo "building $module (fuzzer coverage + AddressSanitizer)…"
    # shellcheck disable=SC2086
    swiftc -module-name "$module" -package-name DeviceConstraints -parse-as-library "${flags[@]}" -I "$root/lib" \
        -emit-module -emit-module-path "$root/lib/$module.swiftmodule" -emit-library -static \
        -o "$root/lib/lib$module.a" $sources
    echo "$stamp" >"$root/lib/$module.stamp"
}
cp "$root/lib/stamp" "$root/lib/DeviceConstraints.stamp"
system_libraries=""
[ "$(uname)" != Linux ] || system_libraries=-lFoundationNetworking
# What each harness links: the library, and for the text harness the tool's library and what it imports, importers
# first.
link_libraries() {
    case "$1" in
        text) echo -lDeviceConstraintsTooling -lDeviceConstraintsLint -lConstraintLayout -lConstraintDSL -lConstraintSolver -lDeviceConstraints ;;
        layout) echo -lConstraintLayout -lConstraintDSL -lConstraintSolver -lDeviceConstraints ;;
        *) echo "-lDeviceConstraints" ;;
    esac
}
if [[ " ${harnesses[*]} " == *" text "* || " ${harnesses[*]} " == *" layout "* ]]; then
    build_module ConstraintSolver DeviceConstraints
    build_module ConstraintDSL DeviceConstraints
    build_module ConstraintLayout ConstraintSolver ConstraintDSL DeviceConstraints
fi
if [[ " ${harnesses[*]} " == *" text "* ]]; then
    build_module DeviceConstraintsLint DeviceConstraints
    build_module DeviceConstraintsTooling DeviceConstraintsLint ConstraintLayout DeviceConstraints
fi

# Seeds: every constraint file alone (each twice, to start with and without a listening handler: the low bit of
# the input's last byte decides, so a newline is quiet and a tab listens), the chains of Constraints/ and of the
# chain fixtures (files joined by NUL), the catalogs, and compiled tables of Constraints/ and of every fixture folder
# (written by the table harness itself, with the library: no binary is committed).
make_seeds() {
    local dir="$root/seeds/$1"
    rm -rf "$dir"
    mkdir -p "$dir"
    local n=0
    case "$1" in
        catalog)
            for f in Tests/*/Fixtures/Catalogs/*.json; do cp "$f" "$dir/$((n++))"; done
            ;;
        table)
            # Each container's files as one table (each file alone when that is over -max_len), per folder.
            local folders
            folders=$(find Constraints Tests/*/Fixtures -type d -not -path '*/Catalogs*' | sort)
            # shellcheck disable=SC2086
            SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 TABLE_FUZZER_WRITE_SEEDS="$dir" \
                "$root/bin/table" $folders >/dev/null
            n=$(find "$dir" -type f | wc -l)
            ;;
        layout)
            # Programs (the bytes are choices; see Fuzz/LayoutFuzzer.swift) of a few lengths, each a solver one
            # (first byte even) and a layout one (odd).
            for length in 8 32 128 512; do
                for fill in A B C d e f; do
                    local file="$dir/$((n++))"
                    head -c "$length" /dev/zero | tr '\000' "$fill" >"$file"
                done
            done
            ;;
        text)
            # A folder's first files as name and contents, after the standard catalog (an empty part) and after each
            # catalog fixture: parts separated by NUL.
            for catalog in "" Tests/DeviceConstraintsToolingTests/Fixtures/Catalogs/*.json; do
                for folder in Constraints Tests/DeviceConstraintsToolingTests/Fixtures/*/; do
                    local files=("$folder"/*.json)
                    [ -f "${files[0]}" ] || continue
                    {
                        [ -z "$catalog" ] || cat "$catalog"
                        for f in "${files[@]:0:4}"; do printf '\000%s\000' "$(basename "$f")"; cat "$f"; done
                    } >"$dir/$((n++))"
                done
            done
            ;;
        parser)
            for f in Constraints/*.json $(find Tests/*/Fixtures -name '*.json' -not -path '*/Catalogs/*' | sort); do
                cp "$f" "$dir/$((n++))"
            done
            ;;
        differential)
            for f in Constraints/*.json $(find Tests/*/Fixtures -name '*.json' -not -path '*/Catalogs/*' \
                -not -path '*/JSONConformance/*' | sort); do
                { cat "$f"; printf '\n'; } >"$dir/$((n++))"
                { cat "$f"; printf '\t'; } >"$dir/$((n++))"
            done
            for folder in Constraints Tests/DeviceConstraintsTests/Fixtures/Chain \
                Tests/DeviceConstraintsToolingTests/Fixtures/*; do
                for base in "$folder"/*.json; do
                    local stem
                    stem=$(basename "$base" .json)
                    case "$stem" in *_*) continue ;; esac
                    local devices=()
                    for d in iPhone14Pro iPhone6 iPhone5 iPhone6Plus iPad; do
                        [ -f "$folder/${stem}_$d.json" ] && devices+=("$folder/${stem}_$d.json")
                    done
                    [ ${#devices[@]} -gt 0 ] || continue
                    for last in '\n' '\t'; do
                        { cat "${devices[0]}"; printf '\000'; cat "$base"; printf "$last"; } >"$dir/$((n++))"
                        if [ ${#devices[@]} -gt 1 ]; then
                            { cat "${devices[0]}"; printf '\000'; cat "${devices[1]}"; printf '\000'
                                cat "$base"; printf "$last"; } >"$dir/$((n++))"
                        fi
                    done
                done
            done
            ;;
    esac
    echo "$n"
}

status=0
summary=()
for harness in "${harnesses[@]}"; do
    binary="$root/bin/$harness"
    src=$(source_file "$harness")
    libraries=$(link_libraries "$harness")
    newer=false
    for library in $libraries; do
        if [ "$root/lib/lib${library#-l}.a" -nt "$binary" ]; then newer=true; fi
    done
    if [ ! -x "$binary" ] || [ "$src" -nt "$binary" ] || [ Fuzz/FuzzSupport.swift -nt "$binary" ] || $newer; then
        echo "building the $harness harness…"
        # A whole-module library's objects carry the libraries it links (FoundationNetworking, for the fetcher) in one
        # object the harness may never pull from the archive: name it.
        # shellcheck disable=SC2086
        swiftc -module-name "Fuzz_$harness" -package-name DeviceConstraints -parse-as-library -warnings-as-errors \
            "${flags[@]}" -use-ld=lld -I "$root/lib" -L "$root/lib" $libraries $system_libraries "$src" \
            Fuzz/FuzzSupport.swift -o "$binary"
    fi
    seeds=$(make_seeds "$harness")
    corpus="$root/corpus/$harness"
    artifacts="$root/artifacts/$harness"
    log="$root/logs/$harness.log"
    mkdir -p "$corpus" "$artifacts" "$root/logs"
    echo "fuzzing $harness for ${seconds}s ($seeds seeds, corpus $corpus)…"
    set +e
    # One job: CI machines are small, and other work shares the cores. -max_len: the format's interesting
    # shapes fit in 16 KiB; larger files only slow each run down (the size limit has its own unit test).
    # The Swift runtime's backtracer would run under AddressSanitizer and crash itself: libFuzzer reports instead.
    SWIFT_BACKTRACE=enable=no "$binary" "$corpus" "$root/seeds/$harness" -max_total_time="$seconds" \
        -max_len=16384 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts/" \
        >"$log" 2>&1
    code=$?
    set -e
    runs=$(grep -ao 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -ao '[0-9]*$' || echo 0)
    per_second=$(grep -ao 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -ao '[0-9]*$' || echo 0)
    units=$(ls "$corpus" | wc -l)
    line=$(printf '%-13s %10s runs  %7s exec/s  %5s corpus inputs' "$harness" "$runs" "$per_second" "$units")
    if [ "$code" -ne 0 ]; then
        status=1
        line="$line  FAILED (exit $code)"
        echo "--- $harness failed; what it found ($log has the whole log):"
        grep -a -A12 -m1 -E 'FUZZ MISMATCH|ERROR: AddressSanitizer|ERROR: libFuzzer|Fatal error' "$log" ||
            tail -40 "$log"
        echo "--- inputs left in $artifacts/:"
        ls -l "$artifacts"
    fi
    summary+=("$line")
done

echo
echo "fuzzing summary (${seconds}s per harness):"
printf '  %s\n' "${summary[@]}"
exit $status
