"""What a position is worth: the race model with its one-stroke look-ahead (pwin), the learned
value on the table's features (learned, features), and the memory of situations met in a game
that tells a foul loop (R9.2, R11.8)."""
from .learned import LearnedValue, LearnedWeights
from .protocol import PositionValue
from .pwin import WinModel, base_features, load_weights
from .repetition import PREFER_UNCHANGED, History

# The position values an agent can be given by name (``mc:value=race``).
VALUES = {"race": WinModel, "learned": LearnedValue}


def make_value(name: str) -> PositionValue:
    if name not in VALUES:
        raise ValueError(f"unknown position value {name!r}; known: {', '.join(VALUES)}")
    return VALUES[name]()


__all__ = ["WinModel", "LearnedValue", "LearnedWeights", "PositionValue", "VALUES",
           "make_value", "base_features", "load_weights", "History", "PREFER_UNCHANGED"]
