"""Fixtures shared across test folders."""

pytest_plugins = ["tests.server.postgres", "tests.server.cluster_nodes"]
