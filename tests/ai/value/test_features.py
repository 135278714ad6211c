"""The learned value's features (ai.value.features): the compiled summary agrees with the
readable numpy version (features_oracle.py) on random tables, from hand and on the table;
the race model's estimate enters unchanged; what each feature says moves the right way."""
import math

import numpy as np
import pytest

from ai.geometry import JAW_RAMP_M
from ai.noise import NoiseModel
from ai.value import WinModel
from ai.value.features import NAMES, RACE_LOGIT_CLIP, features
from engine import GameState

from ..conftest import make_state
from .features_oracle import features_readable


def random_states(n: int, seed: int) -> list[GameState]:
    """Random tables: 1-15 object balls, the cue ball on the table or in hand (then some
    balls in the house), random scores, now and then the R9.2 counters and the warning."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        k = int(rng.integers(1, 16))
        ids = ["cue"] + [str(i) for i in rng.choice(np.arange(1, 16), k, replace=False)]
        balls = {}
        for b in ids:
            for _ in range(50):
                p = (float(rng.uniform(0.035, 3.515)), float(rng.uniform(0.035, 1.715)))
                if all(math.hypot(p[0] - q[0], p[1] - q[1]) > 0.069 for q in balls.values()):
                    balls[b] = p
                    break
        if len(balls) < 2:
            continue
        in_hand = bool(rng.random() < 0.3)
        if in_hand:
            balls.pop("cue", None)
        scores = (int(rng.integers(0, 60)), int(rng.integers(0, 60)))
        streak = [int(rng.integers(0, 3)), int(rng.integers(0, 3))] if rng.random() < 0.2 \
            else [0, 0]
        try:
            st = make_state(balls, scores=scores, cue_in_hand=in_hand, to_move=int(rng.integers(2)),
                            unchanged_foul_streak=streak, warning=bool(rng.random() < 0.2))
        except ValueError:
            continue  # scores the balls on the table cannot add up to
        out.append(st)
    return out


STATES = random_states(150, 11)


@pytest.mark.parametrize("jaw_ramp_m", [0.0, JAW_RAMP_M])
def test_compiled_features_match_the_readable_version(jaw_ramp_m):
    race = WinModel(jaw_ramp_m=jaw_ramp_m)
    noise = NoiseModel()
    hand = 0
    for st in STATES:
        a = features(race, st, noise)
        b = features_readable(race, st, noise)
        assert a.shape == (len(NAMES),)
        np.testing.assert_allclose(a, b, rtol=0, atol=1e-12, err_msg=str(st.to_json()))
        hand += st.cue_in_hand
    assert hand >= 20  # from hand checked too


def test_race_logit_is_the_race_models_estimate():
    race = WinModel()
    noise = NoiseModel()
    i = NAMES.index("race_logit")
    for st in STATES[:40]:
        p = race.state_value(st, st.to_move, noise)
        f = features(race, st, noise)[i]
        p = min(max(p, 1e-6), 1 - 1e-6)
        assert f == pytest.approx(max(-RACE_LOGIT_CLIP, min(RACE_LOGIT_CLIP,
                                                            math.log(p / (1 - p)))))


def test_a_straight_pot_and_a_run_of_two():
    """A ball on the corner pocket's line 30 cm from it, straight from the cue ball: q1 high;
    a second ball lined up from where the cue ball meets the first: a run of two."""
    race = WinModel()
    noise = NoiseModel()
    one = make_state({"cue": (0.8, 0.8), "3": (0.4, 0.4)})
    two = make_state({"cue": (0.8, 0.8), "3": (0.4, 0.4), "5": (0.4, 1.35)})
    f1 = dict(zip(NAMES, features(race, one, noise)))
    f2 = dict(zip(NAMES, features(race, two, noise)))
    cut = make_state({"cue": (0.8, 0.25), "3": (0.4, 0.4)})  # the same ball at a thick cut
    assert f1["q1"] > dict(zip(NAMES, features(race, cut, noise)))["q1"] > 0.0
    assert f1["run2"] == 0.0  # nothing left after the only ball
    assert f2["run2"] > 0.0 and f2["run2"] <= f2["q1"]
    assert f2["run2_points"] * 10 >= f2["run2"] * (3 + 5) - 1e-9


def test_touching_balls_and_hanging_balls_are_counted():
    race = WinModel()
    noise = NoiseModel()
    R = 0.034
    st = make_state({"cue": (2.5, 0.9), "1": (1.0, 0.9), "2": (1.0 + 2 * R + 0.002, 0.9),
                     "4": (0.06, 0.06)})
    f = dict(zip(NAMES, features(race, st, noise)))
    assert f["touching"] == pytest.approx(1 / 3)
    assert f["hanging"] >= 1
    assert f["gap_m"] == pytest.approx(1.5 - 2 * R - 0.002 - 2 * R, abs=1e-9)
