"""Issue 53, item 2: a stroke line's values are typed (Call, RecordedStrike, StrokeOutcome;
the state's GameOutcome) and converted to JSON only at the edge, round-tripping through text
as python-chess's values do: ``from_json(to_json(x)) == x`` and ``to_json(from_json(j)) == j``
-- for values drawn at random (hypothesis) and for every record the project keeps (the golden
games, the shipped example, the hostile corpus's base), read and written again to the same
bytes and the same seal."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import GameState, adjudicate, initial_state, make_header, stroke_from_json
from engine.calls import Call
from engine.errors import MalformedInputError
from engine.outcome import GameOutcome
from engine.kinds import CallMode
from engine.record import StrokeRecord, parse_record, record_digest, stroke_record
from engine.recorded import RecordedStrike, StrokeOutcome
from engine.seal import DIGEST_KEY
from ai.games.records import recorded_strike, strike_from_record
from sim.api import Strike
from sim.events import BALL_IDS, Event, EventKind
from sim.table import POCKET_IDS
from test_rules_properties import stroke_for

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = sorted((ROOT / "tests" / "ai" / "golden_data").glob("*-seed*.json"))
RECORDS = [p for p in GOLDEN if isinstance(json.loads(p.read_text()), list)]  # the games
JSONL = [ROOT / "russian_pyramid" / "examples" / "session_game.jsonl",
         ROOT / "tests" / "hostile" / "bases" / "game.jsonl"]
OBJECT = [b for b in BALL_IDS if b != "cue"]
EXAMPLES = dict(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _lines(path: Path) -> list[str]:
    if path.suffix == ".json":  # a golden game: the record's lines as a JSON list
        return [json.dumps(line, allow_nan=False) for line in json.loads(path.read_text())]
    return [line for line in path.read_text().split("\n") if line.strip()]


@pytest.mark.parametrize("path", RECORDS + JSONL, ids=lambda p: p.name)
def test_every_kept_record_is_written_back_to_the_same_bytes_and_seal(path):
    lines = _lines(path)
    rec = parse_record(lines)
    assert rec.strokes
    assert rec.lines() == lines
    for s in rec.strokes:
        assert s.call is None or isinstance(s.call, Call)
        assert s.strike is None or isinstance(s.strike, RecordedStrike)
        assert isinstance(s.outcome, StrokeOutcome)
        assert GameState.from_json(s.state_before.to_json()) == s.state_before
    if rec.result is not None and rec.result.get(DIGEST_KEY):
        assert record_digest(rec) == rec.result[DIGEST_KEY]


def test_a_record_line_round_trips_as_a_value():
    rec = parse_record(_lines(RECORDS[0]))
    for s in rec.strokes:
        again = parse_record([rec.lines()[0], json.dumps(s.to_json())]).strokes[0]
        assert again == s and isinstance(again, StrokeRecord)


# --- values drawn at random ----------------------------------------------------------------
coord = st.floats(min_value=0.03, max_value=3.5, allow_nan=False)
number = st.one_of(st.floats(min_value=-400, max_value=400, allow_nan=False),
                   st.integers(min_value=-400, max_value=400))
position = st.tuples(coord, coord)


@st.composite
def strikes(draw):
    """A stroke line's strike: a stroke played (degrees and radians), degrees only, or any
    subset of the fields with integers where a hand wrote them."""
    played = Strike(draw(st.floats(0.1, 12.0)), draw(st.floats(-6.28, 6.28)),
                    draw(st.floats(0.0, 1.5)), draw(st.floats(-0.5, 0.5)),
                    draw(st.floats(-0.5, 0.5)))
    return draw(st.one_of(
        st.just(recorded_strike(played)),
        st.just(RecordedStrike.from_json(played.to_json())),
        st.builds(RecordedStrike, speed_mps=number, phi_deg=number,
                  elevation_deg=st.none() | number, side=st.none() | number)))


@st.composite
def calls(draw):
    ball = draw(st.sampled_from(OBJECT))
    others = [b for b in OBJECT if b != ball]
    manner = draw(st.sampled_from(["clean", "bank", "cushion-first", "kiss", "carom",
                                   "combination", "cushion-first+bank"]))
    via = draw(st.lists(st.sampled_from(others), max_size=2, unique=True)) \
        if manner in ("kiss", "carom", "combination") else []
    return Call(ball, draw(st.sampled_from(POCKET_IDS)), manner, tuple(via))


@st.composite
def events(draw):
    n = draw(st.integers(0, 4))
    out = []
    for i in range(n):
        kind = draw(st.sampled_from([EventKind.BALL_BALL, EventKind.BALL_CUSHION]))
        balls = tuple(draw(st.lists(st.sampled_from(BALL_IDS), min_size=1, max_size=2,
                                    unique=True)))
        out.append(Event(float(i) + draw(st.floats(0, 0.9)), kind, balls, None, None,
                         draw(st.none() | position)))
    return tuple(out)


@st.composite
def outcomes(draw):
    balls = draw(st.lists(st.sampled_from(BALL_IDS), unique=True, max_size=6))
    fell = draw(st.lists(st.sampled_from(OBJECT), unique=True, max_size=2))
    return StrokeOutcome(
        pocketed=tuple((b, draw(st.sampled_from(POCKET_IDS))) for b in fell),
        off_table=tuple(draw(st.lists(st.sampled_from(OBJECT), unique=True, max_size=1))),
        final={b: draw(st.none() | position) for b in balls},
        first_contact=draw(st.none() | st.sampled_from(OBJECT)),
        call_fulfilled=draw(st.none() | st.booleans()),
        cue_left_house_first=draw(st.none() | st.booleans()),
        counted=tuple(fell),
        respotted=tuple((b, draw(position)) for b in draw(st.lists(
            st.sampled_from(OBJECT), unique=True, max_size=2))),
        balls_unchanged=draw(st.none() | st.booleans()),
        events=draw(st.none() | events()))


results = st.one_of(st.builds(GameOutcome.win, st.integers(0, 1), st.sampled_from(["R9.1",
                                                                                   "R10.1"])),
                    st.builds(GameOutcome.drawn, st.sampled_from(["R9.2", "unfinished"])),
                    st.builds(GameOutcome.ranked, st.permutations([0, 1, 2]),
                              st.just("R12.1")))


def _both_ways(kind, value, **kw):
    text = json.dumps(value.to_json())
    again = kind.from_json(json.loads(text), **kw)
    assert again == value
    assert json.dumps(again.to_json()) == text  # the same bytes
    return again


@settings(**EXAMPLES)
@given(strikes())
def test_a_strike_round_trips(strike):
    again = _both_ways(RecordedStrike, strike)
    assert hash(again) == hash(strike)
    if strike.phi_rad is not None:  # a stroke played: simulated from its exact radians
        assert strike_from_record(again).phi_rad == strike.phi_rad


@settings(**EXAMPLES)
@given(calls())
def test_a_call_round_trips(call):
    _both_ways(Call, call)


@settings(**EXAMPLES)
@given(outcomes())
def test_a_stroke_outcome_round_trips(outcome):
    again = _both_ways(StrokeOutcome, outcome)
    assert hash(again) == hash(outcome)


@settings(**EXAMPLES)
@given(results)
def test_a_game_outcome_round_trips(result):
    _both_ways(GameOutcome, result)


def test_a_bad_field_of_a_line_is_refused_naming_it():
    with pytest.raises(MalformedInputError, match=r"outcome\.final\.7"):
        StrokeOutcome.from_json({"final": {"7": [1.0]}})
    with pytest.raises(MalformedInputError, match=r"strike\.phi_rad"):
        RecordedStrike.from_json({"speed_mps": 2.0, "phi_rad": "x"})
    with pytest.raises(MalformedInputError, match=r"outcome\.events\[0\]"):
        StrokeOutcome.from_json({"events": [{"time_s": 0.0, "kind": "ball-ball",
                                             "balls": ["cue", "7"], "colour": "red"}]})


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), mode=st.sampled_from(list(CallMode)))
def test_the_states_and_lines_of_random_games_round_trip(data, mode):
    """Random games of person-described strokes (tests/engine/test_rules_properties.py):
    every state after a stroke, and every stroke line, read back from its JSON text is the
    same value, hashes the same and is written to the same bytes."""
    s = initial_state(call_mode=mode)
    header = json.dumps(make_header(s, ["a", "b"], seed=1))
    for _ in range(12):
        if s.game_over or not s.object_balls:
            break
        facts = stroke_from_json(data.draw(stroke_for(s)), s)
        out = adjudicate(s, facts)
        line = stroke_record(s, facts, out.adjudication, out.state)
        text = json.dumps(line.to_json())
        again = parse_record([header, text]).strokes[0]
        assert again == line and json.dumps(again.to_json()) == text
        state_text = json.dumps(out.state.to_json())
        state = GameState.from_json(json.loads(state_text))
        assert state == out.state and hash(state) == hash(out.state)
        assert json.dumps(state.to_json()) == state_text
        s = out.state
