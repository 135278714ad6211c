"""The one warm AI process: suggestions run in a single worker process (spawned, so it shares
no threads or locks with the server), warmed once at start -- every kernel compiled or
loaded from the cache and one small search run -- so that no suggestion pays the compile
time, and the server stays responsive while the AI thinks."""
from __future__ import annotations

import asyncio
import json
import multiprocessing
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

STATIC = Path(__file__).resolve().parent / "static"


def warm_up() -> float:
    """Run in the worker: compile or load every kernel (:func:`pyramid.commands._common.
    first_run`), then one small suggestion on a shipped position.  Returns the seconds."""
    from ..commands._common import first_run
    from ..commands.suggest import suggest
    t0 = time.perf_counter()
    first_run()
    doc = json.loads((STATIC / "positions" / "open.json").read_text(encoding="utf-8"))
    suggest(doc, top=2, budget=40, seed=0, paths=True, all_langs=True)
    return time.perf_counter() - t0


def ping() -> bool:
    return True


def _watch_parent(parent_pid: int) -> None:
    """In the worker: exit when the server that started it is gone (even if it was killed
    without a chance to stop its worker)."""
    import os
    import threading

    def watch():
        while True:
            if os.getppid() != parent_pid:
                os._exit(0)
            time.sleep(1.0)
    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


class AIWorker:
    """A single-process pool with its state: ``cold``, ``warming``, ``warm`` or ``failed``."""

    def __init__(self) -> None:
        self.state = "cold"
        self.warm_seconds: float | None = None
        self.error: str | None = None
        self._pool: ProcessPoolExecutor | None = None

    def _ensure(self) -> ProcessPoolExecutor:
        if self._pool is None:
            import os
            self._pool = ProcessPoolExecutor(max_workers=1,
                                             mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_watch_parent,
                                             initargs=(os.getpid(),))
        return self._pool

    async def run(self, fn, *args):
        """``fn(*args)`` in the worker process.  If the process died, it is replaced and the
        error is raised (the next call works again)."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._ensure(), fn, *args)
        except BrokenProcessPool:
            self._pool = None
            self.state = "cold"
            raise RuntimeError("the AI process stopped; it has been restarted") from None

    async def warm(self) -> None:
        self.state = "warming"
        try:
            self.warm_seconds = await self.run(warm_up)
            self.state = "warm"
        except Exception as exc:  # reported by /api/health; suggestions still try
            self.state = "failed"
            self.error = f"{type(exc).__name__}: {exc}"
            print(f"pyramid board: warming the AI failed: {self.error}", file=sys.stderr)

    def close(self) -> None:
        """Stop the worker process now (a search under way is abandoned)."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        procs = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for p in procs:  # an idle worker leaves at once; one in a long search is stopped
            p.join(2)
            if p.is_alive():
                p.terminate()
                p.join(5)
