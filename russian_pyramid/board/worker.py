"""The one warm AI process: suggestions run in a single worker process (spawned, so it shares
no threads or locks with the server), warmed once at start -- every kernel compiled or
loaded from the cache and one small search run -- so that no suggestion pays the compile
time, and the server stays responsive while the AI thinks.

Should the process die (killed, out of memory), the requests waiting for it are answered
with :class:`AIUnavailable` (HTTP 503 with ``Retry-After``), a new process is started and
warmed, and the state says so: ``cold`` (no process: it has just died), ``warming``
(the new one compiling or loading its kernels), ``warm`` once it has answered its warm-up
suggestion.  The server's watcher (:meth:`AIWorker.watch`) and ``/api/health``
(:meth:`AIWorker.refresh`) notice a dead process without waiting for a request."""
from __future__ import annotations

import asyncio
import json
import math
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from ..app.common import first_run
from ..app.options import SuggestOptions
from ..app.suggest import state_to_suggest, suggest

STATIC = Path(__file__).resolve().parent / "static"
WARM_UP_TOP, WARM_UP_BUDGET = 2, 40  # the warm-up suggestion: small, every code path once
WARM_UP_LINE = 2  # with a line of play's continuation search (the board asks for the line)
WATCH_INTERVAL_S = 0.5  # how often the server looks whether the AI process is alive
RETRY_AFTER_S = 10  # told to a request refused while the AI restarts (unless warming took longer)
MAX_RESTARTS_IN_ROW = 3  # restarts without a warm-up that succeeds before the state is failed


class AIUnavailable(Exception):
    """The AI process is not there to answer (it stopped and is being restarted): HTTP 503,
    ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def warm_up() -> float:
    """Run in the worker: compile or load every kernel (:func:`russian_pyramid.app.common.
    first_run`), then one small suggestion on a shipped position.  Returns the seconds."""
    t0 = time.perf_counter()
    first_run()
    doc = json.loads((STATIC / "positions" / "open.json").read_text(encoding="utf-8"))
    suggest(state_to_suggest(doc), SuggestOptions(top=WARM_UP_TOP, budget=WARM_UP_BUDGET,
                                                  seed=0, line=WARM_UP_LINE),
            paths=True, all_langs=True)
    return time.perf_counter() - t0


def ping() -> bool:
    return True


def _not_here(signum, frame) -> None:
    """Ctrl-C in the AI worker: nothing (the server stops it)."""


def _watch_parent(parent_pid: int) -> None:
    """In the worker (its initializer): ignore Ctrl-C, and exit when the server that started
    it is gone (even if it was killed without a chance to stop its worker).

    Ctrl-C at the terminal interrupts every process of the board's group: the worker's own
    ``KeyboardInterrupt`` printed a traceback from the process pool's queue as the board
    stopped.  The server stops it instead (:meth:`AIWorker.close`, at shut-down).  A handler
    that does nothing, not ``SIG_IGN``: a program the worker starts (the compiler's helper,
    :mod:`ai.warmup`) gets the default back and stops at Ctrl-C with the rest."""
    signal.signal(signal.SIGINT, _not_here)
    def watch():
        while True:
            if os.getppid() != parent_pid:
                os._exit(0)
            time.sleep(1.0)
    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


class AIWorker:
    """A single-process pool with its state: ``cold``, ``warming``, ``warm`` or ``failed``;
    ``restarts`` counts the processes replaced after dying."""

    def __init__(self) -> None:
        self.state = "cold"
        self.warm_seconds: float | None = None
        self.error: str | None = None
        self.restarts = 0
        self._failures_in_row = 0
        self._pool: ProcessPoolExecutor | None = None
        self._warming: asyncio.Task | None = None

    def _ensure(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=1,
                                             mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_watch_parent,
                                             initargs=(os.getpid(),))
        return self._pool

    def pid(self) -> int | None:
        """The worker process's id (None before it is started)."""
        for p in self._processes():
            return p.pid
        return None

    def _processes(self) -> list:
        return list((getattr(self._pool, "_processes", None) or {}).values())

    def _dead(self) -> str | None:
        """Why the current process is dead, or None (alive, or not started yet)."""
        pool = self._pool
        if pool is None:
            return None
        for p in self._processes():
            if p.exitcode is not None:
                return f"the AI process {p.pid} stopped (exit code {p.exitcode})"
        if getattr(pool, "_broken", False):
            return "the AI process stopped"
        return None

    def retry_after(self) -> int:
        """Seconds a refused request should wait: about one warm-up."""
        return max(RETRY_AFTER_S, math.ceil(self.warm_seconds or 0))

    def refresh(self) -> None:
        """Restart the process if it has died (call from the server's event loop)."""
        reason = self._dead()
        if reason is not None:
            self._restart(reason)

    def _restart(self, reason: str) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
        self.restarts += 1
        self._failures_in_row += 1
        self.error = reason
        print(f"pyramid board: {reason}; restarting it", file=sys.stderr)
        if self._failures_in_row > MAX_RESTARTS_IN_ROW:
            self.state = "failed"
            self.error = f"{reason}; not restarted: it stopped {MAX_RESTARTS_IN_ROW} times in a row"
            return
        self.state = "cold"
        if self._warming is None or self._warming.done():
            self._warming = asyncio.get_running_loop().create_task(self.warm())

    async def watch(self) -> None:
        """Forever: notice a dead process within :data:`WATCH_INTERVAL_S` and restart it."""
        while True:
            await asyncio.sleep(WATCH_INTERVAL_S)
            self.refresh()

    async def run(self, fn, *args):
        """``fn(*args)`` in the worker process.  If the process dies, the call (and every
        other one waiting for it) raises :class:`AIUnavailable`, and a new process is started
        and warmed."""
        loop = asyncio.get_running_loop()
        self.refresh()
        pool = self._ensure()
        try:
            return await loop.run_in_executor(pool, fn, *args)
        except BrokenProcessPool:
            if self._pool is pool:
                self._restart(self._dead() or "the AI process stopped")
            raise AIUnavailable("the AI process stopped while this request waited for it; "
                                "it is being restarted: try again shortly",
                                self.retry_after()) from None

    async def warm(self) -> None:
        self.state = "warming"
        try:
            seconds = await self.run(warm_up)
        except AIUnavailable:  # it died while warming: the restart warms the next one
            return
        except Exception as exc:  # reported by /api/health; suggestions still try
            self.state = "failed"
            self.error = f"{type(exc).__name__}: {exc}"
            print(f"pyramid board: warming the AI failed: {self.error}", file=sys.stderr)
            return
        self.warm_seconds = seconds
        self.state = "warm"
        self._failures_in_row = 0

    def close(self) -> None:
        """Stop the worker process now (a search under way is abandoned)."""
        if self._warming is not None and not self._warming.done():
            self._warming.cancel()
        procs = self._processes()
        pool, self._pool = self._pool, None
        if pool is None:
            return
        pool.shutdown(wait=False, cancel_futures=True)
        for p in procs:  # an idle worker leaves at once; one in a long search is stopped
            p.join(2)
            if p.is_alive():
                p.terminate()
                p.join(5)
