"""What lies on the cloth and is no ball (issue 57 item 2): a player's hand and arm, a cue.

A hand on the cloth, an arm or a cue reaches the table from outside: what is not cloth there
is one region that crosses the cloth's outer edge (the rail), away from the pockets (whose
holes notch the edge), and is larger than a ball.  A ball does not cross it: the cushion's
cloth-covered top lies between the playing area and the rail.  The peaks inside such a region
are no balls (a ball touching the hand is lost with it).
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from sim.table import POCKET_IDS, TableSpec

from .imaging import cv2
from .table_find import TableView

# The outline's band: the pixels of the table's region within this of its edge (the rail).
BAND_PX = 3
# A pocket's hole notches the edge: the band within this many of its mouths' widths of a
# pocket's point (on the table) is not counted as crossing.  A corner pocket's hole reaches
# the outline 0.08-0.09 m from its point (the pyramid's mouth 0.073 m); a middle pocket's
# 0.06-0.07 (mouth 0.083), where an arm reaching over the rail beside it crosses (the tune
# half of the broadcast frames, game1_clip4).
POCKET_CLEAR_MOUTHS = {"corner": 1.35, "middle": 0.85}
# An intruder is larger than this many balls' discs (at the expected radius where it lies):
# a ball frozen on a cushion that a grazing view shows against the rail is one; a hand is 4-10
# (the tune half of the broadcast frames: docs/PHOTO.md, Real photos).
INTRUDER_MIN_BALLS = 2.0
# An intruder is thick: what is left of it opened by a disc of this part of a ball's radius
# (at the table's middle) crosses the edge: a hand, an arm; a sliver of the rail inside an
# outline a pixel or two out, a cue's shaft (narrower than a ball: no ball's peak) do not.
THICK_RADII = 0.5
# The balls an intruder touches (:func:`_balls_touching`): its pixels of the balls' mask opened
# by a disc of this part of a ball's radius, a piece of at most BALL_PIECE_MAX balls' discs is
# balls (two touching balls beside a sleeve over the far cushion: the board's test on
# case_023; 1.8 lost them).
BALL_OPENING = 0.8
BALL_PIECE_MAX = 3.0


def intruder_mask(free: np.ndarray, region: np.ndarray, view: TableView, spec: TableSpec,
                  radius_px: Callable[[np.ndarray], np.ndarray],
                  balls: np.ndarray) -> np.ndarray:
    """The pixels of the regions of ``free`` (what is not cloth in the table's ``region``,
    boolean) that cross the region's edge away from the pockets and are larger than
    :data:`INTRUDER_MIN_BALLS` balls (``radius_px``: a ball's radius at these (u, v) pixels)
    at their centroids (boolean, ``free``'s size); the balls it touches (of ``balls``, the
    balls' mask) left out (:func:`_balls_touching`)."""
    cv = cv2()
    region8 = region.astype(np.uint8)
    # the thick parts only: a sliver of the rail inside the outline (an outline a pixel or two
    # out) runs round the whole table and would join every ball on a cushion
    mid = np.argwhere(region8)[:, ::-1].mean(axis=0)
    d = max(5, int(round(2 * THICK_RADII * float(radius_px(mid[None])[0]))) | 1)
    disc = cv.getStructuringElement(cv.MORPH_ELLIPSE, (d, d))
    thick = cv.morphologyEx(free.astype(np.uint8), cv.MORPH_OPEN, disc)
    # the band (the opening rounds off the corner the outline cuts an arm with: half its disc
    # wider)
    width = BAND_PX + d // 2
    band = region8 & ~cv.erode(region8, np.ones((2 * width + 1,) * 2, np.uint8)).astype(bool)
    clear = np.zeros_like(region8)
    for pid in POCKET_IDS:
        x, y = spec.pocket_position(pid)
        clear_m = (POCKET_CLEAR_MOUTHS["middle"] * spec.middle_mouth_m if pid.startswith("M")
                   else POCKET_CLEAR_MOUTHS["corner"] * spec.corner_mouth_m)
        centre = view.camera.project(np.array([[x, y, spec.cushion_height_m]]))[0]
        rim = view.camera.project(np.array([[x + clear_m, y, spec.cushion_height_m],
                                            [x, y + clear_m, spec.cushion_height_m]]))
        r = int(np.ceil(max(np.hypot(*(p - centre)) for p in rim)))
        cv.circle(clear, (int(round(centre[0])), int(round(centre[1]))), r, 1, -1)
    band = band.astype(bool) & ~clear.astype(bool)
    _, labels, stats, cents = cv.connectedComponentsWithStats(thick, connectivity=8)
    crossing = [k for k in np.unique(labels[band & thick.astype(bool)]) if k > 0]
    if not crossing:
        return np.zeros(free.shape, bool)
    r = radius_px(cents[crossing])
    out = np.zeros(free.shape, bool)
    kept = np.zeros(free.shape, bool)
    for k, rk in zip(crossing, r):
        if stats[k, cv.CC_STAT_AREA] > INTRUDER_MIN_BALLS * np.pi * rk ** 2:
            part = labels == k
            ball_px = _balls_touching(part & balls.astype(bool), band, rk)
            out |= part & ~ball_px
            kept |= ball_px
    # with its edge (what the opening rounded off), not the balls' own
    grow = np.ones((5, 5), np.uint8)
    return (cv.dilate(out.astype(np.uint8), grow).astype(bool) & free
            & ~cv.dilate(kept.astype(np.uint8), grow).astype(bool))


def _balls_touching(region: np.ndarray, band: np.ndarray, radius_px: float) -> np.ndarray:
    """The balls an intruder touches (the cue ball at the cue's tip, a ball by the hand or a
    sleeve): what a disc of :data:`BALL_OPENING` of a ball's radius leaves of the intruder's
    pixels that are the balls' (``region``: a cue and fingers are narrower, a dark sleeve no
    ball's colour) falls in pieces; a piece of at most :data:`BALL_PIECE_MAX` balls' area away
    from the rail's band is a ball (boolean: those pieces, grown back by a few pixels)."""
    cv = cv2()
    d = max(3, int(round(2 * BALL_OPENING * radius_px)) | 1)
    disc = cv.getStructuringElement(cv.MORPH_ELLIPSE, (d, d))
    opened = cv.morphologyEx(region.astype(np.uint8), cv.MORPH_OPEN, disc)
    n, labels, stats, _ = cv.connectedComponentsWithStats(opened, connectivity=8)
    out = np.zeros(region.shape, bool)
    grow = np.ones((5, 5), np.uint8)
    for k in range(1, n):
        piece = labels == k
        if stats[k, cv.CC_STAT_AREA] <= BALL_PIECE_MAX * np.pi * radius_px ** 2 \
                and not (piece & band).any():
            out |= cv.dilate(piece.astype(np.uint8), grow).astype(bool)
    return out & region
