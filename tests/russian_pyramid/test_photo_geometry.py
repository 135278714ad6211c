"""russian_pyramid.photo.geometry (issue 31): the homography and the camera, against closed forms."""
import math

import numpy as np
import pytest

from russian_pyramid.photo.geometry import (Camera, GeometryError, apply, camera_from_homography,
                                    fit_camera_to_lines, focal_from_homography, homography,
                                    rectangle_residual, rotation_from_vector,
                                    vector_from_rotation)

L, W = 3.55, 1.775


def test_a_homography_of_a_scaled_and_shifted_rectangle_is_that_affine_map():
    src = np.array([(0, 0), (L, 0), (L, W), (0, W)])
    dst = src * 200 + [30, 40]  # 200 px per metre, shifted
    h = homography(src, dst)
    assert np.allclose(h, [[200, 0, 30], [0, 200, 40], [0, 0, 1]], atol=1e-9)
    assert np.allclose(apply(h, [(1.0, 0.5), (L / 2, W / 2)]), [(230, 140), (385, 217.5)])


def test_a_projective_square_maps_its_centre_to_the_diagonals_crossing():
    # A square seen in perspective: its centre goes where the image's diagonals cross
    # (a homography keeps lines and incidence), not to the corners' mean.
    src = np.array([(0, 0), (1, 0), (1, 1), (0, 1)])
    dst = np.array([(100, 400), (500, 400), (400, 100), (200, 100)])
    centre = apply(homography(src, dst), [(0.5, 0.5)])[0]
    # the diagonals (100,400)-(400,100) and (500,400)-(200,100) cross at x = 300, y = 200
    assert centre == pytest.approx((300, 200), abs=1e-9)


def _look_at(cam, target):
    f = np.subtract(target, cam) / np.linalg.norm(np.subtract(target, cam))
    r = np.cross(f, [0, 0, 1])
    r /= np.linalg.norm(r)
    d = np.cross(f, r)  # image rows go down
    return np.array([r, d, f])  # rows: camera x, y, z in the table's frame


def _project(rot, cam, focal, pp, pts):
    c = (np.asarray(pts, float) - cam) @ rot.T
    return np.c_[pp[0] + focal * c[:, 0] / c[:, 2], pp[1] + focal * c[:, 1] / c[:, 2]]


@pytest.mark.parametrize("cam", [(-1.3, 0.9, 1.6), (1.7, -2.8, 1.9), (4.9, 0.5, 1.4)])
def test_the_image_of_the_tables_rectangle_is_a_rotation_and_a_skewed_one_is_not(cam):
    """rectangle_residual: 0 (to rounding) for the table's rectangle seen by the camera; for
    a parallelogram on the same plane (the rectangle sheared by 0.2: its corners 11 deg off
    square) taken for the table, no camera with square pixels sees it as a rectangle: the
    residual is about the sine of the skew, above table_find.RECTANGLE_MAX."""
    cam = np.array(cam)
    rot = _look_at(cam, (L / 2, W / 2, 0))
    focal, pp = 924.3, (639.5, 359.5)
    table = np.array([(0, 0), (L, 0), (L, W), (0, W)], float)
    h = homography(table, _project(rot, cam, focal, pp, np.c_[table, np.zeros(4)]))
    assert rectangle_residual(h, pp, focal_from_homography(h, pp)) < 1e-6
    skewed = np.c_[table[:, 0] + 0.2 * table[:, 1], table[:, 1], np.zeros(4)]
    h = homography(table, _project(rot, cam, focal, pp, skewed))
    assert rectangle_residual(h, pp, focal_from_homography(h, pp)) \
        == pytest.approx(math.sin(math.atan(0.2)), abs=0.01)


@pytest.mark.parametrize("cam", [(-1.3, 0.9, 1.6), (1.7, -2.8, 1.9), (4.9, 0.5, 1.4)])
def test_the_camera_of_a_known_projection_comes_back(cam):
    cam = np.array(cam)
    rot = _look_at(cam, (L / 2, W / 2, 0))
    focal, pp = 924.3, (639.5, 359.5)
    corners = np.array([(0, 0, 0), (L, 0, 0), (L, W, 0), (0, W, 0)], float)
    px = _project(rot, cam, focal, pp, corners)
    h = homography(corners[:, :2], px)
    assert focal_from_homography(h, pp) == pytest.approx(focal, rel=1e-6)
    camera = camera_from_homography(h, pp, plane_z_m=0.0)
    assert np.allclose(camera.centre_m, cam, atol=1e-6)
    # a ball's centre 34 mm up goes back to its place along its ray
    ball = np.array([[2.1, 0.4, 0.034]])
    back = camera.to_height(_project(rot, cam, focal, pp, ball), 0.034)
    assert np.allclose(back, ball[:, :2], atol=1e-9)


def test_corners_in_mirrored_order_and_a_degenerate_set_are_refused():
    cam = np.array([-1.3, 0.9, 1.6])
    rot = _look_at(cam, (L / 2, W / 2, 0))
    corners = np.array([(0, 0, 0), (L, 0, 0), (L, W, 0), (0, W, 0)], float)
    px = _project(rot, cam, 900.0, (640, 360), corners)
    with pytest.raises(GeometryError, match="mirrored"):
        camera_from_homography(homography(corners[:, :2], px[::-1]), (640, 360), 0.0,
                               focal_px=900.0)
    with pytest.raises(GeometryError):
        homography(np.array([(0, 0), (1, 0), (2, 0), (3, 0)]), px)
    assert math.isfinite(focal_from_homography(homography(corners[:, :2], px), (640, 360)))


@pytest.mark.parametrize("vector", [(0.0, 0.0, 0.0), (0.3, -0.2, 0.1), (0.0, 2.5, 0.0),
                                    (-1.2, 0.4, 1.9)])
def test_a_rotation_vector_round_trips_through_its_matrix(vector):
    r = rotation_from_vector(np.array(vector))
    assert np.allclose(r @ r.T, np.eye(3), atol=1e-12) and np.linalg.det(r) == pytest.approx(1)
    # the axis is left where it is, and the angle is the vector's length
    if np.linalg.norm(vector) > 0:
        assert np.allclose(r @ np.array(vector), vector, atol=1e-12)
        assert math.acos((np.trace(r) - 1) / 2) == pytest.approx(np.linalg.norm(vector))
    assert np.allclose(vector_from_rotation(r), vector, atol=1e-9)


def test_too_few_edge_points_fix_no_camera():
    cam = Camera(focal_px=900.0, principal_px=(639.5, 359.5), rotation=np.eye(3),
                 centre_m=np.array([1.0, 0.5, 2.0]), plane_z_m=0.0)
    segments = [((0.0, 0.0), (1.0, 0.0))]
    with pytest.raises(GeometryError, match="cannot fix a camera"):
        fit_camera_to_lines(cam, segments, [np.array([[10.0, 20.0], [30.0, 40.0]])])
