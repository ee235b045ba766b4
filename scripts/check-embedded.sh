#!/usr/bin/env bash
# Compiles one or more Foundation-free modules with Embedded Swift for wasm32-unknown-none-wasm.
# Usage: scripts/check-embedded.sh SwipeStack [ListEditing ...]
# A module that imports another module of Sources (SwipeStack and PlayingCards import SeededRandom) gets that one
# compiled first. Exits non-zero (and prints the compiler's errors) if a module does not build under Embedded Swift.
set -euo pipefail
cd "$(dirname "$0")/.."
swiftc_bin="${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}"
out_dir="${EMBEDDED_OUT:-.build-embedded}"
mkdir -p "$out_dir"
status=0
built=" "

# The modules of Sources that a module's files import (`import X`, `internal import X`,
# `@_exported import struct X.Y`, ...).
local_imports() {
    find "Sources/$1" -name '*.swift' -print0 | xargs -0 sed -n -E \
        's/^(@_exported +)?((public|package|internal|fileprivate|private) +)?import +((struct|class|enum|protocol|func|var|let|typealias) +)?([A-Za-z_][A-Za-z0-9_]*).*/\6/p' \
        | sort -u | while read -r name; do
            if [ -d "Sources/$name" ] && [ "$name" != "$1" ]; then echo "$name"; fi
        done
}

check() {
    local module=$1
    case "$built" in *" $module "*) return 0 ;; esac
    built="$built$module "
    local dependency
    for dependency in $(local_imports "$module"); do check "$dependency"; done
    local sources
    sources=$(find "Sources/$module" -name '*.swift' | sort)
    if [ -z "$sources" ]; then
        echo "check-embedded: no sources in Sources/$module" >&2
        exit 2
    fi
    # shellcheck disable=SC2086
    if "$swiftc_bin" -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo \
        -parse-as-library -Osize -Xcc -fno-stack-protector -I "$out_dir" \
        -module-name "$module" -package-name riffle -emit-module -emit-module-path "$out_dir/$module.swiftmodule" \
        -c $sources -o "$out_dir/$module.o"; then
        echo "check-embedded: $module builds for wasm32-unknown-none-wasm ($(wc -c < "$out_dir/$module.o") bytes of object code)"
    else
        echo "check-embedded: $module FAILED to build under Embedded Swift" >&2
        status=1
    fi
}

for module in "$@"; do check "$module"; done
exit $status
