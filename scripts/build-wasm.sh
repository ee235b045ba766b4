#!/usr/bin/env bash
# Builds the web app's engine, Sources/RiffleWebApp/Public/riffle.wasm: SwipeStack (with SeededRandom, which it
# imports) and ListEditing compiled with Embedded Swift for wasm32-unknown-none-wasm, the C-ABI export layer
# (Sources/RiffleWasm/Exports) and its small C runtime (Sources/RiffleWasm/Runtime), linked with the toolchain's
# wasm-ld.
#
# Usage: scripts/build-wasm.sh [OUTPUT]   (default Sources/RiffleWebApp/Public/riffle.wasm)
# The build is deterministic (no debug info, symbols stripped, no absolute paths), so scripts/check-wasm.sh can
# compare a fresh build with the committed file byte for byte.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
output="${1:-Sources/RiffleWebApp/Public/riffle.wasm}"
case "$output" in /*) ;; *) output="$root/$output" ;; esac

toolchain_bin="${SWIFT_TOOLCHAIN_BIN:-}"
if [ -z "$toolchain_bin" ]; then
    if [ -x /opt/swift/usr/bin/swiftc ]; then
        toolchain_bin=/opt/swift/usr/bin
    else
        toolchain_bin=$(dirname "$(readlink -f "$(command -v swiftc)")")
    fi
fi
swiftc="$toolchain_bin/swiftc"
clang="$toolchain_bin/clang"
wasm_ld="$toolchain_bin/wasm-ld"
for tool in "$swiftc" "$clang" "$wasm_ld"; do
    [ -x "$tool" ] || { echo "build-wasm: $tool not found (set SWIFT_TOOLCHAIN_BIN)" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift_flags=(
    -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo -parse-as-library -Osize
    -Xcc -fno-stack-protector -Xfrontend -disable-stack-protector -swift-version 6 -package-name riffle
    -file-compilation-dir . -I "$work"
)

sources() { find "$1" -name '*.swift' | LC_ALL=C sort; }

for module in SeededRandom SwipeStack ListEditing; do
    # shellcheck disable=SC2046
    "$swiftc" "${swift_flags[@]}" -module-name "$module" -emit-module -emit-module-path "$work/$module.swiftmodule" \
        -c $(sources "Sources/$module") -o "$work/$module.o"
done
# shellcheck disable=SC2046
"$swiftc" "${swift_flags[@]}" -module-name RiffleWasm -c $(sources Sources/RiffleWasm/Exports) -o "$work/RiffleWasm.o"
"$clang" --target=wasm32-unknown-none-wasm -nostdlib -ffreestanding -fno-builtin -O2 \
    -c Sources/RiffleWasm/Runtime/runtime.c -o "$work/runtime.o"

# The exports carry @_expose(wasm, …), so wasm-ld exports exactly them (and the memory); nothing else survives
# --gc-sections.
objects=("$work/RiffleWasm.o" "$work/SwipeStack.o" "$work/SeededRandom.o" "$work/ListEditing.o" "$work/runtime.o")
"$wasm_ld" --no-entry --gc-sections --strip-all "${objects[@]}" -o "$work/riffle.wasm"

# swiftc's per-module IR hashes (.swift_modhash) change on every compile; zero them for a reproducible file.
# A second, symbolized link of the same objects (same layout) tells where they are.
"$wasm_ld" --no-entry --gc-sections "${objects[@]}" -o "$work/symbols.wasm"
modhash=$("$toolchain_bin/llvm-objdump" -t "$work/symbols.wasm" | awk '$NF == ".swift_modhash" { print $1 }')
if [ -n "$modhash" ]; then
    python3 Sources/RiffleWasm/Runtime/zero-modhash.py "$work/riffle.wasm" "$modhash"
fi

mkdir -p "$(dirname "$output")"
cp "$work/riffle.wasm" "$output"
size=$(wc -c < "$output")
echo "build-wasm: ${output#"$root"/} ($size bytes)"
if [ "$size" -ge 204800 ]; then
    echo "build-wasm: riffle.wasm is $size bytes, over the 200 KB budget" >&2
    exit 1
fi
