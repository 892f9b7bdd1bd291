#!/usr/bin/env bash
# Builds WidgetBudgetKit's DocC documentation (Sources/WidgetBudgetKit/WidgetBudgetKit.docc) with the
# toolchain's own `docc`, failing on any warning. No package dependency: swift-docc-plugin would
# add a dependency to resolve and build for every user and CI run (docs/performance.md has the
# measured cost); the symbol graphs come from `swift package dump-symbol-graph` instead.
# Output: .build/docs/WidgetBudgetKit.doccarchive (static HTML: `--transform-for-static-hosting`).
set -euo pipefail
cd "$(dirname "$0")/.."
docc=$(command -v docc || true)
if [[ -z "$docc" ]]; then
  docc=$(dirname "$(readlink -f "$(command -v swift)")")/docc
fi
# Graphs of an earlier run must not stand in for this one's.
find .build -type f -path '*symbolgraph*' -name 'WidgetBudgetKit*.symbols.json' -delete 2>/dev/null || true
log=$(mktemp)
# In a fresh clone the test modules are not built yet, so dumping their graphs fails; only
# WidgetBudgetKit's graph is needed, and its absence below is the error that counts.
swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members >"$log" 2>&1 || true
graphs=$(find .build -path '*symbolgraph*' -name 'WidgetBudgetKit*.symbols.json' -printf '%h\n' | head -1)
if [[ -z "$graphs" ]]; then
  grep -i "error" "$log" >&2 || tail -20 "$log" >&2
  rm -f "$log"
  echo "docs.sh: no WidgetBudgetKit symbol graph found under .build" >&2
  exit 1
fi
rm -f "$log"
# Only WidgetBudgetKit's graphs: the catalog documents that module.
only=$(mktemp -d)
trap 'rm -rf "$only"' EXIT
cp "$graphs"/WidgetBudgetKit*.symbols.json "$only"/
mkdir -p .build/docs
"$docc" convert Sources/WidgetBudgetKit/WidgetBudgetKit.docc \
  --additional-symbol-graph-dir "$only" \
  --fallback-display-name WidgetBudgetKit --fallback-bundle-identifier org.widgetbudget.WidgetBudgetKit \
  --transform-for-static-hosting --warnings-as-errors \
  --output-path .build/docs/WidgetBudgetKit.doccarchive
