"""Actions outside a single stroke: the referee's warning (R11.8), the last-ball replay
(R10.1), the corner cluster (R11.10) and the scoring-error rule (R14.1).  The next game of a
match (R3.1) is :mod:`engine.match`'s (``breaker_of_game`` and ``next_game`` are imported
here too, for the callers that know them from this module)."""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Iterable, Sequence

from sim.table import POCKET_IDS

from .errors import IllegalInputError, MalformedInputError
from .geometry import Position, spot_is_free
from .accounting import Adjustment
from .kinds import Variant
from .match import breaker_of_game, check_drawn, next_game, replay_breaker
from .outcome import GameOutcome
from .state import GameState, unrecorded_end
from .values import CUE, OBJECT_BALLS


def give_warning(state: GameState) -> GameState:
    """R11.8: the referee warns that repeated foul strokes leaving the balls unchanged will
    draw the game (R9.2).  The count of such strokes starts from zero."""
    if state.game_over:
        raise IllegalInputError("the game is over; no warning to give", "R11.8")
    return replace(state, warning=True, unchanged_foul_streak=tuple([0] * state.n_sides))


def start_last_ball_replay(drawn: GameState, ball: str = "1") -> GameState:
    """R10.1: replay a drawn game in the last ball only: one ball on the third spot, the
    player who would break the next game plays from hand, each player's first stroke is made
    without a call.  R10.2: whoever fouls loses; whoever pockets the ball wins.

    Interpretation: which ball stands is not said; ``ball`` (default "1") is a parameter, and
    the replay is decided by pocketing it, not by points (scores restart at 0)."""
    if drawn.variant != Variant.TWO_PLAYER:
        raise IllegalInputError(f"last-ball replay is defined for two players, not "
                                f"{drawn.variant}", "R10.1")
    check_drawn(drawn)
    if ball not in OBJECT_BALLS:
        raise MalformedInputError("ball", ball, "is not an object ball")
    breaker = replay_breaker(drawn)  # R10.1: who would break the next game (R3.1)
    spec = drawn.spec
    return replace(
        drawn, balls={ball: spec.third_spot}, cue_in_hand=True, scores=(0, 0),
        to_move=breaker, shelves=((), ()), break_pending=True, warning=False,
        unchanged_foul_streak=(0, 0), no_call_strokes_left=2, last_ball_replay=True,
        last_ball_bonus_to=None, handicap_points=0, returned_points=0, result=None,
        targets=None, strokes_played=0)


CORNER_POCKETS = ("NL", "NR", "FL", "FR")


def apply_corner_cluster(state: GameState, pocket: str, cue_position: Position,
                         balls: Sequence[str] = ()) -> GameState:
    """R11.10: all balls gathered round one corner: at both players' request the cue ball is
    placed near that pocket behind the balls, and each player makes one stroke without a call.

    1. the game is under way: not over, its break played (R3.2: the first stroke is from
       hand), no stroke without a call already due;
    2. the pocket is a corner pocket;
    3. ``balls``, when the players name them, are the balls gathered there: every object
       ball on the table (R11.10 is for *all* the balls), each once;
    4. the placement is the players' (or referee's) choice; it must be free, on the bed, and
       nearer to the named corner pocket than to any other pocket;
    5. the cue ball stands there (no longer in hand) and each side still playing (R12.1)
       has one stroke without a call: ``no_call_strokes_left`` counts strokes, not players
       (docs/RULES-INTERPRETATIONS.md)."""
    # 1. the game
    if state.game_over:
        raise IllegalInputError("the game is over; no corner cluster to play", "R11.10")
    if state.break_pending:
        raise IllegalInputError("the break is still to be played (from hand, R3.2): the balls "
                                "cannot be gathered round a corner yet", "R11.10")
    if state.no_call_strokes_left:
        raise IllegalInputError(f"{state.no_call_strokes_left} stroke(s) without a call are "
                                f"already due", "R11.10")
    # 2. the pocket
    if pocket not in POCKET_IDS:
        raise MalformedInputError("pocket", pocket, f"must be a pocket ({', '.join(POCKET_IDS)})")
    if pocket not in CORNER_POCKETS:
        raise IllegalInputError(f"pocket {pocket} is not a corner pocket (NL, NR, FL, FR)",
                                "R11.10")
    # 3. the balls named
    if isinstance(balls, str) or not all(isinstance(b, str) for b in balls):
        raise MalformedInputError("balls", balls, "must be a list of object balls")
    on_table = state.object_balls
    for b in balls:
        if b not in OBJECT_BALLS:
            raise MalformedInputError("balls", b, "is not an object ball")
        if b not in state.balls:
            raise IllegalInputError(f"ball {b} is not on the table (on the table: "
                                    f"{' '.join(on_table)})", "R11.10")
    if len(set(balls)) != len(balls):
        raise MalformedInputError("balls", list(balls), "names a ball twice")
    if balls and set(balls) != set(on_table):
        rest = [b for b in on_table if b not in balls]
        raise IllegalInputError(f"R11.10 is for all the balls gathered round one corner: "
                                f"{' '.join(rest)} on the table too", "R11.10")
    # 4. the placement
    spec = state.spec
    if (not isinstance(cue_position, (list, tuple)) or len(cue_position) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                       and math.isfinite(v) for v in cue_position)):
        raise MalformedInputError("cue_position", cue_position, "must be [x, y] in metres")
    cue_position = (float(cue_position[0]), float(cue_position[1]))
    others = {b: p for b, p in state.balls.items() if b != CUE}
    if not spot_is_free(spec, cue_position, others):
        raise IllegalInputError(f"the cue ball cannot be placed at {list(cue_position)}: it is "
                                f"off the bed or overlaps a ball", "R11.10")
    dists = {p: math.dist(cue_position, spec.pocket_position(p)) for p in POCKET_IDS}
    if min(dists, key=dists.get) != pocket:
        raise IllegalInputError(f"the cue ball must be placed near pocket {pocket}", "R11.10")
    # 5. the new state
    placed = dict(others)
    placed[CUE] = cue_position
    return replace(state, balls=placed, cue_in_hand=False,
                   no_call_strokes_left=len(state.active_sides()))


def first_to_reach(score_history: Iterable[Sequence[int]], target: int | Sequence[int]
                   ) -> int | None:
    """R14.1: given the scores after each stroke, the side that reached the target first --
    the winner whatever happened afterwards (a scoring error found later does not matter)."""
    for scores in score_history:
        targets = [target] * len(scores) if isinstance(target, int) else list(target)
        for side, s in enumerate(scores):
            if s >= targets[side]:
                return side
    return None


# --- actions between strokes, as a record keeps them ---------------------------------------
# A human game's record (engine/record.py) keeps, on the stroke line after them (or on the
# result line when the game ends with them), the actions taken between strokes: the referee's
# warning (R11.8), the referee's correction of the scores (R14.1) and the corner cluster the
# players agreed on (R11.10, with the cue ball's place).  ``apply_action`` is what both the
# scorekeeping session and engine.verify apply, so the chain of states holds.  An ``undo``
# (issue 54) says that the scorer took the last line back: the line taken back (``"line"``,
# the stroke's typed line, or ``"action"``, the action between strokes) stays in the record,
# and the state is the one before that line (the stroke or the action itself is gone).
ACTIONS = ("warning", "correction", "cluster", "undo")
MAX_UNDONE_LINE_CHARS = 500  # an undone stroke's typed line (a typed line is at most 200)


def _check_undo(action: dict) -> None:
    """An ``undo`` action's shape: ``{"action": "undo", "line": the typed line}`` (a stroke
    taken back) or ``{"action": "undo", "action_undone": the action taken back}``."""
    line, undone = action.get("line"), action.get("action_undone")
    if (line is None) == (undone is None) or set(action) - {"action", "line", "action_undone"}:
        raise MalformedInputError("undo", action, "must be {\"action\": \"undo\", \"line\": "
                                  "the stroke's typed line} or {\"action\": \"undo\", "
                                  "\"action_undone\": the action}")
    if line is not None and (not isinstance(line, str) or len(line) > MAX_UNDONE_LINE_CHARS):
        raise MalformedInputError("undo.line", line, "must be the typed line taken back")
    if undone is not None and (not isinstance(undone, dict)
                               or undone.get("action") not in ACTIONS[:-1]):
        raise MalformedInputError("undo.action_undone", undone,
                                  "must be the action taken back (warning, correction, cluster)")


def correct_scores(state: GameState, scores, reason: str = "") -> GameState:
    """R14.1: the referee corrects the scores (a scoring error found later).  The state's
    ``adjustment`` says by how much the points now differ from what the shelves explain.  When
    the corrected scores show one side at or past its target, that side won (R14.1: whoever
    reached it first won, whatever happened since); more than one such side cannot be ruled
    from the scores alone and is refused."""
    if state.game_over:
        raise IllegalInputError("the game is over; a correction of its scores is a matter for "
                                "the record, not for play", "R14.1")
    if (not isinstance(scores, (list, tuple)) or len(scores) != state.n_sides
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in scores)):
        raise MalformedInputError("correction.scores", scores,
                                  f"must be {state.n_sides} integers")
    scores = tuple(scores)
    old = state.adjustment
    points = (old.points if old else 0) + sum(scores) - sum(state.scores)
    balls = old.balls if old else ()
    why = reason.strip() or "referee's correction of the scores"
    adjustment = None
    if points or balls:
        adjustment = Adjustment(f"R14.1: {why}"[:200], points, balls)
    new = replace(state, scores=scores, adjustment=adjustment)
    if unrecorded_end(new) is not None:
        over = [s for s in range(new.n_sides)
                if s not in new.placings and scores[s] >= new.target_of(s)]
        if len(over) != 1 or new.variant == Variant.THREE_EACH:
            raise IllegalInputError(
                f"the corrected scores {list(scores)} end the game but do not say who won; "
                f"the record must say who reached the target first", "R14.1")
        new = replace(new, result=GameOutcome.win(over[0], "R14.1"))
    return new


def apply_action(state: GameState, action) -> GameState:
    """One action between strokes as a record keeps it: ``{"action": "warning"}`` (R11.8),
    ``{"action": "correction", "scores": [...], "reason": "..."}`` (R14.1) or
    ``{"action": "cluster", "pocket": "FL", "cue": [x, y], "balls": [...]}`` (R11.10: the
    cue ball's place, nominal in a person's game, engine.notation.nominal_cluster_placement;
    ``balls`` the balls the players named, possibly none); ``{"action": "undo", ...}`` (the
    last line taken back, :func:`_check_undo`) leaves the state as it is."""
    if not isinstance(action, dict) or action.get("action") not in ACTIONS:
        raise MalformedInputError("action", action, f"must be {{\"action\": one of "
                                  f"{', '.join(ACTIONS)}, ...}}")
    if action["action"] == "undo":
        _check_undo(action)
        return state
    if action["action"] == "warning":
        return give_warning(state)
    if action["action"] == "cluster":
        balls = action.get("balls", [])
        if not isinstance(balls, list):
            raise MalformedInputError("cluster.balls", balls, "must be a list of object balls")
        return apply_corner_cluster(state, action.get("pocket"), action.get("cue"), balls)
    reason = action.get("reason", "")
    if not isinstance(reason, str):
        raise MalformedInputError("correction.reason", reason, "must be a string")
    return correct_scores(state, action.get("scores"), reason)


__all__ = ["give_warning", "start_last_ball_replay", "apply_corner_cluster", "CORNER_POCKETS",
           "breaker_of_game", "next_game", "first_to_reach", "ACTIONS", "correct_scores",
           "apply_action"]
