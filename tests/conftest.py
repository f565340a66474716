"""Fixtures shared across test folders."""

pytest_plugins = ["tests.server.postgres"]
