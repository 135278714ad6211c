"""Talking to a guarded board (russian_pyramid/board/guard.py) from the tests: a ``pyramid board``
process started and stopped, the printed address split into the base URL and the token, an
httpx client that sends the token, a Starlette TestClient on 127.0.0.1 with it."""
from __future__ import annotations

import contextlib
import subprocess
import sys
import time
from urllib.parse import parse_qs, urlsplit

import httpx
from starlette.testclient import TestClient

from ..cli.clihelp import ROOT, env

PRINTED = "pyramid board: "


def board_address(line: str) -> tuple[str, str]:
    """``pyramid board: http://127.0.0.1:P/?token=T`` -> (``http://127.0.0.1:P/``, ``T``)."""
    assert line.startswith(PRINTED + "http://127.0.0.1:"), line
    url = urlsplit(line[len(PRINTED):].strip())
    token = parse_qs(url.query)["token"][0]
    return f"{url.scheme}://{url.netloc}/", token


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"token {token}"}


def script_headers(token: str) -> dict[str, str]:
    """A script's headers: the token, and every body declared JSON (a record's JSON Lines are
    accepted as that too), as the guard asks."""
    return {**auth(token), "Content-Type": "application/json"}


def client(base_url: str, token: str, **kwargs) -> httpx.Client:
    return httpx.Client(base_url=base_url, headers=script_headers(token), **kwargs)


def guarded_client(app) -> TestClient:
    """A TestClient of ``app`` as a script on this machine talks to it: Host 127.0.0.1, the
    run's token in the Authorization header."""
    return TestClient(app, base_url="http://127.0.0.1",
                      headers=script_headers(app.state.guard.token))


@contextlib.contextmanager
def board_process(*flags: str):
    """``pyramid board --no-browser --port 0 FLAGS`` in a subprocess: yields the process and
    the address it printed (``http...?token=...``); stopped after (SIGTERM, then SIGKILL)."""
    proc = subprocess.Popen([sys.executable, "-m", "russian_pyramid.cli", "board", "--no-browser",
                             "--port", "0", *flags], cwd=ROOT, env=env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith(PRINTED), (line, proc.stderr.read() if proc.poll() else "")
        yield proc, line[len(PRINTED):].strip()
    finally:
        stop(proc)


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def until_up(get, deadline_s: float = 60):
    """``get()`` once the server accepts connections."""
    deadline = time.monotonic() + deadline_s
    while True:
        try:
            return get()
        except httpx.TransportError:
            assert time.monotonic() < deadline, "the board did not start"
            time.sleep(0.2)
