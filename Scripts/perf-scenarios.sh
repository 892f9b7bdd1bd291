#!/usr/bin/env bash
# Prints docs/performance.md's measurement tables (issue #26) as Markdown, so they can be measured
# again with one command:
#
# 1. Per bundled and observed scenario (Scenarios/*.yaml, Scenarios/observed/*.yaml), one
#    replication, `--events none`: the instructions of a 1-day `simulate` (start-up included), the
#    instructions per widget-day ((I(28 days) - I(1 day)) / (27 x widgets): start-up cancels
#    out), and the peak RSS at 1 day and 10 years (3,650 days). Beside them, the C closed-form
#    floor (Scripts/floor/floor.c, docs/design/floor.md): the same display accounting by closed
#    form per timeline, for each widget's own counts a day (delivered timelines, rendered entries
#    and views from a 28-day `simulate`, changes from a day at `--events all`), counted the same
#    way (28 days less 1 day, over 27): its accounting alone (the floor), the engine's
#    instructions per widget-day over it, and the floor with its own draws of the times.
# 2. The commands the issue names: a 1-day `simulate` (start-up), a year of the minute clock with
#    every event, its device log (`export-log`), 100 replications of 10 years, and the sweep
#    (`bench --days 28 --candidates 251`): instructions (except the two longest, unless --full),
#    CPU seconds and peak RSS.
#
# Instructions: `perf stat -e instructions:u` where the CPU's counters are readable, else
# `valgrind --tool=callgrind` on a stripped copy of the binary (valgrind cannot read the
# toolchain's debug info; on this project's VM there are no counters). The floor's are always
# callgrind's (it needs `cc` and valgrind). Peak RSS and CPU seconds (user + system):
# /usr/bin/time. Run it on an idle machine and state the load with the figures.
#
# Usage: Scripts/perf-scenarios.sh [--full] [--commands-only | --scenarios-only] [--bin PATH] [SCENARIO...]
#   --bin PATH  measure that binary (default: build the README's release binary, the Swift
#               runtime and Foundation linked in, in .build as the README's command does:
#               `swift build -c release --static-swift-stdlib --product widgetbudget`)
#   --full      count the instructions of the year with every event and of the 100 x 10 years too
#               (callgrind takes about 50 times as long as the run)
#   --commands-only  only the second table
#   --scenarios-only only the first table
#   SCENARIO... the first table's scenarios (default: every bundled and observed one)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=""
full=false
commands_only=false
scenarios_only=false
scenarios=()
while (($#)); do
  case $1 in
  --commands-only)
    commands_only=true
    shift
    ;;
  --scenarios-only)
    scenarios_only=true
    shift
    ;;
  --bin)
    bin=$2
    shift 2
    ;;
  --full)
    full=true
    shift
    ;;
  -*)
    echo "usage: Scripts/perf-scenarios.sh [--full] [--commands-only | --scenarios-only] [--bin PATH] [SCENARIO...]" >&2
    exit 64
    ;;
  *)
    scenarios+=("$1")
    shift
    ;;
  esac
done
if [[ -z $bin ]]; then
  swift build -c release --static-swift-stdlib --product widgetbudget >&2
  bin=$(swift build -c release --static-swift-stdlib --show-bin-path)/widgetbudget
fi
bin=$(readlink -f "$bin")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$bin" "$work/wb"
strip "$work/wb" 2>/dev/null || true

counters=false
if perf stat -x, -e instructions:u true 2>&1 >/dev/null | grep -q '^[0-9]'; then counters=true; fi

# instructions COMMAND...: user-space instructions of the command (output discarded).
instructions() {
  if $counters; then
    perf stat -x, -e instructions:u -o "$work/perf" "$@" >/dev/null 2>&1
    awk -F, '/instructions/ { print $1 }' "$work/perf"
  else
    local exe=$1
    shift
    [[ $exe == "$bin" ]] && exe=$work/wb
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$exe" "$@" 2>&1 >/dev/null | awk '/Collected :/ { print $4 }'
  fi
}

# usage COMMAND...: "cpu_seconds rss_MB" of the command (output discarded).
usage() {
  /usr/bin/time -f '%U %S %M' -o "$work/time" "$@" >/dev/null 2>&1
  awk '{ printf "%.3f %.1f\n", $1 + $2, $3 / 1024 }' "$work/time"
}

millions() { awk -v n="$1" 'BEGIN { printf "%.1f M", n / 1e6 }'; }
thousands() { awk -v n="$1" 'BEGIN { printf "%.0f K", n / 1e3 }'; }
floor_k() { awk -v n="$1" 'BEGIN { printf "%.1f K", n / 1e3 }'; }

echo "Binary: $bin ($(du -h "$bin" | cut -f1), $(ldd "$bin" 2>/dev/null | grep -c '=>') shared libraries);" \
  "instructions by $($counters && echo 'perf stat' || echo 'callgrind, stripped copy');" \
  "load average $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $(date -u +%Y-%m-%dT%H:%MZ)"
((${#scenarios[@]})) || scenarios=(Scenarios/*.yaml Scenarios/observed/*.yaml)
$commands_only && scenarios=()
echo
# The floor: compiled here, counted by callgrind whatever the binary's counter (its accounting
# alone is one function, `account`, which only callgrind's --toggle-collect can single out).
Scripts/floor/build.sh "$work/floor"
# floor_count DAYS [--toggle-collect=account] FLOOR_ARGUMENTS...: the floor's instructions.
floor_count() {
  local days=$1
  shift
  local toggle=()
  [[ $1 == --toggle-collect=* ]] && toggle=("$1") && shift
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "${toggle[@]}" "$work/floor" --days "$days" "$@" 2>&1 \
    | awk '/Collected :/ { print $4 }'
}

$commands_only || {
  echo "| scenario | widgets | 1 day: instructions | per widget-day | C floor per widget-day | engine / floor | floor with its draws | the floor's day (per widget) | peak RSS 1 day (MB) | peak RSS 10 years (MB) |"
  echo "|---|---:|---:|---:|---:|---:|---:|---|---:|---:|"
}
for scenario in "${scenarios[@]}"; do
  run() { echo "$bin" simulate "$scenario" --replications 1 --events none --force --out "$work/out" --days "$1"; }
  # The floor's counts per widget: a day's delivered timelines (granted reloads less kills),
  # rendered entries and views over 28 days (days.csv), and a day's predictable and unpredictable
  # changes (events.csv at --events all): "widget reloads entries period changes views" lines.
  "$bin" simulate "$scenario" --replications 1 --events none --days 28 --force --out "$work/out" >/dev/null 2>&1
  "$bin" simulate "$scenario" --replications 1 --events all --days 1 --force --out "$work/events" >/dev/null 2>&1
  awk -F, '
    FNR == 1 { file++; for (i = 1; i <= NF; i++) col[file, $i] = i; next }
    file == 1 {
      w = $col[1, "widget"]
      if (!(w in reloads)) order[++n] = w
      reloads[w] += ($col[1, "reloads"] - $col[1, "kills"]) / 28
      renders[w] += $col[1, "renders"] / 28
      views[w] += $col[1, "views"] / 28
    }
    file == 2 && $col[2, "event"] == "change" {
      if ($NF ~ /unpredictable/) unpredictable[$col[2, "widget"]]++; else predictable[$col[2, "widget"]]++
    }
    END {
      for (i = 1; i <= n; i++) {
        w = order[i]
        entries = reloads[w] > 0 ? int(renders[w] / reloads[w] + 0.5) : 1
        period = predictable[w] > 0 ? 86400 / predictable[w] : 0
        printf "%s %.4f %d %.4f %d %.4f\n", w, reloads[w], (entries < 1 ? 1 : entries), period,
          unpredictable[w] + 0, views[w]
      }
    }' "$work/out/days.csv" "$work/events/events.csv" >"$work/counts"
  widgets=$(wc -l <"$work/counts")
  floor=0 drawn=0 days=""
  while read -r _ reloads entries period changes views; do
    args=(--reloads "$reloads" --entries "$entries" --period "$period" --changes "$changes" --views "$views")
    floor=$(awk -v s="$floor" -v a="$(floor_count 1 --toggle-collect=account "${args[@]}")" \
      -v b="$(floor_count 28 --toggle-collect=account "${args[@]}")" 'BEGIN { print s + (b - a) / 27 }')
    drawn=$(awk -v s="$drawn" -v a="$(floor_count 1 "${args[@]}")" -v b="$(floor_count 28 "${args[@]}")" \
      'BEGIN { print s + (b - a) / 27 }')
    days+="${days:+; }$(awk -v r="$reloads" -v e="$entries" -v p="$period" -v c="$changes" -v v="$views" 'BEGIN {
      printf "%.3g × %d", r, e; if (p > 0) printf ", every %gs", p; printf ", %d changes, %.0f views", c, v }')"
  done <"$work/counts"
  floor=$(awk -v s="$floor" -v w="$widgets" 'BEGIN { print s / w }')
  drawn=$(awk -v s="$drawn" -v w="$widgets" 'BEGIN { print s / w }')
  # shellcheck disable=SC2046
  i1=$(instructions $(run 1))
  # shellcheck disable=SC2046
  i28=$(instructions $(run 28))
  per=$(awk -v a="$i1" -v b="$i28" -v w="$widgets" 'BEGIN { print (b - a) / 27 / w }')
  ratio=$(awk -v a="$per" -v b="$floor" 'BEGIN { printf "%.1f×", a / b }')
  # shellcheck disable=SC2046
  read -r _ rss1 < <(usage $(run 1))
  # shellcheck disable=SC2046
  read -r _ rss10 < <(usage $(run 3650))
  echo "| \`${scenario#Scenarios/}\` | $widgets | $(millions "$i1") | $(thousands "$per") | $(floor_k "$floor") |" \
    "$ratio | $(floor_k "$drawn") | $days | $rss1 | $rss10 |"
done

if $scenarios_only; then exit 0; fi
echo
echo "| command | instructions | CPU (s) | peak RSS (MB) |"
echo "|---|---:|---:|---:|"
clock=Scenarios/clock-minute-entries.yaml
# row LABEL COUNT COMMAND...: COUNT true to count its instructions.
row() {
  local label=$1 count=$2 n="—" cpu rss
  shift 2
  $count && n=$(millions "$(instructions "$@")")
  read -r cpu rss < <(usage "$@")
  echo "| $label | $n | $cpu | $rss |"
}
row '`simulate clock-minute-entries.yaml --days 1` (start-up)' true "$bin" simulate "$clock" --days 1 --out "$work/out"
row '`simulate … --days 1825 --events none` (5 years)' true "$bin" simulate "$clock" --days 1825 --events none --out "$work/out"
row '`simulate … --days 365 --events all`' "$full" "$bin" simulate "$clock" --days 365 --events all --out "$work/out"
row '`export-log … --days 365`' true "$bin" export-log "$clock" --days 365 --out "$work/log.csv"
row '`simulate … --days 3650 --replications 100 --events none`' "$full" "$bin" simulate "$clock" --days 3650 --replications 100 \
  --events none --force --out "$work/out"
row '`bench … --days 28 --candidates 251`' "$full" "$bin" bench "$clock" --days 28 --candidates 251
echo
echo "Load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
