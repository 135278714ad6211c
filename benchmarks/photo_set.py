"""Issue 31 item 4: a photo-realistic validation set of the Russian table, rendered with
POV-Ray (Debian's ``povray``; needed only to make the set, never by ``make test``).

``python -m benchmarks.photo_set OUT_DIR [--n N] [--seed S] [--width 1280 --height 720]``
(``--smoke``: one photo of 320 x 180 into a temporary folder; :mod:`benchmarks.smoke`) writes,
per case, ``case_NNN.pov`` (the scene), ``case_NNN.jpg`` (the render) and
``case_NNN.json`` (:class:`PhotoCase`: the exact ground truth: every ball's centre in table
metres, which ball is the cue ball and its colour, the camera, the cloth, the lamps, and the
playing area's four corners projected into the image, the ``--corners`` a user would tap).

The scene is built from the table's geometry (:class:`sim.table.TableSpec`: the playing area,
68 mm balls, the pocket mouths) plus what TableSpec does not give, named below with their
values (cushion and rail widths, colours: assumptions of this set, not measurements).  Table
frame: x along the table from the house cushion, y across, z up (docs/FORMATS.md); POV-Ray's
left-handed frame takes it as ``<x, z, y>``, which keeps the image unmirrored.
"""
from __future__ import annotations

import argparse
from dataclasses import asdict, dataclass
import json
import math
import os
from pathlib import Path
import shutil
import subprocess
import tempfile

import numpy as np

from engine.state import rack_positions
from sim.presets import table_by_name
from sim.table import TableSpec

from . import smoke

# --- what the set assumes about the table beyond TableSpec (no source: typical club tables) ---
CUSHION_TOP_WIDTH_M = 0.050  # cloth-covered cushion top, nose to rail (russian_pyramid.photo's model)
RAIL_WIDTH_M = 0.140  # the wooden rail outside the cushion
RAIL_TOP_M = 0.042  # the rail's top, level with the cushion nose (TableSpec.cushion_height_m)
POCKET_HOLE_RADIUS_M = 0.055  # the black hole cut through cushion and rail at each pocket
TABLE_APRON_DEPTH_M = 0.25  # the wooden body under the rail

CLOTHS = {"green": (0.05, 0.38, 0.16), "blue": (0.06, 0.22, 0.45)}  # rgb 0-1
CUE_COLOURS = {"red": (0.75, 0.06, 0.05), "yellow": (0.92, 0.72, 0.08)}
OBJECT_BALL_RGB = (0.93, 0.90, 0.80)  # ivory
FLOOR_RGB = (0.35, 0.30, 0.27)
WOOD_RGB = (0.32, 0.16, 0.07)

# A phone's main camera: 26 mm equivalent focal length = 69.4 deg horizontal field of view
# across a 36 mm frame (the usual main camera of a phone; 4:3 sensors cropped to 16:9).
PHONE_HFOV_DEG = 69.4
CAMERAS = ("short-end", "long-side")
LAMPS = ("three-lamps", "one-lamp")
LAYOUTS = ("scatter", "touching", "cushions", "jaws", "rack")


@dataclass(frozen=True)
class PhotoCase:
    """One rendered photo and its exact ground truth (table metres, image pixels)."""

    name: str
    table: str
    seed: int
    width_px: int
    height_px: int
    camera: str  # CAMERAS
    camera_xyz_m: tuple[float, float, float]
    look_at_xyz_m: tuple[float, float, float]
    hfov_deg: float
    cloth: str  # CLOTHS
    lamps: str  # LAMPS
    layout: str  # LAYOUTS
    cue_colour: str  # CUE_COLOURS
    balls: dict[str, tuple[float, float]]  # id -> centre (x, y), "cue" the cue ball
    corners_px: tuple[tuple[float, float], ...]  # playing area (0,0),(L,0),(L,W),(0,W) in the image

    def to_json(self) -> dict:
        d = asdict(self)
        d["balls"] = {k: list(v) for k, v in self.balls.items()}
        d["corners_px"] = [list(c) for c in self.corners_px]
        return d

    @classmethod
    def from_json(cls, d: dict) -> "PhotoCase":
        d = dict(d)
        d["camera_xyz_m"] = tuple(d["camera_xyz_m"])
        d["look_at_xyz_m"] = tuple(d["look_at_xyz_m"])
        d["balls"] = {k: (float(v[0]), float(v[1])) for k, v in d["balls"].items()}
        d["corners_px"] = tuple(tuple(c) for c in d["corners_px"])
        return cls(**d)


# --- balls ----------------------------------------------------------------------------------
def _free(p, placed, R, gap=0.0005) -> bool:
    return all(math.hypot(p[0] - q[0], p[1] - q[1]) >= 2 * R + gap for q in placed)


def _random_point(rng, spec, margin):
    R = spec.ball_radius_m
    return (float(rng.uniform(R + margin, spec.length_m - R - margin)),
            float(rng.uniform(R + margin, spec.width_m - R - margin)))


def _layout_balls(rng: np.random.Generator, spec: TableSpec, layout: str) -> list[tuple]:
    """Ball centres (cue ball first) for one layout; every ball fits the table."""
    R = spec.ball_radius_m
    geo = spec.geometry
    if layout == "rack":
        rack = list(rack_positions(spec).values())
        cue = (float(rng.uniform(0.3, spec.length_m / 4)), float(rng.uniform(0.4, 1.3)))
        return [cue] + rack
    placed: list[tuple] = []
    n = int(rng.integers(6, 12))
    if layout == "jaws":  # one ball hanging in each of two pockets' throats
        for pocket in rng.choice(["NL", "NR", "ML", "MR", "FL", "FR"], 2, replace=False):
            px, py = spec.pocket_position(str(pocket))
            ix = 1.0 if px == 0 else (-1.0 if px == spec.length_m else 0.0)
            iy = 1.0 if py == 0 else -1.0
            for depth in np.linspace(0.0, R, 30):  # the deepest centre that still fits
                if ix == 0:
                    p = (px, py + iy * (R - depth))
                else:
                    p = (px + ix * (R - depth) / math.sqrt(2) + ix * 0.01,
                         py + iy * (R - depth) / math.sqrt(2) + iy * 0.01)
                if geo.ball_fits(*p):
                    q = p
            placed.append(q)
    if layout == "cushions":  # balls frozen to the cushions
        for _ in range(4):
            for _try in range(50):
                x, y = _random_point(rng, spec, 0.1)
                side = int(rng.integers(4))
                p = [(x, R), (x, spec.width_m - R), (R, y), (spec.length_m - R, y)][side]
                if abs(p[0] - spec.length_m / 2) > 0.1 and _free(p, placed, R):
                    placed.append(p)
                    break
    if layout == "touching":  # pairs and a cluster of three, frozen together
        for _ in range(3):
            for _try in range(50):
                a = _random_point(rng, spec, 0.15)
                th = rng.uniform(0, 2 * math.pi)
                b = (a[0] + 2 * R * math.cos(th), a[1] + 2 * R * math.sin(th))
                if _free(a, placed, R) and _free(b, placed + [a], R, gap=-1e-9) and geo.ball_fits(*b):
                    placed += [a, b]
                    break
    while len(placed) < n:
        p = _random_point(rng, spec, 0.0)
        if _free(p, placed, R):
            placed.append(p)
    return placed


# --- camera ---------------------------------------------------------------------------------
def _camera(rng: np.random.Generator, spec: TableSpec, kind: str):
    """A phone held at 1.4-2.0 m, far enough back for the whole table to fit the frame,
    aimed half way (in angle) between the near rail and the far cushion, plus a tilt and a
    turn of up to 2 deg either way."""
    L, W = spec.length_m, spec.width_m
    h = float(rng.uniform(1.4, 2.0))
    near = CUSHION_TOP_WIDTH_M + RAIL_WIDTH_M
    if kind == "short-end":  # behind the house cushion, looking along the table
        cam = (float(rng.uniform(-1.6, -1.2)), W / 2 + float(rng.uniform(-0.2, 0.2)), h)
        d_near, d_far = -near - cam[0], L - cam[0]
    else:  # beside the right-hand long cushion, looking across: the house end on the left
        cam = (L / 2 + float(rng.uniform(-0.2, 0.2)), float(rng.uniform(-3.0, -2.6)), h)
        d_near, d_far = -near - cam[1], W - cam[1]
    tilt = (math.atan2(h, d_near) + math.atan2(h, d_far)) / 2 + math.radians(rng.uniform(-2, 2))
    turn = math.radians(rng.uniform(-2, 2))
    reach = h / math.tan(tilt)
    if kind == "short-end":
        look = (cam[0] + reach * math.cos(turn), cam[1] + reach * math.sin(turn), 0.0)
    else:
        look = (cam[0] - reach * math.sin(turn), cam[1] + reach * math.cos(turn), 0.0)
    return cam, look


def camera_basis(cam, look):
    """The camera's right, up and forward unit vectors (table frame) of a level (no roll)
    camera, the way POV-Ray builds them from location, look_at and sky = z."""
    f = np.subtract(look, cam).astype(float)
    f /= np.linalg.norm(f)
    r = np.cross(f, [0.0, 0.0, 1.0])
    r /= np.linalg.norm(r)
    u = np.cross(r, f)
    return r, u, f


def project(points_xyz, cam, look, hfov_deg, width_px, height_px) -> np.ndarray:
    """Pixel coordinates (column, row; row 0 at the top; a pixel's centre at integers) of table
    points in the camera."""
    r, u, f = camera_basis(cam, look)
    fpx = width_px / 2 / math.tan(math.radians(hfov_deg) / 2)
    d = np.asarray(points_xyz, float) - np.asarray(cam, float)
    zc = d @ f
    # continuous image coordinates (0 at the image's edge), less half a pixel: pixel (i, j)'s
    # centre at (i, j), the convention of an array index (and of russian_pyramid.photo)
    return np.stack([width_px / 2 + fpx * (d @ r) / zc - 0.5,
                     height_px / 2 - fpx * (d @ u) / zc - 0.5], 1)


# --- the scene ------------------------------------------------------------------------------
def _v(x, y, z) -> str:
    return f"<{x:.5f}, {z:.5f}, {y:.5f}>"  # table (x, y, z up) -> POV-Ray <x, y up, z>


def _rgb(c) -> str:
    return f"rgb <{c[0]:.3f}, {c[1]:.3f}, {c[2]:.3f}>"


def _pockets(spec: TableSpec) -> list[tuple[float, float]]:
    """Where each hole is centred: outward of the pocket's point by its radius' part."""
    L, W, c = spec.length_m, spec.width_m, POCKET_HOLE_RADIUS_M * 0.55
    return [(-c, -c), (L + c, -c), (L + c, W + c), (-c, W + c), (L / 2, -1.3 * c),
            (L / 2, W + 1.3 * c)]


def scene(case: PhotoCase, spec: TableSpec, rng: np.random.Generator) -> str:
    L, W, R = spec.length_m, spec.width_m, spec.ball_radius_m
    c, rw, h = CUSHION_TOP_WIDTH_M, RAIL_WIDTH_M, RAIL_TOP_M
    cloth = np.array(CLOTHS[case.cloth]) * float(rng.uniform(0.9, 1.1))
    holes = "\n".join(f"cylinder {{ {_v(x, y, -0.3)}, {_v(x, y, 0.2)}, {POCKET_HOLE_RADIUS_M} }}"
                      for x, y in _pockets(spec))
    out = [
        '#include "colors.inc"',
        "global_settings { assumed_gamma 1.0 }",
        f"camera {{ perspective location {_v(*case.camera_xyz_m)} look_at {_v(*case.look_at_xyz_m)}",
        f"  sky <0,1,0> right x*{case.width_px / case.height_px:.6f} angle {case.hfov_deg} }}",
        f"background {{ {_rgb((0.12, 0.11, 0.10))} }}",
        f"plane {{ y, -0.78 pigment {{ {_rgb(FLOOR_RGB)} }} }}",
        "light_source { <1.8, 3.5, -4.0> color rgb 0.25 shadowless }",
        # The cloth: bed plus cushion tops (one cloth), holes cut at the pockets.
        "difference {",
        f"  box {{ {_v(-c, -c, -0.03)}, {_v(L + c, W + c, h)} }}",
        f"  box {{ {_v(0, 0, 0)}, {_v(L, W, h + 0.01)} }}",
        holes,
        f"  pigment {{ {_rgb(cloth)} }} finish {{ diffuse 0.85 ambient 0.03 specular 0.02 }}",
        "  normal { granite 0.05 scale 0.01 }",
        "}",
        "difference {",
        f"  box {{ {_v(-c - rw, -c - rw, -TABLE_APRON_DEPTH_M)}, {_v(L + c + rw, W + c + rw, h)} }}",
        f"  box {{ {_v(-c, -c, -1)}, {_v(L + c, W + c, 1)} }}",
        holes,
        f"  pigment {{ wood color_map {{ [0 {_rgb(WOOD_RGB)}] [1 {_rgb(np.array(WOOD_RGB) * 0.7)}] }}"
        "  turbulence 0.1 scale 0.05 rotate <0, 90, 3> }",
        "  finish { specular 0.3 roughness 0.02 reflection 0.03 ambient 0.03 }",
        "}",
        # The pockets' black liners (leather and the net): a dark tube in each hole.
        *(f"difference {{ cylinder {{ {_v(x, y, -0.2)}, {_v(x, y, h - 0.001)}, "
          f"{POCKET_HOLE_RADIUS_M + 0.001} }} cylinder {{ {_v(x, y, -0.19)}, {_v(x, y, h)}, "
          f"{POCKET_HOLE_RADIUS_M - 0.004} }} pigment {{ rgb 0.02 }} }}"
          for x, y in _pockets(spec)),
    ]
    lamps = ([(L * k / 4, W / 2) for k in (1, 2, 3)] if case.lamps == "three-lamps"
             else [(L / 2 + float(rng.uniform(-0.3, 0.3)), W / 2)])
    power = 0.7 if case.lamps == "three-lamps" else 1.4
    for lx, ly in lamps:
        out.append(f"light_source {{ {_v(lx, ly, 1.0)} color rgb {power:.2f} "
                   f"area_light <0.5, 0, 0>, <0, 0, 0.3>, 2, 2 adaptive 0 jitter "
                   f"fade_distance 1.0 fade_power 1 }}")
    for bid, (x, y) in case.balls.items():
        colour = CUE_COLOURS[case.cue_colour] if bid == "cue" else OBJECT_BALL_RGB
        out.append(f"sphere {{ {_v(x, y, R)}, {R} pigment {{ {_rgb(colour)} }} "
                   "finish { phong 0.8 phong_size 120 reflection 0.04 ambient 0.05 diffuse 0.75 } }")
        if bid != "cue":  # the number, dark, on a random side of the ball
            a, b = rng.uniform(0, 360, 2)
            out.append(f'text {{ ttf "timrom.ttf" "{bid}" 0.002, 0 pigment {{ rgb 0.05 }} '
                       f"translate <-0.25, -0.35, -1.01> scale {R * 0.9:.4f} "
                       f"rotate <{a:.1f}, {b:.1f}, 0> translate {_v(x, y, R)} }}")
    return "\n".join(out) + "\n"


def make_case(index: int, seed: int, spec: TableSpec, width_px: int, height_px: int) -> tuple:
    rng = np.random.default_rng([seed, index])
    camera = CAMERAS[index % 2]
    layout = LAYOUTS[(index // 2) % len(LAYOUTS)]
    cloth = ("green", "blue")[(index // 10) % 2]
    lamps = LAMPS[(index // 20) % 2]
    cue_colour = ("red", "yellow")[int(rng.integers(2))]
    L, W = spec.length_m, spec.width_m
    h = spec.cushion_height_m
    edge = CUSHION_TOP_WIDTH_M + RAIL_WIDTH_M / 2
    for _try in range(100):  # a photo that shows the whole table (and its rail, half of it)
        cam, look = _camera(rng, spec, camera)
        rail = project([(-edge, -edge, h), (L + edge, -edge, h), (L + edge, W + edge, h),
                        (-edge, W + edge, h)], cam, look, PHONE_HFOV_DEG, width_px, height_px)
        if np.all((rail >= 0) & (rail <= [width_px, height_px])):
            break
    centres = _layout_balls(rng, spec, layout)
    ids = ["cue"] + [str(k) for k in rng.permutation(np.arange(1, 16))[: len(centres) - 1]]
    if layout == "rack":
        ids = ["cue"] + list(rack_positions(spec))
    balls = {i: (round(p[0], 6), round(p[1], 6)) for i, p in zip(ids, centres)}
    corners = project([(0, 0, h), (L, 0, h), (L, W, h), (0, W, h)], cam, look, PHONE_HFOV_DEG,
                      width_px, height_px)
    case = PhotoCase(name=f"case_{index:03d}", table=spec.name, seed=seed, width_px=width_px,
                     height_px=height_px, camera=camera, camera_xyz_m=cam, look_at_xyz_m=look,
                     hfov_deg=PHONE_HFOV_DEG, cloth=cloth, lamps=lamps, layout=layout,
                     cue_colour=cue_colour, balls=balls,
                     corners_px=tuple((round(float(u), 2), round(float(v), 2)) for u, v in corners))
    return case, scene(case, spec, rng)


def render(case: PhotoCase, pov_text: str, out_dir: Path, quality: int = 85) -> Path:
    """Renders one scene with povray (anti-aliased) and writes the JPEG and the truth JSON."""
    import cv2  # the set's own tool; the product imports it at the top of russian_pyramid.photo

    out_dir.mkdir(parents=True, exist_ok=True)
    pov = out_dir / f"{case.name}.pov"
    pov.write_text(pov_text)
    with tempfile.TemporaryDirectory() as tmp:
        png = Path(tmp) / "out.png"
        subprocess.run(["povray", f"+I{pov}", f"+O{png}", f"+W{case.width_px}",
                        f"+H{case.height_px}", "+A0.3", "+AM2", "+R2", "-D", "+FN",
                        "+WT1", "-V", "-GA"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        img = cv2.imread(str(png))
    jpg = out_dir / f"{case.name}.jpg"
    cv2.imwrite(str(jpg), img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    write_truth(case, out_dir)
    return jpg


def write_truth(case: PhotoCase, out_dir: Path) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    tmp_json = out_dir / f".{case.name}.json.tmp"
    tmp_json.write_text(json.dumps(case.to_json(), indent=1))
    path = out_dir / f"{case.name}.json"
    os.replace(tmp_json, path)
    return path


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("out_dir", type=Path, nargs="?",
                   help="the folder written (required, but with --smoke)")
    p.add_argument("--n", type=int, default=40, help="how many photos (40)")
    p.add_argument("--seed", type=int, default=31, help="the set's seed (31)")
    p.add_argument("--first", type=int, default=0, help="the first case's index (0)")
    p.add_argument("--width", type=int, default=1280)
    p.add_argument("--height", type=int, default=720)
    p.add_argument("--table", default="pyramid-12ft")
    p.add_argument("--truth-only", action="store_true",
                   help="write the truth JSON files only (no POV-Ray needed)")
    with smoke.scratch(smoke.asked(argv)) as folder:
        args = smoke.parse(p, argv, n=1, width=320, height=180,
                           **({"out_dir": folder} if folder else {}))
        if args.out_dir is None:
            p.error("the following arguments are required: out_dir")
        if not args.truth_only and shutil.which("povray") is None:
            p.error("POV-Ray is not installed (Debian: apt-get install povray); "
                    "--truth-only writes the truth files without it")
        return make_set(args)


def make_set(args: argparse.Namespace) -> int:
    """Renders (or with ``--truth-only`` states) the cases asked for into ``args.out_dir``."""
    spec = table_by_name(args.table)
    for i in range(args.first, args.first + args.n):
        case, text = make_case(i, args.seed, spec, args.width, args.height)
        if args.truth_only:
            write_truth(case, args.out_dir)
        else:
            print(render(case, text, args.out_dir), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
