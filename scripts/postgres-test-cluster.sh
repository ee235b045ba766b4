#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for tests, on a loopback port, run by an unprivileged user.
#
#   scripts/postgres-test-cluster.sh start   # prints: export RIFFLE_TEST_POSTGRES_URL=postgres://...
#   scripts/postgres-test-cluster.sh stop    # stops it and deletes its files
#
# Installs Debian's postgresql package if no server binaries are found (apt-get update once, only
# then). The cluster lives in a temporary folder recorded in $RIFFLE_PG_STATE (default
# /tmp/riffle-pg-state-$UID); the port is $RIFFLE_PG_PORT (default 54329, or the next free one).
# When run as root, the cluster runs as the `postgres` system user (created if missing).
set -euo pipefail

state_file="${RIFFLE_PG_STATE:-/tmp/riffle-pg-state-$(id -u)}"
database="${RIFFLE_PG_DATABASE:-riffle_test}"

find_bin() {
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; fi
}

install_postgres() {
    echo "Installing Debian's postgresql package" >&2
    local sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get update >&2
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y postgresql >&2
}

port_is_free() {
    ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

as_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u "$owner" -- "$@"; else "$@"; fi
}

start() {
    if [ -f "$state_file" ]; then
        echo "A test cluster is already recorded in $state_file; run '$0 stop' first." >&2
        exit 1
    fi
    local bin
    bin=$(find_bin)
    if [ -z "$bin" ]; then
        install_postgres
        bin=$(find_bin)
    fi
    [ -n "$bin" ] || { echo "PostgreSQL server binaries not found after installing" >&2; exit 1; }

    owner=$(id -un)
    if [ "$(id -u)" -eq 0 ]; then
        owner=postgres
        id -u "$owner" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$owner"
    fi

    local port="${RIFFLE_PG_PORT:-54329}"
    while ! port_is_free "$port"; do port=$((port + 1)); done

    local dir
    dir=$(mktemp -d /tmp/riffle-pg-XXXXXX)
    chown "$owner" "$dir"
    chmod 700 "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U riffle --auth=trust --encoding=UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 1; }
    # Throw-away data: durability as in production (fsync on) but a small footprint and enough
    # connections for two servers' pools plus the tests' own.
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=200 -c shared_buffers=64MB" \
        start >&2 || { cat "$dir/server.log" >&2; exit 1; }
    as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U riffle "$database"
    printf 'dir=%s\nbin=%s\nowner=%s\nport=%s\n' "$dir" "$bin" "$owner" "$port" >"$state_file"
    echo "export RIFFLE_TEST_POSTGRES_URL=postgres://riffle@127.0.0.1:$port/$database"
}

stop() {
    [ -f "$state_file" ] || { echo "No test cluster recorded in $state_file" >&2; return 0; }
    local dir bin owner
    dir=$(sed -n 's/^dir=//p' "$state_file")
    bin=$(sed -n 's/^bin=//p' "$state_file")
    owner=$(sed -n 's/^owner=//p' "$state_file")
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >&2 || true
    case "$dir" in /tmp/riffle-pg-*) rm -rf "$dir" ;; esac
    rm -f "$state_file"
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
