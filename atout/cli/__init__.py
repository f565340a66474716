"""Command line: ``atout score``, ``atout simulate``, ``atout replay`` ...

The commands (``atout.cli.commands``) are imported when run, not with this
package: every process the server spawns (its robots' and its replays' workers,
the writer's fork server) imports the ``atout`` script again as its main module,
and importing every command took half a second of CPU in each.
"""

__all__ = ["main"]


def main() -> None:
    """Entry point of the ``atout`` script."""
    from atout.cli.commands import app

    app()
