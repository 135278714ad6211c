"""``pyramid photo IMAGE``: the position read from a photo of the table (issue 31).

Finds the table (or takes ``--corners``, the playing area's four corners in the photo's
pixels: the house end's right corner, the far right, the far left, the house end's left), the
balls and the cue ball by its colour, and prints the position -- settled as the board's photo
is (:func:`russian_pyramid.app.photo.settled`: moved the least so that the simulator takes it)
-- with ``--json`` the position document of docs/FORMATS.md (object balls ``"?1"``,
``"?2"``..., their numbers unread) plus a confidence per ball and ``photo``, what the detector
saw (its own centres, and ``moved_mm``), as ``POST /api/photo`` answers (docs/PHOTO.md).  A file that is not a
JPEG or PNG image, an image over the pixel limit and a photo without a table are refused
(exit status 2).

The command line's adapter over :mod:`russian_pyramid.photo.service` and
:mod:`russian_pyramid.app.photo`.
"""
from __future__ import annotations

import time

from ai.words import number_text
from engine import extras
from engine.words import DEFAULT_LANG, LANGS, say

from ..app.photo import SHOWN_MOVE_M, settled
from ..errors import UserInputError
from ..io import print_json
from ..photo.imaging import EXTRA as PHOTO_EXTRA
from ..photo.service import parse_corners, read_position
from ..photo.table_size import parse_ball_diameter, parse_table_size


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "photo", help="read the position from a photo of the table",
        description="Finds the table and the balls in a photo (JPEG or PNG) and prints the "
                    "position in the table's coordinates; object balls' numbers are not read "
                    "(ids ?1, ?2, ...).  Without --corners the house end is the short end "
                    "nearer the camera, or the left end when the photo is taken from a long "
                    "side.")
    p.add_argument("image", metavar="IMAGE", help="the photo, JPEG or PNG")
    p.add_argument("--table", default="pyramid-12ft",
                   help="the table's preset (pyramid-12ft, pyramid-11ft, pyramid-10ft)")
    p.add_argument("--corners", metavar="X1,Y1,...,X4,Y4",
                   help="the playing area's corners in the photo's pixels, in the order: the "
                        "house end's right corner, the far right, the far left, the house "
                        "end's left (the table is then not looked for; kept within 5 px; "
                        "given in another order, they are sorted and the house end is the "
                        "end nearer the camera)")
    p.add_argument("--refine", action="store_true",
                   help="with --corners: they are approximate (tapped, read off a screen); "
                        "the cloth's outline is looked for near them and fitted")
    p.add_argument("--table-size", metavar="L,W",
                   help="another table than the preset's: the playing area's length and width "
                        "in metres (e.g. 2.54,1.27 for 9-ft pool); the preset's pockets are "
                        "kept, in proportion to the balls")
    p.add_argument("--ball-diameter", metavar="D",
                   help="the balls' diameter with its unit, mm or m (e.g. 57.15mm, 0.0525m); "
                        "default: the preset's (68 mm)")
    p.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    p.add_argument("--lang", choices=LANGS, default=DEFAULT_LANG,
                   help="language of the printed lines (the JSON's keys stay as they are)")
    p.set_defaults(handler=run)


def run(args) -> int:
    extras.require(PHOTO_EXTRA, "pyramid photo")  # OpenCV: said before the file is read
    start = time.perf_counter()
    corners = parse_corners(args.corners) if args.corners is not None else None
    if args.refine and corners is None:
        raise UserInputError("--refine needs --corners (the corners to refine)",
                             field="refine")
    size = parse_table_size(args.table_size) if args.table_size is not None else None
    ball = parse_ball_diameter(args.ball_diameter) if args.ball_diameter is not None else None
    pos = read_position(args.image, args.table, corners, refine_corners=args.refine,
                        table_size_m=size, ball_diameter_m=ball)
    answer = settled(pos, start)  # a position the simulator takes, as the board's photo
    if args.json:
        print_json(answer.to_json())
        return 0
    lang = args.lang
    print(say("photo.summary", lang, table=pos.table, n=len(pos.balls),
              height=f"{pos.camera_height_m:.2f}", seconds=f"{answer.seconds:.2f}"))
    if pos.lens_mm is not None:  # issue 57 item 4: read from the three sides seen
        side = pos.seen_from_y_m is not None  # from beside the table, not behind an end
        key = "photo.partial_side" if side else "photo.partial"
        m = f"{pos.seen_from_y_m if side else pos.seen_from_x_m:.2f}"
        if pos.lens_from_exif:
            print("  " + say(key + "_exif", lang, m=m, mm=f"{pos.lens_mm:g}"))
        else:
            print("  " + say(key, lang, m=m))
    elif pos.table_runs_out:  # the outline may hold the frame's edge
        print("  " + say("photo.runs_out", lang))
    for b, (_, x, y) in zip(pos.balls, answer.balls):
        print("  " + say("photo.ball", lang, id=f"{b.id:>4}", x=f"{x:6.3f}",
                         y=f"{y:6.3f}", confidence=f"{b.confidence:.2f}"))
    moved_m = max((m for _, m in answer.moved_m), default=0.0)
    if moved_m >= SHOWN_MOVE_M:  # the board's words for it
        print("  " + say("board.photo_moved", lang, mm=number_text(moved_m * 1000, 1, lang)))
    if pos.cue_colour is None:
        print("  " + say("photo.no_cue", lang))
    return 0
