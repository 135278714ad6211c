"""The analyst's journey (issue 51), commands as docs/USAGE.md writes them: ``pyramid play --seed
N --record g.jsonl``, ``pyramid analyze g.jsonl`` with its default options, ``--html`` (with
``--json``, the analysis the board reads), then the review: the board's Game tab with the record
and its analysis, and the sent page opened from its file on a phone with the network off.

Reduced: the game is cut at 12 strokes (``--max-strokes 12``).  Its 11th stroke is the first at
which one of the player's own recorded alternatives had the higher P(win), the case where
``pyramid analyze`` once exited 1 (``strike has unknown field(s): elevation_rad, phi_rad``).
(The default agent's coarse candidates at the strong level, issue 56, had changed seed 3's
game for a while; they were withdrawn, and its game is again the one this journey was
written on.)"""
from __future__ import annotations

import json
import math

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from engine import read_record, verify_record
from tests.cli.clihelp import pyramid
from tests.russian_pyramid.conftest import screenshot
from tests.russian_pyramid.test_board_review import (DESKTOP, PHONE, fact, file_browser, js,
                                                     stroke_no)

SEED, STROKES = 3, 12


def _story_alternative(record, k: int, best: dict) -> dict:
    """The alternative of stroke ``k``'s story that the analysis named the better stroke."""
    story = record.strokes[k - 1].extra["story"]
    (alt,) = [a for a in story["alternatives"] if a.get("p_win") == best["p_win"]]
    return alt


def _review_shows_the_better_stroke(drv, k: int) -> None:
    drv.find_element(By.CSS_SELECTOR, f'#stroke-list li[data-stroke="{k}"]').click()
    assert stroke_no(drv) == k
    assert drv.find_elements(By.CSS_SELECTOR, '#g-advice polyline.better[data-path="cue"]')
    assert drv.find_elements(By.CSS_SELECTOR, '#g-advice polyline.viewer[data-path="cue"]')
    assert drv.find_elements(By.CSS_SELECTOR, '#g-advice polyline.intended')  # as meant
    assert fact(drv, "difference")


def test_an_analyst_plays_analyses_and_reviews_a_game(browser, tmp_path):
    # play: a seeded game between the default agents, recorded
    r = pyramid("play", "--seed", SEED, "--max-strokes", STROKES, "--record", "g.jsonl",
                cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "unfinished (stroke cap)" in r.stdout, r.stdout
    record = read_record(tmp_path / "g.jsonl")
    check = verify_record(record)
    assert check.strokes == STROKES and check.hash_checked and check.unfinished
    # analyze with the default options: every stroke judged, the record verified first
    r = pyramid("analyze", "g.jsonl", cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-2000:]
    assert f"{STROKES} stroke(s), {STROKES} replayed exactly, integrity hash matches" in r.stderr
    assert "summary:" in r.stdout and "Traceback" not in r.stderr
    # --html, and --json for the board: the stroke whose own alternative was better has it
    # as its best, read from the story as recorded (the exact radians)
    r = pyramid("analyze", "g.jsonl", "--html", "review.html", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-2000:]
    analysis = json.loads(r.stdout)
    assert analysis["html"] == "review.html" and (tmp_path / "review.html").stat().st_size > 0
    (tmp_path / "analysis.json").write_text(r.stdout, encoding="utf-8")
    rows = analysis["strokes"]
    assert [row["stroke"] for row in rows] == list(range(1, STROKES + 1))
    better = [row for row in rows if row["best"] is not None and row["best"]["strike"]]
    assert better, "no stroke with a better alternative: the game is not the issue's"
    k = better[0]["stroke"]
    row = better[0]
    assert row["source"] == "story" and row["p_win_best"] > row["p_win_played"]
    alt = _story_alternative(record, k, row["best"])
    assert math.isclose(row["best"]["strike"]["phi_deg"], math.degrees(alt["strike"]["phi_rad"]),
                        abs_tol=1e-6)
    # the board's review: the record, then its analysis (docs/BOARD.md, "The game viewer")
    drv = browser("ru", size=DESKTOP)
    drv.find_element(By.ID, "tab-viewer").click()
    drv.find_element(By.ID, "file-record").send_keys(str(tmp_path / "g.jsonl"))
    WebDriverWait(drv, 60).until(lambda d: len(d.find_elements(
        By.CSS_SELECTOR, "#stroke-list li")) == STROKES)
    drv.find_element(By.ID, "file-analysis").send_keys(str(tmp_path / "analysis.json"))
    WebDriverWait(drv, 60).until(lambda d: js(
        d, "return !!(boardState.record.strokes[arguments[0] - 1].analysis || {}).better;", k))
    _review_shows_the_better_stroke(drv, k)
    assert drv.find_elements(By.CSS_SELECTOR, "#review-graph polyline")
    screenshot(drv, "journey-analyst-board")
    # the page sent to a friend: opened from its file on a phone, nothing fetched
    with file_browser(PHONE, True) as page:
        page.get((tmp_path / "review.html").as_uri())
        WebDriverWait(page, 20).until(lambda d: js(d, "return document.body.dataset.ready === '1'"))
        assert len(page.find_elements(By.CSS_SELECTOR, "#stroke-list li")) == STROKES
        _review_shows_the_better_stroke(page, k)
        assert js(page, "return document.documentElement.scrollWidth;") <= PHONE[0]
        screenshot(page, "journey-analyst-sent-page")
