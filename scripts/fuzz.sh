#!/usr/bin/env bash
# Fuzzes a freshly started `riffle serve` on loopback, in two passes:
#   1. schemathesis (from PyPI; installed if missing) against the server's own /openapi.json, with a
#      bounded number of examples per operation: no 5xx, responses match the documented statuses,
#      content types and schemas (every error is the JSON error shape).
#   2. scripts/fuzz_http.py: random paths, query strings, methods, headers and bodies; every answer
#      is a success or a 4xx JSON error, and the server is still up at the end.
#
#   scripts/fuzz.sh                      # uses .build/debug/riffle
#   RIFFLE_BIN=.build/release/riffle FUZZ_EXAMPLES=30 FUZZ_REQUESTS=5000 scripts/fuzz.sh
#   RIFFLE_FUZZ_DATABASE=postgres://... scripts/fuzz.sh   # fuzz the PostgreSQL backend
set -euo pipefail
cd "$(dirname "$0")/.."

bin="${RIFFLE_BIN:-.build/debug/riffle}"
examples="${FUZZ_EXAMPLES:-25}"
requests="${FUZZ_REQUESTS:-3000}"
seed="${FUZZ_SEED:-1}"
[ -x "$bin" ] || { echo "no riffle binary at $bin (build it, or set RIFFLE_BIN)" >&2; exit 1; }

if ! command -v schemathesis >/dev/null 2>&1; then
    echo "Installing schemathesis from PyPI" >&2
    python3 -m pip install --quiet schemathesis >&2
fi

work=$(mktemp -d /tmp/riffle-fuzz-XXXXXX)
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

database="${RIFFLE_FUZZ_DATABASE:-$work/fuzz.sqlite}"
port=$(python3 scripts/riffle_server.py free-port)
"$bin" serve --host 127.0.0.1 --port "$port" --database "$database" --log-level error >"$work/server.out" 2>&1 &
server_pid=$!
base="http://127.0.0.1:$port"
python3 scripts/riffle_server.py wait "$base/health" "$server_pid" 30 \
    || { echo "server did not start" >&2; cat "$work/server.out" >&2; exit 1; }
echo "== fuzzing $base ($bin, database $database)"

echo "== schemathesis: $examples examples per operation"
schemathesis run "$base/openapi.json" --url "$base" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
    --max-examples "$examples" --seed "$seed" --phases examples,coverage,fuzzing \
    --report junit --report-junit-path "$work/schemathesis.xml" --no-color 2>&1 | tail -n 40
schemathesis_status=${PIPESTATUS[0]}
five_xx=$(grep -c "Server error" "$work/schemathesis.xml" 2>/dev/null || true)
echo "schemathesis exit status: $schemathesis_status (server-error findings: ${five_xx:-0})"

echo "== random requests: $requests"
random_status=0
python3 scripts/fuzz_http.py --base "$base" --count "$requests" --seed "$seed" || random_status=$?

kill -0 "$server_pid" 2>/dev/null || { echo "the server died during fuzzing" >&2; exit 1; }
[ "$schemathesis_status" -eq 0 ] && [ "$random_status" -eq 0 ] || exit 1
echo "fuzz: both passes clean"
