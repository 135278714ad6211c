"""``pyramid play``: a self-play game or match between two agents (three for three-each).

Each stroke is printed as it happens (stdout; stderr with ``--json``); ``--record`` writes the
game record (JSON Lines, engine/record.py) as a journal while the game is played (the header,
then each stroke's line appended and flushed as it is played, :class:`engine.files.Journal`:
``kill -9`` loses at most the stroke in flight, and the file left reads as an interrupted
game) and, at the game's end, the whole sealed record over it (atomic), ``--png-dir`` a
diagram of every stroke and a game sheet.  Breaks alternate between the games of a match (R3.1; an odd last game is drawn
by lot from the seeded generator).  The whole match depends only on ``--seed``.

Nothing played is lost: ``--record`` is checked before the game (a folder that does not exist,
a directory, a place that cannot be written: exit 2 at once), and a game stopped by Ctrl-C
(exit 130) or SIGTERM (exit 143) writes its strokes so far with an unfinished result line.

The match itself is played by :mod:`russian_pyramid.app.play`; this module turns the flags into its
terms and prints what it tells (:class:`_Report`).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ai.games.records import balls_before
from ai.games.series import ONE_VS_PAIR, THREE_EACH, VARIANTS
from ai.registry import DEFAULT_AGENT_PREFERENCE, default_agent_spec
from engine.errors import excerpt
from engine.files import PATH_CHARS
from sim.table import DEFAULT_TABLE
from sim.trajectory import sample_paths

from ..app.play import (PAIR_ORDERS, GameStopped, MatchPlayed, MatchTerms, PlayedGame,
                        match_terms, play_match)
from .. import pictures
from ..app.limits import MAX_STROKE_CAP
from ..errors import UserInputError
from ..io import print_json
from ._common import int_between
from . import _common as C

MAX_GAMES = 10_000  # games of one pyramid play match (each game's record name is checked first)


def register(subparsers) -> None:
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
                   "pro, master, strong, club, beginner or a magnitude factor (default strong)")
    p.add_argument("--skill-b", default="strong", help="execution noise of side 1")
    p.add_argument("--skill-c", default=None, help="execution noise of side 2 (three-each; "
                   "default strong)")
    p.add_argument("--games", type=int_between(1, MAX_GAMES), default=1,
                   help=f"games in the match (default 1, at most {MAX_GAMES}); breaks "
                        "alternate (R3.1)")
    p.add_argument("--seed", type=C.seed_int, default=None, help="seed of the whole match "
                   "(default: a fresh random seed, printed and recorded)")
    p.add_argument("--variant", choices=tuple(v.value for v in VARIANTS),
                   default=VARIANTS[0].value)
    p.add_argument("--call-mode", choices=("exact", "ball-and-pocket"), default="exact")
    p.add_argument("--table", default=DEFAULT_TABLE, help=f"table preset (default {DEFAULT_TABLE})")
    p.add_argument("--handicap", metavar="JSON", help="handicap (R13) as JSON inline or a "
                   "file, e.g. '{\"kind\": \"points\", \"receiver\": 1, \"points\": 10}'")
    p.add_argument("--pair-order", choices=tuple(o.value for o in PAIR_ORDERS), default=None,
                   help="one against a pair (R12.2): 'while-scoring' (default; each plays "
                        "while he scores, R12.2(2)) or 'alternate' (single strokes in turn: "
                        "single, partner A, single, partner B, ..., R12.2(1)); with "
                        "'alternate' the single gives the pair at least 5 points on the "
                        "record: 5 when --handicap is not given, and a smaller --handicap is "
                        "refused")
    p.add_argument("--max-strokes", type=int_between(1, MAX_STROKE_CAP), default=500,
                   help=f"stop a game after this many strokes (default 500, at most "
                        f"{MAX_STROKE_CAP}; reported as unfinished)")
    p.add_argument("--record", metavar="FILE.jsonl", help="write the game record; with "
                   "--games N > 1 one file per game: FILE-g1.jsonl, FILE-g2.jsonl, ...")
    p.add_argument("--force", action="store_true", help="replace a --record file that "
                   "exists already (without it an existing record is refused)")
    p.add_argument("--png-dir", metavar="DIR", help="draw every stroke (gG-sNNN.png) and a "
                   "game sheet per game (sheet-gG.png) into DIR (created if missing)")
    p.add_argument("--quiet", action="store_true", help="no per-stroke lines, summary only")
    p.add_argument("--json", action="store_true", help="print one JSON document on stdout "
                   "(stroke lines go to stderr)")
    p.set_defaults(handler=run)


def _terms(args: argparse.Namespace) -> MatchTerms:
    """The flags as the match's terms, checked (bad input, exit 2, before any compiling)."""
    n_sides = 3 if args.variant == THREE_EACH else 2
    default = None
    specs = []
    for flag, value in (("--agent-a", args.agent_a), ("--agent-b", args.agent_b),
                        ("--agent-c", args.agent_c))[:n_sides]:
        if value is None:
            default = default or default_agent_spec()
            value = default
        specs.append(C.agent_spec(value, flag))
    for flag, value in (("--agent-c", args.agent_c), ("--skill-c", args.skill_c)):
        if value is not None and n_sides != 3:  # no third side: it would be ignored
            raise UserInputError(f"{flag} is for --variant three-each only")
    skills = [C.noise_model(s, f) for s, f in ((args.skill_a, "--skill-a"),
                                              (args.skill_b, "--skill-b"),
                                              (args.skill_c or "strong", "--skill-c"))[:n_sides]]
    inputs = [("--handicap", C.handicap_file(args.handicap))] + [
        (flag, C.agent_file(spec)) for flag, spec in zip(("--agent-a", "--agent-b", "--agent-c"),
                                                         specs)]
    return match_terms(specs, skills, args.variant, args.call_mode, args.table,
                       C.handicap(args.handicap), args.pair_order, args.games,
                       args.max_strokes, args.record, args.force, inputs)


def _png_dir(text: str | None) -> Path | None:
    """``--png-dir``, created if missing; an empty name is refused, not taken for none."""
    if text is None:
        return None
    if not text:
        raise UserInputError("--png-dir: the folder's name is empty")
    pictures.require("--png-dir")  # now, not after the games
    png_dir = Path(text)
    try:
        png_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserInputError(f"--png-dir {excerpt(text, PATH_CHARS)}: "
                             f"{exc.strerror or exc}") from None
    return png_dir


def run(args: argparse.Namespace) -> int:
    terms = _terms(args)
    png_dir = _png_dir(args.png_dir)
    C.first_run()
    seed = C.fresh_seed() if args.seed is None else args.seed
    report = _Report(sys.stderr if args.json else sys.stdout, args.quiet, png_dir)
    try:
        match = play_match(terms, seed, report)
    except GameStopped as stop:
        kept = ("" if stop.kept is None else
                f"; the {stop.strokes} stroke(s) played are in {stop.kept}")
        if stop.interrupted:  # Ctrl-C or SIGTERM, even from inside Numba
            C.log(f"pyramid play: {'terminated (SIGTERM)' if stop.terminated else 'interrupted'}"
                  f" in game {stop.game} after {stop.strokes} stroke(s){kept}")
        else:  # an internal failure: exit 1, no traceback
            C.log(f"pyramid play: error: game {stop.game} stopped at stroke {stop.at_stroke} "
                  f"by an internal failure: {stop}{kept} "
                  f"(seed {seed}; rerun with the same options to reproduce)")
        return stop.exit_status
    report.match_over(match)
    if args.json:
        print_json(match.to_json())
    if report.pictures_failed is not None:  # the games were played and recorded all the same
        C.log(f"pyramid play: error: {report.pictures_failed}; the pictures after it were not "
              f"drawn")
        return 2
    return 0


class _Report:
    """What ``pyramid play`` prints as the match goes (a :class:`russian_pyramid.app.play.PlayListener`):
    a line per stroke (unless quiet), a line as each game starts and ends, and, with
    ``--png-dir``, a diagram of every stroke and a game sheet per game."""

    def __init__(self, out, quiet: bool, png_dir: Path | None):
        self.out, self.quiet, self.png_dir = out, quiet, png_dir
        self.terms: MatchTerms | None = None
        self.seed = None
        self.frames: list[dict] = []
        self.simulator = None
        self.pictures_failed: str | None = None  # why --png-dir could not be written

    def _pictures_stop(self, exc: UserInputError) -> None:
        """A picture could not be written (a full disk, the folder gone): said once, and no
        more are drawn; the games go on and their records are written (the pictures are not
        what a game produced: ``--png-dir`` drew them from it)."""
        self.pictures_failed = f"--png-dir: {exc}"
        self.png_dir = None
        self.warning(f"{self.pictures_failed}: no more pictures are drawn; the match goes on")

    def say(self, msg: str) -> None:
        print(msg, file=self.out, flush=True)

    def warning(self, message: str) -> None:
        C.log(f"pyramid play: warning: {message}")

    def match_started(self, terms: MatchTerms, seed: int, simulator) -> None:
        self.terms, self.seed, self.simulator = terms, seed, simulator
        extra = ""
        if terms.variant == ONE_VS_PAIR:
            extra += f", pair order {terms.pair_order}"
        if terms.handicap is not None:
            extra += f", handicap {terms.handicap.to_json()}"
        self.say(f"pyramid play: {' vs '.join(terms.names)}; variant {terms.variant}{extra}, "
                 f"{terms.games} game(s), seed {seed}")

    def game_started(self, game: int, state) -> None:
        self.frames = []
        self.say(f"--- game {game + 1}: {self.terms.names[state.to_move]} breaks")

    def stroke_played(self, game: int, k: int, report, line) -> None:
        names = self.terms.names
        if not self.quiet:
            self.say(C.stroke_line(k, names[line.player], line, report.decision))
        if self.png_dir is not None:
            try:
                _draw_stroke(self.png_dir, game, k, self.simulator, report, line, names,
                             self.frames)
            except UserInputError as exc:
                self._pictures_stop(exc)

    def game_over(self, game: PlayedGame) -> tuple[str, ...]:
        png: tuple[str, ...] = ()
        names = self.terms.names
        if self.png_dir is not None:
            sheet = self.png_dir / f"sheet-g{game.game}.png"
            drawing = pictures.diagrams()
            try:
                drawing.draw_game_sheet_png(sheet, self.terms.table, self.frames,
                                            title=f"Game {game.game}: {' vs '.join(names)}, "
                                                  f"seed {self.seed}")
                png = tuple([str(self.png_dir / f["file"]) for f in self.frames if f["file"]]
                            + [str(p) for p in drawing.sheet_paths(sheet, len(self.frames))])
            except UserInputError as exc:
                self._pictures_stop(exc)
        self.say(f"--- game {game.game} over: {_result_text(game, names)}; score "
                 f"{':'.join(map(str, game.scores))}; {game.strokes} strokes in "
                 f"{game.elapsed_s:.1f} s")
        return png

    def match_over(self, match: MatchPlayed) -> None:
        names, t = self.terms.names, match.tally
        self.say("match: " + ", ".join(f"{names[k]} {t.wins[k]} win(s)"
                                       for k in range(len(names)))
                 + f", {t.draws} draw(s)" + (f", {t.unfinished} unfinished" if t.unfinished
                                            else "")
                 + f"; {round(match.elapsed_s, 3):.1f} s")


def _result_text(game: PlayedGame, names) -> str:
    r = game.result
    if not r.decided:
        return "unfinished (stroke cap)"
    if r.draw:
        return "draw"
    return f"{names[r.winner]} wins"


def _draw_stroke(png_dir: Path, g: int, k: int, simulator, report, rec, names, frames) -> None:
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
        pictures.diagrams().draw_stroke_png(png_dir / name, simulator.table, before, report.sim,
                                            paths, title=title)
    frames.append({"stroke": k, "balls": before, "paths": paths, "final": final,
                   "player": names[rec.player],
                   "call": None if rec.call is None else rec.call.to_json(),
                   "pocketed": rec.outcome.to_json().get("pocketed", []),
                   "file": name if report.sim is not None else None})
    if report.sim is None:
        frames[-1]["result"] = "tush"
        frames[-1]["file"] = None
