"""pyramid tournament with an agent of one's own (issue 14): loaded from a file on every
backend with the same results, failures loud (exit 1, not counted, replayed by --resume), and
the report of an existing results file (crosstable, plot)."""
from __future__ import annotations

import json

import pytest

from .clihelp import FAILING, ROOT, assert_bad_input, pyramid, pyramid_json, refusal

EXAMPLES = ROOT / "russian_pyramid" / "examples"  # the shipped examples
from .test_tournament import canonical, game_lines

EXAMPLE = EXAMPLES / "my_agent.py"
COMMON = ["--games", "2", "--seed", "3", "--max-strokes", "60", "--no-progress"]



def test_a_file_agent_plays_on_every_backend_with_the_same_results(tmp_path):
    distributed = pytest.importorskip("distributed")
    agents = ["--agents", f"{EXAMPLE}:EasiestPot", "greedy"]
    loky = tmp_path / "loky.jsonl"
    out, r = pyramid_json("tournament", *agents, *COMMON, "--jobs", "2", "--out", loky)
    assert out["games"] == 2 and out["failed"] == []
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        dask = tmp_path / "dask.jsonl"
        r2 = pyramid("tournament", *agents, *COMMON, "--out", dask, "--backend", "dask",
                     "--scheduler", cluster.scheduler_address)
    assert r2.returncode == 0, r2.stderr
    assert canonical(game_lines(dask)) == canonical(game_lines(loky))


def test_failures_are_loud_not_counted_and_played_again_on_resume(tmp_path):
    agent = tmp_path / "fragile.py"
    agent.write_text(FAILING)
    out_path = tmp_path / "t.jsonl"
    args = ["tournament", "--agents", f"{agent}:Fragile", "random", *COMMON, "--jobs", "2",
            "--out", out_path]
    r = pyramid(*args, "--json")
    assert r.returncode == 1, r.stderr  # a failed game fails the tournament
    doc = json.loads(r.stdout)
    assert len(doc["failed"]) == 2 and doc["games"] == 0  # not counted as played
    assert "boom in my agent" in r.stderr and "FAILED" in r.stderr
    # the agent is repaired; --resume plays exactly the failed games again
    agent.write_text(FAILING.replace('raise RuntimeError("boom in my agent")', "pass"))
    doc2, r2 = pyramid_json(*args, "--resume")
    assert doc2["played_now"] == 2 and doc2["games"] == 2 and doc2["failed"] == []
    # a second resume has nothing left to play
    doc3, _ = pyramid_json(*args, "--resume")
    assert doc3["played_now"] == 0 and doc3["games"] == 2


def test_report_and_plot_of_an_existing_results_file(tmp_path):
    out_path = tmp_path / "r.jsonl"
    agents = ["random", "random:name=r2", "random:name=r3"]
    pyramid_json("tournament", "--agents", *agents, *COMMON, "--jobs", "1", "--out", out_path)
    before = out_path.read_bytes()
    png = tmp_path / "ratings.png"
    r = pyramid("tournament", "--report", "--out", out_path, "--plot", png)
    assert r.returncode == 0, r.stderr
    assert "6 of 6 games" in r.stdout and "nothing played" in r.stdout
    crosslines = [ln for ln in r.stdout.splitlines() if "/2" in ln]
    assert len(crosslines) == 3  # one crosstable row per agent, two games per pairing
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert out_path.read_bytes() == before  # a report writes nothing
    doc, _ = pyramid_json("tournament", "--report", "--out", out_path)
    pts = doc["crosstable"]["points"]
    assert sum(map(sum, pts)) == pytest.approx(6.0)  # six games, one point each
    assert_bad_input(refusal("tournament", "--report", "--out", tmp_path / "none.jsonl"),
                     "does not exist")
    assert_bad_input(refusal("tournament", "--report", "--out", out_path, "--agents", "greedy",
                             "random"), "are not the agents")
    assert_bad_input(refusal("tournament", "--out", out_path), "--agents is required")
