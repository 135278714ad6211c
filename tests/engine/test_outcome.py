"""Issue 24, item 6: a game's end typed (engine/outcome.py).  ``GameOutcome.from_json`` reads
every ``result`` mapping the engine writes and ``to_json`` gives back the very same mapping
(keys, their order, values: the same bytes), so records and golden files are unchanged."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from engine import GameState, adjudicate, initial_state
from engine.outcome import GameOutcome, Termination, termination_of_rule
from engine.special import correct_scores, start_last_ball_replay
from engine.state import THREE_EACH
from engine.variants import variant_for
from rules_helpers import W, summary

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "russian_pyramid" / "examples"  # the shipped examples
# the golden games (seeded computer games, stopped by their stroke cap: result null) and the
# shipped session record (a finished game): every result a file of the project holds
SOURCES = sorted((ROOT / "tests" / "ai" / "golden_data").glob("*.json")) + [
    EXAMPLES / "session_game.jsonl"]


def _results(obj, found: list) -> list:
    """Every non-null ``result`` mapping anywhere in a JSON value."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == "result" and isinstance(v, dict) and ("winner" in v or "draw" in v):
                found.append(v)
            _results(v, found)
    elif isinstance(obj, list):
        for v in obj:
            _results(v, found)
    return found


def golden_results() -> list[dict]:
    found: list = []
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        docs = ([json.loads(line) for line in text.splitlines() if line.strip()]
                if path.suffix == ".jsonl" else [json.loads(text)])
        _results(docs, found)
    return found


def engine_results() -> list[dict]:
    """One result of every way the engine ends a game, built by the engine's own code."""
    two = initial_state()
    out = [variant_for(two).result(replace(two, scores=(71, 3))).to_json(),
           variant_for(two).result(replace(two, scores=(70, 70))).to_json(),
           variant_for(two).result(replace(two, scores=(20, 30), balls={})).to_json(),
           correct_scores(two, [71, 0]).result.to_json()]
    three = initial_state(THREE_EACH)
    ranked = replace(three, scores=(51, 51, 3), placings=(1, 0))
    out.append(variant_for(ranked).result(ranked).to_json())
    out.append({"draw": True, "rule": "unfinished"})  # ai.games.series.close_unfinished
    return out


def test_the_files_have_results_to_check():
    assert len(golden_results()) >= 1


@pytest.mark.parametrize("result", golden_results() + engine_results(), ids=str)
def test_every_result_round_trips_to_the_same_bytes(result):
    o = GameOutcome.from_json(result)
    assert json.dumps(o.to_json()) == json.dumps(result)
    # built without the keys' order, the engine's order is the same one
    bare = GameOutcome(o.winner, o.draw, o.rule, o.placings, o.extra)
    assert json.dumps(bare.to_json()) == json.dumps(result)


@pytest.mark.parametrize("result", [
    {"winner": 0}, {"draw": True}, {"rule": "R9.1", "winner": 1},
    {"winner": 0, "draw": False, "rule": None, "note": "hand-written"},
    {"placings": [], "winner": 1, "rule": "R12.1"},
])
def test_a_hand_written_result_round_trips_exactly(result):
    assert json.dumps(GameOutcome.from_json(result).to_json()) == json.dumps(result)


@pytest.mark.parametrize("rule, termination", [
    ("R9.1", Termination.TARGET), ("R9.2", Termination.DRAW),
    ("R10.1", Termination.LAST_BALL), ("R10.2", Termination.LAST_BALL_FOUL),
    ("R12.1", Termination.PLACINGS), ("R13.2", Termination.HANDICAP_TARGET),
    ("R14.1", Termination.CORRECTION), ("unfinished", Termination.UNFINISHED),
    (None, Termination.UNSTATED), ("R11.9", Termination.UNSTATED),
])
def test_each_rule_that_ends_a_game_is_a_termination(rule, termination):
    assert termination_of_rule(rule) is termination
    assert termination.rule == (rule if rule and rule.startswith("R") and rule != "R11.9"
                                else None)


def test_R9_1_state_outcome_is_typed():
    st = initial_state()
    assert st.outcome is None
    st = replace(st, scores=(71, 0), result=GameOutcome.win(0, "R9.1"))
    o = st.outcome
    assert (o.winner, o.is_draw, o.termination, o.rule) == (0, False, Termination.TARGET, "R9.1")
    assert GameState.from_json(st.to_json() | {"adjustment": {"reason": "test", "points": 71}}
                               ).outcome == o


def test_R10_1_R10_2_the_last_ball_replay_ends_typed():
    """R10.2: a foul in the replay of the last ball loses; R10.1: pocketing it wins."""
    drawn = replace(initial_state(), scores=(70, 70), result=GameOutcome.drawn("R9.2"))
    replay = start_last_ball_replay(drawn)
    miss = summary(replay, call=None, first_contact=None, placement=[0.5, W / 2],
                   final={"cue": [2.0, 1.0]})
    o = adjudicate(replay, miss).state.outcome
    assert o.termination is Termination.LAST_BALL_FOUL and o.winner == 1 - replay.to_move
    pot = summary(replay, call=None, first_contact="1", placement=[0.5, W / 2],
                  pocketed=[{"ball": "1", "pocket": "FR"}], final={"cue": [2.0, 1.0]})
    o = adjudicate(replay, pot).state.outcome
    assert o.termination is Termination.LAST_BALL and o.winner == replay.to_move
