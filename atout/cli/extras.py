"""The commands that need an optional extra say so in one line instead of a traceback."""

from __future__ import annotations

from importlib.util import find_spec

SERVER_MODULES = ("fastapi", "uvicorn", "sqlalchemy", "alembic", "argon2", "openskill")


def require_server(command: str) -> None:
    """Exit with how to install the server extra when any of its libraries is missing."""
    if any(find_spec(module) is None for module in SERVER_MODULES):
        raise SystemExit(
            f"atout {command} needs the server extra: pip install 'atout[server]' "
            f"(from a clone: python3 -m uv run --extra server atout {command})"
        )
