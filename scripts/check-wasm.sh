#!/usr/bin/env bash
# Fails if the committed Sources/RiffleWebApp/Public/riffle.wasm is not exactly what scripts/build-wasm.sh builds
# from the current sources (run scripts/build-wasm.sh and commit the result to fix).
set -euo pipefail
cd "$(dirname "$0")/.."
committed=Sources/RiffleWebApp/Public/riffle.wasm
fresh_dir=$(mktemp -d)
trap 'rm -rf "$fresh_dir"' EXIT
scripts/build-wasm.sh "$fresh_dir/riffle.wasm" > /dev/null
if [ ! -f "$committed" ]; then
    echo "check-wasm: $committed is missing; run scripts/build-wasm.sh" >&2
    exit 1
fi
if cmp -s "$committed" "$fresh_dir/riffle.wasm"; then
    echo "check-wasm: $committed matches a fresh build ($(wc -c < "$committed") bytes)"
else
    echo "check-wasm: $committed differs from a fresh build of the current sources;" \
        "run scripts/build-wasm.sh and commit it" >&2
    exit 1
fi
