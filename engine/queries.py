"""Questions the AI asks about a state, none of which changes it.

* :func:`legal_calls` -- the calls that can be made now (R5); :func:`callable_balls` -- the
  balls they name (without building the calls);
* :func:`placement_region` / :func:`can_place_cue` -- where the cue ball may go from hand
  (R3.2, R8.1, R8.3);
* :func:`tush_available` -- whether a deliberate touch foul is an option (R7.1d, R11.8);
* :func:`evaluate` -- what a stroke outcome would do (re-exported from adjudicate);
* :func:`penalty_hands_game` -- whether a 5-point penalty would give the opponent the game;
* :func:`player_to_move` -- the player at the table (one against a pair: which partner).
"""
from __future__ import annotations

from .adjudicate import evaluate
from .calls import Call, all_calls
from .geometry import Region, balls_in_region, spot_is_free
from .kinds import Variant
from .state import GameState
from .stroke import StrokeFacts
from .values import CUE, PENALTY_POINTS
from .variants import variant_for


def callable_balls(state: GameState, include_house_balls: bool = False) -> list[str] | None:
    """The object balls a call may name now (R5), in number order; ``None`` when the stroke is
    played without a call (R10.1, R11.10), ``[]`` after the end of the game.  From hand, balls
    in the house cannot count (R8.2) and are left out unless ``include_house_balls``."""
    if state.game_over:
        return []
    if state.no_call_strokes_left > 0:
        return None
    balls = state.object_balls
    if state.cue_in_hand and not include_house_balls:
        region = state.placement_region()
        house = balls_in_region(state.spec, state.balls, region.name)
        balls = [b for b in balls if b not in house]
    return balls


def legal_calls(state: GameState, via_candidates: int = 0, include_house_balls: bool = False
                ) -> list[Call | None]:
    """Calls the player to move may make now.

    ``[None]`` when the stroke is played without a call (R10.1, R11.10).  When one object
    ball is left its number need not be named (R5.3), but the calls here name it anyway.
    From hand, balls in the house cannot count (R8.2) and are left out unless
    ``include_house_balls``.  Under the exact call (R5.1), each ball x pocket comes with the
    manners clean, bank, cushion-first, and kiss / carom / combination (with one named ball
    each when ``via_candidates``)."""
    balls = callable_balls(state, include_house_balls)
    if balls is None:
        return [None]
    return list(all_calls(balls, state.call_mode, via_candidates))


def placement_region(state: GameState) -> Region | None:
    """The rectangle the cue ball's centre may be placed in, or None if not in hand."""
    return state.placement_region()


def can_place_cue(state: GameState, x_m: float, y_m: float) -> bool:
    """True if the cue ball may be placed from hand at (x_m, y_m): inside the placement
    region, on the bed and clear of every ball."""
    region = state.placement_region()
    if region is None or not region.contains(x_m, y_m):
        return False
    others = {b: p for b, p in state.balls.items() if b != CUE}
    return spot_is_free(state.spec, (x_m, y_m), others)


def tush_available(state: GameState) -> bool:
    """A tush (touching one's own cue ball on purpose so that nothing moves, a foul R7.1d) is
    available whenever the game goes on and the cue ball is on the table.  Not before the
    break (R3.2: touches in the house are free then, so it is no foul) and not with the cue
    ball in hand (the player would first have to place it: that is a stroke from hand)."""
    return not state.game_over and not state.break_pending and not state.cue_in_hand


def tush_stroke() -> StrokeFacts:
    """The facts of a tush, to pass to :func:`evaluate`."""
    return StrokeFacts(facts=frozenset({"tush"}))


def player_to_move(state: GameState) -> int:
    """The player at the table (:meth:`engine.kinds.Variant.side_of_player` numbers them): the
    side to move, except in one against a pair, where the pair's turn is played by the partner
    ``state.pair.partner`` names (R12.2): player 1 (A) or 2 (B)."""
    if state.variant == Variant.ONE_VS_PAIR and state.to_move == 1:
        return 1 + (state.pair.partner if state.pair is not None else 0)
    return state.to_move


def penalty_hands_game(state: GameState) -> bool:
    """Would a foul by the player to move give the game away?  True in a last-ball replay
    (R10.2) and when the 5 points (R7.2) take the penalty's recipient to his target (R9.1)."""
    if state.game_over:
        return False
    if state.last_ball_replay:
        return True
    recipient = variant_for(state).penalty_recipient(state, state.to_move)
    return state.scores[recipient] + PENALTY_POINTS >= state.target_of(recipient)


__all__ = ["legal_calls", "placement_region", "can_place_cue", "tush_available",
           "tush_stroke", "evaluate", "penalty_hands_game", "player_to_move"]
