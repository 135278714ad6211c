"""Playing a self-play game or match (``pyramid play``): the terms checked before anything is
played, then the games, each recorded as it is played.

* :func:`match_terms` -- the terms of the match (agents, their execution noise, variant, call
  mode, table, handicap, order of the pair, games, stroke cap, where the records go),
  checked: bad input raises :class:`russian_pyramid.errors.UserInputError` before any compiling;
* :func:`play_match` -- the games, the whole match depending only on the seed; what happens
  is told to a :class:`PlayListener` (the command prints it and draws the pictures), and it
  returns a :class:`MatchPlayed`, whose JSON is ``pyramid play --json``'s document.

``--record`` is written as a journal while a game is played (:class:`engine.files.Journal`:
``kill -9`` loses at most the stroke in flight) and, at the game's end, as the whole sealed
record over it.  A game stopped by Ctrl-C or SIGTERM, or by an internal failure, writes its
strokes so far and raises :class:`GameStopped`.
"""
from __future__ import annotations

import signal
import time
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterator, Protocol, Sequence

import numpy as np

from ai.games.match import StrokeReport
from ai.games.records import GameInterrupted, play_recorded_game
from ai.games.series import ONE_VS_PAIR, THREE_EACH, Series, close_unfinished
from ai.games.stats import GameResult, GameStats, MatchTally, tally
from ai.noise import NoiseModel
from ai.registry import make_agent
from engine import GameState, initial_state
from engine.errors import EngineError
from engine.files import Journal, OutputFileError
from engine.handicap import apply_handicap, start_handicap
from engine.kinds import PairOrder
from engine.record import StrokeRecord, write_record
from sim import Simulator, TableSpec, shared_simulator, table_by_name
from sim.presets import UnknownTableError

from ..errors import UserInputError
from ..io import Named, check_new_record, check_outputs, kept_elsewhere

PAIR_ORDERS = (PairOrder.WHILE_SCORING, PairOrder.ALTERNATE)  # R12.2 (2) and (1), as engine.state
SIDE_LETTERS = "ABC"


def table_named(name: str, flag: str = "--table") -> TableSpec:
    """The table preset ``name`` given with ``flag``, or bad input saying so once:
    ``--table 'x' is not a known table; known: pyramid-12ft, ...``."""
    try:
        return table_by_name(name)
    except UnknownTableError as exc:
        raise UserInputError(f"{flag} {exc.why()}") from None


@dataclass(frozen=True)
class MatchTerms:
    """The terms of a match, checked: one agent spec and one noise model a side, the variant,
    call mode, table, the handicap every game starts with (None: none), the order of the pair
    (R12.2), the games, the stroke cap of a game and the ``--record`` base name (None: no
    records)."""

    specs: tuple[str, ...]
    skills: tuple[NoiseModel, ...]
    variant: str
    call_mode: str
    table: TableSpec
    handicap: object | None
    pair_order: str
    games: int
    max_strokes: int
    record: str | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """How the sides are named: "A (greedy)", "B (mc:budget=200)", ..."""
        return tuple(f"{SIDE_LETTERS[k]} ({s})" for k, s in enumerate(self.specs))

    def record_path(self, game: int) -> Path | None:
        """Where game ``game`` (from 0) is recorded: FILE alone, FILE-gN.jsonl in a match."""
        if self.record is None:
            return None
        path = Path(self.record)
        if self.games == 1:
            return path
        return path.with_name(f"{path.stem}-g{game + 1}{path.suffix or '.jsonl'}")


def match_terms(specs: Sequence[str], skills: Sequence[NoiseModel], variant: str,
                call_mode: str, table: str, handicap, pair_order: str | None, games: int,
                max_strokes: int, record: str | None, force: bool = False,
                inputs: Sequence[Named] = ()) -> MatchTerms:
    """The terms checked, in the order a user reads the flags: the table, the order of the
    pair (one against a pair only), the handicap every game starts with (R12.2(1)'s minimum
    with single strokes in turn: 5 points to the pair when none is given; R12.1's none in
    three each for himself) and every record's place (before a game played for nothing:
    :func:`russian_pyramid.io.check_outputs`, none of them one of the match's ``inputs``, and
    none an existing record unless ``force``)."""
    spec = table_named(table)
    if pair_order is not None and variant != ONE_VS_PAIR:
        raise UserInputError(f"--pair-order {pair_order}: is for --variant one-vs-pair "
                             f"only (R12.2), not {variant}")
    order = pair_order or PAIR_ORDERS[0]
    try:
        state = initial_state(variant, call_mode, spec.name, pair_order=order)
        handicap = start_handicap(state, handicap)
        if handicap is not None:
            apply_handicap(state, handicap)
    except EngineError as exc:
        raise UserInputError(f"--handicap: {exc}") from None
    terms = MatchTerms(tuple(specs), tuple(skills), variant, call_mode, spec, handicap, order,
                       games, max_strokes, record)
    if record is not None:
        paths = [("--record", record)] + [("--record", terms.record_path(g))
                                          for g in range(games) if games > 1]
        check_outputs(paths, inputs)
        for _flag, path in paths[1:] if games > 1 else paths:
            check_new_record("--record", path, force)
    return terms


# exit status of a game stopped by a signal: 128 + the signal's number, as a shell reports it
EXIT_SIGINT = 128 + signal.SIGINT  # 130
EXIT_SIGTERM = 128 + signal.SIGTERM  # 143


class Terminated(KeyboardInterrupt):
    """SIGTERM during a game: it stops the game the way Ctrl-C does (a ``KeyboardInterrupt``,
    so the record keeps the strokes played), but exits 143."""
    stopped_by = "SIGTERM"


@contextmanager
def sigterm_stops_the_game() -> Iterator[None]:
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


class GameStopped(Exception):
    """A game stopped before its end: by Ctrl-C or SIGTERM (``interrupted``; ``terminated``
    for SIGTERM) or by an internal failure (``cause``).  ``game`` is from 1, ``strokes`` the
    strokes played, ``at_stroke`` the one in flight; they are written to ``kept`` (None
    without ``--record``)."""

    def __init__(self, game: int, strokes: int, at_stroke: int, kept: Path | None,
                 stopped: GameInterrupted):
        super().__init__(str(stopped))  # "SystemError: ...": what stopped it
        self.game, self.strokes, self.at_stroke = game, strokes, at_stroke
        self.kept, self.interrupt, self.cause = kept, stopped.interrupt, stopped.cause

    @property
    def interrupted(self) -> bool:
        return self.interrupt is not None

    @property
    def terminated(self) -> bool:
        return isinstance(self.interrupt, Terminated)

    @property
    def exit_status(self) -> int:
        """130 for Ctrl-C, 143 for SIGTERM, 1 for an internal failure."""
        if not self.interrupted:
            return 1
        return EXIT_SIGTERM if self.terminated else EXIT_SIGINT


@dataclass(frozen=True)
class PlayedGame:
    """One game of a match as ``pyramid play --json`` reports it (``game`` from 1)."""

    game: int
    stats: GameStats
    scores: tuple[int, ...]
    strokes: int
    unfinished: bool
    elapsed_s: float
    record: str | None = None
    png: tuple[str, ...] = ()

    @property
    def result(self) -> GameResult:
        return self.stats.result

    def to_json(self) -> dict:
        return {"game": self.game, "breaker": self.stats.breaker,
                "result": self.result.to_json(), "scores": list(self.scores),
                "strokes": self.strokes, "unfinished": self.unfinished,
                "elapsed_s": round(self.elapsed_s, 3), "stats": self.stats.to_json(),
                "record": self.record, "png": list(self.png)}


@dataclass(frozen=True)
class MatchPlayed:
    """A match played: its terms, seed, games and what they came to."""

    terms: MatchTerms
    seed: int
    games: tuple[PlayedGame, ...]
    tally: MatchTally
    elapsed_s: float

    def to_json(self) -> dict:
        t = self.terms
        return {"agents": list(t.specs), "skills": [m.magnitude for m in t.skills],
                "seed": self.seed, "variant": t.variant, "call_mode": t.call_mode,
                "pair_order": t.pair_order if t.variant == ONE_VS_PAIR else None,
                "handicap": None if t.handicap is None else t.handicap.to_json(),
                "games": [g.to_json() for g in self.games], **self.tally.to_json(),
                "elapsed_s": round(self.elapsed_s, 3)}


class PlayListener(Protocol):
    """What :func:`play_match` tells as the match goes (the command prints it)."""

    def match_started(self, terms: MatchTerms, seed: int, simulator: Simulator) -> None:
        """The agents are ready to play on ``simulator``."""

    def game_started(self, game: int, state: GameState) -> None:
        """Game ``game`` (from 0) starts in ``state`` (its breaker to move)."""

    def stroke_played(self, game: int, k: int, report: StrokeReport, line: StrokeRecord
                      ) -> None:
        """Stroke ``k`` (from 1) of game ``game`` was played: its report and record line."""

    def game_over(self, game: PlayedGame) -> tuple[str, ...]:
        """Game ``game`` is over and recorded; returns the pictures drawn of it, or ()."""

    def warning(self, message: str) -> None: ...


class _RecordJournal:
    """``--record`` written as the game is played (:class:`engine.files.Journal`).  It is
    a safeguard, not the record: should it fail (the place checked before the game went away,
    a full disk), the listener is warned once and the game goes on; the whole record is
    written at the end all the same (:func:`_save_record`)."""

    def __init__(self, path: Path, listener: PlayListener):
        self.path: Path | None = path
        self.listener = listener
        self.journal: Journal | None = None

    def __call__(self, line: str) -> None:
        try:
            if self.journal is None:
                if self.path is None:
                    return
                self.journal = Journal(self.path, "--record")
            self.journal.append(line)
        except OutputFileError as exc:
            self.listener.warning(f"{exc}: the record is not written as the game is played; "
                                  f"it will be written at the end")
            self.close()
            self.path = None

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()
            self.journal = None


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


@dataclass
class _Match:
    """What the games of a match share while it is played."""

    terms: MatchTerms
    seed: int
    rng: np.random.Generator
    simulator: Simulator
    agents: list
    listener: PlayListener


def play_match(terms: MatchTerms, seed: int, listener: PlayListener) -> MatchPlayed:
    """The match of ``terms`` played from ``seed`` (breaks alternate between games, R3.1; an
    odd last game drawn by lot from the seeded generator), each game recorded.  Raises
    :class:`GameStopped` when a game is stopped before its end (its strokes so far kept)."""
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    simulator = shared_simulator(terms.table.name)
    agents = [make_agent(s, simulator) for s in terms.specs]
    series = Series(terms.games, terms.variant, terms.call_mode, terms.table.name,
                    terms.handicap, pair_order=terms.pair_order)
    match = _Match(terms, seed, rng, simulator, agents, listener)
    listener.match_started(terms, seed, simulator)
    games: list[PlayedGame] = []
    state = None
    t_start = time.monotonic()
    for g in range(terms.games):
        try:
            state = series.chained_game(g, state, rng)
        except EngineError as exc:
            raise UserInputError(str(exc)) from None
        listener.game_started(g, state)
        game, state = _play_game(match, g, state)
        games.append(replace(game, png=tuple(listener.game_over(game))))
        if state.result is None:  # an unfinished game cannot lead to the next of a match
            state = close_unfinished(state)
    n_sides = 3 if terms.variant == THREE_EACH else 2
    return MatchPlayed(terms, seed, tuple(games), tally((g.result for g in games), n_sides),
                       time.monotonic() - t_start)


def _play_game(match: _Match, g: int, state: GameState) -> tuple[PlayedGame, GameState]:
    """Game ``g`` played from ``state`` and recorded: the game and its last state."""
    terms, listener = match.terms, match.listener
    count = [0]

    def on_stroke(report, line):
        count[0] += 1
        listener.stroke_played(g, count[0], report, line)

    path = terms.record_path(g)
    t0 = time.monotonic()
    journal = _RecordJournal(path, listener) if path is not None else None
    try:
        with sigterm_stops_the_game():
            played = play_recorded_game(
                state, match.agents, terms.specs, match.simulator, match.rng,
                terms.skills, seed=match.seed, on_stroke=on_stroke,
                max_strokes=terms.max_strokes,
                header_extra={"game": g + 1, "games": terms.games,
                              "skills": [m.magnitude for m in terms.skills]},
                journal=journal)
    except GameInterrupted as exc:
        if journal is not None:
            journal.close()
        if path is not None:
            _save_record(path, exc.record)  # the strokes so far, not lost
        raise GameStopped(g + 1, len(exc.record.strokes), count[0] + 1, path, exc) from None
    finally:
        if journal is not None:
            journal.close()
    elapsed = time.monotonic() - t0
    final = played.log.final
    if path is not None:
        _save_record(path, played.record)
    game = PlayedGame(g + 1, played.stats, tuple(final.scores), len(played.log.reports),
                      played.log.unfinished, elapsed,
                      None if path is None else str(path))
    return game, final
