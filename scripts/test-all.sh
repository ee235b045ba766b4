#!/usr/bin/env bash
# Runs every check of the project, as CI does (.ci/run):
#   1. swift-format lint (strict) of all Swift code, and the target graph's rules (scripts/check-target-graph.py)
#   2. the Embedded Swift (wasm32) builds of the Foundation-free modules
#   3. swift test: unit, HTTP, concurrency, crash-recovery, client and CLI tests, and the storage contract suite on
#      SQLite (file and in-memory) and on a throw-away PostgreSQL cluster; under a watchdog (checked first) that ends
#      a stuck run, printing its unfinished tests and every thread's stack
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

echo "== target graph: no cycles, pure targets free of I/O, app libraries free of the server's packages"
python3 scripts/check-target-graph.py

echo "== wasm interface: Swift and JavaScript constants match Sources/RiffleWasm/interface.json"
python3 scripts/generate-wasm-interface.py --check

echo "== Embedded Swift builds (wasm32-unknown-none-wasm)"
scripts/check-embedded.sh PlayingCards SwipeStack ListEditing

echo "== swift build"
swift build --build-tests

echo "== the test watchdog ends a hung run, naming the hung test, with every thread's stack"
scripts/check-test-watchdog.sh

echo "== swift test (with a throw-away PostgreSQL cluster)"
# Every wait in the tests is bounded by the thing it awaits (waitFor in RiffleTestSupport), and every test waits for
# its servers to stop (the .stopsItsServers trait). A run that still stops making progress (a continuation never
# resumed, threads blocked for ever) is ended by the watchdog once no test has started or finished for 120 s: it
# prints the tests that started and did not finish and every thread's stack, then fails.
scripts/with-postgres.sh scripts/test-watchdog.py -- swift test --skip-build

echo "== web app"
scripts/test-webapp.sh

echo "== fuzz"
scripts/fuzz.sh

echo "== Riffle as a versioned dependency"
scripts/check-consumer.sh

echo "== DocC (warnings as errors)"
scripts/build-docs.sh
