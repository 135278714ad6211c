"""Issue 31 item 4: how well ``pyramid photo`` reads the rendered validation set.

    python -m benchmarks.photo_set /tmp/photo_set --n 40        # the set (POV-Ray), once
    python -m benchmarks.photo_report /tmp/photo_set [--corners] [--write docs/PHOTO.md [--tag T]]
    python -m benchmarks.photo_report /tmp/photo_set --smoke    # its first photo only
    python -m benchmarks.photo_report /tmp/graze --by-distance  # per ball, by its distance

For every photo of the set (``case_NNN.jpg`` beside its truth ``case_NNN.json``) it runs the
detector (finding the table itself, or with ``--corners`` given the true corners, as a user
tapping them would) and matches detections to true balls one to one, nearest first, within
:data:`MATCH_MM`.  Reported, overall and per condition (camera, cloth, lamps, layout): recall
(true balls found within 20 mm), precision (detections that are a true ball within 20 mm),
the median and 95th percentile of the error of the matched balls in mm, the photos whose cue
ball was found as "cue" within 20 mm, the photos where no table was found, and the seconds
per photo (median and max).  ``--by-distance`` (issue 57 item 5, a grazing view) adds the
balls' errors by their distance from the camera, and the near and far halves of the table:
matched one to one within :data:`WIDE_MATCH_MM` (so a ball placed 30 mm off still counts),
the median error, the share within 20 mm and the median signed error along the view line
(negative: placed short of the truth, toward the camera).
"""
from __future__ import annotations

import argparse
from collections import defaultdict
import json
import os
from pathlib import Path
import statistics
import time

import numpy as np

from russian_pyramid.errors import UserInputError
from russian_pyramid.photo.service import read_position
from sim.presets import table_by_name

from . import smoke
from .photo_set import PhotoCase
from .photo_set_independent import CONDITIONS as INDEPENDENT_CONDITIONS, IndependentCase

MATCH_MM = 20.0
WIDE_MATCH_MM = 60.0  # --by-distance: a ball placed this far off is still the same ball
DISTANCE_BINS_M = (0.0, 2.5, 3.5, 4.5, 5.5, 99.0)  # the camera's distance to a ball, on the cloth


def match(truth: dict, found: dict, within_mm: float = MATCH_MM) -> list[tuple[str, str, float]]:
    """(true id, detected id, error mm) pairs, nearest first, one to one, within ``within_mm``."""
    pairs = sorted((1000 * float(np.hypot(t[0] - f[0], t[1] - f[1])), tid, fid)
                   for tid, t in truth.items() for fid, f in found.items())
    used_t, used_f, out = set(), set(), []
    for d, tid, fid in pairs:
        if d > within_mm:
            break
        if tid in used_t or fid in used_f:
            continue
        used_t.add(tid)
        used_f.add(fid)
        out.append((tid, fid, d))
    return out


def load_case(d: dict):
    """The truth of one photo: benchmarks.photo_set's, or the independent set's (its own
    conditions besides the same keys)."""
    return IndependentCase.from_json(d) if d.get("generator") == "independent" \
        else PhotoCase.from_json(d)


def conditions(case) -> tuple[str, ...]:
    """The truth's keys the tables are split by."""
    return INDEPENDENT_CONDITIONS if isinstance(case, IndependentCase) \
        else ("camera", "cloth", "lamps", "layout")


def _size(table: str) -> tuple[float, float]:
    spec = table_by_name(table)
    return spec.length_m, spec.width_m


def evaluate(folder: Path, corners: bool, limit: int | None = None) -> list[dict]:
    """A row for every rendered photo of ``folder`` (the first ``limit`` of them)."""
    rows = []
    for truth_path in sorted(folder.glob("case_*.json")):
        if not truth_path.with_suffix(".jpg").exists():
            continue  # not rendered (yet)
        if len(rows) == limit:
            break
        case = load_case(json.loads(truth_path.read_text()))
        start = time.perf_counter()
        try:
            pos = read_position(truth_path.with_suffix(".jpg"), case.table,
                                np.array(case.corners_px) if corners else None)
            found = {b.id: (b.x_m, b.y_m) for b in pos.balls}
            table = True
        except UserInputError:
            found, table = {}, False
        seconds = time.perf_counter() - start
        pairs = match(case.balls, found)
        # the house end taken at the wrong end (docs/PHOTO.md: a photo cannot tell): the
        # position found turned by 180 degrees would match better
        spec_l, spec_w = _size(case.table)
        turned = len(match(case.balls, {k: (spec_l - x, spec_w - y) for k, (x, y)
                                        in found.items()})) > max(len(pairs), 1)
        rows.append({"case": case, "found": len(found), "matched": len(pairs),
                     "true": len(case.balls), "errors_mm": [d for _, _, d in pairs],
                     "cue_ok": any(t == "cue" and f == "cue" for t, f, _ in pairs),
                     "table": table, "seconds": seconds, "turned": turned, "found_xy": found})
    return rows


def ball_errors(rows: list[dict]) -> list[dict]:
    """Every true ball of ``rows``: its distance from the camera on the cloth (m), which half of
    the table it is on (the camera's or the far one), and, matched within
    :data:`WIDE_MATCH_MM`, its error (mm) and signed error along the view line (mm, negative
    short); None where it is not matched."""
    out = []
    for r in rows:
        case = r["case"]
        cam = np.array(case.camera_xyz_m[:2])
        length, width = _size(case.table)
        middle = np.array([length / 2, width / 2])
        pairs = {t: f for t, f, _ in match(case.balls, r["found_xy"], WIDE_MATCH_MM)}
        for tid, xy in case.balls.items():
            t = np.array(xy)
            view = (t - cam) / np.linalg.norm(t - cam)
            row = {"distance_m": float(np.linalg.norm(t - cam)),
                   "far": bool((t - middle) @ (middle - cam) > 0), "error_mm": None,
                   "along_mm": None}
            if tid in pairs:
                d = 1000 * (np.array(r["found_xy"][pairs[tid]]) - t)
                row["error_mm"], row["along_mm"] = float(np.hypot(*d)), float(d @ view)
            out.append(row)
    return out


def distance_md(rows: list[dict]) -> str:
    """The balls' errors by distance from the camera and by half of the table (Markdown)."""
    balls = ball_errors(rows)
    groups = [("all", balls), ("near half", [b for b in balls if not b["far"]]),
              ("far half", [b for b in balls if b["far"]])]
    for lo, hi in zip(DISTANCE_BINS_M[:-1], DISTANCE_BINS_M[1:]):
        groups.append((f"{lo:.1f}-{hi:.1f} m" if hi < 99 else f"over {lo:.1f} m",
                       [b for b in balls if lo <= b["distance_m"] < hi]))
    out = ["| balls | n | within 20 mm | median mm | 90th pct mm | along the view, median mm |",
           "|---|---|---|---|---|---|"]
    for name, bs in groups:
        if not bs:
            continue
        errs = [b["error_mm"] for b in bs if b["error_mm"] is not None]
        along = [b["along_mm"] for b in bs if b["along_mm"] is not None]
        within = sum(e <= MATCH_MM for e in errs) / len(bs)
        med = f"{statistics.median(errs):.1f}" if errs else "-"
        p90 = f"{np.percentile(errs, 90):.1f}" if errs else "-"
        alo = f"{statistics.median(along):+.1f}" if along else "-"
        out.append(f"| {name} | {len(bs)} | {100 * within:.1f} % | {med} | {p90} | {alo} |")
    return "\n".join(out) + "\n"


def summary(rows: list[dict]) -> dict:
    errors = [e for r in rows for e in r["errors_mm"]]
    true = sum(r["true"] for r in rows)
    found = sum(r["found"] for r in rows)
    matched = sum(r["matched"] for r in rows)
    return {"photos": len(rows), "balls": true,
            "recall": matched / true if true else float("nan"),
            "precision": matched / found if found else float("nan"),
            "median_mm": statistics.median(errors) if errors else float("nan"),
            "p95_mm": float(np.percentile(errors, 95)) if errors else float("nan"),
            "cue": sum(r["cue_ok"] for r in rows) / len(rows) if rows else float("nan"),
            "no_table": sum(not r["table"] for r in rows),
            "sec_median": statistics.median(r["seconds"] for r in rows) if rows else 0.0,
            "sec_max": max((r["seconds"] for r in rows), default=0.0)}


def table_md(rows: list[dict]) -> str:
    groups: dict[str, list] = defaultdict(list)
    groups["all"] = rows
    groups["all but the rack"] = [r for r in rows if r["case"].layout != "rack"]
    for key in conditions(rows[0]["case"]) if rows else ():
        for r in sorted(rows, key=lambda r: getattr(r["case"], key)):
            groups[f"{key}: {getattr(r['case'], key)}"].append(r)
    out = ["| photos of | n | balls | recall (<= 20 mm) | precision | median mm | 95th pct mm "
           "| cue ball | no table | s/photo (median, max) |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for name, rs in groups.items():
        s = summary(rs)
        out.append(f"| {name} | {s['photos']} | {s['balls']} | {100 * s['recall']:.1f} % "
                   f"| {100 * s['precision']:.1f} % | {s['median_mm']:.1f} | {s['p95_mm']:.1f} "
                   f"| {100 * s['cue']:.0f} % | {s['no_table']} "
                   f"| {s['sec_median']:.2f}, {s['sec_max']:.2f} |")
    return "\n".join(out) + "\n"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("folder", type=Path)
    p.add_argument("--corners", action="store_true",
                   help="give the detector the true corners (as a user tapping them)")
    p.add_argument("--write", type=Path, help="replace the marked block of this Markdown file")
    p.add_argument("--tag", default="", help="the block's name (default: auto or corners)")
    p.add_argument("--by-distance", action="store_true",
                   help="the balls' errors by their distance from the camera as well")
    args = smoke.parse(p, argv)
    rows = evaluate(args.folder, args.corners, 1 if args.smoke else None)
    if not rows:
        p.error(f"{args.folder}: no photo there (case_NNN.jpg beside its truth case_NNN.json)")
    md = table_md(rows)
    if args.by_distance:
        md += "\n" + distance_md(rows)
    print(md)
    for r in rows:
        if r["matched"] < r["true"] or r["found"] > r["matched"] or not r["cue_ok"]:
            print(f"  {r['case'].name} {r['case'].camera} {r['case'].layout}: "
                  f"{r['matched']}/{r['true']} found, {r['found'] - r['matched']} false, "
                  f"cue {'ok' if r['cue_ok'] else 'missed'}"
                  f"{'' if r['table'] else ', no table'}{', turned 180 deg' if r['turned'] else ''}")
    print(f"turned 180 deg: {sum(r['turned'] for r in rows)} of {len(rows)} photos")
    if args.write:
        tag = args.tag or ("corners" if args.corners else "auto")
        begin, end = f"<!-- photo_report:{tag} -->", f"<!-- /photo_report:{tag} -->"
        text = args.write.read_text()
        head, rest = text.split(begin, 1)
        _, tail = rest.split(end, 1)
        tmp = args.write.with_suffix(".tmp")
        tmp.write_text(head + begin + "\n" + md + end + tail)
        os.replace(tmp, args.write)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
