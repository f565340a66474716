"""``atout db``: the schema's revision read and upgraded from the command line."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from atout.cli.commands import app
from atout.server import schema

runner = CliRunner()


def test_db_upgrade_then_current_report_the_newest_revision(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["db", "current", "--data-dir", str(tmp_path)])
    assert missing.exit_code == 2 and "no database" in missing.output
    upgraded = runner.invoke(app, ["db", "upgrade", "--data-dir", str(tmp_path)])
    assert upgraded.exit_code == 0 and f"revision {schema.head()}" in upgraded.output
    current = runner.invoke(app, ["db", "current", "--data-dir", str(tmp_path)])
    assert current.output.strip() == f"database: {schema.head()}; newest: {schema.head()}"


def test_db_speaks_french(tmp_path: Path) -> None:
    """It said ``atout db: no database at ...`` in English, and had no --lang."""
    env = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}
    missing = runner.invoke(app, ["db", "current", "--data-dir", str(tmp_path), "--lang", "fr"])
    path = tmp_path / "atout.sqlite3"
    assert (missing.exit_code, missing.stderr) == (
        2,
        f"erreur : il n'y a pas de base de données à {path}\n",
    )
    (tmp_path / "file").write_text("", encoding="utf-8")
    beside = tmp_path / "file"
    refused = runner.invoke(
        app, ["db", "upgrade", "--data-dir", str(beside), "--lang", "fr"], env=env
    )
    assert (refused.exit_code, refused.stderr) == (
        2,
        f"erreur : impossible d'écrire {beside / 'atout.sqlite3'} : "
        f"{beside} n'est pas un dossier\n",
    )
    upgraded = runner.invoke(app, ["db", "upgrade", "--data-dir", str(tmp_path), "--lang", "fr"])
    assert upgraded.output == f"base de données à la révision {schema.head()} (la plus récente)\n"
    path.write_text("garbage", encoding="utf-8")
    broken = runner.invoke(app, ["db", "current", "--data-dir", str(tmp_path), "--lang", "fr"])
    assert broken.exit_code == 2
    assert broken.stderr.startswith("erreur : la base de données ne peut être lue (")
