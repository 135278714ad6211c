"""``pyramid analyze`` end to end: a deliberately bad stroke is marked, bad input exits 2."""
from __future__ import annotations

import json
import math

import pytest

from sim import Simulator
from ai.games.records import simulate_stroke, strike_to_record
from engine import (GameRecord, GameState, adjudicate, make_header, stroke_from_events,
                    stroke_record, write_record)
from engine.calls import Call
from engine.record import result_line
from sim import Strike

from tests.statedocs import account_for

from .clihelp import assert_bad_input, assert_png, pyramid, pyramid_json

FAST = ["--agent", "mc:budget=60", "--samples", "8"]

# Player 0 needs 11 points; ball 15 hangs near the far right corner, an easy pot to win.
POSITION = account_for({"table": "pyramid-12ft",
            "balls": {"cue": [2.95, 0.55], "15": [3.40, 0.13], "2": [1.0, 1.2], "3": [2.0, 1.5]},
            "cue_in_hand": False, "scores": [60, 40], "to_move": 0, "call_mode": "exact",
            "target": 71, "shelves": [["14", "13", "12", "11", "10"],
                                      ["9", "8", "7", "6", "5", "4", "1"]],
            "variant": "two-player"})  # scores 100, shelves 110: said in an adjustment


def _record(tmp_path, strikes) -> str:
    """A record of strokes played from POSITION on (each from the state the last left)."""
    sim = Simulator()
    state = GameState.from_json(POSITION)
    rec = GameRecord(make_header(state, ["human", "human"], seed=None))
    call = Call.from_json({"ball": "15", "pocket": "FR", "manner": "clean"})
    for strike in strikes:
        res = simulate_stroke(sim, state, strike, None)
        facts = stroke_from_events(res.events, res.final, call=call, state=state)
        out = adjudicate(state, facts)
        rec.strokes.append(stroke_record(state, facts, out.adjudication, out.state,
                                         strike=strike_to_record(strike)))
        state = out.state
    rec.result = result_line(state)
    path = tmp_path / "constructed.jsonl"
    write_record(path, rec)
    return str(path)


@pytest.fixture(scope="module")
def bad_record(tmp_path_factory):
    # the cue ball sent away from every ball toward the house cushion: a miss (R7.1a)
    return _record(tmp_path_factory.mktemp("an"), [Strike(1.0, math.pi)])


def test_help():
    r = pyramid("analyze", "--help")
    assert r.returncode == 0 and "--mistake" in r.stdout


def test_bad_stroke_is_marked(bad_record, tmp_path):
    png = tmp_path / "sheet.png"
    out, r = pyramid_json("analyze", bad_record, *FAST, "--png", png)
    (row,) = out["strokes"]
    assert row["played"]["fouls"] == ["R7.1a"]
    assert row["mark"] in ("?", "??")
    assert row["loss"] >= 0.05 and row["p_win_best"] > row["p_win_played"]
    assert row["best"] is not None and row["best"]["strike"] is not None
    (s0,) = out["summary"]
    assert s0["player"] == 0 and s0["mistakes"] + s0["blunders"] == 1
    assert out["png"] == [str(png)]
    assert_png(png)
    assert "best" in r.stderr  # the per-stroke lines go to stderr with --json


def test_human_output(bad_record):
    r = pyramid("analyze", bad_record, *FAST)
    assert r.returncode == 0, r.stderr
    assert "??" in r.stdout or " ?" in r.stdout
    assert "summary" in r.stdout and "best:" in r.stdout


def test_bad_input_exit_2(bad_record, tmp_path):
    assert_bad_input(pyramid("analyze", tmp_path / "missing.jsonl"), "does not exist")
    broken = tmp_path / "broken.jsonl"
    lines = open(bad_record).read().splitlines()
    broken.write_text(lines[0] + "\n" + lines[1][:50] + "\n")
    assert_bad_input(pyramid("analyze", broken, *FAST), "line 2")
    nohead = tmp_path / "nohead.jsonl"
    nohead.write_text(json.dumps({"type": "stroke"}) + "\n")
    assert_bad_input(pyramid("analyze", nohead, *FAST), "line 1")
    empty = tmp_path / "empty.jsonl"
    empty.write_text(lines[0] + "\n")
    assert_bad_input(pyramid("analyze", empty, *FAST), "no strokes")
    assert_bad_input(pyramid("analyze", bad_record, "--agent", "nosuch"), "nosuch")
    assert_bad_input(pyramid("analyze", bad_record, *FAST, "--strokes", "x-y"), "--strokes")
    assert_bad_input(pyramid("analyze", bad_record, *FAST, "--mistake", "0.5",
                             "--blunder", "0.1"), "--mistake")


def test_parallel_analysis_gives_the_same_report(tmp_path):
    """--jobs 2 analyses strokes in two processes; each stroke has its own seed, so the
    report is the same as with one job."""
    rec = _record(tmp_path, [Strike(1.0, math.pi), Strike(1.2, math.pi / 2),
                             Strike(0.9, -math.pi / 2)])
    one, r1 = pyramid_json("analyze", rec, *FAST)
    two, r2 = pyramid_json("analyze", rec, *FAST, "--jobs", "2")
    assert len(one["strokes"]) == 3
    assert one["strokes"] == two["strokes"] and one["summary"] == two["summary"]
    assert_bad_input(pyramid("analyze", rec, *FAST, "--jobs", "0"), "--jobs")
