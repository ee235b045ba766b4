#!/usr/bin/env bash
# Runs every check of the project: formatting, the Embedded Swift (wasm32) builds of the engines,
# and the whole test suite (unit, HTTP, concurrency, crash-recovery and client/CLI tests).
# Installs the Debian packages the checks need first, idempotently.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh

echo "== swift-format lint"
swift format lint --strict --recursive Sources Tests Benchmarks Package.swift

echo "== Embedded Swift builds (wasm32-unknown-none-wasm)"
scripts/check-embedded.sh PlayingCards SwipeStack ListEditing

echo "== swift test"
swift build --build-tests
swift test --skip-build
