"""The learned position value: P(win) for the player to move from the features of
:mod:`ai.value.features`, by logistic regression fitted on self-play positions.

Why logistic regression: the data are a few thousand games' positions (neighbouring positions
of one game are far from independent), so a model with a score per feature is what they can
support without over-fitting; it is calibrated by construction on its training data (the
reliability table in ``learned_weights.json`` checks that on held-out games); and it costs one
dot product on top of the features, so it can value every Monte Carlo sample.  It is stacked
on the race model (:class:`ai.value.pwin.WinModel`, whose logit is a feature), so it starts
from today's estimate and learns what the table adds.

Fitted by ``python -m ai.calibrate.value`` (the run is described in the weights file and in
ai/README.md).  Same interface as the race model: ``state_value(state, side, noise)`` and
``draw_value``.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from engine import GameState
from sim import detmath as dm

from ..calibrate.provenance import FittedFor
from .features import NAMES, features
from .protocol import finished_value
from .pwin import WinModel, _sigmoid

LEARNED_FILE = Path(__file__).with_name("learned_weights.json")
# Entries kept in the cache of values by position before it is cleared.
CACHE_ENTRIES = 50000


@dataclass(frozen=True)
class LearnedWeights:
    """A weight per feature of :data:`ai.value.features.NAMES` (in that order)."""

    weights: tuple[float, ...]
    # The table and physics the weights were fitted for (the file's ``fitted_for``; None for
    # weights made in code).  Checked when an agent is built (ai/calibrate/fitted.py).
    fitted_for: FittedFor | None = None
    # The features see the execution noise scaled by this factor (the file's
    # ``chance_noise_factor``, 1 when absent): the closed-form pot chance's direction noise
    # leaves out the noise of speed, spin and elevation, and is calibrated against the
    # simulator at about 1.5 (benchmarks/pot_chances.py).  The weights were fitted so.
    chance_noise_factor: float = 1.0
    # The features' closed form scaled by the pockets' jaws with this ramp (m; the file's
    # ``jaw_ramp_m``, 0 -- no jaws -- when absent, as in the weights mc-2 froze): see
    # ai.geometry.pockets.JAW_RAMP_M.  The weights were fitted so.
    jaw_ramp_m: float = 0.0

    def __post_init__(self):
        f = self.chance_noise_factor
        number = isinstance(f, (int, float)) and not isinstance(f, bool)
        if not (number and math.isfinite(f) and f > 0):
            raise ValueError(f"chance_noise_factor must be a number > 0, got {f!r}")
        r = self.jaw_ramp_m
        if not (isinstance(r, (int, float)) and not isinstance(r, bool) and math.isfinite(r)
                and r >= 0):
            raise ValueError(f"jaw_ramp_m must be a number >= 0 (m), got {r!r}")

    @classmethod
    def load(cls, path: Path = LEARNED_FILE) -> "LearnedWeights":
        """The weights of ``path``; ValueError when they were fitted on other features than
        the code computes (using them would be wrong, not imprecise) or ``fitted_for`` is
        malformed."""
        doc = json.loads(Path(path).read_text())
        if tuple(doc["features"]) != NAMES:
            raise ValueError(f"{path}: fitted on features {doc['features']}, the code has "
                             f"{list(NAMES)}; refit with python -m ai.calibrate.value")
        fitted = doc.get("fitted_for")
        fitted_for = None if fitted is None else FittedFor.from_json(fitted,
                                                                     f"{path}: fitted_for")
        try:
            return cls(tuple(float(w) for w in doc["weights"]), fitted_for,
                       doc.get("chance_noise_factor", 1.0), doc.get("jaw_ramp_m", 0.0))
        except ValueError as exc:
            raise ValueError(f"{path}: {exc}") from None


@dataclass
class LearnedValue:
    """P(win) from the table, not only the score (module doc)."""

    weights: LearnedWeights = None  # type: ignore[assignment]
    draw_value: float = 0.5
    race: WinModel = field(default_factory=WinModel)

    def __post_init__(self):
        if self.weights is None:
            self.weights = LearnedWeights.load()
        self.race.draw_value = self.draw_value
        self.race.jaw_ramp_m = self.weights.jaw_ramp_m  # the race logit sees what the fit saw
        self._w = np.asarray(self.weights.weights, float)
        self._cache: dict = {}
        self._scaled: tuple = (None, None)  # the last noise given and the one the features see

    def mover_value(self, state: GameState, noise) -> float:
        """P(the player to move wins) from an unfinished state."""
        key = (tuple(sorted((b, round(p[0], 4), round(p[1], 4)) for b, p in state.balls.items())),
               state.cue_in_hand, tuple(state.scores), state.to_move,
               tuple(state.unchanged_foul_streak), state.warning, state.last_ball_replay,
               state.targets, round(noise.magnitude, 3))
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        v = self.probability(features(self.race, state, self._seen(noise)))
        if len(self._cache) > CACHE_ENTRIES:
            self._cache.clear()
        self._cache[key] = v
        return v

    def probability(self, row: np.ndarray) -> float:
        """P(the player to move wins) for one feature row: the logistic model's."""
        return _sigmoid(dm.dot(self._w, row))

    @property
    def jaw_ramp_m(self) -> float:
        """The ramp with which the features' closed form sees the jaws (the weights')."""
        return self.weights.jaw_ramp_m

    def _seen(self, noise):
        """The noise the features see (:attr:`LearnedWeights.chance_noise_factor`), scaled
        once per noise model rather than once per position valued (a search values
        thousands of outcomes with one noise)."""
        given, seen = self._scaled
        if given is not noise:
            seen = noise.scaled(self.weights.chance_noise_factor)
            self._scaled = (noise, seen)
        return seen

    def state_value(self, state: GameState, side: int, noise) -> float:
        if state.result is not None:
            return finished_value(state, side, self.draw_value)
        if state.n_sides != 2:  # fitted on two-sided games only
            return self.race.state_value(state, side, noise)
        p = self.mover_value(state, noise)
        return p if side == state.to_move else 1.0 - p

