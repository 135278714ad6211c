"""Hostile input, third round (issue 51): each reproduction of the issue is refused with exit
status 2 (or the engine's and the board's error answer), a message naming the field and the
value, no traceback, nothing written.  In-process through ``russian_pyramid.cli.main`` (an
exception escaping it is the traceback a user would see) unless the exit status of the real
command is the point."""
from __future__ import annotations

import io
import json
import time

import pytest

from engine import initial_state
from russian_pyramid.board import api as board_api
from russian_pyramid.board.server import create_app
from russian_pyramid.commands import engine as engine_cmd
from russian_pyramid.errors import UserInputError

from ..russian_pyramid.boardclient import guarded_client
from .clihelp import ROOT, assert_bad_input, refusal
from .test_hostile_inputs import assert_refused, run_main

EXAMPLES = ROOT / "russian_pyramid" / "examples"


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
    r = refusal("simulate", "-", input='{"balls":{"cue":[-98.225,-100],"7":[2,0.9]},'
                                       '"strike":{"speed_mps":2,"phi_deg":45}}')
    assert_bad_input(r, "balls.cue", "-98.225")
    assert r.stdout == ""


@pytest.mark.parametrize("xy", FAR)
@pytest.mark.parametrize("command,example,words", [
    ("score", "score_pot.json", "not on the playing surface"),
    # a suggestion's state is read as the board reads it (issue 53): the simulator's words
    ("suggest", "suggest_open.json", "not on the bed")])
def test_a_ball_far_off_the_table_is_refused_by_score_and_suggest(tmp_path, command, example,
                                                                  words, xy):
    code, out, err = run_main(command, _write(tmp_path, _far_doc(example, xy)))
    assert_refused(code, err, "balls.cue", str(xy[0]), words)
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


# --- 7. state counters beyond any game ---------------------------------------------------------
HUGE = 10 ** 19
COUNTERS = [("target", HUGE, "target = 10000000000000000000 must be at most 10000"),
            ("strokes_played", HUGE, "strokes_played = 10000000000000000000 must be at most"),
            ("unchanged_foul_streak", [HUGE, 0], "unchanged_foul_streak[0] = 1000000000000000"),
            ("no_call_strokes_left", HUGE, "no_call_strokes_left = 10000000000000000000"),
            ("no_call_strokes_left", 3, "no_call_strokes_left = 3 must be at most 2"),
            ("match", {"games_to_play": HUGE}, "match.games_to_play = 10000000000000000000"),
            ("targets", [71, HUGE], "targets[1] = 10000000000000000000"),
            ("scores", [HUGE, 0], "scores[0] = 10000000000000000000"),
            ("handicap_points", HUGE, "handicap_points = 10000000000000000000"),
            ("returned_points", HUGE, "returned_points = 10000000000000000000")]


@pytest.mark.parametrize("field,value,words", COUNTERS,
                         ids=[f"{c[0]}={str(c[1])[:8]}" for c in COUNTERS])
def test_a_state_counter_beyond_any_game_is_refused(tmp_path, field, value, words):
    doc = _start_doc(**{field: value})
    for command in ("score", "suggest"):
        if command == "suggest":
            doc.pop("stroke")
        code, out, err = run_main(command, _write(tmp_path, doc))
        assert_refused(code, err, words)
        assert out == ""
    answer = _engine("check", doc)
    assert answer["ok"] is False and words in answer["error"], answer


# --- 9. echoed values cut ----------------------------------------------------------------------
def test_a_huge_cmd_is_quoted_cut_by_the_engine():
    answer = _engine("x" * 100_000, {})
    assert answer["ok"] is False and "is not a command" in answer["error"]
    assert len(answer["error"]) < 400 and "(100002 characters)" in answer["error"]


def test_an_unknown_request_field_or_a_huge_id_is_refused_by_the_engine():
    answer, _ = engine_cmd.handle({"id": 3, "cmd": "check", "body": {}, "opts": {"top": 1}},
                                  0, time.monotonic())
    assert answer == {"id": 3, "ok": False, "error": "'opts' is not a field of a request; its "
                                                     "fields: id, cmd, body, options"}
    answer, _ = engine_cmd.handle({"id": "i" * 5000, "cmd": "check", "body": {}}, 0,
                                  time.monotonic())
    assert answer["id"] is None and "MAX_ID_CHARS" in answer["error"]
    assert len(json.dumps(answer)) < 400


def test_a_huge_language_is_quoted_cut_by_the_board():
    with guarded_client(create_app(warm=False)) as c:
        r = c.get("/api/words/" + "q" * 5000)
        assert r.status_code == 404 and "is not a known language" in r.json()["error"]
        assert len(r.text) < 400, len(r.text)
        assert c.get("/api/words/ru").status_code == 200


# --- 7. score --resume F with other terms ------------------------------------------------------
RESUME_CONFLICTS = [(("--players", "X", "Y"), "--players 'X Y'", "['Иван', 'Пётр']"),
                    (("--games", "3"), "--games 3", "games as 1"),
                    (("--call-mode", "ball-and-pocket"), "--call-mode", "'exact'"),
                    (("--target", "51"), "--target 51", "as 71"),
                    (("--breaker", "Пётр"), "--breaker", "'Иван'"),
                    (("--date", "2020-01-01"), "--date", "'2026-11-30'"),
                    (("--handicap", '{"kind": "points", "receiver": 1, "points": 5}'),
                     "--handicap", "as None")]


@pytest.mark.parametrize("options,given,kept", RESUME_CONFLICTS,
                         ids=[c[0][0] for c in RESUME_CONFLICTS])
def test_resume_refuses_terms_the_record_does_not_have(tmp_path, options, given, kept):
    rec = tmp_path / "game.jsonl"
    text = (EXAMPLES / "session_game.jsonl").read_bytes()
    rec.write_bytes(text)
    code, out, err = run_main("score", "--session", "--resume", rec, *options)
    assert_refused(code, err, given, kept, "names the match's")
    assert rec.read_bytes() == text and sorted(tmp_path.iterdir()) == [rec]


def test_resume_takes_the_records_own_players(tmp_path, monkeypatch):
    rec = tmp_path / "game.jsonl"
    rec.write_bytes((EXAMPLES / "session_game.jsonl").read_bytes())
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, _out, err = run_main("score", "--session", "--resume", rec, "--players", " Иван",
                               "Пётр", "--games", "1")
    assert code == 0, err
