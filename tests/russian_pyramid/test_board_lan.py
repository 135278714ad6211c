"""The board on a club's network (issue 26, item 2; ``pyramid board --lan``): the printed
address with its token, refused without it, the QR code read back (terminal and page) to that
address, who is connected, HTTPS with --certfile/--keyfile, and the flags' errors.

The boards here serve every address (0.0.0.0) and print ``--lan-address 127.0.0.2``, a
loopback address that is not one of the local names: it stands for the club's address on any
machine (a phone's requests arrive the same way), and the guard must let it in only because
it was named."""
from __future__ import annotations

import contextlib
import subprocess
from urllib.parse import parse_qs, urlsplit

import httpx
import numpy as np
import pytest
import zxingcpp

from russian_pyramid.board.guard import Guard
from russian_pyramid.board.lan import LanUnavailable, Visitors, lan_address, qr_matrix, qr_terminal
from russian_pyramid.cli import main

from .boardclient import auth, board_process, script_headers, until_up
from .conftest import screenshot

CLUB = "127.0.0.2"
URL = "http://192.168.1.20:8071/?token=" + "x" * 32
# the board is stopped before the browser: the page's polls after that fail, as they must
STOPPED_FIRST = ("ERR_CONNECTION_REFUSED",)


def _read_qr(modules: np.ndarray) -> str:
    """zxing-cpp's reading of a matrix of modules (True: dark), 8 px a module."""
    img = np.kron(np.where(modules, 0, 255).astype(np.uint8), np.ones((8, 8), np.uint8))
    found = zxingcpp.read_barcodes(img)
    assert len(found) == 1, found
    return found[0].text


def test_the_qr_code_reads_back_to_the_address():
    m = np.array(qr_matrix(URL))
    assert _read_qr(m) == URL
    assert not m[:4].any() and not m[:, :4].any()  # the quiet zone of ISO/IEC 18004


def test_the_terminals_qr_code_is_the_same_matrix():
    m = qr_matrix(URL)
    text = qr_terminal(URL, ansi=False).split("\n")
    top = {"\u2588": (1, 1), "\u2580": (1, 0), "\u2584": (0, 1), " ": (0, 0)}
    back = []
    for line in text:
        pairs = [top[c] for c in line]
        back += [[bool(a) for a, _ in pairs], [bool(b) for _, b in pairs]]
    assert back[:len(m)] == m and not any(any(r) for r in back[len(m):])
    assert _read_qr(np.array(back)) == URL
    ansi = qr_terminal(URL, ansi=True).split("\n")
    assert all(r.startswith("\x1b[30;47m") and r.endswith("\x1b[0m") for r in ansi)


def test_the_machines_own_address_or_a_clear_word():
    try:
        address = lan_address()
    except LanUnavailable as exc:
        assert "--lan-address" in str(exc)
    else:
        assert not address.startswith("127.") and address.count(".") == 3


def test_visitors_are_listed_while_heard_from():
    clock = [0.0]
    v = Visitors(clock=lambda: clock[0])
    v.saw("10.0.0.5", "Mozilla/5.0 (Linux; Android 14) Chrome/130")
    clock[0] = 5.0
    v.saw("10.0.0.6", "x")
    v.saw("10.0.0.5", "Mozilla/5.0 (Linux; Android 14) Chrome/130")
    listed = v.listed()
    assert [d["address"] for d in listed] == ["10.0.0.5", "10.0.0.6"]
    assert listed[0]["requests"] == 2 and listed[1]["seen_s_ago"] == 0.0
    clock[0] = 5.0 + 121
    assert v.listed() == []


@pytest.mark.parametrize("argv, words", [
    (["--lan-address", "10.0.0.1"], "--lan-address is for --lan"),
    (["--lan", "--lan-address", "club"], "'club' is not an IP address"),
    (["--certfile", "c.pem"], "--certfile and --keyfile go together"),
    (["--certfile", "nope.pem", "--keyfile", "nope.key"], "--certfile nope.pem: no such file"),
])
def test_bad_flags_are_refused_with_their_names(argv, words, capsys):
    assert main(["board", "--no-browser", "--port", "0", *argv]) == 2
    assert words in capsys.readouterr().err


@contextlib.contextmanager
def _board(*flags):
    """``pyramid board --lan --lan-address 127.0.0.2 --no-browser --port 0 FLAGS``: its
    printed address (the token in it) and the process, stopped after."""
    with board_process("--lan", "--lan-address", CLUB, *flags) as (proc, url):
        yield url, proc


def lan_board_up(url: str) -> tuple[str, str]:
    """The base URL and the token of a :func:`_board`, once it answers."""
    base, token = url.split("?token=")
    until_up(lambda: httpx.get(base + "api/health", headers=script_headers(token), timeout=5))
    return base, token


def test_lan_board_asks_every_device_for_its_token():
    with _board() as (url, _proc):
        u = urlsplit(url)
        token = parse_qs(u.query)["token"][0]
        assert u.hostname == CLUB and len(token) >= 16 and u.scheme == "http"
        base = f"http://{u.netloc}/"
        r = until_up(lambda: httpx.get(base + "api/health", timeout=5))
        assert r.status_code == 401
        assert httpx.get(base + f"api/health?token={token}", timeout=5).status_code == 200
        assert httpx.get(base + "api/health", headers=auth(token), timeout=5).status_code == 200
        page = httpx.get(url, timeout=5)  # the phone's scan: into a cookie, out of the address
        assert page.status_code == 302 and page.headers["location"] == "/"
        local = f"http://127.0.0.1:{u.port}/api/health"
        assert httpx.get(local, headers=auth(token), timeout=5).status_code == 200
        foreign = httpx.get(base + "api/health", timeout=5,
                            headers={**auth(token), "Host": f"192.0.2.99:{u.port}"})
        assert foreign.status_code == 403  # an address the board was not told of
        c = httpx.get(base + "api/connect", headers=auth(token), timeout=5).json()
        assert c["lan"] and c["url"] == url and c["you"] == "127.0.0.1"
        assert {v["address"] for v in c["visitors"]} == {"127.0.0.1"}
        svg = httpx.get(base + "api/qr.svg", headers=auth(token), timeout=5)
        assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg")
        assert httpx.get(base + "api/qr.svg", timeout=5).status_code == 401


def test_the_page_shows_the_qr_code_of_the_printed_address(browser, tmp_path):
    """The Phones dialog in Chromium on a phone: its QR code, photographed (a screenshot),
    reads back to the address the board printed."""
    with _board() as (url, _proc):
        until_up(lambda: httpx.get(url, timeout=5))
        drv = browser("ru", (390, 844), mobile=True)
        drv.allowed_console = STOPPED_FIRST
        drv.get(url)
        from selenium.webdriver.support.ui import WebDriverWait
        WebDriverWait(drv, 30).until(lambda d: d.execute_script(
            "return document.body.dataset.ready === '1'"))
        drv.find_element("id", "btn-connect").click()
        WebDriverWait(drv, 10).until(lambda d: d.execute_script(
            "const i = document.getElementById('connect-qr');"
            "return !i.hidden && i.complete && i.naturalWidth > 0"))
        WebDriverWait(drv, 10).until(lambda d: d.find_element("id", "connect-who").text)
        path = screenshot(drv, "connect-ru-390x844")
        from matplotlib.image import imread
        grey = (imread(str(path))[..., :3].mean(axis=2) * 255).astype(np.uint8)
        found = [b.text for b in zxingcpp.read_barcodes(grey)]
        assert found == [url]
        assert drv.find_element("id", "connect-url").text == url
        who = drv.find_element("id", "connect-who").text
        assert "127.0.0.1" in who and "вы" in who
        width = drv.execute_script("return document.documentElement.scrollWidth")
        assert width <= 390


def test_https_with_a_certificate(tmp_path):
    """openssl makes a self-signed certificate (.ci/run installs it)."""
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", f"/CN={CLUB}", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    with _board("--certfile", str(cert), "--keyfile", str(key)) as (url, _proc):
        u = urlsplit(url)
        assert u.scheme == "https"
        token = parse_qs(u.query)["token"][0]
        with httpx.Client(verify=False, timeout=5) as c:  # a self-signed certificate
            r = until_up(lambda: c.get(url))
            assert r.status_code == 302
            assert all("Secure" in s for s in r.headers.get_list("set-cookie"))
            ok = c.get(f"https://{u.netloc}/api/health", headers=auth(token))
            assert ok.status_code == 200
            plain = httpx.get(f"https://{u.netloc}/api/match", verify=False, timeout=5,
                              headers={**auth(token), "Origin": f"http://{u.netloc}"})
            assert plain.status_code == 403  # an http:// origin is not the https board's


def test_a_guard_for_the_club_lets_in_only_the_named_address():
    g = Guard.new({"127.0.0.1", "10.1.2.3"})
    assert g.hosts == frozenset({"127.0.0.1", "10.1.2.3"})
    assert g.url("10.1.2.3", 8071).startswith("http://10.1.2.3:8071/?token=")
