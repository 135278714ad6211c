"""Physical parameters of balls, cloth, cushions and cue, with where each value comes from.

References (cited by key in the field comments):

* [Alciatore-TP] D. G. Alciatore, "Technical Proofs" for *The Illustrated Principles of Pool and
  Billiards* (billiards.colostate.edu): TP A.4 (5/7 natural-roll speed), TP A.14 (ball-ball
  friction and collision-induced throw, with the fit mu(v) = a + b exp(-c v) to Marlow's data),
  TP A.30/A.31 (cue tip offset limits, squirt).
* [Marlow] W. C. Marlow, *The Physics of Pocket Billiards*, 1995: cloth rolling resistance,
  spin deceleration, ball-ball restitution.
* [Han2005] I. Han, "Dynamics in carom and three cushion billiards", Journal of Mechanical Science
  and Technology 19(4), 976-984, 2005: the closed-form cushion impact model used here.
* [Mathavan2010] S. Mathavan, M. R. Jackson, R. M. Parkin, "A theoretical analysis of billiard
  ball dynamics under cushion impacts", Proc. IMechE Part C 224, 2010: cushion friction and
  restitution ranges.
* [MCP] International and European Pyramid Committees, "Basic technical requirements to
  tournament tables and equipment (pyramid)": cushion rubber rebound elasticity 55 % +- 2
  (GOST 27110), working edge 42 mm above the slate, 68-68.5 mm balls.
* [LG2006] W. Leckie, M. Greenspan, "An event-based pool physics simulator", Advances in
  Computer Games 11, 2006: motion equations between events, cue strike model.

Russian wool cloth is slower than pool cloth and the balls are heavier (285 g); the values below
are the pool literature's, adjusted where a Russian source gives a number.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
import math

import numpy as np

from . import layout


@dataclass(frozen=True)
class PhysicsParams:
    gravity_mps2: float = 9.81
    # Cloth.
    mu_slide: float = 0.2  # sliding friction ball-cloth [Alciatore-TP A.4, Marlow]: 0.15-0.4
    mu_roll: float = 0.012  # rolling resistance [Marlow] 0.005-0.015; wool cloth at the slow end
    mu_spin: float = 0.012  # spin (pivot) friction, as an equivalent sliding coefficient
    #                         at radius R; gives ~10 rad/s^2, a few seconds of side spin [Marlow]
    # Ball-ball.
    e_ball: float = 0.95  # restitution [Marlow] 0.92-0.98
    mu_ball_a: float = 9.951e-3  # mu(v) = a + b exp(-c v): ball-ball friction vs slip speed
    mu_ball_b: float = 0.108  # [Alciatore-TP A.14]
    mu_ball_c: float = 1.088  # 1/(m/s)
    # Cushion (Han 2005 model).
    e_cushion: float = 0.74  # sqrt(0.55): the 55 % rubber rebound resilience of [MCP]
    mu_cushion: float = 0.2  # ball-rubber friction [Mathavan2010] 0.14-0.27
    # Jaws: the rubber of a pocket's jaws is cut across, and a ball meets it at steep angles.
    # Modelled as the same Han 2005 impact with lower restitution and friction, calibrated so
    # that the classic rail shot (a ball rolled along the cushion into the corner) drops from
    # 0.6 to 5 m/s cue speed, as it does on tournament tables, while a ball that meets a jaw
    # rounding well off the pocket's axis rattles out (tests/sim/test_pockets.py).  With the
    # cushion's own values (0.74, 0.2) no rail shot drops.
    e_jaw: float = 0.6
    mu_jaw: float = 0.1
    # Cushion impact model: "han2005" (one closed-form impulse, e_cushion / mu_cushion, jaws
    # e_jaw / mu_jaw) or "mathavan2010" (integrated through compression and restitution with
    # friction at cushion and cloth, noses and jaws alike; sim/physics/cushion_mathavan2010.py).
    cushion_model: str = "han2005"
    # Mathavan 2010: the rubber's energetic restitution e_e at the reference normal speed, and
    # 1 - e_e growing as speed ** exponent (viscoelastic contact, Kuwabara & Kono 1987: 1/5).
    cushion_e_energetic: float = 0.742  # sqrt(0.55): rebound resilience of [MCP] at 2 m/s
    cushion_e_ref_speed_mps: float = 2.0  # the Schob pendulum's impact speed (GOST 27110 / ISO 4662)
    cushion_e_speed_exponent: float = 0.2
    # Cue.
    cue_mass_kg: float = 0.72  # Russian cues weigh 0.70-0.75 kg
    cue_end_mass_kg: float = 0.012  # effective tip end mass, sets squirt [Alciatore-TP A.31]
    e_tip: float = 0.75  # tip-ball restitution [Alciatore-TP A.30]
    miscue_offset: float = 0.6  # largest tip offset as a fraction of R [Alciatore-TP A.30]
    # Numerical guards, documented in sim/physics/README (not physics).
    contact_tolerance_m: float = 1e-9  # balls this close count as touching
    fire_speed_mps: float = 1e-4  # touching bodies collide once they approach at least this fast
    elastic_below_mps: float = 0.01  # ball-ball impacts slower than this are elastic (no collapse)
    cushion_rest_below_mps: float = 0.005  # slower cushion impacts end the normal motion

    def __post_init__(self) -> None:
        if self.cushion_model not in CUSHION_MODELS:
            raise ValueError(f"physics.cushion_model must be one of {', '.join(CUSHION_MODELS)}, "
                             f"got {self.cushion_model!r}")
        for f in fields(self):
            if f.name == "cushion_model":
                continue
            v = getattr(self, f.name)
            if not (isinstance(v, (int, float)) and math.isfinite(v) and v >= 0):
                raise ValueError(f"physics.{f.name} must be a finite number >= 0, got {v!r}")
        for name in ("gravity_mps2", "mu_slide", "mu_roll", "mu_spin", "cue_mass_kg",
                     "cue_end_mass_kg"):
            if getattr(self, name) <= 0:
                raise ValueError(f"physics.{name} must be > 0 (every motion must end), "
                                 f"got {getattr(self, name)!r}")
        for name in ("e_ball", "e_cushion", "e_jaw", "e_tip", "cushion_e_energetic"):
            if getattr(self, name) > 1:
                raise ValueError(f"physics.{name} is a restitution, at most 1, got {getattr(self, name)}")
        if not 0 < self.miscue_offset < 1:
            raise ValueError(f"physics.miscue_offset must lie in (0, 1), got {self.miscue_offset}")

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, obj: dict) -> "PhysicsParams":
        known = {f.name for f in fields(cls)}
        unknown = set(obj) - known
        if unknown:
            raise ValueError(f"unknown physics parameter(s): {', '.join(sorted(unknown))}")
        return cls(**obj)


# Cushion models by name, and the kernel's code for each.
CUSHION_MODELS = {"han2005": layout.CUSHION_HAN2005, "mathavan2010": layout.CUSHION_MATHAVAN2010}

# Which kernel parameter slot holds which field.
_SLOTS = (
    (layout.P_G, "gravity_mps2"), (layout.P_MU_S, "mu_slide"), (layout.P_MU_R, "mu_roll"),
    (layout.P_MU_SP, "mu_spin"), (layout.P_E_B, "e_ball"), (layout.P_MU_BA, "mu_ball_a"),
    (layout.P_MU_BB, "mu_ball_b"), (layout.P_MU_BC, "mu_ball_c"), (layout.P_E_C, "e_cushion"),
    (layout.P_MU_C, "mu_cushion"), (layout.P_E_J, "e_jaw"), (layout.P_MU_J, "mu_jaw"),
    (layout.P_CUE_M, "cue_mass_kg"), (layout.P_CUE_ME, "cue_end_mass_kg"),
    (layout.P_E_TIP, "e_tip"), (layout.P_TOL, "contact_tolerance_m"),
    (layout.P_VFIRE, "fire_speed_mps"), (layout.P_VELASTIC, "elastic_below_mps"),
    (layout.P_VREST, "cushion_rest_below_mps"), (layout.P_EE_CUSHION, "cushion_e_energetic"),
    (layout.P_EE_VREF, "cushion_e_ref_speed_mps"), (layout.P_EE_EXP, "cushion_e_speed_exponent"),
)


def kernel_params(physics: PhysicsParams, ball_radius_m: float, ball_mass_kg: float,
                  cushion_height_m: float) -> np.ndarray:
    """Pack parameters into the flat array the compiled kernels read (see :mod:`sim.layout`)."""
    p = np.zeros(layout.N_PARAMS)
    p[layout.P_R] = ball_radius_m
    p[layout.P_M] = ball_mass_kg
    p[layout.P_H_C] = cushion_height_m
    for slot, name in _SLOTS:
        p[slot] = getattr(physics, name)
    p[layout.P_CUSHION_MODEL] = CUSHION_MODELS[physics.cushion_model]
    return p
