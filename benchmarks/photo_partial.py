"""Issue 57 item 4: a table running out of the photo (its two near corners out of the frame),
read from the three sides seen (russian_pyramid.photo.framing.partial_camera).

    python -m benchmarks.photo_partial tests/russian_pyramid/photo_data
    python -m benchmarks.photo_partial /tmp/indep19001      # a set of benchmarks.photo_set*
    python -m benchmarks.photo_partial tests/russian_pyramid/photo_data --smoke   # its first

Each render of the folder is turned into the photo the same phone takes tilted up until its
two nearest corners (lowest in the photo) are :data:`OUT_PX` below the frame
(:func:`tilted`): a pure turn of the camera about its centre is a homography of the image
(K R K^-1), so the photo keeps its lens, its principal point at the middle and its size, as
a phone's does (a photo cut at the bottom instead moves the principal point off the middle,
which no phone photo has).  The band the turn brings in at the top is black; the truth's
balls are the render's (the table did not move).  Per photo: read or refused, whether read
from the three sides seen, the balls within 20 mm (benchmarks.photo_report.match) and the
median error of those matched within 60 mm.

``--exif``: each photo a JPEG whose EXIF data give the render's lens (FocalLengthIn35mmFilm,
:func:`with_lens`), as a phone writes it, instead of a PNG without: the reader then takes the
scale along the table from the photo's lens, not a phone's usual one.
"""
from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
import statistics

import numpy as np

from russian_pyramid.errors import UserInputError
from russian_pyramid.photo.framing import FRAME_DIAGONAL_MM, SENSOR_SIDE_PER_DIAGONAL
from russian_pyramid.photo.imaging import EXIF_IFD_POINTER, FOCAL_35MM_TAG, cv2
from russian_pyramid.photo.service import read_position

from . import smoke
from .photo_report import MATCH_MM, WIDE_MATCH_MM, match

OUT_PX = 40  # the near corners this far below the frame (framing.py's first measure: 40 px)


def tilted(image: np.ndarray, truth: dict, out_px: float = OUT_PX) -> np.ndarray:
    """The render ``image`` (its truth ``truth``: ``hfov_deg``, ``corners_px``) as taken with
    the camera turned up about its horizontal axis until the second lowest corner is
    ``out_px`` below the frame."""
    h, w = image.shape[:2]
    f = w / 2 / math.tan(math.radians(truth["hfov_deg"]) / 2)
    k = np.array([[f, 0, (w - 1) / 2], [0, f, (h - 1) / 2], [0, 0, 1.0]])
    low = np.sort(np.asarray(truth["corners_px"], float)[:, 1])[2] - (h - 1) / 2
    turn = math.atan(low / f) - math.atan((h - 1 + out_px - (h - 1) / 2) / f)
    c, s = math.cos(turn), math.sin(turn)
    hom = k @ np.array([[1, 0, 0], [0, c, -s], [0, s, c]]) @ np.linalg.inv(k)
    return cv2().warpPerspective(image, hom, (w, h), flags=cv2().INTER_LINEAR)


def lens_mm(truth: dict, width_px: int, height_px: int) -> float:
    """The lens, 35 mm equivalent, of a render ``width_px`` x ``height_px`` whose truth gives
    its angle across the width (framing.focal_per_longer_side's inverse: renders are 4:3)."""
    focal_px = width_px / (2 * math.tan(math.radians(truth["hfov_deg"]) / 2))
    return focal_px / max(width_px, height_px) * SENSOR_SIDE_PER_DIAGONAL * FRAME_DIAGONAL_MM


def with_lens(jpeg: bytes, mm: int, order: str = "little") -> bytes:
    """``jpeg`` with an EXIF block (APP1) right after its start that gives ``mm`` as the
    35 mm equivalent focal length: IFD0 with one entry, the Exif IFD pointer, and an Exif
    IFD with one entry, FocalLengthIn35mmFilm (a SHORT), in the byte ``order`` given."""
    def n(value: int, size: int) -> bytes:
        return value.to_bytes(size, order)
    tiff = (b"II" if order == "little" else b"MM") + n(42, 2) + n(8, 4)
    tiff += n(1, 2) + n(EXIF_IFD_POINTER, 2) + n(4, 2) + n(1, 4) + n(26, 4) + n(0, 4)
    tiff += n(1, 2) + n(FOCAL_35MM_TAG, 2) + n(3, 2) + n(1, 4) + n(mm, 2) + n(0, 2) + n(0, 4)
    body = b"Exif\x00\x00" + tiff
    return jpeg[:2] + b"\xff\xe1" + (len(body) + 2).to_bytes(2, "big") + body + jpeg[2:]


def read_one(jpg: Path, exif: bool = False) -> dict:
    """One render, tilted, read (with ``exif``: a JPEG carrying its lens): what :func:`main`
    prints a row of."""
    truth = json.loads(jpg.with_suffix(".json").read_text())
    image = tilted(cv2().imread(str(jpg)), truth)
    photo = (with_lens(cv2().imencode(".jpg", image, [cv2().IMWRITE_JPEG_QUALITY, 95])[1]
                       .tobytes(), round(lens_mm(truth, image.shape[1], image.shape[0])))
             if exif else cv2().imencode(".png", image)[1].tobytes())
    row = {"name": jpg.stem, "camera": truth.get("camera"), "balls": len(truth["balls"])}
    try:
        pos = read_position(photo, truth["table"])
    except UserInputError as exc:
        return {**row, "read": False, "why": str(exc)[:70], "within": 0}
    found = {b.id: (b.x_m, b.y_m) for b in pos.balls}
    true = {k: tuple(v[:2]) for k, v in truth["balls"].items()}
    wide = match(true, found, WIDE_MATCH_MM)
    seen = ("x", pos.seen_from_x_m) if pos.seen_from_x_m is not None else \
        ("y", pos.seen_from_y_m) if pos.seen_from_y_m is not None else None
    return {**row, "read": True, "partial": seen is not None, "seen_from": seen,
            "found": len(found),
            "within": sum(1 for *_, d in wide if d <= MATCH_MM),
            "errors_mm": [round(d, 1) for *_, d in wide]}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("folder", type=Path)
    p.add_argument("--exif", action="store_true", help="each photo a JPEG whose EXIF data "
                   "give the render's lens")
    args = smoke.parse(p, argv)
    rows = [read_one(j, args.exif)
            for j in sorted(args.folder.glob("*.jpg"))[:1 if args.smoke else None]]
    for r in rows:
        if not r["read"]:
            print(f"{r['name']:24} {r['camera']:10} refused: {r['why']}")
            continue
        med = statistics.median(r["errors_mm"]) if r["errors_mm"] else float("nan")
        print(f"{r['name']:24} {r['camera']:10} {'3 sides' if r['partial'] else 'flagged':8}"
              f" within 20 mm {r['within']:2}/{r['balls']:2}  median {med:6.1f} mm"
              + (f"  seen from {r['seen_from'][0]} {r['seen_from'][1]:.2f} m"
                 if r["partial"] else ""))
    part = [r for r in rows if r["read"] and r["partial"]]
    errs = [e for r in part for e in r["errors_mm"]]
    print(f"photos {len(rows)}: read from three sides {len(part)}, flagged "
          f"{sum(r['read'] and not r['partial'] for r in rows)}, refused "
          f"{sum(not r['read'] for r in rows)}; balls within 20 mm "
          f"{sum(r['within'] for r in rows)}/{sum(r['balls'] for r in rows)} (read from three "
          f"sides: {sum(r['within'] for r in part)}/{sum(r['balls'] for r in part)}, median "
          f"{statistics.median(errs) if errs else float('nan'):.1f} mm over those within "
          f"{WIDE_MATCH_MM:.0f} mm)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
