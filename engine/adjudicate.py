"""Adjudicating one stroke: the heart of the rules core.

``adjudicate(state, stroke) -> Outcome`` takes a :class:`GameState` and the facts of a stroke
(:class:`StrokeFacts`, from a person's summary or an event log) and returns the
:class:`Adjudication` (a value: points to each side, fouls by rule id, balls counted and
respotted, whether the turn passes, the result) and the new state.  Nothing is mutated, so
:func:`evaluate` (the AI's "what would this do?") is the same call.

First the stroke is admitted (:mod:`engine.admission`, R5.3, R5.4, R9.1).  Then the decisions
follow the rules, one function per step, each taking the :class:`Ruling` so far to a new one:

0. :func:`~engine.admission.manner_not_shown`: a person's summary read for the manner of an
   exact call (R5.1); one that says it was fulfilled against what it says happened is refused;
1. :func:`void_stroke`: strokes that do not count at all (R11.4 replay, R11.9, R3.2 free
   touch before the break, R11.5 ball falling after the opponent's stroke);
2. :func:`fouls_committed`: R7.1 letters given or read from the stroke, one 5-point penalty
   however many (R7.2), R12.3 pass to partner;
3. :func:`balls_counted`: success of the call (R5.1, R5.2, R5.4, R5.5, R6.3, R8.2) and which
   balls count (:func:`counted_on_call` for a call);
4. positions: :func:`resting_places`, then :func:`respotting` (R6, R7.3, R7.4, R7.5, R11.5,
   R11.6, R11.7);
5. :func:`scores` with the last-ball bonus (R1.2, R7.2, R12.3), :func:`turn` (R4.1, R11.6,
   R11.7, R12.2), :func:`foul_streak` (R9.2, R11.8), :func:`game_end` (R9, R10.2, R12.1).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping

from sim.table import POSITION_TOLERANCE_M

from .admission import check_playable, check_stroke, manner_not_shown, resolve_call
from .calls import BALL_AND_POCKET, Call
from .errors import MalformedInputError
from .kinds import FoulLetter, NamedFact, PairOrder
from .geometry import (Position, balls_in_region, placement_region_for, position_unchanged,
                       respot)
from .adjudication import Adjudication, Outcome
from .outcome import GameOutcome
from .placings import return_balls_if_needed, three_player_progress
from .state import ONE_VS_PAIR, THREE_EACH, GameState, PairState, check_no_overlap
from .stroke import FOUL_LETTERS, StrokeFacts, stroke_from_events
from .values import CUE, LAST_BALL_BONUS, PENALTY_POINTS, balls_value, is_object_ball, sort_balls
from .variants import variant_for

STREAK_FOR_DRAW = 3  # R9.2: three such foul strokes in a row from each side


@dataclass(frozen=True)
class Ruling:
    """What is decided so far about one stroke: each step of :func:`adjudicate` returns a new
    one with its decisions (fields grouped by step); the last becomes the :class:`Outcome`."""

    state: GameState  # before the stroke
    stroke: StrokeFacts
    call: Call | None  # resolved (R5.3)
    unshown: str | None = None  # step 0: why a summary shows the exact call unfulfilled
    # step 2, fouls
    letters: frozenset[str] = frozenset()  # R7.1 letters
    fouls: tuple[str, ...] = ()  # rule ids; step 5 adds R12.3 for advice
    fouled: bool = False  # a foul stroke (R7.2), as step 2 found it
    house_balls: frozenset[str] = frozenset()  # balls in the house, from hand (R8.2)
    # step 3, the call
    counted: tuple[str, ...] = ()
    successful: bool = False
    # step 4, positions
    balls: Mapping[str, Position] = field(default_factory=dict)
    cue_in_hand_next: bool = False
    respotted: tuple[tuple[str, Position], ...] = ()
    # step 5, scores, turn, streak, end
    points: tuple[int, ...] = ()
    shelves: tuple[tuple[str, ...], ...] = ()
    penalty: int = 0
    last_ball_bonus: bool = False
    bonus_to: int | None = None
    turn_passes: bool = True
    next_to_move: int = 0
    pair: PairState | None = None
    streak: tuple[int, ...] = ()
    warning: bool = False
    result: GameOutcome | None = None
    after: GameState | None = None  # the state after the stroke
    notes: tuple[str, ...] = ()  # the rules applied, in words, in the order applied

    @property  # what the stroke's facts say, as the steps read them
    def facts(self) -> frozenset[str]:
        return self.stroke.facts

    @property
    def shooter(self) -> int:
        return self.state.to_move

    @property
    def pocketed_objects(self) -> list[str]:
        return [b for b in self.stroke.pocketed_balls if is_object_ball(b)]

    @property
    def off_table_objects(self) -> list[str]:
        return [b for b in self.stroke.off_table if is_object_ball(b)]

    @property
    def called_stopped(self) -> bool:
        """R11.2: the opponent stopped the called ball."""
        return NamedFact.CALLED_STOPPED_BY_OPPONENT in self.facts

    @property
    def cue_jumped_back(self) -> bool:
        """R11.6: the cue ball jumped off the table and came back (no penalty)."""
        return NamedFact.CUE_JUMPED_AND_RETURNED in self.facts

    @property
    def pass_to_partner(self) -> bool:
        return NamedFact.PASS_TO_PARTNER in self.facts

    def noted(self, *notes: str, **decided) -> "Ruling":
        """This ruling with ``decided`` fields replaced and ``notes`` added."""
        return replace(self, notes=self.notes + notes, **decided)

    def outcome(self) -> Outcome:
        adj = Adjudication(
            shooter=self.shooter, points=self.points, fouls=self.fouls, penalty=self.penalty,
            counted=self.counted, respotted=self.respotted, successful=self.successful,
            turn_passes=self.turn_passes, next_to_move=self.after.to_move,
            cue_in_hand_next=self.cue_in_hand_next, last_ball_bonus=self.last_ball_bonus,
            result=self.result, notes=self.notes)
        return Outcome(adj, self.after)


def adjudicate(state: GameState, stroke: StrokeFacts) -> Outcome:
    """Adjudicate one stroke; returns the adjudication and the new state (see module doc)."""
    check_playable(state)
    check_stroke(state, stroke)
    call = resolve_call(state, stroke.call)
    unshown = manner_not_shown(state, stroke, call)  # 0.
    void = void_stroke(state, stroke)  # 1.
    if void is not None:
        return void
    ruling = Ruling(state, stroke, call, unshown=unshown)
    for step in (fouls_committed, balls_counted,  # 2., 3.
                 resting_places, respotting,  # 4.
                 scores, turn, foul_streak, game_end):  # 5.
        ruling = step(ruling)
    return ruling.outcome()


# --- 1. strokes that do not count ----------------------------------------------------------
def _void(state: GameState, note: str, *, new_state: GameState | None = None,
          respotted=()) -> Outcome:
    """A stroke that does not count: the same player plays again, no points change."""
    s = new_state or state
    adj = Adjudication(shooter=state.to_move, points=tuple([0] * state.n_sides),
                       respotted=tuple(respotted), turn_passes=False, next_to_move=state.to_move,
                       cue_in_hand_next=s.cue_in_hand, replay=True, notes=(note,))
    return Outcome(adj, s)


def void_stroke(state: GameState, stroke: StrokeFacts) -> Outcome | None:
    """Step 1, R11.4, R11.9, R3.2, R11.5: the outcome of a stroke that does not count (the
    same player plays it again), or None for one that counts."""
    facts = stroke.facts
    if NamedFact.SHOOTER_DISTURBED in facts:
        return _void(state, "R11.4: the shooter was disturbed; position restored, stroke replayed")
    if NamedFact.TUSH_BELIEVING_WON in facts:
        return _void(state, "R11.9: tushed believing the game won; balls restored, no penalty")
    cue_end = stroke.final.get(CUE)
    if state.break_pending and facts and facts <= {FoulLetter.D, NamedFact.TUSH} \
            and not stroke.pocketed and stroke.first_contact is None and not stroke.off_table \
            and (cue_end is None or cue_end[0] <= state.spec.house_line_x):
        return _void(state, "R3.2: touching the cue ball in the house before the game starts "
                            "is free")
    if NamedFact.HANGING_BALL_FELL_AFTER_OPPONENT_STROKE in facts:
        fell = [b for b in stroke.pocketed_balls if is_object_ball(b)]
        balls = {b: p for b, p in state.balls.items() if b not in fell}
        placed = respot(state.spec, balls, fell)
        balls.update(dict(placed))
        return _void(state, "R11.5: the hanging ball fell on its own after the opponent's "
                            "stroke: respotted, no penalty for the miss, stroke replayed",
                     new_state=replace(state, balls=balls), respotted=placed)
    return None


# --- 2. fouls ------------------------------------------------------------------------------
def fouls_committed(r: Ruling) -> Ruling:
    """Step 2, R7.1 (letters given, or read from the stroke: a the miss, b the cue ball
    pocketed, c off the table, d the tush, g a house ball struck from hand, h placed outside
    the house), R8.2, R11.6 (the cue ball back on the table: no c), R12.3 (pass to partner),
    R7.2 / R10.2 (one penalty however many letters)."""
    state, stroke, facts = r.state, r.stroke, r.facts
    letters = {f for f in facts if f in FOUL_LETTERS}
    interfered = bool(facts & {"cue-stopped-by-opponent", "called-stopped-by-opponent"})
    if NamedFact.TUSH in facts:
        letters.add("d")
    touch_only = (FoulLetter.D in letters and not stroke.pocketed and not stroke.off_table
                  and CUE not in stroke.final)  # a touch foul with no stroke: no miss as well
    if stroke.first_contact is None and not interfered and NamedFact.TUSH not in facts \
            and not r.pass_to_partner and not touch_only:
        letters.add("a")  # miss
    if CUE in stroke.pocketed_balls:
        letters.add("b")
    if CUE in stroke.off_table and not r.cue_jumped_back:
        letters.add("c")
    region = placement_region_for(state.spec, state.balls) if state.cue_in_hand else None
    house_balls = set()
    if region is not None:
        house_balls = balls_in_region(state.spec, state.balls, region.name)
        if stroke.placement is not None and not region.contains(*stroke.placement):
            letters.add("h")  # played from hand not from the house (R7.1h)
        if stroke.first_contact in house_balls and not stroke.cue_left_house_first:
            letters.add("g")  # direct hit on a house ball (R7.1g, R8.2)
    fouls = [f"R7.1{x}" for x in sorted(letters)]
    if r.pass_to_partner:
        fouls.append("R12.3")
    notes = ()
    if fouls:
        notes = ("R7.2: foul, 5 points from the shooter to the opponent"
                 if not state.last_ball_replay else "R10.2: a foul in the last-ball replay "
                                                    "loses the game",)
    return r.noted(*notes, letters=frozenset(letters), fouls=tuple(fouls), fouled=bool(fouls),
                   house_balls=frozenset(house_balls))


# --- 3. the call and which balls count -----------------------------------------------------
def balls_counted(r: Ruling) -> Ruling:
    """Step 3, which pocketed balls count: none on a foul (R7.3; R7.4 struck with another
    ball), a push or double hit (R6.3), no foot on the floor (R6.4), a ball shaken in
    (R11.5); every ball on a stroke without a call (R10.1, R11.10) except house balls from
    hand (R8.2); none without a valid call (R5.4); else as the call was fulfilled
    (:func:`counted_on_call`)."""
    facts, pocketed = r.facts, r.pocketed_objects
    if r.fouled:
        ruled = r.noted("R7.3: on a foul no pocketed ball counts") if pocketed else r
    elif NamedFact.PUSH in facts or NamedFact.DOUBLE_HIT in facts:
        ruled = r.noted("R6.3: push / double hit: not a foul, pocketed balls do not count")
    elif NamedFact.NO_FOOT_ON_FLOOR in facts:
        ruled = r.noted("R6.4: no foot on the floor: no penalty, pocketed balls do not count")
    elif NamedFact.HANGING_BALL_SHAKEN_IN in facts:
        ruled = r.noted("R11.5: the hanging ball fell because the table was shaken: it is put "
                        "back, the turn passes")
    elif r.state.no_call_strokes_left > 0 and r.call is None:
        counted = tuple(b for b in pocketed if b not in r.house_balls)
        ruled = r.noted("R10.1/R11.10: stroke without a call: every ball pocketed counts",
                        counted=counted, successful=bool(counted))
    elif r.call is None:
        ruled = r.noted("R5.4: no valid call: pocketed balls do not count") if pocketed else r
    else:
        ruled = counted_on_call(r)
    if FoulLetter.E in r.letters:
        ruled = ruled.noted("R7.4: struck with a ball other than the cue ball: pocketed balls "
                            "respotted, the others stay")
    return ruled


def counted_on_call(r: Ruling) -> Ruling:
    """Step 3 for a stroke with a call and no foul: the called ball counts when it fell in
    the called pocket in the called manner (R5.1; any manner under ball-and-pocket, R5.2,
    where the other balls pocketed count too), or when the opponent stopped it (R11.2); not
    from the house when played from hand (R8.2); else nothing counts (R5.5)."""
    state, stroke, call = r.state, r.stroke, r.call
    pocketed = r.pocketed_objects
    in_pocket = stroke.pocket_of(call.ball) == call.pocket or r.called_stopped
    manner_ok = (state.call_mode == BALL_AND_POCKET or r.called_stopped
                 or (stroke.call_fulfilled is not False and r.unshown is None))
    if call.ball in r.house_balls and in_pocket:
        return r.noted("R8.2: a ball in the house pocketed from hand does not count")
    if in_pocket and manner_ok:
        notes = []
        counted = [call.ball]
        if r.called_stopped:
            notes.append("R11.2: the called ball stopped by the opponent counts")
        if state.call_mode == BALL_AND_POCKET:
            counted += [b for b in pocketed if b != call.ball and b not in r.house_balls]
            if len(counted) > 1:
                notes.append("R5.2: every ball pocketed with the called one counts")
        elif len(pocketed) > 1:
            notes.append("R5.1: other balls pocketed on an exact call do not count")
        return r.noted(*notes, counted=tuple(counted), successful=True)
    if pocketed or stroke.first_contact is not None:
        notes = [f"R5.1: {r.unshown}"] if in_pocket and r.unshown is not None else []
        return r.noted(*notes, "R5.5: the call was not fulfilled: nothing counts, turn passes")
    return r


# --- 4. positions --------------------------------------------------------------------------
def resting_places(r: Ruling) -> Ruling:
    """Step 4a, where the balls stand after the stroke: where they stopped (R11.7 set onto
    the bed from a cushion), without the balls that fell (and the called ball the opponent
    stopped, R11.2), the cue ball back when it jumped and returned (R11.6) or in hand when it
    fell; every ball on the playing surface, none overlapping."""
    state, stroke, facts, spec = r.state, r.stroke, r.facts, r.state.spec
    balls: dict[str, Position] = dict(state.balls)
    if state.cue_in_hand and stroke.placement is not None:
        balls[CUE] = stroke.placement
    gone = set(stroke.pocketed_balls) | set(stroke.off_table)
    if r.called_stopped and r.call is not None:
        gone.add(r.call.ball)
    for b, p in stroke.final.items():
        if p is not None:
            balls[b] = _onto_bed(spec, p) if NamedFact.BALL_ON_CUSHION in facts else p
    for b in gone:
        balls.pop(b, None)
    if r.cue_jumped_back and CUE in stroke.off_table:
        if CUE not in stroke.final or stroke.final[CUE] is None:
            raise MalformedInputError("stroke.final.cue", None,
                                      "is needed when the cue ball jumped and came back (R11.6)")
        balls[CUE] = stroke.final[CUE]
    cue_in_hand_next = CUE in gone and not (r.cue_jumped_back and CUE in balls)
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
    return r.noted(balls=balls, cue_in_hand_next=cue_in_hand_next)


def _onto_bed(spec, p: Position) -> Position:
    """R11.7: a ball that stopped on top of a cushion is set frozen to it where it stopped."""
    R = spec.ball_radius_m
    return (min(max(p[0], R), spec.length_m - R), min(max(p[1], R), spec.width_m - R))


def respotting(r: Ruling) -> Ruling:
    """Step 4b, R6 (respotting), R7.3, R7.4, R7.5 (a ball off the table is respotted, not a
    foul), R11.5 (a ball shaken in goes back where the person says): every object ball that
    fell or left the table and did not count is respotted."""
    stroke = r.stroke
    balls = dict(r.balls)
    pocketed = r.pocketed_objects
    off = r.off_table_objects
    counted = set(r.counted)
    to_respot = [b for b in pocketed + off if b not in counted]
    if NamedFact.HANGING_BALL_SHAKEN_IN in r.facts:
        # R11.5: put back into the jaws: the person gives its place in ``final``
        to_respot = [b for b in to_respot if b not in stroke.final]
        for b in pocketed:
            if stroke.final.get(b) is not None:
                balls[b] = stroke.final[b]
    notes = []
    if off:
        notes.append("R7.5: an object ball that left the table is respotted (not a foul)")
    placed = respot(r.state.spec, balls, to_respot)
    balls.update(dict(placed))
    if placed:
        notes.append("R6: respotted " + ", ".join(f"{b} at ({p[0]:.3f}, {p[1]:.3f})"
                                                  for b, p in placed))
    return r.noted(*notes, balls=balls, respotted=tuple(placed))


# --- 5. scores, turn, streak, end ----------------------------------------------------------
def scores(r: Ruling) -> Ruling:
    """Step 5a, the points of each side: the balls counted onto the shooter's shelf, +10 for
    the last ball (R1.2), 5 from the shooter on a foul (R7.2, to whom the variant says; not
    in the last-ball replay, R10.2), 5 from the pair to the single for advice (R12.3)."""
    state, shooter = r.state, r.shooter
    delta = [0] * state.n_sides
    shelves = [list(s) for s in state.shelves]
    delta[shooter] += balls_value(r.counted)
    shelves[shooter] += sort_balls(r.counted)
    notes, fouls = [], list(r.fouls)
    bonus, bonus_to = False, state.last_ball_bonus_to
    if r.counted and not any(is_object_ball(b) for b in r.balls):
        delta[shooter] += LAST_BALL_BONUS
        bonus, bonus_to = True, shooter
        notes.append("R1.2: the last ball scores +10")
    penalty = 0
    if r.fouled and not state.last_ball_replay:
        recipient = variant_for(state).penalty_recipient(state, shooter)
        delta[shooter] -= PENALTY_POINTS
        delta[recipient] += PENALTY_POINTS
        penalty += PENALTY_POINTS
    if NamedFact.ADVICE in r.facts:
        delta[1] -= PENALTY_POINTS
        delta[0] += PENALTY_POINTS
        penalty += PENALTY_POINTS
        fouls.append("R12.3")
        notes.append("R12.3: advice between partners: 5 points to the single, the stroke stays")
    return r.noted(*notes, points=tuple(delta), shelves=tuple(tuple(s) for s in shelves),
                   penalty=penalty, fouls=tuple(fouls), last_ball_bonus=bonus,
                   bonus_to=bonus_to)


def turn(r: Ruling) -> Ruling:
    """Step 5b, who plays next: the shooter again after a successful call (R4.1), except when
    the cue ball jumped and came back (R11.6) or a ball stopped on a cushion (R11.7), and in
    one against a pair taking turns (R12.2(1)); the variant names the side and partner (R12.2,
    R12.3: a pass to partner keeps the table for the pair)."""
    state = r.state
    notes = []
    turn_passes = not r.successful
    if r.successful and r.cue_jumped_back:
        turn_passes = True
        notes.append("R11.6: the cue ball jumped and came back: the ball counts, turn passes")
    if r.successful and NamedFact.BALL_ON_CUSHION in r.facts:
        turn_passes = True
        notes.append("R11.7: a ball stopped on a cushion: the called ball counts, turn passes")
    if state.variant == ONE_VS_PAIR and state.pair is not None \
            and state.pair.order == PairOrder.ALTERNATE:
        turn_passes = True  # R12.2(1): one stroke each in turn
    next_to_move, pair = variant_for(state).next_to_move(
        state, r.shooter, turn_passes, fouled=r.fouled, counted_any=bool(r.counted),
        pass_to_partner=r.pass_to_partner)
    turn_passes = turn_passes and not r.pass_to_partner  # the other partner plays
    return r.noted(*notes, turn_passes=turn_passes, next_to_move=next_to_move, pair=pair)


def foul_streak(r: Ruling) -> Ruling:
    """Step 5c, R9.2 / R11.8: the count of foul strokes in a row that leave the balls
    unchanged (said by the stroke, else compared), and the automatic warning once every side
    still playing has one (self-play without a referee)."""
    state, n = r.state, r.state.n_sides
    streak = list(state.unchanged_foul_streak)
    warning = state.warning
    unchanged = (r.stroke.balls_unchanged if r.stroke.balls_unchanged is not None
                 else position_unchanged(state.balls, r.balls, r.cue_in_hand_next))
    if r.fouled and unchanged:
        streak[r.shooter] += 1
    else:
        streak = [0] * n
    notes = ()
    if not warning and state.auto_warning and all(streak[s] >= 1 for s in state.active_sides()):
        warning = True
        streak = [0] * n
        notes = ("R11.8: warning (automatic): three more unchanged foul strokes from each "
                 "side and the game is drawn",)
    return r.noted(*notes, streak=tuple(streak), warning=warning)


def _state_after(r: Ruling) -> GameState:
    """The state after the stroke, before the end of the game is ruled on."""
    state = r.state
    return replace(
        state, balls=r.balls, cue_in_hand=r.cue_in_hand_next,
        scores=tuple(s + d for s, d in zip(state.scores, r.points)),
        to_move=r.next_to_move, shelves=r.shelves,
        break_pending=False, warning=r.warning, unchanged_foul_streak=r.streak,
        no_call_strokes_left=max(0, state.no_call_strokes_left - 1),
        last_ball_bonus_to=r.bonus_to, pair=r.pair, strokes_played=state.strokes_played + 1)


def game_end(r: Ruling) -> Ruling:
    """Step 5d, the end of the game: in the last-ball replay the first foul loses (R10.2)
    and the first ball counted wins (R10.1); three unchanged foul strokes from each side
    after the warning draw (R9.2); three each for himself plays on as sides leave (R12.1,
    :func:`engine.placings.three_player_progress`); else the variant's end (R9.1, R9.2)."""
    state, shooter = r.state, r.shooter
    notes: list[str] = []
    result = None
    if state.last_ball_replay:
        if r.fouled:
            result = GameOutcome.win(1 - shooter, "R10.2")
        elif r.counted:
            result = GameOutcome.win(shooter, "R10.1")
    elif r.warning and all(r.streak[s] >= STREAK_FOR_DRAW for s in state.active_sides()):
        result = GameOutcome.drawn("R9.2")
        notes.append("R9.2: three unchanged foul strokes from each side after the warning: draw")
    after = _state_after(r)
    if result is None and state.variant == THREE_EACH:
        after, result, left = three_player_progress(after, shooter)
        notes += left
    elif result is None:
        result = variant_for(state).result(after)
    if result is not None:
        after = replace(after, result=result)
        notes.append(f"game over: {result.to_json()}")
    return r.noted(*notes, result=result, after=after)




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


__all__ = ["Adjudication", "Outcome", "Ruling", "STREAK_FOR_DRAW", "adjudicate", "evaluate",
           "adjudicate_events", "adjudicate_sim_result", "resolve_call", "return_balls_if_needed"]
