#!/usr/bin/env bash
# Runs a command with a throw-away PostgreSQL cluster: starts it, exports RIFFLE_TEST_POSTGRES_URL,
# runs the command, and always stops and deletes the cluster. Exits with the command's status.
#
#   scripts/with-postgres.sh swift test --skip-build
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || { echo "usage: $0 COMMAND [ARGS...]" >&2; exit 2; }

export RIFFLE_PG_STATE="${RIFFLE_PG_STATE:-$(mktemp -u /tmp/riffle-pg-state-XXXXXX)}"
trap 'scripts/postgres-test-cluster.sh stop' EXIT
trap 'exit 130' INT TERM
eval "$(scripts/postgres-test-cluster.sh start)"
echo "PostgreSQL test cluster: $RIFFLE_TEST_POSTGRES_URL" >&2
"$@"
