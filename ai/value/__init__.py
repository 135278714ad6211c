"""What a position is worth: the P(win) model with its one-stroke look-ahead, and the memory
of situations met in a game that tells a foul loop (R9.2, R11.8)."""
from .pwin import WinModel, base_features, load_weights
from .repetition import PREFER_UNCHANGED, History

__all__ = ["WinModel", "base_features", "load_weights", "History", "PREFER_UNCHANGED"]
