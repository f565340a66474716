"""Tarot Africain: the trumps-only trick-betting game with lives.

Use :data:`atout.africain.rules.AFRICAIN` (a :class:`atout.game.GameRules`).
"""
