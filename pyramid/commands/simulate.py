"""``pyramid simulate SHOT.json``: one stroke through the simulator (or many with --batch)."""
from __future__ import annotations

import json
import math
import sys

from sim import PhysicsParams, SimInputError, Simulator, Strike, parse_balls, shared_simulator
from engine import jsonin
from engine.errors import EngineError, excerpt
from sim.table import DEFAULT_TABLE, PRESETS, UnknownTableError, table_by_name

from ..errors import UserInputError, brief
from ..io import check_output_path, print_json, read_json, read_text
from . import _common as C

KNOWN_FIELDS = {"table", "balls", "cue_in_hand", "placement", "strike", "physics",
                "watch_house_line"}

_SIMULATORS: dict[tuple, Simulator] = {}


def _simulator(table: str, physics: dict | None) -> Simulator:
    if not physics:
        return shared_simulator(table)
    key = (table, json.dumps(physics, sort_keys=True))
    if key not in _SIMULATORS:
        try:
            params = PhysicsParams.from_json(physics)
        except (TypeError, ValueError) as exc:
            raise UserInputError(f"physics: {exc}") from None
        _SIMULATORS[key] = Simulator(PRESETS[table], params)
    return _SIMULATORS[key]


def _check_physics(physics) -> None:
    """``physics``: an object of parameters, each a number (``cushion_model`` a name);
    ``true`` is not a number here although Python counts it as one."""
    if not isinstance(physics, dict):
        raise UserInputError(f"physics must be an object of parameters, got {excerpt(physics)}")
    for key, value in physics.items():
        if key == "cushion_model":
            if not isinstance(value, str):
                raise UserInputError(f"physics.cushion_model = {excerpt(value)} must be a name")
        elif isinstance(value, bool) or not isinstance(value, (int, float)):
            raise UserInputError(f"physics.{excerpt(key)[1:-1]} = {excerpt(value)} must be a "
                                 f"number")


STRIKE_FIELDS = ("speed_mps", "phi_deg", "elevation_deg", "side", "vertical")


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def check_shapes(obj: dict) -> None:
    """The JSON types of a position's ``balls`` (and a shot's ``placement`` and ``strike``),
    refused naming the field and quoting an excerpt of the value; the simulator then checks
    the values themselves (it quotes values whole, and a value may be megabytes)."""
    balls = obj.get("balls")
    if balls is not None:
        if not isinstance(balls, dict):
            raise UserInputError(f"balls must be an object mapping ball ids to [x, y], got "
                                 f"{excerpt(balls)}")
        for key, xy in balls.items():
            _check_xy(f"balls.{excerpt(key)[1:-1]}", xy)
    if obj.get("placement") is not None:
        _check_xy("placement", obj["placement"])
    strike = obj.get("strike")
    if strike is not None:
        if not isinstance(strike, dict):
            raise UserInputError(f"strike must be an object, got {excerpt(strike)}")
        for key, value in strike.items():
            if key not in STRIKE_FIELDS:
                raise UserInputError(f"strike has the unknown field {excerpt(key)}; known: "
                                     f"{', '.join(STRIKE_FIELDS)}")
            if not _is_number(value):
                raise UserInputError(f"strike.{key} must be a number, got {excerpt(value)}")


def _check_xy(field: str, xy) -> None:
    if not (isinstance(xy, list) and len(xy) == 2 and all(map(_is_number, xy))):
        raise UserInputError(f"{field} must be [x, y] in metres, got {excerpt(xy)}")


def table_of(doc: dict) -> str:
    """The document's ``table`` (default the 12 ft table), a known preset's name or bad input."""
    table = doc.get("table", DEFAULT_TABLE)
    try:
        table_by_name(table)
    except UnknownTableError as exc:
        raise UserInputError(str(exc)) from None
    return table


def parse_shot(obj) -> tuple[Simulator, dict, Strike, float | bool]:
    """A shot (docs/FORMATS.md: a position plus "strike") to a simulator, balls and stroke."""
    if not isinstance(obj, dict):
        raise UserInputError(f"a shot must be a JSON object, got {type(obj).__name__}")
    unknown = set(obj) - KNOWN_FIELDS
    if unknown:
        raise UserInputError(f"unknown field(s) {', '.join(excerpt(k) for k in sorted(unknown))}"
                             f"; known: {', '.join(sorted(KNOWN_FIELDS))}")
    table = table_of(obj)
    if "balls" not in obj:
        raise UserInputError("balls is missing")
    if "strike" not in obj:
        raise UserInputError("strike is missing")
    cue_in_hand = obj.get("cue_in_hand", False)
    if not isinstance(cue_in_hand, bool):
        raise UserInputError(f"cue_in_hand must be true or false, got {excerpt(cue_in_hand)}")
    physics = obj.get("physics")
    if physics is not None:
        _check_physics(physics)
    simulator = _simulator(table, physics)
    check_shapes(obj)
    try:
        balls = parse_balls(obj["balls"])
        if cue_in_hand:
            # docs/FORMATS.md: the cue ball's coordinates are ignored when it is in hand.
            balls.pop("cue", None)
            if "placement" not in obj:
                raise SimInputError("cue_in_hand is true: give the cue ball's placement [x, y]")
            balls["cue"] = parse_balls({"cue": obj["placement"]}, "placement")["cue"]
        elif "cue" not in balls:
            raise SimInputError("balls.cue is missing (or set cue_in_hand and give placement)")
        simulator.check_position(balls)
        strike = Strike.from_json(obj["strike"])
        strike.validate(simulator.physics)
    except SimInputError as exc:
        raise UserInputError(str(exc)) from None
    watch = obj.get("watch_house_line", cue_in_hand)
    if not isinstance(watch, (bool, int, float)) or (
            not isinstance(watch, bool) and not math.isfinite(watch)):
        raise UserInputError(f"watch_house_line must be true, false or an x in metres, got "
                             f"{excerpt(watch)}")
    return simulator, balls, strike, watch


def run_shot(obj) -> tuple[Simulator, dict, object]:
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
    C.first_run()
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
    if args.batch:
        if args.png:
            raise UserInputError("--png draws one shot; it cannot be used with --batch")
        return _batch(args.shot)
    if args.png:
        check_output_path("--png", args.png)  # before the work, not after it
    obj = read_json(args.shot)
    simulator, balls, result = run_shot(obj)
    if args.png:
        from sim.trajectory import sample_paths

        from ..diagrams import draw_stroke_png
        draw_stroke_png(args.png, simulator.table, balls, result,
                        sample_paths(result.segments, simulator.params), title=args.shot)
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
    p.add_argument("shot", metavar="SHOT.json", help="the shot, or - for stdin")
    p.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    p.add_argument("--png", metavar="FILE", help="draw the table and every ball's path")
    p.add_argument("--batch", action="store_true",
                   help="SHOT is JSON Lines, one shot per line; prints one result line each "
                        "(a bad line gives an error line naming its line number; the others run)")
    p.set_defaults(handler=handle)
