#!/usr/bin/env bash
# Checks formatting with the toolchain's swift-format and the checked-in .swift-format.
# `Scripts/lint.sh --fix` rewrites the files instead. The check also runs the availability lint
# (no API newer than the deployment targets in Package.swift).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${1:-}" == "--fix" ]]; then
  swift format format --in-place --recursive Sources Tests Package.swift
else
  swift format lint --strict --recursive Sources Tests Package.swift
  Scripts/availability-lint.sh
fi
