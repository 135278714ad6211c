"""What every pot generator shares: the :class:`Shot` it returns, the :class:`ShotQuery` it
answers, and the lines from a ball to a pocket."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from sim import detmath as dm

from ..context import Context


class Shot(NamedTuple):
    """A geometric pot before simulation: how likely (``prior``), in what manner, which ball
    into which pocket (index), the cue direction and the distances that set its speed."""

    prior: float
    manner: str
    ball: str
    pocket: int
    phi: float  # cue direction (rad)
    d1: float  # cue ball to its first contact (m)
    d2: float  # object ball to the pocket along its path (m)
    cut: float  # cut angle (rad)
    via: tuple = ()  # balls a combination, kiss or carom uses
    cushions: tuple = ()  # cushions a bank uses, in order
    speed_mps: float = 0.0  # a cue speed worked out by the generator (kiss, carom), else 0


@dataclass(frozen=True)
class ShotQuery:
    """One question to the generators: pots of ``targets`` from the cue ball at ``cue``.
    ``balls`` maps every ball (the cue ball at its place) to its position, ``others`` every
    object ball to its position as an array; ``sphi`` is the direction noise (rad) the priors
    assume; ``resource`` says that no clean pot is likely, so the costlier resource shots
    (two-cushion banks, kisses, caroms) are looked for too."""

    ctx: Context
    cue: np.ndarray
    targets: list
    balls: dict
    others: dict
    sphi: float
    resource: bool = False


def toward_pocket(ctx: Context, O, k):
    """Pocket k's aiming point P, the unit direction u from O to it, the distance, and the
    angle between u and the pocket's axis (how steeply the ball would enter)."""
    P = ctx.pk.targets[k]
    u = P - O
    d = dm.length2(u)
    u = u / d
    return P, u, d, dm.acos(max(-1, min(1, dm.dot2(u, ctx.pk.axes[k]))))


def ghost_balls(ctx: Context, targets, others: dict, max_approach_deg: float):
    """For each ball that may be called and each pocket it can enter at no more than
    ``max_approach_deg`` to the pocket's axis: (ball, its position O, pocket index k, the
    pocket's aiming point P, the unit direction u from O to P, the distance, the approach
    angle, the ghost-ball position O - 2R u)."""
    R = ctx.R
    for b in targets:
        O = others[b]
        for k in range(6):
            P, u, d2, appr = toward_pocket(ctx, O, k)
            if appr > math.radians(max_approach_deg):
                continue
            yield b, O, k, P, u, d2, appr, O - 2 * R * u


NATURAL = 0.4  # the tip offset (fraction of R) that gives natural roll at once
# A pot's speed and spin variants: natural roll at the base speed, a softer draw, a firmer
# stun ((speed factor, vertical tip offset) pairs).
POT_VARIANTS = ((1.0, NATURAL), (0.75, -0.3), (1.4, 0.0))


def pot_variants(speed: float) -> list[tuple[float, float]]:
    """(speed m/s, vertical tip offset) of the usual variants of a pot at base ``speed``."""
    return [(speed * f, vert) for f, vert in POT_VARIANTS]
