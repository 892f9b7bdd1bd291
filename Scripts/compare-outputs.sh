#!/usr/bin/env bash
# Checks that two builds of widgetbudget write byte-identical outputs (docs/performance.md: every
# speed-up of the engine is checked this way against the build before it).
#
# Runs the same commands with each binary, from this repository's Scenarios/, into two temporary
# folders, and compares them file by file:
# - `simulate` of every bundled and observed scenario at `--events all`, and at `--events none --days 60`;
# - `optimize`, and `optimize --method exhaustive`, of the three scenarios with an `optimize:` section;
# - the 5-year replay of seed 002's minute clock (`--days 1826 --replications 1 --events none`).
# That is 301 files (plots excepted: gnuplot's SVG and PNG are left out). Prints IDENTICAL and the
# file count, or the files that differ (exit 1).
# Usage: Scripts/compare-outputs.sh OLD_BINARY NEW_BINARY
#   e.g. git worktree add /tmp/base <commit>; (cd /tmp/base && swift build -c release)
#        Scripts/compare-outputs.sh /tmp/base/.build/release/widgetbudget .build/release/widgetbudget
set -uo pipefail
if [[ $# -ne 2 || ! -x "$1" || ! -x "$2" ]]; then
    echo "usage: Scripts/compare-outputs.sh OLD_BINARY NEW_BINARY (two widgetbudget executables)" >&2
    exit 2
fi
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs the fixed commands with binary $1 into folder $2.
run_all() {
    local bin out f b
    bin=$(readlink -f "$1")
    out=$2
    mkdir -p "$out"
    for f in Scenarios/*.yaml Scenarios/observed/*.yaml; do
        b=$(basename "$f" .yaml)
        "$bin" simulate "$f" --events all --out "$out/sim-all-$b" > "$out/sim-all-$b.txt" 2>&1
        echo "rc=$?" >> "$out/sim-all-$b.txt"
        "$bin" simulate "$f" --events none --days 60 --out "$out/sim-none-$b" > "$out/sim-none-$b.txt" 2>&1
        echo "rc=$?" >> "$out/sim-none-$b.txt"
    done
    for f in Scenarios/clock-minute-entries.yaml Scenarios/news-commute-schedule.yaml Scenarios/news-reload-interval.yaml; do
        b=$(basename "$f" .yaml)
        "$bin" optimize "$f" --out "$out/opt-$b" > "$out/opt-$b.txt" 2>&1
        echo "rc=$?" >> "$out/opt-$b.txt"
        "$bin" optimize "$f" --method exhaustive --out "$out/optx-$b" > "$out/optx-$b.txt" 2>&1
        echo "rc=$?" >> "$out/optx-$b.txt"
    done
    "$bin" simulate Scenarios/clock-minute-entries.yaml --days 1826 --replications 1 --events none \
        --out "$out/five-years" > "$out/five-years.txt" 2>&1
    # The printed text names the output folder: make it the same for both runs.
    find "$out" -name '*.txt' -exec sed -i "s#$out#OUT#g" {} +
    find "$out" -type f \( -name '*.png' -o -name '*.svg' \) -delete
}

run_all "$1" "$work/old"
run_all "$2" "$work/new"
if diff -r -q "$work/old" "$work/new" > "$work/diff" 2>&1; then
    echo "IDENTICAL ($(find "$work/new" -type f | wc -l) files)"
else
    echo "DIFFERENT:"
    head -40 "$work/diff"
    exit 1
fi
