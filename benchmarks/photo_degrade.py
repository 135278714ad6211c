"""Issue 31 item 4: a rendered set made to look more like a phone's photo, to measure what
the renders' clean pixels flatter.

    python -m benchmarks.photo_degrade SRC_DIR OUT_DIR [--blur-px 1.0] [--noise 6]
                                       [--grain-px 2] [--quality 75] [--roll-deg 0] [--seed 1]
    python -m benchmarks.photo_report OUT_DIR
    python -m benchmarks.photo_degrade SRC_DIR --smoke    # its first photo, into a temporary folder

Each ``case_*.jpg`` of ``SRC_DIR`` (a set of ``benchmarks.photo_set`` or
``benchmarks.photo_set_independent``) is written to ``OUT_DIR`` with, in this order:

* **roll** (``--roll-deg``, counter-clockwise as the photo is seen): the phone turned about
  its lens's axis, as a player holding it askew does; the photo is turned about its centre
  (the pinhole camera's principal point, so this is exactly a camera rolled), the corners
  that come in from outside the frame black, and the truth's ``corners_px`` turned with it
  (the balls' places on the table do not move; ``roll_deg`` stays the render's own);
* **blur** (``--blur-px``, a Gaussian's sigma in the photo's pixels): a phone's lens and its
  demosaicing spread a point over a pixel or two; a render is sharp to the pixel;
* **noise** (``--noise``, grey levels at mid grey): shot noise grows as the square root of
  the light (a Poisson-Gaussian model: sigma = noise * sqrt(I / 128), each colour apart), and
  a phone's denoiser leaves it as blotches rather than single pixels, so it is drawn on a
  grid ``--grain-px`` times coarser and enlarged;
* **JPEG** at ``--quality`` (a phone saves at 80-95; messengers at 70-80).

Without a roll the truth files are copied unchanged (blur and noise are centred).  This is an
approximation with round numbers, not a model of any one phone: it says how much worse the
detector reads pixels that are blurred, noisy and compressed harder than the renders', not
what it does on a real photo.  Every random draw is seeded by ``--seed`` and the case's name.
"""
from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
import zlib

import cv2
import numpy as np

from . import smoke

MID_GREY = 128.0  # the grey level at which --noise is the noise's sigma


def rolled(img: np.ndarray, truth: dict, roll_deg: float) -> tuple[np.ndarray, dict]:
    """``img`` turned by ``roll_deg`` (counter-clockwise as seen) about its centre, and the
    truth with its ``corners_px`` turned with it."""
    h, w = img.shape[:2]
    turn = cv2.getRotationMatrix2D(((w - 1) / 2, (h - 1) / 2), roll_deg, 1.0)
    out = cv2.warpAffine(img, turn, (w, h), flags=cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0))
    corners = np.c_[np.asarray(truth["corners_px"], float), np.ones(4)] @ turn.T
    moved = dict(truth, corners_px=[[round(float(u), 2), round(float(v), 2)] for u, v in corners])
    return out, moved


def degrade_pixels(img: np.ndarray, rng: np.random.Generator, blur_px: float, noise: float,
                   grain_px: float) -> np.ndarray:
    """``img`` (BGR, uint8) blurred and made noisy, as uint8."""
    out = img.astype(np.float32)
    if blur_px > 0:
        out = cv2.GaussianBlur(out, (0, 0), blur_px)
    if noise > 0:
        h, w = out.shape[:2]
        gh, gw = max(1, round(h / grain_px)), max(1, round(w / grain_px))
        unit = rng.standard_normal((gh, gw, 3)).astype(np.float32)
        # enlarged by linear interpolation, then scaled back to unit variance (enlarging
        # averages neighbouring draws, which lowers the variance)
        field = cv2.resize(unit, (w, h), interpolation=cv2.INTER_LINEAR)
        field /= max(float(field.std()), 1e-6)
        out += field * noise * np.sqrt(np.clip(out, 0.0, 255.0) / MID_GREY)
    return np.clip(out + 0.5, 0, 255).astype(np.uint8)


def degrade(img: np.ndarray, rng: np.random.Generator, blur_px: float, noise: float,
            grain_px: float, quality: int) -> bytes:
    """The JPEG bytes of ``img`` (BGR, uint8) blurred, made noisy and compressed (OpenCV's
    default 4:2:0 chroma subsampling, as a phone's JPEG: the colour part of the noise is
    halved each way)."""
    ok, buf = cv2.imencode(".jpg", degrade_pixels(img, rng, blur_px, noise, grain_px),
                           [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    return buf.tobytes()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("src", type=Path)
    p.add_argument("out", type=Path, nargs="?",
                   help="the folder written (required, but with --smoke)")
    p.add_argument("--blur-px", type=float, default=1.0)
    p.add_argument("--noise", type=float, default=6.0)
    p.add_argument("--grain-px", type=float, default=2.0)
    p.add_argument("--quality", type=int, default=75)
    p.add_argument("--roll-deg", type=float, default=0.0)
    p.add_argument("--seed", type=int, default=1)
    with smoke.scratch(smoke.asked(argv)) as folder:
        args = smoke.parse(p, argv, **({"out": folder} if folder else {}))
        if args.out is None:
            p.error("the following arguments are required: out")
        return degrade_set(p, args)


def degrade_set(p: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Every photo of ``args.src`` (the first only with ``--smoke``) degraded into
    ``args.out``; a bad flag exits 2 naming it."""
    if args.blur_px < 0 or args.noise < 0:
        p.error(f"--blur-px {args.blur_px} and --noise {args.noise} must be at least 0")
    if args.grain_px < 1:
        p.error(f"--grain-px: {args.grain_px} is less than one pixel")
    if not 1 <= args.quality <= 100:
        p.error(f"--quality: {args.quality} is not from 1 to 100")
    if not -90 <= args.roll_deg <= 90:
        p.error(f"--roll-deg: {args.roll_deg} is not from -90 to 90")
    photos = sorted(args.src.glob("case_*.jpg"))[:1 if args.smoke else None]
    if not photos:
        p.error(f"{args.src}: no case_*.jpg photos there")
    args.out.mkdir(parents=True, exist_ok=True)
    for jpg in photos:
        img = cv2.imread(str(jpg))
        if img is None:
            p.error(f"{jpg}: not an image")
        truth = json.loads(jpg.with_suffix(".json").read_text())
        if args.roll_deg:
            img, truth = rolled(img, truth, args.roll_deg)
        rng = np.random.default_rng([args.seed, zlib.crc32(jpg.stem.encode())])
        data = degrade(img, rng, args.blur_px, args.noise, args.grain_px, args.quality)
        tmp = args.out / f".{jpg.name}.tmp"
        tmp.write_bytes(data)
        os.replace(tmp, args.out / jpg.name)
        tmp = args.out / f".{jpg.stem}.json.tmp"
        tmp.write_text(json.dumps(truth, indent=1))
        os.replace(tmp, args.out / f"{jpg.stem}.json")
        print(jpg.stem, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
