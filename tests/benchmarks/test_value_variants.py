"""The value variants played against mc-2 (benchmarks/value_variants.py) are what their names
say: each is today's weights changed in its one stated way, loadable by ``pyramid tournament``
as a file agent, and judging a position accordingly."""
import json
import math

import numpy as np
import pytest

from ai.geometry.pockets import JAW_RAMP_M
from ai.noise import NoiseModel
from ai.registry import make_agent
from ai.search.context import Context
from ai.value.features import NAMES, features
from ai.value.learned import LEARNED_FILE
from ai.value.trees import TreesValue
from benchmarks import value_variants as vv

from ..ai.conftest import make_state
from ..ai.value.test_trees import _two_stumps


def _logit(p):
    return math.log(p / (1 - p))


def test_no_negative_chances_zeroes_the_four_negative_chance_weights_and_keeps_the_rest():
    today = vv.today()
    w = vv.no_negative_chances(today)
    for i, name in enumerate(NAMES):
        if name in vv.NEGATIVE_CHANCES:
            assert today[i] < 0 and w[i] == 0.0, name
        else:
            assert w[i] == today[i], name


@pytest.mark.parametrize("spec, factor", [("Sharp13", 1.3), ("Flat075", 0.75)])
def test_a_scaled_variant_scales_the_value_logit(spec, factor):
    st = make_state({"cue": (0.7, 0.9), "3": (1.5, 0.5), "9": (2.4, 1.2), "12": (3.0, 0.4)})
    noise = NoiseModel()
    base = make_agent("benchmarks/value_variants.py:NoNegQ").win.mover_value(st, noise)
    scaled = make_agent(f"benchmarks/value_variants.py:{spec}").win.mover_value(st, noise)
    assert _logit(scaled) == pytest.approx(factor * _logit(base), rel=1e-9)
    assert scaled != base


def test_the_q1_variants_weight_the_best_chance_and_change_nothing_else():
    base = np.array(vv.no_negative_chances(vv.today()))
    for spec, q1 in (("Q1b05", 0.5), ("Q1b10", 1.0)):
        a = make_agent(f"benchmarks/value_variants.py:{spec}")
        w = np.array(a.win.weights.weights)
        assert w[NAMES.index("q1")] == q1
        assert np.flatnonzero(w != base).tolist() == [NAMES.index("q1")]


def test_nonegq_jaws_is_nonegq_with_the_jaws_seen_by_value_and_search():
    st = make_state({"cue": (0.7, 0.9), "3": (1.5, 0.5), "9": (2.4, 1.2), "12": (3.0, 0.4)})
    a = make_agent("benchmarks/value_variants.py:NoNegQJaws")
    assert list(a.win.weights.weights) == vv.no_negative_chances(vv.today())
    assert a.win.jaw_ramp_m == JAW_RAMP_M > 0
    assert Context(st, a.sim, a.noise, a.win).jaw_ramp_m == JAW_RAMP_M
    base = make_agent("benchmarks/value_variants.py:NoNegQ")
    assert Context(st, base.sim, base.noise, base.win).jaw_ramp_m == 0.0


def test_fitted_reads_a_weights_file(tmp_path):
    doc = json.loads(LEARNED_FILE.read_text())
    doc["weights"] = [0.1 * i for i in range(len(NAMES))]
    path = tmp_path / "w.json"
    path.write_text(json.dumps(doc))
    a = make_agent(f"benchmarks/value_variants.py:Fitted:weights={path}")
    assert list(a.win.weights.weights) == pytest.approx(doc["weights"])
    assert a.win.weights.chance_noise_factor == 1.0
    doc["chance_noise_factor"] = 1.5  # a fit with --chance-noise 1.5 keeps its factor
    path.write_text(json.dumps(doc))
    a = make_agent(f"benchmarks/value_variants.py:Fitted:weights={path}")
    assert a.win.weights.chance_noise_factor == 1.5


def test_trees_reads_a_trees_file_and_judges_by_it(tmp_path):
    path = tmp_path / "t.json"
    path.write_text(json.dumps(_two_stumps().to_json()))
    a = make_agent(f"benchmarks/value_variants.py:Trees:model={path}")
    assert isinstance(a.win, TreesValue) and a.name == "trees-t"
    noise = NoiseModel()
    st = make_state({"cue": (1.0, 0.8), "3": (2.5, 1.2), "9": (3.0, 0.5)}, scores=(10, 30))
    row = features(a.win.race, st, noise)
    assert a.win.state_value(st, st.to_move, noise) == _two_stumps().probability(row)
    assert a.decide(st, np.random.default_rng(0)).p_win is not None
