"""A match's progression (R3.1, R10.1, R12.2): what the next game of a match is.

The one place for it, used by the scorekeeping of a club's match (``pyramid score
--session``, the board's Match tab) and by the computer's matches (``ai.games.series``):

1. a game is over before the next one starts (R9.3: a win, a loss or a draw);
2. a match of N games is over after its N-th game (R3.1: ``games_to_play``);
3. the breaker of the next game: the first game's by lot, then alternating; the last game
   of an odd match by lot again (R3.1); in one against a pair the single starts every game
   (R12.2) -- :func:`breaker_of_game`, :func:`needs_lot`;
4. a drawn game, when the competition must have a winner, is replayed from the beginning
   (:func:`replay_drawn_game`) or, both agreeing, in the last ball only
   (:func:`engine.special.start_last_ball_replay`): the one whose turn it would be to break
   the next game starts (R10.1, :func:`replay_breaker`).  A replay is not a new game of the
   match: ``games_played`` stays.

Refusals are :class:`MatchError` (an :class:`~engine.errors.IllegalInputError` with its rule
id and the catalog key of its words, so a session says them in its language).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from .errors import IllegalInputError
from .kinds import Variant
from .state import GameState, MatchContext, initial_state
from .words import say


class MatchError(IllegalInputError):
    """A step of the match refused: ``key`` names its words in the catalog (``score.*``),
    ``fields`` fill them, ``rule`` is the rule id."""

    def __init__(self, key: str, rule: str | None = None, **fields) -> None:
        self.key, self.fields = key, fields
        super().__init__(say(key, "en", **fields), rule)

    def why(self, lang: str) -> str:
        """The reason in ``lang``, without the rule id."""
        return say(self.key, lang, **self.fields)


def check_game_over(state: GameState) -> None:
    """Step 1: the next game (or a replay) starts only when this one is over (R9.3)."""
    if not state.game_over:
        raise MatchError("score.not_over")


def match_is_over(state: GameState) -> bool:
    """Step 2: the game played is the last of the match (R3.1)."""
    m = state.match
    return m.games_played + 1 >= m.games_to_play


def check_match_goes_on(state: GameState) -> None:
    """Steps 1 and 2: a next game of the match exists."""
    check_game_over(state)
    if match_is_over(state):
        raise MatchError("score.match_over", "R3.1", n=state.match.games_to_play)


def needs_lot(match: MatchContext, game_index: int, variant: str = Variant.TWO_PLAYER) -> bool:
    """Step 3: is the breaker of game ``game_index`` (0-based) drawn by lot?  The last game of
    a match of an odd number of games (R3.1; not the first, whose lot is
    ``match.first_breaker``); never in one against a pair (R12.2)."""
    return (variant != Variant.ONE_VS_PAIR and game_index > 0
            and match.games_to_play % 2 == 1 and game_index == match.games_to_play - 1)


def breaker_of_game(match: MatchContext, game_index: int, lot: Callable[[], int],
                    variant: str = Variant.TWO_PLAYER) -> int:
    """Step 3, R3.1: the first game's breaker is drawn by lot (``match.first_breaker``);
    later games alternate; if the agreed number of games is odd, the last is drawn by lot
    again (``lot()`` returns 0 or 1).  R12.2: in one against a pair the single player starts
    every game (``variant``)."""
    if variant == Variant.ONE_VS_PAIR:
        return 0
    if game_index == 0:
        return match.first_breaker
    if needs_lot(match, game_index, variant):
        return lot()
    return (match.first_breaker + game_index) % 2


def next_game(finished: GameState, lot: Callable[[], int], **kwargs) -> GameState:
    """The next game of the match (R3.1), with the same variant, call mode and table;
    ``kwargs`` go to :func:`engine.state.initial_state` (``pair_order``, ``target``,
    ``auto_warning``).  A game that ended a last-ball replay counts as the drawn game it
    decided: the match goes on from it.  Refused (R3.1) after the match's last game."""
    m = finished.match
    played = m.games_played + 1
    if played >= m.games_to_play:
        raise MatchError("score.match_over", "R3.1", n=m.games_to_play)
    nm = replace(m, games_played=played)
    breaker = breaker_of_game(nm, played, lot, finished.variant)
    return initial_state(finished.variant, finished.call_mode, finished.table, breaker=breaker,
                         match=replace(nm, breaker=breaker), **kwargs)


def replay_breaker(drawn: GameState) -> int:
    """Step 4, R10.1: who starts the replay of a drawn game -- the one whose turn it would be
    to break the next game: in two players the other than the drawn game's breaker; where
    breaks do not alternate between two (one against a pair: the single, R12.2; three each
    for himself: interpretation, the drawn game's breaker again)."""
    if drawn.variant == Variant.TWO_PLAYER:
        return 1 - drawn.match.breaker
    return drawn.match.breaker


def check_drawn(state: GameState) -> None:
    """Step 4: only a drawn game is replayed (R10.1)."""
    outcome = state.outcome
    if outcome is None or not outcome.is_draw:
        raise MatchError("score.only_draw_replayed", "R10.1")


def replay_drawn_game(drawn: GameState, **kwargs) -> GameState:
    """Step 4, R10.1: the drawn game replayed from the beginning: a new rack, the replay's
    breaker (:func:`replay_breaker`), the same game of the match (``games_played`` stays);
    ``kwargs`` go to :func:`engine.state.initial_state` (``pair_order``, ``target``)."""
    check_drawn(drawn)
    breaker = replay_breaker(drawn)
    return initial_state(drawn.variant, drawn.call_mode, drawn.table, breaker=breaker,
                         match=replace(drawn.match, breaker=breaker), **kwargs)


__all__ = ["MatchError", "check_game_over", "match_is_over", "check_match_goes_on",
           "needs_lot", "breaker_of_game", "next_game", "replay_breaker", "check_drawn",
           "replay_drawn_game"]
