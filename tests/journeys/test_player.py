"""The player's journey (issue 51), on a phone upright (390x844, touch) as a thumb uses the board
(docs/BOARD.md): an empty table, the cue ball and two object balls put on it with a finger,
Suggest, the stroke drawn and described, Play it out, Save (the file written and read back by
the rules core and by the board), Link -- opened on a friend's phone, where the same position
gets the same advice, is played out, brought back («Вернуть позицию») and a ball dragged at
once."""
from __future__ import annotations

import json
import math
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from engine import GameState
from tests.russian_pyramid.conftest import screenshot
from tests.russian_pyramid.test_board_browser import balls, js, message
from tests.russian_pyramid.test_board_layouts import PHONE, open_at, side_scroll
from tests.russian_pyramid.test_board_setup import drag_to, tap

# the position the player sets up (m; x from the house cushion): the cue ball past the middle,
# the 7 near the far left corner, the 12 on the right long cushion's side
PLACES = {"cue": (2.2, 0.9), "7": (3.0, 1.45), "12": (2.9, 0.45)}
WAIT_S = 120  # a suggestion on a busy 2-core machine (the board's default 600 samples)


def _suggested(drv) -> str:
    """A tap on Suggest; what the page shows when the AI has answered (``shown``)."""
    tap(drv, drv.find_element(By.ID, "btn-suggest"))
    WebDriverWait(drv, WAIT_S).until(lambda d: js(d, "return !window.boardState.busy && "
                                                     "!!document.body.dataset.advice;"))
    return js(drv, "return document.body.dataset.advice;")


def _saved(folder, timeout_s=20.0) -> dict:
    """The file the page's Save downloaded into ``folder`` (position.json), once whole."""
    path = folder / "position.json"
    deadline = time.monotonic() + timeout_s
    while not path.exists() or any(folder.glob("*.crdownload")):
        assert time.monotonic() < deadline, list(folder.iterdir())
        time.sleep(0.1)
    return json.loads(path.read_text(encoding="utf-8"))


def test_a_player_sets_up_asks_plays_out_saves_and_shares(browser, tmp_path):
    drv = open_at(browser, PHONE, True)
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    drv.execute_cdp_cmd("Browser.setDownloadBehavior",
                        {"behavior": "allow", "downloadPath": str(downloads)})
    # an empty table; the balls from the tray with a finger (the turned table, house at the
    # bottom); the cue ball put on the table is no longer in hand
    tap(drv, drv.find_element(By.ID, "btn-empty"))
    assert balls(drv) == {}
    for bid, xy in PLACES.items():
        drag_to(drv, bid, xy)
    on = balls(drv)
    assert set(on) == set(PLACES), on
    for bid, xy in PLACES.items():
        assert math.dist(on[bid], xy) < 0.01, (bid, on[bid])
    assert not drv.find_element(By.ID, "in-hand").is_selected()
    assert "error" not in message(drv)[1], message(drv)
    # Suggest: the strokes listed with P(win) first, the best one drawn and put in words
    assert _suggested(drv) == "shown", message(drv)
    items = drv.find_elements(By.CSS_SELECTOR, "#suggestions li")
    assert items and items[0].find_element(By.CSS_SELECTOR, ".pwin b").text.endswith("%")
    assert drv.find_elements(By.CSS_SELECTOR, '#g-advice polyline[data-path="cue"]')
    assert drv.find_element(By.ID, "advice-text").text
    facts = drv.find_element(By.ID, "advice-facts").text
    assert "Сила" in facts and "Точка удара" in facts, facts
    answered = js(drv, "return window.boardState.answer.position.state;")
    assert answered["balls"] == on and answered["cue_in_hand"] is False
    first = js(drv, "return window.boardState.suggestions[0];")
    assert side_scroll(drv)[0] <= side_scroll(drv)[1]  # nothing scrolls sideways
    js(drv, "window.scrollTo(0, 0);")
    screenshot(drv, "journey-player-suggestion")
    # Play it out: the stroke animated from the simulator's motion, to its end
    tap(drv, drv.find_element(By.ID, "btn-play"))
    WebDriverWait(drv, 60).until(lambda d: d.find_element(By.TAG_NAME, "body")
                                 .get_attribute("data-played") == "done")
    assert drv.find_elements(By.CSS_SELECTOR, "#g-anim [data-anim-ball]")
    # Save: the state JSON of docs/FORMATS.md, which the rules core reads as it was set up
    tap(drv, drv.find_element(By.ID, "btn-save"))
    saved = _saved(downloads)
    state = GameState.from_json(saved)
    assert {b: list(xy) for b, xy in state.balls.items()} == on
    assert state.cue_in_hand is False and state.to_move == answered["to_move"]
    # ... and that the board opens again (an empty table first, then Open file)
    tap(drv, drv.find_element(By.ID, "btn-empty"))
    assert balls(drv) == {}
    drv.find_element(By.ID, "file-state").send_keys(str(downloads / "position.json"))
    WebDriverWait(drv, 10).until(lambda d: balls(d) == on)
    # Link: the position in the address; a friend's phone opens it and gets the same advice
    tap(drv, drv.find_element(By.ID, "btn-link"))  # the link waits for the server's count
    WebDriverWait(drv, 10).until(
        lambda d: "#s=" in d.find_element(By.ID, "link-out").get_attribute("value"))
    link = drv.find_element(By.ID, "link-out").get_attribute("value")
    friend = open_at(browser, PHONE, True)
    friend.get(link)
    WebDriverWait(friend, 20).until(lambda d: js(d, "return document.body.dataset.ready === '1'"))
    assert balls(friend) == on
    assert not friend.find_element(By.ID, "in-hand").is_selected()
    assert _suggested(friend) == "shown", message(friend)
    assert js(friend, "return window.boardState.suggestions[0];") == first
    screenshot(friend, "journey-player-link")
    # the friend plays it out, «Вернуть позицию» brings the shared position back, and a
    # finger moves a ball at once: the setup is never locked (issue 54 item 2)
    tap(friend, friend.find_element(By.ID, "btn-play"))
    WebDriverWait(friend, 60).until(lambda d: d.find_element(By.TAG_NAME, "body")
                                    .get_attribute("data-played") == "done")
    back = friend.find_element(By.ID, "btn-unplay")
    assert back.is_displayed() and back.text == "Вернуть позицию"
    tap(friend, back)
    assert balls(friend) == on and not back.is_displayed()
    assert not friend.find_elements(By.CSS_SELECTOR, "#g-anim [data-anim-ball]")
    drag_to(friend, "12", (2.2, 0.3))
    assert math.dist(balls(friend)["12"], (2.2, 0.3)) < 0.01, balls(friend)
    assert {b: xy for b, xy in balls(friend).items() if b != "12"} == {
        b: xy for b, xy in on.items() if b != "12"}
    screenshot(friend, "journey-player-back-and-drag")
