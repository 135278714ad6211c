"""Script injection on the board (issue 51, item 3), in headless Chromium: a shared link
(``#s=``) whose ``scores[0]`` is HTML, an analysis whose ``strokes[i].mark`` is HTML (the
Game tab, the server's ``/api/review``, the page's own rendering of a review) and the page
``pyramid analyze --html`` writes, holding the same.  Each payload's ``onerror`` would set
``window.__pwned`` and the title: none may run, the text is refused or shown as text.  Also:
no script of the page builds markup from text (static), and every page carries a
Content-Security-Policy without inline script."""
from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

import httpx
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from starlette.testclient import TestClient

from russian_pyramid.app.review import review_document
from russian_pyramid.app.review_page import review_page
from russian_pyramid.board.server import create_app
from russian_pyramid.board.worker import STATIC
from engine.record import parse_record

from .boardclient import auth
from .conftest import POLICY_REPORT, _have_browser
from .test_board_review import file_browser

PAYLOAD = '0"><img src=x onerror="window.__pwned=1;document.title=\'pwned\'">'
MARK = '<img src=x onerror="window.__pwned=1;document.title=\'pwned\'">'
# what builds markup from text in a script: none of the page's scripts may use one
HTML_SINKS = re.compile(r"\b(innerHTML|outerHTML|insertAdjacentHTML|document\.write(ln)?)\b")


def _link(doc: dict) -> str:
    raw = json.dumps(doc).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _no_script_ran(drv) -> None:
    assert drv.execute_script("return window.__pwned === undefined;")
    assert drv.title != "pwned"
    assert not drv.find_elements(By.CSS_SELECTOR, "main img[src='x'], #scores img, "
                                                  "#stroke-list img")


def _console(drv) -> list[dict]:
    """The page's console so far; none may report a Content Security Policy violation."""
    log = drv.get_log("browser")
    csp = [e for e in log if POLICY_REPORT in e.get("message", "")]
    assert not csp, csp
    return log


# --- the page's scripts ---------------------------------------------------------------------
def test_no_script_of_the_page_builds_markup_from_text():
    scripts = sorted(STATIC.glob("*.js"))
    assert len(scripts) >= 10
    for path in scripts:
        text = path.read_text(encoding="utf-8")
        assert not HTML_SINKS.search(text), f"static/{path.name} builds markup from text"
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"<script(?![^>]*\bsrc=)", page), "an inline script in index.html"
    assert not re.search(r"\son[a-z]+\s*=", page), "an inline event handler in index.html"
    assert not re.search(r"<style|\sstyle\s*=", page), "an inline style in index.html"


# --- the Content-Security-Policy ---------------------------------------------------------------
def _policy(header: str) -> dict[str, list[str]]:
    out = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


def test_every_answer_carries_a_policy_without_inline_script(tmp_path):
    app = create_app(warm=False, match_record=str(tmp_path / "m.jsonl"))
    token = app.state.guard.token
    c = TestClient(app, base_url="http://127.0.0.1", follow_redirects=False)
    answers = {"page": c.get("/", headers=auth(token)),
               "page without the token": c.get("/"),
               "static page": c.get("/static/index.html"),
               "script": c.get("/static/main.js"),
               "service worker": c.get("/sw.js"),
               "manifest": c.get("/manifest.webmanifest"),
               "api": c.get("/api/health", headers=auth(token)),
               "refused host": c.get("/", headers={**auth(token), "Host": "evil.example"}),
               "not found": c.get("/nothing", headers=auth(token))}
    assert answers["page"].status_code == 200 and "text/html" in answers["page"].headers[
        "content-type"]
    assert answers["page without the token"].status_code == 401
    for name, r in answers.items():
        header = r.headers.get("content-security-policy")
        assert header, name
        policy = _policy(header)
        assert policy["script-src"] == ["'self'"], (name, header)
        assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]
        assert policy["frame-ancestors"] == ["'none'"]
        assert "'unsafe-inline'" not in header and "'unsafe-eval'" not in header
        assert r.headers.get("x-content-type-options") == "nosniff", name


def test_the_sent_page_allows_only_its_own_scripts():
    """pyramid analyze --html: a file opened from disk inlines its scripts; its policy (a meta
    element, before them) names each by its SHA-256 and nothing else."""
    review = {"header": {"table": "pyramid-12ft", "players": ["A", "B"]}, "strokes": [],
              "analysis": None}
    page = review_page(review)
    meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page)
    assert meta and meta.start() < page.index("<style>") < page.index("<script>")
    policy = _policy(meta.group(1))
    scripts = re.findall(r'<script(?: type="module")?>(.*?)</script>', page, re.S)
    styles = re.findall(r"<style>(.*?)</style>", page, re.S)
    # the data, and the viewer's modules as one inline module (review_page.viewer_module)
    assert len(scripts) == 2 and len(styles) == 1 and '<script type="module">' in page

    def sha(text: str) -> str:
        return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"
    assert sorted(policy["script-src"]) == sorted(sha(s) for s in scripts)
    assert policy["style-src"] == [sha(styles[0])]
    assert policy["default-src"] == ["'none'"] and policy["object-src"] == ["'none'"]
    assert "'unsafe-inline'" not in meta.group(1)


# --- in a browser -------------------------------------------------------------------------------
def test_a_link_with_html_in_a_score_is_refused(browser, board_url, http):
    """The reproduction: #s= with scores[0] = '0"><img src=x onerror=...>' ran the script
    (renderScores' innerHTML).  Now the link is refused, naming the field, and the board
    shows its starting position."""
    doc = dict(http.get("/api/table").json()["initial_state"])
    doc["scores"] = [PAYLOAD, 0]
    drv = browser("en")
    drv.get("about:blank")
    drv.get(f"{board_url}#s={_link(doc)}")
    WebDriverWait(drv, 20).until(lambda d: d.execute_script(
        "return document.body.dataset.ready === '1'"))
    _no_script_ran(drv)
    message = drv.find_element(By.ID, "message").text
    assert "scores[0]" in message and "img src=x" in message, message
    assert drv.execute_script("return boardState.state.scores;") == [0, 0]
    # pasted into an open board (hashchange): the same
    drv.execute_script("location.hash = arguments[0];", "s=" + _link(doc))
    WebDriverWait(drv, 5).until(lambda d: "scores[0]" in d.find_element(By.ID, "message").text)
    _no_script_ran(drv)
    log = _console(drv)
    assert not [e for e in log if e["level"] == "SEVERE"], log


def test_an_analysis_with_html_in_a_mark_runs_nothing(browser, game_record, tmp_path):
    """The reproduction: an analysis whose strokes[0].mark is HTML ran script in the Game tab
    (/api/review passed the mark through, the list put it in innerHTML).  The server refuses
    the mark now; and the page, given such a review anyway, shows it as text."""
    record, analysis = game_record
    doc = json.loads(Path(analysis).read_text(encoding="utf-8"))
    doc["strokes"][0]["mark"] = MARK
    bad = tmp_path / "analysis.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    drv = browser("en")
    drv.find_element(By.ID, "tab-viewer").click()
    drv.find_element(By.ID, "file-record").send_keys(str(record))
    WebDriverWait(drv, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#stroke-list li"))
    drv.find_element(By.ID, "file-analysis").send_keys(str(bad))
    WebDriverWait(drv, 60).until(lambda d: "mark" in d.find_element(By.ID, "message").text)
    _no_script_ran(drv)
    message = drv.find_element(By.ID, "message").text
    assert "mark" in message and "stroke 1" in message, message
    # the page itself, handed a review with such a mark (as a file page could be): text
    drv.execute_script("""
        const doc = JSON.parse(JSON.stringify(boardState.record));
        doc.strokes[0].analysis = {stroke: 1, mark: arguments[0], p_win_played: 0.5, loss: 0,
                                   played: {}, best: null};
        board.showReview(doc);""", MARK)
    item = drv.find_element(By.CSS_SELECTOR, '#stroke-list li[data-stroke="1"] .mark')
    assert item.text == MARK
    _no_script_ran(drv)
    log = _console(drv)
    assert not [e for e in log if e["level"] == "SEVERE" and "status of 422" not in e["message"]]


def test_the_sent_page_shows_html_as_text(tmp_path, game_record):
    """The page pyramid analyze --html writes, with a mark and a player's name that are HTML
    (a review document made by hand): nothing runs, and its policy lets its own scripts run
    (the viewer is ready) with no violation reported."""
    if not _have_browser():
        pytest.skip("Debian's chromium and chromium-driver are not installed")
    record, analysis = game_record
    review = review_document(parse_record(Path(record).read_text(encoding="utf-8")),
                             json.loads(Path(analysis).read_text(encoding="utf-8"))).to_json()
    review["strokes"][0]["analysis"]["mark"] = MARK
    review["header"]["players"] = [PAYLOAD, "B"]
    page = tmp_path / "review.html"
    page.write_text(review_page(review), encoding="utf-8")
    with file_browser((1366, 768), False, "en") as drv:
        drv.get(page.as_uri())
        WebDriverWait(drv, 20).until(lambda d: d.execute_script(
            "return document.body.dataset.ready === '1'"))
        _no_script_ran(drv)
        item = drv.find_element(By.CSS_SELECTOR, '#stroke-list li[data-stroke="1"] .mark')
        assert item.text == MARK
        assert PAYLOAD in drv.find_element(By.ID, "record-head").text
        _console(drv)


def test_the_real_board_sends_its_policy(board_url, board_token):
    r = httpx.get(board_url, headers=auth(board_token), timeout=10)
    assert r.status_code == 200 and "script-src 'self'" in r.headers["content-security-policy"]
