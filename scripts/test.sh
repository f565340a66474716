#!/usr/bin/env sh
# The whole check, from a fresh clone: install the pinned uv, the locked
# environment, then lint, type-check and run the test suite.
set -e
cd "$(dirname "$0")/.."
command -v uv >/dev/null 2>&1 && [ "$(uv --version | cut -d' ' -f2)" = "0.13.9" ] \
  || python3 -m pip install --quiet "uv==0.13.9"
uv sync --locked --quiet
uv run --locked ruff check atout tests bench
uv run --locked ruff format --check atout tests bench
uv run --locked mypy
set +e
uv run --locked pytest "$@"
status=$?
# pytest's 5 means "no test collected": that must fail loudly, not pass.
exit $status
