"""The progress bar (russian_pyramid/progress.py): drawn on a terminal, nothing on a pipe."""
from __future__ import annotations

import io

from russian_pyramid.progress import Bar


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_bar_on_a_terminal_counts_and_clears():
    out = _Tty()
    bar = Bar(4, "strokes", stream=out)
    assert "0/4 strokes" in out.getvalue()
    bar.clear()  # as pyramid analyze does before each stroke's lines
    assert out.getvalue().endswith("\r\033[K")
    bar.step()
    assert "1/4 strokes" in out.getvalue() and "#" in out.getvalue()
    for _ in range(3):
        bar.step()
    assert "4/4 strokes" in out.getvalue() and "ETA 00:00" in out.getvalue()


def test_no_bar_on_a_pipe_or_when_off():
    for out, enabled in ((io.StringIO(), True), (_Tty(), False)):
        bar = Bar(3, "strokes", enabled=enabled, stream=out)
        bar.step()
        bar.close()
        assert out.getvalue() == ""
