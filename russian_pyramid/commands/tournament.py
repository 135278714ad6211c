"""``pyramid tournament``: a round-robin of agents in parallel (joblib), resumable.

Every finished game is appended to ``--out`` at once (one write + fsync), so a run killed at
any moment, even by SIGKILL, continues with ``--resume`` without losing or repeating a game.
Each game's seed comes from (seed, pairing, game index): the results do not depend on
``--jobs`` or ``--backend``.  ``--backend dask --scheduler ADDRESS`` runs the games on a Dask
cluster through joblib's Dask backend (needs ``dask`` and ``distributed``).

``--records DIR`` writes every game's record; ``--replay RESULTS --game N`` plays one game of
a results file again (:mod:`russian_pyramid.app.tournament_replay`); ``--time-per-game S`` is told to
the agents with the execution noise (:mod:`ai.conditions`); ``--sprt ELO0,ELO1`` stops a
match of two agents as soon as a sequential test decides (:mod:`ai.games.sprt`).

The tournament itself is :mod:`russian_pyramid.app.tournament`; this module turns the flags into its
terms and prints what it tells and returns.
"""
from __future__ import annotations

import argparse
import sys
import time

from ai.games.sprt import Sprt, SprtState, parse_sprt
from ai.games.tournament import format_table
from sim.table import DEFAULT_TABLE

from ..app.tournament import (BACKENDS, CI_METHODS, TournamentReport, TournamentTerms,
                              play_tournament, read_results, sprt_state, tournament_report,
                              tournament_terms)
from ..app.limits import MAX_GAMES_PER_PAIRING, MAX_JOBS, MAX_STROKE_CAP, MAX_TOURNAMENT_GAMES
from ..errors import UserInputError
from ..io import check_outputs, print_json
from ._common import int_between
from ..app.tournament_replay import replay_game
from .. import pictures
from ..tournament_plot import draw_tournament_png
from . import _common as C


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "tournament", help="round-robin of agents in parallel, with a strength table",
        description="Round-robin between agents: every pair plays --games games with "
                    "alternating breaks, in parallel (joblib). Prints a strength table: "
                    "Bradley-Terry rating on the Elo scale with a 95%% interval, "
                    "wins-draws-losses, points per visit, pot rate, foul rate, safeties, "
                    "deliberate fouls, break-and-run rate.")
    p.add_argument("--agents", nargs="+", metavar="SPEC",
                   help="two or more agent specs, e.g. random greedy mc:budget=100 "
                        "path/to/my_agent.py:MyAgent (docs/AGENTS.md); with --report, taken "
                        "from the results file when left out")
    p.add_argument("--games", type=int_between(1, MAX_GAMES_PER_PAIRING), default=10,
                   help=f"games per pairing (default 10; at most {MAX_GAMES_PER_PAIRING}, and "
                        f"{MAX_TOURNAMENT_GAMES} in all)")
    p.add_argument("--seed", type=C.seed_int, default=0, help="tournament seed (default 0)")
    p.add_argument("--skill", default="strong", help="execution noise of every agent "
                   "(default strong)")
    p.add_argument("--skills", metavar="S,S,...",
                   help="a handicap match: each agent's execution noise, in the order of "
                        "--agents (names or magnitudes, e.g. 0.8,strong); each agent is told "
                        "its own and its opponent's; default: --skill for every agent")
    p.add_argument("--call-mode", choices=("exact", "ball-and-pocket"), default="exact")
    p.add_argument("--table", default=DEFAULT_TABLE)
    p.add_argument("--max-strokes", type=int_between(1, MAX_STROKE_CAP), default=500,
                   help=f"stroke cap per game (default 500, at most {MAX_STROKE_CAP}); a "
                        f"capped game counts as a draw")
    p.add_argument("--jobs", type=C.jobs_int, default=-1, help=f"parallel workers (joblib "
                   f"n_jobs, at most {MAX_JOBS}; default -1 = all cores)")
    p.add_argument("--out", metavar="RESULTS.jsonl", default="tournament.jsonl",
                   help="results file, one line per game (default tournament.jsonl)")
    p.add_argument("--resume", action="store_true",
                   help="continue the tournament in --out (same agents, games, seed)")
    p.add_argument("--backend", choices=BACKENDS,
                   default="loky", help="joblib backend (default loky: processes)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="Dask scheduler address (tcp://host:8786) for --backend dask")
    p.add_argument("--ci", choices=CI_METHODS, default="fisher",
                   help="95%% rating intervals: fisher (Fisher information, default) or "
                        "bootstrap (games resampled within each pairing)")
    p.add_argument("--bootstrap", type=C.positive_int, default=300,
                   help="bootstrap resamples with --ci bootstrap (default 300)")
    p.add_argument("--report", action="store_true",
                   help="play nothing: print the table, crosstable and ratings of the results "
                        "already in --out (a finished or interrupted tournament)")
    p.add_argument("--plot", metavar="FILE.png",
                   help="draw the ratings with their 95%% intervals and the crosstable")
    p.add_argument("--time-per-game", type=float, metavar="S",
                   help="seconds each agent's decisions may take in a game, told to the agents "
                        "with the execution noise (--skill) before each game: an MC agent "
                        "stops each search at its share of the time left; games over time "
                        "are marked (over_time), not forfeited")
    p.add_argument("--records", metavar="DIR",
                   help="write every game's record (docs/FORMATS.md, the game record; what "
                        "pyramid analyze reads) into DIR, created if missing: "
                        "game-0007-greedy-vs-random.jsonl is game 7 (game g of pairing k is "
                        "k * games + g); with --replay, the replayed game's record")
    p.add_argument("--replay", metavar="RESULTS.jsonl",
                   help="play nothing new: play game --game of this results file again from "
                        "its seeds, check it against the file's line and print its record "
                        "(or write it into --records)")
    p.add_argument("--trust-agents", action="store_true",
                   help="with --replay: play agents the results file names as code (a "
                        "FILE.py:Class or package.module:Class spec runs that code); without "
                        "it only registered and installed agents are played")
    p.add_argument("--game", type=C.seed_int, metavar="N",
                   help="with --replay: the game's number (from 0, as in the records' names)")
    p.add_argument("--sprt", metavar="ELO0,ELO1[,ALPHA,BETA]",
                   help="two agents: stop as soon as a sequential probability ratio test "
                        "decides whether the first is ELO1 Elo stronger (H1) or only ELO0 "
                        "(H0); alpha and beta 0.05 unless given (e.g. 0,70: a 60 %% score "
                        "or not); with --report, the test on the games in --out")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    p.set_defaults(handler=run)


class Progress:
    """A small progress bar with rate and ETA on stderr."""

    def __init__(self, total: int, done: int, enabled: bool = True):
        self.total, self.done, self.enabled = total, done, enabled
        self.start_done = done
        self.t0 = time.monotonic()
        self.last = 0.0
        self.tty = sys.stderr.isatty()
        self.show(force=True)

    def update(self, n: int = 1) -> None:
        self.done += n
        self.show(force=self.done == self.total)

    def show(self, force: bool = False) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if not force and now - self.last < (0.2 if self.tty else 2.0):
            return
        self.last = now
        el = now - self.t0
        new = self.done - self.start_done
        rate = new / el if el > 0 else 0.0
        left = self.total - self.done
        eta = "--:--" if rate <= 0 else _hms(left / rate)
        width = 30
        fill = int(width * self.done / self.total) if self.total else width
        line = (f"[{'#' * fill}{'.' * (width - fill)}] {self.done}/{self.total} games "
                f"{rate * 60:.1f}/min elapsed {_hms(el)} ETA {eta}")
        if self.tty:
            sys.stderr.write("\r" + line)
            if self.done >= self.total:
                sys.stderr.write("\n")
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()


def _hms(s: float) -> str:
    s = int(round(s))
    h, r = divmod(s, 3600)
    m, s = divmod(r, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"


def _terms(args: argparse.Namespace) -> TournamentTerms:
    """The flags as the tournament's terms, checked."""
    if not args.agents:
        raise UserInputError("--agents is required (two or more agent specs), unless --report")
    specs = [C.agent_spec(s, "--agents") for s in args.agents]
    skill = C.noise_model(args.skill, "--skill").magnitude
    skills = (None if args.skills is None else
              [C.noise_model(s.strip(), "--skills").magnitude for s in args.skills.split(",")])
    return tournament_terms(specs, args.games, args.seed, skill, args.call_mode, args.table,
                            args.max_strokes, args.out, args.resume, args.backend, args.jobs,
                            args.scheduler, args.bootstrap, args.records,
                            args.time_per_game, _sprt(args), skills)


def _sprt(args: argparse.Namespace) -> Sprt | None:
    if args.sprt is None:
        return None
    try:
        return parse_sprt(args.sprt)
    except ValueError as exc:
        raise UserInputError(f"--sprt {exc}") from None


class _Report:
    """What ``pyramid tournament`` says as it goes (a
    :class:`russian_pyramid.app.tournament.TournamentListener`): the plan, a progress bar, and every
    failed game at once, on stderr."""

    def __init__(self, progress: bool):
        self.progress = progress
        self.bar: Progress | None = None

    def started(self, terms: TournamentTerms, total: int, done: int, todo: int) -> None:
        C.first_run()  # once here, not in every worker
        C.log(f"pyramid tournament: {len(terms.specs)} agents, {total} games "
              f"({done} already in {terms.out}, {todo} to play), backend "
              f"{terms.backend}, jobs {terms.jobs}, seed {terms.seed}"
              + ("" if terms.skills is None else
                 ", skills " + ",".join(f"{s:g}" for s in terms.skills)))
        self.bar = Progress(total, done, enabled=self.progress)

    def game_over(self, line: dict) -> None:
        if "error" in line:
            C.log(f"pyramid tournament: pair {line['pair']} game {line['game']} "
                  f"FAILED: {line['error']}")
        self.bar.update()

    def record_not_written(self, line: dict, message: str) -> None:
        C.log(f"pyramid tournament: warning: the record of pair {line['pair']} game "
              f"{line['game']} was not written ({message}); the game counts, and "
              f"--replay can write its record later")


def run(args: argparse.Namespace) -> int:
    if args.game is not None and args.replay is None:
        raise UserInputError("--game is for --replay RESULTS.jsonl")
    if args.trust_agents and args.replay is None:
        raise UserInputError("--trust-agents is for --replay RESULTS.jsonl (a tournament "
                             "played or resumed plays the --agents given)")
    if args.replay is not None:
        return _replay(args)
    if args.plot is not None:  # the results file is read (--report, --resume) or written
        if args.plot:
            pictures.require("--plot")
        check_outputs([("--plot", args.plot)], [("--out", args.out)])
    if args.report:
        if args.records:
            raise UserInputError("--records is for a tournament played or --replay, "
                                 "not --report (which plays nothing)")
        return _report(args)
    terms = _terms(args)
    played = play_tournament(terms, _Report(not args.no_progress))
    report = tournament_report(terms.specs, played.results, played.extra_json(terms),
                               played.failed, args.bootstrap, args.ci, args.out)
    _print_report(args, terms.specs, report, played.failed,
                  f"{len(played.results)} games ({played.played_now} played now in "
                  f"{played.elapsed_s:.1f} s); results in {args.out}",
                  terms.sprt, sprt_state(terms.sprt, played.results))
    return 1 if played.failed else 0


def _print_report(args, specs, report: TournamentReport, failed, footer: str,
                  test: Sprt | None = None, st: SprtState | None = None) -> None:
    """The strength table, the crosstable, the plot, the sequential test and the failures,
    loud."""
    if args.plot:
        draw_tournament_png(args.plot, report.table, report.cross)
    if args.json:
        print_json(report.table if st is None else {**report.table, "sprt": {
            "elo0": test.elo0, "elo1": test.elo1, "alpha": test.alpha, "beta": test.beta,
            "games": st.games, "score": st.score, "llr": round(st.llr, 4),
            "bounds": [round(st.lower, 4), round(st.upper, 4)], "decision": st.decision}})
    else:
        print(format_table(report.table))
        print()
        print(report.cross.format(order=[list(specs).index(a) for a in report.order]))
        print(footer)
        if st is not None:
            print(st.describe(test))
    for o in failed:
        C.log(f"pyramid tournament: pair {o['pair']} game {o['game']} failed and is not "
              f"counted (--resume plays it again): {o['error']}")
    if failed:
        C.log(f"pyramid tournament: {len(failed)} game(s) failed; exit status 1")


def _report(args: argparse.Namespace) -> int:
    """``--report``: the results already in ``--out``, nothing played."""
    read = read_results(args.out, args.agents)
    test = _sprt(args)
    if test is not None and len(read.specs) != 2:
        raise UserInputError(f"--sprt tests the first agent against the second; {args.out} "
                             f"holds {len(read.specs)} agents")
    report = tournament_report(read.specs, read.done, read.extra_json(args.out), read.failed,
                               args.bootstrap, args.ci, args.out)
    _print_report(args, read.specs, report, read.failed,
                  f"{len(read.done)} of {read.planned} games in {args.out} (nothing played)",
                  test, sprt_state(test, read.done))
    return 1 if read.failed else 0


def _replay(args: argparse.Namespace) -> int:
    """``--replay RESULTS --game N``: one game played again; its record printed (JSON Lines)
    or written into ``--records``; exit 1 when it is not the game of the results file."""
    if args.game is None:
        raise UserInputError("--replay needs --game N (the game's number, from 0)")
    if args.report or args.resume or args.agents or args.plot or args.sprt:
        raise UserInputError("--replay plays one game of a results file: it takes --game, "
                             "--records and --json, not --agents, --report, --resume, "
                             "--plot or --sprt")
    replayed = replay_game(args.replay, args.game, args.records, args.trust_agents)
    line = replayed.played.line
    task = replayed.task
    C.log(f"pyramid tournament: game {args.game} of {args.replay} (pair {task.pair} game "
          f"{task.game}: {' vs '.join(task.specs)}, seeds {task.tournament_game.game_seed}) "
          f"played again: " + ("failed: " + line["error"] if "error" in line else
                               f"scores {line['scores']}, {line['n_strokes']} strokes"))
    if args.json:
        print_json(replayed.to_json())
    elif replayed.record_path is None and replayed.played.record is not None:
        sys.stdout.write(replayed.played.record)
    if replayed.record_path is not None:
        C.log(f"pyramid tournament: record written to {replayed.record_path}")
    if "error" in line:  # a failure of the game played again, not a difference to explain
        C.log(f"pyramid tournament: error: game {args.game} failed when played again: "
              f"{line['error']}")
        return 1
    if replayed.same is None:
        C.log(f"pyramid tournament: {args.replay} has no line of this game to compare with")
    elif replayed.same:
        C.log("pyramid tournament: the same game as the results file's line")
    else:
        C.log(f"pyramid tournament: NOT the game of the results file: {replayed.differs} "
              f"(other versions or an agent that is not deterministic?)")
        return 1
    return 0
