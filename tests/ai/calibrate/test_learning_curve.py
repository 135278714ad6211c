"""Learning curves of the position value (ai/calibrate/learning_curve.py) on synthetic games
whose results follow a known law, so what the curves must show is known."""
import numpy as np
import pytest

from ai.calibrate import learning_curve as lc
from ai.calibrate.value import Dataset


def _games(law, n_games=2000, per_game=1, n_features=4, seed=0) -> Dataset:
    """Positions whose mover wins with P = sigmoid(law(features)), one position per game so
    that the lambda-return target is the result itself (the race model says 1/2 everywhere:
    it knows nothing)."""
    rng = np.random.default_rng(seed)
    n = n_games * per_game
    z = rng.normal(size=(n, n_features))
    X = np.hstack([np.ones((n, 1)), z])
    y = (rng.random(n) < 1 / (1 + np.exp(-law(z)))).astype(float)
    game = np.repeat(np.arange(n_games), per_game)
    return Dataset(X, np.full(n, 0.5), y, game, np.arange(n) % 2)


def test_a_linear_law_the_curve_falls_and_beats_the_race_model():
    data = _games(lambda z: 1.5 * z[:, 0] - z[:, 1])
    result = lc.curve(data, [20, 1500], repeats=3, seed=1, in_use=np.zeros(5))
    lin = {p.games: p.log_loss for p in result.points if p.learner == "linear"}
    assert result.test_games == 500 and result.pool_games == 1500
    assert lin[1500] < lin[20] - 0.02
    assert lin[1500] < result.race_log_loss - 0.1  # the race model says 1/2: log-loss ln 2
    assert result.race_log_loss == pytest.approx(np.log(2))
    assert result.in_use_log_loss > 0


def test_weights_given_are_scored_on_the_test_games():
    data = _games(lambda z: 1.5 * z[:, 0], n_games=400)
    zero = lc.curve(data, [100], repeats=1, seed=0, in_use=np.zeros(5))
    assert zero.in_use_log_loss == pytest.approx(np.log(2))  # 1/2 everywhere
    law = lc.curve(data, [100], repeats=1, seed=0, in_use=np.array([0, 1.5, 0, 0, 0]))
    assert law.in_use_log_loss < zero.in_use_log_loss - 0.1  # the law itself


def test_a_law_of_products_only_the_pairs_learner_finds():
    data = _games(lambda z: 2.5 * z[:, 0] * z[:, 1])
    result = lc.curve(data, [1500], repeats=1, seed=0, in_use=np.zeros(5))
    loss = {p.learner: p.log_loss for p in result.points}
    assert loss["pairs"] < loss["linear"] - 0.05
    assert loss["linear"] == pytest.approx(np.log(2), abs=0.02)  # no linear signal


def test_sizes_beyond_the_pool_are_refused_naming_them():
    data = _games(lambda z: z[:, 0], n_games=8)
    with pytest.raises(ValueError, match=r"sizes: \[7\] outside 1..6"):
        lc.curve(data, [2, 7], repeats=1, seed=0, in_use=np.zeros(5))


def test_the_command_refuses_a_bad_size_list(tmp_path, capsys):
    missing = tmp_path / "none.jsonl"
    missing.write_text("")
    assert lc.main(["--positions", str(missing), "--sizes", "ten"]) == 2
    assert "error:" in capsys.readouterr().err


def test_a_law_of_steps_only_the_trees_find():
    """Wins flip with a feature's band -- a shape no linear or second-order logit follows."""
    data = _games(lambda z: np.where(np.cos(3 * z[:, 0]) > 0, 2.0, -2.0))
    result = lc.curve(data, [1500], repeats=1, seed=0, in_use=np.zeros(5))
    loss = {p.learner: p.log_loss for p in result.points}
    assert loss["gbm"] < min(loss["linear"], loss["pairs"]) - 0.1
    assert loss["linear"] == pytest.approx(np.log(2), abs=0.02)


def test_the_trees_do_not_beat_a_linear_law_the_logit_fits():
    data = _games(lambda z: 1.5 * z[:, 0] - z[:, 1])
    result = lc.curve(data, [1500], repeats=1, seed=0, in_use=np.zeros(5),
                      learners=("linear", "gbm"))
    loss = {p.learner: p.log_loss for p in result.points}
    assert set(loss) == {"linear", "gbm"}
    assert loss["gbm"] > loss["linear"] - 0.005  # the right shape wins on its own law
    assert loss["gbm"] < np.log(2) - 0.1  # and the trees still find most of it


def test_unknown_learners_are_refused_naming_them(tmp_path, capsys):
    data = _games(lambda z: z[:, 0], n_games=8)
    with pytest.raises(ValueError, match=r"learners: \['forest'\]"):
        lc.curve(data, [2], repeats=1, seed=0, in_use=np.zeros(5), learners=("forest",))
    missing = tmp_path / "none.jsonl"
    missing.write_text("")
    assert lc.main(["--positions", str(missing), "--learners", "linear,forest"]) == 2
    assert "learners: ['forest']" in capsys.readouterr().err
