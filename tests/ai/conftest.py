import json
from pathlib import Path

import numpy as np
import pytest

from engine import GameState

ROOT = Path(__file__).resolve().parents[2]
BASE = {"table": "pyramid-12ft", "call_mode": "exact", "target": 71, "variant": "two-player",
        "shelves": [[], []], "cue_in_hand": False, "to_move": 0}


def make_state(balls, scores=(20, 20), **kw) -> GameState:
    doc = {**BASE, "balls": {b: list(p) for b, p in balls.items()}, "scores": list(scores), **kw}
    return GameState.from_json(doc)


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
    doc = json.loads((ROOT / "examples" / name).read_text())
    return GameState.from_json({k: v for k, v in doc.items() if not k.startswith("_")})


@pytest.fixture(scope="session")
def sim():
    from sim import shared_simulator
    return shared_simulator()


# The AI's measured constants (ai/fastgeo.py REBOUND_*, the corner-pocket window) were measured
# on the Han 2005 cushion with the old jaw constants.  Until they are refitted to the Mathavan
# 2010 default (issue 9 follow-up), the tests that check those calibrations run on that physics.
AI_CALIBRATION_PHYSICS = {"cushion_model": "han2005", "mu_cushion": 0.2}


@pytest.fixture(scope="session")
def calibration_sim():
    from sim import PhysicsParams, Simulator
    return Simulator(physics=PhysicsParams(**AI_CALIBRATION_PHYSICS))


@pytest.fixture
def rng():
    return np.random.default_rng(7)
