"""No traceback for what a user can do (issue 51, item 6): an agent class that raises in
``__init__`` (play, tournament), ``{"id":1,"cmd":[]}`` to the engine ("internal error
(TypeError)"), ``score --session --resume`` of a resealed record with a malformed
``match_so_far`` (``KeyError``), ``play --png-dir`` on a full disk (reported as an "internal
failure" that stopped the game), a replayed game that fails ("not deterministic?"); and the
last resort for what is left: any other exception is a failure of the program, said in one
line with exit 1, its traceback kept in a file (``PYRAMID_DEBUG=1``: printed).  The board's
(a certificate, Ctrl-C) are in tests/russian_pyramid/test_board_start_and_stop.py."""
from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from engine import files
from engine.record import read_record, write_record
from russian_pyramid.commands import engine, score

from .clihelp import FAILING, ROOT, assert_refused, run_main

RAISES_IN_INIT = '''
class Broken:
    name = "broken"

    def __init__(self):
        raise RuntimeError("boom in init")

    def decide(self, state, rng):
        raise AssertionError("never")
'''


@pytest.fixture
def broken_agent(tmp_path) -> str:
    path = tmp_path / "broken.py"
    path.write_text(RAISES_IN_INIT)
    return f"{path}:Broken"


def test_an_agent_that_fails_to_start_is_refused_naming_it(broken_agent, tmp_path):
    code, _, err = run_main("play", "--agent-a", broken_agent, "--agent-b", "random")
    assert_refused(code, err, "--agent-a", "failed to start", "RuntimeError: boom in init")
    code, _, err = run_main("tournament", "--agents", "random", broken_agent,
                            "--out", tmp_path / "r.jsonl")
    assert_refused(code, err, "--agents", "failed to start", "boom in init")
    assert not (tmp_path / "r.jsonl").exists()


@pytest.mark.parametrize("cmd", [[], {"a": 1}, 5, None])
def test_the_engine_answers_a_cmd_that_is_not_a_name_as_bad_input(cmd):
    out = io.StringIO()
    engine.serve(io.StringIO(json.dumps({"id": 1, "cmd": cmd}) + "\n"), out)
    answer = json.loads(out.getvalue().splitlines()[1])
    assert answer["id"] == 1 and answer["ok"] is False
    assert answer["error"].startswith(f"cmd = {cmd!r} is not a command; known: suggest")
    assert "internal error" not in answer["error"]


def _resealed(tmp_path, **header) -> Path:
    """The example session's record with header fields changed and sealed again (its
    integrity hash recomputed, as anyone can): game 2 of a match of 2."""
    record = read_record(ROOT / "russian_pyramid" / "examples" / "session_game.jsonl")
    record.header.update(games_to_play=2, game=2, **header)
    record.header["session"] = {**record.header["session"], "games": 2}
    path = tmp_path / "m.game2.jsonl"
    write_record(path, record)
    return path


@pytest.mark.parametrize("done,words", [
    ([{"game": 1}], ["match_so_far[0]", "not a finished game"]),
    ([{"game": 1, "result": {"winner": 7}, "scores": [71, 3]}],
     ["match_so_far[0].result.winner = 7"]),
    ([{"game": 1, "result": {"draw": True}, "scores": "71-3"}], ["match_so_far[0].scores"]),
    ([{"game": 5, "result": {"draw": True}, "scores": [1, 2]}], ["match_so_far[0].game = 5"]),
    ("x", ["match_so_far = 'x'"]),
])
def test_resume_refuses_a_malformed_match_so_far_naming_it(tmp_path, done, words):
    path = _resealed(tmp_path, match_so_far=done)
    before = path.read_bytes()
    code, _, err = run_main("score", "--resume", path, stdin="")
    assert_refused(code, err, "--resume", *words)
    assert path.read_bytes() == before


def test_resume_takes_a_well_formed_match_so_far(tmp_path):
    path = _resealed(tmp_path, match_so_far=[{"game": 1, "result": {"winner": 0},
                                              "scores": [71, 12]}])
    code, out, err = run_main("score", "--resume", path, stdin="")
    assert code == 0, err
    assert "1: " in out and "71-12" in out  # the match's line names game 1 and its score


def test_a_full_disk_under_png_dir_stops_the_pictures_not_the_game(tmp_path, monkeypatch):
    """The disk fills while the pictures are drawn: said once, no more pictures, the game
    played to its end and recorded (exit 2), never "stopped by an internal failure"."""
    write = files.write_atomic

    def full_for_pictures(path, data, label="output"):
        if str(path).endswith(".png"):
            raise files.OutputFileError(f"cannot write {label} {str(path)!r}: No space left "
                                        f"on device")
        return write(path, data, label)
    monkeypatch.setattr(files, "write_atomic", full_for_pictures)
    code, out, err = run_main("play", "--agent-a", "random", "--agent-b", "random", "--seed",
                              "3", "--max-strokes", "3", "--record", tmp_path / "g.jsonl",
                              "--png-dir", tmp_path / "png")
    assert code == 2, err
    assert "No space left on device" in err and err.count("no more pictures") == 1
    assert "internal failure" not in err and "Traceback" not in err
    record = read_record(tmp_path / "g.jsonl")
    assert len(record.strokes) == 3 and record.result["unfinished"] is True  # the stroke cap


def test_a_replayed_game_that_fails_says_so(tmp_path):
    agent = tmp_path / "fragile.py"
    agent.write_text(FAILING)
    header = {"type": "tournament", "version": 1, "agents": [f"{agent}:Fragile", "random"],
              "games": 1, "seed": 3, "call_mode": "exact", "table": "pyramid-12ft",
              "skill": 1.0, "max_strokes": 20}
    results = tmp_path / "r.jsonl"
    results.write_text(json.dumps(header) + "\n")
    code, _, err = run_main("tournament", "--replay", results, "--game", "0",
                            "--trust-agents")
    assert code == 1 and "failed when played again" in err and "boom in my agent" in err
    assert "not deterministic" not in err and "Traceback" not in err


def _fails_inside(monkeypatch):
    def broken(path, flag=None):
        raise RuntimeError("an unexpected fault")
    monkeypatch.setattr(score, "read_json", broken)


def test_an_unexpected_exception_is_a_failure_of_the_program(tmp_path, monkeypatch):
    _fails_inside(monkeypatch)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("PYRAMID_DEBUG", raising=False)
    code, _, err = run_main("score", ROOT / "russian_pyramid" / "examples" / "score_pot.json")
    assert code == 1 and "Traceback" not in err
    assert "internal error (RuntimeError: an unexpected fault)" in err
    assert "a failure of the program, not of its input" in err and "PYRAMID_DEBUG=1" in err
    (kept,) = (tmp_path / "cache" / "russian-pyramid" / "failures").iterdir()
    assert str(kept) in err
    details = kept.read_text()
    assert details.startswith("Traceback") and "an unexpected fault" in details
    assert "read_json" in details


def test_pyramid_debug_prints_the_traceback(tmp_path, monkeypatch):
    _fails_inside(monkeypatch)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("PYRAMID_DEBUG", "1")
    code, _, err = run_main("score", ROOT / "russian_pyramid" / "examples" / "score_pot.json")
    assert code == 1 and err.startswith("Traceback") and "an unexpected fault" in err
    assert "a failure of the program" in err
    assert not os.path.exists(tmp_path / "cache")
