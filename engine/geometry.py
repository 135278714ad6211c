"""Where balls may lie: the house and temporary house (R3.2, R8.3), free spots, respotting
(R6.1, R6.2) and the "position unchanged" test of R9.2 / R11.8.

Only geometry from :mod:`sim.table` is used (``TableSpec``, ``geometry.ball_fits``); the
simulator's kernels are never imported.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Mapping

from sim.table import POSITION_TOLERANCE_M, TableSpec

from .values import CUE, is_object_ball, sort_balls

Position = tuple[float, float]
OVERLAP_TOLERANCE_M = POSITION_TOLERANCE_M  # the simulator accepts the same positions
# R9.2 "unchanged": every ball within this distance of where it was (interpretation: a tush
# or a pocketed cue ball moves nothing; 5 mm allows for a person re-marking positions).
UNCHANGED_TOLERANCE_M = 0.005

HOUSE, TEMPORARY_HOUSE = "house", "temporary-house"


@dataclass(frozen=True)
class Region:
    """An axis-aligned area where the cue ball's centre may be placed from hand."""

    name: str  # "house" (R3.2, R8.1) or "temporary-house" (R8.3)
    x_min_m: float
    x_max_m: float
    y_min_m: float
    y_max_m: float

    def contains(self, x_m: float, y_m: float, tolerance_m: float = 1e-9) -> bool:
        return (self.x_min_m - tolerance_m <= x_m <= self.x_max_m + tolerance_m
                and self.y_min_m - tolerance_m <= y_m <= self.y_max_m + tolerance_m)

    def to_json(self) -> dict:
        return {"name": self.name, "x_min_m": self.x_min_m, "x_max_m": self.x_max_m,
                "y_min_m": self.y_min_m, "y_max_m": self.y_max_m}


def house_region(spec: TableSpec) -> Region:
    """The house: between the house cushion and the line through the first spot (R3.2).
    A ball counts as "in the house" when its centre is on or behind the line."""
    R = spec.ball_radius_m
    return Region(HOUSE, R, spec.house_line_x, R, spec.width_m - R)


def temporary_house_region(spec: TableSpec) -> Region:
    """The temporary house: between the far cushion and the line through the third spot (R8.3)."""
    R = spec.ball_radius_m
    return Region(TEMPORARY_HOUSE, spec.temporary_house_line_x, spec.length_m - R, R,
                  spec.width_m - R)


def in_house(spec: TableSpec, pos: Position) -> bool:
    return pos[0] <= spec.house_line_x


def all_object_balls_in_house(spec: TableSpec, balls: Mapping[str, Position]) -> bool:
    objs = [p for b, p in balls.items() if is_object_ball(b)]
    return bool(objs) and all(in_house(spec, p) for p in objs)


def placement_region_for(spec: TableSpec, balls: Mapping[str, Position]) -> Region:
    """R8.3: if every object ball lies in the house, the cue ball is played from the
    temporary house at the far end; otherwise from the house."""
    if all_object_balls_in_house(spec, balls):
        return temporary_house_region(spec)
    return house_region(spec)


def balls_in_region(spec: TableSpec, balls: Mapping[str, Position], region_name: str) -> set[str]:
    """Object balls lying in the house (centre at or behind the house line) or, for the
    temporary house of R8.3, at or beyond the line through the third spot."""
    if region_name == HOUSE:
        return {b for b, p in balls.items() if is_object_ball(b) and p[0] <= spec.house_line_x}
    return {b for b, p in balls.items()
            if is_object_ball(b) and p[0] >= spec.temporary_house_line_x}


def overlaps(spec: TableSpec, pos: Position, others: Iterable[Position]) -> bool:
    d = 2 * spec.ball_radius_m - OVERLAP_TOLERANCE_M
    return any(math.hypot(pos[0] - q[0], pos[1] - q[1]) < d for q in others)


def spot_is_free(spec: TableSpec, pos: Position, balls: Mapping[str, Position]) -> bool:
    return (spec.geometry.ball_fits(pos[0], pos[1], POSITION_TOLERANCE_M)
            and not overlaps(spec, pos, balls.values()))


def respot_candidates(spec: TableSpec) -> list[Position]:
    """Places along the far cushion, frozen to it (x = L - R): the middle first, then
    alternately to the +y side and the -y side, each touching the previous one (R6.2)."""
    R = spec.ball_radius_m
    x = spec.length_m - R
    y0 = spec.width_m / 2
    out = [(x, y0)]
    k = 1
    while True:
        placed = False
        for sign in (+1, -1):
            y = y0 + sign * k * 2 * R
            if R <= y <= spec.width_m - R:
                out.append((x, y))
                placed = True
        if not placed:
            return out
        k += 1


def respot(spec: TableSpec, balls: Mapping[str, Position],
           to_respot: Iterable[str]) -> list[tuple[str, Position]]:
    """Deterministic respotting (R6.1, interpretation R6.2).

    Balls go back in ascending number.  The first goes on the third spot if it is free;
    every other one (and the first, if the spot is taken) goes to the first free place in
    :func:`respot_candidates`.  "Free" means the ball fits on the bed
    (``geometry.ball_fits``) and overlaps no ball already there (centres at least 2R apart).
    Returns ``[(ball, position), ...]`` in placing order; ``balls`` is not changed.
    """
    placed: dict[str, Position] = dict(balls)
    out: list[tuple[str, Position]] = []
    for i, ball in enumerate(sort_balls(to_respot)):
        spot = spec.third_spot
        if i == 0 and spot_is_free(spec, spot, placed):
            pos = spot
        else:
            pos = next((c for c in respot_candidates(spec) if spot_is_free(spec, c, placed)),
                       None)
            if pos is None:  # the far cushion is full: try spots down the long axis
                pos = _first_free_on_axis(spec, placed)
        placed[ball] = pos
        out.append((ball, pos))
    return out


def _first_free_on_axis(spec: TableSpec, balls: Mapping[str, Position]) -> Position:
    R = spec.ball_radius_m
    y = spec.width_m / 2
    x = spec.length_m - R
    while x >= R:
        if spot_is_free(spec, (x, y), balls):
            return (x, y)
        x -= R / 2
    raise RuntimeError("no free place on the table to respot a ball")  # cannot happen: 16 balls


def position_unchanged(before: Mapping[str, Position], after: Mapping[str, Position],
                       cue_in_hand_after: bool,
                       tolerance_m: float = UNCHANGED_TOLERANCE_M) -> bool:
    """The R9.2 / R11.8 test of a foul stroke that "leaves the balls unchanged".

    Interpretation: the same object balls are on the table, each within ``tolerance_m`` of
    where it was; and the cue ball is either within ``tolerance_m`` of where it was, or was
    pocketed / left the table on this stroke (then it comes back from hand, so the position
    the opponent faces is the same as the one before: example 1 of R11.8).
    """
    objs_before = {b for b in before if is_object_ball(b)}
    objs_after = {b for b in after if is_object_ball(b)}
    if objs_before != objs_after:
        return False
    for b in objs_before:
        if math.dist(before[b], after[b]) > tolerance_m:
            return False
    if cue_in_hand_after:
        return True
    if CUE in before and CUE in after:
        return math.dist(before[CUE], after[CUE]) <= tolerance_m
    # the cue ball was in hand and now lies on the table: the opponent faces a new position
    return False
