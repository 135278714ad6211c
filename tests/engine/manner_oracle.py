"""A readable, line-by-line twin of the compiled manner classification
(:mod:`engine.manner`), kept as its test oracle: the rules of R5.1 written over
:class:`sim.events.Event` values with sets, lists and strings.  Not used by the package."""
from __future__ import annotations

from typing import Sequence

from engine.calls import BANK, CAROM, COMBINATION, CUSHION_FIRST, KISS, MannerShown
from engine.values import CUE
from sim.events import Event, EventKind


def manners_shown_readable(events: Sequence[Event], ball: str) -> MannerShown:
    """Classify how ``ball`` was played, from an event log in time order (R5.1), as a path.

    The *chain* is the object balls that drove ``ball``, each set moving by the one before it;
    its *head* is the ball the cue ball set moving (``ball`` itself when there is no chain).

    * cushion-first: the cue ball touched a cushion (nose or jaw) before its first ball contact;
    * carom: the cue ball touched other balls before the contact that set the head moving
      (caroms: those balls, in the order the cue ball first met them);
    * combination: ``ball`` was first set moving by another object ball, not the cue ball
      (chain: from the head to the ball that struck ``ball``);
    * bank: after it was set moving, ``ball`` touched a cushion nose, or the jaw of a pocket
      other than the one it fell in, before falling (rattling in the jaws of the pocket it
      falls in is allowed in every manner);
    * kiss: after it was set moving, ``ball`` touched another ball before falling (kisses: the
      object balls, in the order first touched).
    """
    tags: set[str] = set()
    via: set[str] = set()
    cue_touched_ball = False
    cue_contacts: list[str] = []  # balls the cue ball touched so far, in order, each once
    caroms_before: dict[str, list[str]] = {}  # ball -> cue contacts before it was set moving
    caroms: list[str] = []
    chain: list[str] = []
    kisses: list[str] = []
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
            mover = struck = None
            if a in in_motion and b not in in_motion:
                mover, struck = a, b
            elif b in in_motion and a not in in_motion:
                mover, struck = b, a
            if mover is not None:
                in_motion.add(struck)
                set_moving_by[struck] = mover
            if CUE in ev.balls:
                cue_touched_ball = True
                other = ev.other(CUE)
                if struck == other:
                    caroms_before[other] = list(cue_contacts)
                if other not in cue_contacts:
                    cue_contacts.append(other)
            if ball in ev.balls:
                other = b if a == ball else a
                if not moving:
                    moving = True
                    # the chain of object balls that drove the called ball, walked back
                    head = ball
                    link = other
                    while link is not None and link != CUE:
                        chain.insert(0, link)
                        head = link
                        link = set_moving_by.get(link)
                    if chain:
                        tags.add(COMBINATION)
                        via.update(chain)
                    if set_moving_by.get(head) == CUE and caroms_before.get(head):
                        tags.add(CAROM)  # the cue ball came onto the head off other balls
                        caroms = caroms_before[head]
                        via.update(caroms)
                else:
                    tags.add(KISS)
                    if other != CUE:
                        via.add(other)
                        if other not in kisses:
                            kisses.append(other)
        if ev.kind == EventKind.BALL_CUSHION and ev.involves(ball) and moving:
            tags.add(BANK)
        if ev.kind == EventKind.BALL_JAW and ev.involves(ball) and moving:
            jaws_touched.add(ev.pocket)
        if ev.is_pocketing and ev.involves(ball):
            fell_in = ev.pocket
    if jaws_touched - {fell_in}:
        tags.add(BANK)  # off another pocket's jaw: the ball came in off the cushion's end
    return MannerShown(frozenset(tags), frozenset(via), fell_in, caroms=tuple(caroms),
                       chain=tuple(chain), kisses=tuple(kisses))
