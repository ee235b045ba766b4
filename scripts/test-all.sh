#!/usr/bin/env bash
# Runs every check of the project, as CI does (.ci/run):
#   1. swift-format lint (strict) of all Swift code
#   2. the Embedded Swift (wasm32) builds of the Foundation-free modules
#   3. swift test: unit, HTTP, concurrency, crash-recovery, client and CLI tests, and the storage
#      contract suite on SQLite (file and in-memory) and on a throw-away PostgreSQL cluster
#   4. the web app: committed riffle.wasm matches a fresh build, wasm/native parity under node,
#      browser tests in headless Chromium against a real riffle serve
#   5. fuzzing a live server (schemathesis from the OpenAPI document, then random requests)
#   6. Riffle as a dependency: a throw-away tagged repository and a package that depends on it by version and
#      runs one executable per library product; DocC of every library with warnings as errors
# Installs the Debian and PyPI packages these need first, idempotently.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh

echo "== swift-format lint"
swift format lint --strict --recursive Sources Tests Benchmarks Examples Package.swift

echo "== wasm interface: Swift and JavaScript constants match Sources/RiffleWasm/interface.json"
python3 scripts/generate-wasm-interface.py --check

echo "== Embedded Swift builds (wasm32-unknown-none-wasm)"
scripts/check-embedded.sh PlayingCards SwipeStack ListEditing

echo "== swift build"
swift build --build-tests

echo "== swift test (with a throw-away PostgreSQL cluster)"
# Every wait in the tests is bounded by the thing it awaits (see waitFor in RiffleTestSupport and
# EventStreamReader), so a stall fails its test with a message. The stalls seen before ("idle in
# transaction": rows left unread, blocked cooperative threads, a URLSession cancellation deadlock; a
# LISTEN that never started, a read-again lost after a failed read) are fixed; this outer bound stays
# as a last resort, so that CI never waits for ever.
timeout 1200 scripts/with-postgres.sh swift test --skip-build

echo "== web app"
scripts/test-webapp.sh

echo "== fuzz"
scripts/fuzz.sh

echo "== Riffle as a versioned dependency"
scripts/check-consumer.sh

echo "== DocC (warnings as errors)"
scripts/build-docs.sh
