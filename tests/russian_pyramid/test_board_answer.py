"""The advice always answers the position shown, and the same position gets the same advice
(issue 25, items 3 and 5): over HTTP (``POST /api/suggest``) and in headless Chromium, on a
desktop and on a phone upright (390x844, mobile emulation with touch).

* Every answer carries the position it was computed for (``position``: the state as the rules
  core read it and its SHA-256 digest, :class:`russian_pyramid.app.suggest.AnsweredPosition`).
* A state with the cue ball in hand (``cue_in_hand``) and on the table (``balls.cue``) is
  refused with a 422 naming both: from hand the cue ball is set down in the house (R3.2,
  R8.1); on the page the two cannot disagree (ticking the switch takes the cue ball off the
  table, putting it on the table unticks the switch).
* The issue's reproduction: «Пустой стол» (the switch ticked), the cue ball dragged to mid-table,
  the 7 and the 12 added, Suggest: the advice plays the cue ball where it lies.
* An answer for a position changed while the AI thought is not drawn; the list says so.
* Two suggestions that differ only in where the cue ball is set down are marked, in the
  answer (``differs_only_by_placement_from``) and in the list in the player's words.

Screenshots: build/board-screenshots/answer-*.png (look at them)."""
from __future__ import annotations

import json
import math

import pytest

from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from engine import GameState
from russian_pyramid.app.suggest import position_digest

from ..cli.clihelp import ROOT
from .conftest import load_json, screenshot
from .test_board_browser import balls, drag_to, message, wait_checked
from .test_board_layouts import PHONE, open_at, view_xy

POSITIONS = ROOT / "russian_pyramid" / "board" / "static" / "positions"
OPEN, HAND = POSITIONS / "open.json", POSITIONS / "hand.json"
MID_TABLE = (1.775, 0.8875)  # the centre spot, L/2 x W/2 of the 12 ft table (m)
SMALL = {"top": 1, "budget": 40}  # a small search: what is checked here is not its strength


def js(drv, script, *args):
    return drv.execute_script(script, *args)


def _json(obj):
    """``obj`` as it comes back through JSON (tuples as lists)."""
    return json.loads(json.dumps(obj))


def _but_elapsed(answer: dict) -> dict:
    return {k: v for k, v in answer.items() if k != "elapsed_s"}


# --- over HTTP -----------------------------------------------------------------------------
def test_the_answer_carries_the_position_it_answers(http):
    doc = load_json(OPEN)
    body = http.post("/api/suggest", params=SMALL, json=doc).json()
    state = GameState.from_json(doc)
    assert body["position"] == {"digest": position_digest(state), "state": _json(state.to_json())}
    assert body["position"]["state"]["balls"]["cue"] == doc["balls"]["cue"]
    moved = dict(doc, balls=dict(doc["balls"], cue=[0.81, 0.9]))
    other = http.post("/api/suggest", params=SMALL, json=moved).json()
    assert other["position"]["state"]["balls"]["cue"] == [0.81, 0.9]
    assert other["position"]["digest"] != body["position"]["digest"]


def test_cue_in_hand_and_on_the_table_is_refused_naming_both(http):
    doc = load_json(HAND)
    assert doc["cue_in_hand"] is True and "cue" not in doc["balls"]
    both = dict(doc, balls=dict(doc["balls"], cue=list(MID_TABLE)))
    r = http.post("/api/suggest", params=SMALL, json=both)
    assert r.status_code == 422, r.text
    assert "cue_in_hand" in r.json()["error"] and "balls.cue" in r.json()["error"]
    assert "1.775" in r.json()["error"]  # the value quoted
    assert r.json()["conflict"] == {"fields": ["cue_in_hand", "balls.cue"]}
    # either alone is a position: from hand (the advice places it), or where it lies
    hand = http.post("/api/suggest", params=SMALL, json=doc).json()
    assert hand["position"]["state"]["cue_in_hand"] is True
    assert all(s["placement"] is not None for s in hand["suggestions"] if s["strike"])
    lying = http.post("/api/suggest", params=SMALL, json=dict(both, cue_in_hand=False)).json()
    assert lying["position"]["state"]["balls"]["cue"] == list(MID_TABLE)
    assert all(s["placement"] is None for s in lying["suggestions"])


def _same_stroke(a: dict, b: dict) -> bool:
    return (a["placement"] is not None and b["placement"] is not None
            and (a["kind"], a["call"], a["foul"]) == (b["kind"], b["call"], b["foul"]))


def test_same_position_same_advice_and_twins_from_hand_marked(http):
    """The board's default search (a sample budget, the seed drawn from the position) twice
    on a position from hand: the same answer but for its time; the suggestions that are the
    same stroke (kind, call, foul) from another place name each other's ranks."""
    doc = load_json(HAND)
    first = http.post("/api/suggest", params={"top": 5}, json=doc)
    assert first.status_code == 200, first.text
    second = http.post("/api/suggest", params={"top": 5}, json=doc)
    assert _but_elapsed(first.json()) == _but_elapsed(second.json())
    assert first.json()["budget"]["seed_from"] == "position"
    sug = first.json()["suggestions"]
    for i, s in enumerate(sug, 1):
        expected = [j for j, o in enumerate(sug, 1) if j != i and _same_stroke(s, o)]
        assert s["differs_only_by_placement_from"] == expected, (i, s)
        assert all(sug[j - 1]["placement"] != s["placement"] for j in expected)
    assert any(s["differs_only_by_placement_from"] for s in sug), (
        "hand.json's top 5 had one stroke from two places (No. 3 and 4); if the search "
        "changed, pick a position that has one", sug)
    on_table = http.post("/api/suggest", params={"top": 3}, json=load_json(OPEN)).json()
    assert all(s["differs_only_by_placement_from"] == [] for s in on_table["suggestions"])


# --- in the browser ------------------------------------------------------------------------
def _finger_to(drv, bid, x, y):
    """A finger takes a ball (tray or table) to the table point (x, y) on the turned table."""
    body = drv.find_element(By.CSS_SELECTOR, f'#g-balls [data-ball="{bid}"] .body')
    js(drv, "arguments[0].scrollIntoView({block: 'end'});", body)
    r = js(drv, "const r = arguments[0].getBoundingClientRect(); "
                "return [r.left + r.width / 2, r.top + r.height / 2];", body)
    tx, ty = view_xy(drv, x, y)
    finger = ActionBuilder(drv, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    (finger.pointer_action.move_to_location(round(r[0]), round(r[1])).pointer_down()
     .move_to_location(round((r[0] + tx) / 2), round((r[1] + ty) / 2))
     .move_to_location(round(tx), round(ty)).pointer_up())
    finger.perform()
    wait_checked(drv)


def _suggest(drv, budget="300"):
    Select(drv.find_element(By.ID, "in-budget")).select_by_value(budget)
    btn = drv.find_element(By.ID, "btn-suggest")
    js(drv, "arguments[0].scrollIntoView({block: 'center'});", btn)
    btn.click()
    WebDriverWait(drv, 120).until(lambda d: js(d, "return !window.boardState.busy && "
                                                  "!!document.body.dataset.advice;"))
    return js(drv, "return document.body.dataset.advice;")


def _in_hand(drv) -> bool:
    return drv.find_element(By.ID, "in-hand").is_selected()


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_cue_ball_put_on_an_empty_table_is_played_where_it_lies(browser, phone):
    """The issue's reproduction: «Пустой стол» with the cue-in-hand switch ticked, the cue
    ball to mid-table, the 7 and the 12 added, Suggest.  The switch is unticked by the drop,
    the answer is for the cue ball where it lies (no placement, nothing «с руки»), the same
    press again gives the same advice, and ticking the switch takes the cue ball off."""
    drv = open_at(browser, PHONE, True) if phone else browser("ru")
    put = _finger_to if phone else drag_to
    drv.find_element(By.ID, "btn-empty").click()
    if not _in_hand(drv):  # the page opens on the rack (from hand, R3.2); tick it if not
        js(drv, "arguments[0].click();", drv.find_element(By.ID, "in-hand"))
    assert _in_hand(drv) and balls(drv) == {}
    put(drv, "cue", *MID_TABLE)
    assert not _in_hand(drv), "a cue ball put on the table is not in hand"
    assert "больше не с руки" in message(drv)[0], message(drv)
    put(drv, "7", 2.6, 0.5)
    put(drv, "12", 3.0, 1.2)
    assert set(balls(drv)) == {"cue", "7", "12"}
    assert math.dist(balls(drv)["cue"], MID_TABLE) < 0.01
    assert _suggest(drv) == "shown"
    answer = js(drv, "return window.boardState.answer.position.state;")
    assert answer["cue_in_hand"] is False and answer["balls"] == balls(drv)
    sugg = js(drv, "return window.boardState.suggestions;")
    assert sugg and all(s["placement"] is None for s in sugg)
    said = " ".join(s["instructions"]["ru"] for s in sugg)
    assert "с руки" not in said, said
    assert not drv.find_elements(By.CSS_SELECTOR, '#g-advice [data-role="placement"]')
    assert drv.find_elements(By.CSS_SELECTOR, '#g-advice polyline[data-path="cue"]')
    js(drv, "window.scrollTo(0, 0);")
    screenshot(drv, f"answer-{'phone' if phone else 'desktop'}-cue-on-table")
    # the same position again: the same advice (a sample budget, the seed from the position)
    assert _suggest(drv) == "shown"
    assert js(drv, "return window.boardState.suggestions;") == sugg
    # the answer fits only the position it was for: the page checks the server's echo
    assert js(drv, "const a = window.boardState.answer; return board.answerMismatch(a.position, a.sent);") is None
    assert js(drv, """const a = window.boardState.answer, p = JSON.parse(JSON.stringify(a.position));
        p.state.cue_in_hand = true; delete p.state.balls.cue;
        return board.answerMismatch(p, a.sent);""") == "other"
    # ticking the switch takes the cue ball off the table (to the tray) and clears the advice
    js(drv, "arguments[0].click();", drv.find_element(By.ID, "in-hand"))
    assert _in_hand(drv) and "cue" not in balls(drv)
    assert ball_where(drv, "cue") == "tray"
    assert not drv.find_elements(By.CSS_SELECTOR, "#suggestions li")
    assert "cue" not in js(drv, "return board.stateDoc().balls;")


def ball_where(drv, bid):
    return drv.find_element(By.CSS_SELECTOR, f'#g-balls [data-ball="{bid}"]').get_attribute(
        "data-where")


@pytest.mark.parametrize("change", ["ball", "to_move"])
def test_an_answer_for_a_position_changed_meanwhile_is_not_drawn(browser, change):
    """Suggest pressed, then (before the answer) a ball moved or the player to move changed:
    the answer is not drawn and the list says it was for another position."""
    drv = browser("ru")
    Select(drv.find_element(By.ID, "sel-position")).select_by_value("/static/positions/open.json")
    WebDriverWait(drv, 10).until(lambda d: len(balls(d)) == 6)
    Select(drv.find_element(By.ID, "in-budget")).select_by_value("300")
    # the change in the click's own turn: after the request is sent, before any answer
    how = {"ball": "S.balls['7'] = [S.balls['7'][0] + 0.002, S.balls['7'][1]]; board.changed();",
           "to_move": "document.querySelector('input[name=to-move][value=\"1\"]').click();"}
    js(drv, "const S = window.boardState; document.getElementById('btn-suggest').click(); "
            + how[change])
    WebDriverWait(drv, 120).until(lambda d: not js(d, "return window.boardState.busy;"))
    assert js(drv, "return document.body.dataset.advice;") == "stale"
    assert not drv.find_elements(By.CSS_SELECTOR, "#g-advice *")
    assert drv.find_element(By.ID, "box-advice").get_attribute("hidden") is not None
    stale = drv.find_element(By.CSS_SELECTOR, '#suggestions [data-role="stale"]').text
    assert "другой позиции" in stale and "Подсказать удар" in stale, stale
    assert js(drv, "return window.boardState.suggestions.length;") == 0
    screenshot(drv, f"answer-stale-{change}")
    assert _suggest(drv) == "shown"  # asked again: the answer for the position shown


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_strokes_that_differ_only_by_placement_say_so(browser, phone):
    drv = open_at(browser, PHONE, True) if phone else browser("ru")
    Select(drv.find_element(By.ID, "sel-position")).select_by_value("/static/positions/hand.json")
    WebDriverWait(drv, 10).until(lambda d: len(balls(d)) == 4)
    assert _in_hand(drv) and "cue" not in balls(drv)
    Select(drv.find_element(By.ID, "in-top")).select_by_visible_text("5")
    assert _suggest(drv, "600") == "shown"
    sugg = js(drv, "return window.boardState.suggestions;")
    items = drv.find_elements(By.CSS_SELECTOR, "#suggestions li.sugg")
    assert len(items) == len(sugg)
    marked = 0
    for li, s in zip(items, sugg):
        twins = li.find_elements(By.CSS_SELECTOR, '[data-role="twin"]')
        if s["differs_only_by_placement_from"]:
            marked += 1
            text = twins[0].text
            assert "тот же удар" in text and "биток поставлен в другое место" in text, text
            for rank in s["differs_only_by_placement_from"]:
                assert f"№{rank}" in text or f" {rank}" in text, text
        else:
            assert not twins
    assert marked >= 2, sugg  # a pair marks both of its strokes
    js(drv, "arguments[0].scrollIntoView({block: 'center'});",
       drv.find_element(By.ID, "suggestions"))
    screenshot(drv, f"answer-{'phone' if phone else 'desktop'}-twins")


def test_a_position_read_in_keeps_the_switch_and_the_cue_ball_in_agreement(browser):
    """A file or link with the cue ball in hand and coordinates for it: the coordinates do
    not count (docs/FORMATS.md), the cue ball stays off the table; a position that lists the
    cue ball and says nothing of the hand has it where it lies, the switch unticked."""
    drv = browser("ru")
    js(drv, "board.loadDocText(arguments[0]);", json.dumps(
        {"balls": {"cue": [1.0, 0.9], "7": [2.0, 1.0]}, "cue_in_hand": True}))
    assert _in_hand(drv) and set(balls(drv)) == {"7"} and ball_where(drv, "cue") == "tray"
    js(drv, "board.loadDocText(arguments[0]);", json.dumps({"balls": {"cue": [1.0, 0.9], "7": [2.0, 1.0]}}))
    assert not _in_hand(drv) and balls(drv)["cue"] == [1.0, 0.9]
    doc = load_json(HAND)
    js(drv, "board.loadState(arguments[0]);", dict(doc, balls=dict(doc["balls"], cue=[0.5, 0.5])))
    assert _in_hand(drv) and "cue" not in balls(drv)
    assert "cue" not in js(drv, "return board.stateDoc().balls;")
