"""The learned position value (ai.value.learned): the shipped weights match the features the
code computes, values are probabilities that add up for the two sides, finished games are
worth what the rules say, and a weights file fitted on other features is refused."""
import json

import numpy as np
import pytest

from ai.noise import NoiseModel
from ai.value import LearnedValue, LearnedWeights, make_value
from ai.value.features import NAMES
from ai.value.learned import LEARNED_FILE

from ..conftest import make_state
from .test_features import STATES


def test_the_shipped_weights_fit_the_features_of_the_code():
    doc = json.loads(LEARNED_FILE.read_text())
    assert tuple(doc["features"]) == NAMES
    assert len(doc["weights"]) == len(NAMES)
    held = doc["held_out_every_4th_game"]
    # the reason it is the default: better held-out log-loss than the race model
    assert held["learned"]["log_loss"] < held["race_model_today"]["log_loss"]


def test_values_are_probabilities_and_complementary():
    v = LearnedValue()
    noise = NoiseModel()
    for st in STATES[:60]:
        a = v.state_value(st, 0, noise)
        b = v.state_value(st, 1, noise)
        assert 0.0 < a < 1.0
        assert a + b == pytest.approx(1.0)


def test_finished_games_and_draws():
    v = LearnedValue()
    st = make_state({"cue": (1.0, 1.0), "1": (2.0, 1.0)})
    won = st.__class__.from_json({**st.to_json(), "result": {"winner": 1}})
    assert v.state_value(won, 1, NoiseModel()) == 1.0
    assert v.state_value(won, 0, NoiseModel()) == 0.0
    drawn = st.__class__.from_json({**st.to_json(), "result": {"draw": True}})
    assert v.state_value(drawn, 0, NoiseModel()) == v.draw_value == 0.5


def test_a_lead_and_a_pot_are_worth_something():
    """Same table, the mover 30 points ahead rather than behind: higher; a ball in the jaws in
    front of the cue ball rather than none: higher."""
    v = LearnedValue()
    noise = NoiseModel()
    balls = {"cue": (1.8, 0.9), "5": (2.9, 1.3), "9": (0.9, 0.4)}
    ahead = make_state(balls, scores=(40, 10), to_move=0)
    behind = make_state(balls, scores=(10, 40), to_move=0)
    assert v.state_value(ahead, 0, noise) > v.state_value(behind, 0, noise)
    easy = make_state({**balls, "2": (3.45, 1.65)}, scores=(20, 20), to_move=0)
    plain = make_state(balls, scores=(20, 22), to_move=0)  # same points on the table
    assert v.state_value(easy, 0, noise) > v.state_value(plain, 0, noise)


def test_weights_of_other_features_are_refused(tmp_path):
    doc = json.loads(LEARNED_FILE.read_text())
    doc["features"] = doc["features"][:-1]
    path = tmp_path / "w.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(ValueError, match="refit"):
        LearnedWeights.load(path)


def test_values_by_name():
    assert isinstance(make_value("learned").at(1.0), LearnedValue)  # ai/value/levels.py
    with pytest.raises(ValueError, match="unknown position value 'deep'"):
        make_value("deep")
    assert np.isfinite(make_value("race").state_value(STATES[0], 0, NoiseModel()))


def test_a_chance_noise_factor_is_read_and_the_features_see_the_noise_scaled(tmp_path):
    """chance_noise_factor (benchmarks/pot_chances.py): the value is the logistic of the
    weights on the features computed with the noise magnitude times the factor; a file
    without it reads as 1 (the shipped weights, mc-2's copies)."""
    from ai.value.features import features
    from ai.value.pwin import WinModel, _sigmoid
    doc = json.loads(LEARNED_FILE.read_text())
    assert LearnedWeights.load(LEARNED_FILE).chance_noise_factor == 1.0
    doc["chance_noise_factor"] = 1.5
    path = tmp_path / "w.json"
    path.write_text(json.dumps(doc))
    weights = LearnedWeights.load(path)
    assert weights.chance_noise_factor == 1.5
    scaled, plain = LearnedValue(weights=weights), LearnedValue()
    noise = NoiseModel()
    w = np.asarray(doc["weights"])
    moved = 0
    for st in STATES[:40]:
        want = _sigmoid(float(w @ features(WinModel(), st, NoiseModel(magnitude=1.5))))
        assert scaled.mover_value(st, noise) == pytest.approx(want, abs=1e-12)
        moved += abs(scaled.mover_value(st, noise) - plain.mover_value(st, noise)) > 1e-6
    assert moved > 0  # the factor changes values where a pot is on


@pytest.mark.parametrize("bad", [0, -1.5, "1.5", True, None])
def test_a_bad_chance_noise_factor_is_refused_naming_the_file_and_field(tmp_path, bad):
    doc = json.loads(LEARNED_FILE.read_text())
    doc["chance_noise_factor"] = bad
    path = tmp_path / "w.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(ValueError, match=r"w\.json: chance_noise_factor"):
        LearnedWeights.load(path)
