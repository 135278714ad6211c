"""The one door to the pictures: :func:`diagrams` imports :mod:`russian_pyramid.diagrams` on first use.

Drawing loads matplotlib (about 0.7 s), which is the ``[plots]`` extra (:mod:`engine.extras`),
and :mod:`russian_pyramid.cli` imports every command module to build its parser, so a command
that imported the diagrams at its top would make every command -- ``pyramid engine``,
``pyramid --help`` -- wait for matplotlib, and fail without it.  The commands import this
module at their top (the dependency shows), call :func:`require` with the flag that asks for a
picture before their work starts (a missing extra is said then, not after a game), and call
:func:`diagrams` only when asked for a picture (``--png``, ``--png-dir``); the score graph and
the tournament's picture start from :func:`offscreen_figure`, which imports matplotlib the same
way."""
from __future__ import annotations

from types import ModuleType

from engine import extras

EXTRA = "plots"  # the extra that provides matplotlib


def require(flag: str) -> None:
    """Nothing when the pictures can be drawn here; else :class:`engine.extras.MissingExtra`
    naming ``flag`` (``"--png"``) and how to install the ``[plots]`` extra (exit status 2)."""
    extras.require(EXTRA, flag)


def diagrams() -> ModuleType:
    """:mod:`russian_pyramid.diagrams` (imported the first time, then Python's cached module)."""
    extras.require(EXTRA, "drawing a picture")
    from . import diagrams as module  # matplotlib is loaded only when a picture is drawn
    return module


def offscreen_figure(figsize: tuple[float, float], dpi: int):
    """A matplotlib figure drawn off screen (the Agg canvas: no display needed); matplotlib is
    imported here, when a picture is asked for."""
    extras.require(EXTRA, "drawing a picture")
    import matplotlib  # third-party, slow to import: only when a picture is drawn
    matplotlib.use("Agg")  # no display; harmless if already chosen
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    fig = Figure(figsize=figsize, dpi=dpi)
    FigureCanvasAgg(fig)
    return fig
