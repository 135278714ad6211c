"""The tournament results file (ai/games/results_file.py): one writer at a time, a torn last
line cut off, every game line checked against the header with its line number, and the
strength table refusing (never a KeyError) a line without what it reads."""
from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ai.games.results_file import (LOCK_SUFFIX, ResultsFile, ResultsFileError,
                                   check_game_line, config_line)
from ai.games.tournament import strength_table
from tests.jsonpaths import json_paths

ROOT = Path(__file__).resolve().parents[3]
SPECS = ["random", "greedy", "random:name=r3"]
GAMES = 2
CONFIG = config_line(SPECS, GAMES, 5, call_mode="exact", table="pyramid-12ft", skill=0.0,
                     max_strokes=40)
PAIRS = [(0, 1), (0, 2), (1, 2)]


def game_line(pair: int, game: int, **changes) -> dict:
    """A game line as ``run_task`` writes it."""
    i, j = PAIRS[pair]
    line = {"type": "game", "pair": pair, "game": game, "agents": [i, j],
            "specs": [SPECS[i], SPECS[j]], "breaker": game % 2,
            "result": {"winner": 0, "rule": "R9.1"}, "unfinished": False, "scores": [72, 40],
            "stats": {"strokes": [10, 8], "visits": [4, 4], "points": [72, 40],
                      "attacks": [9, 7], "pots": [6, 3], "fouls": [1, 2], "safeties": [1, 0],
                      "deliberate_fouls": [0, 0]},
            "break_and_run": False, "n_strokes": 18, "elapsed_s": 0.5}
    line.update(changes)
    return line


def write(path: Path, lines: list) -> None:
    path.write_text("".join((x if isinstance(x, str) else json.dumps(x)) + "\n"
                            for x in lines))


def all_games() -> list[dict]:
    return [game_line(p, g) for p in range(3) for g in range(GAMES)]


# --- one writer -------------------------------------------------------------------------------
def test_a_second_writer_is_refused_at_once_and_the_file_stays_whole(tmp_path):
    path = tmp_path / "t.jsonl"
    with ResultsFile(path, CONFIG, resume=False) as first:
        lock = Path(str(path) + LOCK_SUFFIX)
        assert lock.read_text().strip() == str(os.getpid())
        t0 = time.monotonic()
        for resume in (False, True):  # a fresh start and a resume alike
            with pytest.raises(ResultsFileError, match=rf"is in use by another tournament "
                                                       rf"\(pid {os.getpid()}\)"):
                ResultsFile(path, CONFIG, resume=resume)
        assert time.monotonic() - t0 < 2.0  # refused, not waited for
        first.append(game_line(0, 0))
    assert not lock.exists()  # released and removed
    lines = path.read_text().splitlines()
    assert len(lines) == 2 and json.loads(lines[0]) == CONFIG  # one header, one game
    with ResultsFile(path, CONFIG, resume=True) as again:
        assert [(o["pair"], o["game"]) for o in again.done] == [(0, 0)]


HOLDER = """
import sys, time
from ai.games.results_file import ResultsFile
from tests.ai.games.test_tournament_file import CONFIG
with ResultsFile(sys.argv[1], CONFIG, resume=False):
    print("holding", flush=True)
    time.sleep(60)
"""


def test_a_writer_in_another_process_holds_the_file(tmp_path):
    path = tmp_path / "t.jsonl"
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "holding"
        with pytest.raises(ResultsFileError, match=rf"in use by another tournament "
                                                   rf"\(pid {proc.pid}\)"):
            ResultsFile(path, CONFIG, resume=True)
        with pytest.raises(ResultsFileError, match="in use"):
            ResultsFile(path, CONFIG, resume=False)
    finally:
        proc.kill()  # SIGKILL: the kernel drops the lock with the process
        proc.wait(timeout=30)
    assert path.read_text().count('"type": "tournament"') == 1  # no second header
    with ResultsFile(path, CONFIG, resume=True) as again:  # a killed holder leaves no lock
        assert again.done == []


def test_a_fresh_start_on_an_existing_file_is_refused(tmp_path):
    path = tmp_path / "t.jsonl"
    write(path, [CONFIG, game_line(0, 0)])
    with pytest.raises(ResultsFileError, match="already exists; use --resume"):
        ResultsFile(path, CONFIG, resume=False)
    assert len(path.read_text().splitlines()) == 2


def test_a_torn_last_line_is_cut_off_on_resume(tmp_path):
    path = tmp_path / "t.jsonl"
    write(path, [CONFIG, game_line(0, 0)])
    with open(path, "ab") as fh:
        fh.write(b'{"type": "game", "pair": 0, "ga')  # a write torn by SIGKILL
    with ResultsFile(path, CONFIG, resume=True) as f:
        assert len(f.done) == 1
        f.append(game_line(0, 1))
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    assert [x.get("game") for x in lines] == [None, 0, 1]


# --- every line checked ---------------------------------------------------------------------
def _without(key):
    line = game_line(0, 1)
    del line[key]
    return line


def _stats_without(key):
    line = game_line(0, 1)
    del line["stats"][key]
    return line


BAD_LINES = [
    (_without("stats"), "stats is missing"),
    (_without("breaker"), "breaker is missing"),
    (_stats_without("fouls"), "stats.fouls = None"),
    (game_line(0, 1, n_strokes="18"), "n_strokes = '18'"),
    (game_line(0, 1, unfinished="no"), "unfinished = 'no'"),
    (game_line(0, 1, breaker=True), "breaker = True"),
    (game_line(0, 1, scores=[72]), "scores = [72]"),
    (game_line(0, 1, result={"winner": 7}), "result.winner = 7"),
    (game_line(0, 1, result={"rule": "R9.1"}), "neither a winner nor a draw"),
    (game_line(0, 1, result={"winner": 0, "placings": 3}), "result.placings = 3"),
    (game_line(0, 99), "game = 99 is not a planned game: the header plans 0..1"),
    (game_line(0, -1), "game = -1"),
    ({**game_line(0, 1), "pair": 7}, "pair = 7 is not a pairing of 3 agents"),
    (game_line(0, 1, agents=[1, 0]), "agents = [1, 0]"),
    (game_line(0, 1, specs=["random", "mc"]), "specs = ['random', 'mc']"),
    (game_line(0, 1, stats={**game_line(0, 1)["stats"], "strokes": [1, 1]}),
     "does not add up to n_strokes = 18"),
    (game_line(0, 1, error=""), "error = ''"),
    ({"type": "note"}, "is not a game line"),
    ('{"type": "game", "pair": 0, "pair": 1}', "has the key 'pair' twice"),
    ('{"type": "game", "elapsed_s": NaN}', "NaN"),
    ("[[[[[[[[[[" * 10 + "]]]]]]]]]]" * 10, "nests deeper"),
    ("not json", "is not valid JSON"),
]


@pytest.mark.parametrize("bad, words", BAD_LINES, ids=[w for _, w in BAD_LINES])
def test_a_bad_line_is_refused_on_resume_with_its_line_number(tmp_path, bad, words):
    path = tmp_path / "t.jsonl"
    write(path, [CONFIG, game_line(0, 0), bad, game_line(1, 0)])
    before = path.read_bytes()
    with pytest.raises(ResultsFileError) as info:
        ResultsFile(path, CONFIG, resume=True)
    assert "line 3" in str(info.value) and words in str(info.value), str(info.value)
    assert path.read_bytes() == before  # nothing written after a refusal
    assert not Path(str(path) + LOCK_SUFFIX).exists()  # and the lock released


def test_a_duplicated_game_is_refused_naming_both_lines(tmp_path):
    path = tmp_path / "t.jsonl"
    write(path, [CONFIG, game_line(0, 0), game_line(1, 0), game_line(0, 0)])
    with pytest.raises(ResultsFileError, match=r"line 4: pair 0 game 0 is already on line 2"):
        ResultsFile(path, CONFIG, resume=True)


def test_a_header_of_another_version_or_tournament_is_refused(tmp_path):
    path = tmp_path / "t.jsonl"
    write(path, [dict(CONFIG, version=99)])
    with pytest.raises(ResultsFileError, match="version is 99 there, 1 now"):
        ResultsFile(path, CONFIG, resume=True)
    write(path, [dict(CONFIG, players=7)])
    with pytest.raises(ResultsFileError, match="line 1: 'players' is not a field"):
        ResultsFile(path, CONFIG, resume=True)
    write(path, [{"type": "game"}])
    with pytest.raises(ResultsFileError, match="line 1 is not a tournament header"):
        ResultsFile(path, CONFIG, resume=True)


def test_a_failed_game_needs_only_its_error():
    line = {"type": "game", "pair": 2, "game": 1, "agents": [1, 2],
            "specs": ["greedy", "random:name=r3"], "error": "ValueError: boom"}
    check_game_line(line, SPECS, GAMES, "line 9")


# --- the strength table -----------------------------------------------------------------------
def test_the_strength_table_refuses_a_bad_line_instead_of_a_key_error():
    lines = all_games()
    table = strength_table(SPECS, copy.deepcopy(lines), ci="fisher")
    assert table["games"] == 6 and {r["agent"] for r in table["table"]} == set(SPECS)
    broken = copy.deepcopy(lines)
    del broken[4]["stats"]
    with pytest.raises(ResultsFileError, match="game line 5: stats is missing"):
        strength_table(SPECS, broken)
    with pytest.raises(ResultsFileError, match="game line 7: pair 0 game 0 is counted twice"):
        strength_table(SPECS, lines + [game_line(0, 0)])
    with pytest.raises(ResultsFileError, match="game line 1: pair = 3"):
        strength_table(SPECS, [{**game_line(0, 0), "pair": 3}])


# --- fuzz: a damaged line is refused, never a crash ---------------------------------------------
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False,
                                                                    allow_infinity=False)
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                               max_size=3),
    max_leaves=6)


PATHS = [p for p, _ in json_paths(game_line(1, 1)) if p]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(PATHS), value=JSON_VALUES, delete=st.booleans())
def test_a_damaged_line_is_refused_or_counted_never_a_crash(path, value, delete):
    """Any one field of a game line replaced by any JSON value (or deleted): the line checker
    refuses it with ResultsFileError, or the strength table reads it without an error."""
    line = game_line(1, 1)
    parent = line
    for key in path[:-1]:
        parent = parent[key]
    if delete and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    try:
        check_game_line(line, SPECS, GAMES, "line 7")
    except ResultsFileError as exc:
        assert str(exc).startswith("line 7")
        return
    table = strength_table(SPECS, [line])
    assert table["games"] + len(table["errors"]) == 1
