"""The line of play on the board (issue 29, item 4): ``POST /api/suggest?line=N`` answers the
line (``pyramid suggest --line``'s default and limits, checked by the server: a bad value is a
422 naming ``line``), and the page draws it -- dashed rings labelled →1, →2 where the cue ball
should stop, the later strokes dashed, one line of text under the table with the line's
P(win) -- on a phone upright and on a desktop, in headless Chromium.

Screenshots: build/board-screenshots/line-*.png (look at them)."""
from __future__ import annotations

import re

import pytest

from ai.search.line import Line
from russian_pyramid.app.limits import DEFAULT_LINE, MAX_LINE

from ..cli.clihelp import ROOT
from .conftest import load_json, screenshot

OPEN = ROOT / "russian_pyramid" / "board" / "static" / "positions" / "open.json"
ASKED = {"top": 2, "budget": 300, "seed": 0}  # the open position: a line of three (measured)


def _suggest(http, **params):
    r = http.post("/api/suggest", params=dict(ASKED, **params), json=load_json(OPEN))
    assert r.status_code == 200, r.text
    return r.json()


def test_the_answer_carries_the_line_of_the_first_suggestion(http):
    body = _suggest(http)
    line = body["line"]
    assert Line.from_json(line).to_json() == line  # the line's own format (ai.search.line)
    steps = line["steps"]
    assert len(steps) == DEFAULT_LINE and 0 <= line["p_win"] <= 1
    best = body["suggestions"][0]
    assert (steps[0]["kind"], steps[0]["call"]) == (best["kind"], best["call"])
    # the same stroke (the line writes angles to 1e-9 degree: ai.search.line.ANGLE_DIGITS)
    for k, v in best["strike"].items():
        assert steps[0]["strike"][k] == pytest.approx(v, abs=1e-8), k
    for before, after in zip(steps, steps[1:]):  # each stroke from where the last left the cue
        assert after["balls"]["cue"] == before["cue_stop"]
        assert after["p_reach"] <= before["p_reach"]
    # a shorter line is the longer one's beginning (each continuation its own seeded stream)
    two = _suggest(http, line=2)["line"]["steps"]
    assert two == steps[:2]
    assert _suggest(http, line=1)["line"] is None  # 1: off
    assert two[0]["p_win"] == steps[0]["p_win"]


# 422: an integer out of range; 400: not an integer's form (russian_pyramid/board/query.py)
@pytest.mark.parametrize("value, status", [("0", 422), (str(MAX_LINE + 1), 422), ("abc", 400),
                                           ("2.5", 400), ("true", 400), ("-1", 422),
                                           ("1e1", 400)])
def test_a_bad_line_is_refused_naming_it(http, value, status):
    r = http.post("/api/suggest", params={"top": 1, "budget": 20, "line": value},
                  json=load_json(OPEN))
    assert r.status_code == status, r.text
    error = r.json()["error"]
    assert error.startswith("line = ") and value in error and "Traceback" not in r.text


# --- in a browser --------------------------------------------------------------------------
LINE_STATE = """
const line = window.boardState.line, table = document.getElementById('table').getBoundingClientRect();
const bar = document.getElementById('line-bar'), text = document.getElementById('line-text');
const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
return {line, table: box(document.getElementById('table')), bar: box(bar), barShown: !bar.hidden,
  text: text.textContent, textFits: text.scrollWidth <= text.clientWidth + 1,
  ghosts: Array.from(document.querySelectorAll('#g-line [data-role=line-ghost]')).map(box),
  nums: Array.from(document.querySelectorAll('#g-line [data-role=line-num]')).map(e => e.textContent),
  dashed: document.querySelectorAll('#g-line polyline.line-path').length,
  width: Math.min(document.documentElement.clientWidth, innerWidth),
  missing: Array.from(window.missingWords)};
"""


def _line_state(drv) -> dict:
    return drv.execute_script(LINE_STATE)


def _inside(inner, outer, slack_px=1.0) -> bool:
    return (inner[0] >= outer[0] - slack_px and inner[1] >= outer[1] - slack_px
            and inner[2] <= outer[2] + slack_px and inner[3] <= outer[3] + slack_px)


@pytest.mark.parametrize("size, mobile, name", [((390, 844), True, "phone"),
                                                ((1366, 768), False, "desktop")],
                         ids=["phone", "desktop"])
def test_the_line_is_drawn_on_the_table(browser, size, mobile, name):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    from .test_board_browser import balls
    from .test_board_layouts import open_at, suggest
    drv = open_at(browser, size, mobile)
    Select(drv.find_element(By.ID, "sel-position")).select_by_value("/static/positions/open.json")
    WebDriverWait(drv, 10).until(lambda d: len(balls(d)) == 6)
    suggest(drv)  # 300 samples, the seed drawn from the position
    drv.execute_script("window.scrollTo(0, 0);")  # the phone's table pinned: measured unscrolled
    st = _line_state(drv)
    steps = st["line"]["steps"]
    stops = [k for k, s in enumerate(steps, 1) if s["cue_stop"]]
    print(f"{name}: {len(steps)} strokes, text {st['text']!r}; table {st['table']}, "
          f"bar {st['bar']}")
    assert len(steps) >= 2, "the open position's line goes on past its first stroke"
    assert st["barShown"] and st["missing"] == []
    # rings labelled «→k», not numbered like balls (issue 54 item 6)
    assert st["nums"] == [f"→{k}" for k in stops] and len(st["ghosts"]) == len(stops)
    assert st["dashed"] >= 1  # the later strokes' paths
    for ghost in st["ghosts"]:
        assert _inside(ghost, st["table"]), (ghost, st["table"])
    # the text: every stroke, the line's P(win), under the table, within the screen's width
    want = rf"^Вариант розыгрыша: 1\) шар \d+ в [А-Я]{{2}}, 2\) .+ — шанс победы " \
           rf"{round(100 * st['line']['p_win'])}%$"
    assert re.match(want, st["text"]), st["text"]
    assert st["text"].count(")") >= len(steps)
    # under the table on a phone upright, beside it on a desktop (issue 54 item 1)
    assert st["bar"][1] >= st["table"][3] - 1 or st["bar"][0] >= st["table"][2] - 1
    assert st["bar"][2] <= st["width"] + 1
    assert st["bar"][0] >= 0 and st["textFits"]
    drv.execute_script("document.getElementById('line-bar').scrollIntoView({block: 'end'});")
    screenshot(drv, f"line-{name}")
    drv.execute_script("window.scrollTo(0, 0);")
    screenshot(drv, f"line-{name}-top")
    # the line starts with the first suggestion: drawn only while that one is shown
    drv.find_element(By.CSS_SELECTOR, '#suggestions li[data-rank="2"]').click()
    assert _line_state(drv)["ghosts"] == [] and _line_state(drv)["barShown"]
    drv.find_element(By.CSS_SELECTOR, '#suggestions li[data-rank="1"]').click()
    assert len(_line_state(drv)["ghosts"]) == len(stops)
    # hidden and shown again by its button; the other language's words
    button = drv.find_element(By.ID, "btn-line")
    assert button.text == "Скрыть вариант"
    # scrolled to as a finger would (not under the phone's pinned table nor the header)
    drv.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
    button.click()
    st = _line_state(drv)
    assert st["ghosts"] == [] and st["text"] == "" and button.text == "Показать вариант"
    button.click()
    drv.find_element(By.ID, "lang-en").click()
    WebDriverWait(drv, 5).until(lambda d: _line_state(d)["text"].startswith("Line of play: 1) "))
    st = _line_state(drv)
    assert len(st["ghosts"]) == len(stops) and "P(win)" in st["text"] and st["missing"] == []
    assert button.text == "Hide the line"
