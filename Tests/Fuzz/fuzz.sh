#!/usr/bin/env bash
# Coverage-guided fuzzing of the scenario parser and the fixture loaders (libFuzzer).
#
# Usage: Tests/Fuzz/fuzz.sh [SECONDS]      (default 60)
#
# Linux only: needs a Swift toolchain whose swiftc supports -sanitize=fuzzer (the Linux toolchains ship libFuzzer;
# Xcode's does not). Everything goes to .build-fuzz/: the build, the corpus (seeded from Scenarios/**/*.scenario)
# and the findings (crash-*, timeout-*, oom-* inputs) in .build-fuzz/findings/.
# Replay one finding: ASAN_OPTIONS=detect_leaks=0 .build-fuzz/bin/scenario-fuzzer .build-fuzz/findings/crash-...
set -euo pipefail

seconds="${1:-60}"
case "$seconds" in '' | *[!0-9]*) echo "usage: $0 [SECONDS]" >&2; exit 2 ;; esac

root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/.build-fuzz"
swiftc="${SWIFTC:-swiftc}"
fuzzer="$out/bin/scenario-fuzzer"
flags=(-swift-version 6 -O -g -parse-as-library -sanitize=fuzzer,address -package-name harness -I "$out/modules")
mkdir -p "$out/bin" "$out/lib" "$out/modules" "$out/corpus" "$out/findings"

# Builds module $1 from the Swift files under the folders that follow, as a static library ($EXTRA: more flags).
library() {
    local name="$1"; shift
    local sources; mapfile -t sources < <(find "$@" -name '*.swift' | sort)
    "$swiftc" "${flags[@]}" ${EXTRA:-} -module-name "$name" -emit-module -emit-module-path "$out/modules/$name.swiftmodule" \
        -emit-library -static -o "$out/lib/lib$name.a" "${sources[@]}"
}

# Rebuilds only when a source or this script is newer than the fuzzer.
if [[ ! -x "$fuzzer" ]] || [[ -n "$(find "$root/Sources" "$root/Tests/Fuzz" -newer "$fuzzer" -print -quit)" ]]; then
    echo "building $fuzzer"
    library Sandbox "$root/Sources/Sandbox"
    for app in HIITFit Checklists NamesToFaces; do library "$app" "$root/Sources/$app"; done
    # The scenario language and the plug-in API, with testing on so the fuzz entry reaches the internal loaders.
    EXTRA=-enable-testing library Harness "$root/Sources/Harness/Grammar" "$root/Sources/Harness/Scenario" \
        "$root/Sources/Harness/Plugin" "$root/Sources/Harness/Oracle"
    for app in HIITFit Checklists NamesToFaces; do library "${app}Plugin" "$root/Sources/Plugins/${app}Plugin"; done
    "$swiftc" "${flags[@]}" -module-name ScenarioFuzzer -o "$fuzzer" "$root/Tests/Fuzz/ScenarioFuzzer.swift" \
        -L "$out/lib" -lHIITFitPlugin -lChecklistsPlugin -lNamesToFacesPlugin -lHarness \
        -lHIITFit -lChecklists -lNamesToFaces -lSandbox
fi

# The seeds: every scenario file, plus binary property lists (Tests/Fuzz/seeds); the corpus keeps what runs found.
find "$root/Scenarios" -name '*.scenario' | while read -r file; do
    cp "$file" "$out/corpus/seed-$(basename "$(dirname "$file")")-$(basename "$file")"
done
cp "$root/Tests/Fuzz/seeds/"* "$out/corpus/"

# A crash, a slow input (-timeout, seconds) and a big allocation (-malloc_limit_mb, -rss_limit_mb) all stop the run.
# -fork=1 runs the fuzzing in child processes restarted every few minutes: swift-corelibs-foundation leaks the CFError
# of every failed plist parse (about 1.5 KB a run), which would otherwise reach the RSS limit in under an hour.
# Leak checks are off for the same reason (libFuzzer's own check would also rerun every input that leaks).
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
exec "$fuzzer" "$out/corpus" -fork=1 -ignore_crashes=0 -ignore_timeouts=0 -ignore_ooms=0 \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=512 -max_len=16384 \
    -dict="$root/Tests/Fuzz/dictionary.txt" -artifact_prefix="$out/findings/" -detect_leaks=0
