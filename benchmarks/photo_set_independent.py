"""Issue 31 item 4: a second validation set, made independently of ``benchmarks.photo_set``.

    python -m benchmarks.photo_set_independent OUT_DIR [--n 30] [--seed 131] [--scale 1]
    python -m benchmarks.photo_set_independent --smoke   # one photo, into a temporary folder
    python -m benchmarks.photo_set_independent OUT_DIR --view low-end --n 24 --seed 5701
    python -m benchmarks.photo_report OUT_DIR [--corners] [--write docs/PHOTO.md --tag indep-auto]

Nothing of ``benchmarks.photo_set``'s scene, camera or layout code is used (the scene's
text is ``benchmarks.photo_scene_independent``): only the table's dimensions (``sim.presets``:
playing area, ball radius, cushion nose height, pocket points, diamonds) and the truth format
the report reads (the keys of ``PhotoCase``, plus this set's own conditions).  What differs,
on purpose:

* **camera**: a phone held by a standing player (the lens 1.5-1.8 m above the cloth),
  anywhere round the table, 0.3-3.2 m out from the rail, aimed at a random point of the
  cloth, held at a roll of up to 3 deg, portrait (960 x 1280) or landscape (1280 x 960), a
  26 mm-equivalent lens (79.5 deg across the 4:3 frame's diagonal); a pose is kept only when
  the whole table (the rail's outer corners) is in the frame, as a player framing it would.
* **light**: three pendant lamps with conical shades in a row over the table, or two
  fluorescent tubes in a housing; a weak fill from the room and an ambient term.
* **materials**: cloth with a noise texture (hue jittered round green, blue or teal), balls
  slightly off-white, each object ball's number printed twice, the cue ball red with a black
  dot or yellow, a wooden rail of random width (100-160 mm) with pearl diamonds.
* **clutter**: a chalk cube on the rail, in half the photos a cue lying across the rail.
* **the image**: sensor noise and JPEG compression at quality 55-90.

``--view low-end`` (issue 57 item 5, accuracy where the view grazes): the camera low behind the
house end instead (the lens :data:`LOW_END_HEIGHT_M` above the cloth, 1600 x 1200 landscape),
aimed at a point of the cloth's middle; the rest as above.

The truth is in the frame the command's convention gives (docs/PHOTO.md "Which end is the
house"): when the player stands at the far end or the left-hand side, the position is stated
turned by 180 degrees (the table is symmetric, so the scene is the same).
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

from sim.presets import table_by_name
from sim.table import TableSpec

from . import smoke
from .photo_scene_independent import (CLOTH_HUES, CUSHION_TOP_RANGE_M, RAIL_WIDTH_RANGE_M, _c,
                                      _jitter, ball_pov, basis, clutter_pov, half_tans,
                                      FLOOR_Z_M, lights_pov, table_pov, _camera_pov)

# (the lens: photo_scene_independent.DIAGONAL_FOV_DEG)
PHONE_HEIGHT_RANGE_M = (1.5, 1.8)  # above the cloth: a standing player holding the phone up
STAND_OFF_RANGE_M = (0.3, 3.2)  # from the rail's outer edge
ROLL_MAX_DEG = 3.0
FRAME_MARGIN = 0.01  # the table's outer corners at least this part of the frame inside it

LAMPS = ("pendants", "tubes")
LAYOUTS = ("scatter", "groups", "rails", "rack")
ORIENTATIONS = ("landscape", "portrait")
VIEWS = ("standing", "low-end")
# Issue 57 item 5: "24 renders ... at 1600x1200 (camera 1.1 m high behind the house end)"
LOW_END_HEIGHT_M = 1.1
LOW_END_SIZE_PX = (1600, 1200)
LOW_END_ACROSS = 0.25  # the camera within this part of the width either side of the middle
LOOK_ALONG_RANGE = (0.3, 0.7)  # aimed at a point this part of the length along, ...
LOOK_ACROSS = 0.2  # ... within this part of the width either side of the middle
CONDITIONS = ("camera", "orientation", "cloth", "lamps", "layout")


@dataclass(frozen=True)
class IndependentCase:
    """One photo of this set and its exact truth; the report's keys plus this set's own."""

    name: str
    table: str
    seed: int
    width_px: int
    height_px: int
    camera: str  # where the player stands: end, side, corner
    camera_xyz_m: tuple[float, float, float]  # in the truth's frame
    look_at_xyz_m: tuple[float, float, float]
    hfov_deg: float  # across the image's width
    cloth: str
    lamps: str
    layout: str
    cue_colour: str
    balls: dict[str, tuple[float, float]]
    corners_px: tuple[tuple[float, float], ...]  # (0,0),(L,0),(L,W),(0,W) of the truth's frame
    orientation: str = "landscape"
    roll_deg: float = 0.0
    jpeg_quality: int = 85
    cushion_top_m: float = 0.05
    cue_on_rail: bool = False
    turned: bool = False  # the truth's frame is the scene's turned by 180 deg
    generator: str = "independent"
    view: str = "standing"  # or "low-end" (issue 57 item 5)

    def to_json(self) -> dict:
        d = asdict(self)
        d["balls"] = {k: list(v) for k, v in self.balls.items()}
        d["corners_px"] = [list(c) for c in self.corners_px]
        return d

    @classmethod
    def from_json(cls, d: dict) -> "IndependentCase":
        d = dict(d)
        for key in ("camera_xyz_m", "look_at_xyz_m"):
            d[key] = tuple(d[key])
        d["balls"] = {k: (float(v[0]), float(v[1])) for k, v in d["balls"].items()}
        d["corners_px"] = tuple(tuple(c) for c in d["corners_px"])
        return cls(**d)


# --- the balls --------------------------------------------------------------------------------
def _fits(p, placed, spec: TableSpec, gap_m: float = 0.0003) -> bool:
    R = spec.ball_radius_m
    return spec.geometry.ball_fits(p[0], p[1]) and all(
        math.dist(p, q) >= 2 * R + gap_m for q in placed)


def _anywhere(rng, spec: TableSpec) -> tuple[float, float]:
    return (float(rng.uniform(0, spec.length_m)), float(rng.uniform(0, spec.width_m)))


def _add_random(rng, spec, placed, n, tries=4000) -> None:
    for _ in range(tries):
        if n <= 0:
            return
        p = _anywhere(rng, spec)
        if _fits(p, placed, spec):
            placed.append(p)
            n -= 1


def _groups(rng, spec, placed) -> None:
    """Two to four groups of two to four touching balls."""
    R = spec.ball_radius_m
    for _ in range(int(rng.integers(2, 5))):
        group: list = []
        for _ in range(200):
            p = _anywhere(rng, spec)
            if _fits(p, placed, spec, 0.05):
                group = [p]
                break
        for _ in range(int(rng.integers(1, 4))):
            for _ in range(60):
                a = rng.uniform(0, 2 * math.pi)
                base = group[int(rng.integers(len(group)))]
                q = (base[0] + 2.0002 * R * math.cos(a), base[1] + 2.0002 * R * math.sin(a))
                if _fits(q, placed + group, spec):
                    group.append(q)
                    break
        placed.extend(group)


def _rails(rng, spec, placed) -> None:
    """Balls frozen to the cushions, and one or two in the pockets' jaws."""
    R, L, W = spec.ball_radius_m, spec.length_m, spec.width_m
    for _ in range(int(rng.integers(3, 7))):
        side = int(rng.integers(4))
        t = rng.uniform(0.1, 0.9)
        p = [(t * L, R), (t * L, W - R), (R, t * W), (L - R, t * W)][side]
        if _fits(p, placed, spec, 0.001):
            placed.append((float(p[0]), float(p[1])))
    for pid in rng.choice(["NL", "NR", "ML", "MR", "FL", "FR"], int(rng.integers(1, 3)), False):
        px, py = spec.pocket_position(str(pid))
        to_mid = np.array([L / 2 - px, W / 2 - py]) if px != L / 2 else np.array([0, W / 2 - py])
        to_mid /= np.linalg.norm(to_mid)
        for d in np.arange(0.0, 0.2, 0.001):  # slid out of the pocket until it fits
            p = (float(px + d * to_mid[0]), float(py + d * to_mid[1]))
            if _fits(p, placed, spec):
                placed.append(p)
                break


def _rack(rng, spec) -> list:
    """The 15 balls in a triangle, apex on the pyramid spot, rows toward the far cushion,
    each row up to 0.4 mm apart from the last (a real rack is not perfect)."""
    R = spec.ball_radius_m
    ax, ay = spec.third_spot
    out = []
    for row in range(5):
        x = ax + row * (2 * R + rng.uniform(0, 0.0004)) * math.sqrt(3) / 2
        for k in range(row + 1):
            out.append((float(x), float(ay + (k - row / 2) * 2.0002 * R)))
    return out


def layout_balls(rng, spec: TableSpec, layout: str) -> dict[str, tuple[float, float]]:
    """The balls of one layout: "cue" and object balls by number, all fitting the table."""
    placed: list = []
    if layout == "rack":
        placed = [(float(rng.uniform(0.15, spec.house_line_x - 0.1)),
                   float(rng.uniform(0.2, spec.width_m - 0.2)))] + _rack(rng, spec)
    else:
        if layout == "groups":
            _groups(rng, spec, placed)
        elif layout == "rails":
            _rails(rng, spec, placed)
        _add_random(rng, spec, placed, int(rng.integers(4, 12)) - len(placed) // 2)
        placed = placed[:16]
        rng.shuffle(placed)
    numbers = [str(n) for n in rng.permutation(np.arange(1, 16))][:len(placed) - 1]
    return dict(zip(["cue"] + numbers, placed))


# --- the camera --------------------------------------------------------------------------------
def to_pixels(points, cam, look, roll_deg, width_px, height_px) -> np.ndarray:
    """Image coordinates (a pixel's centre at integers, row 0 at the top); nan behind."""
    r, u, f = basis(cam, look, roll_deg)
    tw, th = half_tans(width_px, height_px)
    d = np.asarray(points, float) - np.asarray(cam, float)
    z = d @ f
    z = np.where(z > 0.05, z, np.nan)
    return np.stack([width_px / 2 * (1 + (d @ r) / z / tw) - 0.5,
                     height_px / 2 * (1 - (d @ u) / z / th) - 0.5], 1)


def stand(rng, spec, rail_out_m, width_px, height_px):
    """A standing player's phone pose that frames the whole table: (cam, look, roll)."""
    L, W, e = spec.length_m, spec.width_m, rail_out_m
    outer = [(-e, -e, 0.04), (L + e, -e, 0.04), (L + e, W + e, 0.04), (-e, W + e, 0.04)]
    for _ in range(20000):
        a = rng.uniform(0, 2 * math.pi)
        off = e + rng.uniform(*STAND_OFF_RANGE_M)
        # the point of the table's outline in that direction, pushed out by the stand-off
        c, s = math.cos(a), math.sin(a)
        k = min(abs((L / 2 + off) / c) if c else 1e9, abs((W / 2 + off) / s) if s else 1e9)
        cam = (L / 2 + k * c, W / 2 + k * s, rng.uniform(*PHONE_HEIGHT_RANGE_M))
        look = (rng.uniform(0, L), rng.uniform(0, W), 0.0)
        roll = rng.uniform(-ROLL_MAX_DEG, ROLL_MAX_DEG)
        if _frames(outer, cam, look, roll, width_px, height_px):
            return cam, look, roll
    raise RuntimeError("no pose frames the table")


def _frames(outer, cam, look, roll, width_px, height_px) -> bool:
    """Whether the table's outer corners are all in the frame, FRAME_MARGIN inside."""
    px = to_pixels(outer, cam, look, roll, width_px, height_px)
    m = FRAME_MARGIN
    return bool(np.all(np.isfinite(px)) and px[:, 0].min() > m * width_px
                and px[:, 0].max() < (1 - m) * width_px and px[:, 1].min() > m * height_px
                and px[:, 1].max() < (1 - m) * height_px)


def low_end(rng, spec, rail_out_m, width_px, height_px):
    """A camera LOW_END_HEIGHT_M above the cloth behind the house end (x < 0), framing the
    whole table: (cam, look, roll)."""
    L, W, e = spec.length_m, spec.width_m, rail_out_m
    outer = [(-e, -e, 0.04), (L + e, -e, 0.04), (L + e, W + e, 0.04), (-e, W + e, 0.04)]
    for _ in range(20000):
        cam = (-e - rng.uniform(*STAND_OFF_RANGE_M),
               W / 2 + rng.uniform(-LOW_END_ACROSS, LOW_END_ACROSS) * W, LOW_END_HEIGHT_M)
        look = (rng.uniform(*LOOK_ALONG_RANGE) * L,
                W / 2 + rng.uniform(-LOOK_ACROSS, LOOK_ACROSS) * W, 0.0)
        roll = rng.uniform(-ROLL_MAX_DEG, ROLL_MAX_DEG)
        if _frames(outer, cam, look, roll, width_px, height_px):
            return cam, look, roll
    raise RuntimeError("no low pose frames the table")


def where(cam, spec) -> str:
    ex = max(-cam[0], cam[0] - spec.length_m, 0.0)
    ey = max(-cam[1], cam[1] - spec.width_m, 0.0)
    if ex > 0.4 and ey > 0.4:
        return "corner"
    return "end" if ex > ey else "side"


def far_by_convention(cam, spec) -> bool:
    """docs/PHOTO.md: a camera beyond a short end looks from the house end; one at a long side
    stands at y = 0.  A camera the other way round sees the position turned by 180 deg."""
    L, W = spec.length_m, spec.width_m
    short_end = abs(cam[0] - L / 2) / L > abs(cam[1] - W / 2) / W
    return not (cam[0] < L / 2 if short_end else cam[1] < W / 2)


def _turn(p, spec):
    return (spec.length_m - p[0], spec.width_m - p[1]) + tuple(p[2:])


def make_case(index: int, seed: int, spec: TableSpec, table: str, scale: int = 1,
              view: str = "standing") -> tuple:
    """(IndependentCase, scene text) of photo ``index``; every choice from one seeded rng.
    ``scale``: the same photo with ``scale`` times the pixels each way (a phone's full
    resolution is about 3 times the 1280 x 960 of the sets); ``view``: "standing" or
    "low-end" (:func:`low_end`, 1600 x 1200 landscape)."""
    rng = np.random.default_rng([seed, index])
    orientation = ORIENTATIONS[int(rng.integers(2))]
    w, h = (1280 * scale, 960 * scale) if orientation == "landscape" else (960 * scale, 1280 * scale)
    if view == "low-end":
        orientation = "landscape"
        w, h = LOW_END_SIZE_PX[0] * scale, LOW_END_SIZE_PX[1] * scale
    layout = LAYOUTS[index % len(LAYOUTS)]
    lamps = LAMPS[int(rng.integers(2))]
    cloth = list(CLOTH_HUES)[int(rng.integers(len(CLOTH_HUES)))]
    cue_colour = ("red", "yellow")[int(rng.integers(2))]
    top_m = float(rng.uniform(*CUSHION_TOP_RANGE_M))
    rail_m = float(rng.uniform(*RAIL_WIDTH_RANGE_M))
    cue_on_rail = bool(rng.integers(2))
    balls = layout_balls(rng, spec, layout)
    cam, look, roll = (low_end if view == "low-end" else stand)(rng, spec, top_m + rail_m, w, h)
    table_text, rail_top = table_pov(rng, spec, top_m, rail_m, _jitter(rng, CLOTH_HUES[cloth], 0.12))
    ambient = rng.uniform(0.03, 0.10)
    wall = _jitter(rng, (0.55, 0.50, 0.42), 0.3)
    scene = "\n".join([
        "#version 3.7;",
        f"global_settings {{ assumed_gamma 1.0 ambient_light rgb 1 }}",
        f"#default {{ finish {{ ambient {ambient:.3f} diffuse 0.75 }} }}",
        f"background {{ {_c(tuple(0.3 * c for c in wall))} }}",
        _camera_pov(cam, look, roll, w, h),
        f"plane {{ <0,1,0>, {FLOOR_Z_M} pigment {{ checker {_c(_jitter(rng, (0.25, 0.2, 0.17), 0.3))}"
        f" {_c(_jitter(rng, (0.3, 0.25, 0.2), 0.3))} scale 0.4 }} }}",
        f"difference {{ box {{ <-4,-1,-4>, <7.6,2.4,5.8> }} box {{ <-3.9,-0.9,-3.9>, <7.5,2.3,5.7> }}"
        f" pigment {{ {_c(wall)} }} }}",
        table_text,
        lights_pov(rng, spec, lamps),
        clutter_pov(rng, spec, top_m, rail_m, rail_top, cue_on_rail),
        *(ball_pov(rng, spec, k, v, cue_colour) for k, v in balls.items())])
    turned = far_by_convention(cam, spec)
    L, W, hc = spec.length_m, spec.width_m, spec.cushion_height_m
    inner = [(0, 0, hc), (L, 0, hc), (L, W, hc), (0, W, hc)]
    if turned:  # the truth's frame: the scene's turned by 180 deg about the table's middle
        inner = [_turn(p, spec) for p in inner]
    corners = to_pixels(inner, cam, look, roll, w, h)
    truth_balls = {k: tuple(round(c, 6) for c in (_turn(v, spec) if turned else v))
                   for k, v in balls.items()}
    cam_t, look_t = (_turn(cam, spec), _turn(look, spec)) if turned else (cam, look)
    tw, _ = half_tans(w, h)
    case = IndependentCase(
        name=f"case_{index:03d}", table=table, seed=seed, width_px=w, height_px=h,
        camera=where(cam, spec), camera_xyz_m=tuple(float(c) for c in cam_t),
        look_at_xyz_m=tuple(float(c) for c in look_t),
        hfov_deg=round(2 * math.degrees(math.atan(tw)), 3), cloth=cloth, lamps=lamps,
        layout=layout, cue_colour=cue_colour, balls=truth_balls,
        corners_px=tuple((round(float(u), 2), round(float(v), 2)) for u, v in corners),
        orientation=orientation, roll_deg=round(float(roll), 3),
        jpeg_quality=int(rng.integers(55, 91)), cushion_top_m=round(top_m, 4),
        cue_on_rail=cue_on_rail, turned=bool(turned), view=view)
    return case, scene, float(rng.uniform(1.0, 4.0))


def render(case: IndependentCase, scene: str, noise_sigma: float, out_dir: Path) -> None:
    """povray -> PNG; sensor noise and JPEG compression (OpenCV); the truth JSON; atomically."""
    import cv2  # only this command needs it; pinned in .ci/constraints.txt

    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / f"{case.name}.pov").write_text(scene)
    with tempfile.TemporaryDirectory() as tmp:
        png = Path(tmp) / "r.png"
        subprocess.run(["povray", f"+I{out_dir / (case.name + '.pov')}", f"+O{png}",
                        f"+W{case.width_px}", f"+H{case.height_px}", "+A0.2", "+AM1", "-D",
                        "+FN", "-V", "-GA", "+WT2"], check=True, capture_output=True)
        img = cv2.imread(str(png)).astype(np.float32)
        rng = np.random.default_rng([case.seed, int(case.name[5:]), 1])
        img += rng.normal(0.0, noise_sigma, img.shape).astype(np.float32)
        ok, buf = cv2.imencode(".jpg", np.clip(img, 0, 255).astype(np.uint8),
                               [cv2.IMWRITE_JPEG_QUALITY, case.jpeg_quality])
        if not ok:
            raise RuntimeError("JPEG encoding failed")
        tmp_jpg = out_dir / f".{case.name}.jpg.tmp"
        tmp_jpg.write_bytes(buf.tobytes())
        os.replace(tmp_jpg, out_dir / f"{case.name}.jpg")
    tmp_json = out_dir / f".{case.name}.json.tmp"
    tmp_json.write_text(json.dumps(case.to_json(), indent=1))
    os.replace(tmp_json, out_dir / f"{case.name}.json")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("out", type=Path, nargs="?",
                   help="the folder written (required, but with --smoke)")
    p.add_argument("--n", type=int, default=30)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--seed", type=int, default=131)
    p.add_argument("--table", default="pyramid-12ft")
    p.add_argument("--scale", type=int, default=1, help="times the pixels each way (1: 1280 x 960)")
    p.add_argument("--view", choices=VIEWS, default="standing",
                   help="a standing player's phone, or a camera low behind the house end")
    with smoke.scratch(smoke.asked(argv)) as folder:
        args = smoke.parse(p, argv, n=1, **({"out": folder} if folder else {}))
        if args.out is None:
            p.error("the following arguments are required: out")
        if args.scale < 1:
            p.error(f"--scale: {args.scale} is not a whole number of at least 1")
        if shutil.which("povray") is None:
            p.error("POV-Ray is not installed (Debian: apt-get install povray)")
        return make_set(args)


def make_set(args: argparse.Namespace) -> int:
    """Renders the cases asked for into ``args.out``."""
    spec = table_by_name(args.table)
    for i in range(args.first, args.first + args.n):
        case, scene, noise = make_case(i, args.seed, spec, args.table, args.scale, args.view)
        render(case, scene, noise, args.out)
        print(case.name, case.camera, case.orientation, case.lamps, case.layout, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
