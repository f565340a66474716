"""French Tarot for 3, 4 and 5 players, by the FFT rules and named variants."""
