"""Finding the balls on the table in a photo (issue 31), once the camera is known.

A ball is what is neither cloth nor dark inside the table's outline: ivory (unsaturated and
light) or the cue ball's colour (saturated red or yellow, lighter than the rail's wood).  Each
ball is a peak of the distance transform of that mask at least half as deep as a ball of
68 mm is wide at that place in the photo (the camera gives the size), so touching balls, one
blob, give one peak each.  Each centre is then refined by a circle fitted to the blob's edge
near it, sent back along its ray to the plane of the balls' centres (z = R) and kept if it
lies on the table.  The cue ball is the most saturated ball, if it is saturated enough.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from sim.table import POCKET_IDS, TableSpec

from .circles import edge_points, lower_cover, refine, ring_share
from .clusters import cluster_centres
from .colour import balanced_hsv, cloth_like, unlike_cloth
from .imaging import cv2
from .intruders import intruder_mask
from .silhouette import placed_by_silhouette
from .table_find import CUSHION_TOP_WIDTH_M, HUE_TOLERANCE, TableView
from .tops import median_top_shift, top_row

IVORY_SAT_MAX = 0.30  # an ivory ball, lit or shaded, is less saturated than this (0-1)
LIGHT_MIN = 0.17  # and lighter than this (HSV value, 0-1): a shaded underside is 0.25-0.3, a pocket 0.05
CUE_SAT_MIN = 0.40  # the cue ball's mean saturation at least (red or yellow)
# ... or, a cue ball washed out by the lamps' highlights (a yellow one under tubes: 0.30-0.35),
# at least CUE_SAT_STANDOUT_MIN and CUE_SAT_STANDOUT_RATIO times the next most saturated
# ball's.  Over 240 photos of seeds 131-9013 (seen): the cue ball told in 226 against 224,
# no numbered ball more taken for it (the numbered balls' saturation: 99 % below 0.26).
CUE_SAT_STANDOUT_MIN = 0.28
CUE_SAT_STANDOUT_RATIO = 1.5
CUE_LIGHT_MIN = 0.22
# Issue 57 item 6: a table with at least this many coloured balls (saturation CUE_SAT_MIN or
# more) is pool's or snooker's, whose cue ball is the white one: the least saturated, if under
# CUE_SAT_MIN (a pyramid has one coloured ball, the cue ball).
COLOURED_TABLE_MIN = 3
# ... and light: the black ball is as unsaturated as the white (its inner disc's value 0.15-0.3
# on the broadcast frames' tune half, the white cue ball's 0.6-0.9); of those, the one whose
# saturation less its value is least (a striped ball's white band: as unsaturated under a warm
# grade, 0.33 against the cue ball's 0.34, but darker, 0.56 against 0.87).
WHITE_VALUE_MIN = 0.45
# A coloured ball's underside in its own shade keeps its colour, darker: a red cue ball under
# the tubes is 0.19-0.22 there (seed 16007 case_023, 3840 x 2880), under CUE_LIGHT_MIN, so the
# mask holds only its lit top, the fitted circle is small and its cover low, and the ball was
# dropped as no ball.  For a coloured ball's confidence the pixels of the cue ball's hues and
# saturation down to this value count as the ball's too (a pocket's hole is about 0.05 and
# grey; its placement is unchanged: the lit top's circle, then its own top, below).  Not
# within POCKET_NEAR_M of a pocket: the wood and leather seen inside a pocket's hole are
# brown, of the red's hues and saturated enough (0.45), and made a far pocket a ball (seed
# 16007 case_001).
SHADED_COLOUR_LIGHT_MIN = 0.10
PEAK_DEPTH_MIN = 0.45  # a peak at least this part of the expected radius deep is a ball
SEPARATION_MIN = 1.15  # peaks whose centres on the table are nearer than this many R: one ball
# A centre where no ball can rest (``TableGeometry.ball_fits``: on the bed, clear of the
# cushions and jaws, short of a pocket's capture line) by more than this is no ball: the lit
# wood or leather inside a pocket's hole, seen past its jaws, looks like a small light disc.
# Within it: a ball frozen on a cushion or hanging in the jaws, placed a little into the
# cushion by the detector's error (up to the 20 mm the "found" allows).
FIT_TOLERANCE_M = 0.020
# What the fit leaves of a small light patch is a disc its pixels cover poorly: a detection
# whose confidence (the part of its disc covered, lowered by an unlike size) is under
# MIN_CONFIDENCE is dropped, and within POCKET_NEAR_M of a pocket's point (where a pocket's lit
# inside is seen past its jaws) under POCKET_MIN_CONFIDENCE.  Chosen on the two independent
# sets seen (seeds 131 and 2027, the corners tapped): the true balls' confidence is 0.91 at the
# median, 0.81 at the 10th percentile (those by a pocket 0.88 and 0.78); the pockets' false
# discs 0.52 and 0.39.  On the first generator's sets (seeds 31 and 7) no ball is under 0.55.
MIN_CONFIDENCE = 0.50
POCKET_MIN_CONFIDENCE = 0.70
POCKET_NEAR_M = 0.12
YELLOW_HUE = (15, 40)  # OpenCV hue (0-180) of a yellow ball; red wraps round 0
# Lit from above, a ball's underside is in its own shade and merges with its contact shadow:
# the fitted circle sits high by a part of its radius that depends on the lamps.  Each photo
# measures its own (:func:`shade_shift`); this is the fallback where it has fewer than
# SHADE_MIN_BALLS isolated ivory balls: fitted on the seed-31 render set (0.36 px at r < 7 px
# to 0.71 px at r > 11 px) and checked on the seed-7 set (docs/PHOTO.md).  The shift is down
# the image (a phone held level: the table's vertical is the image's).
SHADE_SHIFT_RADII = 0.055
# The photo's own shade shift (:func:`shade_shift`), from the tops of its isolated ivory balls
# (:func:`~.tops.top_row`): at least SHADE_MIN_BALLS balls, else the fixed shift; never more
# than SHADE_MAX_RADII.
ISOLATED_RADII = 3.0
SHADE_MIN_BALLS = 3
CLUSTER_SHADE_MIN_BALLS = 2
SHADE_MAX_RADII = 0.25
DUPLICATE_RADII = 1.5  # centres found nearer than this many R on the table: one ball
COLOUR_APART_RADII = 0.8  # a coloured blob's peak this far from every other peak is a ball
CLUSTER_AREA_BALLS = 3.0  # a blob of at least this many balls' area is a cluster (clusters.py)
# A peak's last field, its kind: 0 from the mask, 1 from the coloured mask, CLUSTER a
# cluster's ball, CAP a ball's cap above a cushion (below).
CLUSTER = 2
# A ball on or near a cushion that faces the camera shows only its cap above the cushion's
# nose (seen from 1.6 m over a table 3 m away, a ball up to about 9 cm from the nose): its
# peak is shallower than PEAK_DEPTH_MIN.  A peak at least CAP_DEPTH_MIN of the expected
# radius deep, placed (on the balls' plane) within CAP_NEAR_CUSHION_M of such a cushion, is a
# ball's cap (kind CAP): its centre is the top of its outline (:func:`~.tops.top_row`) plus the
# camera's radius, and its confidence the part of its disc's upper half the mask covers.
# Chosen on the independent sets seen (seeds 5003 and 6007: 10 of their 32 balls missed were
# such caps, none found at all).
CAP_DEPTH_MIN = 0.25
CAP_NEAR_CUSHION_M = 0.14
CAP_LOWER_COVER = 0.8  # a cap's peak whose fitted disc's lower half the mask covers: a whole ball
CAP = 3
# A ball the colour tests miss (:func:`~.colour.unlike_cloth`: the black ball, a blue one on a
# blue cloth): a peak of what is not cloth or dark at least OTHER_DEPTH_MIN of the expected
# radius deep (a ball's shadow beside it is a crescent, shallower) and at least
# OTHER_APART_RADII radii from every ball's peak (the shadow under a ball found is nearer).
OTHER = 4
OTHER_DEPTH_MIN = 0.6
OTHER_APART_RADII = 1.6
# ... kept when its confidence is at least OTHER_MIN_CONFIDENCE, away from the pockets (a
# pocket's hole seen past its jaws is a dark disc: 0.69-0.92 on the tune half of the real
# photos, the true dark balls 0.65-0.95) and with at most OTHER_RING_MAX of the ring round it
# (1.3-2 radii) not cloth or dark: a shadowed edge of a cushion, a hand's shadow run along it
# (0.22-0.33; the true balls 0-0.16).
OTHER_MIN_CONFIDENCE = 0.62
# ... and in place of the balls' peaks near it when each is shallower than this part of its
# depth (a striped ball whose white band alone is found: issue 57, the broadcast frames)
STRIPE_DEPTH_RATIO = 0.75
STRIPE_DEPTH_MAX = 0.6  # ... and shallower than this part of the radius, and not of the cue
# ball's colours (a pyramid's red or yellow cue ball: its shade and shadow, dark, deepen the
# other's peak; it moved 2-6 mm on renders independent_131_004, _8011_024 and _16007_023)
OTHER_RING_MAX = 0.2
OTHER_RING_RADII = (1.3, 2.0)
# The cue ball's centre on its own: a red or yellow ball's outline is set off from the cloth
# by its colour more than its lightness, and the fitted circle with the ivory balls' shade
# shift left it 0.2-0.4 radius off (20-45 mm along the line of sight at 4-6 pixels a
# radius), above or below; the top of its own outline is off by as much, differently.  Half
# way between the two, unless they are more than CUE_TOP_AGREE_RADII apart (then the top
# found is another's and the circle is kept).  Cue ball within 20 mm, found by the
# detector, before -> after: seeds 131, 6007 and 7001 (90 photos, where the rule was
# chosen) 87 -> 90 %; seeds 4099 and 5003 (60, seen, not used to choose) 85 -> 90 %;
# seed 2027 90 -> 90 %; seed 8011 (rendered before, measured once) 90 -> 90 %.
# The balls placed again by their whole silhouette and the camera (:mod:`.silhouette`, issue
# 57 item 5): the ivory ones found apart and a cluster's (the rack's back row shows its tops
# against the cloth; the others, no edge against the cloth, stay): docs/PHOTO.md.
SILHOUETTE_KINDS = (0, CLUSTER)
CUE_TOP_WEIGHT = 0.5
CUE_TOP_AGREE_RADII = 0.3  # further apart than this, the top is another's: as found


@dataclass(frozen=True)
class Ball:
    """One ball found: its centre (table metres), where it is in the photo, its colour and
    how sure the detector is (0-1: the part of the fitted disc the mask covers, lowered by a
    size unlike a ball's)."""

    x_m: float
    y_m: float
    u_px: float
    v_px: float
    radius_px: float
    saturation: float
    hue: float
    confidence: float
    value: float = 1.0  # its inner disc's mean HSV value (0-1): the black ball's is low


@dataclass(frozen=True)
class Masks:
    """Inside the table's outline (``region``): every ball (ivory or coloured, uint8), the
    coloured ones alone (the cue ball: found apart when it touches an ivory ball), what is not
    cloth (``free``, boolean)."""

    balls: np.ndarray
    coloured: np.ndarray
    free: np.ndarray
    region: np.ndarray
    other: np.ndarray  # not cloth or dark (uint8): the balls the colour tests miss


def ball_masks(hsv: np.ndarray, view: TableView, spec: TableSpec,
               bgr: np.ndarray | None = None) -> Masks:
    """The masks of :class:`Masks`.  With ``bgr`` the ivory test is made under the photo's
    light made grey (:mod:`.colour`) and the cloth is what its colour model says
    (:func:`~.colour.cloth_like`)."""
    cv = cv2()
    L, W, c = spec.length_m, spec.width_m, CUSHION_TOP_WIDTH_M
    outline = view.camera.project(np.array([(-c, -c, spec.cushion_height_m),
                                            (L + c, -c, spec.cushion_height_m),
                                            (L + c, W + c, spec.cushion_height_m),
                                            (-c, W + c, spec.cushion_height_m)]))
    region = np.zeros(hsv.shape[:2], np.uint8)
    cv.fillConvexPoly(region, np.round(outline).astype(np.int32), 1)
    cloth = view.cloth_mask.astype(bool) & region.astype(bool)
    if bgr is not None:  # of the cloth's hue and of its colour (a blue ball is not cloth)
        cloth = cloth_like(bgr, cloth)
    free = region.astype(bool) & ~cloth
    ivory = (hsv[..., 1] < 255 * IVORY_SAT_MAX) & (hsv[..., 2] > 255 * LIGHT_MIN)
    if bgr is not None:  # and what is ivory once the light is made grey (never fewer pixels)
        grey = balanced_hsv(bgr, free)
        ivory |= (grey[..., 1] < 255 * IVORY_SAT_MAX) & (grey[..., 2] > 255 * LIGHT_MIN)
    coloured = coloured_mask(hsv, CUE_LIGHT_MIN)
    # a ball of any colour (pool's, snooker's: issue 57): saturated as the cue ball and lit, not
    # of the cloth's (docs/PHOTO.md, Real photos; 0.55 instead of CUE_SAT_MIN lost on the tune
    # half; any hue but the cloth's own tolerance moved two balls of the render
    # independent_16007_023 past 20 mm)
    any_colour = (hsv[..., 1] > 255 * CUE_SAT_MIN) & (hsv[..., 2] > 255 * CUE_LIGHT_MIN)
    apart = np.abs(hsv[..., 0].astype(np.int16) - int(round(view.cloth_hue)))
    apart = np.minimum(apart, 180 - apart)  # OpenCV's hue wraps at 180
    # of a hue well apart from the cloth's (its shades drift by up to twice its tolerance: a
    # render's cushions and shadows), or of its hue and not of its colour (cloth_like)
    any_colour &= (apart > 2 * HUE_TOLERANCE) | (view.cloth_mask.astype(bool) & ~cloth)
    out = []
    for m in (free & (ivory | coloured | any_colour), free & coloured):
        m = cv.morphologyEx(m.astype(np.uint8), cv.MORPH_CLOSE, np.ones((3, 3), np.uint8))
        out.append(cv.morphologyEx(m, cv.MORPH_OPEN, np.ones((3, 3), np.uint8)))
    other = (unlike_cloth(bgr, hsv, free, cloth) if bgr is not None else free) & region.astype(bool)
    other = cv.morphologyEx(other.astype(np.uint8), cv.MORPH_OPEN, np.ones((3, 3), np.uint8))
    return Masks(balls=out[0], coloured=out[1], free=free, region=region.astype(bool),
                 other=other)


def coloured_mask(hsv: np.ndarray, light_min: float) -> np.ndarray:
    """The cue ball's colours (saturated, red wrapping round 0 or yellow) lighter than
    ``light_min`` (HSV value, 0-1): :data:`CUE_LIGHT_MIN` for its lit part,
    :data:`SHADED_COLOUR_LIGHT_MIN` for its shaded underside too (boolean, ``hsv``'s size)."""
    s, v, hue = hsv[..., 1], hsv[..., 2], hsv[..., 0]
    return ((s > 255 * CUE_SAT_MIN) & (v > 255 * light_min)
            & ((hue <= YELLOW_HUE[1]) | (hue >= 160)))


def expected_radius_px(view: TableView, spec: TableSpec, pixels: np.ndarray) -> np.ndarray:
    """How many pixels a ball's radius spans at these places in the photo."""
    R = spec.ball_radius_m
    cam = view.camera
    xy = cam.to_height(pixels, R)
    d = cam.distance_m(np.c_[xy, np.full(len(xy), R)])
    return cam.focal_px * R / d


def _facing_gap_m(view: TableView, spec: TableSpec, xy: np.ndarray) -> np.ndarray:
    """How far each table point is from the nearest cushion that faces the camera (the camera
    beyond it), in metres; infinite where none does."""
    cx, cy = view.camera.centre_m[:2]
    L, W = spec.length_m, spec.width_m
    gaps = [xy[:, 0] if cx < 0 else None, L - xy[:, 0] if cx > L else None,
            xy[:, 1] if cy < 0 else None, W - xy[:, 1] if cy > W else None]
    out = np.full(len(xy), np.inf)
    for g in gaps:
        if g is not None:
            out = np.minimum(out, np.abs(g))
    return out


def _peaks(mask: np.ndarray, view: TableView, spec: TableSpec, caps: bool = False) -> list:
    """The balls' peaks (u, v, depth, expected radius, kind: 0, or :data:`CAP` for a ball's
    cap above a cushion facing the camera when ``caps``), deepest first, one per ball."""
    cv = cv2()
    dist = cv.distanceTransform(mask, cv.DIST_L2, 5)
    local = (dist == cv.dilate(dist, np.ones((3, 3), np.uint8))) & (dist >= 1.5)
    vs, us = np.nonzero(local)
    if len(us) == 0:
        return []
    depth = dist[vs, us]
    r_exp = expected_radius_px(view, spec, np.c_[us, vs].astype(float))
    deep = depth >= PEAK_DEPTH_MIN * r_exp
    kind = np.zeros(len(depth))
    ok = deep
    if caps:
        xy = view.camera.to_height(np.c_[us, vs].astype(float), spec.ball_radius_m)
        cap = ((depth >= CAP_DEPTH_MIN * r_exp)
               & (_facing_gap_m(view, spec, xy) < CAP_NEAR_CUSHION_M))
        kind[cap] = CAP
        ok = deep | cap
    order = np.argsort(-depth[ok])
    cand = np.c_[us[ok], vs[ok], depth[ok], r_exp[ok], kind[ok]][order]
    # One ball or two: judged on the table, where touching balls are 2R apart however
    # foreshortened the photo shows them (seen from low, one stands behind the other).
    xy = view.camera.to_height(cand[:, :2], spec.ball_radius_m)
    apart = SEPARATION_MIN * spec.ball_radius_m
    kept: list = []
    kept_xy: list = []
    for (u, v, d, r, k), p in zip(cand, xy):
        if all(np.hypot(*(p - q)) >= apart for q in kept_xy):
            kept.append((u, v, d, r, int(k)))
            kept_xy.append(p)
    return kept


def cluster_shift(peaks: list, bgr: np.ndarray, cloth_bgr: np.ndarray) -> float | None:
    """The same for the balls of a cluster (placed by their upper arcs, :mod:`clusters`):
    from those with cloth above them (no other ball's peak within :data:`ISOLATED_RADII`
    above), each one's centre by the top of its outline against its arc's; the median, when
    at least :data:`CLUSTER_SHADE_MIN_BALLS` give one (the back row of a rack does), else
    None."""
    tops = [(p[0], p[1], p[3]) for p in peaks if p[4] == CLUSTER
            and not any(0 < p[1] - q[1] < ISOLATED_RADII * p[3] and abs(q[0] - p[0]) < 1.5 * p[3]
                        for q in peaks if q is not p)]
    shift = median_top_shift(tops, bgr, cloth_bgr, CLUSTER_SHADE_MIN_BALLS)
    return None if shift is None else float(np.clip(shift, -SHADE_MAX_RADII, SHADE_MAX_RADII))


def shade_shift(peaks: list, fits: list, bgr: np.ndarray, cloth_bgr: np.ndarray,
                hsv: np.ndarray) -> float:
    """How far down (in radii) this photo's lamps put the balls' centres below the circles
    fitted to their outlines: from the isolated ivory balls (no other ball within
    :data:`ISOLATED_RADII`), each one's centre by the top of its outline (lit against the
    cloth wherever the lamps are) against its fitted circle's; the median, when at least
    :data:`SHADE_MIN_BALLS` give one, else :data:`SHADE_SHIFT_RADII`."""
    tops = []
    for p, (u, v, rad) in zip(peaks, fits):
        if p[4] or rad <= 0:
            continue
        if any(np.hypot(q[0] - p[0], q[1] - p[1]) < ISOLATED_RADII * p[3]
               for q in peaks if q is not p and q[4] != OTHER):  # a dark peak may be no ball
            continue
        iu, iv = int(round(u)), int(round(v))
        if not (0 <= iv < hsv.shape[0] and 0 <= iu < hsv.shape[1]) \
                or hsv[iv, iu, 1] > 255 * IVORY_SAT_MAX:
            continue
        tops.append((u, v, p[3]))
    shift = median_top_shift(tops, bgr, cloth_bgr, SHADE_MIN_BALLS)
    return SHADE_SHIFT_RADII if shift is None else float(np.clip(shift, 0.0, SHADE_MAX_RADII))


def _with_clusters(peaks: list, mask: np.ndarray, gray: np.ndarray, view: TableView,
                   spec: TableSpec) -> list:
    """The peaks, those of each cluster (a blob of at least :data:`CLUSTER_AREA_BALLS` balls'
    area) replaced by :func:`~.clusters.cluster_centres` when it finds more balls there."""
    cv = cv2()
    n, labels, stats, cents = cv.connectedComponentsWithStats(mask, connectivity=8)
    out = list(peaks)
    for k in range(1, n):
        r = float(expected_radius_px(view, spec, cents[k:k + 1])[0])
        if stats[k, cv.CC_STAT_AREA] < CLUSTER_AREA_BALLS * np.pi * r * r:
            continue
        inside = [p for p in out if labels[int(p[1]), int(p[0])] == k]
        centres = cluster_centres(gray, (labels == k).astype(np.uint8), view, spec)
        if len(centres) > len(inside):
            out = [p for p in out if p not in inside] + [(u, v, rr, rr, CLUSTER)
                                                          for u, v, rr in centres]
    return out


def find_balls(bgr: np.ndarray, view: TableView, spec: TableSpec) -> list[Ball]:
    cv = cv2()
    hsv = cv.cvtColor(bgr, cv.COLOR_BGR2HSV)
    masks = ball_masks(hsv, view, spec, bgr)
    # a hand, an arm, a cue reaching in over the rail (intruders.py): no ball
    hand = intruder_mask(masks.free, masks.region, view, spec,
                         lambda px: expected_radius_px(view, spec, px), masks.balls)
    mask, colour = masks.balls * ~hand, masks.coloured * ~hand
    peaks = _peaks(mask, view, spec, caps=True)
    for p in _peaks(colour, view, spec):  # a coloured ball merged with an ivory one
        if all(np.hypot(p[0] - q[0], p[1] - q[1]) >= COLOUR_APART_RADII * p[3] for q in peaks):
            peaks.append(p[:4] + (1,))
    peaks = _with_clusters(peaks, mask, cv.cvtColor(bgr, cv.COLOR_BGR2GRAY), view, spec)
    # the balls the colour tests miss (the black, a blue one on a blue cloth): round, deep
    # and away from every ball found
    other = masks.other * ~hand
    for p in _peaks(other, view, spec):
        if p[2] < OTHER_DEPTH_MIN * p[3]:
            continue
        near = [q for q in peaks
                if np.hypot(p[0] - q[0], p[1] - q[1]) < OTHER_APART_RADII * max(p[3], q[3])]
        # a striped ball: its white band alone a shallow peak of the balls' mask, the whole
        # ball a deep one here
        if near and all(q[4] == 0 and q[2] < STRIPE_DEPTH_RATIO * p[2]
                        and q[2] < STRIPE_DEPTH_MAX * q[3]
                        and not colour[int(q[1]), int(q[0])] for q in near):
            peaks = [q for q in peaks if q not in near]
            near = []
        if not near:
            peaks.append(p[:4] + (OTHER,))
    edge_sets = {0: edge_points(mask), 1: edge_points(colour), OTHER: edge_points(other)}
    L, W, R = spec.length_m, spec.width_m, spec.ball_radius_m
    geometry = spec.geometry
    pockets = [spec.pocket_position(k) for k in POCKET_IDS]
    found: list[Ball] = []
    h, w = mask.shape
    yy, xx = np.mgrid[0:h, 0:w]
    cloth_px = bgr[view.cloth_mask.astype(bool)]
    cloth_bgr = np.median(cloth_px, axis=0) if len(cloth_px) else np.zeros(3)
    fits = []
    for i, p in enumerate(peaks):
        others = [q for j, q in enumerate(peaks) if j != i
                  and np.hypot(q[0] - p[0], q[1] - p[1]) < 3.5 * max(p[3], q[3])]
        if p[4] == CLUSTER:  # placed by its upper arc: no refit
            fits.append((p[0], p[1], 0.0))
        elif p[4] == CAP:
            fit = refine(edge_sets[0], p[:4], [q for q in others if q[4] in (0, CAP)])
            if lower_cover(mask, fit) >= CAP_LOWER_COVER:  # the whole ball is seen
                peaks[i] = p[:4] + (0,)
                fits.append(fit)
                continue
            # placed by the top of its outline (none seen: no ball)
            top = top_row(bgr, cloth_bgr, p[0], p[1], p[3])
            fits.append((p[0], p[1], 0.0) if top is None else (p[0], top + p[3], p[3]))
        else:
            fits.append(refine(edge_sets[p[4]], p[:4], [q for q in others if q[4] == p[4]]))
    shift = shade_shift(peaks, fits, bgr, cloth_bgr, hsv)
    in_cluster = cluster_shift(peaks, bgr, cloth_bgr)
    if in_cluster is None:  # the arcs' placement was right under the fixed shift's lamps
        in_cluster = shift - SHADE_SHIFT_RADII
    for p, (u, v, rad) in zip(peaks, fits):
        if p[4] == CLUSTER:
            u, v, rad = p[0], p[1], p[3]
            v += in_cluster * rad
        elif p[4] == CAP:
            if rad <= 0:
                continue
        else:
            v += shift * rad
        x, y = view.camera.to_height(np.array([[u, v]]), R)[0]
        if not geometry.ball_fits(x, y, tolerance_m=FIT_TOLERANCE_M):
            continue
        r_exp = p[3]
        box = (slice(max(int(v - rad), 0), int(v + rad) + 1),
               slice(max(int(u - rad), 0), int(u + rad) + 1))
        inside = (xx[box] - u) ** 2 + (yy[box] - v) ** 2 <= (0.6 * rad) ** 2
        pix = hsv[box][inside]
        lit = pix[pix[:, 2] > 255 * LIGHT_MIN] if len(pix) else pix
        sat = float(np.mean(lit[:, 1]) / 255) if len(lit) else 0.0
        hue = float(np.median(lit[:, 0])) if len(lit) else 0.0
        value = float(np.mean(pix[:, 2]) / 255) if len(pix) else 0.0
        disc = (xx[box] - u) ** 2 + (yy[box] - v) ** 2 <= rad ** 2
        if p[4] == CAP:  # the cushion hides its lower half
            disc &= yy[box] <= v
        near_pocket = min(np.hypot(x - px, y - py) for px, py in pockets) < POCKET_NEAR_M
        covered = (other if p[4] == OTHER else mask)[box].astype(bool)
        if sat >= CUE_SAT_STANDOUT_MIN and not near_pocket:
            covered |= coloured_mask(hsv[box], SHADED_COLOUR_LIGHT_MIN)  # its shaded underside
        cover = float(covered[disc].mean()) if disc.any() else 0.0
        size = max(0.0, 1.0 - abs(rad / r_exp - 1.0))
        confidence = round(float(min(1.0, cover) * size), 3)
        if p[4] == OTHER and (near_pocket or confidence < OTHER_MIN_CONFIDENCE
                              or ring_share(other, u, v, rad, OTHER_RING_RADII) > OTHER_RING_MAX):
            continue
        if confidence < (POCKET_MIN_CONFIDENCE if near_pocket else MIN_CONFIDENCE):
            continue
        if p[4] in SILHOUETTE_KINDS and sat < CUE_SAT_STANDOUT_MIN:  # by its silhouette
            u, v, x, y = placed_by_silhouette(bgr, cloth_bgr, view.camera, spec.ball_radius_m,
                                              (u, v, x, y), r_exp,
                                              [(q[0], q[1]) for q in peaks if q is not p])
        found.append(Ball(x_m=float(min(max(x, 0.0), L)), y_m=float(min(max(y, 0.0), W)),
                          u_px=u, v_px=v, radius_px=rad, saturation=sat, hue=hue,
                          confidence=confidence, value=value))
    # Two balls' centres cannot be nearer than 2R: of two that are (one ball seen twice) the
    # surer is kept.
    kept: list[Ball] = []
    for b in sorted(found, key=lambda b: -b.confidence):
        if all(np.hypot(b.x_m - k.x_m, b.y_m - k.y_m) >= DUPLICATE_RADII * R for k in kept):
            kept.append(b)
    k = cue_index(kept)
    if k is not None:
        kept[k] = _cue_by_its_top(kept[k], bgr, cloth_bgr, view, spec)
    return kept


def _cue_by_its_top(ball: Ball, bgr: np.ndarray, cloth_bgr: np.ndarray, view: TableView,
                    spec: TableSpec) -> Ball:
    """The cue ball placed half way between its centre as found (its fitted circle moved by the
    photo's shade shift, measured on the ivory balls) and the top of its own outline plus the
    camera's radius there (:func:`~.tops.top_row`); as found where its top is not seen."""
    r_exp = float(expected_radius_px(view, spec, np.array([[ball.u_px, ball.v_px]]))[0])
    top = top_row(bgr, cloth_bgr, ball.u_px, ball.v_px, r_exp)
    if top is None:
        return ball
    if abs(top + r_exp - ball.v_px) > CUE_TOP_AGREE_RADII * r_exp:  # one of them is wrong
        return ball
    v = (1 - CUE_TOP_WEIGHT) * ball.v_px + CUE_TOP_WEIGHT * (top + r_exp)
    x, y = view.camera.to_height(np.array([[ball.u_px, v]]), spec.ball_radius_m)[0]
    return replace(ball, x_m=float(min(max(x, 0.0), spec.length_m)),
                   y_m=float(min(max(y, 0.0), spec.width_m)), v_px=float(v))


def cue_index(balls: list[Ball]) -> int | None:
    """Which ball is the cue ball: the most saturated, if saturated enough
    (:data:`CUE_SAT_MIN`) or standing out from the rest (:data:`CUE_SAT_STANDOUT_MIN`,
    :data:`CUE_SAT_STANDOUT_RATIO`)."""
    if not balls:
        return None
    sat = np.array([b.saturation for b in balls])
    if np.sum(sat >= CUE_SAT_MIN) >= COLOURED_TABLE_MIN:  # pool's or snooker's balls: the white
        light = np.array([b.value >= WHITE_VALUE_MIN for b in balls])  # not the black
        if not light.any():
            return None
        # the whitest: unsaturated and light (a striped ball is as unsaturated, darker)
        white = sat - np.array([b.value for b in balls])
        k = int(np.argmin(np.where(light, white, np.inf)))
        return k if sat[k] < CUE_SAT_MIN else None
    k = int(np.argmax(sat))
    if sat[k] >= CUE_SAT_MIN:
        return k
    second = np.max(np.delete(sat, k)) if len(sat) > 1 else 0.0
    return k if sat[k] >= CUE_SAT_STANDOUT_MIN and sat[k] >= CUE_SAT_STANDOUT_RATIO * second \
        else None


def cue_colour(ball: Ball) -> str:
    if ball.saturation < CUE_SAT_MIN:  # the white cue ball of a table of coloured balls
        return "white"
    return "yellow" if YELLOW_HUE[0] <= ball.hue <= YELLOW_HUE[1] else "red"
