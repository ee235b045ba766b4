#!/usr/bin/env bash
# Builds the DocC documentation of every library product with the swift-docc-plugin, warnings as errors, over
# internal symbols too (so a stale link in an internal type's comment fails as a public one's does):
# a broken symbol link, an unknown parameter name or a missing article fails the build.
# Archives land in .build/plugins/Swift-DocC/outputs/<Module>.doccarchive; open one with `docc preview`, or
# run `swift package --disable-sandbox preview-documentation --target <Module>`.
# Usage: scripts/build-docs.sh [Module ...]   (default: every library product, and the server's own targets that no
# product exposes: TableCore and LiveTables)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -gt 0 ]; then
    modules=("$@")
else
    # Every library product of Package.swift, read from the package description.
    mapfile -t modules < <( (swift package describe --type json | python3 -c '
import json, sys
package = json.load(sys.stdin)
for product in package["products"]:
    if "library" in product["type"]:
        print(*product["targets"], sep="\n")
'; printf '%s\n' TableCore LiveTables) | sort -u)
fi

target_arguments=()
for module in "${modules[@]}"; do target_arguments+=(--target "$module"); done
echo "== DocC: ${modules[*]}"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift package --disable-sandbox generate-documentation "${target_arguments[@]}" --warnings-as-errors \
    --symbol-graph-minimum-access-level internal 2>&1 \
    | tee "$log" || status=$?
# DocC prints each problem as a "warning:" or "error:" line followed by a " --> file" line. With
# --warnings-as-errors a warning already fails the run; checking the output too means that a plugin version that
# ignored the flag could not let a warning through. (SwiftPM's own notes about dependencies are not DocC's.)
if grep -A1 -E '^(warning|error): ' "$log" | grep -q -E '^ *--> '; then
    echo "build-docs: DocC reported problems (above)" >&2
    status=1
fi
if [ $status -eq 0 ]; then
    echo "build-docs: ${#modules[@]} modules documented with no warnings"
fi
exit $status
