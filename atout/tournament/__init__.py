"""Duplicate tournaments as the FFT rulebook runs them (see docs/tournaments.md).

Pure: prepared deals in boards (:mod:`.boards`), the movement of players and
boards between tables (:mod:`.movement`), a tournament's results checked against
its form (:mod:`.event`) and the rulebook's ranking (:mod:`.ranking`). The
command line, the server and the browser only store and show what these compute.
The tournoi libre, where each table bids and plays its own deals, is the
``libre*`` modules: its table plan, sheets and ranking by summed bilans.
"""
