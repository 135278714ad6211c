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

from .clihelp import ROOT, assert_bad_input, env, pyramid, pyramid_json

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
            obj.pop("elapsed_s", None)
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
    proc = subprocess.Popen([sys.executable, "-m", "pyramid.cli", "tournament", *COMMON,
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
    assert_bad_input(pyramid("tournament", "--agents", "random", "--out", tmp_path / "a"),
                     "at least two")
    assert_bad_input(pyramid("tournament", "--agents", "random", "nosuch",
                             "--out", tmp_path / "b"), "nosuch")
    assert_bad_input(pyramid("tournament", *COMMON, "--out", ref_path), "--resume")
    other = [*COMMON]
    other[other.index("--seed") + 1] = "6"
    assert_bad_input(pyramid("tournament", *other, "--out", ref_path, "--resume"), "seed")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("this is not a results file\n")
    assert_bad_input(pyramid("tournament", *COMMON, "--out", bad, "--resume"), "line 1")
    assert_bad_input(pyramid("tournament", *COMMON, "--out", tmp_path / "no" / "x.jsonl"),
                     "does not exist")
    assert_bad_input(pyramid("tournament", *COMMON, "--backend", "dask",
                             "--out", tmp_path / "c"), "--scheduler")
    assert_bad_input(pyramid("tournament", "--agents", "random", "random:name=r2",
                             "--games", "-3"))
