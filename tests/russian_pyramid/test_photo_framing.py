"""russian_pyramid.photo.framing (issue 57 item 4): a table running out of the photo is said
so, read from the three sides seen (from behind an end or beside the table), or refused."""
import json
from pathlib import Path

import numpy as np
import pytest

from benchmarks.photo_partial import lens_mm, tilted, with_lens
from benchmarks.photo_report import match
from russian_pyramid.errors import UserInputError
from russian_pyramid.photo.framing import SIDE, camera_of_three_sides, runs_out
from russian_pyramid.photo.geometry import Camera
from russian_pyramid.photo.imaging import cv2
from russian_pyramid.photo.service import read_position
from russian_pyramid.photo.table_find import CUSHION_TOP_WIDTH_M
from sim.presets import table_by_name

DATA = Path(__file__).parent / "photo_data"


def test_a_region_reaching_the_frames_edge_runs_out():
    region = np.zeros((300, 400), np.uint8)
    quad = np.array([[120, 60], [280, 60], [360, 250], [40, 250]], np.int32)
    cv2().fillConvexPoly(region, quad, 1)
    assert not runs_out(region)
    assert runs_out(region[:200])  # the near side cut off by the frame


def _cropped(name):
    """The render with its two nearest corners (lowest in the photo) 40 px below the frame."""
    truth = json.loads((DATA / f"{name}.json").read_text())
    corners = np.array(truth["corners_px"])
    cut = int(np.sort(corners[:, 1])[2] - 40)
    img = cv2().imread(str(DATA / f"{name}.jpg"))
    return cv2().imencode(".png", img[:cut])[1].tobytes(), truth["table"]


def test_a_table_cut_by_the_frame_is_said_so():
    """A short-end render (case_000) cut so that its near corners are out of the frame: the
    frame's edge taken for the near cushion, the answer says the table runs out; the whole
    photo does not."""
    photo, table = _cropped("case_000")
    assert read_position(photo, table).to_json()["photo"]["table_runs_out"] is True
    assert "table_runs_out" not in read_position(DATA / "case_000.jpg", table).to_json()["photo"]


def test_a_table_cut_by_the_frame_and_refused_says_why():
    photo, table = _cropped("independent_007")
    with pytest.raises(UserInputError, match="runs out of the photo"):
        read_position(photo, table)


def test_three_sides_give_the_camera_of_a_known_lens():
    """The far end and the two long sides' lines, seen by a camera whose focal length is
    known, give that camera back (framing.camera_of_three_sides)."""
    spec = table_by_name("pyramid-12ft")
    c, z = CUSHION_TOP_WIDTH_M, spec.cushion_height_m
    L, W = spec.length_m, spec.width_m
    cam = Camera(focal_px=900.0, principal_px=(639.5, 479.5),
                 rotation=_looking(np.array([-1.2, W / 2 + 0.3, 1.5]), np.array([2.4, W / 2, 0])),
                 centre_m=np.array([-1.2, W / 2 + 0.3, 1.5]), plane_z_m=z)
    far, right, left = [(L + c, -c), (L + c, W + c)], [(0.5, -c), (L + c, -c)], \
        [(0.5, W + c), (L + c, W + c)]

    def line(ends):
        a, b = cam.project(np.c_[np.array(ends, float), np.full(2, z)])
        return a, (b - a) / np.linalg.norm(b - a)
    got = camera_of_three_sides(line(far), line(right), line(left), 900.0, (639.5, 479.5),
                                spec, c)
    assert got is not None
    assert np.allclose(got.centre_m, cam.centre_m, atol=1e-6)
    assert np.allclose(got.rotation, cam.rotation, atol=1e-8)


def test_three_sides_seen_from_beside_the_table_give_its_camera():
    """From beside the table (the near long side out of the photo), the far long side's line
    and the two ends' give the camera back in the table's frame (framing.SIDE): the house end
    on the camera's left, y = 0 nearest it, as a whole table seen from a side is read."""
    spec = table_by_name("pyramid-12ft")
    c, z = CUSHION_TOP_WIDTH_M, spec.cushion_height_m
    L, W = spec.length_m, spec.width_m
    eye = np.array([L / 2 - 0.4, -1.1, 1.4])
    cam = Camera(focal_px=1100.0, principal_px=(799.5, 599.5),
                 rotation=_looking(eye, np.array([L / 2, W * 0.7, 0])), centre_m=eye,
                 plane_z_m=z)
    far, right, left = [(L + c, W + c), (-c, W + c)], [(L + c, 0.3), (L + c, W + c)], \
        [(-c, 0.3), (-c, W + c)]

    def line(ends):
        a, b = cam.project(np.c_[np.array(ends, float), np.full(2, z)])
        return a, (b - a) / np.linalg.norm(b - a)
    got = camera_of_three_sides(line(far), line(right), line(left), 1100.0, (799.5, 599.5),
                                spec, c, SIDE)
    assert got is not None
    assert np.allclose(got.centre_m, cam.centre_m, atol=1e-6)
    assert np.allclose(got.rotation, cam.rotation, atol=1e-8)


def test_a_side_view_running_out_is_read_from_the_far_side_and_the_ends():
    """A view from beside the table (case_029) taken tilted up until its near corners are
    40 px out of the frame, a JPEG that gives its lens: flagged before (the frame's edge taken
    for the near cushion, 1 ball of 16 within 20 mm); read from the far long cushion and the
    two ends, every ball within 20 mm, the answer saying from where across the table the cloth
    is seen."""
    photo, truth = _tilted("case_029")
    img = cv2().imdecode(np.frombuffer(photo, np.uint8), cv2().IMREAD_COLOR)
    jpeg = cv2().imencode(".jpg", img, [cv2().IMWRITE_JPEG_QUALITY, 95])[1].tobytes()
    doc = read_position(with_lens(jpeg, round(lens_mm(truth, img.shape[1], img.shape[0]))),
                        truth["table"]).to_json()
    part = doc["photo"]["partial_view"]
    assert "seen_from_x_m" not in part and 0.1 < part["seen_from_y_m"] < 0.6, part
    assert part["lens_from"] == "exif"
    found = {k: tuple(v) for k, v in doc["balls"].items()}
    true = {k: tuple(v[:2]) for k, v in truth["balls"].items()}
    assert len(match(true, found)) == len(true)


def _looking(eye, at):
    """The rotation (table to camera frame) of a camera at ``eye`` looking at ``at``, level."""
    fwd = (at - eye) / np.linalg.norm(at - eye)
    right = np.cross(fwd, [0, 0, 1.0])
    right /= np.linalg.norm(right)
    down = np.cross(fwd, right)
    return np.array([right, down, fwd])


def _tilted(name):
    truth = json.loads((DATA / f"{name}.json").read_text())
    img = tilted(cv2().imread(str(DATA / f"{name}.jpg")), truth)
    return cv2().imencode(".png", img)[1].tobytes(), truth


def test_a_table_running_out_is_read_from_the_three_sides_seen():
    """An end view (independent_10007_019) taken tilted up until its near corners are 40 px
    out of the frame: refused before; read from the far end and the long sides, at a phone's
    focal length (that render's), every ball within 20 mm, and the answer says so."""
    photo, truth = _tilted("independent_10007_019")
    doc = read_position(photo, truth["table"]).to_json()
    part = doc["photo"]["partial_view"]
    assert doc["photo"]["table_runs_out"] is True and 0.3 < part["seen_from_x_m"] < 1.0
    found = {k: tuple(v) for k, v in doc["balls"].items()}
    true = {k: tuple(v[:2]) for k, v in truth["balls"].items()}
    assert len(match(true, found)) == len(true)


def test_a_corner_view_running_out_is_not_read_from_three_sides():
    """A corner view so tilted (independent_007): an end and a side meet in the photo, which
    three sides taken as the far end and the long sides misread; refused, saying why."""
    photo, truth = _tilted("independent_007")
    with pytest.raises(UserInputError, match="runs out of the photo"):
        read_position(photo, truth["table"])
