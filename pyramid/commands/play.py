"""``pyramid play``: a self-play game or match between two agents (three for three-each).

Each stroke is printed as it happens (stdout; stderr with ``--json``); ``--record`` writes the
game record (JSON Lines, engine/record.py) as a journal while the game is played (the header,
then each stroke's line appended and flushed as it is played, :class:`engine.files.Journal`:
``kill -9`` loses at most the stroke in flight, and the file left reads as an interrupted
game) and, at the game's end, the whole sealed record over it (atomic), ``--png-dir`` a diagram of every stroke and
a game sheet.  Breaks alternate between the games of a match (R3.1; an odd last game is drawn
by lot from the seeded generator).  The whole match depends only on ``--seed``.

Nothing played is lost: ``--record`` is checked before the game (a folder that does not exist,
a directory, a place that cannot be written: exit 2 at once), and a game stopped by Ctrl-C
(exit 130) or SIGTERM (exit 143) writes its strokes so far with an unfinished result line.
"""
from __future__ import annotations

import argparse
import signal
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from engine.errors import excerpt
from engine.files import PATH_CHARS, Journal, OutputFileError
from engine.record import write_record
from sim.table import DEFAULT_TABLE

from ..errors import UserInputError
from ..io import check_output_path, kept_elsewhere, print_json
from ..scorekeeping import int_between
from . import _common as C

VARIANTS = ("two-player", "three-each", "one-vs-pair")  # as ai.games.series.VARIANTS
MAX_GAMES = 10_000  # games of one pyramid play match (each game's record name is checked first)
PAIR_ORDERS = ("while-scoring", "alternate")  # R12.2 (2) and (1), as engine.state


def register(subparsers) -> None:
    from ai.registry import DEFAULT_AGENT_PREFERENCE
    p = subparsers.add_parser(
        "play", help="a self-play game or match between agents, stroke by stroke",
        description="Self-play between two agents (three for three-each). Prints every stroke "
                    "(player, call, what fell, fouls, points, score) and a summary. The "
                    "default agent is the first registered of: "
                    + ", ".join(DEFAULT_AGENT_PREFERENCE) + ".")
    p.add_argument("--agent-a", metavar="SPEC", help="agent of side 0 (default: the strongest "
                   "registered agent), e.g. random, greedy, mc:budget=200")
    p.add_argument("--agent-b", metavar="SPEC", help="agent of side 1 (default as --agent-a)")
    p.add_argument("--agent-c", metavar="SPEC", help="agent of side 2 (three-each only)")
    p.add_argument("--skill-a", default="strong", help="execution noise of side 0: perfect, "
                   "master, strong, club, beginner or a magnitude factor (default strong)")
    p.add_argument("--skill-b", default="strong", help="execution noise of side 1")
    p.add_argument("--skill-c", default="strong", help="execution noise of side 2")
    p.add_argument("--games", type=int_between(1, MAX_GAMES), default=1,
                   help=f"games in the match (default 1, at most {MAX_GAMES}); breaks "
                        "alternate (R3.1)")
    p.add_argument("--seed", type=C.seed_int, default=None, help="seed of the whole match "
                   "(default: a fresh random seed, printed and recorded)")
    p.add_argument("--variant", choices=VARIANTS, default=VARIANTS[0])
    p.add_argument("--call-mode", choices=("exact", "ball-and-pocket"), default="exact")
    p.add_argument("--table", default=DEFAULT_TABLE, help=f"table preset (default {DEFAULT_TABLE})")
    p.add_argument("--handicap", metavar="JSON", help="handicap (R13) as JSON inline or a "
                   "file, e.g. '{\"kind\": \"points\", \"receiver\": 1, \"points\": 10}'")
    p.add_argument("--pair-order", choices=PAIR_ORDERS, default=None,
                   help="one against a pair (R12.2): 'while-scoring' (default; each plays "
                        "while he scores, R12.2(2)) or 'alternate' (single strokes in turn: "
                        "single, partner A, single, partner B, ..., R12.2(1)); with "
                        "'alternate' the single gives the pair at least 5 points on the "
                        "record: 5 when --handicap is not given, and a smaller --handicap is "
                        "refused")
    p.add_argument("--max-strokes", type=C.positive_int, default=500,
                   help="stop a game after this many strokes (default 500; reported as "
                        "unfinished)")
    p.add_argument("--record", metavar="FILE.jsonl", help="write the game record; with "
                   "--games N > 1 one file per game: FILE-g1.jsonl, FILE-g2.jsonl, ...")
    p.add_argument("--png-dir", metavar="DIR", help="draw every stroke (gG-sNNN.png) and a "
                   "game sheet per game (sheet-gG.png) into DIR (created if missing)")
    p.add_argument("--quiet", action="store_true", help="no per-stroke lines, summary only")
    p.add_argument("--json", action="store_true", help="print one JSON document on stdout "
                   "(stroke lines go to stderr)")
    p.set_defaults(handler=run)


def _start_handicap(args, table: str, pair_order: str, hc):
    """The handicap every game starts with, checked now (bad input, exit 2, before any
    compiling): R12.2(1)'s minimum with single strokes in turn (5 points to the pair when
    --handicap is not given), R12.1's none in three each for himself."""
    from engine import initial_state
    from engine.errors import EngineError
    from engine.handicap import apply_handicap, start_handicap
    try:
        state = initial_state(args.variant, args.call_mode, table, pair_order=pair_order)
        hc = start_handicap(state, hc)
        if hc is not None:
            apply_handicap(state, hc)
    except EngineError as exc:
        raise UserInputError(f"--handicap: {exc}") from None
    return hc


# exit status of a game stopped by a signal: 128 + the signal's number, as a shell reports it
EXIT_SIGINT = 128 + signal.SIGINT  # 130
EXIT_SIGTERM = 128 + signal.SIGTERM  # 143


class Terminated(KeyboardInterrupt):
    """SIGTERM during a game: it stops the game the way Ctrl-C does (a ``KeyboardInterrupt``,
    so the record keeps the strokes played), but exits 143."""
    stopped_by = "SIGTERM"


@contextmanager
def _sigterm_stops_the_game():
    """While a game is played, SIGTERM raises :class:`Terminated`; the previous handler is
    back afterwards (outside a game SIGTERM ends the process as usual)."""
    def handler(signum, frame):
        raise Terminated()
    try:
        previous = signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread (a test calling run() from a thread)
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _record_path(base: str, game: int, n_games: int) -> Path:
    path = Path(base)
    if n_games == 1:
        return path
    return path.with_name(f"{path.stem}-g{game + 1}{path.suffix or '.jsonl'}")


def _save_record(path: Path, record) -> None:
    """A game's record through the one writer (checked before the game, this is the last
    word); should its place fail after all, the record is kept in the temporary folder and
    the refusal (exit 2) says where: a game played is never lost."""
    try:
        write_record(path, record)
    except OutputFileError as exc:
        # write_record sealed the record before writing: these are the lines it would write
        raise kept_elsewhere(f"--record: {exc}", path,
                             "\n".join(record.lines()) + "\n") from None


class _RecordJournal:
    """``--record`` written as the game is played (:class:`engine.files.Journal`).  It is
    a safeguard, not the record: should it fail (the place checked before the game went away,
    a full disk), that is said once on stderr and the game goes on; the whole record is
    written at the end all the same (:func:`_save_record`)."""

    def __init__(self, path: Path):
        self.path = path
        self.journal: Journal | None = None

    def __call__(self, line: str) -> None:
        try:
            if self.journal is None:
                if self.path is None:
                    return
                self.journal = Journal(self.path, "--record")
            self.journal.append(line)
        except OutputFileError as exc:
            C.log(f"pyramid play: warning: {exc}: the record is not written as the game is "
                  f"played; it will be written at the end")
            self.close()
            self.path = None

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()
            self.journal = None


def run(args: argparse.Namespace) -> int:
    import numpy as np

    from ai.games.records import GameInterrupted, play_recorded_game
    from ai.games.series import Series, close_unfinished
    from ai.registry import default_agent_spec, make_agent
    from engine.errors import EngineError
    from sim import shared_simulator, table_by_name

    n_sides = 3 if args.variant == "three-each" else 2
    default = None
    specs = []
    for flag, value in (("--agent-a", args.agent_a), ("--agent-b", args.agent_b),
                        ("--agent-c", args.agent_c))[:n_sides]:
        if value is None:
            default = default or default_agent_spec()
            value = default
        specs.append(C.agent_spec(value, flag))
    if args.agent_c is not None and n_sides != 3:
        raise UserInputError("--agent-c is for --variant three-each only")
    skills = [C.noise_model(s, f) for s, f in ((args.skill_a, "--skill-a"),
                                              (args.skill_b, "--skill-b"),
                                              (args.skill_c, "--skill-c"))[:n_sides]]
    hc = C.handicap(args.handicap)
    try:
        table = table_by_name(args.table)
    except (KeyError, ValueError) as exc:
        raise UserInputError(f"--table {args.table!r}: {exc}") from None
    if args.pair_order is not None and args.variant != "one-vs-pair":
        raise UserInputError(f"--pair-order {args.pair_order}: is for --variant one-vs-pair "
                             f"only (R12.2), not {args.variant}")
    pair_order = args.pair_order or PAIR_ORDERS[0]
    hc = _start_handicap(args, table.name, pair_order, hc)
    if args.record:  # checked now, not after a game played for nothing
        for g in range(args.games):
            check_output_path("--record", _record_path(args.record, g, args.games))
    png_dir = None
    if args.png_dir:
        png_dir = Path(args.png_dir)
        try:
            png_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UserInputError(f"--png-dir {excerpt(args.png_dir, PATH_CHARS)}: "
                                 f"{exc.strerror or exc}") from None

    C.first_run()
    seed = C.fresh_seed() if args.seed is None else args.seed
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    simulator = shared_simulator(table.name)
    agents = [make_agent(s, simulator) for s in specs]
    series = Series(args.games, args.variant, args.call_mode, table.name, hc,
                    pair_order=pair_order)
    names = [f"{'ABC'[k]} ({s})" for k, s in enumerate(specs)]
    out_stream = sys.stderr if args.json else sys.stdout

    def say(msg: str) -> None:
        print(msg, file=out_stream, flush=True)

    terms = ""
    if args.variant == "one-vs-pair":
        terms += f", pair order {pair_order}"
    if hc is not None:
        terms += f", handicap {hc.to_json()}"
    say(f"pyramid play: {' vs '.join(names)}; variant {args.variant}{terms}, {args.games} "
        f"game(s), seed {seed}")
    games_out = []
    state = None
    t_start = time.monotonic()
    for g in range(args.games):
        try:
            state = series.chained_game(g, state, rng)
        except EngineError as exc:
            raise UserInputError(str(exc)) from None
        say(f"--- game {g + 1}: {names[state.to_move]} breaks")
        frames = []
        count = [0]

        def on_stroke(report, rec, g=g, frames=frames, count=count):
            count[0] += 1
            k = count[0]
            if not args.quiet:
                say(C.stroke_line(k, names[rec.player], rec, report.decision))
            if png_dir is not None:
                _draw_stroke(png_dir, g, k, simulator, report, rec, names, frames)

        t0 = time.monotonic()
        journal = _RecordJournal(_record_path(args.record, g, args.games)) \
            if args.record else None
        try:
            with _sigterm_stops_the_game():
                played = play_recorded_game(
                    state, agents, specs, simulator, rng, skills, seed=seed,
                    on_stroke=on_stroke, max_strokes=args.max_strokes,
                    header_extra={"game": g + 1, "games": args.games,
                                  "skills": [m.magnitude for m in skills]},
                    journal=journal)
        except GameInterrupted as exc:
            if journal is not None:
                journal.close()
            kept = ""
            if args.record:
                path = _record_path(args.record, g, args.games)
                _save_record(path, exc.record)  # the strokes so far, not lost
                kept = f"; the {len(exc.record.strokes)} stroke(s) played are in {path}"
            if exc.interrupt is not None:  # Ctrl-C or SIGTERM, even from inside Numba
                term = isinstance(exc.interrupt, Terminated)
                C.log(f"pyramid play: {'terminated (SIGTERM)' if term else 'interrupted'} in "
                      f"game {g + 1} after {len(exc.record.strokes)} stroke(s){kept}")
                return EXIT_SIGTERM if term else EXIT_SIGINT
            # an internal failure: exit 1, no traceback
            C.log(f"pyramid play: error: game {g + 1} stopped at stroke {count[0] + 1} "
                  f"by an internal failure: {exc}{kept} "
                  f"(seed {seed}; rerun with the same options to reproduce)")
            return 1
        finally:
            if journal is not None:
                journal.close()
        elapsed = time.monotonic() - t0
        final = played.log.final
        state = final
        entry = {"game": g + 1, "breaker": played.stats.breaker,
                 "result": played.stats.result.to_json(), "scores": list(final.scores),
                 "strokes": len(played.log.reports), "unfinished": played.log.unfinished,
                 "elapsed_s": round(elapsed, 3), "stats": played.stats.to_json(),
                 "record": None, "png": []}
        if args.record:
            path = _record_path(args.record, g, args.games)
            _save_record(path, played.record)
            entry["record"] = str(path)
        if png_dir is not None:
            from pyramid.diagrams import draw_game_sheet_png, sheet_paths
            sheet = png_dir / f"sheet-g{g + 1}.png"
            draw_game_sheet_png(sheet, table, frames,
                                title=f"Game {g + 1}: {' vs '.join(names)}, seed {seed}")
            entry["png"] = [str(png_dir / f["file"]) for f in frames] + \
                [str(p) for p in sheet_paths(sheet, len(frames))]
        games_out.append(entry)
        say(f"--- game {g + 1} over: {_result_text(entry, names)}; score "
            f"{':'.join(map(str, final.scores))}; {entry['strokes']} strokes in {elapsed:.1f} s")
        if state.result is None:  # an unfinished game cannot lead to the next of a match
            state = close_unfinished(state)

    wins = [0] * n_sides
    draws = unfinished = 0
    for e in games_out:
        r = e["result"]
        if e["unfinished"] or r is None:
            unfinished += 1
        elif r.get("draw"):
            draws += 1
        else:
            wins[r["winner"]] += 1
    summary = {"agents": specs, "skills": [m.magnitude for m in skills], "seed": seed,
               "variant": args.variant, "call_mode": args.call_mode,
               "pair_order": pair_order if args.variant == "one-vs-pair" else None,
               "handicap": None if hc is None else hc.to_json(), "games": games_out,
               "wins": wins, "draws": draws, "unfinished": unfinished,
               "elapsed_s": round(time.monotonic() - t_start, 3)}
    say("match: " + ", ".join(f"{names[k]} {wins[k]} win(s)" for k in range(n_sides))
        + f", {draws} draw(s)" + (f", {unfinished} unfinished" if unfinished else "")
        + f"; {summary['elapsed_s']:.1f} s")
    if args.json:
        print_json(summary)
    return 0


def _result_text(entry, names) -> str:
    r = entry["result"]
    if entry["unfinished"] or r is None:
        return "unfinished (stroke cap)"
    if r.get("draw"):
        return "draw"
    return f"{names[r['winner']]} wins"


def _draw_stroke(png_dir: Path, g: int, k: int, simulator, report, rec, names, frames) -> None:
    from ai.games.records import balls_before
    from pyramid.diagrams import draw_stroke_png
    from sim.trajectory import sample_paths
    before = balls_before(report.state_before, report.placement)
    name = f"g{g + 1}-s{k:03d}.png"
    paths = None
    final = None
    if report.sim is not None:
        if report.sim.segments is not None and len(report.sim.segments):
            paths = sample_paths(report.sim.segments, simulator.params)
        final = report.sim.final
        title = (f"Game {g + 1}, stroke {k}: {names[rec.player]}, "
                 f"{C.fmt_call(rec.call)}; score {':'.join(map(str, rec.scores_after))}")
        draw_stroke_png(png_dir / name, simulator.table, before, report.sim, paths, title=title)
    frames.append({"stroke": k, "balls": before, "paths": paths, "final": final,
                   "player": names[rec.player], "call": rec.call,
                   "pocketed": rec.outcome.get("pocketed", []),
                   "file": name if report.sim is not None else None})
    if report.sim is None:
        frames[-1]["result"] = "tush"
        frames[-1]["file"] = None
