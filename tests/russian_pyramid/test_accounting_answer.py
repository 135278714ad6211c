"""The accounting the server answers with every state's check (issue 53 item 5): the points
the page shows beside the scores and the adjustment a position set up by hand needs, counted
by the rules core (engine/accounting.py) and typed in the app layer
(:class:`russian_pyramid.app.position.Accounting`), JSON only at the edge."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import GameState
from engine.accounting import Adjustment
from engine.values import TOTAL_POINTS, ball_value
from russian_pyramid.app.position import SET_UP_REASON, Accounting, accounting, check
from russian_pyramid.errors import UserInputError

OPEN = Path(__file__).resolve().parents[2] / "russian_pyramid" / "board" / "static" / \
    "positions" / "open.json"


def _open() -> dict:
    return json.loads(OPEN.read_text(encoding="utf-8"))


def test_a_state_that_adds_up_is_counted_as_the_rules_core_counts_it():
    doc = _open()
    c = accounting(doc)
    state = GameState.from_json(doc)
    assert isinstance(c, Accounting) and c.adjustment is None and c.adds_up
    assert c.total_points == TOTAL_POINTS
    assert c.table_points == state.table_points()
    assert c.shelf_points == tuple(state.shelf_points(s) for s in range(state.n_sides))
    assert c.off_table_points == TOTAL_POINTS - state.table_points() == sum(c.shelf_points)
    assert c.scores_counted == sum(doc["scores"]) and c.aside == () and c.aside_points == 0
    answer = check(doc).to_json()
    assert answer["accounting"] == c.to_json() and answer["accounting"]["adds_up"] is True


def test_a_position_set_up_by_hand_gets_the_adjustment_it_needs():
    doc = dict(_open(), balls={"cue": [1.0, 1.0], "7": [2.0, 1.0]}, scores=[5, 3],
               shelves=[[], []])
    c = accounting(doc)
    aside = tuple(b for b in map(str, range(1, 16)) if b != "7")
    assert c.table_points == ball_value("7") + 10  # the last ball's +10 still on the table
    assert c.aside == aside and c.aside_points == sum(ball_value(b) for b in aside)
    assert c.adjustment == Adjustment(SET_UP_REASON, 8, aside)
    assert not c.adds_up and c.scores_counted == 8
    # refused without it (R1), the refusal carrying the count; read with it
    with pytest.raises(UserInputError) as refused:
        check(doc)
    assert refused.value.detail["accounting"] == c.to_json()
    said = dict(doc, adjustment=dict(c.adjustment.to_json(), reason="typed from a sheet"))
    ok = check(said).to_json()
    assert ok["ok"] and ok["accounting"]["adjustment"]["reason"] == "typed from a sheet"
    assert ok["accounting"]["adjustment"]["points"] == 8


def test_handicap_points_are_not_the_balls_and_a_replay_is_exempt():
    doc = dict(_open(), scores=[58, 40], handicap_points=10)
    c = accounting(doc)
    assert c.adjustment is None and c.adds_up and c.scores_counted == 88
    replay = dict(doc, balls={"cue": [1.0, 1.0], "3": [2.0, 1.0]}, scores=[0, 0],
                  shelves=[[], []], last_ball_replay=True, handicap_points=0)
    assert accounting(replay).adjustment is None  # R10.1: decided by the ball, not by points


def test_a_malformed_state_is_refused_naming_the_field():
    with pytest.raises(UserInputError, match="scores"):
        accounting(dict(_open(), scores="many"))
    with pytest.raises(UserInputError, match="R9.1"):  # refused for another rule: no count
        check(dict(_open(), scores=[80, 8], adjustment={"reason": "x", "points": 0}))
