"""The oracle-loss benchmark's pieces (benchmarks/oracle_loss.py and its set,
benchmarks/oracle_set.py): the stopping rule of the oracle's common-random-number sampling,
the bootstrap, the noise-equivalent, the versioned set (the shipped one loads; a set of another
version is refused), bad input exits 2."""
import gzip
import json
import re

import numpy as np
import pytest

from ai.noise import NOISE_DIMS
from benchmarks import oracle_loss as ol
from benchmarks import oracle_set as oset

from .conftest import assert_refused


def _draws(seed=0):
    rng = np.random.default_rng(seed)
    return lambda n: rng.standard_normal((n, NOISE_DIMS))


def test_a_candidate_that_moves_with_the_best_stops_at_once_on_its_se():
    # the same luck (row k's first draw) plus a constant: the difference has no spread
    play = lambda i, z: 0.5 + 0.1 * z[:, 0] - 0.01 * i  # noqa: E731
    found = oset.run_oracle(play, 3, _draws(), cap=512, first=16)
    assert found.best == 0 and found.stops == ["best", "se", "se"]
    assert [len(v) for v in found.values] == [16, 16, 16]
    assert found.diffs[2] == pytest.approx(0.02) and found.ses[2] < 1e-12


def test_independent_luck_runs_to_the_cap_and_says_so():
    # two equal candidates on independent luck: the SE of their difference stays ~0.1/sqrt(n)
    rng = np.random.default_rng(5)
    play = lambda i, z: 0.5 + 0.1 * (z[:, 0] if i == 0 else rng.standard_normal(len(z)))  # noqa: E731,E501
    found = oset.run_oracle(play, 2, _draws(1), cap=64, first=16)
    assert sorted(found.stops) == ["best", "cap"]
    assert [len(v) for v in found.values] == [64, 64]
    assert found.ses[1 - found.best] > oset.SE_TARGET


def test_a_clearly_worse_candidate_stops_early_and_the_close_one_is_sampled_on():
    rng = np.random.default_rng(9)
    def play(i, z):
        own = rng.standard_normal(len(z))
        return {0: 0.6 + 0.05 * z[:, 0], 1: 0.1 + 0.05 * own, 2: 0.6 + 0.05 * own}[i]
    found = oset.run_oracle(play, 3, _draws(2), cap=128, first=16)
    assert found.stops[1] == "worse" and len(found.values[1]) == 16
    assert max(len(found.values[0]), len(found.values[2])) == 128


def test_the_difference_uses_common_finite_rows():
    best = np.array([1.0, 2.0, np.nan, 4.0, 5.0])
    other = np.array([0.0, 1.0, 1.0, np.nan])
    d, se, n = oset.difference(best, other)
    assert n == 2 and d == pytest.approx(1.0) and se == 0.0
    assert oset.difference(np.array([1.0]), np.array([0.0]))[1] == float("inf")


def test_the_bootstrap_interval_holds_the_mean_and_narrows_with_more_data():
    rng = np.random.default_rng(3)
    small, big = rng.normal(0.001, 0.002, 20), rng.normal(0.001, 0.002, 2000)
    lo, hi = ol.bootstrap(small, np.random.default_rng(0))
    assert lo < small.mean() < hi
    lo2, hi2 = ol.bootstrap(big, np.random.default_rng(0))
    assert hi2 - lo2 < (hi - lo) / 4
    assert ol.bootstrap(np.zeros(5), np.random.default_rng(0)) == (0.0, 0.0)


def test_the_noise_equivalent_reads_the_curve():
    curve = {0.9: 0.001, 0.8: 0.003}
    assert ol.noise_equivalent(0.0005, curve) == (pytest.approx(0.05), False)
    assert ol.noise_equivalent(0.002, curve) == (pytest.approx(0.15), False)
    assert ol.noise_equivalent(0.004, curve) == (pytest.approx(0.2), True)
    assert ol.noise_equivalent(0.001, {0.9: -0.001, 0.8: 0.0}) == (None, False)


@pytest.mark.parametrize("path, levels, per_level", [(oset.DATA, oset.LEVELS, 150),
                                                     (oset.SMALL, oset.LEVELS, 20)])
def test_the_shipped_set_loads_and_holds_every_level(path, levels, per_level):
    doc = oset.load_set(path)
    assert doc["version"] == oset.VERSION and doc["oracle"] == oset.ORACLE_SPEC
    found = [p["magnitude"] for p in doc["positions"]]
    assert sorted(set(found)) == sorted(levels)
    assert all(found.count(m) == per_level for m in levels)
    for p in doc["positions"]:
        stops = [c["stop"] for c in p["candidates"]]
        assert stops.count("best") == 1 and set(stops) <= {"best", "se", "worse", "cap"}
        best = p["candidates"][stops.index("best")]
        assert best["stroke"] == p["best"] and best["diff"] == 0.0 and 0.0 <= p["value"] <= 1.0
        assert best["n"] == max(c["n"] for c in p["candidates"]) <= doc["cap"]
        assert sorted(p["handicap"]) == sorted(f"{f:g}" for f in oset.HANDICAP)
        again = oset.Stroke.from_json(oset.Stroke.from_json(p["best"]).to_json())
        assert again.same(oset.Stroke.from_json(p["best"]))  # its numbers kept to 1e-9


def test_a_set_of_another_version_or_no_set_is_refused(tmp_path):
    old = tmp_path / "old.json.gz"
    old.write_bytes(gzip.compress(json.dumps({"version": 0, "positions": []}).encode()))
    with pytest.raises(oset.SetError, match="version 0"):
        oset.load_set(old)
    bad = tmp_path / "bad.json.gz"
    bad.write_bytes(b"not gzip")
    with pytest.raises(oset.SetError, match="not a gzip"):
        oset.load_set(bad)


def test_bad_input_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.json.gz"
    bad.write_bytes(b"{}")
    assert_refused(ol.main, [(["--set", str(bad)], "--set"),
                             (["--set", str(tmp_path / "none.json.gz")], "--set"),
                             (["--rescore", "0"], "--rescore"),
                             (["--agent", "nobody"], "--agent"),
                             (["--levels", "x"], "--levels")], capsys)


def _split(doc, levels):
    return dict(doc, positions=[p for p in doc["positions"] if p["magnitude"] in levels])


def test_sets_made_level_by_level_join_into_one(tmp_path):
    doc = oset.load_set(oset.SMALL)
    parts = [_split(doc, (1.0, 2.0)), _split(doc, (0.25,)), _split(doc, (0.5,))]
    paths = []
    for k, part in enumerate(parts):
        paths.append(str(tmp_path / f"part{k}.json.gz"))
        oset.write_set(paths[-1], part)
    out = tmp_path / "joined.json.gz"
    assert ol.main(["--make", str(out), "--join", *paths]) == 0
    joined = oset.load_set(out)
    assert joined == {k: doc[k] for k in (*oset.JOIN_KEYS, "positions")}
    with pytest.raises(oset.SetError, match="level 0.25 is in a too"):
        oset.join_sets([parts[1], parts[1]], ["a", "b"])
    with pytest.raises(oset.SetError, match="b: made with other cap"):
        oset.join_sets([parts[0], dict(parts[1], cap=8)], ["a", "b"])


def test_a_join_without_a_file_to_make_exits_2(tmp_path, capsys):
    assert_refused(ol.main, [(["--join", "x.json.gz"], "--join")], capsys)


def test_the_report_keeps_each_position_s_loss_for_paired_comparisons(tmp_path, capsys):
    out, small = tmp_path / "greedy.json", ["--set", str(oset.SMALL)]
    assert ol.main([*small, "--agent", "greedy", "--levels", "2", "--rescore", "2", "--out",
                    str(out)]) == 0
    # the same agent against its own report: the same choices on the same draws, 0 apart
    assert ol.main([*small, "--agent", "greedy", "--levels", "2", "--rescore", "2",
                    "--against", str(out)]) == 0
    said = capsys.readouterr().out.rsplit("position by position", 1)[1]
    number = r"([-+][\d.]+)"
    diff = re.search(rf"20 positions: {number} a decision \[{number}, {number}\]", said)
    assert diff and all(abs(float(x)) < 1e-5 for x in diff.groups()), said  # the report's 7 digits
    assert_refused(ol.main, [([*small, "--levels", "1", "--rescore", "2", "--agent", "greedy",
                               "--against", str(out)], "other positions"),
                             (["--against", str(tmp_path / "none.json")], "--against")], capsys)
    report = json.loads(out.read_text())
    rows, level = report["rows"], report["levels"][0]
    doc = oset.load_set(oset.SMALL)
    assert [r["position"] for r in rows] == [n for n, p in enumerate(doc["positions"])
                                            if p["magnitude"] == 2.0]
    assert level["positions"] == len(rows) == 20
    assert abs(np.mean([r["loss"] for r in rows]) - level["loss"]) < 1e-6
    assert np.mean([r["same"] for r in rows]) == level["same"]


def test_a_level_scores_alike_alone_and_joined_into_a_set(tmp_path):
    """The decisions and the fresh draws are seeded by a position's place among its level's,
    not in the file: the 2.0 level of the small set scored in a set of its own gives the
    same losses, position by position."""
    doc = oset.load_set(oset.SMALL)
    alone = _split(doc, (2.0,))
    joined = ol.score(doc, "greedy", 4, 7, (2.0,))
    own = ol.score(alone, "greedy", 4, 7, (2.0,))
    assert [r["loss"] for r in joined] == [r["loss"] for r in own]
    assert any(r["loss"] != 0.0 for r in own)  # the draws matter: some choice was re-played
