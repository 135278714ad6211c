"""The learned value scored, not refitted, on new self-play (ai/calibrate/value_check.py)."""
import json
import math

import pytest

from ai.calibrate import selfplay, value_check
from ai.value.features import NAMES
from ai.value.learned import LEARNED_FILE


@pytest.fixture(scope="module")
def positions(tmp_path_factory):
    out = tmp_path_factory.mktemp("check") / "pos.jsonl"
    assert selfplay.main(["--games", "4", "--agent", "greedy", "--seed", "3", "--jobs", "1",
                          "--out", str(out)]) == 0
    return out


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
    assert r.fit_gain is None and "keeps no held-out gain" in r.verdict()


def test_the_gain_lies_in_its_interval_and_the_verdict_follows_the_fit(positions, tmp_path):
    r = value_check.check(selfplay.read_positions(positions), LEARNED_FILE, seed=1)
    assert r.gain_low <= r.gain <= r.gain_high  # the pooled gain is the bootstrap's centre
    held = {"learned": {"log_loss": 0.5}, "race_model_today": {"log_loss": 0.5 + r.gain_high + 1}}
    w = _weights(tmp_path / "w.json", list(json.loads(LEARNED_FILE.read_text())["weights"]), held)
    assert "refit" in value_check.check(selfplay.read_positions(positions), w, 1).verdict()
    inside = {"learned": {"log_loss": 0.5}, "race_model_today": {"log_loss": 0.5 + r.gain}}
    w = _weights(tmp_path / "w2.json", json.loads(LEARNED_FILE.read_text())["weights"], inside)
    assert "did not move" in value_check.check(selfplay.read_positions(positions), w, 1).verdict()


def test_the_command_prints_the_check_and_refuses_an_empty_file(positions, tmp_path, capsys):
    assert value_check.main(["--positions", str(positions)]) == 0
    out = capsys.readouterr().out
    assert "log-loss: learned" in out and json.loads(out.strip().splitlines()[-1])["games"] == 4
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert value_check.main(["--positions", str(empty)]) == 2
    assert "no position" in capsys.readouterr().out
