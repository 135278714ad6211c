"""The page shows the server's accounting, never its own (issue 53 item 5), and loads as ES
modules (item 6): a board served in this process with the app's accounting changed -- every
ball worth twice its points, a game of twice 140 -- and a real headless Chromium on it; the
page's numbers follow the server's, and the adjustment a position set up by hand sends is
the server's too.  No global of the page's code leaks onto ``window`` but the two named for
tests (``boardState``, ``board``)."""
from __future__ import annotations

import dataclasses
import re
import threading
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from russian_pyramid.app import position
from russian_pyramid.board.server import bind, create_app

from .conftest import chromium, need_browser, quit_browser, screenshot, wait_ready

REAL = position.accounting
NUMBERS = re.compile(r"\d+")


def twice(doc):
    """The app's accounting of another game: every ball worth twice its points."""
    real = REAL(doc)
    adj = real.adjustment
    return dataclasses.replace(
        real, total_points=2 * real.total_points, table_points=2 * real.table_points,
        shelf_points=tuple(2 * p for p in real.shelf_points), aside_points=2 * real.aside_points,
        adjustment=adj if adj is None else dataclasses.replace(adj, points=adj.points + 1))


@pytest.fixture
def other_rules_board(monkeypatch, tmp_path):
    """A board in this process (no AI warmed: the checks run here) whose app layer counts
    points by :func:`twice`; its base URL and token."""
    import uvicorn
    need_browser()
    monkeypatch.setattr(position, "accounting", twice)
    app = create_app(warm=False, match_record=str(tmp_path / "match.jsonl"))
    sock = bind(0)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the board did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{sock.getsockname()[1]}/", app.state.guard.token
    server.should_exit = True
    thread.join(10)
    sock.close()


def _checked(drv):
    WebDriverWait(drv, 20).until(lambda d: d.execute_script("return board.pendingChecks();") == 0)
    return drv.find_element(By.ID, "score-check").text


def test_the_page_follows_the_server_s_accounting(other_rules_board):
    url, token = other_rules_board
    drv = chromium("en", (1300, 1000), False)
    try:
        drv.get(f"{url}?token={token}")
        wait_ready(drv)
        # modules: one entry, the rest imported; none of their names is a global
        assert drv.execute_script(
            "return [...document.scripts].map(s => s.type + ' ' + s.src.split('/').pop());") \
            == ["module main.js"]
        assert drv.execute_script("return ['S', 'stateDoc', 'changed', 'api', 't', 'LANG', "
                                  "'renderScores'].filter(n => n in window);") == []
        assert drv.execute_script("return typeof board.stateDoc;") == "function"
        # the rack: 15 balls on the table, 0:0; the server says 2 x 140 and 2 x 130
        drv.execute_script("board.loadState(boardState.T.initial_state);")
        text = _checked(drv)
        counted = REAL(drv.execute_script("return board.stateDoc();"))
        assert counted.table_points == 140
        assert NUMBERS.findall(text) == ["280", "280"], text
        assert "scores match" in text  # 0 = 280 - 280: the server says they add up
        # a position set up by hand: ball 7 alone, 5:3; the page sends the server's adjustment
        drv.execute_script("board.loadState({balls: {cue: [1.0, 1.0], '7': [2.0, 1.0]}, "
                           "scores: [5, 3]});")
        text = _checked(drv)
        real = REAL(drv.execute_script("const d = board.stateDoc(); delete d.adjustment; "
                                       "return d;"))
        assert real.table_points == 17 and real.adjustment.points == 8
        assert NUMBERS.findall(text) == ["8", str(280 - 34), "34", "280"], text
        assert "warn" in drv.find_element(By.ID, "score-check").get_attribute("class")
        adj = drv.execute_script("return board.stateDoc().adjustment;")
        assert adj["points"] == 9 and adj["balls"] == list(real.adjustment.balls)  # twice's
        screenshot(drv, "accounting-of-another-game")
    finally:
        errors = quit_browser(drv)
    assert not errors, errors
