"""The board's guard (issue 26, item 1; russian_pyramid/board/guard.py): the Host allow-list, the
Origin check, the run's token (query, header, cookie), the XSRF header for the cookie's state
changes, JSON bodies only.  In this process (Starlette's TestClient, no AI needed) and against
the real ``pyramid board`` (the suite's server, its printed address)."""
from __future__ import annotations

import httpx
import pytest
from starlette.testclient import TestClient

from russian_pyramid.board.guard import LOCAL_HOSTS, TOKEN_BYTES, Guard, cookie_names, host_name
from russian_pyramid.board.server import create_app

from .boardclient import auth


@pytest.fixture
def app(tmp_path):
    return create_app(warm=False, match_record=str(tmp_path / "m.jsonl"))


def _bare(app, base="http://127.0.0.1:8071") -> TestClient:
    """A client that sends nothing of its own: no token, no cookie, no Content-Type."""
    return TestClient(app, base_url=base, follow_redirects=False)


def _match_with_a_stroke(c: TestClient, token: str) -> None:
    h = auth(token)
    assert c.post("/api/match/start", json={"players": ["A", "B"]}, headers=h).status_code == 200
    r = c.post("/api/match/line", json={"text": "7 FL"}, headers=h)
    assert r.status_code == 200 and r.json()["status"]["scores"] == [7, 0]


def test_a_token_is_long_and_new_every_run():
    a, b = Guard.new(), Guard.new()
    assert len(a.token) >= 32 and len(a.token) == len(b.token) and a.token != b.token
    assert TOKEN_BYTES >= 16 and a.xsrf != a.token
    assert a.url("127.0.0.1", 8071) == f"http://127.0.0.1:8071/?token={a.token}"
    assert Guard.new(https=True).url("::1", 1).startswith("https://[::1]:1/?token=")


@pytest.mark.parametrize("header, name", [("127.0.0.1:8071", "127.0.0.1"),
                                          ("LOCALHOST", "localhost"), ("[::1]:80", "::1"),
                                          ("evil.example:8071", "evil.example"),
                                          ("127.0.0.1.evil.example", "127.0.0.1.evil.example")])
def test_host_names_are_read_without_their_port(header, name):
    assert host_name(header) == name


def test_a_foreign_host_is_refused_even_with_the_token(app):
    """DNS rebinding: a page of evil.example whose name now points at 127.0.0.1."""
    token = app.state.guard.token
    c = _bare(app, "http://evil.example:8071")
    for path in ("/", "/api/health", "/api/match/record", "/static/main.js"):
        r = c.get(path, headers=auth(token))
        assert r.status_code == 403 and "evil.example" in r.json()["error"], path
    assert LOCAL_HOSTS == {"127.0.0.1", "localhost", "::1"}
    assert _bare(app, "http://localhost:8071").get("/api/health",
                                                   headers=auth(token)).status_code == 200


def test_no_token_no_api_but_the_static_shell(app):
    c = _bare(app)
    r = c.get("/api/health")
    assert r.status_code == 401 and "token" in r.json()["error"]
    assert c.get("/api/match/record").status_code == 401
    assert c.get("/api/health", headers={"Authorization": "token wrong"}).status_code == 401
    page = c.get("/")
    assert page.status_code == 401 and "?token=" in page.text and "ключ" in page.text
    assert c.get("/static/main.js").status_code == 200  # the shell holds no secret


def test_the_token_in_the_address_becomes_a_cookie(app):
    g = app.state.guard
    c = _bare(app)
    r = c.get(f"/?token={g.token}")
    assert r.status_code == 302 and r.headers["location"] == "/"  # out of the address
    token_cookie, xsrf_cookie = cookie_names(8071)
    set_cookies = r.headers.get_list("set-cookie")
    assert any(s.startswith(f"{token_cookie}={g.token};") and "HttpOnly" in s
               and "SameSite=Strict" in s for s in set_cookies), set_cookies
    assert any(s.startswith(f"{xsrf_cookie}={g.xsrf};") and "HttpOnly" not in s
               for s in set_cookies), set_cookies
    assert c.get("/").status_code == 200  # the cookie now
    assert c.get("/api/health").status_code == 200
    assert c.get("/api/health?token=" + g.token).status_code == 200  # a script's query


def test_a_cookie_alone_cannot_change_state_without_the_xsrf_header(app):
    g = app.state.guard
    c = _bare(app)
    c.get(f"/?token={g.token}")
    body = {"players": ["A", "B"]}
    r = c.post("/api/match/start", json=body)
    assert r.status_code == 403 and "X-XSRFToken" in r.json()["error"]
    r = c.post("/api/match/start", json=body, headers={"X-XSRFToken": "forged"})
    assert r.status_code == 403
    r = c.post("/api/match/start", json=body, headers={"X-XSRFToken": g.xsrf})
    assert r.status_code == 200 and r.json()["active"]


def test_a_cross_origin_start_is_refused_and_the_match_is_kept(app, tmp_path):
    """The reproduction: a foreign page's POST /api/match/start replaced the running match
    and emptied its --match-record file (3 strokes -> 0)."""
    g = app.state.guard
    c = _bare(app)
    _match_with_a_stroke(c, g.token)
    before = (tmp_path / "m.jsonl").read_bytes()
    c.get(f"/?token={g.token}")  # even a browser that holds the cookie, and the XSRF value
    for headers in ({"Origin": "https://evil.example"}, {"Origin": "null"},
                    {"Sec-Fetch-Site": "cross-site", "X-XSRFToken": g.xsrf},
                    {"Origin": "http://127.0.0.1:9999", **auth(g.token)}):
        for path, body in (("/api/match/start", {"players": ["X", "Y"]}),
                           ("/api/match/line", {"text": "miss"})):
            r = c.post(path, json=body, headers=headers)
            assert r.status_code == 403, (headers, path, r.text)
    st = c.get("/api/match").json()
    assert st["active"] and st["scores"] == [7, 0]
    assert (tmp_path / "m.jsonl").read_bytes() == before
    ok = c.post("/api/match/line", json={"text": "miss"},
                headers={"Origin": "http://127.0.0.1:8071", "X-XSRFToken": g.xsrf})
    assert ok.status_code == 200  # the board's own origin


@pytest.mark.parametrize("ctype", ["text/plain", "text/plain; charset=utf-8",
                                   "application/x-www-form-urlencoded", "multipart/form-data",
                                   None])
def test_only_json_bodies(app, ctype):
    """text/plain and the form types are what a foreign page may send without the browser
    asking the board first (CORS "simple" requests): refused, 415."""
    c = _bare(app)
    headers = auth(app.state.guard.token)
    if ctype:
        headers["Content-Type"] = ctype
    r = c.post("/api/match/start", content=b'{"players": ["A", "B"]}', headers=headers)
    assert r.status_code == 415 and "application/json" in r.json()["error"], r.text
    assert c.get("/api/match", headers=headers).json() == {"active": False}
    rec = c.post("/api/record", content=b"x", headers=headers)
    assert rec.status_code == 415


def test_the_real_board_prints_its_token_and_guards_itself(board_url, board_token):
    """The done-when, against ``pyramid board --no-browser --port 0`` itself."""
    assert len(board_token) >= 16
    h = auth(board_token)
    assert httpx.get(board_url + "api/health", timeout=10).status_code == 401
    assert httpx.get(board_url + "api/health", headers=h, timeout=10).status_code == 200
    assert httpx.get(board_url + f"api/health?token={board_token}",
                     timeout=10).status_code == 200
    r = httpx.get(board_url + "api/match/record", headers={**h, "Host": "evil.example"},
                  timeout=10)
    assert r.status_code == 403
    before = httpx.get(board_url + "api/match", headers=h, timeout=10).json()
    r = httpx.post(board_url + "api/match/start", json={"players": ["X", "Y"]},
                   headers={**h, "Origin": "https://evil.example"}, timeout=10)
    assert r.status_code == 403
    r = httpx.post(board_url + "api/match/start", content=b'{"players": ["X", "Y"]}',
                   headers={**h, "Content-Type": "text/plain"}, timeout=10)
    assert r.status_code == 415
    assert httpx.get(board_url + "api/match", headers=h, timeout=10).json() == before
