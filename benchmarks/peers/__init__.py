"""Other game-search libraries timed beside negamax (pip install ".[peers]")."""
