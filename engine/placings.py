"""Three each for himself (R12.1): sides that reach the target leave the game in order, and
balls go back from the first winner's shelf when the rest cannot be decided otherwise.

Step 5 of :func:`engine.adjudicate.adjudicate` calls :func:`three_player_progress` after each
stroke of that variant; :func:`return_balls_if_needed` is the R12.1 return on its own.
"""
from __future__ import annotations

from dataclasses import replace

from .geometry import respot
from .outcome import GameOutcome
from .state import GameState
from .values import LAST_BALL_BONUS, ball_value, balls_value
from .variants import variant_for


def three_player_progress(state: GameState, shooter: int
                          ) -> tuple[GameState, GameOutcome | None, tuple[str, ...]]:
    """R12.1: sides reaching the target leave in order; when the points left cannot decide
    the rest, balls of the needed value go back from the first winner's shelf.  Takes the
    state after the stroke; returns that state with the placings (and balls returned), the
    result if the game ended (else None) and the notes of the rules applied."""
    variant = variant_for(state)
    notes: list[str] = []
    placings = list(state.placings)
    for s in state.active_sides():
        if state.scores[s] >= state.target_of(s) and s not in placings:
            placings.append(s)
            notes.append(f"R12.1: player {s} reached {state.target_of(s)} and leaves the game")
    state = replace(state, placings=tuple(placings))
    if state.to_move in placings:
        state = replace(state, to_move=variant._next_active(state, state.to_move))
    result = variant.result(state) if len(state.active_sides()) <= 1 else None
    if result is None and placings:
        state = return_balls_if_needed(state, notes)
        result = variant.result(state)
    return state, result, tuple(notes)


def return_balls_if_needed(state: GameState, notes: list[str] | None = None) -> GameState:
    """R12.1: if no remaining player can reach the target with what is left on the table,
    put balls back from the first winner's shelf.  Interpretation: the deficit is what the
    best-placed remaining player still needs beyond the table's points; balls are taken from
    the shelf in ascending value until they cover it (deterministic), and respotted (R6.2).
    A note saying so is appended to ``notes`` when given."""
    if not state.placings:
        return state
    active = state.active_sides()
    need = min(state.target_of(s) - state.scores[s] for s in active)
    deficit = need - state.table_points()
    if deficit <= 0:
        return state
    winner = state.placings[0]
    shelf = list(state.shelves[winner])
    on_table = balls_value(state.object_balls)
    chosen: list[str] = []
    for b in sorted(shelf, key=ball_value):
        chosen.append(b)
        if on_table + balls_value(chosen) + LAST_BALL_BONUS >= need:
            break
    returned = balls_value(chosen)
    bonus_to = state.last_ball_bonus_to
    if bonus_to is not None and chosen:
        # the +10 already paid for a "last ball" goes back into the bookkeeping: the table
        # offers the bonus again (interpretation, docs/RULES-INTERPRETATIONS.md R12.1)
        returned += LAST_BALL_BONUS
        bonus_to = None
    balls = dict(state.balls)
    placed = respot(state.spec, balls, chosen)
    balls.update(dict(placed))
    shelves = [list(s) for s in state.shelves]
    shelves[winner] = [b for b in shelf if b not in chosen]
    if notes is not None:
        notes.append(f"R12.1: balls {', '.join(chosen)} put back from player {winner}'s shelf")
    return replace(state, balls=balls, shelves=tuple(tuple(s) for s in shelves),
                   returned_points=state.returned_points + returned, last_ball_bonus_to=bonus_to)
