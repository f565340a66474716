"""Playing against robots in the terminal."""
