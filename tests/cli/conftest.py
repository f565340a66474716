"""The command line's tests read English unless they ask for French."""

from __future__ import annotations

import pytest

from atout.cli.app import locale_language


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ``--lang`` follows the locale: run from a French shell (``LANG=fr_FR...``)
    the commands would answer the tests in French. A test of French asks for it
    (``--lang fr``, or the locale it gives the command)."""
    if locale_language() == "fr":
        monkeypatch.setenv("LC_ALL", "C.UTF-8")
