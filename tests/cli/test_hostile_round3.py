"""Hostile input, third round (issue 51): each reproduction of the issue is refused with exit
status 2 (or the engine's and the board's error answer), a message naming the field and the
value, no traceback, nothing written.  In-process through ``russian_pyramid.cli.main`` (an
exception escaping it is the traceback a user would see) unless the exit status of the real
command is the point."""
from __future__ import annotations

import json
import time

import pytest

from russian_pyramid.board import api as board_api
from russian_pyramid.commands import engine as engine_cmd
from russian_pyramid.errors import UserInputError

from .clihelp import ROOT, assert_bad_input, pyramid
from .test_hostile_inputs import assert_refused, run_main

EXAMPLES = ROOT / "examples"


def _load(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def _write(tmp_path, doc, name="in.json"):
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _engine(cmd: str, body, **options) -> dict:
    answer, stop = engine_cmd.handle({"id": 1, "cmd": cmd, "body": body, "options": options},
                                     0, time.monotonic())
    assert not stop
    return answer


# --- 1. balls far off the table --------------------------------------------------------------
# on the far corner's 45 deg band (through the right middle pocket), and on the near corner's
FAR = [(-98.225, -100.0), (-50.0, -50.0)]


def _far_doc(example: str, xy) -> dict:
    doc = _load(example)
    doc["balls"]["cue"] = list(xy)
    return doc


@pytest.mark.parametrize("xy", FAR)
def test_a_ball_far_off_the_table_is_refused_by_simulate(tmp_path, xy):
    doc = {"balls": {"cue": list(xy), "7": [2, 0.9]}, "strike": {"speed_mps": 2, "phi_deg": 45}}
    code, out, err = run_main("simulate", _write(tmp_path, doc))
    assert_refused(code, err, "balls.cue", str(xy[0]), "not on the bed")
    assert out == ""


def test_the_reproduction_through_the_real_command():
    r = pyramid("simulate", "-", input='{"balls":{"cue":[-98.225,-100],"7":[2,0.9]},'
                                       '"strike":{"speed_mps":2,"phi_deg":45}}')
    assert_bad_input(r, "balls.cue", "-98.225")
    assert r.stdout == ""


@pytest.mark.parametrize("xy", FAR)
@pytest.mark.parametrize("command,example", [("score", "score_pot.json"),
                                             ("suggest", "suggest_open.json")])
def test_a_ball_far_off_the_table_is_refused_by_score_and_suggest(tmp_path, command, example,
                                                                  xy):
    code, out, err = run_main(command, _write(tmp_path, _far_doc(example, xy)))
    assert_refused(code, err, "balls.cue", str(xy[0]), "not on the playing surface")
    assert out == ""


def test_a_stroke_ending_far_off_the_table_is_refused_by_score(tmp_path):
    doc = _load("score_pot.json")
    doc["stroke"]["final"]["cue"] = list(FAR[0])
    code, _out, err = run_main("score", _write(tmp_path, doc))
    assert_refused(code, err, "cue", "-98.225")


@pytest.mark.parametrize("xy", FAR)
def test_a_ball_far_off_the_table_is_refused_by_check_and_the_board(xy):
    """``pyramid engine``'s check and the function the board's POST /api/check calls."""
    for body in ({"balls": {"cue": list(xy), "7": [2, 0.9]}}, _far_doc("suggest_open.json", xy)):
        answer = _engine("check", body)
        assert answer["ok"] is False and "balls.cue" in answer["error"], answer
        assert str(xy[0]) in answer["error"]
        with pytest.raises(UserInputError, match=r"balls\.cue"):
            board_api.check(body)


# --- 7. physics out of their physical ranges ---------------------------------------------------
PHYSICS = [({"gravity_mps2": 1e300}, "physics.gravity_mps2 = 1e+300"),
           ({"contact_tolerance_m": 1e300}, "physics.contact_tolerance_m = 1e+300"),
           ({"mu_roll": 1e308}, "physics.mu_roll = 1e+308"),
           ({"mu_roll": 1e308, "mu_slide": 1e300}, "= 1e+30")]


def _shot(physics: dict) -> dict:
    return {"balls": {"cue": [1.0, 0.9], "7": [2.0, 0.9]},
            "strike": {"speed_mps": 2, "phi_deg": 0}, "physics": physics}


@pytest.mark.parametrize("physics,words", PHYSICS, ids=[w for _, w in PHYSICS])
def test_physics_out_of_range_are_refused_by_simulate_and_the_engine(tmp_path, physics, words):
    code, out, err = run_main("simulate", _write(tmp_path, _shot(physics)))
    assert_refused(code, err, words, "out of range")
    assert out == ""
    answer = _engine("simulate", _shot(physics))
    assert answer["ok"] is False and words in answer["error"], answer


# --- 7. unknown keys: a position, a handicap -------------------------------------------------
def test_a_position_with_a_misspelt_key_is_refused_by_check_and_the_board():
    body = {"tabel": "pyramid-10ft", "balls": {"cue": [2.5, 0.9], "7": [2, 0.9]}}
    answer = _engine("check", body)
    assert answer["ok"] is False, answer
    assert "tabel = 'pyramid-10ft' is not a field" in answer["error"]
    assert "did you mean 'table'" in answer["error"]
    with pytest.raises(UserInputError, match="tabel"):
        board_api.check(body)
    assert _engine("check", dict(body, _comment="a note", table=body.pop("tabel")))["ok"]


def _start_doc(**extra) -> dict:
    from engine import initial_state
    doc = initial_state().to_json()
    doc.update(extra, stroke={"call": None, "placement": [0.5, 0.9], "final": {"cue": [0.6, 0.9]}})
    return doc


@pytest.mark.parametrize("handicap,words", [
    ({"kind": "points", "receiver": 1, "points": 10, "pionts": 3},
     ("handicap.pionts", "did you mean 'points'")),
    ({"kind": "points", "receiver": 1, "points": 10, "balls": ["15"]},
     ("handicap.balls", "a points handicap")),
    ({"kind": "balls", "receiver": 1, "balls": ["15"], "points": 5},
     ("handicap.points", "a balls handicap")),
])
def test_a_handicap_with_an_unknown_key_is_refused(tmp_path, handicap, words):
    code, out, err = run_main("score", _write(tmp_path, _start_doc(handicap=handicap)))
    assert_refused(code, err, *words)
    assert out == ""
    code, out, err = run_main("score", "--session", "--players", "A", "B",
                              "--handicap", json.dumps(handicap))
    assert_refused(code, err, *words)


def test_a_missed_handicap_with_an_unknown_key_is_refused(tmp_path):
    doc = _start_doc(handicap_missed={"receiver": 1, "balls": ["15"], "points": 3})
    code, _out, err = run_main("score", _write(tmp_path, doc))
    assert_refused(code, err, "handicap_missed.points", "R13.2")
