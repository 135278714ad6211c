"""The trees value (ai.value.trees): the compiled walk against a readable one and against
scikit-learn's own prediction to the last digit, the file round trip and its refusals, and the
value's interface (probabilities that add up for the two sides, finished games as the rules
say)."""
import numpy as np
import pytest
from sklearn.ensemble import HistGradientBoostingRegressor

from ai.calibrate import trees as fit_trees
from ai.noise import NoiseModel
from ai.value.features import NAMES
from ai.value.trees import P_CLIP, TreesModel, TreesValue

from ..conftest import make_state
from .test_features import STATES

N = len(NAMES)


def _two_stumps() -> TreesModel:
    """Tree 0 splits on feature 2 at 0.5 (left +0.1, right -0.2); tree 1 on feature 4 at -1
    (left +0.05, right +0.3); baseline 0.5."""
    return TreesModel(
        0.5, np.array([0, 3]), feature=np.array([2, 1, 1, 4, 1, 1]),
        threshold=np.array([0.5, 0, 0, -1.0, 0, 0]), left=np.array([1, 0, 0, 4, 0, 0]),
        right=np.array([2, 0, 0, 5, 0, 0]), value=np.array([0, 0.1, -0.2, 0, 0.05, 0.3]),
        leaf=np.array([False, True, True, False, True, True]))


def _readable(model: TreesModel, x) -> float:
    total = model.baseline
    for root in model.roots:
        k = root
        while not model.leaf[k]:
            k = model.left[k] if x[model.feature[k]] <= model.threshold[k] else model.right[k]
        total += model.value[k]
    return total


def test_the_walk_follows_the_thresholds():
    m = _two_stumps()
    x = np.zeros(N)
    x[2], x[4] = 0.5, 0.0  # at the threshold goes left; above goes right
    assert m.raw(x) == pytest.approx(0.5 + 0.1 + 0.3)
    x[2], x[4] = 0.51, -1.0
    assert m.raw(x) == pytest.approx(0.5 - 0.2 + 0.05)
    rng = np.random.default_rng(0)
    for row in rng.normal(size=(50, N)):
        assert m.raw(row) == _readable(m, row)


def test_exported_trees_give_scikit_learns_estimates_to_the_last_digit():
    rng = np.random.default_rng(1)
    X = np.hstack([np.ones((3000, 1)), rng.normal(size=(3000, N - 1))])
    target = 1 / (1 + np.exp(-(X[:, 1] - np.abs(X[:, 5]) + X[:, 2] * X[:, 3])))
    trees = fit_trees.regressor(X, target)
    assert isinstance(trees, HistGradientBoostingRegressor)
    model = fit_trees.export(trees)
    assert len(model.roots) == fit_trees.GBM["max_iter"]
    test = np.hstack([np.ones((500, 1)), rng.normal(size=(500, N - 1))])
    ours = np.array([model.raw(x) for x in test])
    assert np.array_equal(ours, trees.predict(test[:, 1:]))  # equal, not close
    assert np.allclose(fit_trees.predict(trees, test),
                       [model.probability(x) for x in test], rtol=0, atol=0)
    again = TreesModel.from_json(model.to_json())  # the file round trip keeps every digit
    assert np.array_equal([again.raw(x) for x in test], ours)


def test_files_fitted_on_other_features_or_broken_are_refused():
    doc = _two_stumps().to_json()
    with pytest.raises(ValueError, match="refit with python -m ai.calibrate.trees"):
        TreesModel.from_json({**doc, "features": doc["features"][:-1]}, "t.json")
    with pytest.raises(ValueError, match="t.json: a child outside the nodes"):
        TreesModel.from_json({**doc, "left": [1, 0, 0, 9, 0, 0]}, "t.json")
    with pytest.raises(ValueError, match="t.json: a split on a feature outside"):
        TreesModel.from_json({**doc, "feature": [0, 1, 1, 4, 1, 1]}, "t.json")
    with pytest.raises(ValueError, match="t.json: not a trees file"):
        TreesModel.from_json({k: v for k, v in doc.items() if k != "threshold"}, "t.json")
    with pytest.raises(ValueError, match="not finite"):
        TreesModel.from_json({**doc, "baseline": float("nan")}, "t.json")


def test_the_value_is_a_probability_for_either_side():
    model = _two_stumps()
    v = TreesValue(trees=model)
    noise = NoiseModel()
    for st in STATES[:40]:
        a, b = v.state_value(st, 0, noise), v.state_value(st, 1, noise)
        assert P_CLIP <= a <= 1 - P_CLIP
        assert a + b == pytest.approx(1.0)
    st = make_state({"cue": (1.0, 1.0), "1": (2.0, 1.0)})
    won = st.__class__.from_json({**st.to_json(), "result": {"winner": 1}})
    assert v.state_value(won, 1, noise) == 1.0 and v.state_value(won, 0, noise) == 0.0


def test_estimates_past_zero_or_one_are_clipped():
    m = _two_stumps()
    high = TreesModel(1.5, m.roots, m.feature, m.threshold, m.left, m.right, m.value, m.leaf)
    low = TreesModel(-1.5, m.roots, m.feature, m.threshold, m.left, m.right, m.value, m.leaf)
    assert high.probability(np.zeros(N)) == 1 - P_CLIP
    assert low.probability(np.zeros(N)) == P_CLIP


def test_the_value_needs_its_trees():
    with pytest.raises(ValueError, match="needs its trees"):
        TreesValue()


def test_the_trees_never_fall_in_the_mover_s_lead_or_chances():
    """Targets that fall with the best chance q1 (as the linear fit's weight did): the trees
    stay level in it rather than follow, and still rise with the lead."""
    rng = np.random.default_rng(2)
    X = np.hstack([np.ones((4000, 1)), rng.normal(size=(4000, N - 1))])
    q1, lead = NAMES.index("q1"), NAMES.index("lead_10")
    target = 1 / (1 + np.exp(-(X[:, lead] - 0.8 * X[:, q1])))
    model = fit_trees.export(fit_trees.regressor(X, target))
    free = fit_trees.export(fit_trees.regressor(X, target, rising=()))
    for row in X[:100]:
        lo, hi = row.copy(), row.copy()
        lo[q1], hi[q1] = -2.0, 2.0
        assert model.raw(hi) >= model.raw(lo)
        assert free.raw(hi) < free.raw(lo)  # unconstrained, the trees follow the targets down
        lo[q1] = hi[q1] = 0.0
        lo[lead], hi[lead] = -2.0, 2.0
        assert model.raw(hi) > model.raw(lo)
    with pytest.raises(ValueError, match=f"needs the {N} columns"):
        fit_trees.regressor(X[:, :5], target)


def test_stacked_trees_add_to_the_weights_p_win():
    m = _two_stumps()
    w = tuple(0.1 * (i % 3) for i in range(N))
    stacked = TreesModel(0.0, m.roots, m.feature, m.threshold, m.left, m.right, m.value, m.leaf,
                         on_weights=w)
    rng = np.random.default_rng(3)
    for row in rng.normal(size=(30, N)):
        p = 1 / (1 + np.exp(-np.dot(w, row)))
        assert stacked.raw(row) == pytest.approx(p + m.raw(row) - m.baseline, abs=1e-12)
    again = TreesModel.from_json(stacked.to_json())
    assert again.on_weights == w and again.raw(row) == stacked.raw(row)
    with pytest.raises(ValueError, match=f"on_weights: 3 weights for {N} features"):
        TreesModel.from_json({**stacked.to_json(), "on_weights": [0.1, 0.2, 0.3]}, "t.json")
