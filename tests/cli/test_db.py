"""``atout db``: the schema's revision read and upgraded from the command line."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from atout.cli.commands import app
from atout.server import schema

runner = CliRunner()


def test_db_upgrade_then_current_report_the_newest_revision(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["db", "current", "--data-dir", str(tmp_path)])
    assert missing.exit_code == 1 and "no database" in missing.output
    upgraded = runner.invoke(app, ["db", "upgrade", "--data-dir", str(tmp_path)])
    assert upgraded.exit_code == 0 and f"revision {schema.head()}" in upgraded.output
    current = runner.invoke(app, ["db", "current", "--data-dir", str(tmp_path)])
    assert current.output.strip() == f"database: {schema.head()}; newest: {schema.head()}"
