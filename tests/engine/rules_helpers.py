"""Helpers for the rules-core tests: hand-built states and golden event logs (no physics)."""
from __future__ import annotations

import pytest

from engine import GameState, stroke_from_json
from engine.stroke import StrokeFacts, stroke_from_events
from engine.calls import Call
from sim.events import Event, EventKind
from sim.table import TableSpec
from tests.statedocs import account_for

SPEC = TableSpec()
L, W, R = SPEC.length_m, SPEC.width_m, SPEC.ball_radius_m


def make_state(balls, scores=(0, 0), to_move=0, cue_in_hand=False, call_mode="exact",
               shelves=None, variant="two-player", **extra) -> GameState:
    n = 3 if variant == "three-each" else 2
    obj = {"table": "pyramid-12ft", "balls": {b: list(p) for b, p in balls.items()},
           "cue_in_hand": cue_in_hand, "scores": list(scores), "to_move": to_move,
           "call_mode": call_mode, "shelves": shelves if shelves is not None else [[]] * n,
           "variant": variant}
    if variant == "three-each":
        obj["target"] = 51
    obj.update(extra)
    return GameState.from_json(account_for(obj))


def summary(state, **fields) -> StrokeFacts:
    return stroke_from_json(fields, state)


# --- golden event logs ---------------------------------------------------------------------
def strike(t=0.0):
    return Event(t, EventKind.STRIKE, ("cue",))


def hit(t, a, b):
    return Event(t, EventKind.BALL_BALL, (a, b))


def cushion(t, ball, cid="FR-FL"):
    return Event(t, EventKind.BALL_CUSHION, (ball,), cushion=cid)


def jaw(t, ball, pocket, cid="FR-FL"):
    return Event(t, EventKind.BALL_JAW, (ball,), cushion=cid, pocket=pocket)


def pocket(t, ball, pid):
    return Event(t, EventKind.POCKET, (ball,), pocket=pid)


def cross(t, x=None):
    return Event(t, EventKind.LINE_CROSS, ("cue",), position=(x or L / 4, W / 2))


def from_events(state, events, final, call=None, **kw) -> StrokeFacts:
    if isinstance(call, dict):
        call = Call.from_json(call)
    return stroke_from_events(events, final, call=call, state=state, **kw)


# A spread-out mid-game position used by many tests (all balls well apart).
MID = {"cue": (1.20, 0.60), "7": (3.20, 1.50), "12": (2.40, 0.90), "3": (3.40, 0.30),
       "9": (1.60, 1.20), "5": (2.00, 0.30)}
MID_SHELVES = [["1", "4", "6", "8", "10"], ["2", "11", "13", "14", "15"]]


@pytest.fixture
def mid():
    return make_state(MID, scores=(30, 40), shelves=MID_SHELVES)
