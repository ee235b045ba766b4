#!/usr/bin/env bash
# Checks scripts/test-watchdog.py on a run that hangs: a throw-away package with one test that passes and one that
# awaits a continuation nobody resumes. The watchdog must end that run with its "stuck" status within 3 minutes,
# naming the hung test and printing every thread's stack; and it must pass a run that finishes through unchanged.
set -euo pipefail
cd "$(dirname "$0")/.."
watchdog="$PWD/scripts/test-watchdog.py"
work=$(mktemp -d /tmp/riffle-watchdog-XXXXXX)
trap '[ "${KEEP:-}" ] || rm -rf "$work"' EXIT

mkdir -p "$work/Tests/HangTests"
cat > "$work/Package.swift" <<'SWIFT'
// swift-tools-version: 6.1
import PackageDescription

let package = Package(name: "Hang", targets: [.testTarget(name: "HangTests")])
SWIFT
cat > "$work/Tests/HangTests/HangTests.swift" <<'SWIFT'
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps the continuation alive, so that it is never resumed and never reported as leaked.
nonisolated(unsafe) var forgotten: [CheckedContinuation<Void, Never>] = []

@Test func finishesAtOnce() {
    #expect(1 + 1 == 2)
}

@Test func awaitsAContinuationNobodyResumes() async {
    guard getenv("WATCHDOG_CHECK_HANG") != nil else { return }
    await withCheckedContinuation { forgotten.append($0) }
}
SWIFT

echo "== watchdog check: building the throw-away package"
(cd "$work" && swift build --build-tests > build.log 2>&1) || { cat "$work/build.log"; exit 1; }

echo "== watchdog check: a run that finishes passes through with its own status"
(cd "$work" && "$watchdog" --silence 60 -- swift test --skip-build > finishes.log 2>&1) \
    || { cat "$work/finishes.log"; echo "watchdog check: a run that finishes did not pass" >&2; exit 1; }

echo "== watchdog check: a run with a hung test ends within 3 minutes, naming it, with the stacks"
began=$(date +%s)
status=0
(cd "$work" && WATCHDOG_CHECK_HANG=1 timeout 300 "$watchdog" -- swift test --skip-build > hangs.log 2>&1) \
    || status=$?
took=$(( $(date +%s) - began ))
fail() { cat "$work/hangs.log"; echo "watchdog check: $1" >&2; exit 1; }
[ "$status" -eq 3 ] || fail "expected the watchdog's stuck status 3, got $status after ${took} s"
[ "$took" -le 180 ] || fail "the hung run took ${took} s to end, more than 3 minutes"
grep -q 'these tests started and did not finish' "$work/hangs.log" || fail "no list of unfinished tests"
grep -q '^   awaitsAContinuationNobodyResumes()' "$work/hangs.log" || fail "the hung test is not named"
grep -q "every thread's stack" "$work/hangs.log" || fail "no stacks"
grep -qE '^Thread [0-9]+ ' "$work/hangs.log" || fail "gdb printed no thread"
if grep -q '^   finishesAtOnce()' "$work/hangs.log"; then fail "a finished test is listed as unfinished"; fi
echo "watchdog check: the hung run ended after ${took} s, naming the hung test, with every thread's stack"
