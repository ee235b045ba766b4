#!/usr/bin/env bash
# The web app's checks: the committed riffle.wasm matches a fresh build, the wasm engine matches the native one
# (node replays the native fixture), and browser tests drive headless Chromium against a real `riffle serve`.
# Also runs the models' and the outbox's suites (node --test) against fake APIs that fail, delay, lose answers and
# refuse.
# Installs what the browser tests need, idempotently: Debian's chromium and chromium-driver, PyPI's selenium and
# pytest, and axe-core's axe.min.js (PyPI's axe-playwright-python ships axe-core 4.x; installed without its
# Playwright dependency, as only the script is used). Expects a built server (swift build); RIFFLE_BIN overrides its path (default .build/debug/riffle).
set -uo pipefail
cd "$(dirname "$0")/.."

export PYTHONDONTWRITEBYTECODE=1
export RIFFLE_BIN="${RIFFLE_BIN:-$PWD/.build/debug/riffle}"
results=()
status=0
record() {  # name, exit code
    if [ "$2" -eq 0 ]; then results+=("PASS  $1"); else results+=("FAIL  $1"); status=1; fi
}

echo "== web app: dependencies"
missing=()
command -v chromium > /dev/null 2>&1 || missing+=(chromium)
command -v chromedriver > /dev/null 2>&1 || missing+=(chromium-driver)
command -v node > /dev/null 2>&1 || missing+=(nodejs)
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing ${missing[*]}"
    sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" \
        > /dev/null || { echo "test-webapp: could not install ${missing[*]}" >&2; exit 1; }
fi
python=${PYTHON:-python3}
# websocket-client (a dependency of selenium's, named here for Debian's python3-selenium, which lacks it): the
# browser tests' own DevTools connection, which drops answers and holds requests.
if ! "$python" -c 'import selenium, pytest, websocket' > /dev/null 2>&1; then
    "$python" -m pip install --quiet selenium pytest websocket-client \
        || "$python" -m pip install --quiet --break-system-packages selenium pytest websocket-client \
        || { echo "test-webapp: could not install selenium/pytest/websocket-client" >&2; exit 1; }
fi
if ! "$python" -c 'import importlib.util, sys; sys.exit(importlib.util.find_spec("axe_playwright_python") is None)' \
    > /dev/null 2>&1; then
    "$python" -m pip install --quiet --no-deps axe-playwright-python \
        || "$python" -m pip install --quiet --no-deps --break-system-packages axe-playwright-python \
        || { echo "test-webapp: could not install axe-playwright-python (axe-core)" >&2; exit 1; }
fi

echo "== web app: riffle.wasm matches a fresh build"
timeout 600 scripts/check-wasm.sh
record "riffle.wasm is reproducible from the sources" $?

echo "== web app: wasm engine vs native engine (node)"
timeout 120 node Tests/WebAppTests/wasm-parity.mjs
record "wasm parity with the native engine (node)" $?

echo "== web app: the seeded shuffle in wasm vs the published test vectors (node)"
shuffle_wasm=$(mktemp -d)
timeout 300 scripts/build-shuffle-wasm.sh "$shuffle_wasm/shuffle.wasm" \
    && timeout 120 node Tests/WebAppTests/shuffle-parity.mjs "$shuffle_wasm/shuffle.wasm"
record "the seeded shuffle and its commitments in wasm match the published test vectors (node)" $?
rm -rf "$shuffle_wasm"

echo "== web app: models and outbox (node --test, fake APIs)"
timeout 300 node --test Tests/WebAppTests/model/
record "the outbox, the deck and table models against failing, delaying, refusing fake APIs (node --test)" $?

echo "== web app: browser tests (headless Chromium via WebDriver)"
if [ ! -x "$RIFFLE_BIN" ]; then
    echo "test-webapp: no server binary at $RIFFLE_BIN (run swift build, or set RIFFLE_BIN)" >&2
    record "browser tests" 1
else
    (cd Tests/WebAppTests && timeout 900 "$python" -m pytest -q -s -p no:cacheprovider -rA)
    record "browser tests (screenshots in artifacts/screenshots)" $?
fi

echo "== web app: summary"
for line in "${results[@]}"; do echo "$line"; done
[ -f artifacts/webapp-transfer.json ] && python3 -c 'import json; r = json.load(open("artifacts/webapp-transfer.json")); print("transferred: first load %d bytes, reload %d bytes" % (r["firstLoadBytes"], r["reloadBytes"]))'
[ -f artifacts/webapp-perf.json ] && echo "engine time per frame: $(tr -d '\n ' < artifacts/webapp-perf.json)"
if [ $status -eq 0 ]; then echo "web app: all checks passed"; else echo "web app: SOME CHECKS FAILED"; fi
exit $status
