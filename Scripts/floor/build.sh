#!/usr/bin/env bash
# Compiles the C closed-form floor (Scripts/floor/floor.c, docs/design/floor.md) into OUT with the
# system's C compiler (`cc`, which measured the figures in docs/performance.md), or the Swift
# toolchain's `clang` on a machine without one (a fresh Debian with only the toolchain).
# Usage: Scripts/floor/build.sh OUT
set -euo pipefail
if (($# != 1)); then
  echo "usage: Scripts/floor/build.sh OUT" >&2
  exit 64
fi
compiler=$(command -v cc || command -v clang || true)
if [[ -z $compiler ]]; then
  echo "floor: no C compiler: neither cc nor clang is on PATH (install gcc, or put the Swift toolchain's bin on PATH)" >&2
  exit 1
fi
exec "$compiler" -std=c99 -O2 -o "$1" "$(dirname "$0")/floor.c" -lm
