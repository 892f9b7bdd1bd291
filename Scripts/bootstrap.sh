#!/usr/bin/env bash
# Installs what WidgetBudget needs beyond the Swift toolchain, when it is missing:
#   libcsv     the C CSV library every CSV file goes through (Debian: libcsv-dev; Homebrew: libcsv)
#   gnuplot    draws the report plots (PNG through pngcairo, SVG) (Debian: gnuplot-nox)
#   chromium   only for the tests that open Reports/index.html headless
#   parallel   only for the test that runs a sharded sweep through GNU parallel
#   time       only for the tests that bound the CLI's peak memory (GNU time's %M)
# Usage: bash Scripts/bootstrap.sh [--test]   (--test adds what the test suite needs: chromium, parallel, time)
# Debian/Ubuntu: apt-get (as root or with sudo). macOS: Homebrew (`brew`, never with sudo);
# Package.swift finds Homebrew's prefix by itself (/opt/homebrew on Apple silicon, /usr/local on
# Intel), so no flag is needed afterwards (docs/install.md).
set -euo pipefail

test_tools=false
if [[ "${1:-}" == "--test" ]]; then test_tools=true; fi

if [[ "$(uname -s)" == "Darwin" ]]; then
  if ! command -v brew >/dev/null 2>&1; then
    echo "bootstrap: Homebrew is needed on macOS to install libcsv and gnuplot: see https://brew.sh, then run this again" >&2
    exit 1
  fi
  formulae=(libcsv gnuplot)
  if $test_tools; then formulae+=(parallel); fi
  missing=()
  for f in "${formulae[@]}"; do
    brew list --versions "$f" >/dev/null 2>&1 || missing+=("$f")
  done
  if ((${#missing[@]})); then
    echo "bootstrap: installing ${missing[*]} with Homebrew" >&2
    brew install "${missing[@]}"
  fi
  # The report tests drive Chromium or Google Chrome headless; either one found is enough.
  if $test_tools && ! command -v chromium >/dev/null 2>&1 && [[ ! -d "/Applications/Google Chrome.app" ]] &&
    [[ ! -d "/Applications/Chromium.app" ]]; then
    echo "bootstrap: installing Chromium for the report tests (brew install --cask chromium)" >&2
    brew install --cask chromium
  fi
  exit 0
fi

packages=(libcsv-dev gnuplot-nox)
if $test_tools; then packages+=(chromium parallel time); fi

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
