#!/usr/bin/env bash
# Runs the engine's tests under ThreadSanitizer: the suites that run widgets and candidates in
# parallel (Simulator, ParallelMap, the optimizer, views drawn ahead on another thread). A data race fails the run at its first report.
# Builds into its own scratch folder, .build-tsan, so the ordinary .build is left alone.
# Usage: Scripts/tsan.sh [extra swift test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
suites='WidgetBudgetKitTests\.(DeterminismTests|OptimizationSearchTests|OptimizationWorstBudgetTests|Seed000Tests|Seed002Tests|AppActivityTests|PrefetchedEventsTests)'
export TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}"
swift test --sanitize=thread --scratch-path .build-tsan --filter "$suites" "$@"
