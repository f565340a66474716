"""The store's schema history, as alembic revisions (``atout.server.schema``)."""
