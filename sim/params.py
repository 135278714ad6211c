"""Physical parameters of balls, cloth, cushions and cue, with where each value comes from.

Every field below gives its value, its source (and where it was read) and a one-line reason.
Where no source gives the value, the comment says ASSUMPTION and gives its sensitivity: how
much the pot chances of a fixed set of 22 strokes under the agents' noise move when the value
moves over its range (``python -m benchmarks.constant_sensitivity``, 400 noisy plays each,
common random numbers: the mean absolute change of the 22 chances, and the largest; issue 55).  The table's
geometry (mouths, jaw roundings, corridors, nose height, ball size and mass) is in
``sim/table.py`` with its sources.  ``docs/PHYSICS.md`` shows what these values produce.

References (cited by key in the field comments):

* [MCP] International and European Pyramid Committees, "Basic technical requirements to
  tournament tables and equipment for billiard sport (pyramid)": cushion rubber rebound
  elasticity 55 % +- 2 by GOST 27110-86 (ST SEV 108-85), working edge of the rubber 42 mm above
  the slate, the rubber's top face inclined 6-8 deg to the bed, balls 68-68.5 mm (recommended:
  Aramith Premier, cast phenolic resin), recommended cloth Iwan Simonis 950 RUS Pro or Iwan
  Simonis 760 (worsted wool).  Read as quoted on Russian billiards sites (e.g. the club site
  billiard-tomak.at.ua, "Оборудование: Бильярдный стол"); the committees' own text was not
  found.
* [GOST27110] GOST 27110-86 / ISO 4662, rubber rebound resilience by the Schob pendulum: a
  0.5 J hammer striking the rubber at about 2 m/s; resilience = rebound energy / impact energy,
  i.e. the square of the hammer's coefficient of restitution.
* [Mathavan2010] S. Mathavan, M. R. Jackson, R. M. Parkin, "A theoretical analysis of billiard
  ball dynamics under cushion impacts", Proc. IMechE Part C 224 (2010) 1863-1873: the cushion
  model; ball-cushion friction mu_w = 0.14 and e_e = 0.98 fitted to rolling balls shot square
  into a snooker cushion below 1.5 m/s; rigid model valid below about 2.5 m/s normal speed;
  ball-cloth sliding friction measured 0.178-0.245 (their ref. 16, high-speed camera).
* [KK1987] G. Kuwabara, K. Kono, "Restitution coefficient in a collision between two spheres",
  Jpn. J. Appl. Phys. 26 (1987) 1230; R. Ramírez, T. Pöschel, N. V. Brilliantov, T. Schwager,
  "Coefficient of restitution of colliding viscoelastic spheres", Phys. Rev. E 60 (1999) 4465:
  for a viscoelastic contact 1 - e grows as v^(1/5).
* [Alciatore-TP] D. G. Alciatore, "Technical Proofs" for *The Illustrated Principles of Pool and
  Billiards* (billiards.colostate.edu): TP A.4 (5/7 natural roll), TP 4.1 (slide distance
  12 v^2 / (49 mu g)), TP A.14 (ball-ball friction mu(v) = a + b exp(-c v) fitted to Marlow's
  data, Table 10 p. 245: a = 9.951e-3, b = 0.108, c = 1.088, read in the PDF of TP A.14),
  TP A.30 (tip-ball restitution "typically about 0.73"; miscue limit about half the ball's
  radius, offsets above about 0.45 R risking a miscue), TP A.31 (squirt and the cue's end
  mass); the FAQ "cushion efficiency": at steep angles a ball "typically loses about half of
  its speed".
* [Alciatore-props] D. G. Alciatore, the list of physical properties of pool equipment on
  billiards.colostate.edu (with T. Ross): ball-cloth rolling resistance 0.005-0.015, tip-ball
  restitution 0.71-0.75.  Read as issue 55 quotes it (the page itself is not among the sources
  read here).
* [Marlow] W. C. Marlow, *The Physics of Pocket Billiards*, 1995: ball-ball restitution, and
  the ball-ball friction data TP A.14 fits.
* [Han2005] I. Han, "Dynamics in carom and three cushion billiards", J. Mech. Sci. Tech. 19(4)
  (2005) 976-984: the closed-form cushion impulse (the "han2005" option).
* [LG2006] W. Leckie, M. Greenspan, "An event-based pool physics simulator", Advances in
  Computer Games 11, 2006: motion equations between events, cue strike model.

No published measurement of Russian wool cloth or of Russian cushions in play was found; where
the value is the pool or snooker literature's, the comment says so.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
import difflib
import hashlib
import json
import math

import numpy as np

from . import layout
from .cushion_models import CUSHION_MODELS, DEFAULT_CUSHION_MODEL, cushion_model as _cushion_model
from .pocket_models import DEFAULT_POCKET_MODEL, POCKET, POCKET_MODELS


_NAMES = ("cushion_model", "pocket_model")  # the fields that hold a name, not a number
# Fields added after digests were recorded (calibrations, docs/CALIBRATION.md), with the value
# that simulates exactly as the physics before them: left out of the digest at that value.
DIGEST_LEAVES_OUT = {"pocket_model": "edge"}


@dataclass(frozen=True)
class PhysicsParams:
    gravity_mps2: float = 9.81  # standard gravity 9.80665 (CGPM 1901) to the 3 digits Earth's
    #   9.780-9.832 share (WGS 84, PHYSICAL_RANGES below)
    # Cloth (MCP: Iwan Simonis 760 / 950 RUS, worsted wool; no friction measured on it).
    mu_slide: float = 0.2  # ball-cloth sliding friction: measured 0.178-0.245 on snooker cloth
    #   [Mathavan2010 ref. 16], 0.2 in [Marlow] and [Alciatore-TP 4.1]; the middle of the range.
    mu_roll: float = 0.012  # rolling resistance: the range 0.005-0.015 is [Alciatore-props]'s
    #   (pool cloth); no figure for Russian cloth.  The value within it is an ASSUMPTION (no
    #   source says where Russian cloth lies).  Sensitivity over 0.005-0.015: mean abs change
    #   0.003, largest 0.028.
    mu_spin: float = 0.012  # pivot (side-spin) friction as an equivalent sliding coefficient at
    #   radius R: the spin decays at 5 mu_spin g / (2 R) = 8.66 rad/s^2 (g = 9.81, R = 0.034;
    #   sim/physics/motion.py spin_decel).  ASSUMPTION, no source: set equal to mu_roll.
    #   Sensitivity over 0.005-0.015: mean abs change 0.002-0.006, largest 0.025.
    # Ball-ball (cast phenolic balls, MCP: Aramith Premier).
    e_ball: float = 0.95  # restitution: [Marlow] 0.92-0.98 for phenolic balls; the middle
    mu_ball_a: float = 9.951e-3  # mu(v) = a + b exp(-c v): ball-ball friction vs slip speed,
    mu_ball_b: float = 0.108  # [Alciatore-TP A.14] fit to Marlow's phenolic-ball data; gives the
    mu_ball_c: float = 1.088  # 1/(m/s)  measured cut- and spin-induced throw curves
    # Cushion, Han 2005 option only (cushion_model = "han2005").
    e_cushion: float = 0.74  # Newton restitution: sqrt of the MCP rubber resilience (0.55); a
    #   different quantity from a ball's rebound, kept so that the Han option replays as before
    #   (the default model never reads it: sensitivity 0 by construction)
    mu_cushion: float = 0.14  # ball-cushion (cloth on rubber) friction, both models: fitted by
    #   [Mathavan2010] to rolling balls on a cloth-covered snooker cushion; the MCP cushions are
    #   covered with the same kind of wool cloth.  That it holds for them is an ASSUMPTION:
    #   sensitivity over 0.10-0.20: mean abs change 0.014-0.020, largest 0.043.
    e_jaw: float = 0.6  # Han option's jaws: tuned to one rail shot, no source: an ASSUMPTION
    mu_jaw: float = 0.1  #   kept only so that cushion_model = "han2005" reproduces the old
    #   simulator; the default model never reads them (sensitivity 0 by construction)
    # Cushion impact model: "mathavan2010" (default: integrated through compression and
    # restitution with friction at cushion and cloth, noses and jaws alike, which are the same
    # cloth-covered rubber; sim/physics/cushion_mathavan2010.py) or "han2005" (one closed-form
    # impulse with e_cushion / mu_cushion, jaws e_jaw / mu_jaw).  Chosen by validation: see
    # docs/PHYSICS.md ("Cushions").  The models by name: sim/cushion_models.py.
    cushion_model: str = DEFAULT_CUSHION_MODEL
    # Mathavan 2010: the rubber's energetic restitution e_e at the reference normal speed, and
    # 1 - e_e growing as (speed / reference) ** exponent.
    cushion_e_energetic: float = 0.742  # sqrt(0.55).  An ASSUMPTION, not a citation: the MCP
    #   rubber's rebound resilience (55 %, the energy a Schob hammer keeps on bare rubber
    #   [GOST27110]) is taken as e_e^2 of a ball's normal impact on the cloth-covered cushion,
    #   where [Mathavan2010] fitted e_e = 0.98 for a snooker cushion.  What it means measurably
    #   (tests/sim/test_cushion_assumption.py): a rolling ball sent square on keeps 0.43-0.50
    #   of its speed once rolling again (0.5-3 m/s), Alciatore's "about half"; 0.98 keeps 0.63.
    #   Sensitivity over the standard's 53-57 % (0.728-0.755): mean abs change 0.003-0.004,
    #   largest 0.010.
    cushion_e_ref_speed_mps: float = 2.0  # the Schob hammer's impact speed [GOST27110]
    cushion_e_speed_exponent: float = 0.2  # viscoelastic contact [KK1987]; Mathavan2010 saw the
    #   measured rebounds fall below the constant-e model above about 2.5 m/s.  That rubber
    #   under cloth follows the Hertzian 1/5 is an ASSUMPTION: sensitivity over 0 (constant e)
    #   to 0.4: mean abs change 0.009-0.014, largest 0.052.
    # What a ball does past a pocket's slate edge (the models by name: sim/pocket_models.py):
    # "edge", it falls when its centre passes the edge, at any speed (Alciatore's slow-shot
    # assumption, TP 3.5/3.6, sim/physics/pocket_edge.py); or
    # "flight", a ball that crosses the edge faster than sqrt(g R) leaves it airborne and flies
    # on, meeting the jaws, until it has dropped too far to be lifted back over the edge
    # (sim/physics/pocket_flight.py; docs/PHYSICS.md, "Pockets").  "edge" until the AI is
    # refitted on "flight".
    pocket_model: str = DEFAULT_POCKET_MODEL
    # Cue.
    cue_mass_kg: float = 0.72  # Russian cues weigh 0.70-0.75 kg (makers' catalogues); 0.72
    #   within it is an ASSUMPTION (no source for a typical cue).  Sensitivity over 0.70-0.75:
    #   mean abs change 0.001-0.002, largest 0.008.
    cue_end_mass_kg: float = 0.012  # effective end mass, sets squirt [Alciatore-TP A.31]: 5-15 g
    #   for pool shafts.  12 g is an ASSUMPTION (no end mass of a Russian shaft was measured;
    #   their 12-13 mm tips suggest the upper part).  Sensitivity over 5-15 g, the largest of
    #   any constant: 5 g +0.009 mean (abs 0.019, largest 0.070), 15 g -0.009 (abs 0.012,
    #   largest 0.030).
    e_tip: float = 0.73  # tip-ball restitution: [Alciatore-TP A.30] "typically about 0.73";
    #   [Alciatore-props] gives 0.71-0.75 (0.75 until issue 28; the AI's calibrations were
    #   refitted with 0.73).  Sensitivity over 0.71-0.75: mean abs change 0.002, largest 0.008.
    miscue_offset: float = 0.5  # largest tip offset as a fraction of R.  [Alciatore-TP A.30]
    #   puts the miscue limit at about 0.5 R (half the ball's radius) and warns that offsets
    #   above about 0.45 R risk a miscue (0.6 until issue 28, above the source's limit; the
    #   AI's calibrations were refitted with 0.5, docs/CALIBRATION.md)
    # Numerical guards, stated in README.md ("Numerical guards"; not physics).
    contact_tolerance_m: float = 1e-9  # balls this close count as touching
    fire_speed_mps: float = 1e-4  # touching bodies collide once they approach at least this fast
    elastic_below_mps: float = 0.01  # ball-ball impacts slower than this are elastic (no collapse)
    cushion_rest_below_mps: float = 0.005  # slower cushion impacts end the normal motion

    def __post_init__(self) -> None:
        _cushion_model(self.cushion_model)  # a ValueError naming the known models
        if self.pocket_model not in POCKET_MODELS:
            raise ValueError(f"physics.pocket_model = {self.pocket_model!r:.60} must be one of "
                             f"{', '.join(POCKET_MODELS)}")
        for f in fields(self):
            if f.name in _NAMES:
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
                raise ValueError(f"physics.{name} is a restitution, at most 1, "
                                 f"got {getattr(self, name)}")
        if not 0 < self.miscue_offset < 1:
            raise ValueError(f"physics.miscue_offset must lie in (0, 1), got {self.miscue_offset}")

    def to_json(self) -> dict:
        return asdict(self)

    def naming_json(self) -> dict:
        """:meth:`to_json` without the fields of :data:`DIGEST_LEAVES_OUT` that hold the value
        that simulates as before they existed: what names these physics (the digest, a game
        record's header), the same as before such a field was added."""
        values = self.to_json()
        for name, value in DIGEST_LEAVES_OUT.items():
            if values[name] == value:
                del values[name]
        return values

    def digest(self) -> str:
        """A short stable name of these values: the first 12 hex digits of the sha256 of
        :meth:`to_json` with sorted keys (what a calibration records it was fitted with),
        leaving out a field added later while it holds the value that simulates as before it
        (:data:`DIGEST_LEAVES_OUT`): the same physics keep the same name."""
        text = json.dumps(self.naming_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:12]

    @classmethod
    def from_json(cls, obj, where: str = "physics") -> "PhysicsParams":
        """Physics a user gives (a shot's ``physics``, a record's ``header.physics``): the
        defaults with the values ``obj`` names, each of them a known parameter (an unknown one
        is refused with the nearest known name), of its type, passing the dataclass's own
        checks and within its :data:`PHYSICAL_RANGES`.  A ValueError names ``where.field``
        and the value.  (``PhysicsParams(...)`` itself takes any finite values that end every
        motion: studies such as :func:`sim.crosscheck_pymunk.rolling_regime` need a sliding
        friction of 1000; what a user sends is held to the physical ranges.)"""
        if not isinstance(obj, dict):
            raise ValueError(f"{where} = {obj!r:.60} must be an object of physics parameters")
        known = [f.name for f in fields(cls)]
        for key, value in obj.items():
            if key not in known:
                near = difflib.get_close_matches(str(key), known, n=1)
                raise ValueError(f"{where}.{str(key)[:40]} is not a physics parameter"
                                 + (f" (did you mean {near[0]}?)" if near else ""))
            if key in _NAMES:
                names = CUSHION_MODELS if key == "cushion_model" else POCKET_MODELS
                if not isinstance(value, str) or value not in names:
                    raise ValueError(f"{where}.{key} = {value!r:.60} must be one of "
                                     f"{', '.join(names)}")
            elif (not isinstance(value, (int, float)) or isinstance(value, bool)
                  or not math.isfinite(value)):
                raise ValueError(f"{where}.{key} = {value!r:.60} must be a finite number")
        try:
            params = cls(**{**cls().to_json(), **obj})
        except ValueError as exc:  # the dataclass's own checks (a restitution above 1, ...)
            raise ValueError(str(exc).replace("physics.", f"{where}.", 1)) from None
        for key in obj:
            if key not in _NAMES:
                PHYSICAL_RANGES[key].check(obj[key], f"{where}.{key}")
        return params


@dataclass(frozen=True)
class PhysicalRange:
    """The values a parameter may take from a user, ``low <= value <= high`` (in the
    parameter's unit, ``unit``), and ``why``: the source or physical reason."""

    low: float
    high: float
    unit: str
    why: str

    def check(self, value: float, field: str) -> None:
        if not self.low <= value <= self.high:
            raise ValueError(f"{field} = {value!r} is out of range: from {self.low:g} to "
                             f"{self.high:g}{self.unit} ({self.why})")


_RESTITUTION = "a restitution: at most 1, as an impact makes no energy"
# Every number of PhysicsParams: what a shot's or a record's physics may hold (issue 51: a
# gravity of 1e300, a tolerance of 1e300 or a rolling friction of 1e308 were once simulated).
# The bands are wide: equipment no one has measured is not refused, what no table on Earth
# has is.
PHYSICAL_RANGES: dict[str, PhysicalRange] = {
    "gravity_mps2": PhysicalRange(9.7, 9.9, " m/s^2", "Earth's normal gravity runs from 9.780 "
                                  "at the equator to 9.832 at the poles (WGS 84), 0.003 less a "
                                  "kilometre up: every table on Earth, with room"),
    "mu_slide": PhysicalRange(0.05, 0.5, "", "ball-cloth sliding friction, measured "
                              "0.178-0.245 [Mathavan2010]: cloths no one measured allowed to "
                              "about a third of that and twice it"),
    "mu_roll": PhysicalRange(0.001, 0.1, "", "rolling resistance, 0.005-0.015 on pool cloth "
                             "[Alciatore-props]: to a fifth of that and over six times it"),
    "mu_spin": PhysicalRange(0.001, 0.1, "", "pivot friction, taken equal to the rolling "
                             "resistance (0.005-0.015 [Alciatore-props]): the same band"),
    "e_ball": PhysicalRange(0.5, 1.0, "", f"{_RESTITUTION}; phenolic balls 0.92-0.98 "
                            "[Marlow], balls no one measured allowed down to half"),
    "mu_ball_a": PhysicalRange(0.0, 0.5, "", "ball-ball friction at high slip speed: "
                               "Marlow's data 0.01-0.12 [Alciatore-TP A.14]; 0 (frictionless) "
                               "to four times the most measured"),
    "mu_ball_b": PhysicalRange(0.0, 0.5, "", "the ball-ball friction added at zero slip "
                               "speed: Marlow's data 0.01-0.12 [Alciatore-TP A.14]; 0 to four "
                               "times the most measured"),
    "mu_ball_c": PhysicalRange(0.0, 10.0, " 1/(m/s)", "how fast that added friction fades "
                               "with slip speed, fitted 1.088 [Alciatore-TP A.14]: 0 (never) "
                               "to gone within 0.1 m/s"),
    "e_cushion": PhysicalRange(0.3, 1.0, "", f"{_RESTITUTION}; 0.74 from the MCP rubber's "
                               "55 % resilience, down to half the Han option's jaws (0.6)"),
    "mu_cushion": PhysicalRange(0.0, 0.5, "", "cloth-on-rubber friction, fitted 0.14 "
                                "[Mathavan2010]: 0 (frictionless) to over three times that"),
    "e_jaw": PhysicalRange(0.3, 1.0, "", f"{_RESTITUTION}; the Han option's jaws 0.6"),
    "mu_jaw": PhysicalRange(0.0, 0.5, "", "cloth-on-rubber friction of the Han option's "
                            "jaws (0.1): the cushions' band"),
    "cushion_e_energetic": PhysicalRange(0.3, 1.0, "", f"{_RESTITUTION}; 0.742 from the MCP "
                                         "rubber, 0.98 fitted on snooker [Mathavan2010]"),
    "cushion_e_ref_speed_mps": PhysicalRange(0.1, 12.0, " m/s", "the speed the resilience is "
                                             "measured at, 2 m/s by the Schob hammer "
                                             "[GOST27110]: a speed a ball meets a cushion "
                                             "with, up to the fastest stroke"),
    "cushion_e_speed_exponent": PhysicalRange(0.0, 0.5, "", "0 (a constant restitution) to "
                                              "over twice the viscoelastic 1/5 [KK1987]"),
    "cue_mass_kg": PhysicalRange(0.3, 1.2, " kg", "cues weigh about 0.5-0.6 kg (pool, "
                                 "snooker) to 0.70-0.75 kg (Russian, makers' catalogues)"),
    "cue_end_mass_kg": PhysicalRange(0.001, 0.05, " kg", "a shaft's effective end mass, "
                                     "5-15 g for pool shafts [Alciatore-TP A.31]"),
    "e_tip": PhysicalRange(0.5, 1.0, "", f"{_RESTITUTION}; leather tips 0.71-0.75 "
                           "[Alciatore-props]"),
    "miscue_offset": PhysicalRange(0.1, 0.9, " R", "a fraction of the ball's radius: the tip "
                                   "must meet the ball (below 1), the miscue limit is about "
                                   "0.5 [Alciatore-TP A.30]"),
    "contact_tolerance_m": PhysicalRange(1e-12, 1e-6, " m", "balls this close count as "
                                         "touching: at most what a written position is exact "
                                         "to (sim.table.POSITION_TOLERANCE_M), at least a "
                                         "thousand times a coordinate's rounding (8e-16 m)"),
    "fire_speed_mps": PhysicalRange(1e-7, 1e-3, " m/s", "touching bodies collide once they "
                                    "approach this fast: a numerical guard below any speed "
                                    "a person sees"),
    "elastic_below_mps": PhysicalRange(0.0, 0.1, " m/s", "slower ball-ball impacts are "
                                       "elastic: a numerical guard for balls at rest in "
                                       "contact, below any speed of play"),
    "cushion_rest_below_mps": PhysicalRange(0.0, 0.05, " m/s", "slower cushion impacts end "
                                            "the normal motion: a numerical guard below any "
                                            "speed of play"),
}
assert set(PHYSICAL_RANGES) == {f.name for f in fields(PhysicsParams)} - set(_NAMES)
assert all(r.low <= getattr(PhysicsParams(), k) <= r.high for k, r in PHYSICAL_RANGES.items())


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
    p[layout.P_CUSHION_MODEL] = _cushion_model(physics.cushion_model).model_id
    p[layout.P_POCKET_MODEL] = POCKET.get(physics.pocket_model).model_id
    return p


# --- a game record's physics ----------------------------------------------------------------
# A record's ``header.physics`` names the parameters its game was played with; verifying the
# record simulates its strokes again with them (engine.verify, ai.games.records.verified).  A
# record is untrusted input: its physics are held to :data:`PHYSICAL_RANGES` as a shot's are
# (every value a table plausibly has, and none that turns a replay into an endless or absurd
# simulation).


def record_physics(obj, where: str = "physics") -> PhysicsParams:
    """The physics of a game record's header: the defaults with the values ``obj`` gives (a
    full set, as ``pyramid play`` writes, or some of them; ``{}`` or None: the defaults), as
    :meth:`PhysicsParams.from_json` reads them (a ValueError naming ``where.field`` and the
    value)."""
    if obj is None:
        return PhysicsParams()
    return PhysicsParams.from_json(obj, where)
