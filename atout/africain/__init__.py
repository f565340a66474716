"""Tarot Africain: the trumps-only trick-betting game with lives."""
