"""Calls (R5): the value type, JSON, and what manner a stroke actually showed.

A call names a ball, a pocket and (under the exact call, R5.1) a manner.  ``manner`` is one
of :data:`MANNERS`, or several joined with ``+`` for the combined calls R5.1 allows
(``"cushion-first+bank"``); ``via`` names the other balls a kiss, carom or combination uses.

Where the balls' roles matter, a call is a *path*: ``path`` lists its links from the cue ball
to the pocket, each a manner with the ball it names (:class:`Link`), in the order they happen:
an optional cushion-first start, the balls the cue ball glances off (carom), the chain of
object balls that drives the called ball (combination), then the called ball's own way (kiss
off a ball, bank).  The seed's «Карамболем от шестерки одиннадцатым шаром тройка прямо в
середину» is ``{"ball": "3", "pocket": "ML", "path": [{"manner": "carom", "ball": "6"},
{"manner": "combination", "ball": "11"}]}``.  A call with a path has ``manner`` and ``via``
derived from it (or checked against it when given), so older readers still see a valid call.

Classifying a stroke from its event log (:func:`engine.manner.manners_shown`) gives the *set*
of manner tags that happened to the called ball and its path; a call is fulfilled when that
set equals the called set (``clean`` is the empty set) and, for a call with a path, the path
is the called one.  See docs/RULES-INTERPRETATIONS.md, "R5.1 manner" and "R5.1 path".
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from sim.table import POCKET_IDS

from .errors import MalformedInputError
from .jsonin import check_keys
from .kinds import CallMode
from .values import CUE, OBJECT_BALLS

CLEAN, BANK, KISS, CAROM, CUSHION_FIRST, COMBINATION = (
    "clean", "bank", "kiss", "carom", "cushion-first", "combination")
MANNERS = (CLEAN, BANK, KISS, CAROM, CUSHION_FIRST, COMBINATION)
EXACT, BALL_AND_POCKET = CallMode.EXACT, CallMode.BALL_AND_POCKET  # engine.kinds.CallMode
CALL_MODES = tuple(CallMode)

# A path's links in the order they can happen: the cue ball's cushion-first start, the balls
# it glances off, the chain that drives the called ball, then the called ball's own way (its
# kisses and its cushion, in either order: the order of those two is not called).
LINK_RANK = {CUSHION_FIRST: 0, CAROM: 1, COMBINATION: 2, KISS: 3, BANK: 3}
BALL_LINKS = (CAROM, COMBINATION, KISS)  # links that name a ball
# Manners that put other balls between the cue ball and the called ball: with them a
# cushion-first start need not be called (R5.1, «заказ абрикольно ... не обязателен»).
WAIVE_CUSHION_FIRST = (CAROM, COMBINATION)
CALL_FIELDS = ("ball", "pocket", "manner", "via", "path")  # docs/FORMATS.md, "A call"
LINK_FIELDS = ("manner", "ball")


def waives_cushion_first(manner_set) -> bool:
    """R5.1: «При участии в заказанной комбинации одного или нескольких шаров для назначенного
    шара заказ абрикольно, (удар битком в играемый шар от борта) не обязателен» -- when other
    balls take part between the cue ball and the called ball (a combination or a carom), the
    cue ball's cushion-first start need not be called."""
    return any(m in manner_set for m in WAIVE_CUSHION_FIRST)


@dataclass(frozen=True)
class Link:
    """One link of a call's path: a manner and, for carom / combination / kiss, the object
    ball it names."""

    manner: str
    ball: str | None = None

    def to_json(self) -> dict:
        out = {"manner": self.manner}
        if self.ball is not None:
            out["ball"] = self.ball
        return out

    @classmethod
    def from_json(cls, obj, field_name: str) -> "Link":
        if not isinstance(obj, dict) or "manner" not in obj:
            raise MalformedInputError(field_name, obj, "must be an object {manner, ball}")
        check_keys(obj, LINK_FIELDS, field_name)
        if not isinstance(obj["manner"], str):
            raise MalformedInputError(f"{field_name}.manner", obj["manner"], "must be a string")
        ball = obj.get("ball")
        if isinstance(ball, int) and not isinstance(ball, bool):
            ball = str(ball)
        if ball is not None and not isinstance(ball, str):
            raise MalformedInputError(f"{field_name}.ball", ball, "must be a ball id string")
        return cls(obj["manner"], ball)


@dataclass(frozen=True)
class Call:
    """A call made before a stroke (R5).  ``ball`` may be ``None`` only when one object ball
    is left (R5.3); ``manner`` is ignored under ball-and-pocket (R5.2)."""

    ball: str | None
    pocket: str
    manner: str = CLEAN
    via: tuple[str, ...] = field(default=())
    path: tuple[Link, ...] = field(default=())

    def __post_init__(self):
        if self.path:
            self._check_path()
        if self.ball is not None and self.ball not in OBJECT_BALLS:
            raise MalformedInputError("call.ball", self.ball, "is not an object ball '1'..'15'")
        if self.pocket not in POCKET_IDS:
            raise MalformedInputError("call.pocket", self.pocket,
                                      f"is not a pocket id ({', '.join(POCKET_IDS)})")
        for part in self.manner_set_raw():
            if part not in MANNERS:
                raise MalformedInputError("call.manner", self.manner,
                                          f"is not a manner ({', '.join(MANNERS)})")
        for b in self.via:
            if b not in OBJECT_BALLS:
                raise MalformedInputError("call.via", list(self.via), "must name object balls")
        if len(set(self.via)) != len(self.via):
            raise MalformedInputError("call.via", list(self.via), "names a ball twice")
        if self.ball is not None and self.ball in self.via:
            raise MalformedInputError(
                "call.via", list(self.via),
                f"names the called ball {self.ball} itself: a kiss, carom or combination "
                f"uses other balls (R5.1)")
        if self.via and not self.manner_set & set(BALL_LINKS):
            raise MalformedInputError(
                "call.via", list(self.via),
                f"names balls but manner {self.manner!r} uses none: only a kiss, carom or "
                f"combination names other balls (R5.1)")

    def _check_path(self) -> None:
        """The links name real manners and balls, in an order that can happen; ``manner`` and
        ``via`` are derived from the path when not given, else must agree with it."""
        seen: dict[str, set] = {m: set() for m in LINK_RANK}
        rank = 0
        for i, link in enumerate(self.path):
            where = f"call.path[{i}]"
            if not isinstance(link, Link):
                raise MalformedInputError(where, link, "must be a link {manner, ball}")
            if link.manner not in LINK_RANK:
                raise MalformedInputError(f"{where}.manner", link.manner,
                                          f"is not a link of a path ({', '.join(LINK_RANK)})")
            if link.manner in BALL_LINKS:
                if link.ball not in OBJECT_BALLS:
                    raise MalformedInputError(f"{where}.ball", link.ball,
                                              f"must name the object ball of the "
                                              f"{link.manner}")
                if link.ball == self.ball:
                    raise MalformedInputError(f"{where}.ball", link.ball,
                                              "is the called ball itself")
                if link.ball in seen[link.manner]:
                    raise MalformedInputError(f"{where}.ball", link.ball,
                                              f"is named twice as a {link.manner}")
            else:
                if link.ball is not None:
                    raise MalformedInputError(f"{where}.ball", link.ball,
                                              f"a {link.manner} link names no ball")
                if seen[link.manner]:
                    raise MalformedInputError(
                        f"{where}.manner", link.manner, "is given twice (one link however "
                        "many cushions: the number of cushions is not called)")
            if LINK_RANK[link.manner] < rank:
                raise MalformedInputError(
                    f"{where}.manner", link.manner,
                    "is out of order: a path runs cushion-first, carom, combination, then "
                    "the called ball's kiss / bank")
            rank = LINK_RANK[link.manner]
            seen[link.manner].add(link.ball)
        manners = tuple(dict.fromkeys(link.manner for link in self.path))
        balls = tuple(dict.fromkeys(link.ball for link in self.path if link.ball is not None))
        if self.manner == CLEAN and not self.via:  # not given: derived from the path
            object.__setattr__(self, "manner", "+".join(manners))
            object.__setattr__(self, "via", balls)
            return
        if self.manner_set != frozenset(manners):
            raise MalformedInputError("call.manner", self.manner,
                                      f"does not match call.path ({'+'.join(manners)})")
        if self.via and set(self.via) != set(balls):
            raise MalformedInputError("call.via", list(self.via),
                                      f"does not match the balls of call.path {list(balls)}")
        if not self.via:
            object.__setattr__(self, "via", balls)

    def path_balls(self, manner: str) -> tuple[str, ...]:
        """The balls the path names for ``manner`` (carom, combination or kiss), in order."""
        return tuple(link.ball for link in self.path if link.manner == manner)

    def manner_set_raw(self) -> tuple[str, ...]:
        return tuple(p.strip() for p in self.manner.split("+"))

    @property
    def manner_set(self) -> frozenset[str]:
        """The called manner as a set of tags; ``clean`` is the empty set."""
        return frozenset(p for p in self.manner_set_raw() if p != CLEAN)

    def to_json(self) -> dict:
        out = {"ball": self.ball, "pocket": self.pocket, "manner": self.manner,
               "via": list(self.via)}
        if self.path:  # written only when given: calls without a path read as before
            out["path"] = [link.to_json() for link in self.path]
        return out

    @classmethod
    def from_json(cls, obj, field_name: str = "call") -> "Call":
        if not isinstance(obj, dict):
            raise MalformedInputError(field_name, obj, "must be an object with ball and pocket")
        check_keys(obj, CALL_FIELDS, field_name)
        if "pocket" not in obj:
            raise MalformedInputError(f"{field_name}.pocket", None, "is missing")
        ball = obj.get("ball")
        if ball is not None and not isinstance(ball, str):
            ball = str(ball) if isinstance(ball, int) and not isinstance(ball, bool) else ball
        if ball is not None and not isinstance(ball, str):
            raise MalformedInputError(f"{field_name}.ball", ball, "must be a ball id string")
        raw_path = obj.get("path", [])
        if not isinstance(raw_path, list):
            raise MalformedInputError(f"{field_name}.path", raw_path,
                                      "must be a list of links {manner, ball}")
        path = tuple(Link.from_json(link, f"{field_name}.path[{i}]")
                     for i, link in enumerate(raw_path))
        manner = obj.get("manner", CLEAN)
        if not isinstance(manner, str):
            raise MalformedInputError(f"{field_name}.manner", manner, "must be a string")
        via = obj.get("via", [])
        if not isinstance(via, list) or not all(isinstance(v, str) for v in via):
            raise MalformedInputError(f"{field_name}.via", via, "must be a list of ball ids")
        pocket = obj["pocket"]
        if not isinstance(pocket, str):
            raise MalformedInputError(f"{field_name}.pocket", pocket, "must be a pocket id")
        return cls(ball, pocket, manner, tuple(via), path)


@dataclass(frozen=True)
class MannerShown:
    """What an event log shows about how ``ball`` was played.

    ``tags`` is a subset of {bank, kiss, carom, cushion-first, combination}; ``via`` the
    object balls involved (carom: balls the cue ball touched before it struck the head of the
    chain -- the called ball when there is no chain; kiss:
    balls the called ball touched after it was set moving; combination: the chain of object
    balls that drove the called ball, each set moving by the one before it, back to the cue ball).
    """

    tags: frozenset[str]
    via: frozenset[str]
    pocket: str | None  # where the called ball fell, None if it did not
    # the path, each in order: balls the cue ball glanced off before the head of the chain,
    # the chain from its head to the ball that struck the called ball, the called ball's kisses
    caroms: tuple[str, ...] = ()
    chain: tuple[str, ...] = ()
    kisses: tuple[str, ...] = ()


def unfulfilled_by_summary(call: Call, first_contact: str | None) -> str | None:
    """R5.1 read from a person's summary (no event log): why what the summary says happened
    shows the exact call *not* fulfilled, or None when it may have been.  The one place where
    the manner of a call is checked against a summary (``pyramid score``, the scorekeeping
    session, the board and the verifier all adjudicate through :func:`engine.adjudicate`).

    A summary carries the first ball the cue ball hit (``first_contact``), and that alone
    decides one thing about the manner (R5.1's definitions; the same reading as the event
    kernel, :mod:`engine.manner`): the cue ball meets other balls before the called one
    only in a *carom* (it glances off them) or a *combination* (it strikes the chain that
    drives the called ball).  So:

    1. a call without carom or combination (clean, bank, kiss, cushion-first and their
       combinations) needs the cue ball to hit the called ball first;
    2. a carom or combination call needs it to hit another ball first;
    3. a call with a ``path`` names that ball: the first carom ball, else the head of the
       chain; a call with ``via`` and no path names the balls used, among which it must be.

    ``call.ball`` must be resolved (R5.3).  A miss (``first_contact`` None) is a foul
    (R7.1a), not a question of manner: None.
    """
    if call.ball is None:
        raise ValueError("resolve R5.3 (unnamed last ball) before checking the call")
    fc, ball = first_contact, call.ball
    if fc is None:
        return None
    manners = call.manner_set
    named = "+".join(sorted(manners)) or CLEAN
    if not manners & {CAROM, COMBINATION}:  # step 1
        if fc != ball:
            return (f"a {named} call of the {ball} needs the cue ball to hit the {ball} first; "
                    f"it hit the {fc} first, a carom or combination that was not called")
        return None
    if fc == ball:  # step 2
        return (f"a {named} call of the {ball} needs the cue ball to hit another ball before "
                f"the {ball}; it hit the {ball} first")
    if call.path:  # step 3
        lead = call.path_balls(CAROM) or call.path_balls(COMBINATION)
        if lead and fc != lead[0]:
            role = "carom" if call.path_balls(CAROM) else "combination"
            return (f"the call's path starts with the {role} ball {lead[0]}; the cue ball hit "
                    f"the {fc} first")
    elif call.via and fc not in call.via:
        return (f"the call names the balls {', '.join(call.via)}; the cue ball hit the {fc} "
                f"first, which the call does not name")
    return None


def all_calls(balls: Iterable[str], mode: str, via_candidates: int = 0) -> list[Call]:
    """Every call on ``balls``: ball x pocket (x manner under the exact call).  With
    ``via_candidates`` > 0, kiss/carom/combination calls name one other ball each."""
    balls = [b for b in balls if b in OBJECT_BALLS]
    out: list[Call] = []
    for b in balls:
        for p in POCKET_IDS:
            if mode == BALL_AND_POCKET:
                out.append(Call(b, p, CLEAN))
                continue
            for m in (CLEAN, BANK, CUSHION_FIRST):
                out.append(Call(b, p, m))
            for m in (KISS, CAROM, COMBINATION):
                out.append(Call(b, p, m))
                if via_candidates:
                    for other in balls:
                        if other != b:
                            out.append(Call(b, p, m, (other,)))
    return out
