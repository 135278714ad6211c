"""Issue 57 item 1: ``pyramid photo`` on real photographs, scored in image space.

``python -m benchmarks.photo_real [ROOT] [--split tune|held-out|all] [--set NAME] [--json OUT]``
(``--smoke``: one of the tests' renders laid out as a broadcast frame in a temporary folder,
boxed where the reader itself finds its balls: the whole path, numbers meaningless)

ROOT (or the environment variable ``PYRAMID_PHOTO_REAL``) is a folder holding checkouts of two
public repositories, as they are (docs/PHOTO.md, "Real photos", says where they come from):
``ROOT/CV_Project`` and ``ROOT/snooker-vision``.  Neither licence lets their photos or labels
be kept here (CV_Project states none; snooker-vision's images are YouTube frames and Open
Images photos), so this repository keeps only the list of the photos with their SHA-256
(``benchmarks/photo_real_manifest.json``, written by ``--write-manifest``: the set is fixed
and a changed file is said) and the figures measured.  Without ROOT the benchmark says so and
exits 0 (nothing to measure: CI reaches the package registries only).

The sets (the split, fixed before any tuning, is written down here and in the manifest):

* ``broadcast`` -- CV_Project ``data/game*_clip*/frames/frame_{first,last}.png`` (1024 x 576
  broadcast frames of 9-ft pool), every ball boxed (``bounding_boxes/``, ``x y w h class``,
  class 1 the white cue ball).  Tune: games 1 and 3 (12 frames); held out: games 2 and 4 (8).
* ``youtube`` -- snooker-vision ``yolov8/dataset/snooker-vision.v2i.yolov8/test/`` images
  ``yt-*`` (frames of one English-pool video, squashed to 640 x 640 by the export and
  stretched back here to 16:9, 1138 x 640); YOLO labels, class 0 a ball, no cue ball marked.
  Tune: frames numbered below 100; held out: 100 and over.
* ``openimages`` -- the other images of that folder (Open Images photos, left 640 x 640; the
  labels are not always right: reported, no target).  Tune: names starting 0-7; held out: 8-f.

Scoring (the protocol of docs/PHOTO.md): a detection matches a true ball when its centre is
within half the true ball's image radius of the true centre (the box's centre; radius the
mean of the box's half sides), each true ball matched once, nearest first.  Per set and
split: photos whose table was found (a position answered), recall (true balls matched / true
balls, over photos whose table was found and over all), precision (matches / detections),
the cue ball named (the detection called ``cue`` matches the true cue ball, over the photos
where one is marked) and the seconds a photo (the whole read, decoding included).
"""
from __future__ import annotations

import argparse
from dataclasses import asdict, dataclass
import hashlib
import json
import os
from pathlib import Path
import sys
import time

import numpy as np

from russian_pyramid.errors import UserInputError
from russian_pyramid.photo.imaging import cv2
from russian_pyramid.photo.service import read_position

from . import smoke

ENV = "PYRAMID_PHOTO_REAL"
MANIFEST = Path(__file__).with_name("photo_real_manifest.json")
MATCH_RADII = 0.5  # a detection within this many true image radii of a true centre matches it
YT_DIR = "snooker-vision/yolov8/dataset/snooker-vision.v2i.yolov8/test"
YT_SIZE_PX = (1138, 640)  # the YouTube frames back at 16:9 (the export squashed them to 640 x 640)
YT_TUNE_BELOW_FRAME = 100
BROADCAST_TUNE_GAMES = (1, 3)
OPENIMAGES_TUNE_FIRST = "01234567"
BROADCAST_CUE_CLASS = 1  # CV_Project's class ids: 1 the white cue ball, 2-4 the others
YOLO_BALL_CLASS = 0  # snooker-vision's: 0 a ball, 1 a table
# The tables of the sets, for --table-size (playing area L x W in m, ball diameter in m):
# 9-ft pool 100 x 50 in, balls 2 1/4 in (WPA equipment specifications); English pool
# 7-ft tables' playing area 72 x 36 in, balls 2 in (the usual bar table of English 8-ball).
SET_TABLES = {"broadcast": (2.54, 1.27, 0.05715), "youtube": (1.83, 0.915, 0.0508),
              "openimages": None}
SOURCES = {"broadcast": "github.com/matteodalnevo/CV_Project (no licence stated)",
           "youtube": "github.com/morge2002/snooker-vision (Roboflow export, 'License: MIT'; "
                      "the frames are a YouTube video's)",
           "openimages": "github.com/morge2002/snooker-vision (Open Images photos)"}


@dataclass(frozen=True)
class TrueBall:
    u_px: float
    v_px: float
    radius_px: float
    cue: bool


@dataclass(frozen=True)
class RealPhoto:
    set: str
    name: str
    split: str  # "tune" or "held-out"
    path: Path
    balls: tuple[TrueBall, ...]
    size_px: tuple[int, int] | None  # resized to this (width, height) before reading, or as it is
    cue_marked: bool


@dataclass(frozen=True)
class Result:
    set: str
    name: str
    split: str
    found: bool
    n_true: int
    n_found: int
    matched: int
    cue_right: bool | None  # None: no cue ball marked (or none true)
    seconds: float
    error: str = ""


def broadcast_photos(root: Path) -> list[RealPhoto]:
    out = []
    for clip in sorted((root / "CV_Project" / "data").glob("game*_clip*")):
        game = int(clip.name.split("_")[0][4:])
        split = "tune" if game in BROADCAST_TUNE_GAMES else "held-out"
        for which in ("first", "last"):
            path = clip / "frames" / f"frame_{which}.png"
            balls = []
            for line in (clip / "bounding_boxes" / f"frame_{which}_bbox.txt").read_text().split("\n"):
                f = line.split()
                if len(f) < 5:
                    continue
                x, y, w, h = (float(t) for t in f[:4])
                balls.append(TrueBall(x + w / 2, y + h / 2, (w + h) / 4,
                                      int(f[4]) == BROADCAST_CUE_CLASS))
            out.append(RealPhoto("broadcast", f"{clip.name}/{which}", split, path, tuple(balls),
                                 None, True))
    return out


def _yolo_balls(label: Path, size_px: tuple[int, int]) -> tuple[TrueBall, ...]:
    w, h = size_px
    balls = []
    for line in label.read_text().split("\n"):
        f = line.split()
        if len(f) < 5 or int(f[0]) != YOLO_BALL_CLASS:
            continue
        cx, cy, bw, bh = (float(t) for t in f[1:5])
        balls.append(TrueBall(cx * w, cy * h, (bw * w + bh * h) / 4, False))
    return tuple(balls)


def yolo_photos(root: Path) -> list[RealPhoto]:
    out = []
    for img in sorted((root / YT_DIR / "images").glob("*.jpg")):
        stem = img.name.split("_jpg")[0]
        label = root / YT_DIR / "labels" / (img.stem + ".txt")
        if stem.startswith("yt-"):
            split = "tune" if int(stem.rsplit("-", 1)[1]) < YT_TUNE_BELOW_FRAME else "held-out"
            out.append(RealPhoto("youtube", stem, split, img, _yolo_balls(label, YT_SIZE_PX),
                                 YT_SIZE_PX, False))
        else:
            split = "tune" if stem[0] in OPENIMAGES_TUNE_FIRST else "held-out"
            out.append(RealPhoto("openimages", stem, split, img, _yolo_balls(label, (640, 640)),
                                 None, False))
    return out


def all_photos(root: Path) -> list[RealPhoto]:
    return broadcast_photos(root) + yolo_photos(root)


def photo_bytes(photo: RealPhoto) -> bytes:
    data = photo.path.read_bytes()
    if photo.size_px is None:
        return data
    cv = cv2()
    img = cv.imdecode(np.frombuffer(data, np.uint8), cv.IMREAD_COLOR)
    img = cv.resize(img, photo.size_px, interpolation=cv.INTER_LINEAR)
    return cv.imencode(".png", img)[1].tobytes()


def match(found: list[tuple[float, float]], truth: tuple[TrueBall, ...]) -> list[tuple[int, int]]:
    """Pairs (detection, true ball): nearest first, each used once, within MATCH_RADII."""
    pairs = []
    for i, (u, v) in enumerate(found):
        for j, t in enumerate(truth):
            d = float(np.hypot(u - t.u_px, v - t.v_px))
            if d <= MATCH_RADII * t.radius_px:
                pairs.append((d, i, j))
    used_i, used_j, out = set(), set(), []
    for _, i, j in sorted(pairs):
        if i not in used_i and j not in used_j:
            used_i.add(i)
            used_j.add(j)
            out.append((i, j))
    return out


def read(photo: RealPhoto, table_args: dict) -> Result:
    data = photo_bytes(photo)
    start = time.perf_counter()
    try:
        pos = read_position(data, **table_args)
    except UserInputError as exc:
        return Result(photo.set, photo.name, photo.split, False, len(photo.balls), 0, 0,
                      False if photo.cue_marked and any(b.cue for b in photo.balls) else None,
                      time.perf_counter() - start, str(exc)[:120])
    seconds = time.perf_counter() - start
    found = [(b.u_px, b.v_px) for b in pos.balls]
    pairs = match(found, photo.balls)
    cue_right = None
    if photo.cue_marked and any(b.cue for b in photo.balls):
        cue_right = any(pos.balls[i].id == "cue" and photo.balls[j].cue for i, j in pairs)
    return Result(photo.set, photo.name, photo.split, True, len(photo.balls), len(found),
                  len(pairs), cue_right, seconds)


def summary(results: list[Result]) -> dict:
    found = [r for r in results if r.found]
    n_true = sum(r.n_true for r in results)
    n_true_found = sum(r.n_true for r in found)
    matched = sum(r.matched for r in found)
    n_det = sum(r.n_found for r in found)
    cues = [r.cue_right for r in results if r.cue_right is not None]
    return {"photos": len(results), "tables_found": len(found),
            "recall_found": matched / n_true_found if n_true_found else None,
            "recall_all": matched / n_true if n_true else None,
            "precision": matched / n_det if n_det else None,
            "cue_named": sum(cues), "cue_marked": len(cues),
            "seconds_mean": float(np.mean([r.seconds for r in results])) if results else None,
            "seconds_max": max((r.seconds for r in results), default=None)}


def _pc(x) -> str:
    return "-" if x is None else f"{100 * x:.0f} %"


def table_text(rows: dict) -> str:
    lines = ["| set | split | tables found | recall (tables found / all) | precision | "
             "cue ball named | s a photo (mean / max) |", "|---|---|---|---|---|---|---|"]
    for (name, split), s in rows.items():
        cue = f"{s['cue_named']}/{s['cue_marked']}" if s["cue_marked"] else "-"
        secs = "-" if s["seconds_mean"] is None else \
            f"{s['seconds_mean']:.2f} / {s['seconds_max']:.2f}"
        lines.append(f"| {name} | {split} | {s['tables_found']}/{s['photos']} | "
                     f"{_pc(s['recall_found'])} / {_pc(s['recall_all'])} | "
                     f"{_pc(s['precision'])} | {cue} | {secs} |")
    return "\n".join(lines)


def table_args_for(photo_set: str, args) -> dict:
    if args.table is not None or SET_TABLES.get(photo_set) is None or args.preset_only:
        return {"table": args.table or "pyramid-12ft"}
    length_m, width_m, ball_m = SET_TABLES[photo_set]
    return {"table_size_m": (length_m, width_m), "ball_diameter_m": ball_m}


def write_manifest(photos: list[RealPhoto]) -> None:
    doc = {"about": "issue 57's real photos: the list and split only (their licences keep "
                    "the photos and labels out of this repository); benchmarks/photo_real.py",
           "sources": SOURCES,
           "photos": [{"set": p.set, "name": p.name, "split": p.split,
                       "sha256": hashlib.sha256(p.path.read_bytes()).hexdigest()}
                      for p in photos]}
    MANIFEST.write_text(json.dumps(doc, indent=1) + "\n")


def check_manifest(photos: list[RealPhoto]) -> list[str]:
    """The photos that differ from the manifest's (changed, missing or new)."""
    if not MANIFEST.exists():
        return ["no manifest"]
    known = {(p["set"], p["name"]): p for p in json.loads(MANIFEST.read_text())["photos"]}
    bad = []
    for p in photos:
        k = known.pop((p.set, p.name), None)
        if k is None or k["split"] != p.split \
                or k["sha256"] != hashlib.sha256(p.path.read_bytes()).hexdigest():
            bad.append(f"{p.set}/{p.name}")
    return bad + [f"{s}/{n} missing" for s, n in known]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("root", nargs="?", default=os.environ.get(ENV),
                   help=f"the folder of the checkouts (default: ${ENV})")
    p.add_argument("--split", choices=("tune", "held-out", "all"), default="all")
    p.add_argument("--set", choices=tuple(SOURCES), action="append")
    p.add_argument("--table", help="read every photo as this preset (the baseline: none given)")
    p.add_argument("--preset-only", action="store_true",
                   help="the default preset for every set (as before --table-size)")
    p.add_argument("--json", metavar="OUT", help="write every photo's result here")
    p.add_argument("--write-manifest", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true", help="one line a photo")
    args = smoke.parse(p, argv)
    if args.smoke:
        with smoke.scratch(True) as folder:
            return _run(args, _smoke_root(folder))
    return _run(args, args.root)


def _smoke_root(folder: Path) -> Path:
    """A broadcast-like set of one photo (the tests' render case_000, boxed where the reader
    finds its balls) under ``folder``."""
    clip = folder / "CV_Project" / "data" / "game2_clip1"
    (clip / "frames").mkdir(parents=True)
    (clip / "bounding_boxes").mkdir()
    render = Path(__file__).parent.parent / "tests" / "russian_pyramid" / "photo_data"
    data = (render / "case_000.jpg").read_bytes()
    cv = cv2()
    img = cv.imdecode(np.frombuffer(data, np.uint8), cv.IMREAD_COLOR)
    cv.imwrite(str(clip / "frames" / "frame_first.png"), img)
    boxes = [f"{b.u_px - b.radius_px:.0f} {b.v_px - b.radius_px:.0f} {2 * b.radius_px:.0f} "
             f"{2 * b.radius_px:.0f} {BROADCAST_CUE_CLASS if b.id == 'cue' else 3}"
             for b in read_position(data).balls]
    (clip / "bounding_boxes" / "frame_first_bbox.txt").write_text("\n".join(boxes) + "\n")
    cv.imwrite(str(clip / "frames" / "frame_last.png"), img)
    (clip / "bounding_boxes" / "frame_last_bbox.txt").write_text("")
    return folder


def _run(args, root) -> int:
    if not root or not Path(root).is_dir():
        print(f"photo_real: no photos (give ROOT or set ${ENV}; docs/PHOTO.md, Real photos): "
              "nothing measured")
        return 0
    photos = all_photos(Path(root))
    if args.write_manifest and not args.smoke:
        write_manifest(photos)
        print(f"wrote {MANIFEST} ({len(photos)} photos)")
        return 0
    bad = [] if args.smoke else check_manifest(photos)
    if bad:
        print(f"photo_real: {len(bad)} photos differ from the manifest: {bad[:5]}",
              file=sys.stderr)
    photos = [q for q in photos if (args.split == "all" or q.split == args.split)
              and (not args.set or q.set in args.set)]
    results = []
    for q in photos:
        r = read(q, table_args_for(q.set, args))
        results.append(r)
        if args.verbose:
            print(f"{q.set:10} {q.split:8} {q.name:24} found={r.found} true={r.n_true} "
                  f"det={r.n_found} match={r.matched} cue={r.cue_right} {r.seconds:.2f}s "
                  f"{r.error}", flush=True)
    rows = {}
    for name in SOURCES:
        for split in ("tune", "held-out"):
            sel = [r for r in results if r.set == name and r.split == split]
            if sel:
                rows[(name, split)] = summary(sel)
    print(table_text(rows))
    if args.json:  # a smoke run's too: where the command names
        Path(args.json).write_text(json.dumps([asdict(r) for r in results], indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
