"""Strict fields (issue 22): a stroke, call or state read from JSON refuses a key that is not
one of its fields, naming it and the field it was probably meant to be; and refuses what
cannot be -- a kiss "via" the called ball itself (R5.1), more games played than the match has
or a breaker who is not a side (R3.1) -- naming the field and the value."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import GameState, read_record, stroke_from_json
from engine.errors import EngineError, IllegalInputError, MalformedInputError

from rules_helpers import MID, MID_SHELVES, hit, make_state, pocket, strike

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "russian_pyramid" / "examples"  # the shipped examples
POT = {"call": {"ball": "7", "pocket": "FL"}, "first_contact": "7",
       "pocketed": [{"ball": "7", "pocket": "FL"}], "final": {"cue": [0.6, 1.4]}}


@pytest.mark.parametrize("where, typo, meant", [
    ((), "first_contct", "first_contact"),
    ((), "call_fulfiled", "call_fulfilled"),
    ((), "foul", "fouls"),
    (("call",), "pocekt", "pocket"),
    (("call",), "maner", "manner"),
    (("pocketed", 0), "pockt", "pocket"),
])
def test_a_misspelt_stroke_field_is_refused_with_did_you_mean(mid, where, typo, meant):
    stroke = json.loads(json.dumps(POT))
    obj = stroke
    for k in where:
        obj = obj[k]
    obj[typo] = obj.pop(meant) if meant in obj else "7"
    with pytest.raises(MalformedInputError) as exc:
        stroke_from_json(stroke, mid)
    assert typo in str(exc.value) and f"did you mean {meant!r}" in str(exc.value)


def test_an_unknown_field_far_from_any_lists_the_fields(mid):
    with pytest.raises(MalformedInputError, match=r"stroke\.zzz .*the fields are: .*first_contact"):
        stroke_from_json(dict(POT, zzz=1), mid)


def test_every_documented_stroke_field_is_still_read(mid):
    stroke = dict(POT, call_fulfilled=True, off_table=[], fouls=[], balls_unchanged=None,
                  cue_left_house_first=None, placement=None,
                  pocketed=[{"ball": "7", "pocket": "FL", "time_s": 1.25}])  # as simulate prints
    assert stroke_from_json(stroke, mid).pocketed == (("7", "FL"),)
    # what StrokeFacts.to_json writes reads back
    facts = stroke_from_json(stroke, mid)
    assert stroke_from_json(facts.to_json(), mid).pocketed == facts.pocketed


def test_R5_1_a_kiss_via_the_called_ball_itself_is_refused(mid):
    """R5.1: a kiss (carom, combination) uses *other* balls."""
    with pytest.raises(MalformedInputError, match=r"call\.via = \['7'\] names the called ball 7"):
        stroke_from_json(dict(POT, call={"ball": "7", "pocket": "FL", "manner": "kiss",
                                         "via": ["7"]}), mid)


def test_R5_1_a_via_on_a_call_that_uses_no_other_ball_is_refused(mid):
    with pytest.raises(MalformedInputError, match=r"call\.via .*manner 'bank' uses none"):
        stroke_from_json(dict(POT, call={"ball": "7", "pocket": "FL", "manner": "bank",
                                         "via": ["3"]}), mid)


def state_doc(**extra):
    return dict(make_state(MID, scores=(30, 40), shelves=MID_SHELVES).to_json(), **extra)


def test_a_misspelt_state_field_is_refused_with_did_you_mean():
    doc = state_doc()
    doc["call_mod"] = doc.pop("call_mode")
    with pytest.raises(MalformedInputError, match=r"call_mod .*did you mean 'call_mode'"):
        GameState.from_json(doc)


def test_a_state_keeps_reading_comments_and_its_own_json():
    s = GameState.from_json(state_doc(_comment="a study position"))
    assert GameState.from_json(s.to_json()) == s


@pytest.mark.parametrize("match, field", [
    ({"games_to_play": 1, "games_played": 7}, "match.games_played = 7"),
    ({"games_to_play": 3, "games_played": 3}, "match.games_played = 3"),
    ({"games_to_play": 0}, "match.games_to_play = 0"),
    ({"games_to_play": 1, "breaker": 5}, "match.breaker = 5"),
    ({"games_to_play": 2, "first_breaker": 2}, "match.first_breaker = 2"),
])
def test_R3_1_an_impossible_match_is_refused(match, field):
    """R3.1: games_played counts the games before this one (0 .. games_to_play - 1); the
    breaker is a side of the variant."""
    with pytest.raises(IllegalInputError, match=r"\(R3\.1\)") as exc:
        GameState.from_json(state_doc(match=match))
    assert field in str(exc.value)


def test_R3_1_a_match_field_misspelt_is_refused():
    with pytest.raises(MalformedInputError, match=r"match\.games_playd .*'games_played'"):
        GameState.from_json(state_doc(match={"games_to_play": 3, "games_playd": 1}))


def test_R3_1_three_each_may_have_player_2_break():
    s = make_state(MID, scores=(0, 0, 0), variant="three-each", shelves=[[], [], []],
                   match={"games_to_play": 1, "breaker": 2, "first_breaker": 2})
    assert s.match.breaker == 2


def test_the_shipped_examples_and_records_still_read():
    for path in sorted((EXAMPLES).glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        if "scores" not in doc:
            continue  # a shot (position + strike), not a state
        state = GameState.from_json({k: v for k, v in doc.items() if k != "stroke"},
                                    other_fields=("stroke",))
        if "stroke" in doc:
            stroke_from_json(doc["stroke"], state)
    rec = read_record(EXAMPLES / "session_game.jsonl")
    assert rec.strokes


def test_errors_are_engine_errors():
    """The command line turns them into bad input (exit 2)."""
    assert issubclass(MalformedInputError, EngineError) and issubclass(IllegalInputError,
                                                                       EngineError)


def test_a_summary_beside_events_must_say_what_the_events_show(mid):
    """R5.1: a stroke given as events and a summary that says another stroke is refused; the
    same summary (as StrokeFacts.to_json writes it) reads."""
    events = [strike().to_json(), hit(0.5, "cue", "7").to_json(),
              pocket(1.5, "7", "FL").to_json()]
    base = {"call": {"ball": "7", "pocket": "FL"}, "events": events,
            "final": {"cue": [0.6, 1.4]}}
    facts = stroke_from_json(base, mid)
    assert stroke_from_json(facts.to_json(), mid).first_contact == "7"
    for field, value in (("first_contact", "12"), ("call_fulfilled", False),
                         ("pocketed", [{"ball": "7", "pocket": "NL"}])):
        with pytest.raises(MalformedInputError, match=rf"stroke\.{field} .*disagrees with "
                                                      rf"stroke\.events"):
            stroke_from_json(dict(base, **{field: value}), mid)
