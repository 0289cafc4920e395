#!/usr/bin/env bash
# Builds the DocC documentation of every library that has a catalog, Sources/<Target>/<Target>.docc, with the
# toolchain's own `docc` (no plugin, so no package dependency), warnings as errors: a stale link fails.
#
#   bash Scripts/docs.sh [swift build options]      archives in .build-docs/<Target>.doccarchive
#
# Symbol graphs come from the modules `swift build` made (swift symbolgraph-extract), so after a build with the same
# options (CI passes `-Xswiftc -warnings-as-errors`, as its build step) this only extracts and converts. A new
# library gets its documentation built by adding its catalog; nothing here changes. Off Apple platforms a library
# whose files are all inside `#if canImport(SwiftUI)` (DeviceConstraintsUI) is an empty module: its symbol graph comes
# from its sources compiled against the stand-in SwiftUI the tests type-check it against (PlatformCheck in
# Tests/TestSupport), so that its documentation is of its real API on Linux too.
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build-docs
targets=()
for catalog in Sources/*/*.docc; do
    [ -d "$catalog" ] || continue
    target=$(basename "$(dirname "$catalog")")
    if [ "$(basename "$catalog")" != "$target.docc" ]; then
        echo "error: $catalog should be named $target.docc" >&2
        exit 1
    fi
    targets+=("$target")
done
if [ ${#targets[@]} -eq 0 ]; then
    echo "error: no documentation catalog (Sources/<Target>/<Target>.docc)" >&2
    exit 1
fi

# One target per call: given several, `swift build` builds only the last.
for target in "${targets[@]}"; do swift build --target "$target" "$@"; done
bin=$(swift build --show-bin-path "$@")
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"
triple=$(swiftc -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -1)

# Libraries link to the libraries they import (``ConstraintRecord`` from ConstraintDSL; read from the .swift files, not
# the articles' code), so a library is converted
# after every documented library it imports, against their archives (docc's external link support).
standins=Tests/ConstraintDSLTests/Fixtures/StandIns
# The name SwiftPM compiles the package's modules with: the root folder's, lowercased, other characters made `_`.
package_name=$(basename "$PWD" | tr '[:upper:]' '[:lower:]' | sed 's/[^a-z0-9_]/_/g')
swiftui_only() {
    [ "$(uname)" != Darwin ] || return 1
    local file
    while IFS= read -r file; do
        grep -q "^#if canImport(SwiftUI)" "$file" || return 1
    done < <(find "Sources/$1" -name "*.swift")
}
# Builds the stand-in SwiftUI, then the library from its sources against it, with Package.swift's settings, into
# $out/stand-ins/<Target>; prints that folder.
build_against_standins() {
    local folder="$out/stand-ins/$1"
    rm -rf "$folder"
    mkdir -p "$folder"
    swiftc -emit-module -parse-as-library -swift-version 6 -suppress-warnings -module-name SwiftUI \
        "$standins/SwiftUI.swift" -emit-module-path "$folder/SwiftUI.swiftmodule" >&2
    local sources=()
    while IFS= read -r file; do sources+=("$file"); done < <(find "Sources/$1" -name "*.swift" | sort)
    swiftc -emit-module -wmo -parse-as-library -swift-version 6 -module-name "$1" -package-name "$package_name" \
        -I "$folder" -I "$modules" -enable-upcoming-feature ExistentialAny \
        -enable-upcoming-feature MemberImportVisibility -enable-upcoming-feature InternalImportsByDefault \
        -warnings-as-errors -emit-module-path "$folder/$1.swiftmodule" "${sources[@]}" >&2
    echo "$folder"
}
imports() { grep -rhoE --include="*.swift" "^[[:space:]]*(public |package |internal |@testable )?import $2\$" "Sources/$1" >/dev/null; }
status=0
done_targets=()
remaining=("${targets[@]}")
while [ ${#remaining[@]} -gt 0 ]; do
    progress=0
    next=()
    for target in "${remaining[@]}"; do
        ready=1
        for other in "${remaining[@]}"; do
            [ "$other" != "$target" ] && imports "$target" "$other" && ready=0
        done
        if [ $ready -eq 0 ]; then
            next+=("$target")
            continue
        fi
        progress=1
        graphs="$out/symbol-graphs/$target"
        rm -rf "$graphs" "$out/$target.doccarchive"
        mkdir -p "$graphs"
        # A module a library re-exports (`@_exported public import DeviceConstraintsLint` in DeviceConstraintsTooling)
        # is documented as part of the library, as its users see it.
        reexported=$({ grep -rhoE "^@_exported (public )?import [A-Za-z_][A-Za-z0-9_]*" "Sources/$target" || true; } \
            | awk '{print $NF}' | sort -u | paste -sd, -)
        search=(-I "$modules")
        if swiftui_only "$target"; then search=(-I "$(build_against_standins "$target")" "${search[@]}"); fi
        swift symbolgraph-extract -module-name "$target" "${search[@]}" -target "$triple" \
            -minimum-access-level public -skip-synthesized-members -emit-extension-block-symbols -output-dir "$graphs" \
            ${reexported:+"-experimental-allowed-reexported-modules=$reexported"}
        dependencies=()
        for built in "${done_targets[@]}"; do
            imports "$target" "$built" && dependencies+=(--dependency "$out/$built.doccarchive")
        done
        echo "docc: $target"
        if ! docc convert "Sources/$target/$target.docc" --additional-symbol-graph-dir "$graphs" \
            --fallback-display-name "$target" --fallback-bundle-identifier "$target" \
            --output-dir "$out/$target.doccarchive" --enable-experimental-external-link-support \
            ${dependencies[@]+"${dependencies[@]}"} --warnings-as-errors; then
            echo "error: the documentation of $target has problems (above)" >&2
            status=1
        fi
        done_targets+=("$target")
    done
    if [ $progress -eq 0 ]; then
        echo "error: documented libraries import each other in a cycle: ${next[*]}" >&2
        exit 1
    fi
    remaining=(${next[@]+"${next[@]}"})
done
[ $status -eq 0 ] && echo "documentation built in $out/: ${done_targets[*]/%/.doccarchive}"
exit $status
