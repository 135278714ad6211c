"""What every diagram shares: a figure of a given size rendered to PNG bytes, the check of the
folder it goes to, the table's scale on an axes (points per metre, font sizes in metres), and
the short texts of calls and fallen balls used in captions."""
from __future__ import annotations

import io
import textwrap
from pathlib import Path
from typing import Mapping, Sequence

import matplotlib

matplotlib.use("Agg")  # no display; harmless if already chosen
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
import numpy as np  # noqa: E402

from sim.table import TableSpec  # noqa: E402

from ..errors import UserInputError  # noqa: E402
from .style import RAIL_M  # noqa: E402


def extent(table: TableSpec) -> tuple[float, float, float, float]:
    """The drawn area (x0, x1, y0, y1) in table metres: the playing area and its rail."""
    return (-RAIL_M, table.length_m + RAIL_M, -RAIL_M, table.width_m + RAIL_M)


def pt_per_m(ax) -> float:
    """Points per metre of the table in ``ax`` (with equal aspect the smaller scale wins)."""
    fig = ax.figure
    w_in, h_in = fig.get_size_inches()
    _, _, bw, bh = ax.get_position().bounds
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    return 72.0 * min(bw * w_in / (x1 - x0), bh * h_in / (y1 - y0))


def fontsize(ax, metres: float, lo: float = 0.0, hi: float = 14.0) -> float:
    """A font size (points) whose height is about ``metres`` on the table."""
    return float(np.clip(metres * pt_per_m(ax), lo, hi))


def new_figure(width_in: float, height_in: float, dpi: float) -> Figure:
    """A white figure of that size (inches) and dpi, with its own Agg canvas (no pyplot)."""
    fig = Figure(figsize=(width_in, height_in), dpi=dpi)
    FigureCanvasAgg(fig)
    fig.patch.set_facecolor("white")
    return fig


def png_bytes(fig: Figure) -> bytes:
    """The figure as PNG bytes, at its own size and dpi (so ``transData`` maps to pixels)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=fig.dpi, facecolor=fig.get_facecolor())
    return buf.getvalue()


def check_folder(path) -> Path:
    """``path`` as a Path if its folder exists and it is not a folder, else UserInputError."""
    path = Path(path)
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise UserInputError(f"folder {str(parent)!r} for the picture {str(path)!r} does not "
                             "exist")
    if path.is_dir():
        raise UserInputError(f"{str(path)!r} is a folder; give a file name for the picture")
    return path


def caption(fig: Figure, lines: Sequence[str], y: float, width_chars: int,
            fontsize: float = 10.0) -> None:
    """Caption ``lines`` at figure height ``y``, each wrapped at ``width_chars``."""
    wrapped = []
    for line in lines:
        wrapped += textwrap.wrap(line, width_chars, subsequent_indent="    ") or [""]
    fig.text(0.03, y, "\n".join(wrapped), ha="left", va="top", fontsize=fontsize,
             family="DejaVu Sans")


def format_call(call) -> str:
    """A call as a caption writes it: ``7→FL``, ``7→FL bank via 2``, or ``no call``."""
    if not call:
        return "no call"
    if isinstance(call, str):
        return call
    text = f"{call.get('ball', '?')}\u2192{call.get('pocket', '?')}"
    manner = call.get("manner")
    if manner and manner != "clean":
        via = call.get("via") or []
        text += f" {manner}" + (f" via {','.join(map(str, via))}" if via else "")
    return text


def format_pocketed(pocketed) -> str:
    """``7 in FL, 3 in MR`` or ``nothing``."""
    if not pocketed:
        return "nothing"
    return ", ".join(f"{b} in {p}" for b, p in map(pocketed_fields, pocketed))


def pocketed_fields(p) -> tuple[str, str]:
    """(ball, pocket) of a fallen ball given as a dict or as a ``sim.result.Pocketed``."""
    if isinstance(p, Mapping):
        return str(p["ball"]), str(p["pocket"])
    return str(p.ball), str(p.pocket)


def pct(p) -> str:
    """A probability as a whole percentage, ``?`` when unknown."""
    return "?" if p is None else f"{100 * float(p):.0f}%"
