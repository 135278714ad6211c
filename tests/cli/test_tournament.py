"""``pyramid tournament`` end to end: SIGKILL and resume, determinism across workers and
backends, bad input."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from .clihelp import ROOT, assert_bad_input, env, pyramid, pyramid_json, refusal

AGENTS = ["random", "random:name=r2", "random:name=r3"]
GAMES = 3  # per pairing: 9 games
COMMON = ["--agents", *AGENTS, "--games", str(GAMES), "--seed", "5", "--max-strokes", "40",
          "--bootstrap", "50"]
N_TOTAL = 3 * GAMES


def game_lines(path) -> list[dict]:
    out = []
    for line in path.read_text().splitlines():
        obj = json.loads(line)
        if obj["type"] == "game":
            obj.pop("elapsed_s", None)  # the machine's speed, not the game
            obj.pop("decision_s", None)
            out.append(obj)
    return out


def canonical(lines) -> list[str]:
    return sorted(json.dumps(x, sort_keys=True) for x in lines)


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The tournament run uninterrupted with one worker."""
    path = tmp_path_factory.mktemp("ref") / "ref.jsonl"
    out, r = pyramid_json("tournament", *COMMON, "--jobs", "1", "--out", path)
    assert out["games"] + len(out["errors"]) == N_TOTAL
    return path, out


def test_help():
    r = pyramid("tournament", "--help")
    assert r.returncode == 0 and "--resume" in r.stdout and "--backend" in r.stdout


def test_strength_table(reference):
    path, out = reference
    rows = out["table"]
    assert [r["agent"] for r in rows] and sorted(r["agent"] for r in rows) == sorted(AGENTS)
    for r in rows:
        assert r["games"] == 2 * GAMES
        assert r["wins"] + r["draws"] + r["losses"] == r["games"]
        lo, hi = r["rating_ci95"]
        assert lo <= r["rating"] <= hi
        for k in ("points_per_visit", "pot_rate", "foul_rate", "break_and_run_rate",
                  "safeties", "deliberate_fouls"):
            assert k in r
    assert abs(sum(r["rating"] for r in rows)) < 1.0


def test_same_seed_same_results_with_two_workers(reference, tmp_path):
    path, _ = reference
    p2 = tmp_path / "two.jsonl"
    r = pyramid("tournament", *COMMON, "--jobs", "2", "--out", p2, "--no-progress")
    assert r.returncode == 0, r.stderr
    assert canonical(game_lines(p2)) == canonical(game_lines(path))
    assert "rating" in r.stdout


def test_sigkill_mid_run_then_resume_has_every_game_exactly_once(reference, tmp_path):
    ref_path, _ = reference
    out = tmp_path / "killed.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "russian_pyramid.cli", "tournament", *COMMON,
                             "--jobs", "2", "--out", str(out)], cwd=ROOT, env=env(),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if out.exists() and out.read_text().count('"type": "game"') >= 2:
                break
            if proc.poll() is not None:
                pytest.fail("the tournament finished before it could be killed: "
                            + proc.stderr.read().decode())
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGKILL)  # the command and its workers, at once
    finally:
        proc.wait(timeout=30)
    n_before = len(game_lines(out))
    assert 2 <= n_before < N_TOTAL
    with open(out, "ab") as fh:  # a write torn by the kill
        fh.write(b'{"type": "game", "pair": 0, "ga')
    r = pyramid("tournament", *COMMON, "--jobs", "2", "--out", out, "--resume", "--no-progress")
    assert r.returncode == 0, r.stderr
    lines = game_lines(out)
    keys = [(x["pair"], x["game"]) for x in lines]
    assert len(keys) == len(set(keys)) == N_TOTAL  # nothing lost, nothing repeated
    assert canonical(lines) == canonical(game_lines(ref_path))
    # resuming a finished tournament plays nothing and prints the same table
    r2 = pyramid("tournament", *COMMON, "--out", out, "--resume", "--json")
    assert r2.returncode == 0 and json.loads(r2.stdout)["played_now"] == 0
    assert len(game_lines(out)) == N_TOTAL


def test_dask_backend_gives_the_same_results(reference, tmp_path):
    distributed = pytest.importorskip("distributed")
    ref_path, _ = reference
    out = tmp_path / "dask.jsonl"
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        r = pyramid("tournament", *COMMON, "--out", out, "--backend", "dask",
                    "--scheduler", cluster.scheduler_address, "--no-progress")
    assert r.returncode == 0, r.stderr
    assert canonical(game_lines(out)) == canonical(game_lines(ref_path))


def test_bad_input_exit_2(reference, tmp_path):
    ref_path, _ = reference
    assert_bad_input(refusal("tournament", "--agents", "random", "--out", tmp_path / "a"),
                     "at least two")
    assert_bad_input(refusal("tournament", "--agents", "random", "nosuch",
                             "--out", tmp_path / "b"), "nosuch")
    assert_bad_input(refusal("tournament", *COMMON, "--out", ref_path), "--resume")
    other = [*COMMON]
    other[other.index("--seed") + 1] = "6"
    assert_bad_input(refusal("tournament", *other, "--out", ref_path, "--resume"), "seed")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("this is not a results file\n")
    assert_bad_input(refusal("tournament", *COMMON, "--out", bad, "--resume"), "line 1")
    assert_bad_input(refusal("tournament", *COMMON, "--out", tmp_path / "no" / "x.jsonl"),
                     "does not exist")
    assert_bad_input(refusal("tournament", *COMMON, "--backend", "dask",
                             "--out", tmp_path / "c"), "--scheduler")
    assert_bad_input(refusal("tournament", "--agents", "random", "random:name=r2",
                             "--games", "-3"))
    assert_bad_input(refusal("tournament", *COMMON, "--seed", str(2**64), "--out",
                             tmp_path / "d"), "--seed", "from 0 to")
    assert_bad_input(refusal("tournament", *COMMON, "--bootstrap", "100000000000", "--out",
                             tmp_path / "e"), "--bootstrap", "at most 100000")


# --- the results file: one writer, every line checked (issue 15) ------------------------------
def test_a_results_file_held_by_another_tournament_is_refused_at_once(tmp_path):
    """The lock is taken before the file is read: refused whatever the configuration, for a
    fresh start and a resume, within seconds, the file untouched."""
    from ai.games.results_file import ResultsFile
    out = tmp_path / "held.jsonl"
    with ResultsFile(out, {"type": "tournament", "held": True}, resume=False):
        before = out.read_bytes()
        for extra in ([], ["--resume"]):
            t0 = time.monotonic()
            r = refusal("tournament", *COMMON, "--out", out, *extra)
            assert_bad_input(r, f"results file {str(out)!r} is in use by another tournament "
                                f"(pid {os.getpid()})")
            assert time.monotonic() - t0 < 60  # the import time; no game is played
        assert out.read_bytes() == before


def test_a_fresh_run_and_a_resume_at_once_play_every_game_once(tmp_path):
    """Two real processes: while a tournament runs, a --resume and a second fresh start on
    its file are refused (exit 2, the holder's pid); the first finishes with every game once
    and one header (before the lock, 31 games were played twice this way)."""
    out = tmp_path / "race.jsonl"
    # 30 games of greedy agents with one worker (~15 s): the first run must still hold its
    # lock while the two others start (18 games of random agents once finished first)
    more = ["--agents", "greedy", "greedy:name=g2", "greedy:name=g3", "--games", "10",
            "--seed", "5", "--max-strokes", "200", "--bootstrap", "50"]
    first = subprocess.Popen([sys.executable, "-m", "russian_pyramid.cli", "tournament", *more,
                              "--jobs", "1", "--out", str(out), "--no-progress"], cwd=ROOT,
                             env=env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while not (out.exists() and out.read_text().count('"type": "game"') >= 1):
            assert first.poll() is None, first.stderr.read().decode()
            assert time.monotonic() < deadline
            time.sleep(0.05)
        resume = pyramid("tournament", *more, "--out", out, "--resume", "--no-progress")
        fresh = pyramid("tournament", *more, "--out", out, "--no-progress")
        still_running = first.poll() is None
        assert first.wait(timeout=300) == 0, first.stderr.read().decode()
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    assert still_running  # otherwise the refusals below prove nothing
    for r in (resume, fresh):
        assert_bad_input(r, "is in use by another tournament", f"(pid {first.pid})")
    text = out.read_text()
    assert text.count('"type": "tournament"') == 1
    keys = [(x["pair"], x["game"]) for x in game_lines(out)]
    assert len(keys) == len(set(keys)) == 3 * 10


def _tampered(ref_path, tmp_path, name, edit) -> str:
    lines = ref_path.read_text().splitlines()
    edit(lines)
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("name, edit, words", [
    ("game99", lambda ls: ls.append(json.dumps({**json.loads(ls[1]), "game": 99})),
     ["line 11", "game = 99 is not a planned game", "0..2"]),
    ("duplicate", lambda ls: ls.append(ls[3]), ["line 11", "is already on line 4"]),
    ("no-stats", lambda ls: ls.__setitem__(4, json.dumps(
        {k: v for k, v in json.loads(ls[4]).items() if k != "stats"})),
     ["line 5", "stats is missing"]),
    ("wrong-type", lambda ls: ls.__setitem__(2, json.dumps(
        {**json.loads(ls[2]), "n_strokes": "many"})), ["line 3", "n_strokes = 'many'"]),
    ("player-7", lambda ls: ls.__setitem__(6, json.dumps(
        {**json.loads(ls[6]), "agents": [0, 7]})), ["line 7", "agents = [0, 7]"]),
    ("nan", lambda ls: ls.__setitem__(8, ls[8].replace('"type"', '"x": NaN, "type"')),
     ["line 9", "NaN"]),
])
def test_a_tampered_results_file_is_refused_with_the_line(reference, tmp_path, name, edit,
                                                          words):
    """On --resume (which also prints the ratings table of a finished tournament): a bad game
    line is bad input naming its line, never a KeyError at the table nor a counted fake."""
    ref_path, _ = reference
    path = _tampered(ref_path, tmp_path, f"{name}.jsonl", edit)
    before = path.read_bytes()
    assert_bad_input(refusal("tournament", *COMMON, "--out", path, "--resume"), *words)
    assert path.read_bytes() == before


def test_out_that_cannot_be_written_is_refused_before_any_game(tmp_path):
    assert_bad_input(refusal("tournament", *COMMON, "--out", tmp_path), "--out", "directory")
    assert_bad_input(refusal("tournament", *COMMON, "--out", tmp_path / "no" / "x.jsonl"),
                     "--out", "does not exist")
    if os.geteuid() != 0:  # root writes anywhere
        ro = tmp_path / "ro"
        ro.mkdir()
        ro.chmod(0o555)
        assert_bad_input(refusal("tournament", *COMMON, "--out", ro / "x.jsonl"),
                         "--out", "cannot be written")


def test_a_refused_line_deleted_is_played_again_on_resume(reference, tmp_path):
    """The way on after a refusal: delete the line; the next --resume plays that game again,
    the same game (seeded by pairing and game number) as the uninterrupted run."""
    ref_path, _ = reference
    path = _tampered(ref_path, tmp_path, "damaged.jsonl", lambda ls: ls.__setitem__(
        4, json.dumps({k: v for k, v in json.loads(ls[4]).items() if k != "stats"})))
    r = refusal("tournament", *COMMON, "--out", path, "--resume")
    assert_bad_input(r, "line 5: stats is missing", "delete or repair that line")
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:4] + lines[5:]) + "\n")
    r = pyramid("tournament", *COMMON, "--out", path, "--resume", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["played_now"] == 1
    assert canonical(game_lines(path)) == canonical(game_lines(ref_path))


def test_an_unknown_table_is_said_once(tmp_path):
    """``--table`` names the table once (the message was doubled: "--table 'x': table = 'x'
    is not a known table"), before any game."""
    r = refusal("tournament", *COMMON, "--table", "snooker", "--out", tmp_path / "t.jsonl")
    assert_bad_input(r, "--table 'snooker' is not a known table; known: pyramid-12ft")
    assert "table = " not in r.stderr and not (tmp_path / "t.jsonl").exists()
