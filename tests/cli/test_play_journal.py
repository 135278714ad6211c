"""``pyramid play --record`` as a journal (issue 23): each stroke is in the file as soon as it
is played, so ``kill -9`` loses at most the stroke in flight, and the file left behind reads
and verifies as an interrupted game (a torn last line named, not refused)."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from ai.games.records import verified
from engine.files import Journal, OutputFileError
from engine.record import parse_record, read_record
from engine.story import story_of
from engine.verify import RecordRefused, verify_record

from .clihelp import assert_bad_input, env, pyramid, refusal


def _stroke_lines(path) -> int:
    try:
        text = path.read_text()
    except FileNotFoundError:
        return 0
    return sum(1 for line in text.split("\n")[:-1] if '"type": "stroke"' in line)


@pytest.fixture(scope="module")
def killed(tmp_path_factory):
    """A journal left by ``kill -9`` after at least 3 strokes, and the count seen before."""
    rec = tmp_path_factory.mktemp("journal") / "game.jsonl"
    p = subprocess.Popen([sys.executable, "-m", "russian_pyramid.cli", "play", "--agent-a", "greedy",
                          "--agent-b", "random", "--seed", "5", "--max-strokes", "40",
                          "--record", str(rec)], stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True, env=env())
    try:
        deadline = time.monotonic() + 240
        k = 0
        while time.monotonic() < deadline and p.poll() is None:
            k = _stroke_lines(rec)
            if k >= 3:
                break
            time.sleep(0.02)
        assert k >= 3, (k, p.poll())
        os.kill(p.pid, signal.SIGKILL)
        p.wait(timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert p.returncode == -signal.SIGKILL
    return rec, k


def test_kill_9_leaves_the_header_and_the_strokes_played(killed):
    rec, k = killed
    text = rec.read_text()
    lines = [line for line in text.split("\n") if line]
    assert json.loads(lines[0])["type"] == "header" and json.loads(lines[0])["journal"] is True
    record = parse_record(text)
    assert record.result is None and record.is_journal
    assert len(record.strokes) >= k
    # each journal line is the record's stroke line, its story included (issue 27)
    assert all(story_of(s.extra).intended_strike is not None for s in record.strokes)
    check = verified(record).check  # every complete stroke simulated again
    # every stroke line sealed as it was written, with the lines before it (issue 51)
    assert check.interrupted and check.unfinished and check.hash_checked
    assert all(seal is not None for _line, seal, _expected in record.line_seals)
    assert check.strokes == len(record.strokes) == check.positions_replayed
    assert any("interrupted" in n for n in check.notes())
    assert verify_record(read_record(rec)).interrupted


def test_a_torn_last_line_is_named_not_refused(killed, tmp_path):
    rec, _k = killed
    text = rec.read_text()
    if not text.endswith("\n"):  # killed in the middle of a line already
        text = text[:text.rfind("\n") + 1]
    lines = text.split("\n")[:-1]
    torn = tmp_path / "torn.jsonl"
    torn.write_text(text + lines[-1][:len(lines[-1]) // 2])  # a partial line, no "\n"
    record = read_record(torn)
    assert record.torn_line == len(lines) + 1
    assert len(record.strokes) == len(lines) - 1
    check = verified(record).check
    assert check.interrupted and check.torn_line == len(lines) + 1
    assert any(f"line {len(lines) + 1} was torn" in n for n in check.notes())
    r = pyramid("analyze", torn, "--agent", "random", "--samples", "1", "--strokes", "1-1")
    assert r.returncode == 0, r.stderr
    assert "interrupted" in r.stderr and f"line {len(lines) + 1} was torn" in r.stderr
    # a torn line in the middle, or one ending with "\n", is refused as before
    middle = tmp_path / "middle.jsonl"
    middle.write_text("\n".join(lines[:2] + [lines[2][:40]] + lines[3:]) + "\n")
    assert_bad_input(refusal("analyze", middle, "--agent", "random"), "line 3")


def test_a_record_cut_short_without_the_mark_is_still_refused(killed, tmp_path):
    rec, _k = killed
    lines = [line for line in rec.read_text().split("\n")[:-1]]
    header = json.loads(lines[0])
    del header["journal"]
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n")
    with pytest.raises(RecordRefused, match="cut short"):
        verify_record(read_record(cut))
    # nor is a torn last line read in a record that is not a journal
    cut.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n" + lines[1][:30])
    with pytest.raises(Exception, match=f"line {len(lines) + 1}"):
        read_record(cut)


def test_a_finished_game_writes_the_whole_sealed_record_without_the_mark(tmp_path):
    rec = tmp_path / "g.jsonl"
    r = pyramid("play", "--agent-a", "greedy", "--agent-b", "random", "--seed", "3",
                "--max-strokes", "6", "--quiet", "--record", rec)
    assert r.returncode == 0, r.stderr
    record = read_record(rec)
    assert "journal" not in record.header and record.result is not None
    assert record.result["sha256"] == record.digest
    assert not verified(record).check.interrupted


def test_journal_refuses_what_is_not_a_regular_file(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    os.symlink(tmp_path / "x", tmp_path / "link")
    for name in ("fifo", "link"):
        with pytest.raises(OutputFileError):
            Journal(tmp_path / name, "--record")
    with pytest.raises(OutputFileError, match="does not exist"):
        Journal(tmp_path / "no" / "f.jsonl", "--record")
    path = tmp_path / "j.jsonl"
    path.write_text("old content\n")
    with Journal(path, "--record") as j:  # emptied, then one line at a time
        j.append('{"a": 1}')
        assert path.read_text() == '{"a": 1}\n'
        j.append('{"b": 2}')
    assert path.read_text() == '{"a": 1}\n{"b": 2}\n'


def test_journal_append_is_cheap(tmp_path):
    line = json.dumps({"x": "y" * 6000})  # a stroke line's size
    with Journal(tmp_path / "j.jsonl") as j:
        t0 = time.perf_counter()
        for _ in range(20):
            j.append(line)
        per_line = (time.perf_counter() - t0) / 20
    assert per_line < 0.05, per_line  # far below a stroke's simulation and decision
