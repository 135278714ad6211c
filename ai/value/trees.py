"""A position value of another kind (issue 29): gradient-boosted regression trees on the
features of :mod:`ai.value.features`, where the learned value has one weight per feature.

The trees are fitted by ``python -m ai.calibrate.trees`` (scikit-learn's
``HistGradientBoostingRegressor``, the squared error to the lambda-returns, so they estimate
P(win) directly) and written out as plain arrays; nothing here needs scikit-learn.  The walk
is compiled: a node sends a position left when its feature is at most the node's threshold,
as scikit-learn's own prediction does, and the leaves' values are added tree by tree onto the
baseline in the trees' order, so the sum is the same to the last digit on every machine
(comparisons and additions only; tests/ai/value/test_trees.py holds it against scikit-learn).

Stacked trees (``on_weights``) correct a logistic value instead: the estimate is the weights'
P(win) plus the trees' sum, so the value keeps the weights' smooth response to the lead and the
chances and the trees add what the weights cannot shape.  :class:`TreesValue` is
:class:`ai.value.learned.LearnedValue` with the trees in place of the logistic weights: the
same features, cache, fallbacks and interface (``state_value(state, side, noise)``,
``draw_value``).  Measured in play against ``mc-2`` (ai/README.md, "A value of another kind"),
neither the trees alone nor stacked trees are better; no agent judges by them unless a spec
asks (``benchmarks/value_variants.py:Trees:model=FILE``).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from numba import njit

from sim import detmath as dm

from ..calibrate.provenance import FittedFor
from .features import NAMES
from .learned import LearnedValue, LearnedWeights
from .pwin import _sigmoid

# The trees' estimates are clipped into [P_CLIP, 1 - P_CLIP]: squared-error trees may stray a
# little past 0 or 1, and a search takes logs of nothing, but a P(win) of exactly 0 or 1 for an
# unfinished game is never right.
P_CLIP = 1e-3
# The node arrays a file carries, in order.
NODE_FIELDS = ("feature", "threshold", "left", "right", "value", "leaf")


@njit(cache=True)
def trees_sum(x, baseline, roots, feature, threshold, left, right, value, leaf):
    """The trees' raw estimate for the feature row ``x``: ``baseline`` plus each tree's leaf.
    Node arrays are flat over all trees; ``roots[t]`` is tree t's first node; ``feature``
    indexes ``x`` (a node goes left when ``x[feature] <= threshold``)."""
    total = baseline
    for t in range(roots.shape[0]):
        k = roots[t]
        while not leaf[k]:
            if x[feature[k]] <= threshold[k]:
                k = left[k]
            else:
                k = right[k]
        total += value[k]
    return total


@dataclass(frozen=True)
class TreesModel:
    """Regression trees over the feature row of :data:`ai.value.features.NAMES` (module doc)."""

    baseline: float
    roots: np.ndarray  # int64, a first node per tree
    feature: np.ndarray  # int64, the column of the feature row a node splits on
    threshold: np.ndarray  # float64
    left: np.ndarray  # int64, node indices into these arrays
    right: np.ndarray  # int64
    value: np.ndarray  # float64, what a leaf adds
    leaf: np.ndarray  # bool
    fitted_for: FittedFor | None = None
    fit: dict = field(default_factory=dict)  # how they were fitted (the file's "fit")
    # Stacked trees: the logistic weights (in the order of NAMES) whose P(win) the trees
    # correct -- the estimate is that P(win) plus the trees' sum; None: the trees alone.
    on_weights: tuple[float, ...] | None = None

    def __post_init__(self):
        n = len(self.feature)
        if any(len(getattr(self, name)) != n for name in NODE_FIELDS):
            raise ValueError("the node arrays differ in length")
        inner = ~self.leaf
        if not len(self.roots) or np.any((self.roots < 0) | (self.roots >= n)):
            raise ValueError("a root outside the nodes")
        if np.any((self.left[inner] < 0) | (self.left[inner] >= n)
                  | (self.right[inner] < 0) | (self.right[inner] >= n)):
            raise ValueError("a child outside the nodes")
        if np.any((self.feature[inner] < 1) | (self.feature[inner] >= len(NAMES))):
            raise ValueError(f"a split on a feature outside 1..{len(NAMES) - 1}")
        if self.on_weights is not None and len(self.on_weights) != len(NAMES):
            raise ValueError(f"on_weights: {len(self.on_weights)} weights for {len(NAMES)} "
                             f"features")
        numbers = np.concatenate([[self.baseline], self.threshold[inner], self.value[self.leaf],
                                  self.on_weights or ()])
        if not np.all(np.isfinite(numbers)):
            raise ValueError("a baseline, threshold or leaf value that is not finite")
        # the weights as the dot product takes them, made once, not at every leaf valued
        object.__setattr__(self, "_on_w", None if self.on_weights is None
                           else np.asarray(self.on_weights, float))

    def raw(self, x: np.ndarray) -> float:
        """The trees' sum for one feature row (not clipped), on top of the weights' P(win)
        for stacked trees."""
        x = np.asarray(x, float)
        total = float(trees_sum(x, self.baseline, self.roots, self.feature, self.threshold,
                                self.left, self.right, self.value, self.leaf))
        if self.on_weights is None:
            return total
        return _sigmoid(dm.dot(self._on_w, x)) + total

    def probability(self, x: np.ndarray) -> float:
        """P(the player to move wins) for one feature row."""
        return min(max(self.raw(x), P_CLIP), 1.0 - P_CLIP)

    def to_json(self) -> dict:
        doc = {"kind": "gradient-boosted trees", "features": list(NAMES),
               "baseline": self.baseline, "roots": self.roots.tolist()}
        for name in NODE_FIELDS:
            doc[name] = getattr(self, name).tolist()
        doc["fit"] = self.fit
        if self.on_weights is not None:
            doc["on_weights"] = list(self.on_weights)
        if self.fitted_for is not None:
            doc["fitted_for"] = self.fitted_for.to_json()
        return doc

    @classmethod
    def from_json(cls, doc: dict, where: str = "trees") -> "TreesModel":
        """The trees of a document as :meth:`to_json` writes it; ValueError naming ``where``
        when they were fitted on other features than the code computes, or are malformed."""
        try:
            if tuple(doc["features"]) != NAMES:
                raise ValueError(f"fitted on features {doc['features']}, the code has "
                                 f"{list(NAMES)}; refit with python -m ai.calibrate.trees")
            fitted = doc.get("fitted_for")
            return cls(float(doc["baseline"]), np.asarray(doc["roots"], np.int64),
                       np.asarray(doc["feature"], np.int64),
                       np.asarray(doc["threshold"], float), np.asarray(doc["left"], np.int64),
                       np.asarray(doc["right"], np.int64), np.asarray(doc["value"], float),
                       np.asarray(doc["leaf"], np.bool_),
                       None if fitted is None else FittedFor.from_json(fitted, "fitted_for"),
                       dict(doc.get("fit", {})),
                       None if doc.get("on_weights") is None
                       else tuple(float(w) for w in doc["on_weights"]))
        except (KeyError, TypeError) as exc:
            raise ValueError(f"{where}: not a trees file (missing or malformed {exc})") from None
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None

    @classmethod
    def load(cls, path: str | Path) -> "TreesModel":
        return cls.from_json(json.loads(Path(path).read_text()), str(path))


@dataclass
class TreesValue(LearnedValue):
    """The learned value's features judged by :class:`TreesModel` (module doc).  The features
    see the noise and the jaws as the learned value's default weights do (factor 1, no jaw
    ramp): the trees were fitted on features so computed."""

    trees: TreesModel = None  # type: ignore[assignment]

    def __post_init__(self):
        if self.trees is None:
            raise ValueError("TreesValue needs its trees (TreesModel.load)")
        if self.weights is None:  # only the features' settings are read from them
            self.weights = LearnedWeights((0.0,) * len(NAMES), self.trees.fitted_for)
        super().__post_init__()

    def probability(self, row: np.ndarray) -> float:
        return self.trees.probability(row)
