"""The board against a hostile run (issue 23, item 4): the AI process killed under queued
suggestions (503 with Retry-After, a restart, a health that tells the truth), the simulate
limits (board and ``pyramid engine``), a body shorter than its Content-Length and half-sent
headers closed within their timeouts.  Its own ``pyramid board`` on 127.0.0.1 (the AI process
is killed here), raw sockets to it only, each bounded in count and time."""
from __future__ import annotations

import json
import os
import signal
import socket
import threading
import time

import httpx
import pytest

from russian_pyramid.app import limits
from russian_pyramid.board import api, server
from russian_pyramid.commands import engine
from russian_pyramid.errors import UserInputError

from ..cli.clihelp import ROOT
from .boardclient import PRINTED, auth, board_address, board_process
from .conftest import load_json

OPEN = ROOT / "russian_pyramid" / "board" / "static" / "positions" / "open.json"
WARM_DEADLINE_S = 600  # a new machine compiles every kernel first


def _health(url: str, token: str) -> dict:
    return httpx.get(url + "api/health", headers=auth(token),
                     timeout=5).json()


def _wait_warm(url: str, token: str, proc, deadline_s: float = WARM_DEADLINE_S) -> dict:
    deadline = time.monotonic() + deadline_s
    while True:
        assert proc.poll() is None, proc.stderr.read()
        try:
            health = _health(url, token)
            if health["ai"] in ("warm", "failed") and health["server"] not in ("cold",
                                                                                "warming"):
                assert health["ai"] == "warm", health
                return health
        except httpx.TransportError:
            pass
        assert time.monotonic() < deadline, "the board did not warm up"
        time.sleep(0.3)


@pytest.fixture(scope="module")
def board():
    with board_process() as (proc, printed):
        url, token = board_address(PRINTED + printed)
        _wait_warm(url, token, proc)
        host, port = url.split("//", 1)[1].rstrip("/").split(":")
        yield url, (host, int(port)), proc, token


def _state() -> dict:
    doc = load_json(OPEN)
    doc.pop("_comment", None)
    return doc


def _shot(**physics) -> dict:
    doc = load_json(OPEN)
    shot = {"table": doc["table"], "balls": doc["balls"],
            "strike": {"speed_mps": 2.0, "phi_deg": 0.0}}
    if physics:
        shot["physics"] = physics
    return shot


# --- the AI process killed ------------------------------------------------------------------

def test_killed_worker_answers_503_the_queue_waits_for_the_restart(board):
    """The AI process killed under a running search and four waiting behind it (one device:
    russian_pyramid/board/turns.py lets four wait): the running one is a 503 with Retry-After, the
    health says so at once, and the four are answered by the restarted process -- none lost;
    a fifth waiting from the same device is a 429 at once."""
    url, _addr, proc, token = board
    before = _health(url, token)
    pid = before["ai_pid"]
    assert before["ai"] == "warm" and isinstance(pid, int)
    answers: dict = {}

    def ask(name: str, query: str):
        try:
            answers[name] = httpx.post(url + "api/suggest?" + query, json=_state(),
                                       headers=auth(token), timeout=300)
        except httpx.HTTPError as exc:  # pragma: no cover - reported by the assertion
            answers[name] = exc

    long = threading.Thread(target=ask, args=("long", "time_budget=60"))
    long.start()  # a long search, so that the kill finds it running
    time.sleep(1.0)
    queued = [threading.Thread(target=ask, args=(f"q{k}", "top=1&budget=40")) for k in range(4)]
    for t in queued:
        t.start()
    time.sleep(1.5)  # all four checked and waiting for their turn
    extra = httpx.post(url + "api/suggest?top=1&budget=40", json=_state(),
                       headers=auth(token), timeout=10)
    assert extra.status_code == 429 and int(extra.headers["Retry-After"]) >= 1, extra.text
    os.kill(pid, signal.SIGKILL)
    long.join(60)
    r = answers["long"]
    assert isinstance(r, httpx.Response), r
    assert r.status_code == 503, r.text
    assert int(r.headers["Retry-After"]) >= 1
    assert r.json()["ok"] is False and "AI process stopped" in r.json()["error"]
    assert "Traceback" not in r.text
    health = _health(url, token)  # at once: not the dead process's "warm"
    assert health["ai"] in ("cold", "warming"), health
    assert health["ai_restarts"] == before["ai_restarts"] + 1
    for t in queued:
        t.join(300)
    for k in range(4):
        r = answers[f"q{k}"]
        assert isinstance(r, httpx.Response) and r.status_code == 200, r
        assert r.json()["suggestions"]
    after = _wait_warm(url, token, proc, 300)
    assert after["ai_pid"] not in (None, pid)
    assert _health(url, token)["ai"] == "warm"


def test_worker_killed_while_idle_is_noticed_by_health(board):
    url, _addr, proc, token = board
    before = _health(url, token)
    os.kill(before["ai_pid"], signal.SIGKILL)
    deadline = time.monotonic() + 5
    while _health(url, token)["ai"] == "warm" and _health(url, token)["ai_pid"] == before["ai_pid"]:
        assert time.monotonic() < deadline, "health still says warm for a dead AI process"
        time.sleep(0.05)
    after = _wait_warm(url, token, proc, 300)
    assert after["ai_pid"] != before["ai_pid"]
    assert after["ai_restarts"] == before["ai_restarts"] + 1
    r = httpx.post(url + "api/suggest?top=1&budget=40", json=_state(),
                   headers=auth(token), timeout=120)
    assert r.status_code == 200, r.text


# --- the simulate limits --------------------------------------------------------------------

def test_simulate_refuses_physics_out_of_range_at_once(board):
    """A friction of 1e-9 once kept the balls rolling for hours of simulated time: such
    physics are refused before any simulation (sim.params.PHYSICAL_RANGES), naming the field,
    value and range (issue 51)."""
    url, _addr, _proc, token = board
    t0 = time.monotonic()
    r = httpx.post(url + "api/simulate", json=_shot(mu_roll=1e-9), headers=auth(token),
                   timeout=30)
    assert r.status_code == 422, r.text
    assert "physics.mu_roll = 1e-09 is out of range" in r.json()["error"]
    r = httpx.post(url + "api/simulate?noise=club&runs=20", json=_shot(mu_roll=1e-9),
                   headers=auth(token), timeout=30)
    assert r.status_code == 422 and "physics.mu_roll" in r.json()["error"], r.text
    assert time.monotonic() - t0 < 5
    assert len(r.content) < 1000
    r = httpx.post(url + "api/simulate", json=_shot(), headers=auth(token),
                   timeout=30)  # an ordinary one
    assert r.status_code == 200 and r.json()["motion"]["n"] > 0


def test_simulate_refuses_a_stroke_beyond_the_simulated_time_limit(monkeypatch):
    """The limit stays as a safety net (no physics within the ranges reaches it: 49 s at
    most measured, a 12 m/s stroke with the least frictions): shown with a lower limit."""
    monkeypatch.setattr(limits, "MAX_SIMULATED_S", 1.0)
    with pytest.raises(UserInputError, match="at most 1 s answered.*MAX_SIMULATED_S"):
        api.simulate(_shot())
    with pytest.raises(UserInputError, match="MAX_SIMULATED_S"):
        api.simulate(_shot(), {"noise": "club", "runs": "20"})


def test_simulate_limits_on_events_and_answer_size(monkeypatch):
    monkeypatch.setattr(limits, "MAX_EVENTS", 3)
    with pytest.raises(UserInputError, match="limit of 3 simulator events.*MAX_EVENTS"):
        api.simulate(_shot())
    monkeypatch.setattr(limits, "MAX_EVENTS", 5000)
    monkeypatch.setattr(limits, "MAX_ANSWER_BYTES", 100_000)
    with pytest.raises(UserInputError, match="MAX_ANSWER_BYTES.*fewer runs"):
        api.simulate(_shot(), {"noise": "club", "runs": "20"})
    monkeypatch.setattr(limits, "MAX_ANSWER_BYTES", 8 * 1024 * 1024)
    out = api.simulate(_shot(), {"noise": "club", "runs": "20"})
    assert len(out["runs"]) == 20
    assert len(json.dumps(out)) < limits.MAX_ANSWER_BYTES


def test_engine_simulate_shares_the_limits(monkeypatch):
    monkeypatch.setattr(limits, "MAX_SIMULATED_S", 1.0)
    answer, stop = engine.handle({"id": 7, "cmd": "simulate", "body": _shot()},
                                 0, time.monotonic())
    assert not stop and answer["id"] == 7 and answer["ok"] is False
    assert "MAX_SIMULATED_S" in answer["error"]


def test_noise_beyond_the_simulators_limits_is_input_not_a_crash():
    shot = _shot()
    shot["strike"]["speed_mps"] = 12.0
    with pytest.raises(UserInputError, match="as played with noise"):
        api.simulate(shot, {"noise": "beginner", "runs": "20"})


# --- slow clients -----------------------------------------------------------------------------

def _host(addr) -> bytes:
    """The Host header of a request to the board at ``addr``: its own port (guard.py)."""
    return f"Host: 127.0.0.1:{addr[1]}\r\n".encode()


def _connect(addr) -> socket.socket:
    sock = socket.create_connection(addr, timeout=server.BODY_TIMEOUT_S + 10)
    return sock


def _read_until_closed(sock: socket.socket) -> bytes:
    data = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            return data
        data += chunk


def _read_response(sock: socket.socket) -> bytes:
    """One whole response (its headers and its Content-Length of body), however it is split."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, data
        data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    length = int(next(line.split(b":", 1)[1] for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length:")))
    while len(body) < length:
        chunk = sock.recv(65536)
        assert chunk, data
        body += chunk
    return head + b"\r\n\r\n" + body


def test_a_body_shorter_than_its_content_length_is_closed_within_the_timeout(board):
    _url, addr, _proc, token = board
    with _connect(addr) as sock:
        t0 = time.monotonic()
        sock.sendall(b"POST /api/check HTTP/1.1\r\n" + _host(addr) +
                     b"Authorization: token " + token.encode() + b"\r\n"
                     b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"ba")
        data = _read_until_closed(sock)
        elapsed = time.monotonic() - t0
    assert elapsed < server.BODY_TIMEOUT_S + 3, elapsed
    assert data.startswith(b"HTTP/1.1 408"), data[:200]
    body = json.loads(data.split(b"\r\n\r\n", 1)[1])
    assert body["ok"] is False and "4 of 100 bytes" in body["error"]


def test_a_trickled_body_is_cut_at_the_total_timeout(board):
    _url, addr, _proc, token = board
    reset = False
    with _connect(addr) as sock:
        t0 = time.monotonic()
        sock.sendall(b"POST /api/check HTTP/1.1\r\n" + _host(addr) +
                     b"Authorization: token " + token.encode() + b"\r\n"
                     b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
        sock.settimeout(1.0)
        data = b""
        while time.monotonic() - t0 < server.BODY_TIMEOUT_S + 5:
            try:
                sock.sendall(b" ")  # a byte a second: never idle long, never complete
                chunk = sock.recv(65536)
            except socket.timeout:
                continue
            except (ConnectionResetError, BrokenPipeError):
                reset = True  # the server closed while a byte was on its way
                break
            if not chunk:
                break
            data += chunk
        elapsed = time.monotonic() - t0
    assert server.BODY_TIMEOUT_S - 0.5 < elapsed < server.BODY_TIMEOUT_S + 5, elapsed
    assert data.startswith(b"HTTP/1.1 408") or (reset and not data), data[:200]


def test_half_sent_headers_do_not_hold_the_server(board):
    url, addr, _proc, token = board
    socks = []
    try:
        t0 = time.monotonic()
        for _ in range(50):
            s = _connect(addr)
            s.sendall(b"GET /api/health HTTP/1.1\r\n" + _host(addr) + b"X-Slow: ")
            socks.append(s)
        t1 = time.monotonic()
        # the server still answers at once
        r = httpx.get(url + "api/health", headers=auth(token), timeout=5)
        assert r.status_code == 200 and time.monotonic() - t1 < 2
        for s in socks:  # and closes every half-sent request within its timeout
            assert _read_until_closed(s) == b""
        assert time.monotonic() - t0 < server.HEADER_TIMEOUT_S + 5
    finally:
        for s in socks:
            s.close()
    assert httpx.get(url + "api/health", headers=auth(token), timeout=5).status_code == 200


def test_an_idle_connection_and_a_complete_request_still_work(board):
    _url, addr, _proc, token = board
    with _connect(addr) as sock:
        time.sleep(1.0)  # a connection opened before its request is not cut early
        sock.sendall(b"GET /api/health HTTP/1.1\r\n" + _host(addr) + b"Authorization: token "
                     + token.encode() + b"\r\n\r\n")
        sock.settimeout(5)
        data = _read_response(sock)
        assert data.startswith(b"HTTP/1.1 200"), data[:200]
        t0 = time.monotonic()  # kept alive, then closed after KEEP_ALIVE_S idle
        sock.settimeout(server.KEEP_ALIVE_S + 5)
        assert _read_until_closed(sock) == b""
        assert time.monotonic() - t0 < server.KEEP_ALIVE_S + 3
