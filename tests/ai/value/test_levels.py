"""The learned value fitted at each level of play (ai.value.levels, issue 56 item 3): each
level's file was fitted at that level's noise on the features the code computes; at a noise
the weights of the level nearest it (in log magnitude) judge, exactly as that level's value
alone does; the default level keeps the weights mc-2 froze."""
import json

import pytest

from ai.noise import NoiseModel, SKILLS
from ai.value import LearnedValue, LearnedWeights, LevelValue
from ai.value.features import NAMES
from ai.value.learned import LEARNED_FILE
from ai.value.levels import LEVEL_FILES

from .test_features import STATES


def test_each_level_s_weights_were_fitted_at_its_noise_on_the_code_s_features():
    for magnitude, path in LEVEL_FILES:
        doc = json.loads(path.read_text())
        assert tuple(doc["features"]) == NAMES, path
        fitted_at = doc["fit"]["skill"]  # a name (the first fits) or a magnitude
        assert SKILLS.get(fitted_at, fitted_at) == magnitude, (path, fitted_at)
        held = doc["held_out_every_4th_game"]  # better held out than the race model
        assert held["learned"]["log_loss"] < held["race_model_today"]["log_loss"], path
        assert "/work" not in doc["fitted_for"]["fitted_by"]  # said as a reader runs it


@pytest.mark.parametrize("magnitude, level", [
    (0.0, "pro"), (0.25, "pro"), (0.3, "pro"), (0.36, "master"), (0.5, "master"),
    (0.7, "master"), (0.8, "strong"), (1.0, "strong"), (2.0, "strong"), (4.0, "strong")])
def test_a_noise_is_judged_with_the_weights_of_the_nearest_level(magnitude, level):
    value = LevelValue()
    path = dict((m, p) for m, p in LEVEL_FILES)[SKILLS[level]]
    assert value.at(magnitude).weights == LearnedWeights.load(path)


def test_the_level_value_is_its_level_s_learned_value_exactly():
    value = LevelValue()
    for level in ("pro", "master", "strong"):
        noise = NoiseModel.for_skill(SKILLS[level])
        alone = LearnedValue(weights=value.at(SKILLS[level]).weights)
        for st in STATES[:30]:
            for side in (0, 1):
                assert value.state_value(st, side, noise) == alone.state_value(st, side, noise)


def test_the_default_level_keeps_the_weights_in_use():
    assert LevelValue().at(SKILLS["strong"]).weights == LearnedWeights.load(LEARNED_FILE)
