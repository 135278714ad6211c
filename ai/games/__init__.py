"""Running games: the game loop (``match``), matches of several games (``series``), game
records (``records``), per-game statistics (``stats``), round-robin tournaments and
ratings, and the analysis of a played game against the AI's choices."""
