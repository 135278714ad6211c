"""The scorekeeping session's files under abuse (issue 23): a record that cannot be written
for a while loses nothing, a name too long is refused before the first stroke, for every game
of the match."""
from __future__ import annotations

import os
import shutil

from engine import read_record, verify_record
from russian_pyramid.scorekeeping import Session, Settings, game_path
from tests.cli.clihelp import refusal


def test_a_record_that_cannot_be_written_for_a_while_loses_no_stroke(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    out: list[str] = []
    s = Session(Settings(people=["A", "B"], date="2026-12-01"), folder / "game.jsonl",
                out=out.append)
    assert s.save()
    s.handle("4 NL x")
    shutil.rmtree(folder)  # the folder goes away in the middle of the match
    s.handle("5 FR")
    assert any("Not saved" in line for line in out), out
    assert len(s.strokes) == 2  # the stroke is kept in memory
    folder.mkdir()
    s.handle("6 FL x")  # the next line writes everything again
    record = read_record(game_path(s.base, s.game_no))
    assert len(record.strokes) == 3
    verify_record(record)


def test_names_too_long_are_refused_before_the_first_stroke(tmp_path):
    long_resume = tmp_path / ("r" * 300 + ".jsonl")
    r = refusal("score", "--session", "--resume", long_resume, input="")
    assert r.returncode == 2 and "Traceback" not in r.stderr and "--resume" in r.stderr
    # the base name fits, but game 2's file name (NAME.game2.jsonl) would not
    base = tmp_path / ("g" * 245 + ".jsonl")  # 251 bytes; game 2's name: 257
    r = refusal("score", "--session", "--players", "A", "B", "--games", "2",
                "--record", base, input="")
    assert r.returncode == 2 and "Traceback" not in r.stderr and "--record" in r.stderr
    assert not os.path.exists(base)
