"""What a position is worth: the race model with its one-stroke look-ahead (pwin), the learned
value on the table's features (learned, features) with weights fitted at each level of play
(levels), and the memory of situations met in a game that tells a foul loop (R9.2, R11.8)."""
import json
from pathlib import Path

from .learned import LearnedValue, LearnedWeights
from .levels import LevelValue
from .protocol import PositionValue
from .pwin import WinModel, base_features, load_weights
from .repetition import PREFER_UNCHANGED, History

# The weights the frozen player mc-2 (ai.registry.MC_2) judges with: copies of
# learned_weights.json and pwin_weights.json as they were when it was frozen (commit of
# issue 29 item 1), so that refitting the learned value does not move the opponent every change
# is measured against.
MC2_LEARNED_FILE = Path(__file__).with_name("mc2_learned_weights.json")
MC2_PWIN_FILE = Path(__file__).with_name("mc2_pwin_weights.json")


def learned_mc2() -> LearnedValue:
    """The learned value with mc-2's frozen weights (a missing or damaged file is an error:
    a frozen player must not quietly become another)."""
    race = json.loads(MC2_PWIN_FILE.read_text())["weights"]
    return LearnedValue(weights=LearnedWeights.load(MC2_LEARNED_FILE),
                        race=WinModel(weights=tuple(float(w) for w in race)))


# The position values an agent can be given by name (``mc:value=race``); ``learned`` judges
# with the weights fitted at the level of play nearest the noise (levels.py).
VALUES = {"race": WinModel, "learned": LevelValue, "learned-mc2": learned_mc2}


# A weights file of python -m ai.calibrate.value is about 10 kB; a path to anything larger, or
# to a device or a folder, is refused before it is read (a device can be endless).
MAX_WEIGHTS_BYTES = 1_000_000


def make_value(name: str, weights: str | Path | None = None) -> PositionValue:
    """The position value ``name``; with ``weights`` (a path; None or empty: none), the
    learned value judging by the weights of that file (one written by ``python -m
    ai.calibrate.value``), else ValueError saying what is wrong with it."""
    if name not in VALUES:
        raise ValueError(f"unknown position value {name!r}; known: {', '.join(VALUES)}")
    if weights is None or weights == "":
        return VALUES[name]()
    if name != "learned":
        raise ValueError(f"option weights={str(weights)!r} is for the learned value, not "
                         f"value={name}")
    path = Path(weights)
    if path.exists() and (not path.is_file() or path.stat().st_size > MAX_WEIGHTS_BYTES):
        raise ValueError(f"option weights={str(weights)!r}: not a weights file written by "
                         f"python -m ai.calibrate.value (not a regular file of at most "
                         f"{MAX_WEIGHTS_BYTES // 1000} kB)")
    try:
        return LearnedValue(weights=LearnedWeights.load(path))
    except FileNotFoundError:
        raise ValueError(f"option weights={str(weights)!r}: no such file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError,
            AttributeError) as exc:
        raise ValueError(f"option weights={str(weights)!r}: not a weights file written by "
                         f"python -m ai.calibrate.value ({type(exc).__name__})") from None


__all__ = ["WinModel", "LearnedValue", "LearnedWeights", "LevelValue", "PositionValue", "VALUES",
           "make_value", "base_features", "load_weights", "History", "PREFER_UNCHANGED"]
