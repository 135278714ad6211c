"""``pyramid analyze`` end to end: a deliberately bad stroke is marked, bad input exits 2."""
from __future__ import annotations

import json
import math

import pytest

from sim import Simulator
from ai.games.records import recorded_strike, simulate_stroke
from engine import (GameRecord, GameState, adjudicate, make_header, stroke_from_events,
                    stroke_record, write_record)
from engine.calls import Call
from engine.provenance import current as current_provenance
from engine.record import parse_record, record_digest, result_line
from sim import Strike

from tests.statedocs import account_for

from .clihelp import assert_bad_input, assert_png, pyramid, pyramid_json, refusal

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
                                         strike=recorded_strike(strike)))
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
    assert out["verification"]["positions_replayed"] == 1
    assert out["verification"]["hash_checked"] is True
    assert_png(png)
    assert "best" in r.stderr  # the per-stroke lines go to stderr with --json


def test_human_output(bad_record):
    r = pyramid("analyze", bad_record, *FAST)
    assert r.returncode == 0, r.stderr
    assert "??" in r.stdout or " ?" in r.stdout
    assert "summary" in r.stdout and "best:" in r.stdout


def test_bad_input_exit_2(bad_record, tmp_path):
    assert_bad_input(refusal("analyze", tmp_path / "missing.jsonl"), "does not exist")
    broken = tmp_path / "broken.jsonl"
    lines = open(bad_record).read().splitlines()
    broken.write_text(lines[0] + "\n" + lines[1][:50] + "\n")
    assert_bad_input(refusal("analyze", broken, *FAST), "line 2")
    nohead = tmp_path / "nohead.jsonl"
    nohead.write_text(json.dumps({"type": "stroke"}) + "\n")
    assert_bad_input(refusal("analyze", nohead, *FAST), "line 1")
    cut = tmp_path / "cut.jsonl"
    cut.write_text(lines[0] + "\n")
    assert_bad_input(refusal("analyze", cut, *FAST), "line 2", "cut short")
    empty = tmp_path / "empty.jsonl"
    result = {"type": "result", "result": None, "scores": POSITION["scores"], "strokes": 0}
    result["sha256"] = record_digest(parse_record([lines[0], json.dumps(result)]))
    empty.write_text(lines[0] + "\n" + json.dumps(result) + "\n")
    assert_bad_input(refusal("analyze", empty, *FAST), "no strokes")
    assert_bad_input(refusal("analyze", bad_record, "--agent", "nosuch"), "nosuch")
    assert_bad_input(refusal("analyze", bad_record, *FAST, "--strokes", "x-y"), "--strokes")
    assert_bad_input(refusal("analyze", bad_record, *FAST, "--mistake", "0.5",
                             "--blunder", "0.1"), "--mistake")


def test_parallel_analysis_gives_the_same_report(tmp_path):
    """--jobs 2 analyses strokes in two processes; each stroke has its own seed, so the
    report is the same as with one job."""
    rec = _record(tmp_path, [Strike(1.0, math.pi), Strike(1.2, math.pi / 2),
                             Strike(0.9, -math.pi / 2)])
    one, r1 = pyramid_json("analyze", rec, *FAST, "--jobs", "1")
    two, r2 = pyramid_json("analyze", rec, *FAST, "--jobs", "2")
    assert len(one["strokes"]) == 3
    assert one["strokes"] == two["strokes"] and one["summary"] == two["summary"]
    assert_bad_input(refusal("analyze", rec, *FAST, "--jobs", "0"), "--jobs")


# --- records verified before they are analysed (issue 15) --------------------------------------
def _tampered(bad_record, tmp_path, name, change) -> str:
    lines = open(bad_record).read().splitlines()
    objs = [json.loads(x) for x in lines]
    change(objs)
    path = tmp_path / f"{name}.jsonl"
    path.write_text("".join(json.dumps(o) + "\n" for o in objs))
    return str(path)


def _flip_scores(objs):
    objs[1]["scores_after"] = objs[1]["scores_after"][::-1]


def _player_7(objs):
    objs[1]["player"] = 7


def _version_99(objs):
    objs[0]["version"] = 99


def _ball_moved(objs):
    objs[1]["state_before"]["balls"]["15"] = [3.30, 0.20]


def _stroke_removed(objs):
    del objs[1]


def _players_renamed(objs):
    objs[0]["players"] = ["mc", "human"]


@pytest.mark.parametrize("change, line, words", [
    (_flip_scores, 2, "scores_after"), (_player_7, 2, "player = 7"), (_version_99, 1, "version"),
    (_ball_moved, 2, "ball 15"), (_stroke_removed, 2, "result line scores"),
    (_players_renamed, 3, "sha256")])
def test_a_tampered_record_is_refused_with_its_line_before_any_analysis(bad_record, tmp_path,
                                                                        change, line, words):
    path = _tampered(bad_record, tmp_path, change.__name__, change)
    r = refusal("analyze", path, *FAST)
    assert_bad_input(r, path, f"line {line}: ", words)
    assert "P(win)" not in r.stdout


def test_strokes_past_the_end_and_an_unwritable_png_are_refused_before_work(bad_record,
                                                                           tmp_path):
    assert_bad_input(refusal("analyze", bad_record, *FAST, "--strokes", "900-999"),
                     "--strokes", "900-999", "only 1 stroke")
    assert_bad_input(refusal("analyze", bad_record, *FAST, "--png", tmp_path / "no" / "s.png"),
                     "--png", "does not exist")
    assert_bad_input(refusal("analyze", bad_record, *FAST, "--png", tmp_path), "--png",
                     "is a directory")


def test_a_simulated_record_with_a_stroke_struck_out_is_refused_at_its_line(bad_record,
                                                                           tmp_path):
    """Only a person's game (header.human) may leave its strikes out: a simulated record whose
    strike is nulled cannot switch re-simulation off (issue 23)."""
    def as_told(objs):
        objs[1]["strike"] = None
        objs[1]["outcome"].pop("events")
        del objs[2]["sha256"]
    path = _tampered(bad_record, tmp_path, "told", as_told)
    r = refusal("analyze", path, *FAST)
    assert_bad_input(r, path, "line 2: ")
    assert "P(win)" not in r.stdout


def test_a_record_of_other_physics_is_simulated_again_with_them(bad_record, tmp_path):
    """A record's physics are used to re-simulate it, never a reason to skip that: other
    physics with the default physics' resting places are refused at the first stroke that ends
    elsewhere; physics out of range are refused on the header's line."""
    def other(objs):
        objs[0]["physics"] = {"mu_roll": 0.03}
        del objs[2]["sha256"]
    path = _tampered(bad_record, tmp_path, "other", other)
    assert_bad_input(refusal("analyze", path, *FAST), path, "line 2: ")

    def out_of_range(objs):
        objs[0]["physics"] = {"mu_roll": 0.5}
        del objs[2]["sha256"]
    path = _tampered(bad_record, tmp_path, "out_of_range", out_of_range)
    assert_bad_input(refusal("analyze", path, *FAST), path, "line 1: ", "mu_roll")


# --- what a record was made with (header.provenance) -----------------------------------------
def _resealed(objs):
    """Seal the record again after a change made on purpose (its sha256 covers the header).
    The commit is taken out first: a commit made on this checkout while the tests run would
    be a difference too (a commit known on one side only is not compared)."""
    objs[0].get("provenance", {}).pop("commit", None)
    record = parse_record([json.dumps(o) for o in objs])
    objs[-1]["sha256"] = record_digest(record)


def _numpy_1(objs):
    versions = objs[0]["provenance"]["versions"]
    versions["numpy"] = "1.0.0"
    _resealed(objs)


def _running_versions():
    return current_provenance().to_json()["versions"]


def test_a_record_made_with_another_numpy_is_analysed_with_a_note_in_both_languages(
        bad_record, tmp_path):
    path = _tampered(bad_record, tmp_path, "numpy1", _numpy_1)
    mine = current_provenance().version("numpy")
    out, r = pyramid_json("analyze", path, *FAST)
    assert (f"pyramid analyze: note: the record was made with numpy 1.0.0; this is numpy "
            f"{mine}: a replay may differ") in r.stderr
    v = out["verification"]
    assert v["hash_checked"] and v["positions_replayed"] == 1  # verification still passes
    assert v["provenance"]["differ"] == [{"name": "numpy", "recorded": "1.0.0",
                                          "running": mine}]
    assert v["provenance"]["recorded"]["versions"]["numpy"] == "1.0.0"
    assert v["provenance"]["running"]["versions"] == _running_versions()
    assert "numpy 1.0.0" in v["provenance"]["note"]["en"]
    assert "numpy 1.0.0" in v["provenance"]["note"]["ru"]
    ru = pyramid("analyze", path, *FAST, "--lang", "ru")
    assert ru.returncode == 0, ru.stderr
    assert (f"pyramid analyze: примечание: запись сделана с numpy 1.0.0, а здесь numpy "
            f"{mine}") in ru.stderr
    assert "verified: 1 stroke(s), 1 replayed exactly" in ru.stderr


def test_a_record_of_the_running_versions_or_an_old_one_gets_no_note(bad_record, tmp_path):
    assert json.loads(open(bad_record).readline())["provenance"]["versions"] == \
        _running_versions()

    def old(objs):
        del objs[0]["provenance"]
        _resealed(objs)
    same = _tampered(bad_record, tmp_path, "same", _resealed)
    for path in (same, _tampered(bad_record, tmp_path, "old", old)):
        out, r = pyramid_json("analyze", path, *FAST)
        assert "made with" not in r.stderr
        assert out["verification"]["provenance"]["differ"] == []
        assert out["verification"]["provenance"]["note"] is None
    assert out["verification"]["provenance"]["recorded"] is None
    assert out["verification"]["hash_checked"]


def test_a_refused_record_of_other_versions_says_they_differ(bad_record, tmp_path):
    def moved(objs):
        _ball_moved(objs)
        _numpy_1(objs)
    path = _tampered(bad_record, tmp_path, "moved-numpy1", moved)
    assert_bad_input(refusal("analyze", path, *FAST), "line 2: ",
                     "(note: the record was made with numpy 1.0.0")
