"""Adjudicating one stroke: the heart of the rules core.

``adjudicate(state, stroke) -> Outcome`` takes a :class:`GameState` and the facts of a stroke
(:class:`StrokeFacts`, from a person's summary or an event log) and returns the
:class:`Adjudication` (a value: points to each side, fouls by rule id, balls counted and
respotted, whether the turn passes, the result) and the new state.  Nothing is mutated, so
:func:`evaluate` (the AI's "what would this do?") is the same call.

The order of the decisions follows the rules:
0. a person's summary (no event log) read for the manner of an exact call (R5.1:
   :func:`engine.calls.unfulfilled_by_summary`); one that says the call was fulfilled
   although what it says happened shows it was not is refused;
1. strokes that do not count at all (R11.4 replay, R11.9, R3.2 free touch before the break,
   R11.5 ball falling after the opponent's stroke);
2. fouls: R7.1 letters given or read from events, one 5-point penalty however many (R7.2);
3. success of the call (R5.1, R5.2, R5.4, R5.5, R6.3, R8.2) and which balls count;
4. positions: resting places, then respotting (R6, R7.3, R7.4, R7.5);
5. scores, last-ball bonus (R1.2), turn (R4.1, R11.6, R11.7, R12.2), the repeated-foul streak
   (R9.2, R11.8), the end of the game (R9, R10.2, R12.1).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from sim.table import POSITION_TOLERANCE_M

from .calls import BALL_AND_POCKET, Call, unfulfilled_by_summary
from .errors import IllegalInputError, MalformedInputError
from .geometry import (Position, balls_in_region, placement_region_for, position_unchanged,
                       respot)
from .state import ONE_VS_PAIR, THREE_EACH, GameState, check_no_overlap, unrecorded_end
from .stroke import FOUL_LETTERS, StrokeFacts, stroke_from_events
from .values import (CUE, LAST_BALL_BONUS, PENALTY_POINTS, ball_value, balls_value,
                     is_object_ball, sort_balls)
from .variants import variant_for

STREAK_FOR_DRAW = 3  # R9.2: three such foul strokes in a row from each side


@dataclass(frozen=True)
class Adjudication:
    shooter: int
    points: tuple[int, ...]  # change of each side's score on this stroke
    fouls: tuple[str, ...] = ()  # rule ids, e.g. "R7.1a"
    penalty: int = 0  # 0 or 5 (R7.2), plus 5 for R12.3 advice
    counted: tuple[str, ...] = ()  # balls that scored, onto the shooter's shelf
    respotted: tuple[tuple[str, Position], ...] = ()
    successful: bool = False  # the call was fulfilled without a foul
    turn_passes: bool = True
    next_to_move: int = 0
    cue_in_hand_next: bool = False
    replay: bool = False  # the stroke is void and played again (R11.4, R11.9, R3.2, R11.5)
    last_ball_bonus: bool = False
    result: Mapping[str, Any] | None = None
    notes: tuple[str, ...] = ()  # the rules applied, in words

    def to_json(self) -> dict:
        return {
            "shooter": self.shooter,
            "points": list(self.points),
            "fouls": list(self.fouls),
            "penalty": self.penalty,
            "counted": list(self.counted),
            "respotted": [{"ball": b, "position": [p[0], p[1]]} for b, p in self.respotted],
            "successful": self.successful,
            "turn_passes": self.turn_passes,
            "next_to_move": self.next_to_move,
            "cue_in_hand_next": self.cue_in_hand_next,
            "replay": self.replay,
            "last_ball_bonus": self.last_ball_bonus,
            "result": None if self.result is None else dict(self.result),
            "notes": list(self.notes),
        }


@dataclass(frozen=True)
class Outcome:
    adjudication: Adjudication
    state: GameState

    def state_with_resting_places(self, final: Mapping[str, Position | None]) -> GameState:
        """The state after a stroke with the same facts as the one this outcome was
        adjudicated from (first contact, balls pocketed and where, the call's fulfilment, the
        line crossed), except where the balls came to rest: ``final`` maps every ball that was
        on the table (and the cue ball placed from hand) to its resting centre or None.

        The ruling is this outcome's (points, fouls, turn, result, the R9.2 count of
        unchanged fouls); balls counted or pocketed are taken off and respotted balls placed
        by R6 around where the others stopped.  This is what a search needs for many samples
        of one stroke that differ only in the resting places, without adjudicating each."""
        adj = self.adjudication
        balls = {b: p for b, p in final.items() if p is not None}
        if adj.cue_in_hand_next:
            balls.pop(CUE, None)
        for b in adj.counted:
            balls.pop(b, None)
        again = [b for b, _ in adj.respotted]
        if again:
            for b in again:
                balls.pop(b, None)
            balls.update(dict(respot(self.state.spec, balls, again)))
        return replace(self.state, balls=balls)


def _void(state: GameState, note: str, *, new_state: GameState | None = None,
          respotted=()) -> Outcome:
    """A stroke that does not count: the same player plays again, no points change."""
    s = new_state or state
    adj = Adjudication(shooter=state.to_move, points=tuple([0] * state.n_sides),
                       respotted=tuple(respotted), turn_passes=False, next_to_move=state.to_move,
                       cue_in_hand_next=s.cue_in_hand, replay=True, notes=(note,))
    return Outcome(adj, s)


def resolve_call(state: GameState, call: Call | None) -> Call | None:
    """Check a call against the state (R5.3, R5.4); fill in the unnamed last ball."""
    if call is None:
        return None
    if call.ball is None:
        objs = state.object_balls
        if len(objs) != 1:
            raise IllegalInputError(
                f"the call names no ball but {len(objs)} object balls are on the table; only "
                f"the last ball need not be named", "R5.3")
        return replace(call, ball=objs[0])
    if call.ball not in state.balls:
        raise IllegalInputError(f"called ball {call.ball} is not on the table "
                                f"(on the table: {', '.join(state.object_balls)})", "R5.4")
    return call


def _validate(state: GameState, stroke: StrokeFacts) -> None:
    seen = set()
    for b, _ in stroke.pocketed:
        if b in seen:
            raise MalformedInputError("stroke.pocketed", b, "falls twice")
        seen.add(b)
    for b in stroke.off_table:
        if b in seen:
            raise MalformedInputError("stroke.off_table", b, "is also listed as pocketed")
        seen.add(b)
    for b in seen:
        if b == CUE:
            continue
        if b not in state.balls:
            raise IllegalInputError(f"ball {b} is pocketed/off the table on this stroke but was "
                                    f"not on the table before it")
    for b, p in stroke.final.items():
        if p is None and b not in seen:
            raise IllegalInputError(
                f"stroke.final.{b} is null but ball {b} was neither pocketed nor knocked off the "
                f"table; balls may not be taken off to speed up the end", "R9.4")
        if p is not None and b in seen and b != CUE \
                and "hanging-ball-shaken-in" not in stroke.facts:
            raise MalformedInputError(f"stroke.final.{b}", list(p),
                                      "gives a resting place for a ball that fell")
        if p is not None and b != CUE and b not in state.balls:
            raise IllegalInputError(f"stroke.final.{b}: ball {b} is not on the table")
    if stroke.first_contact is not None and stroke.first_contact != CUE \
            and stroke.first_contact not in state.balls:
        raise IllegalInputError(f"stroke.first_contact = {stroke.first_contact}: that ball is "
                                f"not on the table")
    if stroke.first_contact == CUE:
        raise MalformedInputError("stroke.first_contact", CUE, "must be an object ball or null")
    if ("advice" in stroke.facts or "pass-to-partner" in stroke.facts) \
            and state.variant != ONE_VS_PAIR:
        raise IllegalInputError(f"advice / pass-to-partner apply only to one against a pair, "
                                f"not to variant {state.variant}", "R12.3")
    if "pass-to-partner" in stroke.facts and state.to_move != 1:
        raise IllegalInputError("only a partner of the pair may pass to the other partner",
                                "R12.3")


def _manner_not_shown(state: GameState, stroke: StrokeFacts, call: Call | None) -> str | None:
    """Step 0: under the exact call (R5.1), why a person's summary shows the call not
    fulfilled (:func:`engine.calls.unfulfilled_by_summary`), or None.  An event log decides
    the manner itself (``call_fulfilled`` is computed from it), and under ball-and-pocket
    (R5.2) and for a called ball the opponent stopped (R11.2) the manner does not matter.
    A summary that says ``call_fulfilled: true`` against what it says happened is
    refused."""
    if (call is None or stroke.events is not None or state.call_mode == BALL_AND_POCKET
            or "called-stopped-by-opponent" in stroke.facts):
        return None
    why = unfulfilled_by_summary(call, stroke.first_contact)
    if why is not None and stroke.call_fulfilled is True \
            and stroke.pocket_of(call.ball) == call.pocket:
        raise IllegalInputError(f"stroke.call_fulfilled = true, but stroke.first_contact = "
                                f"{stroke.first_contact}: {why}", "R5.1")
    return why


def adjudicate(state: GameState, stroke: StrokeFacts) -> Outcome:
    """Adjudicate one stroke; returns the adjudication and the new state (see module doc)."""
    if state.game_over:
        raise IllegalInputError(f"the game is over ({dict(state.result)}); no more strokes",
                                "R9.1, R14.1")
    unrecorded = unrecorded_end(state)  # a state built in Python, not read from JSON
    if unrecorded is not None:
        raise IllegalInputError(unrecorded, "R9.1, R14.1")
    _validate(state, stroke)
    spec = state.spec
    shooter = state.to_move
    facts = stroke.facts
    notes: list[str] = []
    call = resolve_call(state, stroke.call)

    # --- 0. the manner a summary shows (R5.1) -----------------------------------------------
    unshown = _manner_not_shown(state, stroke, call)

    # --- 1. strokes that do not count ---------------------------------------------------
    if "shooter-disturbed" in facts:
        return _void(state, "R11.4: the shooter was disturbed; position restored, stroke replayed")
    if "tush-believing-won" in facts:
        return _void(state, "R11.9: tushed believing the game won; balls restored, no penalty")
    cue_end = stroke.final.get(CUE)
    if state.break_pending and facts & {"d", "tush"} and facts <= {"d", "tush"} \
            and not stroke.pocketed and stroke.first_contact is None and not stroke.off_table \
            and (cue_end is None or cue_end[0] <= spec.house_line_x):
        return _void(state, "R3.2: touching the cue ball in the house before the game starts "
                            "is free")
    if "hanging-ball-fell-after-opponent-stroke" in facts:
        fell = [b for b in stroke.pocketed_balls if is_object_ball(b)]
        balls = {b: p for b, p in state.balls.items() if b not in fell}
        placed = respot(spec, balls, fell)
        balls.update(dict(placed))
        return _void(state, "R11.5: the hanging ball fell on its own after the opponent's "
                            "stroke: respotted, no penalty for the miss, stroke replayed",
                     new_state=replace(state, balls=balls), respotted=placed)

    # --- 2. fouls --------------------------------------------------------------------------
    letters = {f for f in facts if f in FOUL_LETTERS}
    interfered = bool(facts & {"cue-stopped-by-opponent", "called-stopped-by-opponent"})
    if "tush" in facts:
        letters.add("d")
    touch_only = ("d" in letters and not stroke.pocketed and not stroke.off_table
                  and CUE not in stroke.final)  # a touch foul with no stroke: no miss as well
    if stroke.first_contact is None and not interfered and "tush" not in facts \
            and "pass-to-partner" not in facts and not touch_only:
        letters.add("a")  # miss
    if CUE in stroke.pocketed_balls:
        letters.add("b")
    cue_jumped_back = "cue-jumped-and-returned" in facts  # R11.6: no penalty
    if CUE in stroke.off_table and not cue_jumped_back:
        letters.add("c")
    region = placement_region_for(spec, state.balls) if state.cue_in_hand else None
    house_balls = set()
    if region is not None:
        house_balls = balls_in_region(spec, state.balls, region.name)
        if stroke.placement is not None and not region.contains(*stroke.placement):
            letters.add("h")  # played from hand not from the house (R7.1h)
        if stroke.first_contact in house_balls and not stroke.cue_left_house_first:
            letters.add("g")  # direct hit on a house ball (R7.1g, R8.2)
    fouls = [f"R7.1{x}" for x in sorted(letters)]
    pass_to_partner = "pass-to-partner" in facts
    if pass_to_partner:
        fouls.append("R12.3")
    fouled = bool(fouls)
    if fouled:
        notes.append("R7.2: foul, 5 points from the shooter to the opponent"
                     if not state.last_ball_replay else "R10.2: a foul in the last-ball replay "
                                                        "loses the game")

    # --- 3. the call and which balls count ---------------------------------------------------
    no_call_stroke = state.no_call_strokes_left > 0 and call is None
    pocketed_objs = [b for b in stroke.pocketed_balls if is_object_ball(b)]
    off_objs = [b for b in stroke.off_table if is_object_ball(b)]
    called_stopped = "called-stopped-by-opponent" in facts
    counted: list[str] = []
    successful = False
    if not fouled:
        if "push" in facts or "double-hit" in facts:
            notes.append("R6.3: push / double hit: not a foul, pocketed balls do not count")
        elif "no-foot-on-floor" in facts:
            notes.append("R6.4: no foot on the floor: no penalty, pocketed balls do not count")
        elif "hanging-ball-shaken-in" in facts:
            notes.append("R11.5: the hanging ball fell because the table was shaken: it is put "
                         "back, the turn passes")
        elif no_call_stroke:
            counted = [b for b in pocketed_objs if b not in house_balls]
            successful = bool(counted)
            notes.append("R10.1/R11.10: stroke without a call: every ball pocketed counts")
        elif call is None:
            if pocketed_objs:
                notes.append("R5.4: no valid call: pocketed balls do not count")
        else:
            in_pocket = stroke.pocket_of(call.ball) == call.pocket or called_stopped
            manner_ok = (state.call_mode == BALL_AND_POCKET or called_stopped
                         or (stroke.call_fulfilled is not False and unshown is None))
            if call.ball in house_balls and in_pocket:
                notes.append("R8.2: a ball in the house pocketed from hand does not count")
            elif in_pocket and manner_ok:
                successful = True
                counted = [call.ball]
                if called_stopped:
                    notes.append("R11.2: the called ball stopped by the opponent counts")
                if state.call_mode == BALL_AND_POCKET:
                    counted += [b for b in pocketed_objs if b != call.ball
                                and b not in house_balls]
                    if len(counted) > 1:
                        notes.append("R5.2: every ball pocketed with the called one counts")
                elif len(pocketed_objs) > 1:
                    notes.append("R5.1: other balls pocketed on an exact call do not count")
            elif pocketed_objs or stroke.first_contact is not None:
                if in_pocket and unshown is not None:
                    notes.append(f"R5.1: {unshown}")
                notes.append("R5.5: the call was not fulfilled: nothing counts, turn passes")
    elif pocketed_objs:
        notes.append("R7.3: on a foul no pocketed ball counts")
    if "e" in letters:
        notes.append("R7.4: struck with a ball other than the cue ball: pocketed balls "
                     "respotted, the others stay")

    # --- 4. positions --------------------------------------------------------------------------
    balls: dict[str, Position] = dict(state.balls)
    if state.cue_in_hand and stroke.placement is not None:
        balls[CUE] = stroke.placement
    gone = set(stroke.pocketed_balls) | set(stroke.off_table)
    if called_stopped and call is not None:
        gone.add(call.ball)
    for b, p in stroke.final.items():
        if p is not None:
            balls[b] = _onto_bed(spec, p) if "ball-on-cushion" in facts else p
    for b in gone:
        balls.pop(b, None)
    if "cue-jumped-and-returned" in facts and CUE in stroke.off_table:
        if CUE not in stroke.final or stroke.final[CUE] is None:
            raise MalformedInputError("stroke.final.cue", None,
                                      "is needed when the cue ball jumped and came back (R11.6)")
        balls[CUE] = stroke.final[CUE]
    cue_in_hand_next = CUE in gone and not (cue_jumped_back and CUE in balls)
    if not cue_in_hand_next and CUE not in balls:
        raise MalformedInputError("stroke.final.cue", None,
                                  "is needed: where did the cue ball stop after the stroke from "
                                  "hand? (or give stroke.placement)")
    if cue_in_hand_next:
        balls.pop(CUE, None)
    for b, p in balls.items():
        if not spec.geometry.ball_fits(*p, POSITION_TOLERANCE_M):
            raise MalformedInputError(f"stroke.final.{b}", list(p), "is not on the playing surface")
    check_no_overlap(spec, balls, "stroke.final")

    counted_set = set(counted)
    to_respot = [b for b in pocketed_objs + off_objs if b not in counted_set]
    if "hanging-ball-shaken-in" in facts:
        # R11.5: put back into the jaws: the person gives its place in ``final``
        to_respot = [b for b in to_respot if b not in stroke.final]
        for b in pocketed_objs:
            if stroke.final.get(b) is not None:
                balls[b] = stroke.final[b]
    if off_objs:
        notes.append("R7.5: an object ball that left the table is respotted (not a foul)")
    placed = respot(spec, balls, to_respot)
    balls.update(dict(placed))
    if placed:
        notes.append("R6: respotted " + ", ".join(f"{b} at ({p[0]:.3f}, {p[1]:.3f})"
                                                  for b, p in placed))

    # --- 5. scores, turn, streak, end --------------------------------------------------------
    n = state.n_sides
    variant = variant_for(state)
    delta = [0] * n
    shelves = [list(s) for s in state.shelves]
    delta[shooter] += balls_value(counted)
    shelves[shooter] += sort_balls(counted)
    bonus = False
    bonus_to = state.last_ball_bonus_to
    if counted and not any(is_object_ball(b) for b in balls):
        delta[shooter] += LAST_BALL_BONUS
        bonus, bonus_to = True, shooter
        notes.append("R1.2: the last ball scores +10")
    penalty = 0
    if fouled and not state.last_ball_replay:
        recipient = variant.penalty_recipient(state, shooter)
        delta[shooter] -= PENALTY_POINTS
        delta[recipient] += PENALTY_POINTS
        penalty += PENALTY_POINTS
    if "advice" in facts:
        delta[1] -= PENALTY_POINTS
        delta[0] += PENALTY_POINTS
        penalty += PENALTY_POINTS
        fouls.append("R12.3")
        notes.append("R12.3: advice between partners: 5 points to the single, the stroke stays")
    scores = tuple(s + d for s, d in zip(state.scores, delta))

    turn_passes = not successful
    if successful and cue_jumped_back:
        turn_passes = True
        notes.append("R11.6: the cue ball jumped and came back: the ball counts, turn passes")
    if successful and "ball-on-cushion" in facts:
        turn_passes = True
        notes.append("R11.7: a ball stopped on a cushion: the called ball counts, turn passes")
    if state.variant == ONE_VS_PAIR and state.pair is not None \
            and state.pair.order == "alternate":
        turn_passes = True  # R12.2(1): one stroke each in turn
    next_to_move, pair = variant.next_to_move(state, shooter, turn_passes, fouled=fouled,
                                              counted_any=bool(counted),
                                              pass_to_partner=pass_to_partner)
    if pass_to_partner:
        turn_passes = False  # the pair keeps the table; the other partner plays

    # R9.2 / R11.8: foul strokes in a row that leave the balls unchanged
    streak = list(state.unchanged_foul_streak)
    warning = state.warning
    unchanged = (stroke.balls_unchanged if stroke.balls_unchanged is not None
                 else position_unchanged(state.balls, balls, cue_in_hand_next))
    if fouled and unchanged:
        streak[shooter] += 1
    else:
        streak = [0] * n
    if not warning and state.auto_warning and all(streak[s] >= 1 for s in state.active_sides()):
        warning = True
        streak = [0] * n
        notes.append("R11.8: warning (automatic): three more unchanged foul strokes from each "
                     "side and the game is drawn")

    new_state = replace(
        state, balls=balls, cue_in_hand=cue_in_hand_next, scores=scores,
        to_move=next_to_move, shelves=tuple(tuple(s) for s in shelves),
        break_pending=False, warning=warning, unchanged_foul_streak=tuple(streak),
        no_call_strokes_left=max(0, state.no_call_strokes_left - 1),
        last_ball_bonus_to=bonus_to, pair=pair, strokes_played=state.strokes_played + 1)

    result = None
    if state.last_ball_replay:
        if fouled:
            result = {"winner": 1 - shooter, "rule": "R10.2"}
        elif counted:
            result = {"winner": shooter, "rule": "R10.1"}
    elif warning and all(streak[s] >= STREAK_FOR_DRAW for s in state.active_sides()):
        result = {"draw": True, "rule": "R9.2"}
        notes.append("R9.2: three unchanged foul strokes from each side after the warning: draw")
    if result is None and state.variant == THREE_EACH:
        new_state, result = _three_player_progress(new_state, shooter, notes)
    elif result is None:
        result = variant.result(new_state)
    if result is not None:
        new_state = replace(new_state, result=result)
        notes.append(f"game over: {result}")

    adj = Adjudication(
        shooter=shooter, points=tuple(delta), fouls=tuple(fouls), penalty=penalty,
        counted=tuple(counted), respotted=tuple(placed), successful=successful,
        turn_passes=turn_passes, next_to_move=new_state.to_move,
        cue_in_hand_next=cue_in_hand_next, last_ball_bonus=bonus, result=result,
        notes=tuple(notes))
    return Outcome(adj, new_state)


def _onto_bed(spec, p: Position) -> Position:
    """R11.7: a ball that stopped on top of a cushion is set frozen to it where it stopped."""
    R = spec.ball_radius_m
    return (min(max(p[0], R), spec.length_m - R), min(max(p[1], R), spec.width_m - R))


def _three_player_progress(state: GameState, shooter: int, notes: list[str]):
    """R12.1: sides reaching the target leave in order; when the points left cannot decide
    the rest, balls of the needed value go back from the first winner's shelf."""
    variant = variant_for(state)
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
    return state, result


def return_balls_if_needed(state: GameState, notes: list[str] | None = None) -> GameState:
    """R12.1: if no remaining player can reach the target with what is left on the table,
    put balls back from the first winner's shelf.  Interpretation: the deficit is what the
    best-placed remaining player still needs beyond the table's points; balls are taken from
    the shelf in ascending value until they cover it (deterministic), and respotted (R6.2)."""
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


def evaluate(state: GameState, stroke: StrokeFacts) -> Adjudication:
    """What a stroke outcome would do (score change, turn, game end), without changing
    anything: states are immutable, so this is :func:`adjudicate` without the new state."""
    return adjudicate(state, stroke).adjudication


def adjudicate_events(state: GameState, events, final: Mapping[str, Position | None],
                      call: Call | None = None, placement: Position | None = None,
                      facts=(), off_table=()) -> Outcome:
    """Adjudicate a stroke given as an event log (list of :class:`sim.events.Event`, time
    order) and resting positions (``None`` for balls that fell).  ``facts`` adds what events
    cannot show (R7.1 letters c-f, h, i; named facts of :mod:`engine.stroke`)."""
    return adjudicate(state, stroke_from_events(events, final, call=call, facts=facts,
                                                off_table=off_table, placement=placement,
                                                state=state))


def adjudicate_sim_result(state: GameState, result, call: Call | None = None,
                          placement: Position | None = None, facts=()) -> Outcome:
    """Adjudicate a :class:`sim.result.SimResult` (only its ``events`` and ``final`` are
    read; the simulator itself is never called here)."""
    return adjudicate_events(state, result.events, result.final, call=call,
                             placement=placement, facts=facts)
