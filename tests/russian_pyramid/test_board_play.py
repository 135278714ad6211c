"""The setup is never locked by a play-out (issue 54, item 2), on a phone upright (390x844,
touch): after «Сыграть» a button «Вернуть позицию» brings back the position as it was before
the play-out, and a finger drags a ball at once, with no other tap.

Screenshots: build/board-screenshots/play-*.png (look at them)."""
from __future__ import annotations

import math

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from .conftest import screenshot
from .test_board_browser import _drawn_at, balls
from .test_board_layouts import PHONE, js, open_at, suggest
from .test_board_setup import drag_to, tap


def test_back_to_the_position_after_a_play_out(browser):
    drv = open_at(browser, PHONE, True)
    Select(drv.find_element(By.ID, "sel-position")).select_by_value("/static/positions/open.json")
    WebDriverWait(drv, 10).until(lambda d: len(balls(d)) == 6)
    before = balls(drv)
    suggest(drv)
    back = drv.find_element(By.ID, "btn-unplay")
    assert not back.is_displayed()  # nothing played out yet
    tap(drv, drv.find_element(By.ID, "btn-play"))
    WebDriverWait(drv, 60).until(lambda d: d.find_element(By.TAG_NAME, "body")
                                 .get_attribute("data-played") == "done")
    assert drv.find_elements(By.CSS_SELECTOR, "#g-anim [data-anim-ball]")
    assert back.is_displayed() and back.text == "Вернуть позицию"
    screenshot(drv, "play-done")
    js(drv, "window.scrollTo(0, 0);")
    screenshot(drv, "play-done-table")  # the play-out's end over the faded position
    tap(drv, back)
    # the position as it was: the balls where they were, drawn there, none faded, no play-out
    assert js(drv, "return document.body.dataset.played;") is None
    assert not drv.find_elements(By.CSS_SELECTOR, "#g-anim [data-anim-ball]")
    assert "faded" not in drv.find_element(By.ID, "g-balls").get_attribute("class").split()
    assert balls(drv) == before
    for bid, xy in before.items():
        assert math.dist(_drawn_at(drv, bid), xy) < 1e-3, (bid, _drawn_at(drv, bid), xy)
    assert not back.is_displayed()
    # the advice still answers the position shown: it stays drawn, and can be played again
    assert drv.find_elements(By.CSS_SELECTOR, '#g-advice polyline[data-path="cue"]')
    screenshot(drv, "play-back")
    # the noisy runs: as many as chosen (up to 20, the server's limit), each numbered 1..N
    Select(drv.find_element(By.ID, "in-runs")).select_by_value("10")
    tap(drv, drv.find_element(By.ID, "btn-noise"))
    WebDriverWait(drv, 30).until(lambda d: d.find_element(By.ID, "noise-summary").text)
    assert drv.find_element(By.ID, "noise-summary").text.startswith("10 попыток")
    nums = [e.text for e in drv.find_elements(By.CSS_SELECTOR, "#g-noise .noise-num")]
    assert nums == [str(k) for k in range(1, 11)], nums
    assert drv.find_element(By.ID, "in-runs").get_attribute("aria-label") == "Попыток"
    js(drv, "window.scrollTo(0, 0);")
    screenshot(drv, "play-noise-numbered")
    # a finger drag works at once: the 12 taken to a free spot
    drag_to(drv, "12", (2.2, 0.3))
    assert math.dist(balls(drv)["12"], (2.2, 0.3)) < 0.01, balls(drv)
    screenshot(drv, "play-dragged")


def test_a_drag_right_after_a_play_out(browser):
    """No button needed either: once the play-out has ended, a finger on a (faded) ball of the
    position takes the play-out away and drags the ball."""
    drv = open_at(browser, PHONE, True)
    Select(drv.find_element(By.ID, "sel-position")).select_by_value("/static/positions/open.json")
    WebDriverWait(drv, 10).until(lambda d: len(balls(d)) == 6)
    before = balls(drv)
    suggest(drv)
    tap(drv, drv.find_element(By.ID, "btn-play"))
    WebDriverWait(drv, 60).until(lambda d: d.find_element(By.TAG_NAME, "body")
                                 .get_attribute("data-played") == "done")
    drag_to(drv, "3", (2.2, 0.3))
    after = balls(drv)
    assert math.dist(after["3"], (2.2, 0.3)) < 0.01, after
    assert {b: xy for b, xy in after.items() if b != "3"} == {
        b: xy for b, xy in before.items() if b != "3"}
    assert not drv.find_elements(By.CSS_SELECTOR, "#g-anim [data-anim-ball]")
    assert not drv.find_element(By.ID, "btn-unplay").is_displayed()
