"""russian_pyramid.photo.table_find: the table's quadrilateral from the cloth's region."""
from dataclasses import replace

import numpy as np

from russian_pyramid.photo.geometry import Camera
from russian_pyramid.photo.imaging import cv2
from russian_pyramid.photo.outline import outer_corners
from russian_pyramid.photo.table_find import (CUSHION_TOP_WIDTH_M, DISTANCE_MAX_M, _plausible,
                                             _quads_from_lines, _side_lines, find_table)
from sim.presets import table_by_name


def test_the_straight_sides_close_the_quadrilateral_a_blob_over_a_corner_hides():
    """A cloth's region (a quadrilateral seen in perspective) with a lamp shade's blob of
    the same hue over one corner: the region's straight runs still give the four sides, and
    one of the quadrilaterals they close is the cloth's, to a pixel."""
    cv = cv2()
    quad = np.array([(200, 700), (1000, 690), (820, 260), (380, 250)], float)
    region = np.zeros((960, 1280), np.uint8)
    cv.fillConvexPoly(region, quad.astype(np.int32), 1)
    cv.circle(region, (820, 240), 90, 1, -1)  # the shade, over the far right corner
    lines = _side_lines(region)
    assert len(lines) >= 4
    assert np.array_equal(_side_lines(region)[0][0], lines[0][0])  # seeded: the same lines
    errors = [np.abs(q[:, None, :] - quad[None, :, :]).sum(axis=2).min(axis=1).max()
              for q in _quads_from_lines(lines, region.shape)]
    assert min(errors) < 2.0


def test_a_camera_kilometres_away_is_no_phones():
    # the outline's fit once ran off to a camera 2 000 km away with a phone's lens and height
    # (a floor of the cloth's hue, the photo held at a roll): all four corners on one point
    spec = table_by_name("pyramid-12ft")
    shape = (1600, 1200)
    near = Camera(focal_px=1000.0, principal_px=(599.5, 799.5), rotation=np.eye(3),
                  centre_m=np.array([-2.0, 0.9, 1.6]), plane_z_m=spec.cushion_height_m)
    assert _plausible(near, shape, spec)
    far = replace(near, centre_m=np.array([1.65, 1.975e6, 0.61]))
    assert not _plausible(far, shape, spec)
    edge = replace(near, centre_m=np.array([spec.length_m / 2 + DISTANCE_MAX_M + 0.1, 0.9, 1.6]))
    assert not _plausible(edge, shape, spec)


def test_a_table_seen_square_on_from_overhead_is_found():
    """Issue 57: a broadcast's top view (the broadcast frames' game1_clip1) shows the table
    square on, where no focal length can be told from its outline (any gives the same
    table): it is found, its corners where they are."""
    spec = table_by_name("pyramid-12ft")
    size = (1280, 960)
    L, W, z = spec.length_m, spec.width_m, spec.cushion_height_m
    cam = Camera(focal_px=700.0, principal_px=((size[0] - 1) / 2, (size[1] - 1) / 2),
                 rotation=np.array([[1.0, 0, 0], [0, -1.0, 0], [0, 0, -1.0]]),
                 centre_m=np.array([L / 2, W / 2, 2.6]), plane_z_m=z)
    img = np.empty((size[1], size[0], 3), np.uint8)
    img[:] = (40, 75, 120)  # wood
    outer = cam.project(np.c_[outer_corners(spec, CUSHION_TOP_WIDTH_M), np.full(4, z)])
    cv2().fillPoly(img, [np.round(outer).astype(np.int32)], (60, 130, 40))  # the cloth
    view = find_table(img, spec)
    inner = cam.project(np.array([(0, 0, z), (L, 0, z), (L, W, z), (0, W, z)]))
    # the same four points, whichever end is taken for the house end
    d = min(np.abs(np.roll(inner, k, axis=0) - view.corners_px).max() for k in (0, 2))
    assert d < 1.5
