"""Diagrams of positions, strokes, suggestions and whole games, as PNG files (matplotlib).

Used by the command line: ``simulate --png``, ``suggest --png``, ``play --png-dir`` and
``analyze --png``.

Drawing conventions
-------------------
* The table is drawn to scale in table coordinates (metres, ``docs/FORMATS.md``): x
  horizontal with the house cushion (x = 0) at the left, y up (so +y, the left side seen from
  the house end, is at the top), equal aspect.  Cloth, the cushion outline as the simulator
  sees it (noses, jaw faces, jaw roundings as arcs), pocket holes beyond the capture lines, the
  three spots, the dashed house line and pocket ids.
* Object balls are ivory with their number, the cue ball red (as in Russian pyramid).
* Paths: the cue ball's path red and thicker, each moving object ball its own colour
  (:func:`path_colours`).

Files
-----
The ``*_png`` functions are pure: they take data, render into an in-memory PNG and write it
with :func:`pyramid.io.write_atomic` (a whole file or nothing).  They raise
:class:`pyramid.errors.UserInputError` if the output folder does not exist, before drawing.

:func:`draw_game_sheet_png` puts at most :data:`SHEET_MAX_FRAMES` (24) strokes on a sheet, in
rows of :data:`SHEET_COLUMNS` (4).  A game that fits is written to ``path`` itself; a longer game
is paginated into ``stem-1.png``, ``stem-2.png``, ... next to ``path`` (``path`` itself is then
not written); :func:`sheet_paths` gives the names.

The ``*_figure`` functions build the same figures without writing them (tests use them to
map table coordinates to pixels: figures are saved at their own size and dpi, without
``bbox_inches="tight"``, so ``ax.transData`` maps to the PNG's pixels, y counted from the bottom).
"""
from __future__ import annotations

import io
import math
import textwrap
from pathlib import Path
from typing import Iterable, Mapping, Sequence

import matplotlib

matplotlib.use("Agg")  # no display; harmless if already chosen
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Circle, Polygon, Rectangle  # noqa: E402
import numpy as np  # noqa: E402

from sim.events import BALL_IDS  # noqa: E402
from sim.table import CUSHION_IDS, POCKET_IDS, SEGMENT_JAW_FACE, TableSpec  # noqa: E402

from .errors import UserInputError  # noqa: E402
from .io import write_atomic  # noqa: E402

# --- colours ------------------------------------------------------------------------------
CLOTH = "#17723a"
CUSHION_RUBBER = "#0f5a2c"
RAIL_WOOD = "#5b3417"
CUSHION_LINE = "#d9f2d0"
HOLE = "#050505"
MARKS = "#f4f4f4"
IVORY = "#fbf5dc"
CUE_BALL = "#d81b1b"
CUE_PATH_COLOUR = "#ff2a2a"
# One colour per moving object ball, chosen to read on green cloth and to differ from the cue.
PATH_COLOURS = ("#2b7bff", "#ffb000", "#c04dff", "#00e5ff", "#ff66c4", "#b6ff3b", "#ffffff",
                "#ff7b00", "#7d5cff", "#00ffa2", "#f0e442", "#ff9e9e", "#a0c8ff", "#ffd6a0",
                "#d0a0ff")
SUGGESTION_COLOURS = ("#ffe600", "#00e5ff", "#ff66c4", "#b6ff3b", "#ff9a3c", "#c04dff")

RAIL_M = 0.16  # width of the wooden rail drawn around the cushions
RUBBER_M = 0.045  # width of the cushion rubber band drawn outside the noses
SHEET_MAX_FRAMES = 24
SHEET_COLUMNS = 4
STROKE_DPI = 150
SUGGEST_DPI = 150
SHEET_DPI = 100

Point = Sequence[float]


# --- small geometry helpers ---------------------------------------------------------------
def _extent(table: TableSpec) -> tuple[float, float, float, float]:
    return (-RAIL_M, table.length_m + RAIL_M, -RAIL_M, table.width_m + RAIL_M)


def _pt_per_m(ax) -> float:
    """Points per metre of the table in ``ax`` (with equal aspect the smaller scale wins)."""
    fig = ax.figure
    w_in, h_in = fig.get_size_inches()
    _, _, bw, bh = ax.get_position().bounds
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    return 72.0 * min(bw * w_in / (x1 - x0), bh * h_in / (y1 - y0))


def _fontsize(ax, metres: float, lo: float = 0.0, hi: float = 14.0) -> float:
    """A font size (points) whose height is about ``metres`` on the table."""
    return float(np.clip(metres * _pt_per_m(ax), lo, hi))


def _jaw_chain(table: TableSpec, pocket: str, cushion: str, toward_hole: bool) -> list:
    """Outline points of one jaw: the nose's tangent point, the rounding, the face down to the
    capture line (or the reverse when ``toward_hole`` is False)."""
    g = table.geometry
    k, ci = POCKET_IDS.index(pocket), CUSHION_IDS.index(cushion)
    face = int(np.flatnonzero((g.segment_kind == SEGMENT_JAW_FACE) & (g.segment_pocket == k)
                              & (g.segment_cushion == ci))[0])
    circ = int(np.flatnonzero((g.circle_pocket == k) & (g.circle_cushion == ci))[0])
    cx, cy, r = g.circles[circ]
    nose = g.segments[ci].reshape(2, 2)
    nose_pt = nose[np.argmin(np.hypot(nose[:, 0] - cx, nose[:, 1] - cy))]
    f0, f1 = g.segments[face, :2], g.segments[face, 2:]
    a0 = math.atan2(nose_pt[1] - cy, nose_pt[0] - cx)
    a1 = math.atan2(f0[1] - cy, f0[0] - cx)
    sweep = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi  # the short way round
    arc = [(cx + r * math.cos(a0 + sweep * t), cy + r * math.sin(a0 + sweep * t))
           for t in np.linspace(0.0, 1.0, 9)]
    px, py, nx, ny = g.capture_lines[k]
    d = f1 - f0
    t = ((px - f0[0]) * nx + (py - f0[1]) * ny) / (d[0] * nx + d[1] * ny)
    capture_pt = tuple(f0 + t * d)
    chain = [tuple(nose_pt)] + arc + [capture_pt]
    return chain if toward_hole else chain[::-1]


def _cushion_between(p: str, q: str) -> str:
    return next(c for c in CUSHION_IDS if set(c.split("-")) == {p, q})


_WALK = ("NR", "MR", "FR", "FL", "ML", "NL")  # pockets in order round the table


def _cloth_outline(table: TableSpec) -> np.ndarray:
    """The playing surface's boundary as the simulator sees it, throats included: round the
    table pocket by pocket, in each pocket down one jaw to the capture line and up the other."""
    pts: list = []
    for i, pid in enumerate(_WALK):
        prev_c = _cushion_between(_WALK[i - 1], pid)
        next_c = _cushion_between(pid, _WALK[(i + 1) % len(_WALK)])
        pts += _jaw_chain(table, pid, prev_c, toward_hole=True)
        pts += _jaw_chain(table, pid, next_c, toward_hole=False)
    return np.array(pts)


def _hole(table: TableSpec, pid: str) -> np.ndarray:
    """The pocket hole: between the two jaw faces beyond the capture line."""
    g = table.geometry
    k = POCKET_IDS.index(pid)
    faces = g.jaw_faces_by_pocket[k]
    ends = [g.segments[s, 2:] for s in faces]
    caps = [_jaw_chain(table, pid, CUSHION_IDS[int(g.segment_cushion[s])], True)[-1]
            for s in faces]
    return np.array([caps[0], ends[0], ends[1], caps[1]])


def _hole_centre(table: TableSpec, pid: str) -> np.ndarray:
    """Where a fallen ball is drawn: a ball radius past the capture line, on the pocket axis."""
    g = table.geometry
    k = POCKET_IDS.index(pid)
    px, py = g.capture_lines[k, :2]
    return np.array([px, py]) + g.pocket_axes[k] * table.ball_radius_m * 1.2


# --- building blocks ----------------------------------------------------------------------
def draw_table(ax, table: TableSpec, *, labels: bool = True) -> None:
    """Draw ``table`` to scale on ``ax``: rail, cushion rubber, cloth bounded by the real cushion
    outline (noses, jaw roundings, jaw faces), pocket holes, spots, house line, pocket ids.

    Sets the limits, equal aspect and hides the axes frame."""
    L, W = table.length_m, table.width_m
    x0, x1, y0, y1 = _extent(table)
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_aspect("equal", adjustable="box")
    ax.set_axis_off()
    ax.add_patch(Rectangle((x0, y0), x1 - x0, y1 - y0, color=RAIL_WOOD, zorder=0))
    ax.add_patch(Rectangle((-RUBBER_M, -RUBBER_M), L + 2 * RUBBER_M, W + 2 * RUBBER_M,
                           color=CUSHION_RUBBER, zorder=0.5))
    for pid in POCKET_IDS:
        ax.add_patch(Polygon(_hole(table, pid), closed=True, color=HOLE, zorder=1))
        ax.add_patch(Circle(_hole_centre(table, pid), table.ball_radius_m * 1.3, color=HOLE,
                            zorder=1))
    outline = _cloth_outline(table)
    ax.add_patch(Polygon(outline, closed=True, facecolor=CLOTH, edgecolor=CUSHION_LINE,
                         linewidth=0.8, zorder=2))
    # Marks on the cloth.
    lw = max(0.4, _pt_per_m(ax) * 0.004)
    ax.plot([table.house_line_x] * 2, [0, W], linestyle=(0, (6, 4)), color=MARKS, alpha=0.7,
            linewidth=lw, zorder=3)
    spots = (table.first_spot, table.centre_spot, table.third_spot)
    ax.scatter([s[0] for s in spots], [s[1] for s in spots], s=max(1.0, lw * 6), color=MARKS,
               zorder=3, linewidths=0)
    if not labels:
        return
    fs = _fontsize(ax, 0.05, 3.0, 10.0)
    ax.text(table.house_line_x + 0.02, W * 0.04, "house line", rotation=90, color=MARKS,
            alpha=0.8, fontsize=fs * 0.9, va="bottom", ha="left", zorder=3)
    g = table.geometry
    for k, pid in enumerate(POCKET_IDS):
        axis = g.pocket_axes[k]
        px, py = g.mouth_centres[k]
        if abs(axis[0]) < 1e-9:  # a middle pocket: beside the hole, on the rail
            pos = (px + 0.13, py + axis[1] * 0.08)
        else:
            pos = (px + axis[0] * 0.12 - 0.02 * np.sign(axis[0]),
                   py + axis[1] * 0.12 - 0.02 * np.sign(axis[1]))
        ax.text(*pos, pid, color="#f6e7c1", fontsize=fs, fontweight="bold", ha="center",
                va="center", zorder=3)


def draw_balls(ax, table: TableSpec, balls: Mapping[str, Point], *, alpha: float = 1.0,
               labels: bool = True, zorder: float = 6.0, outline_only: bool = False) -> None:
    """Draw balls to scale: object balls ivory with their number, the cue ball red with a
    white ``c``.  ``alpha`` < 1 fades them (start positions); ``outline_only`` draws ghosts."""
    R = table.ball_radius_m
    fs = _fontsize(ax, R * 1.05, 0.0, 11.0)
    for bid in sorted(balls, key=_ball_order):
        xy = balls[bid]
        if xy is None:
            continue
        x, y = float(xy[0]), float(xy[1])
        cue = bid == "cue"
        face = CUE_BALL if cue else IVORY
        if outline_only:
            ax.add_patch(Circle((x, y), R, facecolor="none", edgecolor=face, linestyle="--",
                                linewidth=0.9, alpha=alpha, zorder=zorder))
            continue
        ax.add_patch(Circle((x, y), R, facecolor=face, edgecolor="#222222",
                            linewidth=max(0.3, R * _pt_per_m(ax) * 0.06), alpha=alpha,
                            zorder=zorder))
        if labels and fs >= 3.0:
            ax.text(x, y, "c" if cue else bid, color="white" if cue else "#111111",
                    fontsize=fs * (0.9 if len(bid) > 1 and not cue else 1.0),
                    fontweight="bold", ha="center", va="center_baseline", alpha=alpha,
                    zorder=zorder + 0.1)


def _ball_order(bid: str) -> int:
    return BALL_IDS.index(bid) if bid in BALL_IDS else len(BALL_IDS)


def path_colours(ball_ids: Iterable[str]) -> dict[str, str]:
    """Colour of each moving ball's path: red for the cue ball, then :data:`PATH_COLOURS` in
    ball-number order."""
    out, k = {}, 0
    for bid in sorted(ball_ids, key=_ball_order):
        if bid == "cue":
            out[bid] = CUE_PATH_COLOUR
        else:
            out[bid] = PATH_COLOURS[k % len(PATH_COLOURS)]
            k += 1
    return out


def draw_paths(ax, table: TableSpec, paths: Mapping[str, object] | None,
               *, zorder: float = 4.0) -> dict[str, str]:
    """Draw each ball's centre path; returns the colour used per ball id."""
    if not paths:
        return {}
    colours = path_colours(paths)
    scale = _pt_per_m(ax)
    for bid, colour in colours.items():
        pts = np.asarray(paths[bid], dtype=float).reshape(-1, 2)
        if len(pts) < 2:
            continue
        # The cue ball's path thicker and underneath, so an object ball's path along the
        # same line still shows.
        lw = scale * (0.011 if bid == "cue" else 0.006)
        ax.plot(pts[:, 0], pts[:, 1], color=colour, linewidth=max(0.6, min(lw, 3.5)),
                solid_capstyle="round", zorder=zorder + (0 if bid == "cue" else 0.5))
    return colours


def _draw_position(ax, table: TableSpec, balls: Mapping[str, Point],
                   paths: Mapping[str, object] | None = None,
                   final: Mapping[str, Point | None] | None = None,
                   labels: bool = True, table_labels: bool = True) -> dict[str, str]:
    """The shared picture: table, paths, balls.  With ``final``, ``balls`` are start positions:
    balls that moved are drawn faded there and solid at ``final`` (fallen ones: not at all)."""
    draw_table(ax, table, labels=table_labels)
    colours = draw_paths(ax, table, paths)
    if final is None:
        draw_balls(ax, table, balls, labels=labels)
        return colours
    moved = {b for b in balls if final.get(b, balls[b]) is None
             or not np.allclose(final.get(b, balls[b]), balls[b], atol=1e-6)}
    draw_balls(ax, table, {b: balls[b] for b in moved}, alpha=0.35, labels=labels, zorder=5)
    draw_balls(ax, table, {b: (final[b] if b in final else balls[b]) for b in balls
                           if final.get(b, balls[b]) is not None}, labels=labels)
    return colours


def _mark_pocketed(ax, table: TableSpec, pocketed: Sequence) -> None:
    """Fallen balls drawn on the rail beside their pocket, in a row running toward the middle
    of the table, each with a yellow badge giving the order in which they fell (1, 2, ...)."""
    R = table.ball_radius_m
    L, W = table.length_m, table.width_m
    per_pocket: dict[str, int] = {}
    fs = _fontsize(ax, R * 0.9, 0.0, 9.0)
    for order, p in enumerate(pocketed, start=1):
        ball, pocket = _pocketed_fields(p)
        j = per_pocket.get(pocket, 0)
        per_pocket[pocket] = j + 1
        px, py = table.pocket_position(pocket)
        along = 1.0 if px < L / 2 or (pocket[0] == "M") else -1.0
        outward = 1.0 if py > W / 2 else -1.0
        first = 0.24 if pocket[0] == "M" else 0.2
        centre = np.array([px + along * (first + j * 3.3 * R), py + outward * RAIL_M * 0.55])
        draw_balls(ax, table, {ball: centre}, zorder=7)
        if fs >= 3.0:
            badge = centre + np.array([along * 1.45 * R, outward * 0.75 * R])
            ax.text(*badge, str(order), fontsize=fs, fontweight="bold", color="black",
                    ha="center", va="center", zorder=8,
                    bbox=dict(boxstyle="circle,pad=0.12", facecolor="#ffe600",
                              edgecolor="black", linewidth=0.5))


def _pocketed_fields(p) -> tuple[str, str]:
    if isinstance(p, Mapping):
        return str(p["ball"]), str(p["pocket"])
    return str(p.ball), str(p.pocket)


def _first_contact(result, paths, R: float):
    """(ball id, cue centre at the contact, other ball's centre) of the cue ball's first
    ball-ball contact, or None."""
    for ev in result.events:
        if ev.is_ball_ball and ev.involves("cue"):
            other = ev.other("cue")
            if ev.position is None:
                return other, None, None
            pos = np.asarray(ev.position, float)
            if ev.balls[0] == "cue":
                return other, pos, None
            cue_path = None if paths is None else paths.get("cue")
            if cue_path is None or len(cue_path) == 0:
                return other, None, pos
            cp = np.asarray(cue_path, float)
            k = int(np.argmin(np.abs(np.hypot(*(cp - pos).T) - 2 * R)))
            return other, cp[k], pos
    return None


def _mark_first_contact(ax, table: TableSpec, contact) -> None:
    if contact is None:
        return
    other, cue_pos, other_pos = contact
    R = table.ball_radius_m
    if cue_pos is not None:
        draw_balls(ax, table, {"cue": cue_pos}, outline_only=True, zorder=5.5)
    mark = cue_pos if cue_pos is not None else other_pos
    if mark is None:
        return
    if cue_pos is not None and other_pos is not None:
        mark = (np.asarray(cue_pos) + np.asarray(other_pos)) / 2
    ax.scatter([mark[0]], [mark[1]], marker="*", s=max(20.0, (R * _pt_per_m(ax)) ** 2 * 1.2),
               color="#ffe600", edgecolors="black", linewidths=0.5, zorder=9)


def _new_figure(width_in: float, height_in: float, dpi: float) -> Figure:
    fig = Figure(figsize=(width_in, height_in), dpi=dpi)
    FigureCanvasAgg(fig)
    fig.patch.set_facecolor("white")
    return fig


def _png_bytes(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=fig.dpi, facecolor=fig.get_facecolor())
    return buf.getvalue()


def _check_folder(path) -> Path:
    path = Path(path)
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise UserInputError(f"folder {str(parent)!r} for the picture {str(path)!r} does not "
                             "exist")
    if path.is_dir():
        raise UserInputError(f"{str(path)!r} is a folder; give a file name for the picture")
    return path


def _caption(fig: Figure, lines: Sequence[str], y: float, width_chars: int,
             fontsize: float = 10.0) -> None:
    wrapped = []
    for line in lines:
        wrapped += textwrap.wrap(line, width_chars, subsequent_indent="    ") or [""]
    fig.text(0.03, y, "\n".join(wrapped), ha="left", va="top", fontsize=fontsize,
             family="DejaVu Sans")


def _format_call(call) -> str:
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


def _format_pocketed(pocketed) -> str:
    if not pocketed:
        return "nothing"
    return ", ".join(f"{b} in {p}" for b, p in map(_pocketed_fields, pocketed))


# --- 1. a simulated stroke ----------------------------------------------------------------
def stroke_figure(table: TableSpec, balls_before: Mapping[str, Point], result,
                  paths: Mapping[str, object] | None, title: str | None = None) -> Figure:
    """The figure :func:`draw_stroke_png` writes; ``fig.axes[0]`` is the table."""
    fig = _new_figure(12.0, 7.2, STROKE_DPI)
    ax = fig.add_axes([0.02, 0.17, 0.96, 0.77])
    colours = _draw_position(ax, table, balls_before, paths, final=result.final)
    _mark_pocketed(ax, table, result.pocketed)
    contact = _first_contact(result, paths, table.ball_radius_m)
    _mark_first_contact(ax, table, contact)
    if title:
        fig.text(0.5, 0.975, title, ha="center", va="top", fontsize=13, fontweight="bold")
    handles = [Line2D([], [], color=c, linewidth=2.5 if b == "cue" else 1.8,
                      label="cue ball" if b == "cue" else f"ball {b}")
               for b, c in colours.items()]
    if contact is not None:
        handles.append(Line2D([], [], marker="*", color="#ffe600", markeredgecolor="black",
                              linestyle="none", markersize=11, label="first contact"))
    if handles:
        legend = fig.legend(handles=handles, loc="upper right", bbox_to_anchor=(0.98, 0.165),
                            ncol=min(4, len(handles)), fontsize=9, frameon=True)
        legend.get_frame().set_facecolor("#eeeeee")
    order = ", ".join(f"{k}. {b} in {p}" for k, (b, p) in
                      enumerate(map(_pocketed_fields, result.pocketed), start=1))
    lines = [f"Pocketed: {order or 'nothing'}",
             "First contact: " + (f"ball {contact[0]}" if contact else "none (a miss)")]
    if getattr(result, "truncated", False):
        lines.append("(simulation stopped at the event cap)")
    lines.append("Faded balls: start positions; dashed red circle: cue ball at first contact.")
    _caption(fig, lines, 0.155, 90, 10.5)
    return fig


def draw_stroke_png(path, table: TableSpec, balls_before: Mapping[str, Point], result,
                    paths: Mapping[str, object] | None, title: str | None = None) -> None:
    """A simulated stroke: start positions (faded), every ball's path (cue ball red and
    thicker, one colour per moving object ball), final positions, fallen balls in their
    pockets numbered in the order they fell, the first contact (ghost cue ball and a star),
    and a legend and caption with what fell and the first ball touched.

    ``result`` is a :class:`sim.result.SimResult`; ``paths`` as from
    :func:`sim.trajectory.sample_paths` (may be None or empty)."""
    path = _check_folder(path)
    fig = stroke_figure(table, balls_before, result, paths, title)
    write_atomic(path, _png_bytes(fig))


# --- 2. suggestions -------------------------------------------------------------------------
def _aim_end(table: TableSpec, start: np.ndarray, phi: float, balls: Mapping[str, Point]):
    """Where the cue ball's centre, sent straight along ``phi`` from ``start``, first touches
    a ball (returns the point and that ball's id) or reaches a cushion (point, None)."""
    R = table.ball_radius_m
    d = np.array([math.cos(phi), math.sin(phi)])
    best_t, best_id = math.inf, None
    for bid, xy in balls.items():
        if bid == "cue" or xy is None:
            continue
        rel = np.asarray(xy, float) - start
        along = float(rel @ d)
        perp2 = float(rel @ rel) - along * along
        if along <= 0 or perp2 >= (2 * R) ** 2:
            continue
        t = along - math.sqrt((2 * R) ** 2 - perp2)
        if 0 <= t < best_t:
            best_t, best_id = t, bid
    lo = np.array([R, R])
    hi = np.array([table.length_m - R, table.width_m - R])
    for i in range(2):
        if abs(d[i]) > 1e-12:
            bound = hi[i] if d[i] > 0 else lo[i]
            t = (bound - start[i]) / d[i]
            if 0 <= t < best_t:
                best_t, best_id = t, None
    if not math.isfinite(best_t):
        best_t = 0.0
    return start + d * best_t, best_id


SUGGEST_ROW_IN = 3.6  # height of one suggestion's row (inches)
TIP_FACE = "#f1d6d6"

_WORDS = {
    "en": {"attack": "attack", "safety": "safety", "deliberate-foul": "deliberate foul",
           "success": "success", "foul": "foul", "points": "exp. points", "none": "No suggestions.",
           "tip": "tip", "cue": "cue", "stop": "stop", "legend":
           "Red line: the cue ball's predicted path (hollow red ring: where it stops); coloured "
           "lines: object balls; dashed circle: the ghost ball (cue ball at first contact).  "
           "Tip diagram: the cue ball as the player sees it, the dot where the tip hits."},
    "ru": {"attack": "атака", "safety": "отыгрыш", "deliberate-foul": "намеренный фол",
           "success": "успех", "foul": "фол", "points": "ожид. очки", "none": "Нет советов.",
           "tip": "кий", "cue": "кий", "stop": "стоп", "legend":
           "Красная линия: ожидаемый путь битка (красное кольцо: где он остановится); цветные "
           "линии: прицельные шары; пунктирный круг: биток в момент касания («призрак»).  "
           "Схема справа: биток глазами игрока, точка: куда бьёт кий."},
}


def _draw_tip(ax, strike: Mapping, lang: str, colour: str) -> None:
    """The cue ball's face as the player sees it: the tip's contact point (side > 0 to the
    right, vertical > 0 up), the miscue limit dashed, and the cue's elevation."""
    ax.set_xlim(-1.35, 1.35)
    ax.set_ylim(-1.5, 1.35)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.add_patch(Circle((0, 0), 1.0, facecolor=TIP_FACE, edgecolor="#333333", linewidth=1.2))
    ax.add_patch(Circle((0, 0), 0.6, facecolor="none", edgecolor="#999999", linewidth=0.6,
                        linestyle=(0, (3, 2))))
    ax.plot([-1, 1], [0, 0], color="#bbbbbb", linewidth=0.5)
    ax.plot([0, 0], [-1, 1], color="#bbbbbb", linewidth=0.5)
    sd, vt = float(strike.get("side", 0.0) or 0.0), float(strike.get("vertical", 0.0) or 0.0)
    ax.add_patch(Circle((sd, vt), 0.13, facecolor=colour, edgecolor="black", linewidth=1.0))
    elev = float(strike.get("elevation_deg", 0.0) or 0.0)
    ax.text(0, -1.27, f"{_WORDS[lang]['cue']} {elev:.0f}\u00b0", ha="center", va="center",
            fontsize=8)


def suggestion_figure(table: TableSpec, balls: Mapping[str, Point],
                      suggestions: Sequence[Mapping], title: str | None = None,
                      paths: Mapping[str, object] | None = None, lang: str = "en") -> Figure:
    """The figure :func:`draw_suggestion_png` writes: one row per suggestion, best first, each
    with its own table (so no drawing or label hides another's); ``fig.axes[0]`` is the best
    suggestion's table."""
    words = _WORDS.get(lang, _WORDS["en"])
    n = max(1, len(suggestions))
    head, foot = 0.45, 0.55
    H = head + foot + SUGGEST_ROW_IN * n
    fig = _new_figure(12.0, H, SUGGEST_DPI)
    if title:
        fig.text(0.5, 1 - 0.1 / H, title, ha="center", va="top", fontsize=13, fontweight="bold")
    R = table.ball_radius_m
    if not suggestions:
        ax = fig.add_axes([0.01, (foot) / H, 0.6, SUGGEST_ROW_IN / H])
        _draw_position(ax, table, {b: xy for b, xy in balls.items() if xy is not None})
        fig.text(0.64, (foot + SUGGEST_ROW_IN / 2) / H, words["none"], fontsize=12)
        return fig
    for i, s in enumerate(suggestions):
        rank = i + 1
        colour = SUGGESTION_COLOURS[i % len(SUGGESTION_COLOURS)]
        bottom = (foot + SUGGEST_ROW_IN * (n - 1 - i)) / H
        ax = fig.add_axes([0.005, bottom + 0.05 / H, 0.6, (SUGGEST_ROW_IN - 0.1) / H])
        cue = _suggestion_cue(balls, s)
        shown = {b: xy for b, xy in balls.items() if b != "cue" and xy is not None}
        if cue is not None:
            shown["cue"] = cue
        my_paths = s.get("paths") or (paths if i == 0 else None)
        _draw_position(ax, table, shown, my_paths, table_labels=(i == 0))
        strike = s.get("strike") or {}
        advice = s.get("advice") or {}
        aim = advice.get("aim") or {}
        scale = _pt_per_m(ax)
        if cue is not None and "phi_deg" in strike:
            phi = math.radians(float(strike["phi_deg"]))
            ghost = aim.get("ghost")
            if ghost is not None and not aim.get("cushions_first"):
                end = np.asarray(ghost, float)
            else:
                others = {b: xy for b, xy in balls.items() if b != "cue"}
                end, hit = _aim_end(table, np.asarray(cue, float), phi, others)
                if ghost is None and hit is not None:
                    ghost = end
            ax.plot([cue[0], end[0]], [cue[1], end[1]], color=colour,
                    linewidth=max(0.8, scale * 0.006), linestyle=(0, (5, 2)), zorder=9)
            if ghost is not None:
                ax.add_patch(Circle(ghost, R, facecolor="none", edgecolor=colour,
                                    linewidth=1.3, linestyle=(0, (3, 2)), zorder=9))
            stop = advice.get("cue_stop")
            if stop is not None and my_paths:
                ax.add_patch(Circle(stop, R * 1.25, facecolor="none", edgecolor=CUE_PATH_COLOUR,
                                    linewidth=1.6, zorder=9))
            # the rank, beside the cue ball on the side away from the aim
            badge = np.asarray(cue, float) - np.array([math.cos(phi), math.sin(phi)]) * 3.2 * R
            badge = np.clip(badge, [2 * R, 2 * R], [table.length_m - 2 * R,
                                                    table.width_m - 2 * R])
            ax.text(*badge, str(rank), fontsize=_fontsize(ax, 0.05, 6.0, 11.0),
                    fontweight="bold", color="black", ha="center", va="center", zorder=10,
                    bbox=dict(boxstyle="circle,pad=0.2", facecolor=colour, edgecolor="black",
                              linewidth=0.5))
        call = s.get("call") or {}
        ball, pocket = call.get("ball"), call.get("pocket")
        if not my_paths and ball in balls and balls[ball] is not None and pocket in POCKET_IDS:
            bx, by = balls[ball]
            mx, my = table.geometry.mouth_centres[POCKET_IDS.index(pocket)]
            ax.annotate("", xy=(mx, my), xytext=(bx, by), zorder=9,
                        arrowprops=dict(arrowstyle="-|>", color=colour, linewidth=1.4,
                                        shrinkA=scale * R, shrinkB=0, mutation_scale=12))
        # right-hand side: the numbers, the tip diagram in the corner, the words below
        row_top = bottom + (SUGGEST_ROW_IN - 0.1) / H
        if strike:
            tip_ax = fig.add_axes([0.885, row_top - 1.45 / H, 1.3 / 12.0, 1.4 / H])
            _draw_tip(tip_ax, strike, lang, colour)
        x_text = 0.62
        kind = s.get("kind", "?")
        head_line = f"{rank}. P(win) {_pct(s.get('p_win'))}"
        fig.text(x_text, row_top - 0.05 / H, head_line, ha="left", va="top", fontsize=15,
                 fontweight="bold", color="black",
                 bbox=dict(boxstyle="square,pad=0.15", facecolor=colour, edgecolor="none"))
        what = words.get(kind, kind)
        if call and kind != "deliberate-foul":
            what += f": {_format_call(call)}"
        if s.get("foul"):
            what += f" ({s['foul']})"
        fig.text(x_text, row_top - 0.45 / H, what, ha="left", va="top", fontsize=10.5,
                 fontweight="bold")
        nums = [f"{words['success']} {_pct(s.get('p_success'))} \u00b7 {words['foul']} "
                f"{_pct(s.get('p_foul'))}"]
        if s.get("expected_points") is not None:
            nums.append(f"{words['points']} {round(float(s['expected_points']), 1) + 0.0:+.1f}")
        fig.text(x_text, row_top - 0.72 / H, "\n".join(nums), ha="left", va="top",
                 fontsize=9.5, linespacing=1.4)
        wrapped = textwrap.wrap(s.get("instruction") or "", 62)
        fig.text(x_text, row_top - 1.5 / H, "\n".join(wrapped[:11]), ha="left", va="top",
                 fontsize=8.5, linespacing=1.25)
    fig.text(0.01, (foot - 0.08) / H, "\n".join(textwrap.wrap(words["legend"], 160)),
             ha="left", va="top", fontsize=8, color="#333333")
    return fig


def _pct(p) -> str:
    return "?" if p is None else f"{100 * float(p):.0f}%"


def _suggestion_cue(balls: Mapping[str, Point], s: Mapping):
    placement = s.get("placement")
    if placement is not None:
        return (float(placement[0]), float(placement[1]))
    cue = balls.get("cue")
    return None if cue is None else (float(cue[0]), float(cue[1]))


def draw_suggestion_png(path, table: TableSpec, balls: Mapping[str, Point],
                        suggestions: Sequence[Mapping], title: str | None = None,
                        paths: Mapping[str, object] | None = None, lang: str = "en") -> None:
    """The AI's suggestions, best first, as in the ``suggest --json`` output, one row each:
    the table with the cue ball (at its placement when in hand), the dashed aim line to the
    ghost ball, and -- when the suggestion carries ``paths`` (``suggest`` adds them for the
    picture) -- every moving ball's predicted path and where the cue ball stops; beside it
    P(win) as the headline, kind and call, success and foul chances, the tip diagram and the
    instruction.  ``paths`` (optional) are the best suggestion's paths when the suggestions
    carry none.  Without paths the called ball gets an arrow to its pocket."""
    path = _check_folder(path)
    fig = suggestion_figure(table, balls, suggestions, title, paths, lang)
    write_atomic(path, _png_bytes(fig))


# --- 3. a game sheet -----------------------------------------------------------------------
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
    k = frame.get("stroke", index + 1)
    player = frame.get("player", "?")
    if isinstance(player, int) and not isinstance(player, bool):
        player = f"player {player}"
    result = frame.get("result")
    if result is None:
        result = f"pocketed {_format_pocketed(frame.get('pocketed'))}"
    return f"stroke {k}: {player}, {_format_call(frame.get('call'))}, {result}"


def game_sheet_figures(table: TableSpec, frames: Sequence[Mapping],
                       title: str | None = None) -> list[Figure]:
    """The pages :func:`draw_game_sheet_png` writes, one figure per sheet."""
    pages = [frames[i:i + SHEET_MAX_FRAMES] for i in range(0, len(frames), SHEET_MAX_FRAMES)]
    pages = pages or [[]]
    figs = []
    cell_w, cell_h, head = 4.0, 2.75, 0.5
    for p, page in enumerate(pages):
        rows = max(1, math.ceil(len(page) / SHEET_COLUMNS))
        fig = _new_figure(cell_w * SHEET_COLUMNS, cell_h * rows + head, SHEET_DPI)
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
            _draw_position(ax, table, frame.get("balls") or {}, frame.get("paths"),
                           final=frame.get("final"), table_labels=False)
            _mark_pocketed(ax, table, frame.get("pocketed") or [])
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
    path = _check_folder(path)
    targets = sheet_paths(path, len(frames))
    data = [_png_bytes(fig) for fig in game_sheet_figures(table, frames, title)]
    for target, png in zip(targets, data):
        write_atomic(target, png)


__all__ = ["draw_table", "draw_balls", "draw_paths", "path_colours", "draw_stroke_png",
           "draw_suggestion_png", "draw_game_sheet_png", "sheet_paths", "stroke_figure",
           "suggestion_figure", "game_sheet_figures", "SHEET_MAX_FRAMES", "SHEET_COLUMNS"]
