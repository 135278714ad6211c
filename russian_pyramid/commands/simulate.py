"""``pyramid simulate SHOT.json``: one stroke through the simulator (or many with --batch).

The command line's adapter: the shot is read and checked by :func:`russian_pyramid.app.position.
parse_shot`, played by the simulator, and printed (text, JSON, or a picture)."""
from __future__ import annotations

import json
import sys

from engine import jsonin
from engine.errors import EngineError
from sim import SimInputError, Simulator
from sim.trajectory import sample_paths

from ..app.common import first_run
from ..app.position import parse_shot
from .. import pictures
from ..errors import UserInputError, brief
from ..io import check_outputs, print_json, read_json, read_text
from ._common import chosen_input, input_or_example


def run_shot(obj) -> tuple[Simulator, dict, object]:
    """A shot played: its simulator, balls and the simulator's result."""
    simulator, balls, strike, watch = parse_shot(obj)
    result = simulator.simulate(balls, strike, watch_house_line=watch, check=False)
    return simulator, balls, result


def _print_human(result) -> None:
    out = sys.stdout
    fell = ", ".join(f"{p.ball} into {p.pocket} at {p.time_s:.2f} s" for p in result.pocketed)
    out.write(f"first contact: {result.first_contact or 'none (a miss)'}\n")
    if result.cushions_before_first_contact:
        out.write(f"cushions before it: {', '.join(result.cushions_before_first_contact)}\n")
    out.write(f"pocketed: {fell or 'nothing'}\n")
    out.write(f"all balls stopped after {result.duration_s:.2f} s; {len(result.events)} events\n")
    out.write("final positions:\n")
    for ball, pos in result.final.items():
        where = "pocketed" if pos is None else f"x = {pos[0]:.4f} m, y = {pos[1]:.4f} m"
        out.write(f"  {ball:>3}: {where}\n")
    out.write("events:\n")
    for ev in result.events:
        if ev.is_transition:
            continue
        extra = " ".join(x for x in (ev.cushion, ev.pocket) if x)
        out.write(f"  {ev.time_s:8.4f} s  {ev.kind.label:<13} {' '.join(ev.balls):<9} {extra}\n")


def _batch(path: str) -> int:
    text = read_text(path)
    first_run()
    bad = failed = 0
    # JSON Lines end with "\n" (and "\r\n"); str.splitlines would also split at U+2028 and
    # the like, which JSON allows raw inside a string, and so misnumber the lines
    for lineno, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            obj = jsonin.loads(line, source=f"line {lineno}")
            _, _, result = run_shot(obj)
            record = result.to_json()
        except (EngineError, SimInputError, UserInputError) as exc:  # jsonin's errors too
            bad += 1
            record = {"line": lineno, "error": brief(exc)}
        except Exception as exc:  # noqa: BLE001 - a fault on one line must not cost the
            # others their results (the contract: the other lines run); it is reported as
            # what it is, an internal error, and the exit status says so
            failed += 1
            record = {"line": lineno, "error": brief(f"internal error ({type(exc).__name__}: "
                                                     f"{exc})")}
        sys.stdout.write(json.dumps(record, allow_nan=False) + "\n")
    if bad:
        print(f"pyramid simulate: {bad} bad line(s) in {path!r}", file=sys.stderr)
    if failed:
        print(f"pyramid simulate: {failed} line(s) failed with an internal error",
              file=sys.stderr)
        return 1
    return 2 if bad else 0


def handle(args) -> int:
    args.shot = chosen_input(args, "shot", "SHOT.json")
    if args.shot is None:
        raise UserInputError("give SHOT.json (- for stdin) or --example NAME")
    if args.batch and args.example is not None:
        raise UserInputError("--batch reads JSON Lines; --example is one shot: leave out "
                             "--batch")
    if args.batch:
        if args.png is not None:
            raise UserInputError("--png draws one shot; it cannot be used with --batch")
        return _batch(args.shot)
    if args.png:
        pictures.require("--png")
    check_outputs([("--png", args.png)], [("SHOT.json", args.shot)])  # before the work
    obj = read_json(args.shot)
    simulator, balls, result = run_shot(obj)
    if args.png:
        pictures.diagrams().draw_stroke_png(
            args.png, simulator.table, balls, result,
            sample_paths(result.segments, simulator.params),
            title=args.shot if args.example is None else f"example {args.example}")
    if args.json:
        print_json(result.to_json())
    else:
        _print_human(result)
        if args.png:
            print(f"picture: {args.png}")
    return 0


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "simulate", help="simulate one stroke (or many with --batch)",
        description="Simulate a stroke. SHOT is a position plus \"strike\" (docs/FORMATS.md); "
                    "- reads stdin. Prints final positions, pocketed balls in order, the events "
                    "and the first ball the cue ball touched.")
    input_or_example(p, "shot", "SHOT.json", "the shot", "simulate")
    p.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    p.add_argument("--png", metavar="FILE", help="draw the table and every ball's path")
    p.add_argument("--batch", action="store_true",
                   help="SHOT is JSON Lines, one shot per line; prints one result line each "
                        "(a bad line gives an error line naming its line number; the others run)")
    p.set_defaults(handler=handle)
