"""A small progress bar on stderr, drawn only where a person watches (stderr is a terminal):
``[#####.....] 12/61 strokes, 00:07 elapsed, ETA 00:29``.  Lines printed while it runs go
above it: :meth:`Bar.clear` before printing, :meth:`Bar.step` after."""
from __future__ import annotations

import sys
import time

WIDTH = 30  # characters of the bar itself
REDRAW_S = 0.2  # at most this often, so that a fast stream is not slowed by drawing


def _mmss(s: float) -> str:
    m, s = divmod(int(round(s)), 60)
    return f"{m:02d}:{s:02d}"


class Bar:
    """``total`` items counted in ``unit``; nothing is drawn unless ``enabled`` and stderr is
    a terminal (a pipe or a file gets no carriage returns)."""

    def __init__(self, total: int, unit: str, enabled: bool = True, stream=None):
        self.stream = stream or sys.stderr
        self.enabled = enabled and total > 0 and self.stream.isatty()
        self.total, self.unit, self.done = total, unit, 0
        self.t0 = time.monotonic()
        self.last = 0.0
        self.shown = False
        self.draw(force=True)

    def line(self) -> str:
        elapsed = time.monotonic() - self.t0
        fill = WIDTH * self.done // self.total if self.total else WIDTH
        eta = ("--:--" if self.done == 0
               else _mmss(elapsed / self.done * (self.total - self.done)))
        return (f"[{'#' * fill}{'.' * (WIDTH - fill)}] {self.done}/{self.total} {self.unit}, "
                f"{_mmss(elapsed)} elapsed, ETA {eta}")

    def draw(self, force: bool = False) -> None:
        now = time.monotonic()
        if not self.enabled or (not force and now - self.last < REDRAW_S):
            return
        self.last = now
        self.stream.write("\r\033[K" + self.line())
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        """Take the bar off its line (before something else is printed)."""
        if self.enabled and self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self.shown = False

    def step(self, n: int = 1) -> None:
        self.done += n
        self.draw(force=not self.shown or self.done >= self.total)

    def close(self) -> None:
        self.clear()
