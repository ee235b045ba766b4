#!/usr/bin/env bash
# Checks Riffle the way an app developer meets it: as a dependency added by version.
#
#   1. Copies this working tree into a throw-away git repository and tags it (RIFFLE_VERSION, default 1.0.0).
#   2. Writes a separate package that depends on that repository with `from:` and has one small executable per
#      library product for apps (Examples/Consumer/Sources): PlayingCards, SwipeStack, ListEditing, CardArt,
#      DeckClient (with PlayingCards: both imported in one file, so `Card` and `DeckEvent` must not clash),
#      DeckOfCardsLab.
#   3. Resolves and builds it, then checks that
#      - no server module (Hummingbird, GRDB, PostgresNIO, Prometheus, DeckService, the web app, the stores) was built
#        for these products;
#      - only deck-client and deck-of-cards-lab link Foundation (the others import nothing but Riffle);
#      - every executable runs and checks its own output; deck-client and deck-of-cards-lab talk to a real
#        `riffle serve` (RIFFLE_BIN, default .build/debug/riffle) on a free loopback port.
# Exits non-zero, saying what failed, on any step.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
version=${RIFFLE_VERSION:-1.0.0}
riffle_bin=${RIFFLE_BIN:-$root/.build/debug/riffle}
work=$(mktemp -d "${TMPDIR:-/tmp}/riffle-consumer.XXXXXX")
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2> /dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
fail() {
    echo "check-consumer: FAILED: $*" >&2
    exit 1
}

echo "== consumer: a throw-away git repository of Riffle, tagged $version"
mkdir "$work/riffle"
git ls-files -z --cached --others --exclude-standard \
    | tar --null --files-from=- --ignore-failed-read -cf - 2> /dev/null | tar -xf - -C "$work/riffle"
git -C "$work/riffle" init -q
git -C "$work/riffle" add -A
git -C "$work/riffle" -c user.name=riffle-ci -c user.email=ci@riffle.invalid commit -q -m "Riffle $version"
git -C "$work/riffle" tag "$version"

echo "== consumer: a package that depends on it with from: \"$version\""
mkdir "$work/consumer"
cp -R Examples/Consumer/Sources "$work/consumer/Sources"
# The products each executable depends on (space-separated), in the order of `executables`.
products=(PlayingCards SwipeStack ListEditing CardArt "DeckClient PlayingCards" DeckOfCardsLab)
executables=(play-cards swipe-stack list-editing card-art deck-client deck-of-cards-lab)
{
    echo '// swift-tools-version: 6.1'
    echo 'import PackageDescription'
    echo ''
    echo 'let package = Package('
    echo '    name: "RiffleConsumer",'
    echo '    platforms: [.macOS(.v13), .iOS(.v13)],'
    echo "    dependencies: [.package(url: \"file://$work/riffle\", from: \"$version\")],"
    echo '    targets: ['
    for i in "${!products[@]}"; do
        dependencies=()
        for product in ${products[$i]}; do dependencies+=(".product(name: \"$product\", package: \"riffle\")"); done
        list=$(IFS=,; echo "${dependencies[*]}")
        echo "        .executableTarget(name: \"${executables[$i]}\", dependencies: [${list//,/, }]),"
    done
    echo '    ]'
    echo ')'
} > "$work/consumer/Package.swift"

echo "== consumer: resolve and build"
(cd "$work/consumer" && swift package resolve) || fail "the consumer package does not resolve"
(cd "$work/consumer" && swift build) || fail "the consumer package does not build"
bin_dir=$(cd "$work/consumer" && swift build --show-bin-path)
# SwiftPM resolves every dependency of a package, but builds only what the chosen products need.
for server_module in Hummingbird GRDB PostgresNIO Prometheus DeckService RiffleWebApp SQLiteDeckStorage PostgresDeckStorage DeckStores; do
    if [ -n "$(find "$bin_dir/$server_module.build" -name '*.o' 2> /dev/null | head -1)" ]; then
        fail "building the library products also built $server_module, which only the server needs"
    fi
done
echo "no server module (Hummingbird, GRDB, PostgresNIO, Prometheus, DeckService, the web app, the stores) was built"

echo "== consumer: only deck-client and deck-of-cards-lab link Foundation"
for exe in "${executables[@]}"; do
    [ -x "$bin_dir/$exe" ] || fail "no executable $exe"
    if command -v ldd > /dev/null 2>&1; then
        libraries=$(ldd "$bin_dir/$exe")
        if [[ "$libraries" == *libFoundation* ]]; then linked=yes; else linked=no; fi
        if [ "$exe" = deck-client ] || [ "$exe" = deck-of-cards-lab ]; then
            [ "$linked" = yes ] || fail "$exe should link Foundation (DeckClient needs it)"
        else
            [ "$linked" = no ] || fail "$exe links Foundation, but imports only PlayingCards, SwipeStack, ListEditing or CardArt"
        fi
        echo "$exe: Foundation linked: $linked"
    fi
done

echo "== consumer: run every executable"
for exe in play-cards swipe-stack list-editing card-art; do
    "$bin_dir/$exe" || fail "$exe exited with $?"
done
[ -x "$riffle_bin" ] || fail "no riffle binary at $riffle_bin for deck-client (run swift build, or set RIFFLE_BIN)"
port=$(python3 "$root/scripts/riffle_server.py" free-port)
"$riffle_bin" serve --host 127.0.0.1 --port "$port" --database :memory: --log-level error > "$work/serve.log" 2>&1 &
server_pid=$!
python3 "$root/scripts/riffle_server.py" wait "http://127.0.0.1:$port/health" "$server_pid" \
    || fail "riffle serve did not start: $(cat "$work/serve.log")"
"$bin_dir/deck-client" "http://127.0.0.1:$port" || fail "deck-client exited with $?"
"$bin_dir/deck-of-cards-lab" "http://127.0.0.1:$port" || fail "deck-of-cards-lab exited with $?"
echo "check-consumer: all ${#executables[@]} executables built against Riffle $version by version, and ran"
