"""russian_pyramid.photo.framing (issue 57 item 4): a table running out of the photo is said
so, read or refused."""
import json
from pathlib import Path

import numpy as np
import pytest

from russian_pyramid.errors import UserInputError
from russian_pyramid.photo.framing import runs_out
from russian_pyramid.photo.imaging import cv2
from russian_pyramid.photo.service import read_position

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
