"""Fitting the trees value (ai.calibrate.trees) on self-play positions: the file it writes
loads, judges the positions as the fit did, reports the held-out games against the race model
and the weights in use; bad input is refused with exit 2 naming it; pooled files keep their
games apart."""
import json

import numpy as np
import pytest

from ai.calibrate import selfplay, trees
from ai.calibrate.value import build, sigmoid
from ai.value import LearnedWeights
from ai.value.trees import TreesModel

from ...conftest import greedy_selfplay


@pytest.fixture(scope="module")
def positions(tmp_path_factory):
    return greedy_selfplay(tmp_path_factory, 8, 5)


def test_the_fit_writes_trees_that_load_and_report_the_held_out_games(positions, tmp_path,
                                                                       capsys):
    out = tmp_path / "t.json"
    assert trees.main(["--positions", str(positions), "--out", str(out)]) == 0
    doc = json.loads(out.read_text())
    model = TreesModel.load(out)
    assert len(model.roots) == trees.GBM["max_iter"]
    held = doc["fit"]["held_out_every_4th_game"]
    assert held["games"] == 2  # games 3 and 7 of 8
    for name in ("trees", "learned_in_use", "race_model_today"):
        assert 0 < held[name]["log_loss"] and 0 <= held[name]["brier"] <= 1
        assert sum(r["n"] for r in held[name]["reliability"]) == held["positions"]
    assert doc["fit"]["lambda"] == 0.9 and doc["fitted_for"]["table"] == "pyramid-12ft"
    assert doc["fitted_for"]["fitted_by"].startswith("python -m ai.calibrate.trees --positions")
    assert not (tmp_path / "t.json.tmp").exists()
    # the file judges the positions as a fit on all of them does
    data = build(selfplay.read_positions(positions))
    again = trees.regressor(data.X, data.targets(0.9))
    assert np.array_equal([model.raw(x) for x in data.X], again.predict(data.X[:, 1:]))
    assert "held out" in capsys.readouterr().out


def test_bad_input_is_refused_naming_it(positions, tmp_path, capsys):
    out = tmp_path / "t.json"
    assert trees.main(["--positions", str(tmp_path / "none.jsonl"), "--out", str(out)]) == 2
    assert "none.jsonl" in capsys.readouterr().err
    few = tmp_path / "few.jsonl"
    few.write_text("".join(line for line in open(positions)
                           if json.loads(line)["game"] < 2))
    assert trees.main(["--positions", str(few), "--out", str(out)]) == 2
    assert "too few to hold every fourth out" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        trees.main(["--positions", str(positions), "--out", str(out), "--lambda", "2"])
    assert stop.value.code == 2 and "--lambda 2" in capsys.readouterr().err
    assert not out.exists()


def test_pooled_files_keep_their_games_apart(positions):
    one = selfplay.read_positions(positions)
    both = selfplay.read_pooled([positions, positions])
    assert len(both) == 2 * len(one)
    games = {line["game"] for line in both}
    assert len(games) == 2 * len({line["game"] for line in one})
    # every fourth game of each file stays every fourth game
    assert {g % 4 for g in games if g >= selfplay.POOL_GAME_OFFSET} == {g % 4 for g in games
                                                                        if g < 4 * 2}


def test_stacked_trees_fit_what_the_weights_leave(positions, tmp_path):
    out = tmp_path / "s.json"
    assert trees.main(["--positions", str(positions), "--out", str(out), "--stack"]) == 0
    model = TreesModel.load(out)
    w = np.asarray(LearnedWeights.load().weights, float)
    assert model.on_weights == tuple(w) and model.fit["stacked"]
    data = build(selfplay.read_positions(positions))
    base = sigmoid(data.X @ w)
    residual = trees.regressor(data.X, data.targets(0.9) - base)
    got = np.array([model.raw(x) for x in data.X])
    assert np.allclose(got, base + residual.predict(data.X[:, 1:]), rtol=0, atol=1e-12)
