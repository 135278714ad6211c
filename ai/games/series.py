"""A match of several games (R3.1): who breaks each game, how a game stopped by the stroke
cap is closed, and the first state of each game -- the one place for this logic, used by
``pyramid play`` (games chained, the lot drawn from the match's generator) and by
tournaments (every game on its own, from its own seed, so workers need not wait for each
other)."""
from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from engine import GameState, initial_state, next_game
from engine.handicap import apply_handicap, start_handicap
from engine.kinds import Variant
from engine.outcome import UNFINISHED_RULE, GameOutcome
from engine.special import breaker_of_game
from engine.state import MatchContext
from sim.table import DEFAULT_TABLE

TWO_PLAYER, THREE_EACH, ONE_VS_PAIR = Variant.TWO_PLAYER, Variant.THREE_EACH, Variant.ONE_VS_PAIR
VARIANTS = tuple(Variant)  # the order of engine.kinds.Variant


@dataclass(frozen=True)
class Series:
    """The games of one match between the same sides."""

    games: int = 1
    variant: str = TWO_PLAYER
    call_mode: str = "exact"
    table: str = DEFAULT_TABLE
    handicap: object = None  # an engine.handicap value, applied to every game
    pair_order: str = "while-scoring"  # one against a pair: R12.2 (1) "alternate" or (2)

    @property
    def n_sides(self) -> int:
        return 3 if self.variant == THREE_EACH else 2

    def chained_game(self, g: int, previous: GameState | None,
                     rng: np.random.Generator) -> GameState:
        """Game ``g`` of the match played in order (``previous``: game g - 1 finished).  The
        first breaker is drawn by lot from ``rng``; two-player games then follow R3.1 (the
        next game of the match, an odd last game by lot); the other variants start afresh,
        the break going round (one against a pair: the single breaks)."""
        if g == 0 or self.variant != TWO_PLAYER:
            breaker = 0 if self.variant == ONE_VS_PAIR else (
                int(rng.integers(self.n_sides)) if g == 0 else g % self.n_sides)
            if self.variant == TWO_PLAYER:
                match = MatchContext(games_to_play=self.games, first_breaker=breaker,
                                     breaker=breaker)
                state = initial_state(self.variant, self.call_mode, self.table,
                                      breaker=breaker, match=match, auto_warning=True)
            else:
                state = initial_state(self.variant, self.call_mode, self.table,
                                      breaker=breaker, auto_warning=True,
                                      pair_order=self.pair_order)
        else:
            state = next_game(previous, lambda: int(rng.integers(2)), auto_warning=True)
        return self._handicapped(state)

    def independent_game(self, g: int, rng: np.random.Generator) -> GameState:
        """Game ``g`` on its own (a tournament's): side 0 breaks the first game, breaks
        alternate, an odd last game is drawn by lot from ``rng`` (R3.1)."""
        match = MatchContext(games_to_play=self.games, games_played=g, first_breaker=0)
        breaker = breaker_of_game(match, g, lambda: int(rng.integers(2)))
        state = initial_state(self.variant, self.call_mode, self.table, breaker=breaker,
                              match=replace(match, breaker=breaker), auto_warning=True,
                              pair_order=self.pair_order)
        return self._handicapped(state)

    def _handicapped(self, state: GameState) -> GameState:
        """The agreed handicap applied; R12.2(1): with single strokes in turn at least the
        pair's minimum (5 points when none was agreed)."""
        h = start_handicap(state, self.handicap)
        return state if h is None else apply_handicap(state, h)


def close_unfinished(state: GameState) -> GameState:
    """A game stopped before the rules ended it, closed so that the match can go on: the
    higher score wins, equal scores draw (rule "unfinished")."""
    a, b = state.scores[0], state.scores[1]
    res = GameOutcome.drawn(UNFINISHED_RULE) if a == b else GameOutcome.win(0 if a > b else 1,
                                                                          UNFINISHED_RULE)
    return replace(state, result=res)
