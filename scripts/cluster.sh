#!/bin/sh
# A local cluster for development and tests: a throwaway PostgreSQL and Redis
# (Debian's packages, installed by scripts/install-services.sh) and N atout
# nodes on consecutive ports, until Ctrl-C (or SIGTERM) stops them all.
#
#   sh scripts/cluster.sh [NODES] [FIRST_PORT]     # default: 2 nodes from 8001
#
# Data lives in $ATOUT_CLUSTER_DIR (default .cluster/); each node logs to
# node-PORT.log there. Extra options for every node: $ATOUT_NODE_OPTIONS.
set -eu
NODES=${1:-2}
FIRST_PORT=${2:-8001}
DIR=$(realpath -m "${ATOUT_CLUSTER_DIR:-.cluster}")
PG_PORT=${ATOUT_PG_PORT:-55432}
REDIS_PORT=${ATOUT_REDIS_PORT:-56379}
cd "$(dirname "$0")/.."
sh scripts/install-services.sh >/dev/null
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
AS_PG=""
if [ "$(id -u)" -eq 0 ]; then AS_PG="runuser -u postgres --"; fi
mkdir -p "$DIR"
if [ -n "$AS_PG" ]; then chmod a+x "$DIR"; fi  # the postgres user must reach its data
if [ ! -d "$DIR/pg" ]; then
    mkdir -p "$DIR/pg"
    if [ -n "$AS_PG" ]; then chown postgres "$DIR/pg"; fi
    $AS_PG "$BIN/initdb" -D "$DIR/pg/data" -U postgres -A trust >/dev/null
fi
$AS_PG "$BIN/pg_ctl" -D "$DIR/pg/data" -l "$DIR/pg/log" -w \
    -o "-F -p $PG_PORT -k $DIR/pg -c listen_addresses=127.0.0.1" start >/dev/null
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no \
    --daemonize yes --pidfile "$DIR/redis.pid" --logfile "$DIR/redis.log"
PIDS=""
stop() {
    trap - INT TERM EXIT
    for pid in $PIDS; do kill "$pid" 2>/dev/null || true; done
    for pid in $PIDS; do wait "$pid" 2>/dev/null || true; done
    kill "$(cat "$DIR/redis.pid")" 2>/dev/null || true
    $AS_PG "$BIN/pg_ctl" -D "$DIR/pg/data" -m fast stop >/dev/null || true
}
trap stop INT TERM EXIT
export ATOUT_DATABASE_URL="postgresql://postgres@127.0.0.1:$PG_PORT/postgres"
export ATOUT_REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0"
if command -v atout >/dev/null; then ATOUT="atout"; else ATOUT="python3 -m uv run --quiet atout"; fi
$ATOUT db upgrade  # once, before the nodes start
i=0
while [ "$i" -lt "$NODES" ]; do
    port=$((FIRST_PORT + i))
    # shellcheck disable=SC2086
    $ATOUT serve --port "$port" ${ATOUT_NODE_OPTIONS:-} \
        >"$DIR/node-$port.log" 2>&1 &
    PIDS="$PIDS $!"
    echo "node $i: http://127.0.0.1:$port (log: $DIR/node-$port.log)"
    i=$((i + 1))
done
echo "database: $ATOUT_DATABASE_URL  redis: $ATOUT_REDIS_URL  (Ctrl-C stops everything)"
wait
