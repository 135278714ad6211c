"""``--corners`` as given (issue 57 item 3): kept within 5 px, in any order, refused with a
reason naming the flag and the value when they make no table.

The photo is a render of the validation set (case_026, seed 31, its exact corners) cropped to
its left 80 %: the image's centre is then not the lens's, as in a cropped or re-framed photo,
and a camera held to the image's centre (the fit before issue 57) put the corners given back
37 px away.
"""
import json
from pathlib import Path

import numpy as np
import pytest

from russian_pyramid.errors import UserInputError
from russian_pyramid.photo.corners import CORNERS_KEPT_PX, convex_order
from russian_pyramid.photo.geometry import GeometryError
from russian_pyramid.photo.imaging import cv2
from russian_pyramid.photo.service import read_position
from tests.cli.clihelp import assert_refused, run_main

DATA = Path(__file__).parent / "photo_data"


@pytest.fixture(scope="module")
def cropped():
    """The cropped render's PNG bytes and the true corners (NR, FR, FL, NL)."""
    truth = json.loads((DATA / "case_026.json").read_text())
    img = cv2().imread(str(DATA / "case_026.jpg"))
    crop = img[:, : int(img.shape[1] * 0.8)]
    corners = np.array(truth["corners_px"], float)
    assert corners[:, 0].max() < crop.shape[1]  # the table is wholly in the crop
    return cv2().imencode(".png", crop)[1].tobytes(), corners


# the order asked for, mirrored, crossed (a diagonal first), an end first, and from NL
ORDERS = [(0, 1, 2, 3), (0, 3, 2, 1), (2, 1, 0, 3), (1, 2, 3, 0), (3, 0, 1, 2), (0, 2, 1, 3)]


@pytest.mark.parametrize("order", ORDERS, ids=lambda o: "".join(map(str, o)))
def test_corners_given_are_kept_within_5_px_in_any_order(cropped, order):
    data, corners = cropped
    pos = read_position(data, "pyramid-12ft", corners[list(order)])
    # sorted back into NR, FR, FL, NL (the camera at the house end, as the photo was taken)
    moved = np.abs(np.array(pos.corners_px) - corners).max()
    assert moved <= CORNERS_KEPT_PX, moved
    assert len(pos.balls) == 10  # the render's ten balls, all on the table


def test_corners_are_sorted_round_their_middle_from_the_first_given():
    square = np.array([(10, 10), (0, 0), (0, 10), (10, 0)], float)  # crossed
    ordered = convex_order(square)
    assert ordered[0].tolist() == [10, 10]
    # the table's turning order: NR, FR, FL, NL is clockwise in the image (v down)
    area = sum(ordered[i - 1, 0] * ordered[i, 1] - ordered[i, 0] * ordered[i - 1, 1]
               for i in range(4))
    assert area < 0


@pytest.mark.parametrize("corners", [
    [(0, 0), (400, 0), (200, 300), (200, 100)],  # one inside the triangle of the others
    [(0, 0), (200, 0), (400, 0), (200, 300)],  # three on a line
    [(0, 0), (0, 0), (400, 300), (0, 300)],  # two on one point
])
def test_corners_that_make_no_quadrilateral_are_refused(corners):
    with pytest.raises(GeometryError):
        convex_order(np.array(corners, float))


def test_corners_that_make_no_table_are_refused_naming_the_flag_and_the_value(cropped, tmp_path):
    data, _ = cropped
    photo = tmp_path / "table.png"
    photo.write_bytes(data)
    text = "100,100,600,100,350,500,350,200"  # a corner inside the others' triangle
    with pytest.raises(UserInputError, match="--corners: '100,100,600,100,350,500,350,200' "
                                             "do not make a table"):
        read_position(data, "pyramid-12ft", np.array([float(v) for v in text.split(",")])
                      .reshape(4, 2))
    code, _, err = run_main("photo", str(photo), "--corners", text)
    assert_refused(code, err, "--corners", text, "do not make a table")
