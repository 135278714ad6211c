"""The club's journey (issue 51), as docs/SCOREKEEPING.md and docs/BOARD.md write it: a match
kept twice -- at the terminal (``pyramid score --session``, typed line by line) and on a
tablet's Match tab (``pyramid board --match-record``, the buttons and the typed line) -- each
killed with SIGKILL mid-way and resumed (``pyramid score --resume``; the board started again
on the same record) with nothing lost; then both records analysed (``pyramid analyze``, and
``--html``) and the board's record reviewed in the Game tab.

The game is the shipped worked example (russian_pyramid/examples/session_game.txt: 24 strokes, a typo taken
back with ``undo``); typed whole, it gives the shipped record's stroke lines exactly."""
from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from engine import read_record, verify_record
from tests.cli.clihelp import ROOT, env, pyramid
from tests.cli.test_scorekeeping import _wait_for_strokes
from tests.russian_pyramid.boardclient import PRINTED, board_address, board_process, client
from tests.russian_pyramid.conftest import (chromium, need_browser, quit_browser, screenshot,
                                            wait_ready)
from tests.russian_pyramid.test_board_match_start import _open_setup, _type
from tests.russian_pyramid.test_board_review import fact, open_review, stroke_no

EXAMPLE = ROOT / "russian_pyramid" / "examples" / "session_game.txt"
SHIPPED = ROOT / "russian_pyramid" / "examples" / "session_game.jsonl"
DATE = "2026-11-30"  # the worked example's (docs/SCOREKEEPING.md)
TABLET = (1024, 1366)
# every line the scorekeeper types (the file's comments and its last "quit" left out); the
# kill comes after the 11th line, "8 СЛ": 10 strokes entered ("score" changes nothing)
LINES = [ln for ln in EXAMPLE.read_text(encoding="utf-8").splitlines()
         if ln.strip() and not ln.startswith("#") and ln != "quit"]
KILL_AFTER, STROKES_AT_KILL = 11, 10


def _entered(path) -> list[str]:
    return [s.extra["entered"] for s in read_record(path).strokes]


def _stroke_lines(path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()[1:-1]


def _shipped_entered() -> list[str]:
    return _entered(SHIPPED)


def _terminal_session(tmp_path):
    """``pyramid score --session``, typed line by line, killed after :data:`KILL_AFTER`
    lines; ``pyramid score --resume`` with the rest.  The record's path."""
    rec = tmp_path / "match.jsonl"
    with open(tmp_path / "session.out", "w", encoding="utf-8") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "russian_pyramid.cli", "score", "--session", "--players",
             "Иван", "Пётр", "--record", str(rec), "--lang", "ru", "--date", DATE],
            stdin=subprocess.PIPE, stdout=out, stderr=subprocess.PIPE, text=True,
            encoding="utf-8", env=env(), cwd=tmp_path)
        for line in LINES[:KILL_AFTER]:
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
        _wait_for_strokes(rec, STROKES_AT_KILL, proc)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    assert "Счёт: Иван" in (tmp_path / "session.out").read_text(encoding="utf-8")
    verify_record(read_record(rec))
    assert _entered(rec) == _shipped_entered()[:STROKES_AT_KILL]  # nothing lost
    r = pyramid("score", "--resume", "match.jsonl", cwd=tmp_path,
                input="".join(line + "\n" for line in LINES[KILL_AFTER:] + ["quit"]))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Партия окончена: выиграл Пётр (R9.1)." in r.stdout, r.stdout[-1500:]
    return rec


def _send(drv, line: str) -> None:
    """A line typed into the Match tab's box and sent with Enter; once the ruling is in."""
    before = drv.find_element(By.ID, "m-out").text
    _type(drv, "m-text", line)
    drv.find_element(By.ID, "m-text").send_keys(Keys.ENTER)
    WebDriverWait(drv, 30).until(lambda d: d.find_element(By.ID, "m-text").get_attribute(
        "value") == "" and d.find_element(By.ID, "m-out").text != before)
    assert "refused" not in drv.find_element(By.ID, "m-out").get_attribute("class"), (
        line, drv.find_element(By.ID, "m-out").text)


@contextlib.contextmanager
def _tablet():
    """Headless Chromium as a tablet with touch, for the boards this test starts itself."""
    need_browser()
    drv = chromium("ru", TABLET, True)
    try:
        yield drv
    except BaseException:
        quit_browser(drv)
        raise
    errors = quit_browser(drv)
    assert not errors, f"errors in the page's console: {errors}"


def _open(drv, printed: str, tab: str) -> None:
    """The page at the address a board printed (its token), on tab ``tab``."""
    drv.get(printed)
    wait_ready(drv)
    drv.find_element(By.ID, tab).click()


def _first_half_on_the_board(drv, rec) -> str:
    """The Match tab of ``pyramid board --match-record REC``: a stroke entered with the
    buttons, the others typed; the board killed (SIGKILL) after :data:`KILL_AFTER` lines.
    The score the page showed then."""
    with board_process("--match-record", str(rec)) as (proc, printed):
        _open(drv, printed, "tab-match")
        _open_setup(drv)
        _type(drv, "m-p1", "Иван")
        _type(drv, "m-p2", "Пётр")
        drv.find_element(By.ID, "m-start").click()
        WebDriverWait(drv, 10).until(lambda d: d.find_element(By.ID, "match-play").is_displayed())
        _send(drv, LINES[0])  # the break, typed: «4 ДЛ х»
        # the next with the buttons: ball 15, the far right pocket, «Записать»
        assert LINES[1] == "15 ДП"
        drv.find_element(By.CSS_SELECTOR, '#m-balls button[data-ball="15"]').click()
        drv.find_element(By.CSS_SELECTOR, '#m-pockets button[data-pocket="FR"]').click()
        assert drv.find_element(By.ID, "m-text").get_attribute("value") == LINES[1]
        drv.find_element(By.ID, "m-send").click()
        WebDriverWait(drv, 10).until(lambda d: "засчитан 15" in d.find_element(By.ID, "m-out").text)
        for line in LINES[2:KILL_AFTER]:
            _send(drv, line)
        _wait_for_strokes(rec, STROKES_AT_KILL, proc)
        score = drv.find_element(By.ID, "m-score").text
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    return score


def test_a_club_keeps_score_through_kills_then_analyses_and_reviews(tmp_path):
    at_terminal = _terminal_session(tmp_path)
    on_board = tmp_path / "board.jsonl"
    with _tablet() as drv:
        drv.allowed_console = ("net::ERR_CONNECTION", "Failed to fetch")  # the board killed
        score = _first_half_on_the_board(drv, on_board)
        verify_record(read_record(on_board))
        assert _entered(on_board) == _shipped_entered()[:STROKES_AT_KILL]  # nothing lost
        # the board started again on the same record: the match goes on where it was
        with board_process("--match-record", str(on_board)) as (proc, printed):
            _open(drv, printed, "tab-match")
            WebDriverWait(drv, 10).until(lambda d: d.find_element(
                By.ID, "match-play").is_displayed())
            assert drv.find_element(By.ID, "m-score").text == score
            for line in LINES[KILL_AFTER:]:
                _send(drv, line)
            assert drv.find_element(By.ID, "m-score").text == "Иван 68 — Пётр 72"
            # a reload comes back to the Match tab, the score and every stroke listed (issue 54)
            drv.refresh()
            wait_ready(drv)
            WebDriverWait(drv, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#m-strokes li"))
            assert drv.find_element(By.ID, "panel-match").is_displayed()
            assert drv.find_element(By.ID, "m-score").text == "Иван 68 — Пётр 72"
            listed = [li.text for li in drv.find_elements(By.CSS_SELECTOR, "#m-strokes li")]
            assert len(listed) == 24 and listed[0].startswith("Иван: "), listed
            assert drv.find_element(By.ID, "m-text").get_attribute("value") == ""  # not sent twice
            screenshot(drv, "journey-club-match")
            url, token = board_address(PRINTED + printed)
            with client(url, token, timeout=30) as c:  # «Скачать запись»: the record written
                assert c.get("/api/match/record").text == on_board.read_text(encoding="utf-8")
            for rec in (at_terminal, on_board):  # both the whole game, as the shipped record
                check = verify_record(read_record(rec))
                assert check.strokes == 24 and not check.unfinished and check.hash_checked
                assert _stroke_lines(rec) == _stroke_lines(SHIPPED)
            # analysed: what can be said without positions, the same from both records
            r = pyramid("analyze", "match.jsonl", cwd=tmp_path)
            assert r.returncode == 0, r.stderr
            assert f"game 1 ({DATE}): 68 - 72, Пётр wins (R9.1), 24 strokes" in r.stdout, r.stdout
            assert "break: Иван: 4 FL x" in r.stdout  # the record keeps the canonical line (issue 54)
            r = pyramid("analyze", "board.jsonl", "--html", "match.html", "--json", cwd=tmp_path)
            assert r.returncode == 0, r.stderr
            (game,) = json.loads(r.stdout)["games"]
            assert game["scores"] == [68, 72] and game["result"] == {"winner": 1, "rule": "R9.1"}
            assert [game["per_player"][p]["pots"] for p in ("Иван", "Пётр")] == [8, 7]
            assert (tmp_path / "match.html").stat().st_size > 0
            # reviewed on the board: the Game tab, each stroke with its typed line and ruling
            open_review(drv, on_board, None)
            assert len(drv.find_elements(By.CSS_SELECTOR, "#stroke-list li")) == 24
            drv.find_element(By.CSS_SELECTOR, '#stroke-list li[data-stroke="5"]').click()
            assert stroke_no(drv) == 5 and fact(drv, "entered") == "12 ДЛ +6 БП"
            assert "засчитан 12" in fact(drv, "ruling")
            screenshot(drv, "journey-club-review")
