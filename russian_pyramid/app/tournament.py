"""A round-robin tournament of agents (``pyramid tournament``): checked, played in parallel
(joblib) into a crash-safe, resumable results file, and reported.

* :func:`tournament_terms` -- the terms checked (bad input raises
  :class:`russian_pyramid.errors.UserInputError` before anything is played);
* :func:`play_tournament` -- the games not yet in the results file, played; each finished
  game is appended at once (one write + fsync), so a run killed at any moment, even by
  SIGKILL, continues with ``resume`` without losing or repeating a game.  What happens is told
  to a :class:`TournamentListener`; returns a :class:`TournamentPlayed`;
  With ``records`` every game's record (made in the worker) is written here, atomically,
  into that folder (:mod:`ai.games.tournament_records` names it); with ``sprt`` (two agents)
  the run stops at the first game where the sequential test decides (:mod:`ai.games.sprt`);
* :func:`read_results` -- a results file as it is (``--report``: nothing played);
* :func:`tournament_report` -- the strength table and crosstable of the games played.

Each game's seed comes from (seed, pairing, game index): the results do not depend on the
number of workers or the backend (``dask``: a Dask cluster through joblib's Dask backend).
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, Sequence

import joblib

from ai.games.crosstable import Crosstable, crosstable
from ai.games.parallel import BACKENDS, ParallelSetupError, Workers, workers
from ai.games.sprt import CONTINUE, Sprt, SprtState
from ai.games.results_file import (LOCK_SUFFIX, MAX_RESULTS_BYTES, MAX_SEED,
                                   MAX_TIME_PER_GAME_S, MAX_TOURNAMENT_GAMES, ResultsFile,
                                   ResultsFileError, config_line, parse_results, whole_lines)
from ai.games.tournament import (PlayedTask, make_tasks, play_task, score_of_side0,
                                 strength_table)
from ai.games.tournament_records import game_number, record_name
from engine import extras, files

from ..errors import UserInputError
from ..io import check_output_path, read_bytes
from .play import table_named

# 100 000 resamples take minutes for a large round-robin; more is a typo that would leave the
# table unprinted long after the last game was played
MAX_BOOTSTRAP = 100_000
CI_METHODS = ("fisher", "bootstrap")


@dataclass(frozen=True)
class TournamentTerms:
    """A tournament's terms, checked: the agents (specs), games per pairing, seed, the
    execution noise of every agent (a magnitude), call mode, table, stroke cap, the results
    file (``out``, continued with ``resume``), and how the games are run (joblib backend and
    workers; a Dask scheduler's address with the ``dask`` backend)."""

    specs: tuple[str, ...]
    games: int
    seed: int
    skill: float
    call_mode: str
    table: str
    max_strokes: int
    out: str
    resume: bool = False
    backend: str = BACKENDS[0]
    jobs: int = -1
    scheduler: str | None = None
    records: str | None = None  # the folder every game's record is written into, or None
    time_per_game_s: float | None = None  # each agent's time per game, told to it
    sprt: Sprt | None = None  # stop when this test decides (two agents; ai.games.sprt)
    # each agent's execution noise, in the order of ``specs`` (a handicap match); None:
    # ``skill`` for every agent
    skills: tuple[float, ...] | None = None

    def record_path(self, number: int, specs: Sequence[str]) -> Path:
        """Where game ``number``'s record goes (``records`` set)."""
        total = len(self.specs) * (len(self.specs) - 1) // 2 * self.games
        return Path(self.records) / record_name(number, total, specs)

    @property
    def game_config(self) -> GameConfig:
        """The terms of each game (the results header's)."""
        return GameConfig(self.call_mode, self.table, self.skill, self.max_strokes,
                          self.time_per_game_s, self.skills)


@dataclass(frozen=True)
class GameConfig:
    """The terms of each game of a tournament, as its results header has them: the call
    mode, the table, the execution noise (``skill``; ``skills``, one an agent, when they
    differ), the most strokes a game has and each agent's time per game when limited."""

    call_mode: str
    table: str
    skill: float
    max_strokes: int
    time_per_game_s: float | None = None
    skills: tuple[float, ...] | None = None

    def to_json(self) -> dict:
        """The header's keys (``time_per_game_s`` and ``skills`` only when given, so a
        results file of a tournament without them reads as before); the keyword arguments
        of :func:`ai.games.results_file.config_line` and ``make_tasks``."""
        limit = {} if self.time_per_game_s is None else {"time_per_game_s":
                                                         self.time_per_game_s}
        skills = {} if self.skills is None else {"skills": list(self.skills)}
        return {"call_mode": self.call_mode, "table": self.table, "skill": self.skill,
                "max_strokes": self.max_strokes, **limit, **skills}


def check_results_path(flag: str, path: str) -> None:
    """The shared check (:func:`russian_pyramid.io.check_output_path`: a missing folder, a directory,
    a folder that takes no new file -- the results file and its lock go there), and, since a
    results file is appended to rather than replaced, an existing one must be writable itself
    (``os.access``: root passes it, so the open that follows still reports its own failure as
    bad input)."""
    check_output_path(flag, path)
    check_output_path(flag, path + LOCK_SUFFIX)  # its lock beside it: a name that fits too
    if os.path.exists(path) and not os.access(path, os.W_OK):
        raise UserInputError(f"{flag} {path!r} cannot be written (permission denied)")


def check_bootstrap(bootstrap: int) -> None:
    if bootstrap > MAX_BOOTSTRAP:
        raise UserInputError(f"--bootstrap {bootstrap}: at most {MAX_BOOTSTRAP} resamples "
                             f"(the table is computed after every game is played)")


def tournament_terms(specs: Sequence[str], games: int, seed: int, skill: float,
                     call_mode: str, table: str, max_strokes: int, out: str, resume: bool,
                     backend: str, jobs: int, scheduler: str | None, bootstrap: int,
                     records: str | None = None, time_per_game_s: float | None = None,
                     sprt: Sprt | None = None,
                     skills: Sequence[float] | None = None) -> TournamentTerms:
    """The terms checked, each refusal naming its flag (``bootstrap``: the resamples the
    report will take, checked with them so that a typo is not found after the games;
    ``records``: the folder for every game's record, created if missing, and a record's
    place checked for each pairing; ``sprt``: a sequential test, for two agents only;
    ``skills``: each agent's execution noise, one per agent)."""
    if len(specs) < 2:
        raise UserInputError("--agents needs at least two agent specs")
    if sprt is not None and len(specs) != 2:
        raise UserInputError(f"--sprt tests the first agent against the second: give two "
                             f"agents, not {len(specs)}")
    if len(set(specs)) != len(specs):
        raise UserInputError("--agents lists the same spec twice; give each agent once "
                             "(add an option to tell copies apart, e.g. random:name=r2)")
    pairings = len(specs) * (len(specs) - 1) // 2
    if pairings * games > MAX_TOURNAMENT_GAMES:
        raise UserInputError(f"--games {games} with {len(specs)} agents is {pairings} pairings "
                             f"x {games} = {pairings * games} games: at most "
                             f"{MAX_TOURNAMENT_GAMES} in a tournament")
    if seed > MAX_SEED:
        raise UserInputError(f"--seed {seed}: at most {MAX_SEED} (2**64 - 1), so that the "
                             f"results file's header reads back on --resume")
    check_bootstrap(bootstrap)
    if jobs == 0:
        raise UserInputError("--jobs must not be 0 (use -1 for all cores)")
    if backend == "dask" and not scheduler:
        raise UserInputError("--backend dask needs --scheduler ADDRESS")
    if backend == "dask":  # said now, before the results file is opened
        extras.require("cluster", "--backend dask")
    if scheduler and backend != "dask":
        raise UserInputError("--scheduler is for --backend dask")
    table_named(table)
    check_results_path("--out", out)
    if time_per_game_s is not None and not (0 < time_per_game_s <= MAX_TIME_PER_GAME_S):
        raise UserInputError(f"--time-per-game {time_per_game_s:g}: seconds above 0, at most "
                             f"{MAX_TIME_PER_GAME_S:g}")
    if skills is not None and len(skills) != len(specs):
        raise UserInputError(f"--skills gives {len(skills)} noise magnitudes for "
                             f"{len(specs)} agents: give one per agent, in the order of "
                             f"--agents")
    terms = TournamentTerms(tuple(specs), games, seed, skill, call_mode, table, max_strokes,
                            out, resume, backend, jobs, scheduler, records, time_per_game_s,
                            sprt, None if skills is None else tuple(map(float, skills)))
    if records is not None:
        records_folder("--records", records)
        for task in make_tasks(list(specs), games, seed)[::games]:  # game 0 of each pairing
            check_output_path("--records", terms.record_path(task.pair * games, task.specs))
    return terms


def records_folder(flag: str, folder: str) -> Path:
    """The folder records are written into, created (with its parents) if missing; an empty
    name is refused (it is not the current folder)."""
    if not folder:
        raise UserInputError(f"{flag}: the folder's name is empty")
    path = Path(folder)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserInputError(f"{flag} {folder!r}: {exc.strerror or exc}") from None
    return path


class TournamentListener(Protocol):
    """What :func:`play_tournament` tells as the tournament goes (the command prints it)."""

    def started(self, terms: TournamentTerms, total: int, done: int, todo: int) -> None:
        """``total`` games in all, ``done`` already in the results file, ``todo`` to play."""

    def game_over(self, line: dict) -> None:
        """A game's results line, written (a failed game's has its ``error``)."""

    def record_not_written(self, line: dict, message: str) -> None:
        """A game's record could not be written (``records``): the game counts all the same
        and ``--replay`` can write it later."""


@dataclass(frozen=True)
class TournamentPlayed:
    """The games of a tournament after a run: every game line counted (those in the file
    before and those played now), the failures (played now, and from before when not played
    again), how many were played now and how long it took."""

    results: tuple[dict, ...]
    failed: tuple[dict, ...]
    played_now: int
    failed_now: int
    elapsed_s: float

    def extra_json(self, terms: TournamentTerms) -> dict:
        """What the report's JSON says of this run besides the table."""
        e = self.elapsed_s
        return {"seed": terms.seed, "games_per_pair": terms.games, "results": terms.out,
                "played_now": self.played_now, "failed_now": self.failed_now,
                "elapsed_s": round(e, 3),
                "games_per_min": round(60 * self.played_now / e, 2) if e > 0 else None}


def _workers(terms: TournamentTerms) -> Workers:
    """The workers of ``terms.backend`` (:mod:`ai.games.parallel`); UserInputError naming the
    flag when they cannot be had."""
    try:
        return workers(terms.backend, terms.jobs, terms.scheduler)
    except ParallelSetupError as exc:
        flag = "--scheduler" if terms.scheduler and "scheduler" in str(exc) else "--backend"
        raise UserInputError(f"{flag}: {exc}") from None


def play_tournament(terms: TournamentTerms, listener: TournamentListener) -> TournamentPlayed:
    """The games of ``terms`` not yet in its results file, played and appended one by one
    (the file locked against a second tournament until the last is written, and closed
    whatever happens); a failed game's line, with its error, is kept for ``resume``.  With
    ``terms.sprt`` the run stops once the test decides (:func:`sprt_state`; a failed game
    ends the prefix it is taken on until ``resume`` plays it)."""
    game = terms.game_config.to_json()
    config = config_line(list(terms.specs), terms.games, terms.seed, **game)
    tasks = make_tasks(list(terms.specs), terms.games, terms.seed,
                       keep_record=terms.records is not None, **game)
    try:
        results_file = ResultsFile(terms.out, config, terms.resume)
    except ResultsFileError as exc:
        raise UserInputError(str(exc)) from None
    done, failed_before = results_file.done, results_file.failed
    results = list(done)
    failed_now: list[dict] = []
    t0 = time.monotonic()
    pool = None
    try:  # from here on, whatever happens, the file is closed and the lock released
        done_keys = {(o["pair"], o["game"]) for o in done}
        todo = [t for t in tasks if (t.pair, t.game) not in done_keys]
        listener.started(terms, len(tasks), len(done), len(todo))
        if todo and not _decided(terms, results):
            pool = _workers(terms)
            with pool.config:
                par = joblib.Parallel(n_jobs=pool.n_jobs, return_as="generator_unordered",
                                      batch_size=1, pre_dispatch="2*n_jobs")
                for played in par(joblib.delayed(play_task)(t) for t in todo):
                    line = played.line
                    results_file.append(line)  # a failed game too: its error is kept
                    (failed_now if "error" in line else results).append(line)
                    _write_record(terms, played, listener)
                    listener.game_over(line)
                    if _decided(terms, results):  # games still in play are dropped
                        break
    finally:
        results_file.close()
        if pool is not None:
            pool.close()
    elapsed = time.monotonic() - t0
    played = {(o["pair"], o["game"]) for o in results}
    failed = failed_now + [o for o in failed_before if (o["pair"], o["game"]) not in played]
    return TournamentPlayed(tuple(results), tuple(failed), len(results) - len(done),
                            len(failed_now), elapsed)


def first_agent_scores(results) -> list[float]:
    """The first agent's score in games 0, 1, 2, ... of a two-agent tournament, up to the
    first game not finished: the games finish in any order on several workers, the prefix is
    the same on any number of them."""
    by_game = {o["game"]: o for o in results}
    scores = []
    while len(scores) in by_game:
        o = by_game[len(scores)]
        s = score_of_side0(o)
        scores.append(s if o["agents"][0] == 0 else 1.0 - s)
    return scores


def sprt_state(test: Sprt | None, results) -> SprtState | None:
    """Where ``test`` stands on these games (None without one): at the first game of
    the prefix (:func:`first_agent_scores`) where it decides, else after the whole prefix --
    so the decision and its game are those of one game after another, whatever the workers."""
    return None if test is None else test.first_decision(first_agent_scores(results))


def _decided(terms: TournamentTerms, results) -> bool:
    st = sprt_state(terms.sprt, results)
    return st is not None and st.decision != CONTINUE


def _write_record(terms: TournamentTerms, played: PlayedTask,
                  listener: TournamentListener) -> None:
    """A game's record, made in a worker, written here, atomically (a temporary file renamed:
    never a torn file, whatever the number of workers); a place that fails is told to the
    listener and the tournament goes on."""
    if played.record is None:
        return
    line = played.line
    path = terms.record_path(game_number(line["pair"], line["game"], terms.games),
                             line["specs"])
    try:
        files.write_atomic(path, played.record, "--records")
    except files.OutputFileError as exc:
        listener.record_not_written(line, str(exc))


@dataclass(frozen=True)
class ResultsOnFile:
    """A results file read as it is (``--report``): its agents, the games done and failed,
    and the games it was to hold."""

    specs: tuple[str, ...]
    header: dict
    done: tuple[dict, ...]
    failed: tuple[dict, ...]

    @property
    def planned(self) -> int:
        n = len(self.specs)
        return n * (n - 1) // 2 * self.header["games"]

    def extra_json(self, out: str) -> dict:
        return {"seed": self.header.get("seed"), "games_per_pair": self.header["games"],
                "results": out, "played_now": 0}


def read_results(out: str, agents: Sequence[str] | None) -> ResultsOnFile:
    """The results file ``out`` (no lock needed: it is only read); ``agents``, when given,
    must be its agents."""
    if not os.path.lexists(out):
        raise UserInputError(f"--out {out!r} does not exist: nothing to report")
    data = read_bytes(out, "--out", MAX_RESULTS_BYTES)  # a regular file, bounded
    lines = whole_lines(data)
    if not lines:
        raise UserInputError(f"--out {out!r} is empty: nothing to report")
    try:
        read = parse_results(out, lines)
    except ResultsFileError as exc:
        raise UserInputError(str(exc)) from None
    specs = read.header["agents"]
    if agents and list(agents) != specs:
        raise UserInputError(f"--agents {list(agents)} are not the agents of {out!r} "
                             f"({specs}); leave --agents out to report that tournament")
    return ResultsOnFile(tuple(specs), read.header, tuple(read.done), tuple(read.failed))


@dataclass(frozen=True)
class TournamentReport:
    """The strength table (:func:`ai.games.tournament.strength_table`, with the run's facts
    and the failures: ``pyramid tournament --json``'s document) and the crosstable."""

    table: dict
    cross: Crosstable

    @property
    def order(self) -> list[str]:
        """The agents best first."""
        return [r["agent"] for r in self.table["table"]]


def tournament_report(specs: Sequence[str], results: Sequence[dict], extra: dict,
                      failed: Sequence[dict], bootstrap: int, ci: str, out: str
                      ) -> TournamentReport:
    """The table and crosstable of ``results``; ``extra`` (the run's facts) and the failures
    go into the table's JSON."""
    try:
        table = strength_table(list(specs), results, bootstrap=bootstrap, ci=ci)
    except ResultsFileError as exc:
        raise UserInputError(f"{out}: {exc}") from None
    cross = crosstable(list(specs), [(o["agents"][0], o["agents"][1], score_of_side0(o))
                                     for o in results])
    table.update(extra)
    table["crosstable"] = cross.to_json()
    table["failed"] = [{"pair": o["pair"], "game": o["game"], "error": o["error"]}
                       for o in failed]
    return TournamentReport(table, cross)
