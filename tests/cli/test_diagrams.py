"""PNG diagrams: valid files, not blank, the right things where they should be, written whole."""
from __future__ import annotations

import math
import os
import subprocess
import sys

import numpy as np
import pytest

matplotlib = pytest.importorskip("matplotlib")
import matplotlib.image as mpimg  # noqa: E402
from matplotlib.colors import to_rgb  # noqa: E402

from engine.words import say  # noqa: E402
from russian_pyramid import diagrams  # noqa: E402
import russian_pyramid.io as pio  # noqa: E402
from russian_pyramid import diagrams as D  # noqa: E402  (the pictures' public names)
from russian_pyramid.drawing import figure as drawing_figure  # noqa: E402
from russian_pyramid.drawing.suggestion import drawing_words  # noqa: E402
from russian_pyramid.drawing import style  # noqa: E402
from russian_pyramid.errors import UserInputError  # noqa: E402
from sim import Simulator, Strike  # noqa: E402
from sim.trajectory import sample_paths  # noqa: E402

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def stroke():
    """A real stroke: the cue ball cuts the 7, which runs to the far end; the 3 and 12 stay."""
    sim = Simulator()
    table = sim.table
    balls = {"cue": (0.7, 0.6), "7": (2.6, 1.45), "3": (2.0, 0.5), "12": (1.2, 1.2)}
    mouth = table.geometry.mouth_centres[4]  # FL
    b = np.array(balls["7"])
    d = (mouth - b) / np.linalg.norm(mouth - b)
    aim = b - 2 * table.ball_radius_m * d - np.array(balls["cue"])
    result = sim.simulate(balls, Strike(speed_mps=3.5, phi_rad=math.atan2(aim[1], aim[0])))
    paths = sample_paths(result.segments, sim.params, 0.01)
    assert result.final["cue"] is not None and result.first_contact == "7"
    return sim, table, balls, result, paths, math.degrees(math.atan2(aim[1], aim[0]))


def _read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == PNG_SIGNATURE
    img = mpimg.imread(path)
    assert img.ndim == 3 and img.shape[2] in (3, 4)
    return img[:, :, :3]


def _assert_not_blank(img):
    assert float(img.var()) > 0.01


def _pixels_near(img, colour, tol=0.04) -> int:
    return int((np.abs(img - np.array(to_rgb(colour))).max(axis=2) < tol).sum())


def _pixel(fig, ax, img, xy):
    """Row, column of table point ``xy`` in the saved PNG (display y counts from the bottom)."""
    fig.canvas.draw()
    px, py = ax.transData.transform(xy)
    return img.shape[0] - int(round(py)), int(round(px))


def _only(tmp_path, *names):
    assert sorted(os.listdir(tmp_path)) == sorted(names)


def test_stroke_png(stroke, tmp_path):
    _, table, balls, result, paths, _ = stroke
    out = tmp_path / "stroke.png"
    D.draw_stroke_png(out, table, balls, result, paths, title="a cut")
    img = _read_png(out)
    fig = D.stroke_figure(table, balls, result, paths, title="a cut")
    w, h = fig.get_size_inches() * fig.dpi
    assert img.shape[:2] == (round(h), round(w))
    assert 800 <= img.shape[1] <= 4000
    _assert_not_blank(img)
    _only(tmp_path, "stroke.png")

    # The cue ball's final position is drawn in the cue ball's colour.
    ax = fig.axes[0]
    row, col = _pixel(fig, ax, img, result.final["cue"])
    r_px = table.ball_radius_m * (ax.transData.transform((1, 0))[0]
                                  - ax.transData.transform((0, 0))[0])
    assert r_px > 5
    k = int(r_px * 0.6)
    patch = img[row - k:row + k + 1, col - k:col + k + 1]
    is_red = (np.abs(patch - np.array(to_rgb(D.CUE_BALL))).max(axis=2) < 0.05).mean()
    assert is_red > 0.6
    # An object ball that did not move sits on ivory; the cloth elsewhere.
    row, col = _pixel(fig, ax, img, (balls["3"][0] + 0.6 * table.ball_radius_m, balls["3"][1]))
    assert np.abs(img[row, col] - np.array(to_rgb(D.IVORY))).max() < 0.05
    row, col = _pixel(fig, ax, img, (0.3, 1.5))
    assert np.abs(img[row, col] - np.array(to_rgb(D.CLOTH))).max() < 0.05

    # One path colour per moving ball, and no other path colour.
    colours = D.path_colours(paths)
    assert set(colours) == set(paths) == {"cue", "7"}
    assert len(set(colours.values())) == len(colours)
    for bid, colour in colours.items():
        assert _pixels_near(img, colour) > 100, bid
    unused = [c for c in D.PATH_COLOURS if c not in colours.values()][:3]
    for colour in unused:
        assert _pixels_near(img, colour, 0.02) < 20


def test_stroke_png_marks_pocketed_balls(tmp_path):
    sim = Simulator()
    table = sim.table
    mouth = table.geometry.mouth_centres[4]
    b = np.array((3.1, 1.35))
    d = (mouth - b) / np.linalg.norm(mouth - b)
    balls = {"cue": tuple(b - 0.6 * d), "7": tuple(b), "9": (2.5, 1.0)}
    result = sim.simulate(balls, Strike(speed_mps=4.5, phi_rad=math.atan2(d[1], d[0]),
                                        vertical=0.3))
    assert [p.ball for p in result.pocketed][:1] == ["7"]
    paths = sample_paths(result.segments, sim.params, 0.01)
    out = tmp_path / "pot.png"
    D.draw_stroke_png(out, table, balls, result, paths)
    img = _read_png(out)
    # The fallen 7 is drawn on the rail beside FL: ivory there, and an order badge (yellow).
    fig = D.stroke_figure(table, balls, result, paths)
    ax = fig.axes[0]
    L, W = table.length_m, table.width_m
    row, col = _pixel(fig, ax, img, (L - 0.2 - 0.5 * table.ball_radius_m, W + D.RAIL_M * 0.55))
    assert np.abs(img[row, col] - np.array(to_rgb(D.IVORY))).max() < 0.05
    assert _pixels_near(img, "#ffe600") > 20


def _suggestions(phi_deg):
    return [
        {"kind": "attack", "call": {"ball": "7", "pocket": "FL", "manner": "clean", "via": []},
         "strike": {"speed_mps": 3.5, "phi_deg": phi_deg}, "placement": None,
         "p_success": 0.62, "expected_points": 4.3, "p_foul": 0.05, "p_win": 0.7,
         "instruction": "Cut the 7 into the far left corner at medium pace."},
        {"kind": "attack", "call": {"ball": "3", "pocket": "MR", "manner": "clean", "via": []},
         "strike": {"speed_mps": 2.0, "phi_deg": -10.0}, "placement": [0.5, 0.9],
         "p_success": 0.4, "instruction": "Place the cue ball and cut the 3 into the middle."},
    ]


def test_suggestion_png(stroke, tmp_path):
    _, table, balls, result, paths, phi_deg = stroke
    plain, with_paths = tmp_path / "s.png", tmp_path / "s2.png"
    D.draw_suggestion_png(plain, table, balls, _suggestions(phi_deg), title="suggest")
    D.draw_suggestion_png(with_paths, table, balls, _suggestions(phi_deg)[:1], paths=paths)
    a, b = _read_png(plain), _read_png(with_paths)
    _assert_not_blank(a)
    _assert_not_blank(b)
    assert a.shape[1] >= 800
    _only(tmp_path, "s.png", "s2.png")
    first, second = D.SUGGESTION_COLOURS[:2]
    assert _pixels_near(a, first) > 100 and _pixels_near(a, second) > 100
    assert _pixels_near(b, first) > 100 and _pixels_near(b, second, 0.02) < 20
    # Paths appear only when given.
    assert _pixels_near(b, D.CUE_PATH_COLOUR) > 100
    assert _pixels_near(a, D.CUE_PATH_COLOUR) < 20
    # The cue ball of the best suggestion is where the position has it.
    fig = D.suggestion_figure(table, balls, _suggestions(phi_deg), title="suggest")
    ax = fig.axes[0]
    row, col = _pixel(fig, ax, a, (balls["cue"][0], balls["cue"][1]
                                   - 0.6 * table.ball_radius_m))
    assert np.abs(a[row, col] - np.array(to_rgb(D.CUE_BALL))).max() < 0.06


def test_suggestion_png_cue_in_hand_and_empty(tmp_path):
    table = Simulator().table
    balls = {"5": (2.5, 0.9)}
    s = {"kind": "attack", "call": {"ball": "5", "pocket": "FR"}, "strike": {"phi_deg": 0.0},
         "placement": [0.6, 0.9], "p_success": 0.5, "instruction": "Place and shoot."}
    D.draw_suggestion_png(tmp_path / "hand.png", table, balls, [s])
    D.draw_suggestion_png(tmp_path / "none.png", table, balls, [])
    for name in ("hand.png", "none.png"):
        _assert_not_blank(_read_png(tmp_path / name))
    assert _pixels_near(_read_png(tmp_path / "hand.png"), D.CUE_BALL) > 50


def _frames(stroke, n):
    _, _, balls, result, paths, _ = stroke
    return [{"balls": balls, "paths": paths, "final": result.final, "player": k % 2,
             "call": {"ball": "7", "pocket": "FL", "manner": "clean"},
             "pocketed": [p.to_json() for p in result.pocketed]} for k in range(n)]


def test_game_sheet_png(stroke, tmp_path):
    table = stroke[1]
    D.draw_game_sheet_png(tmp_path / "game.png", table, _frames(stroke, 6), title="game")
    _only(tmp_path, "game.png")
    img = _read_png(tmp_path / "game.png")
    _assert_not_blank(img)
    figs = D.game_sheet_figures(table, _frames(stroke, 6), title="game")
    assert len(figs) == 1 and len(figs[0].axes) == 6
    assert img.shape[1] == round(D.SHEET_COLUMNS * 4.0 * D.SHEET_DPI)
    # Two rows of small diagrams; cue-ball red in every one of them.
    assert _pixels_near(img, D.CUE_PATH_COLOUR) > 6 * 20


def test_game_sheet_paginates(stroke, tmp_path):
    table = stroke[1]
    n = D.SHEET_MAX_FRAMES + 5
    D.draw_game_sheet_png(tmp_path / "long.png", table, _frames(stroke, n))
    assert [p.name for p in D.sheet_paths(tmp_path / "long.png", n)] == ["long-1.png",
                                                                         "long-2.png"]
    _only(tmp_path, "long-1.png", "long-2.png")
    one, two = _read_png(tmp_path / "long-1.png"), _read_png(tmp_path / "long-2.png")
    assert one.shape[0] > two.shape[0]  # 6 rows against 2
    D.draw_game_sheet_png(tmp_path / "empty.png", table, [])
    assert float(_read_png(tmp_path / "empty.png").var()) > 0  # a heading and "no strokes"


def test_missing_folder_is_user_error(stroke, tmp_path):
    _, table, balls, result, paths, phi_deg = stroke
    missing = tmp_path / "no" / "such" / "dir"
    calls = [
        lambda p: D.draw_stroke_png(p, table, balls, result, paths),
        lambda p: D.draw_suggestion_png(p, table, balls, _suggestions(phi_deg)),
        lambda p: D.draw_game_sheet_png(p, table, _frames(stroke, 2)),
    ]
    for call in calls:
        with pytest.raises(UserInputError, match="does not exist"):
            call(missing / "x.png")
        with pytest.raises(UserInputError, match="folder"):
            call(tmp_path)  # a folder, not a file name
    _only(tmp_path)


def test_nothing_half_written_on_failure(stroke, tmp_path, monkeypatch):
    _, table, balls, result, paths, _ = stroke
    out = tmp_path / "stroke.png"
    D.draw_stroke_png(out, table, balls, result, paths)
    before = out.read_bytes()

    def broken(fig):
        raise RuntimeError("renderer failed")

    monkeypatch.setattr(drawing_figure, "png_bytes", broken)
    with pytest.raises(RuntimeError):
        D.draw_stroke_png(out, table, balls, result, paths)
    with pytest.raises(RuntimeError):
        D.draw_game_sheet_png(tmp_path / "long.png", table, _frames(stroke, D.SHEET_MAX_FRAMES + 1))
    assert out.read_bytes() == before  # the old file is intact
    _only(tmp_path, "stroke.png")

    monkeypatch.undo()

    monkeypatch.setattr(pio.os, "fsync", lambda fd: (_ for _ in ()).throw(OSError("disk full")))
    # a place that cannot be written is reported as such (exit 2), not as a traceback
    with pytest.raises(UserInputError, match="disk full"):
        D.draw_stroke_png(tmp_path / "new.png", table, balls, result, paths)
    _only(tmp_path, "stroke.png")


def test_the_table_style_is_read_without_matplotlib_and_pictures_load_it():
    """``russian_pyramid.app.table`` (the board's table) reads the drawing's rail widths without
    loading matplotlib; ``russian_pyramid.pictures.diagrams()`` gives the pictures' module, which
    does (the commands call it only for --png)."""
    code = ("import sys, russian_pyramid.app.table, russian_pyramid.pictures; a = 'matplotlib' in sys.modules; "
            "d = russian_pyramid.pictures.diagrams(); print(a, 'matplotlib' in sys.modules, "
            "d.draw_stroke_png.__module__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["False", "True", "russian_pyramid.drawing.stroke"]
    assert (D.RAIL_M, D.RUBBER_M) == (style.RAIL_M, style.RUBBER_M)


def test_suggestion_words_from_the_catalog():
    """The picture's words are the catalog's (drawing.*), English for an unknown language."""
    ru = drawing_words("ru")
    assert ru["kind.safety"] == say("drawing.kind.safety", "ru") == "отыгрыш"
    assert drawing_words("xx") == drawing_words("en")
    assert {"cue", "foul", "success", "points", "none", "legend"} <= set(ru)
