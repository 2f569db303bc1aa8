#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer) of each target, a folder here: its entry (*.swift), dictionary.txt and seeds/.
# See docs/fuzzing.md.
#
# Usage: Tests/Fuzz/fuzz.sh [-Onone] [SECONDS] [TARGET ...]   (default: 60 seconds for each target in turn)
#
# Linux only: needs a swiftc that supports -sanitize=fuzzer (the Linux toolchains ship libFuzzer; Xcode's does not).
set -euo pipefail

optimization=-O
if [[ "${1:-}" == -Onone ]]; then optimization=-Onone; shift; fi
seconds="${1:-60}"
case "$seconds" in '' | *[!0-9]* | 0) echo "usage: $0 [-Onone] [SECONDS] [TARGET ...]" >&2; exit 2 ;; esac
shift $(($# > 0 ? 1 : 0))

root="$(cd "$(dirname "$0")/../.." && pwd)"
fuzz="$root/Tests/Fuzz"
targets=("$@")
if ((${#targets[@]} == 0)); then
    for folder in "$fuzz"/*/; do targets+=("$(basename "$folder")"); done
fi
for target in "${targets[@]}"; do
    [[ -d "$fuzz/$target" && "$target" != */* ]] || { echo "$0: no target '$target' in $fuzz" >&2; exit 2; }
done

build="$root/.build/fuzz/${optimization#-}"
swiftc="${SWIFTC:-swiftc}"
flags=(-swift-version 6 "$optimization" -wmo -g -parse-as-library -sanitize=fuzzer,address -package-name harness
    -I "$build/modules")
mkdir -p "$build/lib" "$build/modules"

# Builds module $1 from the Swift files under the folders that follow, as a static library ($EXTRA: more flags).
library() {
    local name="$1"; shift
    local sources; mapfile -t sources < <(find "$@" -name '*.swift' | sort)
    "$swiftc" "${flags[@]}" ${EXTRA:-} -module-name "$name" -emit-library -static -o "$build/lib/lib$name.a" \
        -emit-module -emit-module-path "$build/modules/$name.swiftmodule" "${sources[@]}"
}

# Rebuilds everything when a Swift file or this script is newer than the last build.
stamp="$build/built"
if [[ ! -e "$stamp" ]] ||
    [[ -n "$(find "$root/Sources" "$fuzz" \( -name '*.swift' -o -name fuzz.sh \) -newer "$stamp" -print -quit)" ]]; then
    echo "building the fuzz targets in $build"
    rm -f "$stamp"
    touch "$stamp.new"
    library Sandbox "$root/Sources/Sandbox"
    for app in HIITFit Checklists NamesToFaces; do library "$app" "$root/Sources/$app"; done
    # Testing on, so that the entries reach the internal parsers and loaders.
    EXTRA=-enable-testing library Harness "$root/Sources/Harness"
    EXTRA=-enable-testing library HarnessBench "$root/Sources/HarnessBench"
    for app in HIITFit Checklists NamesToFaces; do library "${app}Plugin" "$root/Sources/Plugins/${app}Plugin"; done
    for folder in "$fuzz"/*/; do
        target="$(basename "$folder")"
        # gold warns of every sanitizer symbol it cannot export: hundreds of lines that hide any real message.
        "$swiftc" "${flags[@]}" -module-name "${target^}Fuzzer" -o "$build/$target" "$folder"*.swift \
            -L "$build/lib" -lHIITFitPlugin -lChecklistsPlugin -lNamesToFacesPlugin -lHarnessBench -lHarness \
            -lHIITFit -lChecklists -lNamesToFaces -lSandbox 2> >(grep -v "warning: Cannot export local symbol" >&2)
    done
    mv "$stamp.new" "$stamp"
fi

# A crash, a slow input (-timeout, seconds) and a big allocation (-malloc_limit_mb, -rss_limit_mb) all stop the run.
# -fork=1 runs the fuzzing in child processes restarted every few minutes: swift-corelibs-foundation leaks the CFError
# of every failed plist parse (about 1.5 KB a run), which would otherwise reach the RSS limit in under an hour.
# Leak checks are off for the same reason (libFuzzer's own check would also rerun every input that leaks).
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# Swift's own backtracer crashes reading AddressSanitizer's shadow memory, after minutes; libFuzzer prints the stack.
export SWIFT_BACKTRACE=enable=no
for target in "${targets[@]}"; do
    corpus="$build/corpus/$target"
    findings="$build/findings/$target"
    # An -Onone run is a check that the target builds and runs: it starts from the seeds alone each time.
    if [[ "$optimization" == -Onone ]]; then rm -rf "$corpus"; fi
    mkdir -p "$corpus" "$findings"
    cp "$fuzz/$target/seeds/"* "$corpus/"
    # The scenario parser's seeds are also every scenario file.
    if [[ "$target" == scenario ]]; then
        find "$root/Scenarios" -name '*.scenario' | while read -r file; do
            cp "$file" "$corpus/seed-$(basename "$(dirname "$file")")-$(basename "$file")"
        done
    fi
    echo "fuzzing '$target' for $seconds s"
    "$build/$target" "$corpus" -fork=1 -ignore_crashes=0 -ignore_timeouts=0 -ignore_ooms=0 \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=512 -max_len=16384 \
        -dict="$fuzz/$target/dictionary.txt" -artifact_prefix="$findings/" -detect_leaks=0
done
