"""Any table (issue 57 item 4): ``--table-size L,W`` (the playing area, metres) and
``--ball-diameter`` (mm or m, the unit named) besides the pyramid presets, so that a photo of a
pool or snooker table can be read with its own size.

The table read is the ``--table`` preset (its pockets, cushion height and the rest of
:class:`sim.table.TableSpec`) with the playing area and the balls given; the position comes
out in that table's metres (x from the house cushion, docs/FORMATS.md).
"""
from __future__ import annotations

from dataclasses import replace
import math

from engine.errors import excerpt
from sim.table import TableSpec

from ..errors import UserInputError

# The tables a photo may show: the smallest bar table's playing area (6 ft: 1.65 x 0.83 m)
# to a snooker table's (3.569 x 1.778 m, WPBSA) and the 12 ft pyramid's (3.55 x 1.775 m,
# sim.table), with room either way; the length the longer side.
LENGTH_RANGE_M = (1.0, 4.5)
WIDTH_RANGE_M = (0.5, 2.3)
# Balls: snooker's 52.5 mm and English pool's 50.8 mm (object balls) to the pyramid's 68 mm
# and carom's 61.5 mm, with room either way.
BALL_DIAMETER_RANGE_M = (0.040, 0.080)
UNITS = {"mm": 1e-3, "m": 1.0}


def parse_table_size(text: str) -> tuple[float, float]:
    """``L,W``: the playing area's length and width in metres (``2.54,1.27``)."""
    parts = [p.strip() for p in str(text).split(",")]
    try:
        values = [float(p) for p in parts]
    except ValueError:
        values = []
    if len(values) != 2 or not all(math.isfinite(v) for v in values):
        raise UserInputError(f"--table-size: {excerpt(text)} is not two numbers L,W "
                             "(the playing area's length and width in metres, e.g. 2.54,1.27)",
                             field="table_size")
    length_m, width_m = values
    if width_m > length_m:
        raise UserInputError(f"--table-size: {excerpt(text)}: the length (the longer side) "
                             "comes first", field="table_size")
    for name, v, (lo, hi) in (("length", length_m, LENGTH_RANGE_M),
                              ("width", width_m, WIDTH_RANGE_M)):
        if not lo <= v <= hi:
            raise UserInputError(f"--table-size: the {name} {v:g} m is outside {lo:g}-{hi:g} m "
                                 "(the playing area in metres)", field="table_size")
    return length_m, width_m


def parse_ball_diameter(text: str) -> float:
    """A ball's diameter with its unit, mm or m (``57.15mm``, ``0.05715m``): metres."""
    raw = str(text).strip().lower().replace(" ", "")
    unit = next((u for u in ("mm", "m") if raw.endswith(u)), None)
    try:
        value = float(raw[:-len(unit)]) if unit else float(raw)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise UserInputError(f"--ball-diameter: {excerpt(text)} is not a length (e.g. 57.15mm "
                             "or 0.05715m)", field="ball_diameter")
    if unit is None:
        raise UserInputError(f"--ball-diameter: {excerpt(text)} has no unit: say mm or m "
                             f"({value:g}mm or {value:g}m)", field="ball_diameter")
    metres = value * UNITS[unit]
    lo, hi = BALL_DIAMETER_RANGE_M
    if not lo <= metres <= hi:
        raise UserInputError(f"--ball-diameter: {excerpt(text)} is outside "
                             f"{lo * 1000:g}-{hi * 1000:g} mm", field="ball_diameter")
    return metres


def sized(spec: TableSpec, table_size_m: tuple[float, float] | None,
          ball_diameter_m: float | None) -> TableSpec:
    """``spec`` with the playing area and the balls' size given (None: the preset's)."""
    changes = {}
    if table_size_m is not None:
        changes.update(length_m=float(table_size_m[0]), width_m=float(table_size_m[1]))
    if ball_diameter_m is not None:
        # the cushion's nose and the pockets' mouths in the preset's proportion to its balls
        # (a pool table's nose is 62-64 % of a ball's diameter, WPA; the pyramid's 42/68 mm)
        k = float(ball_diameter_m) / (2 * spec.ball_radius_m)
        changes.update(ball_radius_m=float(ball_diameter_m) / 2,
                       cushion_height_m=spec.cushion_height_m * k,
                       corner_mouth_m=spec.corner_mouth_m * k,
                       middle_mouth_m=spec.middle_mouth_m * k)
    if not changes:
        return spec
    try:
        return replace(spec, **changes)
    except ValueError as exc:  # pockets that no longer fit the table's size
        raise UserInputError(f"--table-size/--ball-diameter: no {spec.name} table of this "
                             f"size: {exc}", field="table_size") from None
