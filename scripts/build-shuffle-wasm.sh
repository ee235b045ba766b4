#!/usr/bin/env bash
# Builds the seeded shuffle's WebAssembly module: PlayingCards (with SeededRandom) compiled with Embedded Swift for
# wasm32-unknown-none-wasm, the exports of Sources/RiffleWasm/ShuffleExports and the small C runtime of
# Sources/RiffleWasm/Runtime, linked with the toolchain's wasm-ld. Tests/WebAppTests/shuffle-parity.mjs runs the
# published test vectors on it under node.
#
# Usage: scripts/build-shuffle-wasm.sh OUTPUT
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: $0 OUTPUT" >&2; exit 2; }
output=$1
toolchain_bin="${SWIFT_TOOLCHAIN_BIN:-}"
if [ -z "$toolchain_bin" ]; then
    if [ -x /opt/swift/usr/bin/swiftc ]; then
        toolchain_bin=/opt/swift/usr/bin
    else
        toolchain_bin=$(dirname "$(readlink -f "$(command -v swiftc)")")
    fi
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift_flags=(
    -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo -parse-as-library -Osize
    -Xcc -fno-stack-protector -Xfrontend -disable-stack-protector -swift-version 6 -package-name riffle -I "$work"
)
sources() { find "$1" -name '*.swift' | LC_ALL=C sort; }
for module in SeededRandom PlayingCards; do
    # shellcheck disable=SC2046
    "$toolchain_bin/swiftc" "${swift_flags[@]}" -module-name "$module" -emit-module \
        -emit-module-path "$work/$module.swiftmodule" -c $(sources "Sources/$module") -o "$work/$module.o"
done
# shellcheck disable=SC2046
"$toolchain_bin/swiftc" "${swift_flags[@]}" -module-name RiffleShuffleWasm -c $(sources Sources/RiffleWasm/ShuffleExports) \
    -o "$work/exports.o"
for runtime in runtime int128; do
    "$toolchain_bin/clang" --target=wasm32-unknown-none-wasm -nostdlib -ffreestanding -fno-builtin -O2 \
        -c "Sources/RiffleWasm/Runtime/$runtime.c" -o "$work/$runtime.o"
done
"$toolchain_bin/wasm-ld" --no-entry --gc-sections --strip-all "$work/exports.o" "$work/PlayingCards.o" \
    "$work/SeededRandom.o" "$work/runtime.o" "$work/int128.o" -o "$output"
echo "build-shuffle-wasm: $output ($(wc -c < "$output") bytes)"
