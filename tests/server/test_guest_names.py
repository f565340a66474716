"""A new guest's name is no other guest's: a guest has no account's id, and two
guests of one name could not be told apart at a table or in its chat (an outside
probe met two ``guest_tw_168b`` after a few hundred guests named ``tw``)."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

from atout.server.accounts import GUEST_NAME_TRIES, add_guest
from atout.server.store import Store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    made = Store.in_dir(tmp_path)
    yield made
    made.close()


def draws(monkeypatch: pytest.MonkeyPatch, *hexes: str) -> None:
    """``secrets.token_hex`` gives ``hexes`` in turn."""
    given = iter(hexes)
    monkeypatch.setattr(secrets, "token_hex", lambda _: next(given))


def test_a_name_taken_is_drawn_again(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    draws(monkeypatch, "168b", "168b", "168b", "07e2")
    with store.session.begin() as db:
        assert add_guest(db, "g:1", "tw") == "guest_tw_168b"
    with store.session.begin() as db:
        assert add_guest(db, "g:2", "tw") == "guest_tw_07e2"


def test_when_short_names_run_out_a_longer_one_is_drawn(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    draws(monkeypatch, "168b", *["168b"] * GUEST_NAME_TRIES, "5d0a91c3")
    with store.session.begin() as db:
        add_guest(db, "g:1", "tw")
    with store.session.begin() as db:
        assert add_guest(db, "g:2", "tw") == "guest_tw_5d0a91c3"


def test_the_same_digits_under_another_name_are_no_twin(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    draws(monkeypatch, "168b", "168b")
    with store.session.begin() as db:
        assert add_guest(db, "g:1", "tw") == "guest_tw_168b"
        assert add_guest(db, "g:2", "player") == "guest_player_168b"
