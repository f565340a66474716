"""The ``atout`` command-line application that every sub-command registers on."""

import typer

app = typer.Typer(
    name="atout",
    help="Tarot: French Tarot and Tarot Africain rules, robots and online play.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def _root() -> None:
    """Tarot: French Tarot and Tarot Africain rules, robots and online play."""
