"""The P(win) calibration: the logistic fit recovers known weights, and a run writes a
complete weights file with its held-out comparison."""
import json

import numpy as np

from ai.calibrate.pwin import fit, log_loss, main
from ai.value.pwin import base_features


def test_fit_recovers_known_weights():
    rng = np.random.default_rng(0)
    true_w = np.array([0.2, 0.5, 0.8])
    X = np.array([base_features(rng.integers(1, 72), rng.integers(1, 72), rng.integers(0, 140))
                  for _ in range(20000)])
    y = (rng.random(len(X)) < 1 / (1 + np.exp(-X @ true_w))).astype(float)
    w = fit(X, y)
    assert np.allclose(w, true_w, atol=0.08), w
    # the fitted weights predict no worse than the truth on their own data, and better than
    # a coin
    assert log_loss(X, y, w) <= log_loss(X, y, true_w) + 1e-9
    assert log_loss(X, y, w) < np.log(2)


def test_a_small_run_writes_weights_and_the_held_out_comparison(tmp_path, capsys):
    out = tmp_path / "w.json"
    assert main(["--games", "4", "--agent", "greedy", "--out", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert len(doc["weights"]) == 3
    run = doc["calibration_run"]
    assert run["games"] == 4 and run["positions"] > 0
    held = run["held_out_every_4th_game"]
    assert held is None or (held["games"] == 1 and {"log_loss_new", "log_loss_before"} <= set(held))
    assert not (tmp_path / "w.json.tmp").exists()
