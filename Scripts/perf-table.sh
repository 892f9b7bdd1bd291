#!/usr/bin/env bash
# Prints the table of issue 12 (docs/performance-history.md, "Long replays"): wall time and peak RSS of the
# release build for long replays of seed 002's minute clock and for policy sweeps, as Markdown.
#
# - Replays: `simulate Scenarios/clock-minute-entries.yaml --replications R --days D --events none`
#   for 1 and 10 simulated years as one replication, 100 and 1,000 years as 10 and 100 replications
#   of 10 years (a scenario runs at most 3,660 days), which run in parallel over the cores.
# - Sweeps: `bench` of the scenario over 28 days (`--days 28`), 8 replications, 10^3, 10^4, 10^5 candidates
#   (the bench's space holds 76,000 distinct candidates: 10^5 evaluates all of them).
# Wall time by `date +%s.%N` around each command (start-up included), peak RSS by /usr/bin/time.
# Run it on an idle machine (state the load average with the figures).
# The binary is a fully static executable (the Swift runtime, Foundation, libcsv and glibc linked
# in, `-static-executable`), in its own build folder: no dynamic loader, no symbol binding and no
# relocation at start-up (docs/performance-history.md, "Third round" and "Fourth round: start-up").
# Linking prints glibc's warnings about dlopen/getaddrinfo/getpwuid in static programs: harmless
# here (the tool resolves no host names and loads no plug-ins).
# Usage: Scripts/perf-table.sh [--quick]   (--quick: the replays and 10^3 candidates only)
set -euo pipefail
cd "$(dirname "$0")/.."
quick=${1:-}
swift build -c release -Xswiftc -static-executable --scratch-path .build-static >&2 2> >(grep -v 'in statically linked applications requires' >&2)
bin=.build-static/release/widgetbudget
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs a command, prints "wall_s rss_MB".
measure() {
    local start end
    start=$(date +%s.%N)
    /usr/bin/time -f '%M' -o "$work/rss" "$@" > /dev/null
    end=$(date +%s.%N)
    awk -v s="$start" -v e="$end" -v k="$(tail -1 "$work/rss")" 'BEGIN { printf "%.3f %.1f\n", e - s, k / 1024 }'
}

echo "Load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $(date -u +%Y-%m-%dT%H:%MZ)"
echo
echo "| run | command | wall (s) | peak RSS (MB) |"
echo "|---|---|---:|---:|"
replays="1:365:1 10:3650:1 100:3650:10 1000:3650:100"
for spec in $replays; do
    IFS=: read -r years days reps <<< "$spec"
    read -r wall rss < <(measure "$bin" simulate Scenarios/clock-minute-entries.yaml --days "$days" --replications "$reps" \
        --events none --force --out "$work/replay")
    unit=years
    [ "$years" = 1 ] && unit=year
    echo "| $years simulated $unit | \`simulate … --days $days --replications $reps --events none\` | $wall | $rss |"
done
sweeps="1000 10000 100000"
[ "$quick" = "--quick" ] && sweeps="1000"
for n in $sweeps; do
    read -r wall rss < <(measure "$bin" bench Scenarios/clock-minute-entries.yaml --days 28 --candidates "$n")
    echo "| $n candidates × 8 replications × 28 days | \`bench … --days 28 --candidates $n\` | $wall | $rss |"
done
echo
echo "Load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
