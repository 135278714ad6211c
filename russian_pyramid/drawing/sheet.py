"""A whole game as sheets of small diagrams (``play --png-dir``, ``analyze --png``): one per
stroke in rows of :data:`SHEET_COLUMNS`, at most :data:`SHEET_MAX_FRAMES` a sheet; a longer
game is paginated into ``stem-1.png``, ``stem-2.png``, ... (:func:`sheet_paths`)."""
from __future__ import annotations

import math
import textwrap
from pathlib import Path
from typing import Mapping, Sequence

from matplotlib.figure import Figure

from sim.table import TableSpec

from ..io import write_atomic
from . import figure
from .balls import draw_position, mark_pocketed
from .figure import check_folder, format_call, format_pocketed, new_figure
from .style import SHEET_COLUMNS, SHEET_DPI, SHEET_MAX_FRAMES


def sheet_paths(path, n_frames: int) -> list[Path]:
    """The files :func:`draw_game_sheet_png` writes for ``n_frames`` strokes: ``path`` itself
    if they fit on one sheet, else ``stem-1.ext``, ``stem-2.ext``, ... beside it."""
    path = Path(path)
    pages = max(1, math.ceil(n_frames / SHEET_MAX_FRAMES))
    if pages == 1:
        return [path]
    suffix = path.suffix or ".png"
    return [path.with_name(f"{path.stem}-{k}{suffix}") for k in range(1, pages + 1)]


def _frame_caption(index: int, frame: Mapping) -> str:
    """``stroke k: player, call, result`` of the frame at ``index`` (from 0)."""
    k = frame.get("stroke", index + 1)
    player = frame.get("player", "?")
    if isinstance(player, int) and not isinstance(player, bool):
        player = f"player {player}"
    result = frame.get("result")
    if result is None:
        result = f"pocketed {format_pocketed(frame.get('pocketed'))}"
    return f"stroke {k}: {player}, {format_call(frame.get('call'))}, {result}"


def game_sheet_figures(table: TableSpec, frames: Sequence[Mapping],
                       title: str | None = None) -> list[Figure]:
    """The pages :func:`draw_game_sheet_png` writes, one figure per sheet."""
    pages = [frames[i:i + SHEET_MAX_FRAMES] for i in range(0, len(frames), SHEET_MAX_FRAMES)]
    pages = pages or [[]]
    figs = []
    cell_w, cell_h, head = 4.0, 2.75, 0.5
    for p, page in enumerate(pages):
        rows = max(1, math.ceil(len(page) / SHEET_COLUMNS))
        fig = new_figure(cell_w * SHEET_COLUMNS, cell_h * rows + head, SHEET_DPI)
        W_in, H_in = fig.get_size_inches()
        heading = title or "Game sheet"
        if len(pages) > 1:
            heading += f" (sheet {p + 1} of {len(pages)})"
        fig.text(0.5, 1 - 0.12 / H_in, heading, ha="center", va="top", fontsize=13,
                 fontweight="bold")
        if not page:
            fig.text(0.5, 0.5, "no strokes", ha="center", va="center", fontsize=12)
        for j, frame in enumerate(page):
            r, c = divmod(j, SHEET_COLUMNS)
            left = c * cell_w / W_in
            bottom = (H_in - head - (r + 1) * cell_h) / H_in
            ax = fig.add_axes([left + 0.05 / W_in, bottom + 0.55 / H_in,
                               (cell_w - 0.1) / W_in, (cell_h - 0.6) / H_in])
            draw_position(ax, table, frame.get("balls") or {}, frame.get("paths"),
                           final=frame.get("final"), table_labels=False)
            mark_pocketed(ax, table, frame.get("pocketed") or [])
            text = textwrap.fill(_frame_caption(p * SHEET_MAX_FRAMES + j, frame), 62)
            fig.text(left + 0.1 / W_in, bottom + 0.5 / H_in, text, ha="left", va="top",
                     fontsize=8)
        figs.append(fig)
    return figs


def draw_game_sheet_png(path, table: TableSpec, frames: Sequence[Mapping],
                        title: str | None = None) -> None:
    """A whole game as a grid of small diagrams, one per stroke, in rows of four, at most
    :data:`SHEET_MAX_FRAMES` (24) per sheet; more strokes are paginated into ``stem-1.png``,
    ``stem-2.png``, ... (see :func:`sheet_paths`).  All pages are rendered before any is
    written.

    Each frame is a dict: ``balls`` (id -> [x, y] before the stroke), optional ``paths``
    (id -> (n, 2) centre path), optional ``final`` (id -> [x, y] or None after the stroke),
    ``player`` (name or index), ``call`` (a call dict, a string or None), and ``result`` (a
    short text) or ``pocketed`` (a list of ``{ball, pocket}``); optional ``stroke`` (its
    number, else its place in the list, from 1).  Captions read
    ``"stroke k: player, call, result"``."""
    path = check_folder(path)
    targets = sheet_paths(path, len(frames))
    data = [figure.png_bytes(fig) for fig in game_sheet_figures(table, frames, title)]
    for target, png in zip(targets, data):
        write_atomic(target, png)
