"""The top of a ball's outline in a photo, to a fraction of a pixel (issue 31).

Lit from above, a ball's underside merges with its own shade and its contact shadow, so the
circle fitted to its outline sits high by a part of its radius that depends on the lamps; its
top, lit against the cloth whatever the lamps, does not.  :func:`top_row` finds it the way
:mod:`.outline` finds the table's edge: where the colour in linear light is half way from the
ball's to the cloth's.  :mod:`.balls` measures a photo's shade shift with it, places a ball's
cap above a cushion by it and the cue ball partly by it.
"""
from __future__ import annotations

import numpy as np

from .imaging import cv2
from .outline import ball_to_cloth, cloth_likeness, linear_light

# TOP_COLUMNS columns across the middle TOP_SPAN of a ball's radius either side, searched up
# to TOP_REACH radii every TOP_STEP_PX, each side's colour the mean of TOP_REF_SAMPLES
# samples, at least TOP_MIN_COLUMNS seeing cloth.
TOP_COLUMNS, TOP_SPAN, TOP_REACH, TOP_STEP_PX = 7, 0.35, 2.2, 0.25
TOP_REF_SAMPLES, TOP_MIN_COLUMNS = 4, 4


def top_row(bgr: np.ndarray, cloth_bgr: np.ndarray, u: float, v: float, r: float
            ) -> float | None:
    """The row of the top of a ball's outline, on columns through its middle third, going up
    from (u, v): where the colour in linear light is half way from the ball's (just inside)
    to the cloth's (just outside), each column's top raised to the circle's top (radius ``r``,
    the camera's size of a ball there).  None where the cloth is not above the ball."""
    cv = cv2()
    x0, y0 = max(0, int(u - 2 * r) - 2), max(0, int(v - TOP_REACH * r) - 2)
    x1, y1 = min(bgr.shape[1], int(u + 2 * r) + 3), min(bgr.shape[0], int(v) + 3)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    patch = bgr[y0:y1, x0:x1].astype(np.float32)
    linear, likeness = linear_light(patch), cloth_likeness(patch, cloth_bgr)
    u, v = u - x0, v - y0
    cols = u + np.linspace(-TOP_SPAN * r, TOP_SPAN * r, TOP_COLUMNS)
    rows = v - np.arange(0.0, TOP_REACH * r, TOP_STEP_PX)
    xs = np.repeat(cols[:, None], len(rows), axis=1).astype(np.float32)
    ys = np.repeat(rows[None, :], len(cols), axis=0).astype(np.float32)
    cloth = cv.remap(likeness, xs, ys, cv.INTER_LINEAR, borderMode=cv.BORDER_REPLICATE)
    colour = cv.remap(linear, xs, ys, cv.INTER_LINEAR, borderMode=cv.BORDER_REPLICATE)
    n = TOP_REF_SAMPLES
    tops = []
    for k in range(len(cols)):
        t = ball_to_cloth(cloth[k], colour[k], n)  # going up the column
        if t is None:
            continue
        dx = cols[k] - u
        tops.append(v - t * TOP_STEP_PX + (r - np.sqrt(max(r * r - dx * dx, 0.0))))
    return float(np.median(tops)) + y0 if len(tops) >= TOP_MIN_COLUMNS else None


def median_top_shift(balls: list, bgr: np.ndarray, cloth_bgr: np.ndarray,
                     at_least: int) -> float | None:
    """Over ``balls`` (u, v, radius in pixels: where a ball's centre is placed now), how far
    down, in radii, the top of each one's outline (:func:`top_row`) puts its centre; the
    median, when at least ``at_least`` balls show their top against the cloth, else None."""
    shifts = []
    for u, v, r in balls:
        top = top_row(bgr, cloth_bgr, u, v, r)
        if top is not None:
            shifts.append((top + r - v) / r)
    return float(np.median(shifts)) if len(shifts) >= at_least else None
