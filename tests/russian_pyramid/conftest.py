"""The analysis board end to end: the real ``pyramid board`` command in a subprocess (a real
uvicorn server on 127.0.0.1, any free port), an HTTP client for the API, and headless
Chromium (Debian's chromium and chromedriver, driven by Selenium) for the page.

Screenshots go to build/board-screenshots/ (look at them)."""
from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from pathlib import Path

import pytest

from ..cli.clihelp import ROOT
from .boardclient import PRINTED, auth, board_address, board_process, client

SHOTS = ROOT / "build" / "board-screenshots"
POLICY_REPORT = "Content Security Policy"  # how Chromium's console reports a violation
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
# the network is closed: these keep chromium from trying to reach anything
CHROME_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage")


@pytest.fixture(scope="session")
def board_server():
    """``pyramid board --port 0 --no-browser``: its printed address split into the base URL
    and the run's token, once the AI is warm."""
    import httpx
    with board_process() as (proc, printed):
        url, token = board_address(PRINTED + printed)
        deadline = time.monotonic() + 600  # a new machine compiles every kernel first
        while True:
            assert proc.poll() is None, proc.stderr.read()
            try:
                health = httpx.get(url + "api/health", headers=auth(token), timeout=5).json()
                if health["ai"] in ("warm", "failed") and health["server"] != "cold" \
                        and health["server"] != "warming":
                    assert health["ai"] == "warm", health
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the board did not warm up"
            time.sleep(0.5)
        yield url, token


@pytest.fixture(scope="session")
def board_url(board_server):
    """The board's base URL (``http://127.0.0.1:P/``); a browser from :func:`browser` already
    holds its token (in the cookie the board sets)."""
    return board_server[0]


@pytest.fixture(scope="session")
def board_token(board_server):
    return board_server[1]


@pytest.fixture(scope="session")
def http(board_url, board_token):
    with client(board_url, board_token, timeout=60) as c:
        yield c


@pytest.fixture(scope="session")
def game_record(tmp_path_factory):
    """A short real game record (pyramid play --record) and its analysis
    (pyramid analyze --json, with thresholds low enough to mark some strokes)."""
    import contextlib
    import io
    from russian_pyramid.cli import main
    d = tmp_path_factory.mktemp("game")
    record = d / "game.jsonl"
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["play", "--seed", "1", "--agent-a", "greedy", "--agent-b", "random",
                     "--max-strokes", "6", "--record", str(record), "--quiet"]) == 0
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(["analyze", str(record), "--agent", "greedy", "--samples", "4",
                         "--top", "1", "--mistake", "0.01", "--blunder", "0.03",
                         "--json"]) == 0
    analysis = d / "analysis.json"
    analysis.write_text(out.getvalue())
    return record, analysis


def _have_browser() -> bool:
    return Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()


def chromium(lang: str, size, mobile: bool, *flags: str, prefix: str = "board-chromium-"):
    """A headless Chromium driver (its profile folder in ``drv.profile_dir``, for the caller
    to remove).  ``mobile``: Chromium's mobile emulation at ``size`` (a touch screen, the
    page's meta viewport honoured, two device pixels to a CSS pixel); ``flags``: more
    command-line switches."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix=prefix)
    for flag in CHROME_FLAGS + (f"--user-data-dir={profile}",
                                f"--window-size={size[0]},{size[1]}", f"--lang={lang}") + flags:
        opts.add_argument(flag)
    opts.add_experimental_option("prefs", {"intl.accept_languages": lang})
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if mobile:
        opts.add_experimental_option("mobileEmulation", {"deviceMetrics": {
            "width": size[0], "height": size[1], "pixelRatio": 2.0, "touch": True}})
    drv = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    drv.profile_dir = profile
    return drv


def wait_ready(drv, timeout_s: float = 20) -> None:
    """Until the page has its words, table and menus (``document.body.dataset.ready``)."""
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(drv, timeout_s).until(lambda d: d.execute_script(
        "return document.body.dataset.ready === '1'"))


def quit_browser(drv) -> list:
    """Close a driver of :func:`chromium` and remove its profile; the errors its page's
    console logged, but for a refused position (a 422 the page handles) and what the test
    named in ``drv.allowed_console``; a Content Security Policy report, of any level, always
    counts (issue 51: the page runs under the board's policy, russian_pyramid/board/guard.py)."""
    allowed = ("status of 422",) + tuple(getattr(drv, "allowed_console", ()))
    errors = [e for e in drv.get_log("browser") if POLICY_REPORT in e.get("message", "")
              or (e.get("level") == "SEVERE"
                  and not any(a in e.get("message", "") for a in allowed))]
    drv.quit()
    shutil.rmtree(drv.profile_dir, ignore_errors=True)
    return errors


def need_browser() -> None:
    """Skip (fail on CI) where Debian's chromium and chromedriver are missing."""
    if not _have_browser():
        if os.environ.get("CI"):
            pytest.fail("chromium and chromium-driver are missing (.ci/run installs them)")
        pytest.skip("Debian's chromium and chromium-driver are not installed")


@pytest.fixture
def browser(board_url, board_token):
    """A fresh headless Chromium per test; ``browser.lang`` sets Accept-Language (ru).  A
    console error fails the test unless the test names it in ``drv.allowed_console``; a
    Content Security Policy report always does (:func:`quit_browser`)."""
    need_browser()
    drivers = []

    def start(lang: str = "ru", size=(1500, 1100), mobile: bool = False):
        drv = chromium(lang, size, mobile)
        drivers.append(drv)
        drv.get(f"{board_url}?token={board_token}")  # the board keeps it in a cookie
        wait_ready(drv)
        return drv

    yield start
    for drv in drivers:
        errors = quit_browser(drv)
        assert not errors, f"errors in the page's console: {errors}"


def screenshot(drv, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    drv.save_screenshot(str(path))
    return path


def load_json(path) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))
