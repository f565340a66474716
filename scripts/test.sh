#!/usr/bin/env sh
# The whole check, from a fresh clone: install the pinned uv, the locked
# environment with every extra, Debian's Chromium, PostgreSQL and Redis, then
# lint, type-check and run the tests.
set -e
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --disable-pip-version-check "uv==0.13.9"
uv="python3 -m uv"
# Compiled once here: where PYTHONDONTWRITEBYTECODE is set (as on our machines)
# every server, worker and command the tests start compiled its imports again,
# 2-3 s a server start.
$uv sync --locked --all-extras --quiet --compile-bytecode
$uv run --locked python -m compileall -q atout >/dev/null
sh scripts/install-browser.sh >/dev/null  # Debian's chromium for tests/web
sh scripts/install-services.sh >/dev/null  # Debian's PostgreSQL and Redis for tests/server
$uv run --locked ruff check atout tests bench
$uv run --locked ruff format --check atout tests bench
$uv run --locked mypy
# Two workers (pytest-xdist): most of the suite's time is spent waiting on the
# servers, browsers and databases it starts, so two at once keep both of CI's
# cores busy (a fresh clone's 1,851 tests: 16 min 42 s on 2 cores; three workers
# were no faster, and timing-bound tests failed). Each worker has its own
# PostgreSQL, Redis and Chromium; tests take free ports and their own databases.
# pytest exits 5 when it collects no test: that fails the run as it should.
$uv run --locked pytest -n 2 --dist worksteal "$@"
