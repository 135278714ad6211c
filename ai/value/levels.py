"""The learned value fitted at each level of play (issue 56 item 3): at a noise the weights of
the level nearest it judge.

Why: the outcomes of a table are other at another noise.  The weights in use
(``learned_weights.json``) were fitted on self-play at the default noise (``strong``, 1.0); at
``pro`` (0.25) a visit pots more than a ball and a run's next pot decides, at ``master`` (0.5)
in between.  Each level's weights are fitted on self-play in which both sides play with the
level's noise and believe it (``python -m ai.calibrate.selfplay --skill LEVEL`` then ``python
-m ai.calibrate.value``, docs/CALIBRATION.md "A value for a level of play"; each file says how
it was made).  In play against ``mc-2`` at their own level (ai/README.md, "A value for each
level of play"): the ``pro`` weights at 0.25, the ``master`` weights at 0.5.

The level nearest a noise is the nearest in log magnitude: between two levels a and b the
boundary is their geometric mean, sqrt(a b), compared as m^2 against a b (exact products, no
logarithm: the same choice on every machine, tests/test_reproducible.py).  A handicap of 0.8 is
judged with the ``strong`` weights, 0.3 with the ``pro`` ones, a noise of 0 (``perfect``) with
the lowest level's.  The noise is the one the value is asked with (the agent's belief), at every call.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine import GameState

from ..noise import SKILLS
from .learned import LEARNED_FILE, LearnedValue, LearnedWeights
from .pwin import WinModel

HERE = Path(__file__).parent
# The weights of each level (noise magnitude, file); above the last, the last's.
LEVEL_FILES = ((SKILLS["pro"], HERE / "learned_weights_pro.json"),
               (SKILLS["master"], HERE / "learned_weights_master.json"),
               (SKILLS["strong"], LEARNED_FILE))


@dataclass
class LevelValue:
    """P(win) by the learned value whose weights were fitted at the level nearest the noise
    asked with (module doc).  ``levels``: (magnitude, value) pairs, lowest first."""

    levels: tuple[tuple[float, LearnedValue], ...] = ()
    draw_value: float = 0.5
    race: WinModel = field(default_factory=WinModel)

    def __post_init__(self):
        if not self.levels:
            self.levels = tuple((m, LearnedValue(weights=LearnedWeights.load(path),
                                                 draw_value=self.draw_value, race=self.race))
                                for m, path in LEVEL_FILES)
        ramps = {v.jaw_ramp_m for _, v in self.levels}
        if len(ramps) != 1:  # the search's closed form sees the jaws as the value does
            raise ValueError(f"the levels' weights see the jaws with other ramps: {ramps}")
        self._last: tuple = (None, None)  # the last noise asked with and its level's value

    @property
    def jaw_ramp_m(self) -> float:
        return self.levels[0][1].jaw_ramp_m

    def at(self, magnitude: float) -> LearnedValue:
        """The value of the level nearest ``magnitude`` in log magnitude (module doc)."""
        square = magnitude * magnitude
        for (low, value), (high, _) in zip(self.levels, self.levels[1:]):
            if square < low * high:
                return value
        return self.levels[-1][1]

    def state_value(self, state: GameState, side: int, noise) -> float:
        given, value = self._last
        if given is not noise:
            value = self.at(noise.magnitude)
            self._last = (noise, value)
        return value.state_value(state, side, noise)
