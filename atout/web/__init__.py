"""The browser client: static pages in ``static/`` and the score sheet's endpoint."""
