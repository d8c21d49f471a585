#!/usr/bin/env bash
# libFuzzer targets for the predicate parser and the GeoJSON, CSV, FDSN text
# and QuakeML readers.
#
#   Fuzz/fuzz.sh build                      build every target
#   Fuzz/fuzz.sh run SECONDS [TARGET...]    run each target for SECONDS
#
# The library modules are built by SwiftPM in .build-fuzz (release, with
# -sanitize=fuzzer,address and -enable-testing, so the harnesses can reach the
# internal readers with @testable import); each harness in Fuzz/Sources is
# then compiled and linked with `swiftc -sanitize=fuzzer,address`. `swift
# build` and `swift test` of the package itself are untouched.
#
# Runs read the committed seeds in Fuzz/corpus/TARGET and write what they
# find to .build-fuzz/corpus/TARGET (kept between runs, never committed);
# crashing inputs land in Fuzz/crashes/TARGET (gitignored).
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
SWIFTC=${SWIFTC:-swiftc}
SCRATCH=.build-fuzz
BUILT=$SCRATCH/release
ALL_TARGETS=(predicate geojson csv fdsntext quakeml)

# Every module the harnesses link, in dependency order: QuakeQuery and what it
# imports. A new dependency of QuakeStore or QuakeQuery goes here too (a system
# library such as CZlib has no objects: its module map is passed when linking,
# and its library is linked by the autolink entries of the objects using it).
MODULES=(QuakeQuery QuakeStore BundledData GRDB)

harness_sources() {
    case $1 in
        predicate) echo "Fuzz/Sources/FuzzSupport.swift Fuzz/Sources/FuzzPredicate.swift" ;;
        geojson) echo "Fuzz/Sources/FuzzSupport.swift Fuzz/Sources/FuzzGeoJSON.swift" ;;
        csv) echo "Fuzz/Sources/FuzzSupport.swift Fuzz/Sources/FuzzCSV.swift" ;;
        fdsntext) echo "Fuzz/Sources/FuzzSupport.swift Fuzz/Sources/FuzzFDSNText.swift" ;;
        quakeml) echo "Fuzz/Sources/FuzzSupport.swift Fuzz/Sources/FuzzQuakeML.swift" ;;
        *) echo "unknown fuzz target '$1' (targets: ${ALL_TARGETS[*]})" >&2; exit 2 ;;
    esac
}

# libFuzzer options per target: longest input, and the dictionary.
max_len() {
    case $1 in predicate) echo 2048 ;; geojson) echo 8192 ;; csv) echo 4096 ;; fdsntext) echo 4096 ;; quakeml) echo 8192 ;; esac
}

build() {
    # One -sanitize flag with both: swiftc keeps only the last of several,
    # which is what `swift build --sanitize=fuzzer --sanitize=address` passes
    # (the modules would get ASan but no coverage for libFuzzer to follow).
    "$SWIFT" build --scratch-path "$SCRATCH" -c release --target QuakeQuery \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing
    # The objects of each module's current sources (a `*.o` glob would also
    # pick up those of files since deleted).
    local objects=() module source
    for module in "${MODULES[@]}"; do
        while IFS= read -r source; do
            objects+=("$BUILT/$module.build/$(basename "$source").o")
        done <"$BUILT/$module.build/sources"
    done
    local modulemap
    modulemap=$(find "$SCRATCH/checkouts/GRDB.swift/Sources/GRDBSQLite" -name module.modulemap | head -1)
    mkdir -p "$SCRATCH/fuzzers"
    for target in "${ALL_TARGETS[@]}"; do
        echo "linking fuzz-$target"
        # shellcheck disable=SC2046
        "$SWIFTC" -O -sanitize=fuzzer,address -parse-as-library -module-name "Fuzz_$target" -use-ld=lld \
            -I "$BUILT/Modules" -Xcc -fmodule-map-file="$modulemap" \
            -Xcc -fmodule-map-file=Sources/CZlib/module.modulemap \
            $(harness_sources "$target") "${objects[@]}" -lsqlite3 \
            -o "$SCRATCH/fuzzers/fuzz-$target"
    done
}

run() {
    local seconds=${1:?seconds}; shift
    local targets=("$@")
    [ ${#targets[@]} -gt 0 ] || targets=("${ALL_TARGETS[@]}")
    local failed=() summary=()
    for target in "${targets[@]}"; do
        harness_sources "$target" >/dev/null
        local corpus=$SCRATCH/corpus/$target crashes=Fuzz/crashes/$target log=$SCRATCH/logs/$target.log
        mkdir -p "$corpus" "$crashes" "$SCRATCH/logs"
        echo "== fuzz-$target for ${seconds}s (log: $log)"
        # The first folder receives new inputs; the committed seeds are only
        # read. Swift's own crash handler is off: ASan and libFuzzer report
        # crashes. Leak checks are off: Foundation's NSRegularExpression on
        # Linux keeps a few blocks LeakSanitizer reports at exit, and
        # -rss_limit_mb still catches memory that grows.
        set +e
        SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$SCRATCH/fuzzers/fuzz-$target" "$corpus" "Fuzz/corpus/$target" \
            -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$(max_len "$target")" \
            -dict="Fuzz/dict/$target.dict" -artifact_prefix="$crashes/" \
            -detect_leaks=0 -print_final_stats=1 >"$log" 2>&1
        local status=$?
        set -e
        local runs cov
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
        cov=$(grep -aEo 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[^ ]+' "$log" | tail -1)
        if [ $status -eq 0 ]; then
            summary+=("fuzz-$target: ${seconds}s clean, ${runs:-?} executions ($cov)")
        else
            failed+=("$target")
            summary+=("fuzz-$target: FAILED (exit $status) after ${runs:-?} executions, see $log")
            grep -aE '^(==[0-9]+==ERROR|SUMMARY|fuzz invariant|.*Fatal error|artifact_prefix|Test unit written)' "$log" | head -20 || true
        fi
    done
    printf '%s\n' "${summary[@]}"
    if [ ${#failed[@]} -gt 0 ]; then
        echo "crashing inputs are in Fuzz/crashes/; each one becomes a regression test" >&2
        exit 1
    fi
}

case ${1:-} in
    build) build ;;
    run) shift; run "$@" ;;
    *) echo "usage: $0 build | run SECONDS [TARGET...]" >&2; exit 2 ;;
esac
