"""Issue 23, item 2: text and numbers checked at the edge (engine/text.py).  Every name, date
and integer the session, ``pyramid play`` and the engine take is one a record can be written
with and read back: refused with exit 2 naming the field, never a traceback."""
from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from engine.text import MAX_GAMES, MAX_NAME_CHARS, MAX_SCORE, MAX_TARGET
from russian_pyramid.cli import main
from russian_pyramid.commands.play import MAX_GAMES as MAX_PLAY_GAMES
from tests.cli.clihelp import ROOT, assert_bad_input, env, refusal


def _run(capsys, monkeypatch, *argv, stdin=""):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return rc, out, err


def test_surrogate_bytes_in_argv_are_refused_naming_the_player():
    """$'\\xff\\xfe' arrives as lone surrogates (surrogateescape): refused, not a crash
    sealing the record."""
    r = subprocess.run([sys.executable, "-m", "russian_pyramid.cli", "score", "--session", "--players",
                        b"\xff\xfe", "B", "--record", "/dev/null/x.jsonl"],
                       capture_output=True, cwd=ROOT, env=env(), timeout=120, input=b"")
    err = r.stderr.decode("utf-8", "replace")
    assert r.returncode == 2, err
    assert "Traceback" not in err and "--players[0]" in err and "surrogate" in err


@pytest.mark.parametrize("name, words", [
    ("", "is empty"), ("   ", "is empty"), ("Иван\nПётр", "U+000A"), ("A\tB", "U+0009"),
    ("A\x1b[31m", "U+001B"), ("x" * 10_000, f"at most {MAX_NAME_CHARS}"),
    ("x" * (MAX_NAME_CHARS + 1), f"at most {MAX_NAME_CHARS}"), ("A\u2028B", "U+2028"),
    ("\u202eevil", "U+202E"), ("A\x85", "U+0085"),
])
def test_bad_names_are_refused_before_anything_is_written(capsys, monkeypatch, tmp_path,
                                                          name, words):
    rec = tmp_path / "m.jsonl"
    rc, out, err = _run(capsys, monkeypatch, "score", "--session", "--players", "B", name,
                        "--record", rec)
    assert rc == 2 and "--players[1]" in err and words in err, err
    assert not rec.exists()


def test_names_are_kept_stripped_and_a_name_of_the_limit_is_taken(capsys, monkeypatch, tmp_path):
    rec = tmp_path / "m.jsonl"
    long = "Я" * MAX_NAME_CHARS
    rc, out, err = _run(capsys, monkeypatch, "score", "--session", "--players", "  Иван ", long,
                        "--record", rec, "--date", "2026-02-28", stdin="7 FL\n")
    assert rc == 0, err
    assert "Иван 7" in out
    rc, out, err = _run(capsys, monkeypatch, "analyze", rec)
    assert rc == 0, err
    header = json.loads(rec.read_text(encoding="utf-8").splitlines()[0])
    assert header["people"] == ["Иван", long] and header["date"] == "2026-02-28"


def test_the_same_name_twice_after_stripping_is_refused(capsys, monkeypatch):
    rc, out, err = _run(capsys, monkeypatch, "score", "--session", "--players", "A", " A ")
    assert rc == 2 and "--players" in err and "same name" in err


@pytest.mark.parametrize("date", ["2026-13-45", "2026-02-30", "20260101", "2026-W01-1",
                                  "yesterday", "2026-1-1", "٢٠٢٦-٠١-٠١"])
def test_a_date_that_is_not_a_real_day_is_refused(capsys, monkeypatch, date):
    rc, out, err = _run(capsys, monkeypatch, "score", "--session", "--players", "A", "B",
                        "--date", date)
    assert rc == 2 and "--date" in err, err


@pytest.mark.parametrize("flag, value, hi", [
    ("--target", "999999999999999999999999", MAX_TARGET),
    ("--target", str(MAX_TARGET + 1), MAX_TARGET), ("--target", "0", MAX_TARGET),
    ("--games", "999999999999999999999999", MAX_GAMES), ("--games", str(MAX_GAMES + 1), MAX_GAMES),
    ("--games", "2.5", MAX_GAMES), ("--target", "1e3", MAX_TARGET),
])
def test_target_and_games_are_bounded(capsys, monkeypatch, flag, value, hi):
    rc, out, err = _run(capsys, monkeypatch, "score", "--session", "--players", "A", "B",
                        flag, value)
    assert rc == 2 and flag in err and str(hi) in err, err


def test_the_largest_target_and_match_write_records_that_read_back(capsys, monkeypatch,
                                                                   tmp_path):
    rec = tmp_path / "m.jsonl"
    rc, out, err = _run(capsys, monkeypatch, "score", "--session", "--players", "A", "B",
                        "--target", MAX_TARGET, "--games", MAX_GAMES, "--record", rec,
                        stdin="7 FL\n")
    assert rc == 0, err
    rc, out, err = _run(capsys, monkeypatch, "score", "--resume", rec, stdin="")
    assert rc == 0, err


@pytest.mark.parametrize("lang, words", [("en", "integers from"), ("ru", "целые от")])
def test_a_correction_out_of_bounds_is_refused_in_the_session_language(capsys, monkeypatch,
                                                                       tmp_path, lang, words):
    rec = tmp_path / "m.jsonl"
    rc, out, err = _run(capsys, monkeypatch, "score", "--session", "--players", "A", "B",
                        "--record", rec, "--lang", lang,
                        stdin="correct 99999999999999999999999 0\n"
                              f"correct {MAX_SCORE + 1} 0\ncorrect 1.5 0\n"
                              f"correct {-MAX_SCORE} 5 typo\n")
    assert rc == 1  # three lines refused, the last taken
    assert out.count(words) == 3 and "R14.1" in out
    rc, out, err = _run(capsys, monkeypatch, "analyze", rec)
    assert rc == 0, err
    rc, out, err = _run(capsys, monkeypatch, "score", "--resume", rec, stdin="")
    assert rc == 0 and f"{-MAX_SCORE}" in out, err


def test_analyze_refuses_a_record_with_a_lone_surrogate_naming_the_line(capsys, monkeypatch,
                                                                        tmp_path):
    rec = tmp_path / "m.jsonl"
    rc, out, err = _run(capsys, monkeypatch, "score", "--session", "--players", "Ann", "Bob",
                        "--record", rec, stdin="7 FL\n")
    assert rc == 0, err
    text = rec.read_text(encoding="utf-8")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(text.replace('"Ann"', '"\\ud800"'), encoding="utf-8")
    for argv in (("analyze", bad), ("score", "--resume", bad)):
        rc, out, err = _run(capsys, monkeypatch, *argv)
        assert rc == 2 and "line 1" in err and "surrogate" in err, err


@pytest.mark.parametrize("field, value", [("people", ["Ann", "A\nB"]),
                                          ("date", "2026-13-45")])
def test_analyze_refuses_a_header_name_or_date_naming_the_field(capsys, monkeypatch, tmp_path,
                                                                field, value):
    rec = tmp_path / "m.jsonl"
    rc, out, err = _run(capsys, monkeypatch, "score", "--session", "--players", "Ann", "Bob",
                        "--record", rec, stdin="7 FL\n")
    lines = rec.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header[field] = value
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n", encoding="utf-8")
    rc, out, err = _run(capsys, monkeypatch, "analyze", bad)
    assert rc == 2 and f"line 1: header.{field}" in err, err


def test_play_games_is_bounded_and_refused_at_once():
    r = refusal("play", "--games", "100000000000000000000000", "--record", "x.jsonl",
                timeout=60)
    assert_bad_input(r, "--games", str(MAX_PLAY_GAMES))
    r = refusal("play", "--games", MAX_PLAY_GAMES + 1, timeout=60)
    assert_bad_input(r, "--games")
