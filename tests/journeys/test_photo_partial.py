"""The photo's journey when the table is too long for the frame (issue 57 item 4), as
docs/BOARD.md writes it: a player beside a 12 ft table takes a photo with a phone held close
enough that the near long cushion is below the frame, and the phone writes its lens into the
photo (EXIF ``FocalLengthIn35mmFilm``); on the board on a phone (390x844, touch) «Фото
стола», the photo chosen: the table read from the three cushions seen with the photo's own
lens, and said so; every ball on the table where it is; the numbers asked by a tap each; the
advice on the position.

The photo: a render from beside the table (tests/russian_pyramid/photo_data/case_029, 16
balls) taken again with the camera turned up until its two near corners are 40 px below the
frame (benchmarks.photo_partial.tilted: a turn of the camera keeps its lens and its principal
point), a JPEG carrying the render's lens (25 mm) as a phone writes it."""
from __future__ import annotations

import json
import math

from selenium.webdriver.common.by import By

from benchmarks.photo_partial import lens_mm, tilted, with_lens
from russian_pyramid.photo.imaging import cv2
from tests.cli.clihelp import ROOT
from tests.russian_pyramid.conftest import screenshot
from tests.russian_pyramid.test_board_browser import balls, js, message
from tests.russian_pyramid.test_board_layouts import PHONE, open_at
from tests.russian_pyramid.test_board_photo_browser import _photo_in

from .test_photo import _nearest, advice_shown, number_the_balls

RENDER = ROOT / "tests" / "russian_pyramid" / "photo_data" / "case_029"
NEAR_M = 0.02  # docs/PHOTO.md: the side views so read put every ball within 20 mm


def test_a_table_too_long_for_the_frame_becomes_a_position_on_a_phone(browser, tmp_path):
    doc = json.loads(RENDER.with_suffix(".json").read_text(encoding="utf-8"))
    truth = {k: tuple(v[:2]) for k, v in doc["balls"].items()}
    image = tilted(cv2().imread(str(RENDER.with_suffix(".jpg"))), doc)
    jpeg = cv2().imencode(".jpg", image, [cv2().IMWRITE_JPEG_QUALITY, 92])[1].tobytes()
    photo = tmp_path / "IMG_0029.jpg"  # as the phone saved it
    photo.write_bytes(with_lens(jpeg, round(lens_mm(doc, image.shape[1], image.shape[0]))))
    drv = open_at(browser, PHONE, True)
    button = drv.find_element(By.ID, "btn-photo")
    assert button.text == "Фото стола" and button.size["height"] >= 44
    _photo_in(drv, photo)
    assert js(drv, "return document.body.dataset.photo;") == "placed", message(drv)
    said, cls = message(drv)
    assert "Стол не помещается в кадр: он прочитан по трём видимым бортам" in said, said
    assert "от ближнего длинного борта" in said and "error" not in cls, said
    assert "по объективу, записанному в снимке (25 мм в эквиваленте)" in said, said
    on = balls(drv)
    assert set(on) == {"cue"} | {str(k) for k in range(1, len(truth))}, on
    assert math.dist(on["cue"], truth["cue"]) < NEAR_M
    for bid, xy in on.items():
        assert math.dist(xy, truth[_nearest(truth, xy)]) < NEAR_M, (bid, xy)
    js(drv, "window.scrollTo(0, 0);")
    screenshot(drv, "journey-photo-partial")
    number_the_balls(drv, truth)  # a tap on a ball drawn «?», each picked from the picker
    advice_shown(drv)
    assert not js(drv, "return [...window.missingWords];")
    js(drv, "window.scrollTo(0, 0);")
    screenshot(drv, "journey-photo-partial-advice")
