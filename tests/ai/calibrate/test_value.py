"""Fitting the learned value: self-play positions written as JSON Lines (whole games,
resumable), read back to the same states, and a fit that writes the weights with the held-out
comparison against the race model."""
import json

import numpy as np
import pytest

from ai.calibrate import selfplay, value
from ai.value import LearnedValue, LearnedWeights
from ai.value.features import NAMES
from engine import GameState

from ...conftest import greedy_selfplay


def test_selfplay_then_fit(tmp_path, capsys):
    out = tmp_path / "pos.jsonl"
    assert selfplay.main(["--games", "4", "--agent", "greedy", "--seed", "0", "--jobs", "1",
                          "--out", str(out)]) == 0
    lines = selfplay.read_positions(out)
    assert {line["game"] for line in lines} == {0, 1, 2, 3}
    first = lines[0]
    assert first["stroke"] == 0 and first["state"]["break_pending"]
    assert GameState.from_json(first["state"]).to_json() == first["state"]
    assert all(line["winner"] in (0, 1) for line in lines)
    # resuming a finished file plays nothing more; a torn last line is skipped on reading
    n = len(lines)
    assert selfplay.main(["--games", "4", "--agent", "greedy", "--seed", "0", "--out",
                          str(out), "--resume"]) == 0
    with open(out, "a") as f:
        f.write('{"game": 9, "sta')
    assert len(selfplay.read_positions(out)) == n

    weights = tmp_path / "w.json"
    assert value.main(["--positions", str(out), "--out", str(weights)]) == 0
    doc = json.loads(weights.read_text())
    assert doc["features"] == list(NAMES) and len(doc["weights"]) == len(NAMES)
    assert doc["fit"]["games"] == 4 and doc["fit"]["positions"] == n
    held = doc["held_out_every_4th_game"]
    assert held["games"] == 1
    for model in ("learned", "race_model_today"):
        assert 0 < held[model]["log_loss"] and 0 <= held[model]["brier"] <= 1
        assert sum(r["n"] for r in held[model]["reliability"]) == held["positions"]
    assert not (tmp_path / "w.json.tmp").exists()
    assert "log-loss" in capsys.readouterr().out


def _chain_dataset():
    """Two games of four positions each, one feature and a bias; the race model's values are
    0.5 everywhere, so its lambda-returns carry nothing but the result."""
    import numpy as np
    X = np.array([[1.0, x] for x in (0.1, 0.4, 0.6, 0.9, -0.2, -0.5, -0.7, -1.0)])
    y = np.array([1, 0, 1, 0, 0, 1, 0, 1], float)
    game = np.array([0, 0, 0, 0, 1, 1, 1, 1])
    mover = np.array([0, 1, 0, 1, 0, 1, 0, 1])
    return value.Dataset(X, np.full(8, 0.5), y, game, mover)


def test_targets_bootstrap_from_the_values_given():
    """A lambda-return: (1 - lambda) lambda^(k-1) on the k-th following position's value (for
    this row's mover), the rest on the result; ``boot`` replaces the race model's values."""
    import numpy as np
    data = _chain_dataset()
    boot = np.linspace(0.1, 0.8, 8)
    t = data.targets(0.5, boot)
    # row 1 (mover 1) of game 0: rows 2 (mover 0) and 3 (mover 1) follow, result 0
    expected = 0.5 * (1 - boot[2]) + 0.25 * boot[3] + 0.25 * 0.0
    assert t[1] == pytest.approx(expected)
    assert t[3] == data.y[3]  # the last position of its game: its result alone
    assert np.allclose(data.targets(0.5), data.targets(0.5, data.race))


def test_one_iteration_is_the_plain_fit_and_more_bootstrap_from_the_fit():
    """fit_iterated with one iteration is the fit to the race model's lambda-returns; with two,
    the second fit's targets are the first fit's own values (fitted TD iteration)."""
    import numpy as np
    from ai.calibrate.pwin import fit
    data = _chain_dataset()
    rows = np.ones(8, dtype=bool)
    w1 = value.fit_iterated(data, rows, 0.7, 1)
    assert np.allclose(w1, fit(data.X, data.targets(0.7), ridge=value.RIDGE))
    w2 = value.fit_iterated(data, rows, 0.7, 2)
    boot = value.sigmoid(data.X @ w1)
    assert np.allclose(w2, fit(data.X, data.targets(0.7, boot), ridge=value.RIDGE))
    assert not np.allclose(w1, w2)


def test_iterations_out_of_range_are_refused(tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        value.main(["--positions", str(tmp_path / "none.jsonl"), "--iterations", "0"])
    assert exc.value.code == 2
    assert "--iterations" in capsys.readouterr().err


def test_search_targets_start_at_the_position_itself():
    """TD-leaf: the search's value of a position already looks a stroke ahead, so its
    lambda-return starts there (lambda 0: the search's value alone); a position without one
    takes the race model's."""
    import numpy as np
    data = _chain_dataset()
    search = np.array([0.6, 0.3, np.nan, 0.2, 0.7, 0.4, 0.5, 0.9])
    data = value.Dataset(data.X, data.race, data.y, data.game, data.mover, search)
    vals = data.search_values()
    assert vals[2] == data.race[2] and vals[0] == 0.6
    assert np.allclose(value.first_targets(data, 0.0, "search"), vals)
    t = value.first_targets(data, 0.5, "search")
    # row 1 (mover 1): itself, row 2 (mover 0, race 0.5), row 3 (mover 1), then the result 0
    assert t[1] == pytest.approx(0.5 * 0.3 + 0.25 * (1 - 0.5) + 0.125 * 0.2 + 0.125 * 0.0)
    assert np.allclose(value.first_targets(data, 0.5, "race"), data.targets(0.5))


def _stated(tmp_path):
    """An agent file: greedy's strokes, each told with a P(win) of 0.42."""
    path = tmp_path / "told.py"
    path.write_text(
        "from dataclasses import replace\n"
        "from ai.agents.greedy import GreedyAgent\n"
        "class Told(GreedyAgent):\n"
        "    def decide(self, state, rng):\n"
        "        return replace(super().decide(state, rng), p_win=0.42)\n")
    return f"{path}:Told"


def test_selfplay_keeps_the_searchs_p_win_and_the_fit_bootstraps_from_it(tmp_path, capsys):
    out = tmp_path / "pos.jsonl"
    assert selfplay.main(["--games", "4", "--agent", _stated(tmp_path), "--seed", "0",
                          "--jobs", "1", "--out", str(out)]) == 0
    lines = selfplay.read_positions(out)
    assert lines and all(line["p_win"] == 0.42 for line in lines)
    weights = tmp_path / "w.json"
    assert value.main(["--positions", str(out), "--out", str(weights), "--bootstrap",
                       "search"]) == 0
    doc = json.loads(weights.read_text())
    assert doc["fit"]["bootstrap"] == "search"
    assert doc["fit"]["search_values"] == doc["fit"]["positions"]
    assert set(doc["cross_validation_log_loss"]["lambda"]) == {"0.0", "0.5", "0.7", "0.9",
                                                               "1.0"}
    # --lambda 0: the search's values distilled, whatever cross-validation prefers
    import numpy as np
    from ai.calibrate.pwin import fit
    assert value.main(["--positions", str(out), "--out", str(weights), "--bootstrap",
                       "search", "--lambda", "0"]) == 0
    doc = json.loads(weights.read_text())
    assert doc["fit"]["lambda"] == 0.0
    data = value.build(lines)
    w = fit(data.X, np.full(len(data.y), 0.42), ridge=value.RIDGE)
    assert doc["weights"] == pytest.approx([round(float(v), 5) for v in w], abs=1e-5)
    with pytest.raises(SystemExit) as exc:
        value.main(["--positions", str(out), "--lambda", "1.5"])
    assert exc.value.code == 2 and "--lambda" in capsys.readouterr().err


def test_search_bootstrap_needs_search_values(tmp_path, capsys):
    out = tmp_path / "pos.jsonl"
    assert selfplay.main(["--games", "2", "--agent", "greedy", "--seed", "0", "--jobs", "1",
                          "--out", str(out)]) == 0
    with pytest.raises(SystemExit) as exc:
        value.main(["--positions", str(out), "--out", str(tmp_path / "w.json"),
                    "--bootstrap", "search"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "--bootstrap search" in err and "p_win" in err
    assert not (tmp_path / "w.json").exists()
    with pytest.raises(SystemExit) as exc:
        value.main(["--positions", str(out), "--bootstrap", "search", "--iterations", "2"])
    assert exc.value.code == 2


@pytest.fixture(scope="module")
def greedy_games(tmp_path_factory):
    """Four self-play games of greedy (seed 0), as positions."""
    return greedy_selfplay(tmp_path_factory, 4, 0)


def test_chance_noise_fits_on_features_with_the_noise_scaled(tmp_path, capsys, greedy_games):
    """--chance-noise F: the features are computed with the noise magnitude times F (the race
    model's values, the targets' bootstrap, stay today's), the factor is written to the
    weights file and read back by LearnedWeights; a factor out of range exits 2."""
    import numpy as np
    from ai.calibrate.pwin import fit
    from ai.value import LearnedWeights
    out = greedy_games
    lines = selfplay.read_positions(out)
    weights = tmp_path / "w.json"
    assert value.main(["--positions", str(out), "--out", str(weights), "--chance-noise", "1.5",
                       "--lambda", "1"]) == 0
    doc = json.loads(weights.read_text())
    assert doc["chance_noise_factor"] == 1.5
    assert LearnedWeights.load(weights).chance_noise_factor == 1.5
    scaled, plain = value.build(lines, chance_noise_factor=1.5), value.build(lines)
    assert np.array_equal(scaled.race, plain.race) and not np.array_equal(scaled.X, plain.X)
    w = fit(scaled.X, scaled.y, ridge=value.RIDGE)  # lambda 1: the results themselves
    assert doc["weights"] == pytest.approx([round(float(v), 5) for v in w], abs=1e-5)
    for bad in ("0", "-1", "nan", "11"):
        with pytest.raises(SystemExit) as exc:
            value.main(["--positions", str(out), "--out", str(tmp_path / "x.json"),
                        "--chance-noise", bad])
        assert exc.value.code == 2 and "--chance-noise" in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()


def test_jaw_ramp_fits_on_features_that_see_the_jaws(tmp_path, capsys, greedy_games):
    """--jaw-ramp M: the features and the race model's values see the pockets' jaws with that
    ramp (ai.geometry.pockets.JAW_RAMP_M), the ramp is written to the weights file and read
    back by LearnedWeights, which hands it to its race model; a ramp out of range exits 2."""
    out = greedy_games
    lines = selfplay.read_positions(out)
    weights = tmp_path / "w.json"
    assert value.main(["--positions", str(out), "--out", str(weights), "--jaw-ramp", "0.015",
                       "--lambda", "1"]) == 0
    assert json.loads(weights.read_text())["jaw_ramp_m"] == 0.015
    loaded = LearnedWeights.load(weights)
    assert loaded.jaw_ramp_m == 0.015
    assert LearnedValue(weights=loaded).race.jaw_ramp_m == 0.015
    jaws, plain = value.build(lines, jaw_ramp_m=0.015), value.build(lines)
    assert not np.array_equal(jaws.X, plain.X)
    assert (jaws.X[:, 4] <= plain.X[:, 4] + 1e-12).all()  # q1: the jaws only take chance away
    for bad in ("-0.01", "nan", "0.2"):
        with pytest.raises(SystemExit) as exc:
            value.main(["--positions", str(out), "--out", str(tmp_path / "x.json"),
                        "--jaw-ramp", bad])
        assert exc.value.code == 2 and "--jaw-ramp" in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()


def test_selfplay_at_a_level_and_a_fit_on_its_noise(tmp_path, capsys):
    """selfplay --skill: both sides play with the level's noise and believe it, each line says
    it; the games differ from the default noise's; the fit computes the features with that
    noise and writes it; lines of two levels are refused, as is an unknown level."""
    master, plain = tmp_path / "master.jsonl", tmp_path / "plain.jsonl"
    args = ["--games", "2", "--agent", "greedy", "--seed", "0", "--jobs", "1"]
    assert selfplay.main([*args, "--skill", "master", "--out", str(master)]) == 0
    assert selfplay.main([*args, "--out", str(plain)]) == 0
    lines, before = selfplay.read_positions(master), selfplay.read_positions(plain)
    assert {line["noise"] for line in lines} == {0.5} and "noise" not in before[0]
    assert selfplay.noise_of(lines) == 0.5 and selfplay.noise_of(before) == 1.0
    assert [x["state"] for x in lines] != [x["state"] for x in before]
    weights = tmp_path / "w.json"
    assert value.main(["--positions", str(master), "--out", str(weights), "--lambda", "1"]) == 0
    doc = json.loads(weights.read_text())
    assert doc["fit"]["skill"] == 0.5
    from ai.calibrate.pwin import fit
    at_level = value.build(lines, 0.5)
    assert not np.array_equal(at_level.X, value.build(lines).X)  # the noise is seen
    w = fit(at_level.X, at_level.y, ridge=value.RIDGE)  # lambda 1: the results themselves
    assert doc["weights"] == pytest.approx([round(float(v), 5) for v in w], abs=1e-5)
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(master.read_text() + plain.read_text())
    with pytest.raises(SystemExit) as exc:
        value.main(["--positions", str(mixed), "--out", str(tmp_path / "x.json")])
    assert exc.value.code == 2 and "several noises" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        selfplay.main([*args, "--skill", "legend", "--out", str(tmp_path / "y.jsonl")])
    assert exc.value.code == 2 and "--skill 'legend'" in capsys.readouterr().err
