"""The rules' closed vocabularies as enums (issue 24): the variants of the game (R9, R12),
the call modes (R5), the pair's turn orders (R12.2), the foul letters of R7.1 and the named
facts a person reports about a stroke (:data:`engine.stroke.NAMED_FACTS`).

Every enum is an :class:`enum.StrEnum`: a member *is* its string, so ``state.variant ==
"two-player"`` holds for a member and for the plain string read from JSON alike, a member is
a dictionary key equal to its string, and ``json.dumps`` writes the same bytes for a member as
for its value (tests/engine/test_kinds.py).  The older module constants (``TWO_PLAYER`` in
:mod:`engine.state`, ``EXACT`` in :mod:`engine.calls`, ...) are these members.
"""
from __future__ import annotations

from enum import StrEnum


class Variant(StrEnum):
    """Who plays against whom (docs/RULES.md R9, R12)."""

    TWO_PLAYER = "two-player"  # the ordinary game, to 71 (R9.1)
    THREE_EACH = "three-each"  # three players each for himself, to 51 (R12.1)
    ONE_VS_PAIR = "one-vs-pair"  # one against a pair, to 71 (R12.2)

    @property
    def n_sides(self) -> int:
        """Sides with a score: three in three each for himself, else two (the pair is one)."""
        return 3 if self is Variant.THREE_EACH else 2

    @property
    def n_players(self) -> int:
        """People at the table: three in three each for himself and in one against a pair
        (the single and the pair's two partners, R12.2), two in the ordinary game."""
        return 2 if self is Variant.TWO_PLAYER else 3

    def side_of_player(self, player: int) -> int:
        """The side (the index of ``scores``) a player plays for: in one against a pair player
        0 is the single (side 0) and players 1 and 2 the pair's partners A and B (side 1,
        R12.2); in the other variants each player is his own side."""
        if not (isinstance(player, int) and not isinstance(player, bool)
                and 0 <= player < self.n_players):
            raise ValueError(f"player must be 0..{self.n_players - 1} in {self.value}, "
                             f"got {player!r}")
        if self is Variant.ONE_VS_PAIR:
            return min(player, 1)
        return player

    @property
    def default_target(self) -> int:
        """Points to win when none was agreed: 51 in three each (R12.1), else 71 (R9.1)."""
        return 51 if self is Variant.THREE_EACH else 71


class CallMode(StrEnum):
    """What a call names (R5)."""

    EXACT = "exact"  # R5.1: ball, pocket and manner
    BALL_AND_POCKET = "ball-and-pocket"  # R5.2: ball and pocket only


class PairOrder(StrEnum):
    """One against a pair: the turn order agreed (R12.2)."""

    ALTERNATE = "alternate"  # R12.2(1): single strokes in turn
    WHILE_SCORING = "while-scoring"  # R12.2(2): each plays while he scores


class FoulLetter(StrEnum):
    """The fouls of R7.1, by their letter (a ruling writes them ``R7.1a`` ...)."""

    A = "a"  # a miss: the cue ball touches no ball
    B = "b"  # the cue ball falls into a pocket («свояк»)
    C = "c"  # the cue ball leaves the table
    D = "d"  # a ball touched with the cue, the rest, a hand or clothing (a tush is one)
    E = "e"  # a ball other than the cue ball struck
    F = "f"  # struck with the ferrule or the side of the cue
    G = "g"  # from hand, a ball in the house hit while the cue ball is inside it
    H = "h"  # from hand, struck from the wrong end of the table
    I = "i"  # noqa: E741 (the rule's own letter): struck while balls are still moving

    @property
    def rule(self) -> str:
        """The rule id a ruling cites: ``R7.1a`` ..."""
        return f"R7.1{self.value}"


class NamedFact(StrEnum):
    """Things a person sees at the table and reports with a stroke (``facts``); what each
    means is :data:`engine.stroke.NAMED_FACTS`, with its rule."""

    TUSH = "tush"
    PUSH = "push"
    DOUBLE_HIT = "double-hit"
    NO_FOOT_ON_FLOOR = "no-foot-on-floor"
    STANCE = "stance"
    CUE_STOPPED_BY_OPPONENT = "cue-stopped-by-opponent"
    CALLED_STOPPED_BY_OPPONENT = "called-stopped-by-opponent"
    UNCALLED_STOPPED_BY_OPPONENT = "uncalled-stopped-by-opponent"
    BALLS_DISTURBED_BY_OPPONENT = "balls-disturbed-by-opponent"
    SHOOTER_DISTURBED = "shooter-disturbed"
    HANGING_BALL_FELL = "hanging-ball-fell"
    HANGING_BALL_SHAKEN_IN = "hanging-ball-shaken-in"
    HANGING_BALL_FELL_AFTER_OPPONENT_STROKE = "hanging-ball-fell-after-opponent-stroke"
    CUE_JUMPED_AND_RETURNED = "cue-jumped-and-returned"
    BALL_ON_CUSHION = "ball-on-cushion"
    TUSH_BELIEVING_WON = "tush-believing-won"
    ADVICE = "advice"
    PASS_TO_PARTNER = "pass-to-partner"


__all__ = ["Variant", "CallMode", "PairOrder", "FoulLetter", "NamedFact"]
