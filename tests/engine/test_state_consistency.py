"""A state's points add up (R1.1, R1.2, R7.2, R12.1, R13.1) or its ``adjustment`` says why not
(engine/accounting.py): what ``GameState.from_json`` refuses, naming the field and numbers."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engine import GameState, adjudicate, stroke_from_json
from engine.accounting import MAX_ADJUSTMENT_POINTS, Adjustment, accounting_problem
from engine.errors import EngineError, IllegalInputError, MalformedInputError
from engine.special import start_last_ball_replay
from engine.state import initial_state, points_accounted, scores_accounted

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "russian_pyramid" / "examples"  # the shipped examples

# A middle game that adds up: 3, 7, 9, 10, 11, 12 on the table (52 + the last ball's 10),
# shelves 40 and 38, scores 40 and 38 (russian_pyramid/examples/score_pot.json as fixed).
GOOD = {"table": "pyramid-12ft",
        "balls": {"cue": [1.2, 0.6], "7": [3.2, 1.5], "12": [2.4, 0.9], "3": [3.4, 0.3],
                  "9": [1.6, 1.2], "10": [2.0, 1.6], "11": [1.1, 1.6]},
        "cue_in_hand": False, "scores": [40, 38], "to_move": 0, "call_mode": "exact",
        "target": 71, "shelves": [["1", "14", "15"], ["2", "4", "5", "6", "8", "13"]],
        "variant": "two-player"}


def doc(**changes) -> dict:
    d = copy.deepcopy(GOOD)
    d.update(changes)
    return d


def refused(d, *words, kind=EngineError) -> str:
    with pytest.raises(kind) as info:
        GameState.from_json(d)
    msg = str(info.value)
    for w in words:
        assert w in msg, (w, msg)
    return msg


def test_a_consistent_state_reads_and_keeps_no_adjustment():
    s = GameState.from_json(doc())
    assert accounting_problem(s) is None and s.adjustment is None
    assert points_accounted(s) == 140 and sum(s.scores) == scores_accounted(s)
    assert "adjustment" not in s.to_json()  # written only when said


def test_R1_1_a_ball_on_neither_table_nor_shelf_is_refused_by_name():
    d = doc()
    del d["balls"]["11"]  # the shipped score_pot.json lost ball 11 this way
    refused(d, "ball 11 is neither on the table nor on a shelf", "R1.1", "adjustment.balls")
    d = doc(balls={"cue": [1.2, 0.6], "7": [3.2, 1.5]}, shelves=[[], []])
    msg = refused(d, "balls 1, 2, 3,", "are neither on the table nor on a shelf")
    assert "7," not in msg  # the ball on the table is not named


def test_R1_2_scores_must_add_up_with_the_shelves():
    """The shipped russian_pyramid/examples/score_pot.json had scores summing to 78 and shelves
    of 88."""
    refused(doc(scores=[50, 38]), "scores = [50, 38] sum to 88 but the shelves hold 78 points",
            "R7.2", "adjustment.points = 10")
    refused(doc(scores=[40, 28]), "sum to 68 but the shelves hold 78")


def test_R7_2_a_penalty_moves_points_without_changing_their_sum():
    s = GameState.from_json(doc(scores=[45, 33]))  # a foul of player 1 (and one more)
    assert s.scores == (45, 33)
    s = GameState.from_json(doc(scores=[-7, 85], result={"winner": 1}))  # below zero (R7.2)
    assert sum(s.scores) == 78


def test_R1_2_the_last_ball_bonus_is_paid_once_for_the_last_ball():
    refused(doc(last_ball_bonus_to=0), "last_ball_bonus_to = 0", "still on the table",
            "R1.2")
    every = ["1", "2", "3", "4", "5", "6", "7", "8"], ["9", "10", "11", "12", "13", "14", "15"]
    end = doc(balls={"cue": [1.0, 1.0]}, shelves=[list(every[0]), list(every[1])])
    s0, s1 = 46, 84  # shelves: 1..8 = 11 + 35, 9..15 = 84
    refused(dict(end, scores=[s0, s1], result={"winner": 1}), "no object ball is on the table",
            "last_ball_bonus_to is null")
    s = GameState.from_json(dict(end, scores=[s0, s1 + 10], last_ball_bonus_to=1,
                                 result={"winner": 1}))
    assert points_accounted(s) == 140


def test_R13_1_handicap_points_explain_a_receivers_start():
    refused(doc(scores=[40, 48]), "sum to 88", "shelves hold 78")
    s = GameState.from_json(doc(scores=[40, 48], handicap_points=10))
    assert s.handicap_points == 10
    refused(doc(scores=[40, 48], handicap_points=5), "plus 5 of handicap", "R13.1")


def test_R12_1_points_put_back_from_a_winners_shelf_stay_scored():
    d = doc(variant="three-each", target=51, scores=[51, 20, 7], placings=[0],
            shelves=[["1", "14"], ["2", "4", "6", "8"], ["5", "13"]], returned_points=15)
    d["balls"]["15"] = [2.8, 0.5]  # put back on the table from player 0's shelf
    s = GameState.from_json(d)
    assert s.returned_points == 15 and points_accounted(s) == 140
    refused(dict(d, returned_points=0), "sum to 78 but the shelves hold 63")


def test_R10_1_the_last_ball_replay_is_decided_by_the_ball_not_by_points():
    drawn = GameState.from_json(doc(scores=[70, 70], result={"draw": True}, adjustment={
        "reason": "a drawn game for the test", "points": 140 - 78}))
    replay = start_last_ball_replay(drawn)
    again = GameState.from_json(replay.to_json())  # one ball, 0:0, empty shelves: exempt
    assert again.last_ball_replay and again.object_balls == ["1"]
    assert accounting_problem(again) is None


def test_an_adjustment_says_why_and_round_trips():
    d = doc(scores=[50, 38], adjustment={"reason": "referee's correction (R14)", "points": 10})
    s = GameState.from_json(d)
    assert s.adjustment == Adjustment("referee's correction (R14)", 10, ())
    assert GameState.from_json(s.to_json()) == s
    # a study position: balls put aside, scores set
    study = doc(balls={"cue": [1.2, 0.6], "7": [3.2, 1.5]}, shelves=[[], []], scores=[62, 60],
                adjustment={"reason": "study", "points": 122,
                            "balls": [b for b in map(str, range(1, 16)) if b != "7"]})
    s = GameState.from_json(study)
    assert s.adjustment.balls[:3] == ("1", "2", "3") and points_accounted(s) == 140
    assert sum(s.scores) == scores_accounted(s)


@pytest.mark.parametrize("adjustment, words", [
    ({"points": 10}, ["adjustment.reason = None", "must say why"]),
    ({"reason": "", "points": 10}, ["adjustment.reason", "must say why"]),
    ({"reason": "x" * 500, "points": 10}, ["adjustment.reason", "(502 characters)"]),
    ({"reason": "r", "points": True}, ["adjustment.points = True"]),
    ({"reason": "r", "points": "10"}, ["adjustment.points = '10'"]),
    ({"reason": "r", "points": MAX_ADJUSTMENT_POINTS + 1}, ["adjustment.points = 281"]),
    ({"reason": "r", "balls": ["16"]}, ["adjustment.balls = ['16']"]),
    ({"reason": "r", "balls": ["3", "3"]}, ["names a ball twice"]),
    ({"reason": "r", "ball": ["3"]}, ["adjustment.ball ", "not a field"]),
    ([10], ["adjustment = [10]", "must be an object"]),
])
def test_a_malformed_adjustment_is_refused_naming_the_field(adjustment, words):
    refused(doc(scores=[50, 38], adjustment=adjustment), *words, kind=MalformedInputError)


def test_an_adjustment_must_be_true():
    refused(doc(scores=[50, 38], adjustment={"reason": "r", "points": 5}),
            "sum to 88", "plus 5 of adjustment ('r')", "adjustment.points = 10",
            kind=IllegalInputError)
    refused(doc(adjustment={"reason": "r", "balls": ["7"]}), "adjustment.balls names ball 7",
            "on the table")
    refused(doc(adjustment={"reason": "r", "balls": ["14"]}), "ball 14, which is on a shelf")


def test_an_adjustment_is_kept_through_a_stroke():
    """adjudicate works on the state it is given: what the adjustment explains stays explained
    after a counted ball, a foul (R7.2) and a respot (R7.3)."""
    d = doc(scores=[50, 38], adjustment={"reason": "referee's correction", "points": 10})
    s = GameState.from_json(d)
    pot = {"call": {"ball": "7", "pocket": "FL", "manner": "clean"}, "call_fulfilled": True,
           "first_contact": "7", "pocketed": [{"ball": "7", "pocket": "FL"}],
           "final": {"cue": [2.9, 1.2]}}
    after = adjudicate(s, stroke_from_json(pot, s)).state
    assert after.scores == (57, 38) and after.adjustment == s.adjustment
    assert GameState.from_json(after.to_json()) == after
    foul = {"call": {"ball": "9", "pocket": "NL", "manner": "clean"}, "first_contact": None,
            "pocketed": [], "fouls": [], "final": {"cue": [1.3, 0.7]}}  # a miss, R7.1(a)
    after2 = adjudicate(after, stroke_from_json(foul, after)).state
    assert after2.scores == (52, 43) and accounting_problem(after2) is None


def test_a_fresh_rack_adds_up_in_every_variant():
    for variant in ("two-player", "three-each", "one-vs-pair"):
        s = initial_state(variant)
        assert accounting_problem(s) is None
        assert GameState.from_json(s.to_json()) == s


def _shipped_states():
    for path in sorted((EXAMPLES).glob("*.json")):
        d = json.loads(path.read_text())
        if "scores" in d:
            yield path.name, d
    for path in sorted((ROOT / "russian_pyramid" / "board" / "static" / "positions").glob("*.json")):
        yield f"board/{path.name}", json.loads(path.read_text())


@pytest.mark.parametrize("name, d", list(_shipped_states()), ids=lambda x: x if
                         isinstance(x, str) else "")
def test_every_shipped_state_adds_up(name, d):
    s = GameState.from_json({k: v for k, v in d.items() if k not in ("stroke", "_comment")})
    assert accounting_problem(s) is None
    if s.adjustment is None:
        assert points_accounted(s) == 140 and sum(s.scores) == scores_accounted(s)


# --- fuzz: a damaged state is refused as bad input, never a crash -------------------------------
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-300, 300) | st.floats(-5, 5)
    | st.sampled_from(["", "7", "cue", "three-each", "pyramid-12ft", "exact"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["reason", "points", "balls", "winner", "draw", "7", "cue", "x"]),
        inner, max_size=3),
    max_leaves=8)
FULL = dict(GOOD, last_ball_bonus_to=None, handicap_points=0, returned_points=0,
            placings=[], result=None, targets=[71, 71], unchanged_foul_streak=[0, 0],
            match={"games_to_play": 1, "games_played": 0, "first_breaker": 0, "breaker": 0},
            adjustment={"reason": "r", "points": 0, "balls": []}, strokes_played=3,
            break_pending=False, no_call_strokes_left=0)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(sorted(FULL)), value=JSON_VALUES)
def test_a_damaged_state_is_bad_input_never_a_crash(key, value):
    """Any one field of a state replaced by any JSON value: read, or refused with an
    EngineError naming a field -- never a TypeError, KeyError or AttributeError."""
    d = copy.deepcopy(FULL)
    d[key] = value
    try:
        s = GameState.from_json(d)
    except EngineError as exc:
        assert str(exc)
        return
    assert accounting_problem(s) is None


@pytest.mark.parametrize("field, value, words", [
    ("last_ball_bonus_to", True, "last_ball_bonus_to = True"),
    ("placings", [True], "placings = [True]"),
    ("result", {"winner": True}, "result.winner = True"),
    ("result", {"winner": 7}, "result.winner = 7"),
    ("result", {"draw": "yes"}, "result.draw = 'yes'"),
    ("result", {"rule": "R9.1"}, "names neither a winner nor a draw"),
    ("result", {"winner": 0, "placings": 2}, "result.placings = 2"),
])
def test_true_is_not_a_side_and_a_result_is_typed(field, value, words):
    refused(doc(**{field: value}), words, kind=MalformedInputError)
