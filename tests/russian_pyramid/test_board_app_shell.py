"""The board on a phone's home screen (issue 26, item 3): a valid web app manifest in the
player's language, icons of the sizes it names, a service worker that keeps the page's shell;
with the club's computer gone the page still opens, says plainly that the connection is lost,
and keeps the line typed in the Match tab."""
from __future__ import annotations

import shutil
import struct
import subprocess

import httpx
import pytest
from selenium.webdriver.support.ui import WebDriverWait

from starlette.testclient import TestClient

from russian_pyramid.board.lan import ICON_SIZES_PX, page_language, web_manifest
from russian_pyramid.board.server import create_app
from russian_pyramid.board.worker import STATIC

from .boardclient import PRINTED, board_address, board_process, until_up
from .conftest import screenshot


def _png_size(path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_the_manifest_in_the_players_words(http):
    r = http.get("/manifest.webmanifest", headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.8"})
    assert r.status_code == 200 and r.headers["content-type"].startswith(
        "application/manifest+json")
    m = r.json()
    assert m["name"] == "Пирамида: разбор позиции" and m["lang"] == "ru"
    assert m["start_url"] == "/" and m["display"] == "standalone"
    for icon in m["icons"]:
        n = int(icon["sizes"].split("x")[0])
        assert _png_size(STATIC / icon["src"].removeprefix("/static/")) == (n, n)
    assert {int(i["sizes"].split("x")[0]) for i in m["icons"]} == set(ICON_SIZES_PX)
    assert http.get("/manifest.webmanifest", headers={"Accept-Language": "en-GB"}).json() \
        == web_manifest("en")


def test_the_language_of_the_manifest_as_the_page_picks_it():
    assert page_language("uk-UA,uk;q=0.9") == "ru"
    assert page_language("de-DE, en;q=0.5") == "en"
    assert page_language("fr") == "en" and page_language("") == "en"


def test_the_shell_is_open_but_the_api_is_not():
    """The service worker and the manifest are the shell's (no secret in them)."""
    c = TestClient(create_app(warm=False), base_url="http://127.0.0.1")
    sw = c.get("/sw.js")
    assert sw.status_code == 200 and sw.headers["service-worker-allowed"] == "/"
    assert c.get("/manifest.webmanifest").status_code == 200
    assert c.get("/api/table").status_code == 401


def test_installable_in_chromium(browser):
    drv = browser("ru", (390, 844), mobile=True)
    WebDriverWait(drv, 30).until(lambda d: d.execute_script(
        "return navigator.serviceWorker.getRegistration().then(r => !!(r && r.active))"))
    manifest = drv.execute_cdp_cmd("Page.getAppManifest", {})
    assert manifest["errors"] == [], manifest["errors"]
    errors = drv.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]
    assert errors == [], errors


def test_with_the_club_computer_gone_the_page_opens_and_says_so(browser):
    with board_process() as (proc, printed):
        base, token = board_address(PRINTED + printed)
        until_up(lambda: httpx.get(base + "sw.js", timeout=2))
        drv = browser("ru", (390, 844), mobile=True)
        # the page's requests while the computer is gone fail, as they must
        drv.allowed_console = ("ERR_CONNECTION_REFUSED", "Failed to fetch", "FetchEvent")
        drv.get(f"{base}?token={token}")
        ready = "return document.body.dataset.ready === '1'"
        WebDriverWait(drv, 60).until(lambda d: d.execute_script(ready))
        WebDriverWait(drv, 30).until(lambda d: d.execute_script(
            "return navigator.serviceWorker.getRegistration().then(r => !!(r && r.active))"))
        drv.refresh()  # now under the worker
        WebDriverWait(drv, 60).until(lambda d: d.execute_script(ready))
        assert drv.execute_script("return !!navigator.serviceWorker.controller")
        drv.find_element("id", "tab-match").click()
        drv.execute_script("const b = document.getElementById('m-text'); b.value = '7 ДЛ';"
                           "b.dispatchEvent(new Event('input'))")
        assert not drv.find_element("id", "offline").is_displayed()
    WebDriverWait(drv, 15).until(lambda d: d.find_element("id", "offline").is_displayed())
    assert "Нет связи" in drv.find_element("id", "offline").text
    assert drv.find_element("id", "ai-status").text == "нет связи"
    # the AI's own poll (it runs while the AI warms up) meeting no answer is the connection
    # lost too, not "the AI did not start" (a slow warm-up once raced the banner so)
    drv.execute_async_script("board.pollHealth().then(arguments[0])")
    assert drv.find_element("id", "ai-status").text == "нет связи"
    drv.refresh()  # opened again with the computer gone: the kept shell
    WebDriverWait(drv, 30).until(lambda d: d.execute_script(
        "return document.documentElement.dataset.words === 'ru'"))
    WebDriverWait(drv, 15).until(lambda d: d.find_element("id", "offline").is_displayed())
    assert drv.execute_script("return document.getElementById('m-text').value") == "7 ДЛ"
    screenshot(drv, "offline-ru-390x844")


def test_every_file_the_page_serves_is_kept_in_git():
    """A file under static/ that git ignores (the icons once were, by ``*.png``) is missing on a
    fresh clone, and the page 404s there only: no file the board serves may be ignored."""
    if shutil.which("git") is None or subprocess.run(
            ["git", "-C", str(STATIC), "rev-parse"], capture_output=True).returncode != 0:
        pytest.skip("not a git checkout")
    files = [str(p) for p in STATIC.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    ignored = subprocess.run(["git", "-C", str(STATIC), "check-ignore", "--no-index", *files],
                             capture_output=True, text=True).stdout.split()
    assert ignored == [], f"ignored by git, so missing on a clone: {ignored}"
