"""A user's file is never destroyed without a word (issue 51, item 4): an output that is an
input of the same command (``analyze g.jsonl --html g.jsonl`` made the record a page), two
outputs on one file, an empty output path (it meant "no output", exit 0), a path ending in
``/`` (``--record DIR/t.out/`` wrote ``DIR/t.out``), an existing record replaced by ``play
--record`` or ``score --session --record`` without ``--force``.  Each: exit 2, the flag and
the path named, no traceback, nothing written.  All refused before any compiling, in this
process (:func:`clihelp.run_main`)."""
from __future__ import annotations

import shutil

import pytest

from russian_pyramid.app.play import match_terms
from russian_pyramid.app.common import noise_model

from .clihelp import ROOT, assert_refused, run_main

EXAMPLES = ROOT / "russian_pyramid" / "examples"


@pytest.fixture
def record(tmp_path):
    """A scorekeeping session's record (a human game: analysed without a search)."""
    path = tmp_path / "g.jsonl"
    shutil.copy(EXAMPLES / "session_game.jsonl", path)
    return path


@pytest.mark.parametrize("flag", ["--html", "--png", "--summary-png"])
def test_analyze_does_not_write_over_its_record(record, flag, tmp_path, monkeypatch):
    before = record.read_bytes()
    code, _, err = run_main("analyze", record, flag, record)
    assert_refused(code, err, flag, "same file as RECORD.jsonl")
    monkeypatch.chdir(tmp_path)  # another spelling of the same file
    code, _, err = run_main("analyze", "g.jsonl", flag, "./g.jsonl")
    assert_refused(code, err, flag, "same file")
    assert record.read_bytes() == before


def test_analyze_does_not_write_over_a_hard_link_to_its_record(record, tmp_path):
    (tmp_path / "other.html").hardlink_to(record)
    code, _, err = run_main("analyze", record, "--html", tmp_path / "other.html")
    assert_refused(code, err, "--html", "same file")


def test_two_outputs_on_one_file_are_refused(record, tmp_path):
    code, _, err = run_main("analyze", record, "--png", tmp_path / "a.png",
                            "--summary-png", tmp_path / "a.png")
    assert_refused(code, err, "--summary-png", "same file as --png")
    assert not (tmp_path / "a.png").exists()


@pytest.mark.parametrize("command,example", [("simulate", "break.json"),
                                             ("suggest", "suggest_open.json")])
def test_a_picture_is_not_drawn_over_the_position(command, example, tmp_path):
    shot = tmp_path / example
    shutil.copy(EXAMPLES / example, shot)
    code, _, err = run_main(command, shot, "--png", shot)
    assert_refused(code, err, "--png", "same file")
    assert shot.read_bytes() == (EXAMPLES / example).read_bytes()


def test_the_tournament_plot_is_not_drawn_over_the_results(tmp_path):
    results = tmp_path / "r.jsonl"
    results.write_text("{}\n")
    code, _, err = run_main("tournament", "--report", "--out", results, "--plot", results)
    assert_refused(code, err, "--plot", "same file as --out")
    assert results.read_text() == "{}\n"


@pytest.mark.parametrize("args", [
    ("analyze", "RECORD", "--html", ""),
    ("analyze", "RECORD", "--png", ""),
    ("simulate", EXAMPLES / "break.json", "--png", ""),
    ("suggest", EXAMPLES / "suggest_open.json", "--png", ""),
    ("play", "--record", "", "--agent-a", "random", "--agent-b", "random"),
    ("play", "--png-dir", "", "--agent-a", "random", "--agent-b", "random"),
    ("score", "--session", "--players", "A", "B", "--record", ""),
    ("tournament", "--agents", "random", "greedy", "--records", "", "--out", "OUT"),
], ids=lambda a: " ".join(map(str, a[:1] + a[-4:])))
def test_an_empty_output_path_is_refused(args, record, tmp_path, monkeypatch):
    """``--png ""`` meant no output and exit 0 (``--records ""`` played the tournament into
    the current folder): now the flag is named and nothing runs."""
    monkeypatch.chdir(tmp_path)
    args = [record if a == "RECORD" else tmp_path / "r.jsonl" if a == "OUT" else a
            for a in args]
    code, _, err = run_main(*args, stdin="")
    assert_refused(code, err, "empty")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.jsonl"]  # nothing written


@pytest.mark.parametrize("args", [
    ("play", "--agent-a", "random", "--agent-b", "random", "--record"),
    ("score", "--session", "--players", "A", "B", "--record"),
], ids=lambda a: a[0])
def test_a_record_path_ending_in_a_slash_is_refused(args, tmp_path):
    code, _, err = run_main(*args, f"{tmp_path}/t.out/", stdin="")
    assert_refused(code, err, "--record", "t.out/")
    assert not (tmp_path / "t.out").exists()


def test_score_session_does_not_replace_an_old_record(record):
    before = record.read_bytes()
    code, _, err = run_main("score", "--session", "--players", "A", "B", "--record", record,
                            stdin="")
    assert_refused(code, err, "--record", "already exists", "--force")
    assert record.read_bytes() == before


def test_score_session_does_not_replace_a_later_game_of_an_old_match(tmp_path, record):
    """A match of 2 games writes FILE.game2.jsonl when game 2 starts: one there already is
    refused at the start, not replaced an hour later."""
    shutil.copy(record, tmp_path / "new.game2.jsonl")
    code, _, err = run_main("score", "--session", "--players", "A", "B", "--games", "2",
                            "--record", tmp_path / "new.jsonl", stdin="")
    assert_refused(code, err, "new.game2.jsonl", "already exists")
    assert not (tmp_path / "new.jsonl").exists()


def test_score_session_replaces_an_old_record_with_force(record):
    code, _, err = run_main("score", "--session", "--players", "A", "B", "--record", record,
                            "--force", stdin="")
    assert code == 0, err
    assert '"A"' in record.read_text() and "Traceback" not in err


def test_play_does_not_replace_an_old_record(record, tmp_path):
    before = record.read_bytes()
    code, _, err = run_main("play", "--agent-a", "random", "--agent-b", "random",
                            "--record", record)
    assert_refused(code, err, "--record", "already exists", "--force")
    shutil.copy(record, tmp_path / "m-g2.jsonl")  # a match: each game's file is checked
    code, _, err = run_main("play", "--agent-a", "random", "--agent-b", "random",
                            "--games", "2", "--record", tmp_path / "m.jsonl")
    assert_refused(code, err, "m-g2.jsonl", "already exists")
    assert record.read_bytes() == before and not (tmp_path / "m-g1.jsonl").exists()


def test_play_takes_an_old_record_with_force_and_an_empty_file(record, tmp_path):
    """The terms (checked before any game) accept an old record with ``--force``, and an empty
    file (``mktemp``'s) without it."""
    skills = [noise_model("strong", "--skill")] * 2
    terms = match_terms(["random", "random"], skills, "two-player", "exact", "pyramid-12ft",
                        None, None, 1, 10, str(record), force=True)
    assert terms.record_path(0) == record
    (tmp_path / "empty.jsonl").write_text("")
    match_terms(["random", "random"], skills, "two-player", "exact", "pyramid-12ft", None,
                None, 1, 10, str(tmp_path / "empty.jsonl"))


def test_play_does_not_record_over_its_own_agent_or_handicap(tmp_path):
    """Even with ``--force``: the agent's file and the handicap's are inputs of the match."""
    agent = tmp_path / "my_agent.py"
    shutil.copy(EXAMPLES / "my_agent.py", agent)
    code, _, err = run_main("play", "--agent-a", f"{agent}:EasiestPot", "--agent-b", "random",
                            "--record", agent, "--force")
    assert_refused(code, err, "--record", "same file as --agent-a")
    handicap = tmp_path / "h.json"
    handicap.write_text('{"kind": "points", "receiver": 1, "points": 10}')
    code, _, err = run_main("play", "--agent-a", "random", "--agent-b", "random", "--handicap",
                            handicap, "--record", handicap, "--force")
    assert_refused(code, err, "--record", "same file as --handicap")
    assert agent.read_bytes() == (EXAMPLES / "my_agent.py").read_bytes()
