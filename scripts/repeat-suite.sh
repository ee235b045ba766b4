#!/usr/bin/env bash
# Runs the Swift suite with PostgreSQL (as .ci/run does: scripts/with-postgres.sh under the test watchdog) N times
# in a row on the tests already built, and stops at the first run that fails. With --stressed, `stress-ng --cpu 2`
# keeps both cores busy for the whole series (it is installed if missing, and stopped by its PID at the end).
# Prints one line per run (its status, how long it took, how many tests passed) and keeps each run's output in
# $RIFFLE_REPEAT_LOGS (a fresh temporary folder by default).
#
#   swift build --build-tests && scripts/repeat-suite.sh 10 [--stressed]
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:?usage: $0 RUNS [--stressed]}"
stressed="${2:-}"
logs="${RIFFLE_REPEAT_LOGS:-$(mktemp -d /tmp/riffle-repeat-XXXXXX)}"
mkdir -p "$logs"

stress_pid=""
stop_stress() { if [ -n "$stress_pid" ]; then kill "$stress_pid" 2>/dev/null || true; wait "$stress_pid" 2>/dev/null || true; fi; }
trap stop_stress EXIT
if [ "$stressed" = "--stressed" ]; then
    command -v stress-ng >/dev/null || sudo apt-get install -y -qq stress-ng >/dev/null
    stress-ng --cpu 2 --quiet &
    stress_pid=$!
    echo "stress-ng --cpu 2 running (pid $stress_pid)"
elif [ -n "$stressed" ]; then
    echo "usage: $0 RUNS [--stressed]" >&2
    exit 2
fi

echo "logs: $logs"
for run in $(seq 1 "$runs"); do
    log="$logs/run-$run.log"
    start=$(date +%s)
    status=0
    scripts/with-postgres.sh scripts/test-watchdog.py -- swift test --skip-build >"$log" 2>&1 || status=$?
    seconds=$(( $(date +%s) - start ))
    summary=$(grep -E '^. Test run with [0-9]+ tests' "$log" | tail -1 || true)
    echo "run $run/$runs: status $status, ${seconds} s: ${summary:-no summary line}"
    if [ $status -ne 0 ]; then
        grep -E '✘|failed|watchdog' "$log" | head -40 || true
        echo "stopped at run $run; its output is in $log"
        exit 1
    fi
done
echo "$runs runs in a row passed"
