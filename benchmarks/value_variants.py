"""Variants of the learned position value, played against ``mc-2`` to rank values in play
(issue 29: held-out log-loss on a few dozen games cannot rank them, ai/README.md).

Each variant is today's ``mc`` agent judging by today's weights (ai/value/learned_weights.json)
changed in one stated way; each is an agent factory that ``pyramid tournament`` loads by path::

    pyramid tournament --agents benchmarks/value_variants.py:Sharp13 mc-2 --games 40 \\
        --jobs 2 --seed 2920 --out sharp13.jsonl

What each changes (the names of :data:`ai.value.features.NAMES`):

* ``NoNegQ``: the four chance weights that came out negative (``q1``, ``q2``, ``q1_close``,
  ``run2``) set to 0 -- a value that never prefers leaving the mover fewer or worse chances;
* ``Sharp13`` / ``Flat075``: ``NoNegQ``'s weights times 1.3 / 0.75 (the logit scaled: a
  sharper or flatter P(win), which changes how the search weighs a risky stroke's outcomes;
  on 40 self-play games of ``mc`` the log-loss is least at about 1.15);
* ``Q1b05`` / ``Q1b10``: ``NoNegQ`` with the mover's best clean-pot chance ``q1`` weighted 0.5 /
  1.0 -- the fit gives it about 0, so the value barely tells a safety that leaves a sure pot
  from one that leaves nothing, nor a pot whose cue ball stops for the next from one that
  does not;
* ``NoNegQJaws``: ``NoNegQ``'s weights with the pockets' jaws (ai/geometry/pockets.py,
  ``JAW_RAMP_M``) seen by the features and by the search's own clean pots, spots from hand
  and second level (``LearnedWeights.jaw_ramp_m``; the weights are not refitted);
* ``Fitted:weights=FILE``: the weights of a file written by ``python -m ai.calibrate.value``
  (e.g. a fit with ``--bootstrap search`` or ``--chance-noise 1.5``), unchanged: since issue 56
  the registered ``mc:weights=FILE``, kept under this name for the results files that use it;
* ``Trees:model=FILE``: a value of another kind, the gradient-boosted trees of a file written
  by ``python -m ai.calibrate.trees`` (ai/value/trees.py) on the same features.

They are experiments, not shipped players: none is registered, and ``mc``'s default is not
changed by any of them.
"""
from __future__ import annotations

from pathlib import Path

from ai.agents.mc import MCAgent
from ai.geometry.pockets import JAW_RAMP_M
from ai.value import LearnedValue, LearnedWeights
from ai.value.features import NAMES
from ai.value.trees import TreesModel, TreesValue

# The chance features whose fitted weights are negative in today's weights file.
NEGATIVE_CHANCES = ("q1", "q2", "q1_close", "run2")


def today() -> tuple[float, ...]:
    """Today's learned weights, in the order of NAMES."""
    return tuple(LearnedWeights.load().weights)


def no_negative_chances(weights) -> list[float]:
    w = list(weights)
    for name in NEGATIVE_CHANCES:
        w[NAMES.index(name)] = 0.0
    return w


def scaled(weights, factor: float) -> list[float]:
    return [factor * x for x in weights]


def with_weight(weights, name: str, value: float) -> list[float]:
    w = list(weights)
    w[NAMES.index(name)] = value
    return w


def judging_by(value, name: str, **opts) -> MCAgent:
    """``mc`` (its options as given, its name ``name`` unless they give one) judging by the
    position value ``value``."""
    opts.setdefault("name", name)
    a = MCAgent(**opts)
    a.win = value
    return a


def agent(weights, name: str, **opts) -> MCAgent:
    """``mc`` (its options as given) judging by ``weights`` (numbers in the order of NAMES,
    or a LearnedWeights as loaded from a file)."""
    if not isinstance(weights, LearnedWeights):
        weights = LearnedWeights(tuple(float(x) for x in weights))
    return judging_by(LearnedValue(weights=weights), name, **opts)


def NoNegQ(**opts):
    return agent(no_negative_chances(today()), "nonegq", **opts)


def Sharp13(**opts):
    return agent(scaled(no_negative_chances(today()), 1.3), "sharp13", **opts)


def Flat075(**opts):
    return agent(scaled(no_negative_chances(today()), 0.75), "flat075", **opts)


def Q1b05(**opts):
    return agent(with_weight(no_negative_chances(today()), "q1", 0.5), "q1b05", **opts)


def Q1b10(**opts):
    return agent(with_weight(no_negative_chances(today()), "q1", 1.0), "q1b10", **opts)


def NoNegQJaws(**opts):
    weights = LearnedWeights(tuple(no_negative_chances(today())), jaw_ramp_m=JAW_RAMP_M)
    return agent(weights, "nonegq-jaws", **opts)


def Fitted(weights: str, **opts):
    """``mc`` judging by the weights of the file ``weights`` (``ai.calibrate.value``'s): the
    registered ``mc:weights=FILE`` under another name, kept for the results files that name
    it."""
    opts.setdefault("name", "fitted-" + Path(weights).stem)
    return MCAgent(weights=weights, **opts)


def Trees(model: str, **opts):
    """``mc`` judging by the trees of the file ``model`` (``ai.calibrate.trees``'s)."""
    return judging_by(TreesValue(trees=TreesModel.load(Path(model))),
                      "trees-" + Path(model).stem, **opts)
