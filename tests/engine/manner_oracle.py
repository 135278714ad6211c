"""A readable, line-by-line twin of the compiled manner classification
(:mod:`engine.manner`), kept as its test oracle: the rules of R5.1 written over
:class:`sim.events.Event` values with sets and strings.  Not used by the package."""
from __future__ import annotations

from typing import Sequence

from engine.calls import BANK, CAROM, COMBINATION, CUSHION_FIRST, KISS, MannerShown
from engine.values import CUE
from sim.events import Event, EventKind


def manners_shown_readable(events: Sequence[Event], ball: str) -> MannerShown:
    """Classify how ``ball`` was played, from an event log in time order (R5.1).

    * cushion-first: the cue ball touched a cushion (nose or jaw) before its first ball contact;
    * carom: the cue ball touched another ball before it touched ``ball``;
    * combination: ``ball`` was first set moving by another object ball, not the cue ball;
    * bank: after it was set moving, ``ball`` touched a cushion nose, or the jaw of a pocket
      other than the one it fell in, before falling (rattling in the jaws of the pocket it
      falls in is allowed in every manner);
    * kiss: after it was set moving, ``ball`` touched another ball before falling.
    """
    tags: set[str] = set()
    via: set[str] = set()
    cue_touched_ball = False
    cue_contacts: list[str] = []  # balls the cue ball touched before the called ball moved
    moving = False  # has the called ball been set moving yet?
    in_motion = {CUE}  # balls set moving so far (the cue ball from the strike)
    set_moving_by: dict[str, str] = {}  # ball -> the ball whose contact first set it moving
    fell_in: str | None = None
    jaws_touched: set[str] = set()  # pockets whose jaws the called ball touched
    for ev in events:
        if fell_in is not None:
            break
        if ev.is_cushion_contact and ev.involves(CUE) and not cue_touched_ball:
            tags.add(CUSHION_FIRST)  # a jaw is the end of a cushion: it counts too
        if ev.is_ball_ball:
            a, b = ev.balls[0], ev.balls[1]
            mover = None
            if a in in_motion and b not in in_motion:
                mover, struck = a, b
            elif b in in_motion and a not in in_motion:
                mover, struck = b, a
            if mover is not None:
                in_motion.add(struck)
                set_moving_by[struck] = mover
            if CUE in ev.balls:
                cue_touched_ball = True
                if not moving and ev.other(CUE) != ball:
                    cue_contacts.append(ev.other(CUE))
            if ball in ev.balls:
                other = b if a == ball else a
                if not moving:
                    moving = True
                    if other == CUE:
                        if cue_contacts:
                            tags.add(CAROM)
                            via.update(cue_contacts)
                    else:
                        # the chain of object balls that drove the called ball
                        tags.add(COMBINATION)
                        link = other
                        while link is not None and link != CUE:
                            via.add(link)
                            link = set_moving_by.get(link)
                else:
                    tags.add(KISS)
                    if other != CUE:
                        via.add(other)
        if ev.kind == EventKind.BALL_CUSHION and ev.involves(ball) and moving:
            tags.add(BANK)
        if ev.kind == EventKind.BALL_JAW and ev.involves(ball) and moving:
            jaws_touched.add(ev.pocket)
        if ev.is_pocketing and ev.involves(ball):
            fell_in = ev.pocket
    if jaws_touched - {fell_in}:
        tags.add(BANK)  # off another pocket's jaw: the ball came in off the cushion's end
    return MannerShown(frozenset(tags), frozenset(via), fell_in)
