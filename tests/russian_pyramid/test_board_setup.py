"""Setting up a position with a finger (issue 25, item 2) in headless Chromium with mobile
emulation and touch: a ball dropped near another lands exactly touching (centres 2R apart), one
dropped near a cushion lands frozen on it, the server accepts both; the magnifier shows beside
the finger; the nudge buttons (and the arrow keys on a desktop) move the selected ball 1 mm as
the player sees it; undo and redo restore the setup exactly; the zoom button doubles the table;
a phone on its side (844x390) has the table at least 300 px tall, the tray in sight.

Screenshots: build/board-screenshots/setup-*.png (look at them)."""
from __future__ import annotations

import math

from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from .conftest import screenshot
from .test_board_browser import balls, wait_checked
from .test_board_layouts import js, open_at, side_scroll, view_xy

PHONE = (390, 844)
TOLERANCE_M = 1e-6     # sim.table.POSITION_TOLERANCE_M: what the server's check allows
NUDGE_M = 0.001        # setup.js: one nudge
KEPT_M = 1e-7          # setup.js SETUP_ROUND_M: a nudged place is kept to 0.1 um
MIN_LANDSCAPE_TABLE_PX = 300  # the brief: the table at least this tall on a phone on its side


def radius(http) -> float:
    return http.get("/api/table").json()["ball_radius_m"]


def test_server_accepts_touching_and_frozen(http):
    """Exactly touching (2R, also on a diagonal kept to 0.1 um as the page keeps it) and frozen
    on a cushion (the centre R from the nose line) are positions; 10 um more is refused."""
    R = radius(http)
    a = (1.5, 0.9)
    u = (-0.6, 0.8)  # up and back: clear of the 2
    diag = [round((a[0] + 2 * R * u[0]) / 1e-7) * 1e-7, round((a[1] + 2 * R * u[1]) / 1e-7) * 1e-7]
    ok = {"1": list(a), "2": [a[0] + 2 * R, a[1]], "3": diag, "4": [R, 0.5], "5": [2.0, R],
          "6": [3.0, 1.775 - R]}
    r = http.post("/api/check", json={"balls": ok})
    assert r.status_code == 200, r.text
    for bad in ({"1": list(a), "2": [a[0] + 2 * R - 1e-5, a[1]]}, {"4": [R - 1e-5, 0.5]}):
        r = http.post("/api/check", json={"balls": bad})
        assert r.status_code == 422, r.text


def finger(drv):
    return ActionBuilder(drv, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))


def centre(drv, el):
    return js(drv, "const r = arguments[0].getBoundingClientRect(); "
                   "return [r.left + r.width / 2, r.top + r.height / 2];", el)


def tap(drv, el):
    js(drv, "arguments[0].scrollIntoView({block: 'nearest'});", el)
    x, y = centre(drv, el)
    f = finger(drv)
    f.pointer_action.move_to_location(round(x), round(y)).pointer_down().pointer_up()
    f.perform()


def drag_to(drv, bid, target, shot=None):
    """A finger takes ball ``bid`` to the table point ``target`` (m); with ``shot`` the
    magnifier is checked (shown beside the finger, not under it) and photographed mid-drag."""
    body = drv.find_element(By.CSS_SELECTOR, f'#g-balls [data-ball="{bid}"] .body')
    js(drv, "arguments[0].scrollIntoView({block: 'end'});", body)
    sx, sy = centre(drv, body)
    tx, ty = view_xy(drv, *target)
    assert 0 <= ty <= drv.execute_script("return innerHeight;"), "the target is in sight"
    f = finger(drv)
    (f.pointer_action.move_to_location(round(sx), round(sy)).pointer_down()
     .move_to_location(round((sx + tx) / 2), round((sy + ty) / 2))
     .move_to_location(round(tx), round(ty)))
    f.perform()
    if shot:
        loupe = js(drv, "const e = document.getElementById('loupe'), r = e.getBoundingClientRect();"
                        "return [e.hidden, r.left, r.top, r.right, r.bottom];")
        assert loupe[0] is False, loupe
        assert not (loupe[1] <= tx <= loupe[3] and loupe[2] <= ty <= loupe[4]), (loupe, tx, ty)
        screenshot(drv, shot)
    f.clear_actions()
    f.pointer_action.move_to_location(round(tx), round(ty)).pointer_up()
    f.perform()
    wait_checked(drv)
    assert js(drv, "return document.getElementById('loupe').hidden;"), js(drv, "return [!!boardState.drag, boardState.balls];")


def test_touching_frozen_nudge_undo_by_touch(browser, http):
    R = radius(http)
    drv = browser("ru", size=PHONE, mobile=True)
    tap(drv, drv.find_element(By.ID, "btn-empty"))
    assert balls(drv) == {}
    drag_to(drv, "7", (1.5, 0.9))
    assert math.dist(balls(drv)["7"], (1.5, 0.9)) < 0.01
    seven = balls(drv)["7"]
    # 3 mm short of touching the 7, at an angle: lands exactly touching
    u = (0.6, -0.8)
    drag_to(drv, "3", (seven[0] + (2 * R + 0.003) * u[0], seven[1] + (2 * R + 0.003) * u[1]),
            shot="setup-phone-loupe")
    three = balls(drv)["3"]
    assert abs(math.dist(three, seven) - 2 * R) < TOLERANCE_M, (three, seven)
    # 4 mm off the near long cushion (y = 0): lands frozen on it, centre R from the nose line
    drag_to(drv, "5", (0.9, R + 0.004))
    five = balls(drv)["5"]
    assert abs(five[1] - R) < 1e-9 and abs(five[0] - 0.9) < 0.01, five
    # frozen on the same cushion and touching the 5: along the cushion, exactly 2R from it
    drag_to(drv, "9", (five[0] - 2 * R - 0.004, R + 0.003))
    nine = balls(drv)["9"]
    assert abs(nine[1] - R) < 1e-9 and abs(math.dist(nine, five) - 2 * R) < TOLERANCE_M, (nine, five)
    # the server has the position (the page keeps only what it accepted)
    r = http.post("/api/check", json={"balls": balls(drv)})
    assert r.status_code == 200, r.text
    screenshot(drv, "setup-phone-touching")
    # the nudge pad: "up" on the turned table is the table's +x (the house at the bottom)
    history = [dict(balls(drv))]
    up = drv.find_element(By.CSS_SELECTOR, '#setup-tools [data-nudge="ArrowUp"]')
    left = drv.find_element(By.CSS_SELECTOR, '#setup-tools [data-nudge="ArrowLeft"]')
    for b in drv.find_elements(By.CSS_SELECTOR, "#setup-tools button"):
        assert b.size["width"] >= 44 and b.size["height"] >= 44, b.size
    tap(drv, drv.find_element(By.CSS_SELECTOR, '#g-balls [data-ball="5"] .body'))  # a tap selects it
    assert "selected" in drv.find_element(By.CSS_SELECTOR, '#g-balls [data-ball="5"]').get_attribute("class")
    assert balls(drv)["5"] == five  # and does not move it
    js(drv, "arguments[0].scrollIntoView({block: 'center'});", up)
    tap(drv, up)
    wait_checked(drv)
    moved = balls(drv)["5"]
    assert abs(moved[0] - (five[0] + NUDGE_M)) < KEPT_M and moved[1] == five[1], (five, moved)
    history.append(dict(balls(drv)))
    tap(drv, left)  # left on the turned table: towards the far long cushion, +y
    wait_checked(drv)
    moved2 = balls(drv)["5"]
    assert abs(moved2[1] - (moved[1] + NUDGE_M)) < KEPT_M and moved2[0] == moved[0], (moved, moved2)
    history.append(dict(balls(drv)))
    # undo back to the drops, then redo: every step exactly as it was
    undo, redo = drv.find_element(By.ID, "btn-undo"), drv.find_element(By.ID, "btn-redo")
    for want in (history[1], history[0]):
        tap(drv, undo)
        assert balls(drv) == want
    for want in (history[1], history[2]):
        tap(drv, redo)
        assert balls(drv) == want
    # "empty table" is undone too
    tap(drv, drv.find_element(By.ID, "btn-empty"))
    assert balls(drv) == {}
    tap(drv, undo)
    assert balls(drv) == history[2]
    # the zoom button: the table twice as wide in its frame, the page does not scroll sideways
    w0 = drv.find_element(By.ID, "table").size["width"]
    zoom = drv.find_element(By.ID, "btn-zoom")
    tap(drv, zoom)
    w1 = drv.find_element(By.ID, "table").size["width"]
    assert abs(w1 - 2 * w0) <= 2, (w0, w1)
    width, inner = side_scroll(drv)
    assert width <= inner
    screenshot(drv, "setup-phone-zoomed")
    tap(drv, zoom)
    assert abs(drv.find_element(By.ID, "table").size["width"] - w0) <= 1
    # a pinch on the bare cloth: two fingers spread to twice their distance, the table twice as wide
    js(drv, "window.scrollTo(0, 0);")
    (a0, a1), (b0, b1) = (view_xy(drv, 2.8, y) for y in (0.6, 1.2))
    (a2, a3), (b2, b3) = (view_xy(drv, 2.8, y) for y in (0.3, 1.5))
    pinch = ActionBuilder(drv)
    for name, (x0, y0), (x1, y1) in (("f1", (a0, a1), (a2, a3)), ("f2", (b0, b1), (b2, b3))):
        src = pinch.add_pointer_input(interaction.POINTER_TOUCH, name)
        src.create_pointer_move(x=round(x0), y=round(y0))
        src.create_pointer_down(button=0)
        src.create_pointer_move(duration=100, x=round((x0 + x1) / 2), y=round((y0 + y1) / 2))
        src.create_pointer_move(duration=100, x=round(x1), y=round(y1))
        src.create_pointer_up(button=0)
    pinch.perform()
    w2 = drv.find_element(By.ID, "table").size["width"]
    print(f"phone: table {w0} px wide, zoomed {w1}, pinched {w2}")
    assert abs(w2 / w0 - 2) < 0.1, (w0, w2)
    assert side_scroll(drv)[0] <= side_scroll(drv)[1]
    assert balls(drv) == history[2]  # a pinch moves no ball
    screenshot(drv, "setup-phone-pinched")


def test_arrow_keys_and_ctrl_z_on_a_desktop(browser, http):
    """Landscape: the right arrow is the table's +x, the up arrow +y; Ctrl+Z and Ctrl+Shift+Z."""
    drv = open_at(browser, (1366, 768), False, lang="en")
    drv.find_element(By.ID, "btn-rack").click()
    before = dict(balls(drv))
    # the rack's far corner ball: right (+x) and up (+y) take it away from the others
    far = max(before, key=lambda b: (round(before[b][0], 3), before[b][1]))
    ball = drv.find_element(By.CSS_SELECTOR, f'#g-balls [data-ball="{far}"]')
    ball.click()  # a click without a move selects the ball
    assert "selected" in ball.get_attribute("class")
    body = drv.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    wait_checked(drv)
    after = balls(drv)[far]
    assert abs(after[0] - (before[far][0] + NUDGE_M)) < KEPT_M and after[1] == before[far][1]
    body.send_keys(Keys.ARROW_UP)
    wait_checked(drv)
    up = balls(drv)[far]
    assert abs(up[1] - (after[1] + NUDGE_M)) < KEPT_M, (after, up)
    body.send_keys(Keys.CONTROL, "z")
    assert balls(drv)[far] == after
    body.send_keys(Keys.CONTROL, "z")
    assert balls(drv) == before
    body.send_keys(Keys.CONTROL, Keys.SHIFT, "z")
    assert balls(drv)[far] == after
    assert drv.find_element(By.ID, "btn-undo").get_attribute("title").startswith("Undo")


def test_phone_on_its_side(browser):
    drv = open_at(browser, (844, 390), True)
    r = js(drv, """
        const t = document.getElementById('table').getBoundingClientRect();
        const tray = document.getElementById('g-tray').getBoundingClientRect();
        const tools = document.getElementById('setup-tools').getBoundingClientRect();
        return {height: t.height, bottom: t.bottom, right: t.right, tray: tray.bottom,
                tools: [tools.right, tools.bottom]};""")
    width, inner = side_scroll(drv)
    print(f"844x390: table {r}, scrollWidth {width} / {inner}")
    screenshot(drv, "setup-phone-landscape")
    assert width <= inner
    assert r["height"] >= MIN_LANDSCAPE_TABLE_PX, r
    assert r["bottom"] <= 390 and r["tray"] <= 390, r  # the whole table and the tray in sight
    assert r["tools"][0] <= 844 and r["tools"][1] <= 390, r
    WebDriverWait(drv, 5).until(lambda d: d.find_element(By.ID, "btn-zoom").is_displayed())
    # the tray in reach: a finger takes a ball from it to the table
    drv.find_element(By.ID, "btn-empty").click()
    js(drv, "window.scrollTo(0, 0);")
    drag_to(drv, "12", (2.0, 0.9))
    assert math.dist(balls(drv)["12"], (2.0, 0.9)) < 0.01, balls(drv)


def test_snap_between_two_balls_and_not_far(browser, http):
    """A drop in the notch of a touching pair lands touching both (2R from each); a drop 2 cm from
    everything does not snap; a drop deep in an overlap (more than SNAP_M) is not moved."""
    R = radius(http)
    drv = open_at(browser, (1366, 768), False, lang="en")
    a, b = (1.5, 0.9), (1.5 + 2 * R, 0.9)
    js(drv, "board.loadState({balls: {'1': arguments[0], '2': arguments[1]}});", list(a), list(b))
    wait_checked(drv)
    h = 2 * R * math.sqrt(3) / 2
    # above the pair, 2 mm into both: touching the nearer alone would overlap the other
    got = js(drv, "return board.snapPoint('5', arguments[0]);", [a[0] + R + 0.0005, a[1] + h - 0.002])
    assert got is not None
    assert abs(math.dist(got, a) - 2 * R) < 1e-12 and abs(math.dist(got, b) - 2 * R) < 1e-12, got
    assert js(drv, "return board.snapPoint('5', arguments[0]);", [2.5, 0.9]) is None
    assert js(drv, "return board.snapPoint('5', arguments[0]);", [a[0], a[1] + 2 * R - 0.02]) is None
    assert js(drv, "return board.snapPoint('5', arguments[0]);", [2.5, R + 0.02]) is None
