"""The learned value scored, not refitted, on new self-play (ai/calibrate/value_check.py)."""
import json
import math

import pytest

from ai.calibrate import selfplay, value, value_check
from ai.value.features import NAMES
from ai.value.learned import LEARNED_FILE

from ...conftest import greedy_selfplay


@pytest.fixture(scope="module")
def positions(tmp_path_factory):
    return greedy_selfplay(tmp_path_factory, 4, 3)


def _weights(path, weights, held=None):
    doc = {"features": list(NAMES), "weights": weights}
    if held is not None:
        doc["held_out_every_4th_game"] = held
    path.write_text(json.dumps(doc))
    return path


def test_zero_weights_say_one_half_and_score_ln2(positions, tmp_path):
    """Weights of zero predict 1/2 everywhere: log-loss ln 2 whatever the results."""
    w = _weights(tmp_path / "zero.json", [0.0] * len(NAMES))
    r = value_check.check(selfplay.read_positions(positions), w)
    assert r.games == 4 and r.positions > 50
    assert r.learned_mean == pytest.approx(0.5)
    assert r.learned_log_loss == pytest.approx(math.log(2), abs=1e-12)
    assert r.gain == pytest.approx(r.race_log_loss - math.log(2), abs=1e-12)
    assert r.fit_gain is None


def test_the_gain_lies_in_its_interval_and_the_refit_is_scored_on_the_same_folds(positions):
    lines = selfplay.read_positions(positions)
    r = value_check.check(lines, LEARNED_FILE, seed=1)
    assert r.gain_low <= r.gain <= r.gain_high  # the pooled gain is the bootstrap's centre
    data = value.build(lines)
    assert r.refit_log_loss == pytest.approx(min(value.cross_validate(data, lam)
                                                 for lam in value.LAMBDAS))
    assert r.refit_lambda in value.LAMBDAS


def test_zero_weights_score_ln2_on_every_fold(positions, tmp_path):
    w = _weights(tmp_path / "zero.json", [0.0] * len(NAMES))
    r = value_check.check(selfplay.read_positions(positions), w)
    assert r.folds_log_loss == pytest.approx(math.log(2), abs=1e-12)


def _with(r, folds, refit):
    return value_check.ValueCheck(**{**r.__dict__, "folds_log_loss": folds,
                                     "refit_log_loss": refit})


def test_the_verdict_keeps_the_weights_unless_a_refit_does_better_held_out(positions):
    r = value_check.check(selfplay.read_positions(positions), LEARNED_FILE)
    assert "keep the weights in use" in _with(r, 0.54, 0.55).verdict()
    assert "keep the weights in use" in _with(r, 0.54, 0.54).verdict()
    assert "refit (python -m ai.calibrate.value)" in _with(r, 0.55, 0.54).verdict()


def test_the_command_prints_the_check_and_refuses_an_empty_file(positions, tmp_path, capsys):
    assert value_check.main(["--positions", str(positions)]) == 0
    out = capsys.readouterr().out
    assert "log-loss: learned" in out and json.loads(out.strip().splitlines()[-1])["games"] == 4
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert value_check.main(["--positions", str(empty)]) == 2
    assert "no position" in capsys.readouterr().out
