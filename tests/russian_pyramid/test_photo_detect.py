"""russian_pyramid.photo (issue 31): the position read from rendered photos of the 12 ft table.

The fixtures are six renders of the validation set (``python -m benchmarks.photo_set``,
POV-Ray; seed 31), each beside its exact truth: a short-end and a long-side camera, touching
balls, balls in the jaws and the full rack.  The whole set's figures are docs/PHOTO.md's.
"""
import json
from pathlib import Path

import numpy as np
import pytest

from russian_pyramid.errors import UserInputError
from russian_pyramid.photo.imaging import MAX_PIXELS, cv2, decode, image_size
from russian_pyramid.photo.service import parse_corners, read_position

DATA = Path(__file__).parent / "photo_data"
MATCH_M = 0.020  # the "found within 20 mm"


def _truth(name):
    return json.loads((DATA / f"{name}.json").read_text())


def _matched(truth_balls, pos):
    """True ids found within 20 mm (one to one, nearest first), and the detections matched."""
    pairs = sorted((float(np.hypot(t[0] - b.x_m, t[1] - b.y_m)), tid, b.id)
                   for tid, t in truth_balls.items() for b in pos.balls)
    used_t, used_f, out = set(), set(), {}
    for d, tid, fid in pairs:
        if d <= MATCH_M and tid not in used_t and fid not in used_f:
            used_t.add(tid)
            used_f.add(fid)
            out[tid] = (fid, d)
    return out


# (case, balls that must be found within 20 mm, detections that may be no ball, the median
# error's limit): every ball of the scattered, touching and jaw layouts, median 10 mm (the
# issue's); the full rack (16 balls), from the long side (case_029) and from the short end
# (case_028, the back rows 5-6 pixels wide), every ball: the triangle fitted whole (rack.py).
CASES = [("case_000", 11, 0, 0.010), ("case_023", 7, 0, 0.010), ("case_026", 10, 0, 0.010),
         ("case_002", 8, 0, 0.010), ("case_029", 16, 0, 0.010), ("case_028", 16, 0, 0.010)]


@pytest.mark.parametrize("name,need,false,median_m", CASES)
@pytest.mark.parametrize("corners", [False, True], ids=["found", "tapped"])
def test_the_balls_are_found_within_20_mm_and_the_cue_ball_by_its_colour(name, need, false,
                                                                         median_m, corners):
    t = _truth(name)
    pos = read_position(DATA / f"{name}.jpg", t["table"],
                        np.array(t["corners_px"]) if corners else None)
    m = _matched(t["balls"], pos)
    assert len(m) >= need, (name, sorted(m), [b.to_json() for b in pos.balls])
    assert len(pos.balls) - len(m) <= false, "detections that are no ball"
    assert m["cue"][0] == "cue" and pos.cue_colour == t["cue_colour"]
    assert np.median([d for _, d in m.values()]) <= median_m
    unread = sorted(b.id for b in pos.balls if b.id != "cue")
    assert unread == sorted(f"?{k}" for k in range(1, len(pos.balls)))
    # the table found lies where its corners are (a few pixels at 1280 x 720)
    assert np.abs(np.array(pos.corners_px) - np.array(t["corners_px"])).max() < 6
    doc = pos.to_json()
    assert set(doc["balls"]) == set(doc["confidence"]) and doc["cue_in_hand"] is False
    assert all(0 <= c <= 1 for c in doc["confidence"].values())


def test_the_photo_is_read_from_its_bytes_too():
    data = (DATA / "case_000.jpg").read_bytes()
    assert image_size(data) == (1280, 720)
    assert len(read_position(data).balls) == 11


def _with_exif_orientation(jpeg: bytes, orientation: int) -> bytes:
    """The JPEG with an Exif APP1 segment holding only the Orientation tag (0x0112), put
    right after the start-of-image marker, as a phone's camera writes it."""
    tiff = (b"MM\0*" + (8).to_bytes(4, "big")              # big-endian TIFF, IFD0 at 8
            + (1).to_bytes(2, "big")                           # one entry:
            + (0x0112).to_bytes(2, "big") + (3).to_bytes(2, "big")   # Orientation, SHORT
            + (1).to_bytes(4, "big") + orientation.to_bytes(2, "big") + b"\0\0"
            + (0).to_bytes(4, "big"))                          # no next IFD
    body = b"Exif\0\0" + tiff
    return jpeg[:2] + b"\xff\xe1" + (len(body) + 2).to_bytes(2, "big") + body + jpeg[2:]


def test_a_portrait_photo_stored_sideways_reads_as_the_phone_showed_it():
    # A phone held upright stores the sensor's landscape pixels and an Exif Orientation of 6
    # ("rotate 90 degrees clockwise to show"); the browser shows it upright, so the balls'
    # pixels and the tapped corners are the upright photo's, and so must the reading be.
    cv = cv2()
    upright = decode((DATA / "independent_131_004.jpg").read_bytes())
    t = _truth("independent_131_004")
    assert upright.shape[0] > upright.shape[1]  # a portrait photo
    plain = cv.imencode(".jpg", upright, [cv.IMWRITE_JPEG_QUALITY, 95])[1].tobytes()
    sideways = cv.imencode(".jpg", cv.rotate(upright, cv.ROTATE_90_COUNTERCLOCKWISE),
                           [cv.IMWRITE_JPEG_QUALITY, 95])[1].tobytes()
    tagged = _with_exif_orientation(sideways, 6)
    assert image_size(tagged) == (upright.shape[0], upright.shape[1])  # stored sideways
    a, b = read_position(plain), read_position(tagged)
    assert (b.width_px, b.height_px) == (a.width_px, a.height_px) == (upright.shape[1],
                                                                      upright.shape[0])
    assert np.abs(np.array(b.corners_px) - np.array(t["corners_px"])).max() < 6
    found = _matched(t["balls"], b)
    assert len(found) >= len(_matched(t["balls"], a)) - 1 and found["cue"][0] == "cue"
    # the same balls, read from pixels that differ only by the JPEG's blocks
    for ball in a.balls:
        near = min(float(np.hypot(ball.x_m - o.x_m, ball.y_m - o.y_m)) for o in b.balls)
        assert near < 0.005, (ball.id, near)
    # without the tag the same pixels are a landscape photo: not what the player saw
    assert read_position(sideways).width_px == upright.shape[0]


def test_a_huge_image_is_refused_from_its_header_before_it_is_decoded():
    # a PNG header that claims 100 000 x 100 000 pixels (nothing else): refused unread
    head = b"\x89PNG\r\n\x1a\n" + b"\0\0\0\rIHDR" + (100_000).to_bytes(4, "big") * 2
    with pytest.raises(UserInputError, match="megapixels") as exc:
        decode(head + b"\0" * 64)
    assert exc.value.detail["reason"] == "image-too-large"
    assert 100_000 ** 2 > MAX_PIXELS


def test_text_and_a_photo_without_a_table_are_refused():
    with pytest.raises(UserInputError, match="not a JPEG or PNG") as exc:
        decode(b"hello, not an image")
    assert exc.value.detail["reason"] == "not-an-image"
    cv2 = pytest.importorskip("cv2")
    grey = np.full((480, 640, 3), 128, np.uint8)  # a grey wall
    ok, png = cv2.imencode(".png", grey)
    with pytest.raises(UserInputError, match="no table") as exc:
        read_position(png.tobytes())
    assert exc.value.detail["reason"] == "no-table"


def test_a_green_rectangle_seen_square_on_is_no_table():
    # a poster of the cloth's colour: a rectangle, but no camera above a table sees it so
    cv2 = pytest.importorskip("cv2")
    img = np.full((720, 1280, 3), 200, np.uint8)
    cv2.rectangle(img, (200, 150), (1080, 590), (60, 140, 40), -1)
    ok, png = cv2.imencode(".png", img)
    with pytest.raises(UserInputError, match="no table") as exc:
        read_position(png.tobytes())
    assert exc.value.detail["reason"] == "no-table"


@pytest.mark.parametrize("text", ["1,2,3", "a,b,c,d,e,f,g,h", "1,2,3,4,5,6,7,nan"])
def test_bad_corners_are_refused_naming_the_flag(text):
    with pytest.raises(UserInputError, match="--corners"):
        parse_corners(text)


def test_each_ball_carries_the_error_its_place_may_have():
    """Issue 57 item 5: the error to expect per ball, from the camera (the metres a pixel spans
    at its place): larger the farther the ball (the higher in the photo); over 10 mm
    uncertain.  A phone's photo at 960 x 720 from beyond a long side (independent_131_004)."""
    pos = read_position(DATA / "independent_131_004.jpg", "pyramid-12ft")
    doc = {b["id"]: b for b in pos.to_json()["photo"]["balls"]}
    by_height = sorted(doc.values(), key=lambda b: b["v_px"])
    assert by_height[0]["error_mm"] > 10 > 7 > by_height[-1]["error_mm"]  # far, near
    assert [b["id"] for b in doc.values() if b["uncertain"]] \
        == [b["id"] for b in doc.values() if b["error_mm"] > 10]
    assert sum(b["uncertain"] for b in doc.values()) == 2


def test_a_pyramids_cue_ball_is_not_taken_for_a_striped_ball():
    """Issue 57: a striped ball whose white band alone is a shallow peak is taken whole from
    what is not cloth; a pyramid's red or yellow cue ball, whose lit part alone is its peak, is
    not (its shade and shadow deepened the other peak and moved it 6 mm: the phone's photo
    independent_8011_024, the table found)."""
    t = _truth("independent_8011_024")
    pos = read_position(DATA / "independent_8011_024.jpg", t["table"])
    cue = next(b for b in pos.balls if b.id == "cue")
    assert np.hypot(cue.x_m - t["balls"]["cue"][0], cue.y_m - t["balls"]["cue"][1]) < 0.005
