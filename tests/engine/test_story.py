"""The ``story`` of a stroke line (issue 27, item 1): a typed value that round-trips, refused
when malformed, covered by the record's seal; records without stories still read and verify."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from engine.errors import MalformedInputError
from engine.record import parse_record, read_record, record_digest
from engine.story import MAX_ALTERNATIVES, STORY_KEY, Alternative, Story, story_of

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "russian_pyramid" / "examples"  # the shipped examples
OLD_RECORD = EXAMPLES / "session_game.jsonl"  # written before stories existed

FULL = Story(
    intended_strike={"speed_mps": 2.5, "phi_deg": 10.0, "elevation_deg": 0.0, "side": 0.1,
                     "vertical": -0.2},
    intended_call={"ball": "3", "pocket": "TR"},
    noise={"speed_mps": 0.03, "phi_deg": -0.25, "elevation_deg": 0.0, "side": 0.01,
           "vertical": 0.0},
    kind="attack", p_win=0.61, p_success=0.42,
    alternatives=(Alternative(strike={"speed_mps": 1.0, "phi_deg": 90.0}, kind="safety",
                              p_win=0.55),
                  Alternative(call={"ball": "5", "pocket": "BL"}, p_success=0.3)),
    decision_s=0.75, samples=400)


def test_round_trip_full_and_empty():
    for story in (FULL, Story(), Story(kind="random", decision_s=0.0)):
        obj = json.loads(json.dumps(story.to_json()))
        assert Story.from_json(obj) == story


def test_absent_fields_are_left_out_not_invented():
    assert Story().to_json() == {}
    assert Story(kind="greedy").to_json() == {"kind": "greedy"}


def test_executed_strike_is_intended_plus_noise():
    executed = FULL.executed_strike()
    for key, value in FULL.intended_strike.items():
        assert executed[key] == value + FULL.noise[key]
    assert Story().executed_strike() is None


@pytest.mark.parametrize("bad", [
    [], {"p_win": 1.5}, {"p_win": "high"}, {"decision_s": -1.0}, {"samples": 2.5},
    {"samples": True}, {"noise": {"spin": 1.0}}, {"intended_strike": {"speed_mps": None}},
    {"alternatives": {}}, {"alternatives": [{"p_win": -0.1}]}, {"colour": "red"},
    {"alternatives": [{}] * (MAX_ALTERNATIVES + 1)}, {"kind": 3},
])
def test_malformed_story_is_refused(bad):
    with pytest.raises(MalformedInputError):
        Story.from_json(bad)


def _with_story(story_obj) -> list[str]:
    """The old record's lines with a story on its first stroke, sealed again."""
    record = read_record(OLD_RECORD)
    lines = OLD_RECORD.read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[1])
    assert first["type"] == "stroke"
    first[STORY_KEY] = story_obj
    lines[1] = json.dumps(first)
    resealed = parse_record(lines)
    result = json.loads(lines[-1])
    result["sha256"] = record_digest(resealed)
    lines[-1] = json.dumps(result)
    assert record.strokes[0].line == 2
    return lines


def test_old_record_without_story_still_reads_and_verifies():
    record = read_record(OLD_RECORD)
    assert all(STORY_KEY not in s.extra for s in record.strokes)
    assert all(story_of(s.extra) is None for s in record.strokes)
    assert record.digest == record.result["sha256"] == record_digest(record)


def test_story_is_read_and_covered_by_the_seal():
    lines = _with_story(FULL.to_json())
    record = parse_record(lines)
    assert story_of(record.strokes[0].extra) == FULL
    assert record.digest == record.result["sha256"]
    # the record written back keeps the story and the seal
    assert record_digest(record) == record.result["sha256"]
    for key, value in (("p_win", 0.99), ("kind", "safety"), ("samples", 401),
                       ("decision_s", 0.5)):
        tampered = list(lines)
        stroke = json.loads(tampered[1])
        stroke[STORY_KEY][key] = value
        tampered[1] = json.dumps(stroke)
        assert parse_record(tampered).digest != record.result["sha256"], key
    tampered = list(lines)
    stroke = json.loads(tampered[1])
    stroke[STORY_KEY]["noise"]["phi_deg"] = 0.0
    tampered[1] = json.dumps(stroke)
    assert parse_record(tampered).digest != record.result["sha256"]


def test_malformed_story_in_a_record_names_its_line():
    lines = OLD_RECORD.read_text(encoding="utf-8").splitlines()
    stroke = json.loads(lines[1])
    stroke[STORY_KEY] = {"p_win": 2.0}
    lines[1] = json.dumps(stroke)
    with pytest.raises(MalformedInputError, match="line 2"):
        parse_record(lines)


EXACT = Story(
    intended_strike={"speed_mps": 2.5, "phi_deg": math.degrees(0.3), "phi_rad": 0.3,
                     "elevation_deg": 0.0, "elevation_rad": 0.0, "side": 0.1, "vertical": 0.0},
    noise={"speed_mps": 0.03125, "phi_rad": -0.0009765625, "phi_deg": 0.0, "side": 0.0},
    alternatives=(Alternative(strike={"speed_mps": 1.0, "phi_rad": 1.5}, placement=(0.4, 1.2),
                              kind="safety"),))


def test_a_games_story_round_trips_with_radians_placement_and_inexact_fields():
    for story in (EXACT, Story(inexact=("speed_mps", "side"))):
        obj = json.loads(json.dumps(story.to_json()))
        assert Story.from_json(obj) == story
    assert "inexact" not in EXACT.to_json()  # left out when empty


@pytest.mark.parametrize("bad", [
    {"inexact": ["phi_deg"]}, {"inexact": ["speed_mps", "speed_mps"]}, {"inexact": "side"},
    {"alternatives": [{"placement": [1.0]}]}, {"alternatives": [{"placement": [1.0, "x"]}]},
    {"noise": {"phi_rad": float("nan")}},
])
def test_malformed_game_story_fields_are_refused(bad):
    with pytest.raises(MalformedInputError):
        Story.from_json(bad)


def test_disagreement_with_the_stroke_played_is_exact():
    played = {"speed_mps": 2.5 + 0.03125, "phi_rad": 0.3 - 0.0009765625, "side": 0.1,
              "vertical": 0.0, "elevation_rad": 0.0}
    assert EXACT.disagreement(played) is None
    assert EXACT.disagreement(None) is None  # no stroke to compare (a tush)
    off = dict(played, phi_rad=math.nextafter(played["phi_rad"], 1.0))  # one unit in the last place
    assert "phi_rad" in EXACT.disagreement(off)
    listed = Story(intended_strike=EXACT.intended_strike, noise=EXACT.noise, inexact=("phi_rad",))
    assert listed.disagreement(off) is None
    wrong_degrees = Story(intended_strike={**EXACT.intended_strike, "phi_deg": 17.0})
    assert "phi_deg" in wrong_degrees.disagreement(played)
