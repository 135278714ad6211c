"""What a finished (or stopped) game came to, as typed values: the result, and per-side
counts of what each side did.  Their JSON is what ``pyramid play --json`` and tournament
results files carry."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from engine import GameState

from ..agent import ATTACK, DELIBERATE_FOUL, SAFETY
from .match import GameLog

COUNTS = ("strokes", "visits", "points", "attacks", "pots", "fouls", "safeties",
          "deliberate_fouls")


@dataclass(frozen=True)
class GameResult:
    """Who won and by which rule; ``unfinished`` when the game was stopped before the rules
    ended it (the stroke cap, an interruption)."""

    winner: int | None = None
    draw: bool = False
    rule: str | None = None
    unfinished: bool = False
    placings: tuple[int, ...] | None = None  # three each for himself: the order of finish

    @classmethod
    def of_state(cls, state: GameState | None, unfinished: bool = False) -> "GameResult":
        r = None if state is None or state.result is None else state.result.to_json()
        return cls.from_json(r, unfinished)

    @classmethod
    def from_json(cls, obj: Mapping[str, Any] | None, unfinished: bool = False) -> "GameResult":
        """From a state's ``result`` object (None while the game goes on)."""
        if obj is None:
            return cls(unfinished=unfinished)
        placings = obj.get("placings")
        return cls(obj.get("winner"), bool(obj.get("draw")), obj.get("rule"), unfinished,
                   None if placings is None else tuple(placings))

    @property
    def decided(self) -> bool:
        """The rules ended the game (a win or a draw), and it was not stopped first."""
        return not self.unfinished and (self.winner is not None or self.draw)

    def score_of(self, side: int) -> float:
        """1 for a win, 0 for a loss; a draw or an unfinished game counts half."""
        if not self.decided or self.draw:
            return 0.5
        return 1.0 if self.winner == side else 0.0

    def to_json(self) -> dict | None:
        """The state's ``result`` object (None if the rules did not end the game)."""
        if self.winner is None and not self.draw:
            return None
        out: dict = {} if self.placings is None else {"placings": list(self.placings)}
        out.update({"draw": True} if self.draw else {"winner": self.winner})
        if self.rule is not None:
            out["rule"] = self.rule
        return out


@dataclass(frozen=True)
class GameStats:
    """Per-side counts of one game (tuples indexed by side) and how it ended."""

    strokes: tuple[int, ...]
    visits: tuple[int, ...]
    points: tuple[int, ...]  # points won (penalties received included), never negative
    attacks: tuple[int, ...]
    pots: tuple[int, ...]  # attacks that counted
    fouls: tuple[int, ...]
    safeties: tuple[int, ...]
    deliberate_fouls: tuple[int, ...]
    breaker: int
    result: GameResult
    scores: tuple[int, ...] | None
    break_and_run: bool  # the breaker won without the opponent coming to the table
    n_strokes: int

    def counts_json(self) -> dict:
        return {k: list(getattr(self, k)) for k in COUNTS}

    def to_json(self) -> dict:
        return {**self.counts_json(), "breaker": self.breaker, "result": self.result.to_json(),
                "unfinished": self.result.unfinished,
                "scores": None if self.scores is None else list(self.scores),
                "break_and_run": self.break_and_run, "n_strokes": self.n_strokes}


def game_stats(log: GameLog) -> GameStats:
    """Per-side counts of one game and its result."""
    first = log.reports[0].state_before if log.reports else log.final
    n = first.n_sides if first is not None else 2
    st = {k: [0] * n for k in COUNTS}
    prev = None
    for r in log.reports:
        side = r.state_before.to_move
        adj = r.outcome.adjudication
        if side != prev:
            st["visits"][side] += 1
        prev = side
        st["strokes"][side] += 1
        st["points"][side] += max(0, int(adj.points[side]))
        kind = r.decision.kind
        if kind == SAFETY:
            st["safeties"][side] += 1
        elif kind == DELIBERATE_FOUL:
            st["deliberate_fouls"][side] += 1
        if kind == ATTACK:
            st["attacks"][side] += 1
            if adj.counted and not adj.fouls:
                st["pots"][side] += 1
        if adj.fouls:
            st["fouls"][side] += 1
    final = log.final
    result = GameResult.of_state(final, bool(log.unfinished))
    breaker = first.match.breaker if first is not None else 0
    # break and run: the breaker wins without the opponent ever coming to the table
    br = (result.winner == breaker and all(r.state_before.to_move == breaker
                                           for r in log.reports))
    return GameStats(**{k: tuple(v) for k, v in st.items()}, breaker=breaker, result=result,
                     scores=tuple(final.scores) if final is not None else None,
                     break_and_run=bool(br), n_strokes=len(log.reports))


@dataclass(frozen=True)
class MatchTally:
    """What the games of a match came to: wins per side, draws, and games the rules did not
    end (stopped by the stroke cap); every game is in exactly one of these."""

    wins: tuple[int, ...]
    draws: int
    unfinished: int

    def to_json(self) -> dict:
        return {"wins": list(self.wins), "draws": self.draws, "unfinished": self.unfinished}


def tally(results: Iterable[GameResult], n_sides: int) -> MatchTally:
    """The wins, draws and unfinished games among ``results`` (one a game) of ``n_sides``
    sides: a decided game that is not a draw is a win of the side it scores 1 for
    (:meth:`GameResult.score_of`)."""
    wins = [0] * n_sides
    draws = unfinished = 0
    for r in results:
        if not r.decided:
            unfinished += 1
        elif r.draw:
            draws += 1
        else:
            for side in range(n_sides):
                wins[side] += r.score_of(side) == 1.0
    return MatchTally(tuple(wins), draws, unfinished)
