"""The board built around the table (issue 54, items 1, 6 and 7), in headless Chromium.

On a phone upright (390x844, touch) the table and the current tab's actions are on one screen:
after «Подсказать удар» the whole table and «Сыграть» at once; the play-out runs with the table
in view (checked during the animation), is paused, stepped and replayed; a drag works right
after it; the magnifier stays inside the screen at its right edge; the line of play's ghosts
are rings labelled «→k»; a refused photo's message does not follow to another tab; in the Game
tab the table and ◀ ▶ together; in a running match the typed line, «Записать», the last ruling
and the score without scrolling.  On a phone on its side, a tablet and a desktop the panels are
beside the table, the balls at least as large as on the phone, nothing scrolls sideways.
Every box is measured with getBoundingClientRect against innerWidth/innerHeight.

One browser page per size.  Screenshots: build/board-screenshots/phone-*.png, beside-*.png."""
from __future__ import annotations

import math
import time

import pytest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from .conftest import screenshot
from .test_board_browser import balls
from .test_board_layouts import (PHONE, js, open_at, pot_and_miss, side_scroll, smallest_ball_px,
                                 view_xy)
from .test_board_setup import drag_to, finger, tap

BOX = """const r = document.getElementById(arguments[0]).getBoundingClientRect();
return [r.left, r.top, r.right, r.bottom];"""


def box(drv, el_id) -> list:
    return js(drv, BOX, el_id)


def in_view(drv, *ids) -> None:
    """Each element drawn and wholly inside the viewport, as the page is scrolled now."""
    w, h = js(drv, "return [innerWidth, innerHeight];")
    for el_id in ids:
        left, top, right, bottom = box(drv, el_id)
        assert right > left and bottom > top, (el_id, "not drawn")
        assert left >= -0.5 and top >= -0.5 and right <= w + 0.5 and bottom <= h + 0.5, \
            (el_id, [left, top, right, bottom], (w, h))


def anim_cue(drv):
    return js(drv, "const e = document.querySelector('#g-anim [data-anim-ball=\"cue\"]');"
                   "return e && e.getAttribute('transform');")


def test_the_phone_keeps_the_table_and_its_actions_on_one_screen(browser, game_record, tmp_path):
    drv = open_at(browser, PHONE, True)
    assert js(drv, "return document.body.classList.contains('portrait');")
    phone_ball = smallest_ball_px(drv)
    Select(drv.find_element(By.ID, "sel-position")).select_by_value("/static/positions/open.json")
    WebDriverWait(drv, 10).until(lambda d: len(balls(d)) == 6)
    Select(drv.find_element(By.ID, "in-budget")).select_by_value("300")
    js(drv, "window.scrollTo(0, 0);")
    in_view(drv, "table", "btn-suggest")  # at the top of the page, nothing scrolled
    tap(drv, drv.find_element(By.ID, "btn-suggest"))
    WebDriverWait(drv, 90).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions li"))
    in_view(drv, "table", "btn-play", "btn-noise")
    screenshot(drv, "phone-advice")
    # the line of play's ghosts: dashed rings labelled «→k», no ball's number (item 6)
    labels = [e.text for e in drv.find_elements(By.CSS_SELECTOR, "#g-line [data-role=line-num]")]
    assert labels and all(s.startswith("→") for s in labels), labels
    assert {e.value_of_css_property("fill") for e in
            drv.find_elements(By.CSS_SELECTOR, "#g-line [data-role=line-ghost]")} == {"none"}
    # the sheet pulled up: the table smaller, still whole, the bar still under it
    tap(drv, drv.find_element(By.ID, "btn-sheet"))
    WebDriverWait(drv, 5).until(lambda d: box(d, "table")[3] < 600)
    in_view(drv, "table", "btn-play")
    screenshot(drv, "phone-sheet-up")
    tap(drv, drv.find_element(By.ID, "btn-sheet"))
    # the play-out, slowed to a quarter: the table in view while it runs, and no scroll
    Select(drv.find_element(By.ID, "play-speed")).select_by_value("0.25")
    y0 = js(drv, "return scrollY;")
    tap(drv, drv.find_element(By.ID, "btn-play"))
    WebDriverWait(drv, 30).until(lambda d: js(d, "return document.body.dataset.played;") == "running")
    time.sleep(0.3)
    assert js(drv, "return document.body.dataset.played;") == "running"
    in_view(drv, "table", "play-pause", "play-back", "play-fwd", "play-again", "btn-unplay")
    assert js(drv, "return scrollY;") == y0
    screenshot(drv, "phone-playing")
    # paused, stepped forward and back, then again from the start
    tap(drv, drv.find_element(By.ID, "play-pause"))
    paused = anim_cue(drv)
    time.sleep(0.3)
    assert anim_cue(drv) == paused and js(drv, "return document.body.dataset.played;") == "running"
    tap(drv, drv.find_element(By.ID, "play-fwd"))
    tap(drv, drv.find_element(By.ID, "play-fwd"))
    assert anim_cue(drv) != paused
    tap(drv, drv.find_element(By.ID, "play-back"))
    tap(drv, drv.find_element(By.ID, "play-back"))
    assert anim_cue(drv) == paused
    Select(drv.find_element(By.ID, "play-speed")).select_by_value("1")
    tap(drv, drv.find_element(By.ID, "play-pause"))
    WebDriverWait(drv, 30).until(lambda d: js(d, "return document.body.dataset.played;") == "done")
    end = anim_cue(drv)
    tap(drv, drv.find_element(By.ID, "play-again"))
    assert js(drv, "return document.body.dataset.played;") == "running" and anim_cue(drv) != end
    WebDriverWait(drv, 30).until(lambda d: js(d, "return document.body.dataset.played;") == "done")
    in_view(drv, "table")
    # a drag right after it; the magnifier inside the screen at its right edge (item 6)
    drag_to(drv, "3", (2.2, 0.3))
    assert math.dist(balls(drv)["3"], (2.2, 0.3)) < 0.01
    body = drv.find_element(By.CSS_SELECTOR, '#g-balls [data-ball="3"] .body')
    sx, sy = js(drv, "const r = arguments[0].getBoundingClientRect();"
                     "return [r.left + r.width / 2, r.top + r.height / 2];", body)
    tx, ty = view_xy(drv, 2.2, 0.05)  # by the right cushion
    f = finger(drv)
    f.pointer_action.move_to_location(round(sx), round(sy)).pointer_down() \
        .move_to_location(round(tx), round(ty))
    f.perform()
    loupe = box(drv, "loupe")
    assert loupe[2] <= js(drv, "return document.documentElement.clientWidth;") + 0.5, loupe
    f.clear_actions()
    f.pointer_action.move_to_location(round(sx), round(sy)).pointer_up()
    f.perform()
    # a refused photo's message stays in its tab (item 6)
    bad = tmp_path / "not-a-photo.jpg"
    bad.write_text("text, not an image")
    drv.allowed_console = ("status of 4",)
    drv.find_element(By.ID, "file-photo").send_keys(str(bad))
    WebDriverWait(drv, 20).until(lambda d: d.find_element(By.ID, "message").text)
    # the Game tab: the table and ◀ ▶ together
    drv.find_element(By.ID, "tab-viewer").click()
    assert drv.find_element(By.ID, "message").text == ""
    drv.find_element(By.ID, "file-record").send_keys(str(game_record[0]))
    WebDriverWait(drv, 30).until(lambda d: "1" in d.find_element(By.ID, "stroke-no").text)
    tap(drv, drv.find_element(By.ID, "btn-next"))
    js(drv, "window.scrollTo(0, 0);")
    in_view(drv, "table", "btn-prev", "btn-next", "btn-next-mark", "stroke-no")
    screenshot(drv, "phone-game")
    js(drv, "window.scrollTo(0, 600);")  # the list of strokes below: the table stays whole
    in_view(drv, "table", "btn-prev", "btn-next")
    # a running match: the score, the typed line, «Записать», the last ruling, no scrolling
    js(drv, "window.scrollTo(0, 0);")
    pot_and_miss(drv)
    in_view(drv, "m-score", "m-text", "m-send", "m-out")
    # a key far down the screen: tapped, the line and the score still in view
    key = drv.find_element(By.CSS_SELECTOR, '.m-whole button[data-line="tush"]')
    js(drv, "arguments[0].scrollIntoView({block: 'center'});", key)
    in_view(drv, "m-score", "m-text", "m-send", "m-out")
    screenshot(drv, "phone-match")
    assert side_scroll(drv)[0] <= side_scroll(drv)[1]
    print(f"phone: smallest ball {phone_ball:.1f} px")
    PHONE_BALL_PX.append(phone_ball)


PHONE_BALL_PX: list[float] = []  # measured above (the phone's test runs first)
BESIDE = [((844, 390), True, "phone-landscape"), ((1024, 768), False, "tablet"),
          ((1366, 768), False, "desktop")]


@pytest.mark.parametrize("size, mobile, name", BESIDE, ids=[s[2] for s in BESIDE])
def test_the_panels_are_beside_the_table(browser, size, mobile, name):
    if not PHONE_BALL_PX:  # run alone: the phone's balls measured here
        phone = open_at(browser, PHONE, True)
        PHONE_BALL_PX.append(smallest_ball_px(phone))
    drv = open_at(browser, size, mobile)
    least = smallest_ball_px(drv)
    table = box(drv, "table")
    print(f"{name}: table {table[2] - table[0]:.0f}x{table[3] - table[1]:.0f} px, smallest ball "
          f"{least:.1f} px (phone {PHONE_BALL_PX[0]:.1f})")
    if not mobile:  # a tablet's and a desktop's balls (a phone on its side: as tall as it can)
        assert least >= PHONE_BALL_PX[0] - 0.05
    Select(drv.find_element(By.ID, "sel-position")).select_by_value("/static/positions/open.json")
    WebDriverWait(drv, 10).until(lambda d: len(balls(d)) == 6)
    Select(drv.find_element(By.ID, "in-budget")).select_by_value("300")
    js(drv, "window.scrollTo(0, 0);")
    in_view(drv, "table", "btn-suggest")
    drv.find_element(By.ID, "btn-suggest").click()
    WebDriverWait(drv, 90).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions li"))
    in_view(drv, "table", "btn-play", "btn-noise")
    for panel in ("box-state", "box-ai", "box-advice"):  # beside, never under the table
        assert box(drv, panel)[0] >= table[2], (panel, box(drv, panel), table)
    js(drv, "document.getElementById('suggestions').scrollIntoView({block: 'end'});")
    in_view(drv, "table", "btn-play")  # the panels scroll, the table stays
    width, inner = side_scroll(drv)
    assert width <= inner, (width, inner)
    screenshot(drv, f"beside-{name}")
    drv.find_element(By.ID, "tab-viewer").click()
    js(drv, "window.scrollTo(0, 0);")
    in_view(drv, "table", "btn-prev", "btn-next")
    assert box(drv, "panel-viewer")[0] >= box(drv, "table")[2]
    for tab in ("viewer", "match"):
        drv.find_element(By.ID, f"tab-{tab}").click()
        width, inner = side_scroll(drv)
        assert width <= inner, (tab, width, inner)
