"""``pyramid tournament``: a round-robin of agents in parallel (joblib), resumable.

Every finished game is appended to ``--out`` at once (one write + fsync), so a run killed at
any moment, even by SIGKILL, continues with ``--resume`` without losing or repeating a game.
Each game's seed comes from (seed, pairing, game index): the results do not depend on
``--jobs`` or ``--backend``.  ``--backend dask --scheduler ADDRESS`` runs the games on a Dask
cluster through joblib's Dask backend (needs ``dask`` and ``distributed``).
"""
from __future__ import annotations

import argparse
import os
import sys
import time

from ai.games.results_file import LOCK_SUFFIX, MAX_RESULTS_BYTES
from sim.table import DEFAULT_TABLE

from ..errors import UserInputError
from ..io import check_output_path, print_json, read_bytes
from . import _common as C


MAX_SEED = 2**64 - 1  # numpy seeds are 64-bit; a results file reads integers of <= 20 digits
# 100 000 resamples take minutes for a large round-robin; more is a typo that would leave the
# table unprinted long after the last game was played
MAX_BOOTSTRAP = 100_000


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
    p.add_argument("--games", type=C.positive_int, default=10,
                   help="games per pairing (default 10)")
    p.add_argument("--seed", type=C.seed_int, default=0, help="tournament seed (default 0)")
    p.add_argument("--skill", default="strong", help="execution noise of every agent "
                   "(default strong)")
    p.add_argument("--call-mode", choices=("exact", "ball-and-pocket"), default="exact")
    p.add_argument("--table", default=DEFAULT_TABLE)
    p.add_argument("--max-strokes", type=C.positive_int, default=500,
                   help="stroke cap per game (default 500); a capped game counts as a draw")
    p.add_argument("--jobs", type=int, default=-1, help="parallel workers (joblib n_jobs; "
                   "default -1 = all cores)")
    p.add_argument("--out", metavar="RESULTS.jsonl", default="tournament.jsonl",
                   help="results file, one line per game (default tournament.jsonl)")
    p.add_argument("--resume", action="store_true",
                   help="continue the tournament in --out (same agents, games, seed)")
    p.add_argument("--backend", choices=("loky", "threading", "sequential", "dask"),
                   default="loky", help="joblib backend (default loky: processes)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="Dask scheduler address (tcp://host:8786) for --backend dask")
    p.add_argument("--ci", choices=("fisher", "bootstrap"), default="fisher",
                   help="95%% rating intervals: fisher (Fisher information, default) or "
                        "bootstrap (games resampled within each pairing)")
    p.add_argument("--bootstrap", type=C.positive_int, default=300,
                   help="bootstrap resamples with --ci bootstrap (default 300)")
    p.add_argument("--report", action="store_true",
                   help="play nothing: print the table, crosstable and ratings of the results "
                        "already in --out (a finished or interrupted tournament)")
    p.add_argument("--plot", metavar="FILE.png",
                   help="draw the ratings with their 95%% intervals and the crosstable")
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


def _check_output_path(flag: str, path: str) -> None:
    """The shared check (:func:`pyramid.io.check_output_path`: a missing folder, a directory,
    a folder that takes no new file -- the results file and its lock go there), and, since a
    results file is appended to rather than replaced, an existing one must be writable itself
    (``os.access``: root passes it, so the open that follows still reports its own failure as
    bad input)."""
    check_output_path(flag, path)
    check_output_path(flag, path + LOCK_SUFFIX)  # its lock beside it: a name that fits too
    if os.path.exists(path) and not os.access(path, os.W_OK):
        raise UserInputError(f"{flag} {path!r} cannot be written (permission denied)")


def _hms(s: float) -> str:
    s = int(round(s))
    h, r = divmod(s, 3600)
    m, s = divmod(r, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"


def run(args: argparse.Namespace) -> int:
    import joblib

    from ai.games.tournament import (ResultsFile, ResultsFileError, config_line, make_tasks,
                                     run_task, watch_parent)

    if args.plot:
        check_output_path("--plot", args.plot)
    if args.report:
        return _report(args)
    if not args.agents:
        raise UserInputError("--agents is required (two or more agent specs), unless --report")
    specs = [C.agent_spec(s, "--agents") for s in args.agents]
    if len(specs) < 2:
        raise UserInputError("--agents needs at least two agent specs")
    if len(set(specs)) != len(specs):
        raise UserInputError("--agents lists the same spec twice; give each agent once "
                             "(add an option to tell copies apart, e.g. random:name=r2)")
    skill = C.noise_model(args.skill, "--skill").magnitude
    if args.seed > MAX_SEED:
        raise UserInputError(f"--seed {args.seed}: at most {MAX_SEED} (2**64 - 1), so that the "
                             f"results file's header reads back on --resume")
    if args.bootstrap > MAX_BOOTSTRAP:
        raise UserInputError(f"--bootstrap {args.bootstrap}: at most {MAX_BOOTSTRAP} resamples "
                             f"(the table is computed after every game is played)")
    if args.jobs == 0:
        raise UserInputError("--jobs must not be 0 (use -1 for all cores)")
    if args.backend == "dask" and not args.scheduler:
        raise UserInputError("--backend dask needs --scheduler ADDRESS")
    if args.scheduler and args.backend != "dask":
        raise UserInputError("--scheduler is for --backend dask")
    from sim import table_by_name
    try:
        table_by_name(args.table)
    except (KeyError, ValueError) as exc:
        raise UserInputError(f"--table {args.table!r}: {exc}") from None
    _check_output_path("--out", args.out)

    game_config = {"call_mode": args.call_mode, "table": args.table, "skill": skill,
                   "max_strokes": args.max_strokes}
    config = config_line(specs, args.games, args.seed, **game_config)
    tasks = make_tasks(specs, args.games, args.seed, **game_config)
    try:
        # held (and locked against a second tournament) until the last game is written
        results_file = ResultsFile(args.out, config, args.resume)
    except ResultsFileError as exc:
        raise UserInputError(str(exc)) from None
    done = results_file.done
    failed_before = results_file.failed
    results = list(done)
    failed_now: list[dict] = []
    t0 = time.monotonic()
    client = None
    try:  # from here on, whatever happens, the file is closed and the lock released
        C.first_run()  # once here, not in every worker
        done_keys = {(o["pair"], o["game"]) for o in done}
        todo = [t for t in tasks if (t.pair, t.game) not in done_keys]
        C.log(f"pyramid tournament: {len(specs)} agents, {len(tasks)} games "
              f"({len(done)} already in {args.out}, {len(todo)} to play), backend "
              f"{args.backend}, jobs {args.jobs}, seed {args.seed}")
        bar = Progress(len(tasks), len(done), enabled=not args.no_progress)
        if todo:
            if args.backend == "dask":
                try:
                    from distributed import Client
                except ImportError:
                    raise UserInputError("--backend dask needs the packages dask and "
                                         "distributed (pip install dask distributed)") from None
                try:
                    client = Client(args.scheduler, timeout="20s")
                except (OSError, TimeoutError, ValueError) as exc:
                    raise UserInputError(f"--scheduler {args.scheduler!r}: cannot connect: "
                                         f"{exc}") from None
                ctx = joblib.parallel_config(backend="dask")
                n_jobs = -1
            elif args.backend == "loky":
                # the workers end with the tournament, even one killed with SIGKILL
                ctx = joblib.parallel_config(backend="loky", initializer=watch_parent,
                                             initargs=(os.getpid(),))
                n_jobs = args.jobs
            else:
                ctx = joblib.parallel_config(backend=args.backend)
                n_jobs = 1 if args.backend == "sequential" else args.jobs
            with ctx:
                par = joblib.Parallel(n_jobs=n_jobs, return_as="generator_unordered",
                                      batch_size=1, pre_dispatch="2*n_jobs")
                for line in par(joblib.delayed(run_task)(t) for t in todo):
                    results_file.append(line)  # a failed game too: its error is kept
                    if "error" in line:
                        failed_now.append(line)
                        C.log(f"pyramid tournament: pair {line['pair']} game {line['game']} "
                              f"FAILED: {line['error']}")
                    else:
                        results.append(line)
                    bar.update()
    finally:
        results_file.close()
        if client is not None:
            client.close()
    elapsed = time.monotonic() - t0
    n_new = len(results) - len(done)
    extra = {"seed": args.seed, "games_per_pair": args.games, "results": args.out,
             "played_now": n_new, "failed_now": len(failed_now), "elapsed_s": round(elapsed, 3),
             "games_per_min": round(60 * n_new / elapsed, 2) if elapsed > 0 else None}
    done_keys = {(o["pair"], o["game"]) for o in results}
    failed = failed_now + [o for o in failed_before if (o["pair"], o["game"]) not in done_keys]
    _print_report(args, specs, results, extra, failed,
                  f"{len(results)} games ({n_new} played now in {elapsed:.1f} s); results in "
                  f"{args.out}")
    return 1 if failed else 0


def _print_report(args, specs, results, extra, failed, footer: str) -> None:
    """The strength table, the crosstable, the plot and the failures, loud."""
    from ai.games.crosstable import crosstable
    from ai.games.tournament import (ResultsFileError, format_table, score_of_side0,
                                     strength_table)
    try:
        table = strength_table(specs, results, bootstrap=args.bootstrap, ci=args.ci)
    except ResultsFileError as exc:
        raise UserInputError(f"{args.out}: {exc}") from None
    cross = crosstable(specs, [(o["agents"][0], o["agents"][1], score_of_side0(o))
                               for o in results])
    table.update(extra)
    table["crosstable"] = cross.to_json()
    table["failed"] = [{"pair": o["pair"], "game": o["game"], "error": o["error"]}
                       for o in failed]
    if args.plot:
        from ..tournament_plot import draw_tournament_png
        draw_tournament_png(args.plot, table, cross)
    if args.json:
        print_json(table)
    else:
        print(format_table(table))
        print()
        print(cross.format(order=[specs.index(r["agent"]) for r in table["table"]]))
        print(footer)
    for o in failed:
        C.log(f"pyramid tournament: pair {o['pair']} game {o['game']} failed and is not "
              f"counted (--resume plays it again): {o['error']}")
    if failed:
        C.log(f"pyramid tournament: {len(failed)} game(s) failed; exit status 1")


def _report(args: argparse.Namespace) -> int:
    """``--report``: the results already in ``--out``, nothing played (no lock needed: the
    file is only read)."""
    from ai.games.results_file import ResultsFileError, parse_results, whole_lines
    if not os.path.lexists(args.out):
        raise UserInputError(f"--out {args.out!r} does not exist: nothing to report")
    data = read_bytes(args.out, "--out", MAX_RESULTS_BYTES)  # a regular file, bounded
    lines = whole_lines(data)
    if not lines:
        raise UserInputError(f"--out {args.out!r} is empty: nothing to report")
    try:
        read = parse_results(args.out, lines)
    except ResultsFileError as exc:
        raise UserInputError(str(exc)) from None
    head, specs = read.header, read.header["agents"]
    if args.agents and list(args.agents) != specs:
        raise UserInputError(f"--agents {args.agents} are not the agents of {args.out!r} "
                             f"({specs}); leave --agents out to report that tournament")
    extra = {"seed": head.get("seed"), "games_per_pair": head["games"],
             "results": args.out, "played_now": 0}
    planned = len(specs) * (len(specs) - 1) // 2 * head["games"]
    _print_report(args, specs, read.done, extra, read.failed,
                  f"{len(read.done)} of {planned} games in {args.out} (nothing played)")
    return 1 if read.failed else 0
