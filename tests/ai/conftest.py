import json
from pathlib import Path

import numpy as np
import pytest

from engine import GameState
from tests.statedocs import account_for

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "russian_pyramid" / "examples"  # the shipped examples
BASE = {"table": "pyramid-12ft", "call_mode": "exact", "target": 71, "variant": "two-player",
        "shelves": [[], []], "cue_in_hand": False, "to_move": 0}


def make_state(balls, scores=(20, 20), **kw) -> GameState:
    doc = {**BASE, "balls": {b: list(p) for b, p in balls.items()}, "scores": list(scores), **kw}
    return GameState.from_json(account_for(doc))


def ball_arrays(state: GameState):
    """The simulator's (16, 2) positions and on-table mask for a state's balls."""
    from sim.events import BALL_IDS
    pos = np.zeros((16, 2))
    on = np.zeros(16, dtype=bool)
    for b, p in state.balls.items():
        pos[BALL_IDS.index(b)] = p
        on[BALL_IDS.index(b)] = True
    return pos, on


def example(name) -> GameState:
    doc = json.loads((EXAMPLES / name).read_text())
    return GameState.from_json({k: v for k, v in doc.items() if not k.startswith("_")})


@pytest.fixture(scope="session")
def sim():
    from sim import shared_simulator
    return shared_simulator()


@pytest.fixture
def rng():
    return np.random.default_rng(7)
