"""atout: the card game of Tarot (French Tarot and Tarot Africain)."""
