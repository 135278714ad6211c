"""The photo's own lens (issue 57 item 4): the 35 mm equivalent focal length a JPEG's EXIF data
give (FocalLengthIn35mmFilm, as phones write it) is read, in either byte order, and ignored
where absent, zero, implausible or malformed; a table running out of the photo is read with
it instead of a phone's usual lens, and the answer says which."""
import json
import math
from pathlib import Path

import pytest

from benchmarks.photo_partial import lens_mm, tilted, with_lens
from benchmarks.photo_report import match
from russian_pyramid.photo.framing import PHONE_LENS_MM, focal_per_longer_side
from russian_pyramid.photo.imaging import cv2, lens_35mm_mm
from russian_pyramid.photo.service import read_position

DATA = Path(__file__).parent / "photo_data"


def _jpeg(name="case_000"):
    return (DATA / f"{name}.jpg").read_bytes()


@pytest.mark.parametrize("order", ["little", "big"])
@pytest.mark.parametrize("mm", [13, 26, 77, 120])
def test_the_lens_is_read_in_either_byte_order(order, mm):
    assert lens_35mm_mm(with_lens(_jpeg(), mm, order)) == mm


def test_no_lens_is_read_where_the_photo_gives_none_or_a_wrong_one():
    jpeg = _jpeg()
    assert lens_35mm_mm(jpeg) is None  # the render has no EXIF data
    assert lens_35mm_mm(with_lens(jpeg, 0)) is None  # 0: unknown (the Exif standard)
    assert lens_35mm_mm(with_lens(jpeg, 5)) is None  # no phone's lens: ignored
    assert lens_35mm_mm(with_lens(jpeg, 900)) is None
    png = cv2().imencode(".png", cv2().imread(str(DATA / "case_000.jpg")))[1].tobytes()
    assert lens_35mm_mm(png) is None
    whole = with_lens(jpeg, 26)
    value_end = whole.index(b"\x05\xa4") + 10  # the tag (little-endian 0xA405), its value
    for cut in range(2, value_end):  # the EXIF block cut before the value: no lens, no error
        assert lens_35mm_mm(whole[:cut]) is None
    assert lens_35mm_mm(whole[:value_end]) == 26
    broken = bytearray(whole)
    assert whole[12:14] == b"II"  # after the start (2), APP1's marker and length (4), Exif\0\0
    broken[12:14] = b"XX"  # no byte order mark
    assert lens_35mm_mm(bytes(broken)) is None


def test_the_focal_length_of_a_lens():
    # the 26 mm main camera: 0.751 of the longer side (framing.py's derivation)
    assert focal_per_longer_side(PHONE_LENS_MM) == pytest.approx(0.751, abs=0.001)
    truth = json.loads((DATA / "case_000.json").read_text())  # 69.4 deg across 1280 px
    assert focal_per_longer_side(lens_mm(truth, 1280, 960)) == pytest.approx(
        640 / math.tan(math.radians(34.7)) / 1280, rel=1e-9)


def _read(name, exif):
    truth = json.loads((DATA / f"{name}.json").read_text())
    image = tilted(cv2().imread(str(DATA / f"{name}.jpg")), truth)
    photo = cv2().imencode(".jpg", image, [cv2().IMWRITE_JPEG_QUALITY, 95])[1].tobytes()
    if exif:
        photo = with_lens(photo, round(lens_mm(truth, image.shape[1], image.shape[0])))
    doc = read_position(photo, truth["table"]).to_json()
    true = {k: tuple(v[:2]) for k, v in truth["balls"].items()}
    found = {k: tuple(v) for k, v in doc["balls"].items()}
    return doc["photo"]["partial_view"], sum(1 for *_, d in match(true, found) if d <= 20), \
        len(true)


def test_a_table_running_out_is_read_with_the_photo_s_own_lens():
    """An end view of the first render generator (case_000, a 25 mm lens) tilted until its
    near corners are out of the frame: read at a phone's usual 26 mm, the scale along the
    table is 4 % off and 2 of its 11 balls land within 20 mm; with its lens in the EXIF data,
    10 or more, and the answer says where the lens came from."""
    assumed, within_assumed, n = _read("case_000", exif=False)
    own, within_own, _ = _read("case_000", exif=True)
    assert assumed["lens_from"] == "assumed" and assumed["lens_mm"] == PHONE_LENS_MM
    assert own["lens_from"] == "exif" and own["lens_mm"] == 25
    assert within_own >= n - 1 > within_assumed + 5
