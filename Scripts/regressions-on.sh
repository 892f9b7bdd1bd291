#!/usr/bin/env bash
# Runs the bad inputs of issue #11 (the ones Tests/WidgetBudgetCLITests/BoundsInputTests.swift and
# OutputSafetyTests.swift use) through a given widgetbudget binary and prints one Markdown table
# row per input: the exit code, the lines on standard error, the first of them, and whether the
# run crashed, hung, or changed or destroyed anything. Used to show that every regression test
# fails on the code before the fixes (docs/regressions.md):
#
#   Scripts/regressions-on.sh .build/release/widgetbudget
#   git worktree add /tmp/old 92982f0 && (cd /tmp/old && swift build -c release)
#   Scripts/regressions-on.sh /tmp/old/.build/release/widgetbudget
#
# Every run happens in a fresh temporary folder, under `timeout` (REGRESSION_TIMEOUT, default 20 s)
# and a 4 GB address-space limit, so a hang or a runaway allocation of an old binary stays
# harmless. Nothing outside the temporary folder is ever named as an output: the `--out
# /dev/null` case of the issue is simulated with a FIFO and a symbolic link.
set -uo pipefail
bin=$(readlink -f "${1:?usage: Scripts/regressions-on.sh PATH/TO/widgetbudget}")
limit=${REGRESSION_TIMEOUT:-20}
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT

valid='name: t
days: 1
widgets:
  - kind: clock
    provider: {type: fixed, entries: 6, spacing: 1m, policy: at-end}
    content:
      predictable: {every: 1m}'

# A folder's listing with each file's type and checksum: equal before and after = untouched.
snapshot() { (cd "$1" && find . -printf '%y %p %l\n' | sort && find . -type f -exec sha256sum {} + | sort) 2>/dev/null; }

# run NAME KEEP COMMAND...: runs COMMAND in the current case folder and prints the row. KEEP is
# a shell test that must still hold afterwards (e.g. a file is intact), or "" for none.
run() {
  local name=$1 keep=$2
  shift 2
  local before after status lines first verdict
  before=$(snapshot .)
  # In a child shell of its own, so the shell's "Illegal instruction" notice lands in the file.
  bash -c 'ulimit -v 4000000 && exec timeout -k 5 "$0" "$@"' "$limit" "$@" >stdout.txt 2>stderr.txt </dev/null
  status=$?
  rm -f stdout.txt
  mv stderr.txt ../stderr.txt
  after=$(snapshot .)
  lines=$(grep -c '' ../stderr.txt)
  first=$(head -c 4000 ../stderr.txt | tr -d '\000' | grep -m 1 -v '^[[:space:]]*$' | cut -c1-110 | sed 's/|/\\|/g')
  local changed=""
  [[ $before != "$after" ]] && changed=", folder changed"
  if [[ $status -eq 124 || $status -eq 137 ]]; then
    verdict="**hang** (killed after ${limit} s)"
  elif [[ $status -gt 128 ]] || grep -qE 'Fatal error|Stack dump|Backtrace|Crash|💣' ../stderr.txt; then
    verdict="**crash** (exit $status$changed)"
  elif [[ -n $keep ]] && ! eval "$keep"; then
    verdict="**destroyed** ($keep fails)"
  elif [[ $status -eq 0 && $before != "$after" ]]; then
    verdict="ran (exit 0), wrote output"
  elif [[ $status -eq 0 ]]; then
    verdict="ran (exit 0)"
  elif [[ $before != "$after" ]]; then
    verdict="**folder changed**, exit $status"
  else
    verdict="refused, exit $status, folder unchanged"
  fi
  printf '| %s | %s | %s | `%s` |\n' "$name" "$verdict" "$lines" "$first"
}

# scenario NAME YAML [FILE=TEXT...]: a good run into out/, then the bad scenario into the same out/.
scenario() {
  local name=$1 yaml=$2
  shift 2
  local dir
  dir=$(mktemp -d "$root/case.XXXXXX")
  (
    cd "$dir" || exit 1
    printf '%s\n' "$valid" >good.yaml
    timeout "$limit" "$bin" simulate good.yaml --out out >/dev/null 2>&1
    printf '%s\n' "$yaml" >scenario.yaml
    for f in "$@"; do printf '%b' "${f#*=}" >"${f%%=*}"; done
    run "$name" "" "$bin" simulate scenario.yaml --out out
  )
}

with() { printf '%s' "${valid/"$1"/"$2"}"; }

# option NAME ARGS...: a command-line option past the bounds, into a new folder.
option() {
  local name=$1
  shift
  local dir
  dir=$(mktemp -d "$root/case.XXXXXX")
  (
    cd "$dir" || exit 1
    printf '%s\n' "$valid" >s.yaml
    cp "$repo/Scenarios/clock-minute-entries.yaml" minute.yaml
    run "$name" "" "$bin" "$@"
  )
}

repo=$(cd "$(dirname "$0")/.." && pwd)
echo "| input | outcome | stderr lines | first line |"
echo "|---|---|---:|---|"

scenario "first_offset: 1e24" "$(with 'policy: at-end}' 'policy: at-end, first_offset: 1e24}')"
scenario "after: 1e308" "$(with 'policy: at-end' 'policy: {after: 1e308}')"
scenario "reload_delay uniform to 1e308" "$valid
system: {reload_delay: {uniform: [0s, 1e308]}}"
scenario "render_delay exponential 1e30" "$valid
system: {render_delay: {exponential: 1e30}}"
scenario "memory.base_mb: 1e308" "$valid
memory: {base_mb: 1e308}"
scenario "until-full full: 1e24" "$(with '{type: fixed, entries: 6, spacing: 1m, policy: at-end}' '{type: until-full, level: 0, full: 1e24, rate_per_hour: 1, spacing: 1m}')"
scenario "until-full rate_per_hour: 1e-308" "$(with '{type: fixed, entries: 6, spacing: 1m, policy: at-end}' '{type: until-full, level: 0, rate_per_hour: 1e-308, spacing: 1m}')"
scenario "budget daily: Int.max" "$valid
budget: {daily: 9223372036854775807}"
scenario "budget daily: 1...Int.max" "$valid
budget: {daily: \"1...9223372036854775807\"}"
scenario "views offset: 1e16" "$valid
    views: {every: 1s, offset: 1e16}"
scenario "start: 2026-02-30" "start: 2026-02-30
$valid"
scenario "start in year 2^63" "start: 9223372036854775807-12-30
$valid"
scenario "days: 3660, replications: 100000" "${valid/days: 1/days: 3660
replications: 100000}"
scenario "alias bomb as complex keys" 'a: &a [x, x, x, x, x, x, x, x, x]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
? *e
: 1
? *e
: 2'
scenario "duplicate key (line number?)" "${valid/days: 1/days: 1
days: 2}"
scenario "trace with a NUL byte" "$(with '{every: 1m}' '{trace: nul.csv}')" 'nul.csv=time\n6\0000 0\n'
scenario "trace field of 70,000 bytes" "$(with '{every: 1m}' '{trace: long.csv}')" "long.csv=time\n$(printf '7%.0s' $(seq 70000))\n"
scenario "trace naming a secret file" "$(with '{every: 1m}' '{trace: shadow}')" 'shadow=root:$6$s3cr3tHash:19000:0:99999:7:::\n'
scenario "trace at /dev/zero" "$(with '{every: 1m}' '{trace: /dev/zero}')"

option "optimize --spacing 1e24" optimize minute.yaml --spacing 1e24 --out out
option "optimize --policy after:1e24" optimize minute.yaml --policy after:1e24 --out out
option "simulate --budget Int.max" simulate s.yaml --budget 9223372036854775807 --out out
option "simulate --days 3660 --replications 100000" simulate s.yaml --days 3660 --replications 100000 --out out
option "optimize: 732 candidates × 3660 days × 8 replications" optimize minute.yaml --days 3660 --out out
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  with 'policy: at-end' 'policy: {after: 1e16}' >s.yaml
  run "export-log, after: 1e16" "" "$bin" export-log s.yaml --out log.csv
)

dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  printf '%s\n' "$valid" >s.yaml
  timeout "$limit" "$bin" export-log s.yaml --out log.csv >/dev/null 2>&1
  run "analyze --min-interval 1e24" "" "$bin" analyze log.csv --min-interval 1e24 --out out
)

# Names are data: a NUL, separators, a leading dot.
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  printf '%s\n' "${valid/name: t/name: \"README.md\\0\"}" >s.yaml
  mkdir Reports && echo 'keep me' >Reports/README.md
  run 'name: "README.md\0", simulate' '[[ $(cat Reports/README.md) == "keep me" ]]' "$bin" simulate s.yaml
)
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  mkdir -p in/deep && printf '%s\n' "${valid/name: t/name: \"../../-evil/..\\u0001name\"}" >in/deep/s.yaml
  run 'name: "../../-evil/..\u0001name"' '[[ -z $(find "$root" -maxdepth 1 -name "*evil*") ]]' "$bin" simulate in/deep/s.yaml
)
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  printf '%s\n' "${valid/name: t
/}" >.hidden.yaml
  run "no name:, file .hidden.yaml" "" "$bin" simulate .hidden.yaml
)
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  mkdir Scenarios Sources && printf '%s\n' "${valid/name: t/name: Sources}" >Scenarios/a.yaml && echo 'print(1)' >Sources/main.swift
  run "name: Sources, report --out ." '[[ $(cat Sources/main.swift 2>/dev/null) == "print(1)" ]]' "$bin" report Scenarios --out .
)

# Outputs that are not folders or files the tool made (for --out /dev/null, which as root breaks
# the machine on the old code).
for target in fifo link; do
  for command in simulate export-log; do
    dir=$(mktemp -d "$root/case.XXXXXX")
    (
      cd "$dir" || exit 1
      printf '%s\n' "$valid" >s.yaml
      mkfifo fifo && mkdir real && ln -s real link
      keep='[[ -p fifo && -L link ]]'
      if [[ $command == export-log ]]; then keep='[[ -p fifo && -L link && ! -e real/log.csv ]]'; fi
      # A FIFO opened for writing with no reader blocks: the timeout ends that.
      run "$command --out $target" "$keep" "$bin" "$command" s.yaml --out "$target"
    )
  done
done

# Six concurrent runs (seeds 1–6) into one folder: every file of out/ must come from one run.
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  # Random views and reload delays, so that each seed's files differ.
  printf '%s\n    views: {poisson: {per_hour: 30}}\nsystem: {reload_delay: {uniform: [0s, 2m]}}\n' "${valid/days: 1/days: 30}" >s.yaml
  for seed in 1 2 3 4 5 6; do timeout "$limit" "$bin" simulate s.yaml --seed "$seed" --out "ref-$seed" >/dev/null 2>&1; done
  codes=""
  for seed in 1 2 3 4 5 6; do (timeout "$limit" "$bin" simulate s.yaml --seed "$seed" --out out >/dev/null 2>"err-$seed"; echo $? >"code-$seed") & done
  wait
  for seed in 1 2 3 4 5 6; do codes+="$(cat "code-$seed") "; done
  # The seeds whose own run wrote exactly out/'s files.
  whole=""
  for seed in 1 2 3 4 5 6; do
    if diff -r -q -x .widgetbudget-output "out" "ref-$seed" >/dev/null 2>&1; then whole+="$seed "; fi
  done
  parts=""
  for f in summary.csv days.csv events.csv; do
    for seed in 1 2 3 4 5 6; do cmp -s "out/$f" "ref-$seed/$f" && parts+="$f from seed $seed, "; done
  done
  if [[ -n $whole ]]; then verdict="consistent: out/ is seed ${whole% }'s output"; else verdict="**mixed**: ${parts%, }"; fi
  refused=$(cat err-* | grep -c 'another widgetbudget run' || true)
  printf '| 6 concurrent `simulate --out out`, seeds 1–6 | %s | – | `exit codes %s; %s refused with the lock line` |\n' "$verdict" "${codes% }" "$refused"
)

# ---- Issue #27 items 5, 6, 7, 8, 11 (safety): output commit, Ctrl-C, cut figures, user files, lock.
scenarios_dir=$(cd "$(dirname "$0")/.." && pwd)/Scenarios

# Item 8: a user's file inside a report's scenario folder survives the next report.
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  mkdir Scenarios && printf '%s\n' "${valid/name: t/name: weather-hourly}" >Scenarios/a.yaml
  timeout "$limit" "$bin" report Scenarios --out Reports --gnuplot /bin/true >/dev/null 2>&1
  echo mine >Reports/weather-hourly/my-notes.txt
  run "#27.8 report again over Reports/weather-hourly/my-notes.txt" '[[ -f Reports/weather-hourly/my-notes.txt ]]' \
    "$bin" report Scenarios --out Reports --gnuplot /bin/true
)

# Item 7: a gnuplot that exits 0 with every PNG cut short (as on a full disk).
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  mkdir Scenarios && printf '%s\n' "$valid" >Scenarios/a.yaml
  printf '%s\n' '#!/bin/sh' \
    "grep -o \"set output '[^']*'\" \"\$1\" | sed \"s/set output '//; s/'\$//\" | while read -r f; do" \
    "  case \"\$f\" in *.png) printf '\\211PNG\\r\\n\\032\\n' > \"\$f\" ;; *) echo '<svg></svg>' > \"\$f\" ;; esac" \
    'done' >full-disk-gnuplot
  chmod +x full-disk-gnuplot
  timeout "$limit" "$bin" report Scenarios --out out --gnuplot /bin/true >/dev/null 2>&1
  run "#27.7 report, gnuplot writes PNGs without IEND" '[[ -z $(find out -name "*.png") ]]' \
    "$bin" report Scenarios --out out --gnuplot ./full-disk-gnuplot
)

# Item 11: a second optimize into a folder whose first run is still searching.
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  cp "$scenarios_dir/clock-minute-entries.yaml" s.yaml
  timeout "$limit" "$bin" optimize s.yaml --replications 64 --out out >/dev/null 2>slow-err &
  slow=$!
  sleep 2
  timeout "$limit" "$bin" optimize s.yaml --replications 1 --days 1 --entries 1,61 --out out >fast-out 2>fast-err
  fast=$?
  wait "$slow"
  slow_status=$?
  if [[ $fast -eq 0 && $slow_status -eq 0 ]]; then
    verdict="**both said wrote** (exit 0 and 0): the second run's output was replaced by the first's"
  else
    verdict="second run exit $fast, first exit $slow_status"
  fi
  printf '| #27.11 optimize into out/ while another optimize searches for it | %s | – | `%s` |\n' "$verdict" \
    "$(head -c 200 fast-err | head -1 | cut -c1-110)"
)

# Item 6: Ctrl-C at random moments of 30 simulate runs; a lie is "no output written" beside a new out/.
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  printf '%s\n    views: {poisson: {per_hour: 30}}\n' "${valid/days: 1/days: 20}" >s.yaml
  start=$(date +%s%N)
  timeout "$limit" "$bin" simulate s.yaml --out probe >/dev/null 2>&1
  span=$((($(date +%s%N) - start) / 1000))
  lies=0 landed=0
  for i in $(seq 1 30); do
    "$bin" simulate s.yaml --out "out-$i" >/dev/null 2>"err-$i" &
    pid=$!
    sleep "$(awk -v s="$span" -v r="$RANDOM" 'BEGIN { printf "%.6f", s * (0.6 + 0.5 * r / 32767) / 1e6 }')"
    kill -INT "$pid" 2>/dev/null
    wait "$pid"
    if [[ -e out-$i/summary.csv ]]; then
      landed=$((landed + 1))
      grep -q 'no output written' "err-$i" && lies=$((lies + 1))
    fi
  done
  if [[ $lies -gt 0 ]]; then verdict="**lied**: $lies of $landed runs whose output landed said \"no output written\""; else verdict="truthful: none of $landed runs whose output landed said \"no output written\""; fi
  printf '| #27.6 Ctrl-C at random moments, 30 simulate runs | %s | – | `%s` |\n' "$verdict" "$(cat err-* | sort | uniq -c | sort -rn | head -1 | cut -c1-110)"
)

# Item 5: kill -9 at random moments of 20 runs replacing an earlier output, then one more run.
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  printf '%s\n    views: {poisson: {per_hour: 30}}\nsystem: {reload_delay: {uniform: [0s, 2m]}}\n' "${valid/days: 1/days: 10}" >s.yaml
  for seed in 1 2; do timeout "$limit" "$bin" simulate s.yaml --seed "$seed" --out "ref-$seed" >/dev/null 2>&1; done
  timeout "$limit" "$bin" simulate s.yaml --seed 1 --out out >/dev/null 2>&1
  start=$(date +%s%N)
  timeout "$limit" "$bin" simulate s.yaml --seed 2 --out probe >/dev/null 2>&1
  span=$((($(date +%s%N) - start) / 1000))
  rm -rf probe
  mixed=0
  for i in $(seq 1 20); do
    seed=$((i % 2 + 1))
    "$bin" simulate s.yaml --seed "$seed" --out out >/dev/null 2>&1 &
    pid=$!
    sleep "$(awk -v s="$span" -v r="$RANDOM" 'BEGIN { printf "%.6f", s * (0.5 + 0.6 * r / 32767) / 1e6 }')"
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    if ! diff -r -q -x '.widgetbudget-*' out ref-1 >/dev/null 2>&1 && ! diff -r -q -x '.widgetbudget-*' out ref-2 >/dev/null 2>&1; then
      mixed=$((mixed + 1))
    fi
    timeout "$limit" "$bin" simulate s.yaml --seed 1 --out out >/dev/null 2>&1
  done
  left=$(find . -maxdepth 1 -name '.out.widgetbudget-*' | wc -l)
  verdict="$mixed of 20 kills left a mix of two runs' files; $left leftovers beside out/ after the next run"
  [[ $mixed -gt 0 || $left -gt 0 ]] && verdict="**$verdict**"
  printf '| #27.5 kill -9 at random moments of 20 simulate runs replacing out/ | %s | – | `%s` |\n' "$verdict" \
    "$(find . -maxdepth 1 -name '.out.widgetbudget-*' -printf '%f ' | cut -c1-110)"
)
# ---- end of issue #27 items 5, 6, 7, 8, 11
# ---- Issue #27, items 3, 4 and 9 (streams): events counted by the work estimate, analyze bounded,
# CSV cells safe for spreadsheets. ----
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  printf 'name: many\ndays: 2\nwidgets:\n  - kind: clock\n    instances: 100\n    provider: {type: fixed, entries: 6, spacing: 1m, policy: at-end}\n    views: {every: 1s}\n' >many.yaml
  run "#27.3 100 instances viewed every second, 2 days, --events all" "" "$bin" simulate many.yaml --events all --out out
  printf 'name: viewed\ndays: 200\nwidgets:\n  - kind: clock\n    provider: {type: fixed, entries: 6, spacing: 1m, policy: at-end}\n    views: {every: 1s}\n' >viewed.yaml
  run "#27.3 export-log, views every second for 200 days" "" "$bin" export-log viewed.yaml --out log.csv
# ---- Issue #27, items 1, 2, 10, 12, 13 (inputs): work-estimate overflow, FIFOs as input,
# budget-like bounds, merge cells, slow paths, unreadable and folder scenarios, negative numbers.
schedule_yaml() { # schedule_yaml SEGMENTS METHOD
  local n=$1 minutes=$((1440 / $1)) list="" i a b
  for ((i = 0; i < n; i++)); do
    a=$((i * minutes)) b=$(((i + 1) * minutes % 1440))
    list+=$(printf '"%02d:%02d-%02d:%02d", ' $((a / 60)) $((a % 60)) $((b / 60)) $((b % 60)))
  done
  printf 'name: segments\ndays: 7\nreplications: 4\nwidgets:\n  - kind: news\n    provider: {type: fixed, entries: 1, policy: {after: 36m}}\n'
  printf '    content:\n      unpredictable: {poisson: {per_hour: 2}}\n    views: {poisson: {per_hour: 10}}\n'
  printf 'optimize:\n  entries: [1]\n  method: %s\n  schedule:\n    segments: [%s]\n' "$2" "${list%, }"
  printf '    after: [10m, 15m, 20m, 30m, 45m, 1h, 90m, 2h, 3h, 4h, 6h, 8h, 12h, never]\n'
}
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  schedule_yaml 24 exhaustive >s.yaml
  run "#27.1 optimize, 24 segments, method exhaustive (14^24)" "" "$bin" optimize s.yaml --out out
  mkdir Scenarios && cp s.yaml Scenarios/
  run "#27.1 report over a folder holding it" '[[ -z $(find . -maxdepth 1 -name ".*widgetbudget-*") ]]' "$bin" report Scenarios --out Reports
  schedule_yaml 48 auto >s48.yaml
  run "#27.12 optimize, 48 segments searched, --max-evaluations 300 --days 2 --replications 1" '[[ ! -e out || $(grep -c "" out/candidates.csv) -le 301 ]]' "$bin" optimize s48.yaml --days 2 --replications 1 --max-evaluations 300 --out out
)
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  mkfifo pipe
  printf '%s\n' "$(with '{every: 1m}' '{trace: pipe}')" >trace.yaml
  printf '%s\n    views: {trace: pipe}\n' "$valid" >views.yaml
  run "#27.2 content trace: a FIFO" "" "$bin" simulate trace.yaml --out out
  run "#27.2 views trace: a FIFO" "" "$bin" simulate views.yaml --out out
  run "#27.2 scenario: a FIFO" "" "$bin" simulate pipe --out out
  run "#27.2 analyze a FIFO" "" "$bin" analyze pipe --out out
  mkdir folder
  run "#27.13 simulate a folder" "" "$bin" simulate folder --out out
  printf '%s\n' "$valid" >locked.yaml && chmod 000 locked.yaml
  if [[ $(id -u) -eq 0 ]]; then
    run "#27.13 unreadable scenario (mode 000, root without CAP_DAC_*)" "" setpriv --bounding-set=-dac_override,-dac_read_search "$bin" simulate locked.yaml --out out
  else
    run "#27.13 unreadable scenario (mode 000)" "" "$bin" simulate locked.yaml --out out
  fi
  printf '%s\n' "$valid" >s.yaml
  run "#27.13 --days -3" "" "$bin" simulate s.yaml --days -3 --out out
)
scenario "#27.10 budget.learning.daily: Int.max" "$valid
budget: {daily: 50, learning: {days: 3, daily: 9223372036854775807}}"
scenario "#27.10 app.pushes with on_change and every" "$(with 'predictable: {every: 1m}' 'unpredictable: {poisson: {per_hour: 1}}')
app: {pushes: {on_change: true, every: 1h, budget: {daily: 10}}}"
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  sweep=("$repo/Scenarios/clock-minute-entries.yaml" --replications 1 --days 2 --entries 1,6,12 --spacing 1m,5m --policy at-end,after:30m)
  timeout "$limit" "$bin" optimize "${sweep[@]}" --shard 1/2 --out s1 >/dev/null 2>&1
  timeout "$limit" "$bin" optimize "${sweep[@]}" --shard 2/2 --out s2 >/dev/null 2>&1
  cp -r s1 orig1 && cp -r s2 orig2
  # edit FILE COLUMN VALUE: the first data row's COLUMN set to VALUE (no quoted fields in it).
  edit() {
    awk -F, -v OFS=, -v col="$2" -v val="$3" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) c = i } NR == 2 { $c = val } { print }' "$1" >"$1.new" && mv "$1.new" "$1"
  }
  reset() { rm -rf s1 s2 && cp -r orig1 s1 && cp -r orig2 s2; }
  edit s1/candidates.csv objective nan
  run "#27.10 merge: objective nan" "" "$bin" merge s1 s2 --out merged
  reset && edit s1/candidates.csv after_s 1e308 && edit s1/candidates.csv policy after
  run "#27.10 merge: after_s 1e308" "" "$bin" merge s1 s2 --out merged
  reset && edit s1/candidates.csv schedule "garbage; 07:00 sometimes"
  run "#27.10 merge: a garbage schedule cell" "" "$bin" merge s1 s2 --out merged
  reset && sed -i 's/^space_size,.*/space_size,100000000000000000000000/' s1/run.csv s2/run.csv
  run "#27.10 merge: space_size 10^23" "" "$bin" merge s1 s2 --out merged
  reset
  run "#27.10 merge s1 s2 --out s1" '[[ -z $(diff -r -x .widgetbudget-output s1 orig1) ]]' "$bin" merge s1 s2 --out s1
  reset && rm s2/candidates.csv && mkfifo s2/candidates.csv
  run "#27.2 merge: a shard's candidates.csv is a FIFO" "" "$bin" merge s1 s2 --out merged
)
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  { echo 'time,event,kind'; for i in $(seq 0 1000); do echo "2026-01-05T10:00:00+01:00,timeline,k$i"; done; } >log.csv
  run "#27.4 analyze a log of 1001 kinds" "" "$bin" analyze log.csv --out out
)
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  printf '%s\n' "${valid/kind: clock/kind: \"@SUM(1+1)\"}" >s.yaml
  run "#27.9 kind @SUM(1+1): summary.csv, days.csv, events.csv" '! grep -qE "(^|,)@" out/*.csv' "$bin" simulate s.yaml --out out
  { echo 'time,event,kind'; echo '2026-01-05T10:00:00+01:00,timeline,"=HYPERLINK(""http://x"")"'; } >log.csv
  run "#27.9 analyze, kind =HYPERLINK(…): widgets.csv" '! grep -qE "(^|,)\"?=" a/widgets.csv' "$bin" analyze log.csv --out a
)
  # 40,000 views items, each hourly (960,000 views a day): the merge of a list scanned every
  # item for every event (the issue: 0.06 s at 500 items, 1.59 s at 4,000).
  { printf '%s\n    views:\n' "$valid"; for ((i = 0; i < 40000; i++)); do printf '      - {every: 1h, offset: %ds}\n' $((i % 3600)); done; } >views.yaml
  run "#27.12 views: a list of 40,000 items" "" "$bin" simulate views.yaml --out out
)
# ---- end of issue #27 (inputs)
# ---- Issue #23, items 3, 4, 7, 9 (appreloads): app reload origins and their delays, on_foreground
# and on_background. Bad values of the new keys, each one line naming the key.
app_yaml() { # app_yaml SYSTEM APP: one never-reloading widget, the given system and app sections
  printf 'name: t\ndays: 1\nsystem: %s\nwidgets:\n  - {kind: w, provider: never}\napp:\n%s\n' "$1" "$2"
}
scenario "#23.4 app.reloads origin: back" "$(app_yaml '{}' '  reloads:
    - {kind: w, every: 1h, origin: back}')"
scenario "#23.4 system.background_reload_delay: -5s" "$(app_yaml '{background_reload_delay: -5s}' '  reloads:
    - {kind: w, every: 1h, origin: background}')"
scenario "#23.4 system.intent_reload_delay: {uniform: [3m, 1m]}" "$(app_yaml '{intent_reload_delay: {uniform: [3m, 1m]}}' '  intents:
    - {kind: w, every: 1h}')"
scenario "#23.9 on_foreground: true with no foreground sessions" "$(app_yaml '{}' '  reloads:
    - {kind: w, on_foreground: true}')"
scenario "#23.9 on_foreground: true beside every: 1h" "$(app_yaml '{}' '  foreground: {every: 6h}
  reloads:
    - {kind: w, on_foreground: true, every: 1h}')"
scenario "#23.9 on_background: true with origin: foreground" "$(app_yaml '{}' '  foreground: {every: 6h}
  reloads:
    - {kind: w, on_background: true, origin: foreground}')"
# ---- end of issue #23 (appreloads)
# ---- Issue #26 items 1 and 2 (contracts): the push budget's own model; provider keys read by
# the provider type that declares them.
scenario "#26.1 app.pushes.budget.model: hourly" "$valid
app:
  pushes: {every: 1h, budget: {daily: 2, model: hourly}}"
scenario "#26.1 app.pushes.budget.model: midnight" "$valid
app:
  pushes: {every: 1h, budget: {daily: 2, model: midnight}}"
scenario "#26.2 until-full with a fixed provider's entries" "$(with '{type: fixed, entries: 6, spacing: 1m, policy: at-end}' '{type: until-full, level: 40, rate_per_hour: 10, spacing: 30m, entries: 4}')"
scenario "#26.2 provider type: fixd" "$(with 'type: fixed' 'type: fixd')"
# ---- end of issue #26 (contracts)
# ---- issue #24 items 1, 2, 4 (calibration): copies, pushes and short logs in a device log
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  # 2,001 identical timelines of one kind at one instant: at most 100 copies are inferred.
  { echo 'time,event,kind'; for i in $(seq 0 2000); do echo "2026-01-05T10:00:00+01:00,timeline,k"; done; echo "2026-01-05T12:00:00+01:00,timeline,k"; } >burst.csv
  run "#24.1 analyze: 2,001 identical timelines at one instant" "" "$bin" analyze burst.csv --out out
  # One instance label per row: 1,001 copies, past the 1,000-widget limit.
  { echo 'time,event,kind,instance'; for i in $(seq 0 1000); do echo "2026-01-05T10:00:00+01:00,timeline,k,i$i"; done; } >labels.csv
  run "#24.1 analyze: 1,001 instance labels" "" "$bin" analyze labels.csv --out out2
  # Two pushes and a timeline within a second: no rate of 3,600 an hour.
  { echo 'time,event,kind'; echo '2026-01-05T10:00:00+01:00,push,'; echo '2026-01-05T10:00:00.500+01:00,push,'; echo '2026-01-05T10:00:01+01:00,timeline,k'; } >push.csv
  run "#24.2 analyze --emit-scenario: 2 pushes in a second" '! grep -q "per_hour: 3600\|per_hour: 7200" out3/f.yaml' "$bin" analyze push.csv --out out3 --emit-scenario out3/f.yaml
)
# ---- end of issue #24 (calibration)
# ---- Issue #26 item 1 (iostreams): export-log streams its device log. A widget viewed every
# second for 10 days (879,100 rows, 39 MB) under a 300 MB address-space limit: the log held in
# memory needs about 9 times its size.
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  printf '%s\n    views: {every: 1s}\n' "$valid" >s.yaml
  run "#26.1 export-log, views every second for 10 days, 300 MB address space" "" \
    bash -c 'ulimit -v 300000 && exec "$0" "$@"' "$bin" export-log s.yaml --days 10 --force --out log.csv
)
# ---- end of issue #26 item 1 (iostreams)
# ---- issue #23 item 2 (streams): adding an item to a process list must not move the others' events.
# One Poisson views item 00:00-12:00, then the same item plus a second 12:00-24:00: the views
# before noon (events.csv's `view` rows) must be the same.
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  morning='{poisson: {per_hour: 4}, during: "00:00-12:00"}'
  printf '%s\n    views: [%s]\n' "$valid" "$morning" >one.yaml
  printf '%s\n    views: [%s, {poisson: {per_hour: 4}, during: "12:00-24:00"}]\n' "$valid" "$morning" >two.yaml
  timeout "$limit" "$bin" simulate one.yaml --events all --out one >/dev/null 2>&1
  # The times of the view rows before noon (events.csv: replication,time_s,clock,widget,event,…).
  noon() { awk -F, '$5 == "view" && $2 < 43200 { print $2 }' "$1"; }
  run "#23.2 views: a second Poisson item (12:00-24:00) beside one (00:00-12:00)" \
    '[[ -n $(noon one/events.csv) && $(noon one/events.csv) == "$(noon two/events.csv)" ]]' \
    "$bin" simulate two.yaml --events all --out two
)
# ---- end of issue #23 item 2 (streams)
# ---- Issue #26 item 2 (provider): each provider type reads its own keys through the engine's
# ScenarioValue (the readers moved from the loader into the types); the errors must not move.
P='{type: fixed, entries: 6, spacing: 1m, policy: at-end}'
scenario "#26.2p fixed: 6 entries, no spacing" "$(with "$P" '{type: fixed, entries: 6, policy: at-end}')"
scenario "#26.2p fixed: align: minutes" "$(with "$P" '{type: fixed, entries: 6, spacing: 1m, align: minutes}')"
scenario "#26.2p fixed: policy: after 5m" "$(with "$P" '{type: fixed, entries: 6, spacing: 1m, policy: after 5m}')"
scenario "#26.2p until-full: level above full" "$(with "$P" '{type: until-full, level: 140, rate_per_hour: 10, spacing: 30m}')"
scenario "#26.2p windows: two windows in one item" "$(with "$P" '{type: windows, windows: [{during: ["09:00-10:00", "11:00-12:00"], entries: 2, spacing: 5m}]}')"
scenario "#26.2p schedule: segments leave a gap" "$(with "$P" '{type: schedule, segments: [{during: "07:00-20:00"}]}')"
scenario "#26.2p provider type: backoff (the worked example, not built in)" "$(with "$P" '{type: backoff, first: 15m, cap: 2h}')"
# ---- end of issue #26 item 2 (provider)
# ---- Issue #26, start-up (startup): `widgetbudget` no longer links swift-syntax, so `inspect`
# runs `widgetbudget-inspect` from the same folder; Yams is told UTF-8 (its default read
# YAMS_DEFAULT_ENCODING and printed a line on standard output).
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  printf '%s\n' "$valid" >s.yaml
  run "#26 start-up: YAMS_DEFAULT_ENCODING=UTF16 simulate --format json" 'head -c 1 doc.json | grep -q "{"' \
    bash -c 'YAMS_DEFAULT_ENCODING=UTF16 "$0" simulate s.yaml --format json --out out >doc.json' "$bin"
)
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  cp "$bin" ./widgetbudget
  printf 'import WidgetKit\n' >W.swift
  run "#26 start-up: widgetbudget copied alone, inspect W.swift" "" ./widgetbudget inspect W.swift --format xcode
)
# ---- end of issue #26, start-up (startup)
# ---- Issue #26 item "memory flat in the horizon" (memory): report keeps what its figures read
# of the stale stretches (one day's, and the heat map's hourly sums), not every stretch with its
# time, and its detail run keeps the shown day's renders, not every event. One-second entries
# (observed 06) for 200 days under a 300 MB address space (without gnuplot: the figures' data).
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  mkdir Scenarios && sed 's/^days: .*/days: 200/' "$repo/Scenarios/observed/06-self-updating-timer.yaml" >Scenarios/timer.yaml
  run "#26 memory: report of one-second entries for 200 days, 300 MB address space" "" \
    bash -c 'ulimit -v 300000 && PATH=/nonexistent exec "$0" "$@"' "$bin" report Scenarios --out out
)
# ---- end of issue #26 item "memory flat in the horizon" (memory)
# ---- Issue #26 engine-2, item "memory flat in the horizon" (events): report streams its events
# to events.csv and keeps only what its figures read of them (FigureReloads), not every reload
# event. Observed 08 (a reload every 15 s) for 300 days under a 100 MB address space (without
# gnuplot: the figures' data).
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  mkdir Scenarios && sed 's/^days: .*/days: 300/' "$repo/Scenarios/observed/08-after-15s-vs-15m.yaml" >Scenarios/s.yaml
  run "#26 events: report of a reload every 15 s for 300 days, 100 MB address space" "" \
    bash -c 'ulimit -v 100000 && PATH=/nonexistent exec "$0" "$@"' "$bin" report Scenarios --out out
)
# ---- end of issue #26 engine-2 (events)
# ---- Issue #26 item "memory flat in the horizon ... replications stream to disk" (spill): the
# runs' stretch shapes go to a temporary file as their days close (`ShapeSpill`), so 100
# replications of the minute clock for 10 years no longer keep every run's shapes until the
# summary (345 MB). Under a 300 MB address space.
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  run "#26 spill: simulate the minute clock, 100 replications x 10 years, 300 MB address space" "" \
    bash -c 'ulimit -v 300000 && exec "$0" "$@"' "$bin" simulate "$repo/Scenarios/clock-minute-entries.yaml" \
    --days 3650 --replications 100 --events none --force --out out
)
# ---- end of issue #26 item "replications stream to disk" (spill)
# ---- Issue #26 item "Start-up: a 1-day simulate in <= 5 ms CPU" (startup): a subcommand is
# parsed with itself as ArgumentParser's root when that changes nothing (DirectParse). Command
# lines where it would: a completion request where a value is expected (ArgumentParser looks for
# it anywhere, before the real parse), help and the version after a subcommand, a usage error.
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  run "#26 startup: simulate FILE --budget --generate-completion-script (SHELL=/bin/bash)" "" \
    env SHELL=/bin/bash "$bin" simulate "$repo/Scenarios/clock-minute-entries.yaml" --budget --generate-completion-script
  run "#26 startup: simulate FILE --days -h" "" "$bin" simulate "$repo/Scenarios/clock-minute-entries.yaml" --days -h
  run "#26 startup: simulate --version" "" "$bin" simulate --version
  run "#26 startup: simulate FILE --no-such-option" "" "$bin" simulate "$repo/Scenarios/clock-minute-entries.yaml" --no-such-option
)
# ---- end of issue #26 item "Start-up" (startup)
# ---- Issue #26 item "windowed processes drawn only inside their windows" (windows): the gaps of
# a windowed Poisson process come from the ziggurat and are drawn a block at a time. Views at
# 20,000 an hour in three one-minute windows, one across midnight, over the US daylight-saving
# change, for 30 days (about 40,000 views).
scenario "#26 windows: views 20,000 an hour in three 1-minute windows (one across midnight), 30 days over DST" "name: t
days: 30
start: 2026-03-01T00:00:00
timezone: America/New_York
widgets:
  - kind: clock
    provider: {type: fixed, entries: 6, spacing: 1m, policy: at-end}
    content:
      predictable: {every: 1m}
    views: {poisson: {per_hour: 20000}, during: [\"09:30-09:31\", \"12:00-12:01\", \"23:59-00:01\"]}"
# ---- end of issue #26 item "windowed processes" (windows)
# ---- Issue #26 item "replications stream to disk" (store): a finished run's day metrics go to
# the spill file too (DayList, DayStore), so 100 replications of the minute clock for 10 years no
# longer keep 67 MB of days until the output. Under a 100 MB address space.
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  run "#26 store: simulate the minute clock, 100 replications x 10 years, 100 MB address space" "" \
    bash -c 'ulimit -v 100000 && exec "$0" "$@"' "$bin" simulate "$repo/Scenarios/clock-minute-entries.yaml" \
    --days 3650 --replications 100 --events none --force --out out
)
# ---- end of issue #26 item "replications stream to disk" (store)
# ---- Issue #26: the events limit counts windows. 100,000 views an hour in three one-minute
# windows a day (one across midnight) is 5,000 views a day, 150,000 in 30 days; the limit of one
# process (20 million) used to judge it as if it ran all day (72 million).
scenario "#26 limits: views 100,000 an hour in three 1-minute windows, 30 days" "name: t
days: 30
start: 2026-03-01T00:00:00
timezone: America/New_York
widgets:
  - kind: clock
    provider: {type: fixed, entries: 6, spacing: 1m, policy: at-end}
    views: {poisson: {per_hour: 100000}, during: [\"07:00-07:01\", \"12:00-12:01\", \"23:59-00:00\"]}"
# ---- end of issue #26: the events limit counts windows
# ---- Issue #26: a full disk while the runs spill (spill failure). The runs' shapes and days go to
# a temporary file as they run; a write that fails there (a file-size limit of 64 KiB, `ulimit -f`,
# with SIGXFSZ ignored: the write fails with EFBIG, as on a full disk it fails with ENOSPC) must
# fail the run with one line and leave the output a first run wrote as it was.
dir=$(mktemp -d "$root/case.XXXXXX")
(
  cd "$dir" || exit 1
  "$bin" simulate "$repo/Scenarios/clock-minute-entries.yaml" --days 1 --out out >/dev/null 2>&1
  cp out/summary.csv ../kept-summary.csv
  run "#26 spill failure: simulate 1,000 days x 2 replications, files limited to 64 KiB (ulimit -f)" \
    "cmp -s out/summary.csv ../kept-summary.csv" \
    bash -c 'trap "" XFSZ; ulimit -f 64 && exec "$0" "$@"' "$bin" simulate "$repo/Scenarios/clock-minute-entries.yaml" \
    --days 1000 --replications 2 --events none --out out
)
# ---- end of issue #26: a full disk while the runs spill
