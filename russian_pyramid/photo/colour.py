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
NEUTRAL_GAIN = 1.2  # gains all under this: a light near white (a render's lamps: 1.15), left as it is


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



# The cloth's colour model (issue 57 item 2): the mean and covariance of the chroma (CIELAB a,
# b: not the lightness, which the shade changes) of the pixels of the cloth's hue inside the
# table's outline; a pixel further than CLOTH_D2_MAX (squared Mahalanobis distance) is no
# cloth, though of its hue (a blue ball on a blue cloth).  At most MODEL_SAMPLES pixels.
# Chosen on the tune half of the real photos and the test renders: 13.8 (99.9 % of a normal
# cloth's) put two false balls on the render case_000 (the cloth's shaded edges) and two balls
# 22-27 mm off on case_023; 40 put a false ball on independent_131_004 re-encoded (JPEG
# noise at the cloth's edge); 80 none (broadcast recall 62 -> 66 % at 80, 71 % at 40).
CLOTH_D2_MAX = 80.0
MODEL_SAMPLES = 20000
MIN_CLOTH_PX = 200


def cloth_like(bgr: np.ndarray, cloth: np.ndarray) -> np.ndarray:
    """The pixels whose colour is the cloth's (boolean): ``cloth`` (the pixels of its hue in the
    outline) within :data:`CLOTH_D2_MAX` of their own colour model; ``cloth`` itself when it is
    too small to model."""
    idx = np.flatnonzero(cloth)
    if len(idx) < MIN_CLOTH_PX:
        return cloth
    lab = cv2().cvtColor(bgr, cv2().COLOR_BGR2LAB).reshape(-1, 3)[:, 1:].astype(np.float32)
    sample = lab[idx[:: max(1, len(idx) // MODEL_SAMPLES)]]
    mean = sample.mean(axis=0)
    inv = np.linalg.inv(np.cov(sample.T) + np.eye(2))
    d = lab[idx] - mean
    d2 = np.einsum("ij,jk,ik->i", d, inv, d)
    out = np.zeros(cloth.size, bool)
    out[idx[d2 <= CLOTH_D2_MAX]] = True
    return out.reshape(cloth.shape)


# A ball the colour tests miss (issue 57): the black ball, darker than the light limit that
# keeps the pockets' holes out; a blue or purple ball on a blue cloth, a green one on a green
# cloth, of a hue near the cloth's.  What is not cloth (:func:`cloth_like`), darker than
# DARK_RATIO of the cloth's median value (the black ball on the broadcast frames' blue cloth:
# 0.2, a dark blue of the cloth's own hue; the cloth's shade beside a ball 0.6-0.9), or of a
# CIELAB hue angle more than HUE_ANGLE_MIN_DEG from the cloth's median (at a chroma of at least
# CHROMA_MIN: the angle of a grey is noise; the shade keeps the angle, not the chroma) is such
# a ball's, when round and of a ball's size (balls.py).  On the broadcast frames' tune half
# the cloth's angle spreads 9 deg either way (5-95 %), 42 deg at 99 %; the solid blue ball
# there is 55 deg off, the blue stripe 52.
DARK_RATIO = 0.45
HUE_ANGLE_MIN_DEG = 40.0
CHROMA_MIN = 10.0


def unlike_cloth(bgr: np.ndarray, hsv: np.ndarray, free: np.ndarray,
                 cloth: np.ndarray) -> np.ndarray:
    """``free`` (what is not cloth, boolean), what is darker than :data:`DARK_RATIO` of the
    ``cloth`` pixels' median value and what is of another CIELAB hue angle than theirs
    (:data:`HUE_ANGLE_MIN_DEG`) (boolean, ``hsv``'s size)."""
    value = hsv[..., 2]
    if not cloth.any():
        return free
    out = free | (value < DARK_RATIO * float(np.median(value[cloth])))
    lab = cv2().cvtColor(bgr, cv2().COLOR_BGR2LAB).astype(np.float32)
    a, b = lab[..., 1] - 128, lab[..., 2] - 128
    angle = np.degrees(np.arctan2(b, a))
    ref = float(np.median(angle[cloth]))
    off = np.abs((angle - ref + 180.0) % 360.0 - 180.0)
    return out | ((off > HUE_ANGLE_MIN_DEG) & (np.hypot(a, b) >= CHROMA_MIN))
