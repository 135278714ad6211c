"""russian_pyramid.photo (issue 57 item 2): a hand and an arm reaching over the rail are no
balls; a black ball, darker than any colour test's light limit, is one.  Drawn on one of the
tests' renders (case_000, its corners given): the arm as a player's, a skin-coloured band over
the right-hand rail onto the cloth ending in a hand; the black ball a dark disc of a ball's
size on the cloth."""
import json
from pathlib import Path

import numpy as np
import pytest

from russian_pyramid.photo.balls import Ball, cue_index, expected_radius_px
from russian_pyramid.photo.imaging import cv2, read_photo
from russian_pyramid.photo.service import read_position
from russian_pyramid.photo.table_find import view_from_corners
from sim.presets import table_by_name

DATA = Path(__file__).parent / "photo_data"
SKIN_BGR = (120, 150, 205)
BLACK_BGR = (22, 22, 26)


@pytest.fixture(scope="module")
def render():
    t = json.loads((DATA / "case_000.json").read_text())
    img = read_photo(DATA / "case_000.jpg")
    spec = table_by_name(t["table"])
    view = view_from_corners(img, spec, np.array(t["corners_px"]))
    return t, img, spec, view


def _px(view, spec, x, y, z):
    return view.camera.project(np.array([[x, y, z]]))[0]


def _read(img, t):
    data = cv2().imencode(".png", img)[1].tobytes()
    return read_position(data, t["table"], np.array(t["corners_px"]))


def _near(pos, uv, r):
    return [b for b in pos.balls if np.hypot(b.u_px - uv[0], b.v_px - uv[1]) < r]


def test_an_arm_over_the_rail_with_its_hand_on_the_cloth_is_no_ball(render):
    t, img, spec, view = render
    cv = cv2()
    before = _read(img, t)
    # from beyond the right-hand rail (y < 0) onto the cloth at x = 1.2 m, clear of the balls
    # and the pockets
    a = _px(view, spec, 1.2, -0.35, 0.10)
    b = _px(view, spec, 1.2, 0.22, 0.06)
    r = float(expected_radius_px(view, spec, b[None])[0])
    drawn = img.copy()
    cv.line(drawn, tuple(int(v) for v in a), tuple(int(v) for v in b), SKIN_BGR,
            int(1.6 * r))
    cv.ellipse(drawn, (int(b[0]), int(b[1])), (int(1.8 * r), int(1.1 * r)), 0, 0, 360,
               SKIN_BGR, -1)
    after = _read(drawn, t)
    assert not _near(after, b, 3 * r), [x.to_json() for x in _near(after, b, 3 * r)]
    # every ball found before is found still
    assert len(after.balls) == len(before.balls)


def test_a_black_ball_is_found(render):
    t, img, spec, view = render
    cv = cv2()
    centre = _px(view, spec, 1.2, 0.9, spec.ball_radius_m)
    r = float(expected_radius_px(view, spec, centre[None])[0])
    drawn = img.copy()
    cv.circle(drawn, (int(round(centre[0])), int(round(centre[1]))), int(round(r)), BLACK_BGR,
              -1, cv.LINE_AA)
    pos = _read(drawn, t)
    near = _near(pos, centre, 0.5 * r)
    assert len(near) == 1 and near[0].id != "cue"
    assert np.hypot(near[0].x_m - 1.2, near[0].y_m - 0.9) < 0.02


def test_on_a_pool_table_the_cue_ball_is_the_white_not_the_black():
    def ball(i, s, v):
        return Ball(x_m=0.1 * i, y_m=0.5, u_px=10.0 * i, v_px=10.0, radius_px=5.0,
                    saturation=s, hue=100.0, confidence=0.9, value=v)
    # three coloured balls, the black (the least saturated, dark) and the white
    balls = [ball(0, 0.62, 0.7), ball(1, 0.55, 0.6), ball(2, 0.71, 0.5), ball(3, 0.12, 0.2),
             ball(4, 0.18, 0.8)]
    assert cue_index(balls) == 4
    assert cue_index(balls[:4]) is None  # the white not seen: none named
    # under a warm grade the white is as unsaturated as a striped ball's white band, but lighter
    # (the broadcast frames' game1_clip2)
    assert cue_index(balls[:3] + [ball(3, 0.33, 0.56), ball(4, 0.34, 0.87)]) == 4
