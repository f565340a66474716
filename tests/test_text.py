"""Free text others read: what reorders or hides itself is refused, what people
write in any script is kept."""

from __future__ import annotations

import pytest

from atout.text import no_controls


@pytest.mark.parametrize(
    "text",
    [
        "bonne partie !",
        "\U0001f468\u200d\U0001f469\u200d\U0001f467",  # a family: emoji joined by ZWJ
        "\u05e9\u05dc\u05d5\u05dd\u200f!",  # Hebrew, then a right-to-left mark
        "e\u0301t\u00e9",  # a combining accent after a letter
        "",
    ],
)
def test_text_people_write_is_kept(text: str) -> None:
    assert no_controls(text) == text


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("pay \u202egnp.exe", "bidirectional"),  # shows as "pay exe.png"
        ("a\u2066b\u2069", "bidirectional"),
        ("\u200b\u200b", "nothing visible"),
        ("\u0301", "nothing visible"),
        (" \u00a0", "nothing visible"),
        ("line\nbreak", "control"),
        ("\ud800", "control"),
    ],
)
def test_text_that_hides_or_reorders_itself_is_refused(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        no_controls(text)
