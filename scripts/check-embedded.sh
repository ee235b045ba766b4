#!/usr/bin/env bash
# Compiles one or more Foundation-free modules with Embedded Swift for wasm32-unknown-none-wasm.
# Usage: scripts/check-embedded.sh SwipeStack [ListEditing ...]
# Exits non-zero (and prints the compiler's errors) if a module does not build under Embedded Swift.
set -euo pipefail
cd "$(dirname "$0")/.."
swiftc_bin="${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}"
out_dir="${EMBEDDED_OUT:-.build-embedded}"
mkdir -p "$out_dir"
status=0
for module in "$@"; do
    sources=$(find "Sources/$module" -name '*.swift' | sort)
    if [ -z "$sources" ]; then
        echo "check-embedded: no sources in Sources/$module" >&2
        exit 2
    fi
    # shellcheck disable=SC2086
    if "$swiftc_bin" -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo \
        -parse-as-library -Osize -Xcc -fno-stack-protector \
        -module-name "$module" -package-name riffle -emit-module -emit-module-path "$out_dir/$module.swiftmodule" \
        -c $sources -o "$out_dir/$module.o"; then
        echo "check-embedded: $module builds for wasm32-unknown-none-wasm ($(wc -c < "$out_dir/$module.o") bytes of object code)"
    else
        echo "check-embedded: $module FAILED to build under Embedded Swift" >&2
        status=1
    fi
done
exit $status
