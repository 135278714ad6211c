"""``pyramid tournament`` killed with SIGKILL takes its loky workers and resource trackers with
it (issue 23, item 5): the workers watch their parent (ai.games.tournament.watch_parent)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import psutil
import pytest

from .clihelp import ROOT, env

GONE_WITHIN_S = 10.0


def _alive(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _children(pid: int) -> list[psutil.Process]:
    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []


def _is_tracker(p: psutil.Process) -> bool:
    try:
        return "resource_tracker" in " ".join(p.cmdline())
    except psutil.Error:
        return False


def test_workers_and_resource_trackers_end_when_the_tournament_is_killed(tmp_path):
    out = tmp_path / "t.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "russian_pyramid.cli", "tournament", "--agents",
                             "random", "greedy", "--games", "40", "--seed", "3",
                             "--max-strokes", "200", "--jobs", "2", "--no-progress",
                             "--out", str(out)], cwd=ROOT, env=env(),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    pids: list[int] = []
    try:
        deadline = time.monotonic() + 180  # the first run may compile the kernels
        while True:
            if proc.poll() is not None:
                pytest.fail("the tournament ended before its workers were seen: "
                            + proc.stderr.read().decode())
            kids = _children(proc.pid)
            workers = [p for p in kids if not _is_tracker(p)]
            if len(workers) >= 2 and out.exists() and "game" in out.read_text():
                break  # two workers, and games are being played
            assert time.monotonic() < deadline, "no two workers appeared"
            time.sleep(0.1)
        kids = _children(proc.pid)
        pids = [p.pid for p in kids]
        assert any(_is_tracker(p) for p in kids) or len(pids) >= 2
        os.kill(proc.pid, signal.SIGKILL)  # the parent alone: no chance to stop its workers
        proc.wait(timeout=10)
        deadline = time.monotonic() + GONE_WITHIN_S
        while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [pid for pid in pids if _alive(pid)]
        assert not left, f"still running after {GONE_WITHIN_S} s: " + "; ".join(
            " ".join(psutil.Process(pid).cmdline())[:120] for pid in left if _alive(pid))
    finally:  # whatever happened, nothing of this tournament is left behind
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
        for pid in pids:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
