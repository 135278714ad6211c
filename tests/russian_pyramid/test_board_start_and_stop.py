"""``pyramid board`` starts and stops without a traceback (issue 51, item 6): a ``--certfile``
/ ``--keyfile`` that is not PEM (an ``ssl.SSLError`` traceback once the server had started), a
key that is not the certificate's, a key with a pass phrase (the server asked on the terminal
twice, or failed without one) are refused before anything starts (exit 2, the flags named);
and Ctrl-C, which interrupts every process of the board's group, no longer prints the AI
worker's ``KeyboardInterrupt`` from the process pool's queue: the worker waits for the server
to stop it."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time

import pytest

from russian_pyramid.board.worker import AIWorker, ping

from ..cli.clihelp import assert_bad_input, assert_refused, pyramid, run_main

OPENSSL = shutil.which("openssl")
SIGNAL_WAIT_S = 1.0  # the worker has had the signal long before this


def _pair(tmp_path, name: str, *extra: str) -> tuple[str, str]:
    cert, key = tmp_path / f"{name}-cert.pem", tmp_path / f"{name}-key.pem"
    subprocess.run([OPENSSL, "req", "-x509", "-newkey", "rsa:2048", "-keyout", key, "-out",
                    cert, "-days", "2", "-subj", "/CN=localhost", *extra],
                   check=True, capture_output=True, timeout=60)
    return str(cert), str(key)


def test_a_certificate_that_is_not_pem_is_refused_before_the_board_starts(tmp_path):
    bad = tmp_path / "x.pem"
    bad.write_text("not a certificate\n")
    code, out, err = run_main("board", "--no-browser", "--port", "0", "--certfile", bad,
                              "--keyfile", bad)
    assert_refused(code, err, "--certfile", "--keyfile", "not a PEM certificate")
    assert "pyramid board: http" not in out + err  # never served


@pytest.mark.skipif(OPENSSL is None, reason="needs the openssl command to make keys")
def test_a_key_that_is_not_the_certificates_or_has_a_pass_phrase_is_refused(tmp_path):
    cert, key = _pair(tmp_path, "a", "-nodes")
    _, other_key = _pair(tmp_path, "b", "-nodes")
    code, out, err = run_main("board", "--no-browser", "--port", "0", "--certfile", cert,
                              "--keyfile", other_key)
    assert_refused(code, err, "--certfile", "--keyfile")
    _, locked = _pair(tmp_path, "c", "-passout", "pass:abcd")
    code, out, err = run_main("board", "--no-browser", "--port", "0", "--certfile", cert,
                              "--keyfile", locked)
    assert_refused(code, err, "--keyfile", "pass phrase")
    assert "pyramid board: http" not in out + err


def test_an_existing_match_record_is_not_replaced_without_force(tmp_path):
    """In a subprocess with a timeout: a board that is not refused serves until stopped.  A
    file that holds a session's match is gone on with (tests/russian_pyramid/test_board_match.py);
    any other is refused, saying that --force would start a new match over it."""
    old = tmp_path / "match.jsonl"
    old.write_text("{}\n")
    r = pyramid("board", "--no-browser", "--port", "0", "--match-record", old, timeout=60)
    assert_bad_input(r, "--match-record", "--force")
    code, out, err = run_main("board", "--no-browser", "--port", "0", "--match-record", "")
    assert_refused(code, err, "--match-record", "empty")
    assert old.read_text() == "{}\n" and "pyramid board: http" not in r.stdout + out + err


def test_the_ai_worker_outlives_ctrl_c_until_the_server_stops_it(capfd):
    worker = AIWorker()
    pool = worker._ensure()
    try:
        assert pool.submit(ping).result(timeout=120)
        pid = worker.pid()
        os.kill(pid, signal.SIGINT)  # what Ctrl-C sends every process of the board's group
        time.sleep(SIGNAL_WAIT_S)
        assert pool.submit(ping).result(timeout=60) and worker.pid() == pid
    finally:
        worker.close()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
