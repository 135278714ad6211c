"""Who plays next, who receives a penalty and when the game ends, per variant (R4, R9, R12).

Each variant is a small named class; :func:`variant_for` picks it from ``state.variant``.
"""
from __future__ import annotations

from dataclasses import replace

from .kinds import PairOrder, Variant
from .outcome import GameOutcome
from .state import GameState, PairState


class TwoPlayer:
    """The ordinary game (R4.1, R9)."""

    name = Variant.TWO_PLAYER

    def penalty_recipient(self, state: GameState, shooter: int) -> int:
        return 1 - shooter  # R7.2

    def next_to_move(self, state: GameState, shooter: int, turn_passes: bool, *,
                     fouled: bool, counted_any: bool, pass_to_partner: bool = False
                     ) -> tuple[int, PairState | None]:
        return (1 - shooter if turn_passes else shooter), state.pair

    def result(self, state: GameState) -> GameOutcome | None:
        """The state's ``result``: :meth:`outcome` (None: the game goes on)."""
        return self.outcome(state)

    def outcome(self, state: GameState) -> GameOutcome | None:
        """R9.1 first to the target wins; R9.2 both at 70 is a draw.  Interpretation: if the
        table is empty and neither rule applied (possible only with odd bookkeeping), the
        higher score wins, equal scores draw."""
        for side in range(state.n_sides):
            if state.scores[side] >= state.target_of(side):
                return GameOutcome.win(side, "R9.1")
        if all(state.scores[s] == state.target_of(s) - 1 for s in range(state.n_sides)):
            return GameOutcome.drawn("R9.2")
        if not state.object_balls:
            a, b = state.scores
            if a == b:
                return GameOutcome.drawn("R9.2")
            return GameOutcome.win(0 if a > b else 1, "R9.1")
        return None


class OneAgainstPair(TwoPlayer):
    """R12.2: side 0 is the single, side 1 the pair, to 71.

    Order (1) ``alternate``: single strokes in turn -- single, A, single, B, ...; the turn
    passes after every stroke whatever it did.
    Order (2) ``while-scoring``: each plays while he scores; the pair's player changes (A -> B
    -> A ...) at the pair's next turn once the single has pocketed a ball in his turn or the
    partner at the table has fouled (either one; at most one change per pair turn).
    R12.3: a partner may foul on purpose to hand the stroke straight to the other partner
    (``pass-to-partner``): 5 points to the single, the pair keeps the table.
    """

    name = Variant.ONE_VS_PAIR

    def next_to_move(self, state, shooter, turn_passes, *, fouled, counted_any,
                     pass_to_partner=False):
        pair = state.pair or PairState()
        if pass_to_partner:
            return 1, replace(pair, partner=1 - pair.partner, switch_pending=False)
        if pair.order == PairOrder.ALTERNATE:
            if shooter == 1:  # the partner alternates at every pair turn
                return 0, replace(pair, partner=1 - pair.partner)
            return 1, pair
        # while-scoring
        if shooter == 0:
            potted = pair.single_potted or counted_any
            if not turn_passes:
                return 0, replace(pair, single_potted=potted)
            pending = pair.switch_pending or potted
            partner = 1 - pair.partner if pending else pair.partner
            return 1, replace(pair, partner=partner, switch_pending=False, single_potted=False)
        # a partner of the pair played
        if not turn_passes:
            return 1, pair
        return 0, replace(pair, switch_pending=fouled, single_potted=False)


class ThreeEachForHimself(TwoPlayer):
    """R12.1: three players each for himself, to 51; the first to 51 leaves, the next to 51
    is second, the third loses.  Interpretation: a penalty goes to the next player in turn
    order (the one who takes the table); turn order is 0 -> 1 -> 2 -> 0 over players still in."""

    name = Variant.THREE_EACH

    def _next_active(self, state: GameState, side: int) -> int:
        active = state.active_sides()
        n = state.n_sides
        for k in range(1, n + 1):
            cand = (side + k) % n
            if cand in active:
                return cand
        return side

    def penalty_recipient(self, state, shooter):
        return self._next_active(state, shooter)

    def next_to_move(self, state, shooter, turn_passes, *, fouled, counted_any,
                     pass_to_partner=False):
        if turn_passes or shooter not in state.active_sides():
            return self._next_active(state, shooter), None
        return shooter, None

    def outcome(self, state):
        """R12.1: over when at most one side is still playing (every side ranked, the first
        to 51 the winner); interpretation: the table cleared, the rest ranked by score."""
        active = state.active_sides()
        if len(active) <= 1:
            return GameOutcome(winner=state.placings[0], rule="R12.1",
                               placings=tuple(state.placings) + tuple(active))
        if not state.object_balls:  # nothing left to play for (interpretation): rank by score
            rest = sorted(active, key=lambda s: -state.scores[s])
            return GameOutcome.ranked(tuple(state.placings) + tuple(rest), "R12.1")
        return None


VARIANT_CLASSES = {Variant.TWO_PLAYER: TwoPlayer, Variant.ONE_VS_PAIR: OneAgainstPair,
                   Variant.THREE_EACH: ThreeEachForHimself}


def variant_for(state: GameState):
    return VARIANT_CLASSES[state.variant]()
