"""The balls' colours under the photo's own light (issue 57 item 2).

Under warm lamps or graded colour a white or ivory ball's saturation is 0.31-0.36: above the
ivory limit, below the coloured balls', found by neither.  The light's colour is measured on
the table itself: the lit tops of the balls are its brightest things that are not cloth, and
a white ball's lit top has the light's colour.  The photo is balanced so that this colour is
grey (each channel scaled, von Kries) before the ivory test; a photo whose brightest
non-cloth pixels are grey already (the renders' white lamps) is left as it is.
"""
from __future__ import annotations

import numpy as np

from .imaging import cv2

# The light's colour: the median of the non-cloth pixels in the table's outline whose value is
# in the top BRIGHT_SHARE of those (the balls' lit tops), without the clipped highlights
# (a channel at CLIPPED or more: grey whatever the light), at least MIN_PIXELS of them.
BRIGHT_SHARE = 0.03
CLIPPED = 250
MIN_PIXELS = 30
MAX_GAIN = 1.6  # a channel is scaled by at most this (a light redder than a tungsten lamp's
# 2700 K needs ~1.5 on blue: no further, so that a red cue ball taken for the light is not
# made grey)
NEUTRAL_GAIN = 1.05  # gains all under this: the light is white, the photo left as it is


def light_gains(bgr: np.ndarray, candidates: np.ndarray) -> np.ndarray:
    """Per channel (B, G, R) the gains that make the light's colour grey, measured on the
    brightest ``candidates`` pixels (boolean mask: not cloth, in the table's outline)."""
    px = bgr[candidates]
    if len(px) < MIN_PIXELS:
        return np.ones(3)
    px = px[px.max(axis=1) < CLIPPED]
    if len(px) < MIN_PIXELS:
        return np.ones(3)
    value = px.max(axis=1)
    top = px[value >= np.quantile(value, 1 - BRIGHT_SHARE)].astype(float)
    if len(top) < MIN_PIXELS:
        top = px[np.argsort(value)[-MIN_PIXELS:]].astype(float)
    light = np.median(top, axis=0)
    gains = np.clip(light.max() / np.maximum(light, 1.0), 1.0, MAX_GAIN)
    return gains if gains.max() >= NEUTRAL_GAIN else np.ones(3)


def balanced_hsv(bgr: np.ndarray, candidates: np.ndarray) -> np.ndarray:
    """The photo in HSV after the light's colour is made grey (:func:`light_gains`)."""
    cv = cv2()
    gains = light_gains(bgr, candidates)
    if np.all(gains == 1.0):
        return cv.cvtColor(bgr, cv.COLOR_BGR2HSV)
    out = np.clip(bgr.astype(np.float32) * gains.astype(np.float32), 0, 255).astype(np.uint8)
    return cv.cvtColor(out, cv.COLOR_BGR2HSV)

