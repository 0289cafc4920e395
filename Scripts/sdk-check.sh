#!/usr/bin/env bash
# Type-checks every target of the package and the examples for iOS against a real iPhoneOS SDK, at the floor
# (iOS 13) and at iOS 17: the check that the Apple code (UIKit, SwiftUI, the kqueue watcher, the store's system
# calls) builds for a device, which the stand-in frameworks of the tests cannot prove. CI does not run it (it has no
# SDK); run it before a change to Apple code lands.
#
#   bash Scripts/sdk-check.sh <iPhoneOS.sdk> [<iOS version> …]     (default versions: 13.0 17.0)
#
# On a Mac the SDK is `xcrun --sdk iphoneos --show-sdk-path`; on Linux, an extracted copy of an iPhoneOS SDK (the
# Swift toolchain's swiftc type-checks for arm64-apple-ios from the SDK's .swiftinterface files and headers). The
# SDK never enters git. Each module is compiled in dependency order with the package's settings (Swift 6, its
# upcoming features), its module emitted for the next; the examples are checked against those modules. Prints each
# target's errors and warnings with a count, keeps the full logs in .build/sdk-check/<version>/, and exits 1 when
# any target has an error.
set -uo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 1 ] || [ ! -d "$1/usr/lib/swift" ] && [ ! -d "$1/System/Library/Frameworks" ]; then
    echo "usage: bash Scripts/sdk-check.sh <path of an iPhoneOS SDK> [<iOS version> …]" >&2
    echo "  (on a Mac: bash Scripts/sdk-check.sh \"\$(xcrun --sdk iphoneos --show-sdk-path)\")" >&2
    exit 2
fi
sdk="$(cd "$1" && pwd)"
shift
versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(13.0 17.0)

# The modules in dependency order: name, folder, modules it imports from the package, kind (library: its module is
# emitted; executable: type-checked only; example-app: an app's files, type-checked only), and the lowest iOS it is
# for when that is above the package's floor (an example written for iOS 17 is checked at 17 and above, and said to
# be skipped below). The plugins run on the building machine, not on iOS, and the test targets are not built for a
# device.
modules=(
    "DeviceConstraints|Sources/DeviceConstraints||library"
    "DeviceConstraintsLint|Sources/DeviceConstraintsLint|DeviceConstraints|library"
    "ConstraintSolver|Sources/ConstraintSolver|DeviceConstraints|library"
    "ConstraintDSL|Sources/ConstraintDSL|DeviceConstraints|library"
    "ConstraintLayout|Sources/ConstraintLayout|ConstraintSolver ConstraintDSL DeviceConstraints|library"
    "DeviceConstraintsUI|Sources/DeviceConstraintsUI|DeviceConstraints|library"
    "DeviceConstraintsTooling|Sources/DeviceConstraintsTooling|DeviceConstraintsLint DeviceConstraints ConstraintLayout|library"
    "device_constraints|Sources/device-constraints|DeviceConstraintsTooling|executable"
    "device_constraints_plugin_tool|Sources/device-constraints-plugin-tool|DeviceConstraintsLint|executable"
    "WindowTour|Examples/WindowTour/Sources/WindowTour|DeviceConstraints|executable"
    "SplitViewColumns|Examples/SplitViewColumns/Sources/SplitViewColumns|DeviceConstraints|executable"
    "CalendarApp|Examples/UIKitCalendar/CalendarApp|DeviceConstraints ConstraintDSL|example-app"
    "CardsApp|Examples/SwiftUICards/CardsApp|DeviceConstraints DeviceConstraintsUI|example-app|17.0"
)

# A target or an example this list lacks would go unchecked: refuse to run without it.
for folder in Sources/* Examples/*; do
    case "$folder" in */*.docc) continue ;; esac
    if ! printf '%s\n' "${modules[@]}" | cut -d'|' -f2 | grep -q "^$folder\(/\|$\)"; then
        echo "Scripts/sdk-check.sh: $folder is not in the script's list of modules; add it" >&2
        exit 2
    fi
done

settings=(
    -swift-version 6 -package-name deviceconstraints
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
    -enable-upcoming-feature InternalImportsByDefault
)

# Off a Mac, the compiler does not find its own SwiftShims module (which the SDK's Swift.swiftinterface imports) for
# an Apple target: it is named in the compiler's resource folder.
if [ "$(uname)" != Darwin ]; then
    resources="$(swiftc -print-target-info | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p' | head -1)"
    # A resource folder of only what an Apple target needs (the shims, clang's own headers): the Linux one also
    # holds Linux's Dispatch, whose module map clashes with the SDK's.
    apple=".build/sdk-check/resources"
    mkdir -p "$apple"
    ln -sfn "$resources/shims" "$apple/shims"
    ln -sfn "$resources/clang" "$apple/clang"
    apple="$(cd "$apple" && pwd)"
    settings+=(-resource-dir "$apple" -I "$apple/shims" -Xcc "-fmodule-map-file=$apple/shims/module.modulemap")
fi

status=0
for version in "${versions[@]}"; do
    out=".build/sdk-check/$version"
    rm -rf "$out"
    mkdir -p "$out/modules" "$out/logs"
    out="$(cd "$out" && pwd)"
    # The SDK's modules, built once from their interfaces and kept between runs.
    cache="$(dirname "$out")/module-cache"
    mkdir -p "$cache"
    target="arm64-apple-ios$version"
    echo "=== $target ($sdk)"
    for entry in "${modules[@]}"; do
        IFS='|' read -r name folder imports kind floor <<<"$entry"
        if [ -n "$floor" ] && [ "$(printf '%s\n%s\n' "$floor" "$version" | sort -V | head -1)" != "$floor" ]; then
            printf '%-32s skipped: written for iOS %s and later\n' "$name" "$floor"
            continue
        fi
        mapfile -t sources < <(find "$folder" -name '*.swift' -not -path '*/.build/*' | sort)
        # `#Preview` is a macro whose plugin ships with Xcode, in no SDK: off a Mac, each preview's body is checked
        # as the body of a view function instead (the copies are in the logs' folder).
        if [ "$(uname)" != Darwin ] && grep -q '^#Preview' "${sources[@]}"; then
            mkdir -p "$out/previews/$name"
            for index in "${!sources[@]}"; do
                copy="$out/previews/$name/$(basename "${sources[$index]}")"
                awk -v file="$index" '/^#Preview(\(.*\))? \{$/ {
                    count++
                    print "@MainActor @ViewBuilder func sdkCheckPreview" file "_" count "() -> some View {"
                    next
                } { print }' "${sources[$index]}" >"$copy"
                sources[index]="$copy"
            done
        fi
        # A target with resources reaches them through `Bundle.module`, which SwiftPM generates: a stand-in for it.
        if grep -q 'Bundle.module\|(\.module' "${sources[@]}"; then
            printf 'import Foundation\nextension Foundation.Bundle {\n    static let module = Bundle.main\n}\n' \
                >"$out/modules/$name-resources.swift"
            sources+=("$out/modules/$name-resources.swift")
        fi
        # One compiler for the whole module (-wmo): a compiler per file parses every file again, for an hour.
        common=(-sdk "$sdk" -target "$target" -wmo "${settings[@]}" -module-name "$name" -I "$out/modules"
            -module-cache-path "$cache")
        [ "$kind" = library ] || [ "$kind" = example-app ] && common+=(-parse-as-library)
        log="$out/logs/$name.log"
        swiftc -typecheck "${common[@]}" "${sources[@]}" >"$log" 2>&1
        result=$?
        if [ $result -eq 0 ] && [ "$kind" = library ]; then
            swiftc -emit-module -emit-module-path "$out/modules/$name.swiftmodule" "${common[@]}" "${sources[@]}" \
                >>"$log" 2>&1 || result=$?
        fi
        errors=$(grep -c ': error: ' "$log")
        warnings=$(grep -c ': warning: ' "$log")
        printf '%-32s %s error(s), %s warning(s)%s\n' "$name" "$errors" "$warnings" \
            "$([ $result -ne 0 ] && [ "$errors" -eq 0 ] && echo ", the compiler failed: see $log")"
        grep -E ': (error|warning): ' "$log" | sed "s|^$PWD/||" | sort -u | sed 's/^/    /'
        [ $result -eq 0 ] || status=1
    done
done
exit $status
