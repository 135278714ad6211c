"""What the board takes (issue 51, item 7): each route its own query parameters only, each
once, none empty, numbers in plain digits (400 naming the parameter, russian_pyramid/board/query.py);
no unknown field in a body (422); ``refine=1`` only with corners; a Host of the board's own
port only (russian_pyramid/board/guard.py).  Starlette's TestClient and uvicorn in a thread: no AI."""
from __future__ import annotations

import httpx
import pytest
from starlette.testclient import TestClient

from russian_pyramid.board.guard import Guard, host_and_port
from russian_pyramid.board.query import ROUTE_PARAMS
from russian_pyramid.board.server import create_app

from .boardclient import auth, guarded_client
from .test_board_api import local_board  # noqa: F401 - a fixture: the board on a socket

STATE = {"balls": {"cue": [0.5, 0.9]}}


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return create_app(warm=False, match_record=str(tmp_path_factory.mktemp("m") / "m.jsonl"))


@pytest.fixture(scope="module")
def c(app):
    with guarded_client(app) as client:
        yield client


def _refused(r, status: int, *words: str) -> str:
    assert r.status_code == status, (r.status_code, r.text[:300])
    error = r.json()["error"]
    for w in words:
        assert w in error, (w, error)
    assert "Traceback" not in r.text and len(r.text) < 1000, r.text[:300]
    return error


@pytest.mark.parametrize("query, name, words", [
    ("top=", "top", ("top is empty",)),
    ("budget=+5", "budget", ("budget = ' 5'",)),  # a '+' is a space in a query string
    ("budget=%2B5", "budget", ("budget = '+5'", "plain digits")),
    ("budget=%205", "budget", ("budget = ' 5'",)),
    ("top=1e1", "top", ("top = '1e1'",)),
    ("top=0x10", "top", ("top = '0x10'",)),
    ("top=%EF%BC%92", "top", ("top = '２'",)),  # a full-width two
    ("time_budget=1e-1", "time_budget", ("time_budget = '1e-1'",)),
    ("time_budget=.5", "time_budget", ("time_budget",)),
    ("skill=Club%3B", "skill", ("skill = 'Club;'",)),
    ("top=1&top=2", "top", ("top is given more than once",)),
    ("top=1&depth=9", "depth", ("unknown parameter 'depth'", "top")),
    ("top", "top", ("top is empty",)),
])
def test_a_malformed_suggest_query_is_refused_before_the_ai(c, query, name, words):
    """The reproductions: ?top= and ?budget=+5 were taken (as the default, as 5), unknown
    parameters ignored.  The app here has no AI: a refusal comes first."""
    r = c.post(f"/api/suggest?{query}", json=STATE)
    _refused(r, 400, *words)
    assert r.json()["field"] == name


@pytest.mark.parametrize("method, path", [
    ("GET", "/"), ("GET", "/api/health"), ("GET", "/api/match"), ("GET", "/api/connect"),
    ("GET", "/api/positions"), ("GET", "/api/words/ru"), ("GET", "/api/queue"),
    ("GET", "/api/match/record"), ("GET", "/static/main.js"), ("GET", "/sw.js"),
    ("GET", "/manifest.webmanifest"), ("POST", "/api/check"), ("POST", "/api/review"),
    ("POST", "/api/match/start"), ("POST", "/api/match/line"), ("POST", "/api/match/scorer"),
    ("POST", "/api/simulate"), ("POST", "/api/photo"), ("GET", "/api/table"),
])
def test_every_route_refuses_an_unknown_parameter(c, method, path):
    long = "x" * 5000
    ctype = "image/jpeg" if path == "/api/photo" else "application/json"
    r = c.request(method, f"{path}?{long}=1", content=b"{}", headers={"Content-Type": ctype})
    error = _refused(r, 400, "unknown parameter 'xxxxx")
    assert long not in error  # cut
    takes = sorted(ROUTE_PARAMS.get(path, {})) + ["token"]
    assert error.endswith(", ".join(sorted(takes)))


def test_the_routes_own_parameters_still_pass(c):
    r = c.get("/api/table?name=pyramid-10ft")
    assert r.status_code == 200, r.text
    r = c.post("/api/simulate?noise=wizard&runs=3&seed=5", json=STATE)
    _refused(r, 422, "wizard")  # of the right form: the route's own check says what is wrong
    r = c.post("/api/suggest?top=0", json=STATE)
    _refused(r, 422, "top")
    r = c.post("/api/suggest?lang=de&top=2&skill=0.5&time_budget=0.5", json=STATE)
    _refused(r, 422, "lang = 'de'")


def test_a_token_in_the_address_is_the_only_parameter_of_the_page(app):
    g = app.state.guard
    bare = TestClient(app, base_url="http://127.0.0.1:8071", follow_redirects=False)
    assert bare.get("/?x=1").status_code == 401  # a stranger learns nothing more: token first
    r = bare.get(f"/?token={g.token}&lang=ru")
    _refused(r, 400, "unknown parameter 'lang'")
    assert g.token not in r.text and "set-cookie" not in r.headers
    r = bare.get(f"/?token={g.token}")
    assert r.status_code == 302 and r.headers["location"] == "/"


def test_match_start_refuses_an_unknown_field(c):
    """The reproduction: {"players": [...], "rated": true} started a match (the field was
    dropped without a word)."""
    r = c.post("/api/match/start", json={"players": ["A", "B"], "rated": True})
    _refused(r, 422, "unknown field 'rated'", "players")
    assert r.json()["field"] == "rated"
    r = c.post("/api/match/start", json={"players": ["A", "B"], "x" * 5000: 1})
    assert "x" * 500 not in _refused(r, 422, "unknown field")
    assert c.get("/api/match").json() == {"active": False}
    assert c.post("/api/match/start", json={"players": ["A", "B"]}).status_code == 200
    _refused(c.post("/api/match/line", json={"text": "7 FL", "by": "me"}), 422,
             "unknown field 'by'")
    assert c.get("/api/match").json()["scores"] == [0, 0]


def test_review_refuses_an_unknown_field_and_a_mark_it_does_not_know(c, game_record):
    record, analysis = game_record
    import json
    text = record.read_text(encoding="utf-8")
    doc = json.loads(analysis.read_text(encoding="utf-8"))
    _refused(c.post("/api/review", json={"record": text, "analysis": doc, "html": 1}), 422,
             "unknown field 'html'")
    for mark in ('<img src=x onerror="alert(1)">', "!!", 7, None, "?" * 5000):
        doc["strokes"][0]["mark"] = mark
        error = _refused(c.post("/api/review", json={"record": text, "analysis": doc}), 422,
                         "stroke 1: mark = ", "'?!'")
        assert "?" * 500 not in error
    doc["strokes"][0]["mark"] = "??"
    r = c.post("/api/review", json={"record": text, "analysis": doc})
    assert r.status_code == 200 and r.json()["strokes"][0]["analysis"]["mark"] == "??"


def test_refine_without_corners_is_refused(c):
    """The reproduction: refine=1 with no corners was taken (and the photo read as without)."""
    r = c.post("/api/photo?refine=1", content=b"\xff\xd8\xff", headers={
        "Content-Type": "image/jpeg"})
    _refused(r, 422, "refine=1", "corners")
    assert r.json()["field"] == "refine"


# --- the Host -----------------------------------------------------------------------------------
@pytest.mark.parametrize("header, read", [
    ("127.0.0.1:8071", ("127.0.0.1", "8071")), ("LOCALHOST", ("localhost", None)),
    ("[::1]:80", ("::1", "80")), ("[::1]", ("::1", None)), ("localhost:", None),
    ("localhost:abc", None), ("localhost:80:80", None), ("::1", None), ("[::1]x", None),
    ("localhost:８０", None), ("", None), (":80", None)])
def test_a_host_is_read_strictly(header, read):
    assert host_and_port(header) == read


@pytest.mark.parametrize("host, status", [
    ("localhost:8071", 200), ("127.0.0.1:8071", 200), ("[::1]:8071", 200),
    ("localhost:8072", 403), ("localhost:1", 403), ("localhost:08071", 403),
    ("localhost:anything", 403), ("localhost", 403), ("localhost:", 403), ("::1", 403),
    ("127.0.0.1:8071.evil.example", 403)])
def test_a_host_must_name_the_boards_own_port(app, host, status):
    """The reproduction: a Host of localhost:<anything> was let in (another server's origin
    on this machine, or none at all)."""
    bare = TestClient(app, base_url="http://127.0.0.1:8071")
    r = bare.get("/api/health", headers={**auth(app.state.guard.token), "Host": host})
    assert r.status_code == status, (host, r.text)
    if status == 403:
        assert "8071" in r.json()["error"]


def test_the_club_address_with_the_boards_port_only():
    app = create_app(warm=False, guard=Guard.new({"127.0.0.1", "localhost", "10.1.2.3"}))
    bare = TestClient(app, base_url="http://10.1.2.3:8071")
    h = auth(app.state.guard.token)
    assert bare.get("/api/health", headers=h).status_code == 200
    assert bare.get("/api/health", headers={**h, "Host": "10.1.2.3:9"}).status_code == 403
    assert bare.get("/api/health", headers={**h, "Host": "10.1.2.4:8071"}).status_code == 403
    default = TestClient(app, base_url="http://127.0.0.1")  # no port: the scheme's default
    assert default.get("/api/health", headers=h).status_code == 200


def test_on_a_socket_the_port_is_the_one_listened_on(local_board):  # noqa: F811
    url, token = local_board
    port = int(url.rsplit(":", 1)[1])
    h = auth(token)
    assert httpx.get(f"{url}/api/health", headers={**h, "Host": f"localhost:{port}"},
                     timeout=10).status_code == 200
    r = httpx.get(f"{url}/api/health", headers={**h, "Host": f"localhost:{port + 1}"},
                  timeout=10)
    assert r.status_code == 403 and str(port) in r.json()["error"]
    r = httpx.post(f"{url}/api/suggest?budget=%2B5", json=STATE, headers=h, timeout=10)
    _refused(r, 400, "budget = '+5'")
