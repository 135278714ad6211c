"""The table presets by name: the pyramid tables a game is played on, and the pool table the
pocket model is validated on.

* :data:`PRESETS` - every preset; :func:`preset_by_name` - what the simulator takes
  (``Simulator("pool-9ft")``).
* :data:`PLAYABLE_TABLES` - the tables pyramid is played on; :func:`table_by_name` - what a
  game, a record, a command's ``--table`` and the board take.  A validation table is refused
  there with :class:`UnknownTableError` saying what it is.
"""
from __future__ import annotations

import math

from .table import DEFAULT_TABLE, MOUTH_AT_POINTS, TableSpec

INCH_M = 0.0254  # the WPA's inch

# The cut angle (between the cushion nose and the facing, through the rubber) at which a
# facing is parallel to the pocket's axis: 90 + 45 deg at a corner, 90 deg at a side pocket.
# A larger cut angle turns the facing toward the axis by the difference (WPA 142 deg: 7 deg).
PARALLEL_CUT_CORNER_DEG = 135.0
PARALLEL_CUT_SIDE_DEG = 90.0


def opening_from_cut_deg(cut_deg: float, corner: bool) -> float:
    """The jaw opening angle (rad, TableSpec's ``*_jaw_opening_rad``: positive opens outward,
    negative converges into the pocket) of a facing cut at ``cut_deg`` from the cushion nose,
    as the WPA/BCA specifications give it (142 deg corner, 104 deg side: -7 and -14 deg)."""
    parallel = PARALLEL_CUT_CORNER_DEG if corner else PARALLEL_CUT_SIDE_DEG
    return math.radians(parallel - cut_deg)


# A 9 ft pool table to the WPA "Tournament Table & Equipment Specifications" (effective
# November 2001; the BCA's "Professional Pool Table Specs" repeat its pocket clauses word for
# word), on which the pocket model is
# checked against Alciatore's effective target constructions (TP 3.5-3.8; issue 28, as
# brackets since issue 55: sim/pocket_validation.py).  Each
# number from the WPA text: playing surface 100 x 50 in (+-1/8); balls 2 1/4 in, 5 1/2 to 6 oz
# (156-170 g: the upper value); mouths "between opposing cushion noses where the direction
# changes into the pocket (from pointed lip to pointed lip)": corner 4.5-4.625 in, side
# 5-5.125 in (the middle of each range: 4.5625 and 5.0625 in; TP 3.6 draws 4.5875 in, inside
# the range but not its middle, and TP 3.5 5.0625 in); cut angles of the facings 142 deg (corner)
# and 104 deg (side), +-1; shelf, from the centre of the mouth line to the slate's vertical cut,
# corner 1-2.25 in, side 0-0.375 in (the middles: 1.625 and 0.1875 in); cushion nose at 62.5 to
# 64.5 % of the ball's height (the middle, 63.5 % of 2.25 in: 1.42875 in).
# The points' rounding: an ASSUMPTION, no source.  The WPA measures the mouth between
# *pointed* lips; a cloth-covered rubber point is not a knife edge, so it is rounded with
# 1/16 in (1.6 mm), the order of the cloth wrapped round it and the WPA's thinnest facing
# rubber (1/16 in).  No game is played on pool-9ft, so no pot chance of the AI depends on it.
# Sensitivity (sim.pocket_validation, straight in, 0.8 / 4 m/s): a radius of 0.5 mm or 3.2 mm
# moves the bands by at most 0.02 in; the corner mouth 4.5875 in by +0.03 in;
# the shelves at either end of their ranges by 0.03-0.07 in.  Not modelled: the slate's
# drop-point radius (1/8-1/4 in), the slate edge's arc (a straight capture line through the
# shelf point) and the 12-15 deg back draft.
POOL_9FT = "pool-9ft"
POOL_POINT_RADIUS_M = INCH_M / 16


def _pool_9ft() -> TableSpec:
    R = 2.25 / 2 * INCH_M
    return TableSpec(
        name=POOL_9FT, length_m=100 * INCH_M, width_m=50 * INCH_M, ball_radius_m=R,
        ball_mass_kg=0.170, corner_mouth_m=4.5625 * INCH_M, middle_mouth_m=5.0625 * INCH_M,
        corner_jaw_radius_m=POOL_POINT_RADIUS_M, middle_jaw_radius_m=POOL_POINT_RADIUS_M,
        corner_channel_m=0.0, middle_channel_m=0.0,
        corner_jaw_opening_rad=opening_from_cut_deg(142.0, corner=True),
        middle_jaw_opening_rad=opening_from_cut_deg(104.0, corner=False),
        cushion_height_m=0.635 * 2 * R, mouth_measured=MOUTH_AT_POINTS,
        corner_shelf_m=1.625 * INCH_M, middle_shelf_m=0.1875 * INCH_M)


PRESETS: dict[str, TableSpec] = {
    DEFAULT_TABLE: TableSpec(),
    # Playing areas of the smaller tables vary a little between makers; these are common ones,
    # an ASSUMPTION: no one maker's drawing or standard was read for them (the federation's
    # requirements are for the 12 ft table).  A pot chance depends on where the balls lie
    # relative to the pockets, not on the playing area itself; the pocket geometry is the 12 ft
    # table's (sim/table.py).
    "pyramid-11ft": TableSpec(name="pyramid-11ft", length_m=3.200, width_m=1.600),
    "pyramid-10ft": TableSpec(name="pyramid-10ft", length_m=2.840, width_m=1.420),
    POOL_9FT: _pool_9ft(),
}
# The tables pyramid is played on: the names a game, a record, a command's --table and the
# board's list of tables accept (table_by_name).  The other presets (pool-9ft) exist to
# validate the simulator against published pool measurements: the simulator takes them
# (preset_by_name, Simulator("pool-9ft")), no game is played on them.
PLAYABLE_TABLES: tuple[str, ...] = (DEFAULT_TABLE, "pyramid-11ft", "pyramid-10ft")


NAME_EXCERPT_CHARS = 60  # a refused name is quoted to this many characters (engine.errors)


class UnknownTableError(KeyError):
    """A table name that is not a preset; ``str()`` is the one message every layer shows:
    ``table = 'x' is not a known table; known: pyramid-12ft, ...``."""

    def __init__(self, name, known: tuple[str, ...] = PLAYABLE_TABLES) -> None:
        shown = repr(name)  # quoted as engine.errors.excerpt quotes a bad value
        if len(shown) > NAME_EXCERPT_CHARS:
            shown = f"{shown[:NAME_EXCERPT_CHARS]}... ({len(shown)} characters)"
        self.shown = shown
        self.known = known
        self.validation_only = isinstance(name, str) and name in PRESETS and name not in known
        super().__init__(f"table = {self.why()}")

    def why(self) -> str:
        """The message without the field: ``'x' is not a known table; known: ...`` (a flag's
        message puts ``--table`` in front); a validation preset where a playable table is
        wanted: ``'pool-9ft' is not a known table for pyramid (a pool table for validating the
        simulator); known: ...``."""
        what = ("not a known table for pyramid (a pool table for validating the simulator)"
                if self.validation_only else "not a known table")
        return f"{self.shown} is {what}; known: {', '.join(self.known)}"

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


def table_by_name(name) -> TableSpec:
    """The playable table (:data:`PLAYABLE_TABLES`) called ``name``, or
    :class:`UnknownTableError` (a KeyError) naming it: what a game, a record or a command takes."""
    if not isinstance(name, str) or name not in PLAYABLE_TABLES:
        raise UnknownTableError(name)
    return PRESETS[name]


def preset_by_name(name) -> TableSpec:
    """Any preset called ``name``, the validation tables (pool-9ft) included: what the
    simulator takes; :class:`UnknownTableError` naming every preset otherwise."""
    if not isinstance(name, str) or name not in PRESETS:
        raise UnknownTableError(name, tuple(PRESETS))
    return PRESETS[name]
