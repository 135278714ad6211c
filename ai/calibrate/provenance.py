"""What a calibration was fitted for: the table preset, the physics and the command.

Every calibration the AI reads (the learned value's weights, the P(win) race weights, the
pocket windows, the rebound law) carries a :class:`FittedFor`: in its JSON file under
``fitted_for``, or next to its constants in code.  The physics are named by
:meth:`sim.params.PhysicsParams.digest` (a short hash of every parameter) and, for the reader,
the cushion model by name.  :func:`mismatches` says how a simulator differs from what a
calibration was fitted for; :mod:`ai.calibrate.fitted` lists the calibrations and warns
(:class:`CalibrationMismatch`) when an agent is built on another table or physics.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from sim import Simulator
from sim.params import PhysicsParams


class CalibrationMismatch(UserWarning):
    """An AI calibration is used on a table or physics it was not fitted for: the AI still
    plays, with estimates (pot chances, bank lines, P(win)) that are less precise there."""


class Checked(StrEnum):
    """What of a calibration's :class:`FittedFor` is compared with the simulator in use."""

    TABLE = "table"
    PHYSICS = "physics"


@dataclass(frozen=True)
class FittedFor:
    """The table preset, physics and command a calibration was fitted with."""

    table: str  # the table preset's name (sim.presets.PRESETS)
    physics_digest: str  # PhysicsParams.digest() of the physics simulated
    cushion_model: str  # the physics' cushion model, by name (also inside the digest)
    fitted_by: str  # the command that made it
    fitted_on: str = ""  # the date of the run, YYYY-MM-DD
    note: str = ""  # anything a reader must know (an older physics, a hand-set value)

    @classmethod
    def of(cls, table: str, physics: PhysicsParams, fitted_by: str, fitted_on: str = "",
           note: str = "") -> "FittedFor":
        """What a calibration fitted on ``table`` with ``physics`` records."""
        return cls(table, physics.digest(), physics.cushion_model, fitted_by, fitted_on, note)

    @classmethod
    def of_simulator(cls, sim: Simulator, fitted_by: str, fitted_on: str = "",
                     note: str = "") -> "FittedFor":
        return cls.of(sim.table.name, sim.physics, fitted_by, fitted_on, note)

    def to_json(self) -> dict:
        out = {"table": self.table, "physics_digest": self.physics_digest,
               "cushion_model": self.cushion_model, "fitted_by": self.fitted_by,
               "fitted_on": self.fitted_on}
        if self.note:
            out["note"] = self.note
        return out

    @classmethod
    def from_json(cls, obj, where: str = "fitted_for") -> "FittedFor":
        """Raises ValueError naming ``where`` and the field for a malformed object."""
        if not isinstance(obj, dict):
            raise ValueError(f"{where} must be an object, got {obj!r:.60}")
        known = ("table", "physics_digest", "cushion_model", "fitted_by", "fitted_on", "note")
        unknown = sorted(set(obj) - set(known))
        if unknown:
            raise ValueError(f"{where}: unknown field(s) {', '.join(unknown)}")
        for key in known[:4]:
            if not isinstance(obj.get(key), str) or not obj[key]:
                raise ValueError(f"{where}.{key} must be a non-empty string, "
                                 f"got {obj.get(key)!r:.60}")
        for key in known[4:]:
            if not isinstance(obj.get(key, ""), str):
                raise ValueError(f"{where}.{key} must be a string, got {obj[key]!r:.60}")
        return cls(**obj)

    def describe(self) -> str:
        """``table pyramid-12ft, physics fde70f00bc16 (cushion mathavan2010)``."""
        return (f"table {self.table}, physics {self.physics_digest} "
                f"(cushion {self.cushion_model})")


def used_with(sim: Simulator) -> str:
    """The simulator described as :meth:`FittedFor.describe` describes a calibration."""
    return (f"table {sim.table.name}, physics {sim.physics.digest()} "
            f"(cushion {sim.physics.cushion_model})")


def mismatches(fitted: FittedFor, sim: Simulator, checked=tuple(Checked)) -> list[Checked]:
    """What of ``checked`` differs between ``fitted`` and the simulator ``sim`` (empty: it
    was fitted for this table and physics)."""
    out = []
    if Checked.TABLE in checked and fitted.table != sim.table.name:
        out.append(Checked.TABLE)
    if Checked.PHYSICS in checked and fitted.physics_digest != sim.physics.digest():
        out.append(Checked.PHYSICS)
    return out


def command_line(module: str, argv=None) -> str:
    """``python -m <module> <args>``: the command a fitting tool records as ``fitted_by``
    (``argv`` as its main() got it; None: the process's own arguments)."""
    args = sys.argv[1:] if argv is None else list(argv)
    return " ".join(["python -m", module] + args)


def today() -> str:
    """The date a fitting tool records as ``fitted_on`` (YYYY-MM-DD, UTC not needed: a day)."""
    return date.today().isoformat()
