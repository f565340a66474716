#!/bin/sh
# Install Debian's PostgreSQL and Redis for the tests that need real ones
# (tests/server/test_postgres.py and test_cluster.py start their own throwaway
# PostgreSQL cluster and redis-server; nothing is started here and no system
# service is used) and for scripts/cluster.sh.
set -eu
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && [ -x /usr/bin/redis-server ]; then
    echo "postgresql and redis are already installed"
    exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y postgresql redis-server
