"""Execution noise: how far a stroke that is played lands from the stroke that was meant.

Gaussian noise on the five stroke parameters, with the standard deviations of the
computational pool tournaments (Computer Olympiad 2005-2008: direction 0.125 deg, speed
0.075 m/s, elevation 0.1 deg, tip offset 0.5 mm; the offsets here are fractions of R), all
scaled by one magnitude factor.  The same model is the AI's belief about both players.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
import math

import numpy as np

from sim import Strike
from sim import detmath as dm
from sim.params import PhysicsParams

BALL_RADIUS_M = 0.034

# The standard normal draws one stroke's noise takes: aim, speed, elevation, side, vertical.
NOISE_DIMS = 5

SKILLS = {  # named skill levels: the noise magnitude factor (what each means on the 12 ft
    # table, a straight pot's rate and the balls a visit: ai/README.md, "Levels of play")
    "perfect": 0.0,
    "pro": 0.25,  # issue 56: where position play decides (a pyramid professional's runs)
    "master": 0.5,
    "strong": 1.0,
    "club": 2.0,
    "beginner": 4.0,
}


@dataclass(frozen=True)
class NoiseModel:
    sigma_phi_rad: float = math.radians(0.125)
    sigma_speed_mps: float = 0.075
    sigma_elevation_rad: float = math.radians(0.1)
    sigma_offset: float = 0.0005 / BALL_RADIUS_M  # 0.5 mm as a fraction of R
    magnitude: float = 1.0

    @classmethod
    def for_skill(cls, skill: str | float) -> "NoiseModel":
        if isinstance(skill, (int, float)) and not isinstance(skill, bool):
            if not (math.isfinite(skill) and skill >= 0):
                raise ValueError(f"skill magnitude must be a number >= 0, got {skill!r}")
            return cls(magnitude=float(skill))
        try:
            return cls(magnitude=SKILLS[skill])
        except KeyError:
            raise ValueError(f"unknown skill {skill!r}; known: {', '.join(SKILLS)} "
                             "or a magnitude factor") from None

    def scaled(self, factor: float) -> "NoiseModel":
        """The same model with its magnitude times ``factor``."""
        return self if factor == 1.0 else replace(self, magnitude=self.magnitude * factor)

    def perturb(self, strike: Strike, rng: np.random.Generator,
                miscue_offset: float = PhysicsParams.miscue_offset) -> Strike:
        """The stroke actually played.  Offsets stay inside the miscue limit (the simulator's:
        ``simulator.physics.miscue_offset``; the default physics' when not given) and the speed
        and elevation inside their ranges (a player does not miscue by noise alone here)."""
        if self.magnitude == 0.0:
            return strike
        return self.apply(strike, self.draw(rng), miscue_offset)

    def draw(self, rng: np.random.Generator) -> np.ndarray:
        """One stroke's standard normal draws, as :meth:`perturb` takes them from ``rng``:
        :data:`NOISE_DIMS` of them, none (an empty array, ``rng`` untouched) at magnitude 0
        (the chance outcome of a stroke, :mod:`ai.env.forward`)."""
        if self.magnitude == 0.0:
            return np.zeros(0)
        # the same bits on every machine (sim.detmath)
        return dm.standard_normal(rng, NOISE_DIMS)

    def apply(self, strike: Strike, z: np.ndarray,
              miscue_offset: float = PhysicsParams.miscue_offset) -> Strike:
        """:meth:`perturb` with its standard normal draws given: ``z`` (:data:`NOISE_DIMS`,)
        for the aim, speed, elevation, side and vertical offsets, in that order (the same
        draws for several strokes: common random numbers, :mod:`ai.search.allocate`)."""
        if self.magnitude == 0.0:
            return strike
        k = self.magnitude
        speed = max(0.05, strike.speed_mps + k * self.sigma_speed_mps * z[1])
        elevation = min(max(0.0, strike.elevation_rad + k * self.sigma_elevation_rad * z[2]),
                        math.radians(89.0))
        side = strike.side + k * self.sigma_offset * z[3]
        vertical = strike.vertical + k * self.sigma_offset * z[4]
        r = math.hypot(side, vertical)
        if r > miscue_offset:
            side, vertical = side * miscue_offset / r, vertical * miscue_offset / r
        return Strike(speed, strike.phi_rad + k * self.sigma_phi_rad * z[0], elevation, side,
                      vertical)
