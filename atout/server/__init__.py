"""The online Tarot server: accounts, lobby, tables over one websocket per client."""
