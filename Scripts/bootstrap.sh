#!/usr/bin/env bash
# Installs what WidgetBudget needs beyond the Swift toolchain, when it is missing:
#   libcsv-dev   the C CSV library every CSV file goes through
#   gnuplot-nox  draws the report plots (PNG through pngcairo, SVG)
#   chromium     only for the test that opens Reports/index.html headless
#   parallel     only for the test that runs a sharded sweep through GNU parallel
# Usage: bash Scripts/bootstrap.sh [--test]   (--test adds what the test suite needs: chromium, parallel)
# Debian/Ubuntu only; run as root or with sudo available.
set -euo pipefail

packages=(libcsv-dev gnuplot-nox)
if [[ "${1:-}" == "--test" ]]; then packages+=(chromium parallel); fi

missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "bootstrap: installing ${missing[*]}" >&2
  sudo=""
  if [[ $(id -u) != 0 ]]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
