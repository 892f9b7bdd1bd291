#!/usr/bin/env bash
# Builds the libFuzzer harnesses of Fuzz/ and runs each for SECONDS (default 60).
# Exits non-zero when any harness finds a crash, a hang (a run over 10 s) or a leak; the input is
# kept in Fuzz/Findings/<harness>/. Corpora grow in Fuzz/Corpus/<harness>/ (not committed),
# seeded from Scenarios/, the docs' examples and the test fixtures.
#
#   Scripts/fuzz.sh [SECONDS] [HARNESS...]     e.g. Scripts/fuzz.sh 30 FuzzCSV
#   FUZZ_RUNS=1000000 Scripts/fuzz.sh 0        run each harness for 1,000,000 executions instead
#   FUZZ_FLAGS='-max_total_time=900' Scripts/fuzz.sh 60 FuzzScenario    more libFuzzer flags (the later wins)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
seconds=${1:-60}
shift || true
if ! [[ $seconds =~ ^[0-9]+$ ]] || [[ $seconds == 0 && -z ${FUZZ_RUNS:-} ]]; then
  echo "fuzz.sh: SECONDS must be a whole number above 0 (or 0 with FUZZ_RUNS set), got '$seconds'" >&2
  exit 2
fi
read -r -a extra <<<"${FUZZ_FLAGS:-}"
harnesses=("$@")
if [[ ${#harnesses[@]} -eq 0 ]]; then harnesses=(FuzzScenario FuzzCSV FuzzTrace FuzzDeviceLog); fi

# One flag: two -sanitize flags keep only the last, and the Swift code then gets no coverage.
(cd Fuzz && swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -g)
bin=$(cd Fuzz && swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -g --show-bin-path)

seed() {
  local harness=$1 dir=Fuzz/Corpus/$1
  mkdir -p "$dir"
  case $harness in
    FuzzScenario)
      cp Scenarios/*.yaml "$dir"/
      # Every ```yaml block of the docs, one file each.
      awk -v dir="$dir" '/^```yaml/{n++; f=sprintf("%s/doc-%03d.yaml", dir, n); next} /^```/{f=""} f{print > f}' docs/*.md README.md
      ;;
    FuzzCSV | FuzzTrace)
      printf 'time\n60\n3600\n2026-01-05T09:30:00+01:00\n' > "$dir/trace.csv"
      printf 'time,note\n"2026-03-29T02:30:00","a ""quoted"" note"\r\n90.5,x\n' > "$dir/quoted.csv"
      ;;
    FuzzDeviceLog)
      awk -v dir="$dir" '/^```csv/{n++; f=sprintf("%s/doc-%03d.csv", dir, n); next} /^```/{f=""} f{print > f}' docs/*.md
      printf 'time,event,kind,family,entries,first_entry,last_entry,policy,memory_mb\n' > "$dir/header.csv"
      ;;
  esac
  find Tests -name '*.csv' -size -64k -exec cp {} "$dir"/ \; 2>/dev/null || true
}

status=0
for harness in "${harnesses[@]}"; do
  seed "$harness"
  dict=Fuzz/Dictionaries/csv.dict
  [[ $harness == FuzzScenario ]] && dict=Fuzz/Dictionaries/scenario.dict
  mkdir -p "Fuzz/Findings/$harness"
  limit=(-max_total_time="$seconds")
  if [[ -n ${FUZZ_RUNS:-} ]]; then limit=(-runs="$FUZZ_RUNS"); fi
  if [[ -n ${FUZZ_RUNS:-} ]]; then echo "== $harness ($FUZZ_RUNS runs)"; else echo "== $harness ($seconds s)"; fi
  log=Fuzz/Findings/$harness/last-run.log
  if ! "$bin/$harness" "Fuzz/Corpus/$harness" -dict="$dict" "${limit[@]}" -timeout=10 -rss_limit_mb=2048 \
    -max_len=4096 -detect_leaks=1 -print_final_stats=1 -artifact_prefix="Fuzz/Findings/$harness/" "${extra[@]}" >"$log" 2>&1; then
    echo "!! $harness found a problem: see $log and Fuzz/Findings/$harness/"
    status=1
  fi
  grep -E '^stat::number_of_executed_units|^Done|ERROR|SUMMARY' "$log" || true
done
exit $status
