"""The photo's journey (issue 51), as docs/USAGE.md and docs/BOARD.md write it: ``pyramid photo
IMAGE --json`` on a photo of the table (tests/russian_pyramid/photo_data), the position saved to
a file, then opened on the board on a phone (390x844, touch) with «Открыть файл»: the balls on
the table where the photo has them, the numbers a photo does not tell asked by a tap each, and
the advice on the position -- on a photo of touching balls, which the command once printed
into each other (a position refused everywhere)."""
from __future__ import annotations

import json
import math

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tests.cli.clihelp import ROOT, pyramid
from tests.russian_pyramid.conftest import screenshot
from tests.russian_pyramid.test_board_browser import balls, js, message
from tests.russian_pyramid.test_board_layouts import PHONE, open_at
from tests.russian_pyramid.test_board_photo_browser import _picker_open, _pick, _unread
from tests.russian_pyramid.test_board_setup import tap

# case_023: touching balls, which the detector put up to 4 mm into each other (settled)
PHOTO = ROOT / "tests" / "russian_pyramid" / "photo_data" / "case_023.jpg"
NEAR_M = 0.02  # the detector's centres are a few mm off (docs/PHOTO.md); the board's test too


def _nearest(truth: dict, xy) -> str:
    return min(truth, key=lambda b: math.dist(truth[b], xy))


def test_a_photo_becomes_a_position_on_the_board(browser, tmp_path):
    truth = json.loads(PHOTO.with_suffix(".json").read_text(encoding="utf-8"))["balls"]
    # the command: the position read from the photo, the object balls unnumbered
    r = pyramid("photo", PHOTO, "--json")
    assert r.returncode == 0, r.stderr
    found = json.loads(r.stdout)
    assert found["table"] == "pyramid-12ft" and len(found["balls"]) == len(truth)
    assert set(found["balls"]) == {"cue"} | {f"?{k}" for k in range(1, len(truth))}
    position = tmp_path / "position.json"
    position.write_text(r.stdout, encoding="utf-8")  # pyramid photo ... --json > position.json
    # the board on a phone: the file opened, every ball on the table where the photo has it
    drv = open_at(browser, PHONE, True)
    drv.find_element(By.ID, "file-state").send_keys(str(position))
    WebDriverWait(drv, 10).until(lambda d: len(balls(d)) == len(truth))
    on = balls(drv)
    assert set(on) == {"cue"} | {str(k) for k in range(1, len(truth))}, on
    assert math.dist(on["cue"], truth["cue"]) < NEAR_M
    for bid, xy in on.items():
        assert math.dist(xy, truth[_nearest(truth, xy)]) < NEAR_M, (bid, xy)
    assert all(e.get_attribute("data-where") == "table" for e in drv.find_elements(
        By.CSS_SELECTOR, "#g-balls .ball") if e.get_attribute("data-ball") in on)
    # the numbers are asked: each object ball drawn «?» until the player sets it
    assert sorted(_unread(drv), key=int) == [str(k) for k in range(1, len(truth))]
    said, cls = message(drv)
    assert "нажмите на каждый шар" in said and "error" not in cls, said
    js(drv, "window.scrollTo(0, 0);")
    screenshot(drv, "journey-photo-opened")
    number_the_balls(drv, truth)
    advice_shown(drv)
    js(drv, "window.scrollTo(0, 0);")
    screenshot(drv, "journey-photo-advice")


def number_the_balls(drv, truth: dict) -> None:
    """A tap on a ball drawn «?», then each ball's number picked as the photo's ``truth`` has
    it (a player reading the numbers on the photo): every ball numbered where it lies."""
    tap(drv, drv.find_element(By.CSS_SELECTOR, f'#g-balls [data-ball="{_unread(drv)[0]}"] .body'))
    while _unread(drv):
        assert _picker_open(drv)
        picking = js(drv, "return document.body.dataset.picking;")
        _pick(drv, _nearest(truth, balls(drv)[picking]))
    on = balls(drv)
    assert set(on) == set(truth)
    for bid, xy in on.items():  # numbered as the photo's truth
        assert math.dist(xy, truth[bid]) < NEAR_M, (bid, xy, truth[bid])


def advice_shown(drv) -> None:
    """«Подсказать удар» tapped: the advice drawn on the table, no error said."""
    tap(drv, drv.find_element(By.ID, "btn-suggest"))
    WebDriverWait(drv, 120).until(lambda d: js(d, "return !window.boardState.busy && "
                                                  "(!!document.body.dataset.advice || "
                                                  "document.getElementById('message')"
                                                  ".className.includes('error'));"))
    assert js(drv, "return document.body.dataset.advice;") == "shown", message(drv)
    assert drv.find_elements(By.CSS_SELECTOR, '#g-advice polyline[data-path="cue"]')
