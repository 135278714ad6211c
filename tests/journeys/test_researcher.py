"""The researcher's journey (issue 51), commands as docs/USAGE.md and docs/AGENTS.md write them:
an agent of one's own in a file (russian_pyramid/examples/my_agent.py copied, as one starts), a tournament
against ``greedy`` with every game's record, one game played again from the results file
(``--replay``), and the table again from the file (``--report``).  (A record's analysis is
the analyst's journey, test_analyst.py.)

Reduced: 2 games (``--games 2``), at most 60 strokes a game (``--max-strokes 60``), one worker
(``--jobs 1``)."""
from __future__ import annotations

import json
import shutil

from engine import read_record, verify_record
from tests.cli.clihelp import ROOT, pyramid

AGENT = "my_agent.py:EasiestPot"
GAMES, STROKES = 2, 60


def _the_game(path) -> list[dict]:
    """A record's lines without what depends on the machine: the header's provenance (the
    commit, the platform), each decision's seconds, and the result's hash over them."""
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    lines[0].pop("provenance", None)
    for line in lines[1:-1]:
        line.get("story", {}).pop("decision_s", None)
    lines[-1].pop("sha256", None)
    return lines


def test_a_researcher_runs_an_own_agent_in_a_tournament(tmp_path):
    shutil.copy(ROOT / "russian_pyramid" / "examples" / "my_agent.py", tmp_path / "my_agent.py")
    # the tournament, with every game's record
    r = pyramid("tournament", "--agents", AGENT, "greedy", "--games", GAMES, "--max-strokes",
                STROKES, "--jobs", 1, "--out", "r.jsonl", "--records", "games",
                "--no-progress", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert f"{GAMES} games ({GAMES} played now" in r.stdout, r.stdout
    table = r.stdout[:r.stdout.index(f"{GAMES} games (")]
    assert "my_agent.py:EasiestPot" in table and "greedy" in table
    results = [json.loads(x) for x in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert len(results) == 1 + GAMES and not any("error" in g for g in results[1:])
    records = sorted((tmp_path / "games").iterdir())
    assert [p.name for p in records] == [
        f"game-{g:04d}-my_agent.py_EasiestPot-vs-greedy.jsonl" for g in range(GAMES)]
    for path, line in zip(records, results[1:]):  # each record verifies: it is the game played
        check = verify_record(read_record(path))
        assert check.hash_checked and check.strokes == line["n_strokes"]
    # one game again from its seeds: the same game as the file's line, stroke for stroke;
    # the file names code (the agent's file), run again only when the researcher says so
    r = pyramid("tournament", "--replay", "r.jsonl", "--game", 1, "--records", "again",
                cwd=tmp_path)
    assert r.returncode == 2 and "my_agent.py:EasiestPot" in r.stderr \
        and "--trust-agents" in r.stderr and not (tmp_path / "again").exists(), r.stderr
    r = pyramid("tournament", "--replay", "r.jsonl", "--game", 1, "--records", "again",
                "--trust-agents", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "the same game as the results file's line" in r.stderr, r.stderr
    again = tmp_path / "again" / records[1].name
    assert _the_game(again) == _the_game(records[1])
    # the table from the file alone: plays nothing, the same table
    r = pyramid("tournament", "--report", "--out", "r.jsonl", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert f"{GAMES} of {GAMES} games in r.jsonl (nothing played)" in r.stdout
    assert r.stdout.startswith(table), (table, r.stdout)
