"""What happened on a stroke: :class:`StrokeFacts`, from a person's summary or an event log.

Two sources, one value type:

* a person's summary (docs/FORMATS.md, ``pyramid score`` ``stroke``): call, call_fulfilled,
  first_contact, pocketed, off_table, fouls, final;
* the simulator's (or any) event log: a list of :class:`sim.events.Event` plus resting
  positions.  Fouls R7.1 (a) miss, (b) cue ball pocketed and (g) direct hit on a house ball
  from hand are read from the events; everything else comes as explicit facts.

``facts`` holds R7.1 letters and the named facts of :data:`NAMED_FACTS` (things a person sees
that events cannot show).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Mapping, Sequence

from sim.events import BALL_IDS, Event, EventKind
from sim.table import POCKET_IDS

from .calls import EXACT, Call
from .manner import call_fulfilled_by_events
from .errors import MalformedInputError
from .geometry import Position
from .jsonin import check_keys
from .kinds import FoulLetter, NamedFact
from .state import _position
from .values import CUE

# Every field of a stroke summary (docs/FORMATS.md, ``pyramid score``; docs/USAGE.md for the
# extensions); any other key is refused, so that a typo is not silently dropped.
STROKE_FIELDS = ("call", "call_fulfilled", "first_contact", "pocketed", "off_table", "fouls",
                 "final", "placement", "cue_left_house_first", "balls_unchanged", "events")
# A pocketed ball: ``pyramid simulate`` prints ``time_s`` with it, so a pasted list is read.
POCKETED_FIELDS = ("ball", "pocket", "time_s")

FOUL_LETTERS = tuple(FoulLetter)  # R7.1 (engine.kinds.FoulLetter)
NAMED_FACTS: dict[NamedFact, str] = {  # engine.kinds.NamedFact: what each means
    NamedFact.TUSH: "R7.1(d) deliberate touch of one's own cue ball (nothing moves)",
    NamedFact.PUSH: "R6.3 push stroke: not a foul, pocketed balls do not count, turn passes",
    NamedFact.DOUBLE_HIT: "R6.3 double hit: not a foul, pocketed balls do not count, turn passes",
    NamedFact.NO_FOOT_ON_FLOOR:
        "R6.4 no foot touched the floor: not a foul, pocketed balls do not count, turn passes",
    NamedFact.STANCE: "R3.3 stood beyond the long-cushion line from hand: recorded only",
    NamedFact.CUE_STOPPED_BY_OPPONENT: "R11.1 the opponent stopped the moving cue ball",
    NamedFact.CALLED_STOPPED_BY_OPPONENT: "R11.2 the opponent stopped the moving called ball",
    NamedFact.UNCALLED_STOPPED_BY_OPPONENT: "R11.3 the opponent stopped a moving uncalled ball",
    NamedFact.BALLS_DISTURBED_BY_OPPONENT:
        "R11.4 the opponent moved balls at rest: restored, no penalty",
    NamedFact.SHOOTER_DISTURBED:
        "R11.4 someone disturbed the shooter: position restored, stroke replayed",
    NamedFact.HANGING_BALL_FELL:
        "R11.5 a called ball hanging in the jaws fell before the opponent's stroke",
    NamedFact.HANGING_BALL_SHAKEN_IN: "R11.5 a hanging ball fell because the table was shaken",
    NamedFact.HANGING_BALL_FELL_AFTER_OPPONENT_STROKE:
        "R11.5 a hanging ball fell after the opponent's stroke, not because of it",
    NamedFact.CUE_JUMPED_AND_RETURNED:
        "R11.6 the cue ball jumped, touched a person/object, came back",
    NamedFact.BALL_ON_CUSHION: "R11.7 a ball stopped on top of a cushion (set frozen to it)",
    NamedFact.TUSH_BELIEVING_WON: "R11.9 tushed believing the game already won, but it was not",
    NamedFact.ADVICE: "R12.3 a partner of the pair advised the other",
    NamedFact.PASS_TO_PARTNER:
        "R12.3 a partner of the pair fouls on purpose to hand over to the other",
}


@dataclass(frozen=True)
class StrokeFacts:
    call: Call | None = None
    call_fulfilled: bool | None = None  # did the called manner happen (exact call, R5.1)?
    first_contact: str | None = None  # first ball the cue ball touched; None = a miss
    pocketed: tuple[tuple[str, str], ...] = ()  # (ball, pocket) in the order they fell
    off_table: tuple[str, ...] = ()
    facts: frozenset[str] = field(default_factory=frozenset)
    final: Mapping[str, Position | None] = field(default_factory=dict)
    placement: Position | None = None  # where the cue ball was placed from hand
    cue_left_house_first: bool | None = None  # from hand: did the cue ball cross the line first?
    # R9.2 / R11.8: a person's word on whether a foul stroke left the balls unchanged (a
    # scorekeeper without positions); None: compare the positions
    balls_unchanged: bool | None = None
    events: tuple[Event, ...] | None = None

    @property
    def pocketed_balls(self) -> list[str]:
        return [b for b, _ in self.pocketed]

    def pocket_of(self, ball: str) -> str | None:
        for b, p in self.pocketed:
            if b == ball:
                return p
        return None

    def to_json(self) -> dict:
        out = {
            "call": None if self.call is None else self.call.to_json(),
            "call_fulfilled": self.call_fulfilled,
            "first_contact": self.first_contact,
            "pocketed": [{"ball": b, "pocket": p} for b, p in self.pocketed],
            "off_table": list(self.off_table),
            "fouls": sorted(self.facts),
            "final": {b: (None if p is None else [p[0], p[1]]) for b, p in self.final.items()},
        }
        if self.placement is not None:
            out["placement"] = [self.placement[0], self.placement[1]]
        if self.cue_left_house_first is not None:
            out["cue_left_house_first"] = self.cue_left_house_first
        if self.balls_unchanged is not None:
            out["balls_unchanged"] = self.balls_unchanged
        if self.events is not None:
            out["events"] = [e.to_json() for e in self.events]
        return out


def _ball_id(field_name, v, allow_none=False):
    if v is None and allow_none:
        return None
    if isinstance(v, int) and not isinstance(v, bool):
        v = str(v)
    if v not in BALL_IDS:
        raise MalformedInputError(field_name, v, "is not a ball id ('cue', '1'..'15')")
    return v


def parse_facts(raw) -> frozenset[str]:
    if raw is None:
        return frozenset()
    if not isinstance(raw, list):
        raise MalformedInputError("stroke.fouls", raw, "must be a list")
    out = set()
    for f in raw:
        if not isinstance(f, str):
            raise MalformedInputError("stroke.fouls", f, "must be a string")
        token = f.strip()
        if token.lower().startswith("r7.1"):  # accept "R7.1b" / "R7.1(b)"
            token = token[4:].strip("() ")
        if token in FOUL_LETTERS or token in NAMED_FACTS:
            out.add(token)
        else:
            raise MalformedInputError(
                "stroke.fouls", f, f"is not an R7.1 letter (a..i) nor a known fact "
                f"({', '.join(sorted(NAMED_FACTS))})")
    return frozenset(out)


def parse_final(raw) -> dict[str, Position | None]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise MalformedInputError("stroke.final", raw, "must be an object {ball id: [x, y] or null}")
    out: dict[str, Position | None] = {}
    for b, p in raw.items():
        _ball_id("stroke.final key", b)
        out[b] = None if p is None else _position(f"stroke.final.{b}", p)
    return out


def stroke_from_json(obj, state=None) -> StrokeFacts:
    """Read a stroke description (summary or ``events``), naming a bad field and value.

    With ``events`` present, the summary fields that events give (first_contact, pocketed,
    call_fulfilled) are computed from them (given as well, they must agree); ``fouls``,
    ``off_table``, ``final`` and ``placement`` are still read from the object.  A key that
    is not a field of a stroke is refused, naming the field it was probably meant to be."""
    if not isinstance(obj, dict):
        raise MalformedInputError("stroke", obj, "must be a JSON object")
    check_keys(obj, STROKE_FIELDS, "stroke")
    call = None
    if obj.get("call") is not None:
        call = Call.from_json(obj["call"], "stroke.call")
    facts = parse_facts(obj.get("fouls", []))
    final = parse_final(obj.get("final"))
    off = obj.get("off_table", [])
    if not isinstance(off, list):
        raise MalformedInputError("stroke.off_table", off, "must be a list of ball ids")
    off_table = tuple(_ball_id("stroke.off_table", b) for b in off)
    placement = None
    if obj.get("placement") is not None:
        placement = _position("stroke.placement", obj["placement"])
    left_first = obj.get("cue_left_house_first")
    if left_first is not None and not isinstance(left_first, bool):
        raise MalformedInputError("stroke.cue_left_house_first", left_first, "must be true/false")
    unchanged = obj.get("balls_unchanged")
    if unchanged is not None and not isinstance(unchanged, bool):
        raise MalformedInputError("stroke.balls_unchanged", unchanged, "must be true/false")

    if obj.get("events") is not None:
        raw = obj["events"]
        if not isinstance(raw, list):
            raise MalformedInputError("stroke.events", raw, "must be a list of events")
        events = []
        for i, e in enumerate(raw):
            try:
                events.append(Event.from_json(e))
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                raise MalformedInputError(f"stroke.events[{i}]", e, f"is malformed: {exc}") \
                    from None
        shown = stroke_from_events(events, final, call=call, facts=facts, off_table=off_table,
                                   placement=placement, state=state)
        _check_against_events(obj, shown)
        return shown

    fc = _ball_id("stroke.first_contact", obj.get("first_contact"), allow_none=True)
    pocketed_raw = obj.get("pocketed", [])
    if not isinstance(pocketed_raw, list):
        raise MalformedInputError("stroke.pocketed", pocketed_raw, "must be a list")
    pocketed = []
    for i, p in enumerate(pocketed_raw):
        if isinstance(p, dict):
            check_keys(p, POCKETED_FIELDS, f"stroke.pocketed[{i}]")
        if not isinstance(p, dict) or "ball" not in p or "pocket" not in p:
            raise MalformedInputError(f"stroke.pocketed[{i}]", p, "must be {ball, pocket}")
        b = _ball_id(f"stroke.pocketed[{i}].ball", p["ball"])
        if p["pocket"] not in POCKET_IDS:
            raise MalformedInputError(f"stroke.pocketed[{i}].pocket", p["pocket"],
                                      f"is not a pocket id ({', '.join(POCKET_IDS)})")
        pocketed.append((b, p["pocket"]))
    fulfilled = obj.get("call_fulfilled")
    if fulfilled is not None and not isinstance(fulfilled, bool):
        raise MalformedInputError("stroke.call_fulfilled", fulfilled, "must be true/false")
    return StrokeFacts(call=call, call_fulfilled=fulfilled, first_contact=fc,
                       pocketed=tuple(pocketed), off_table=off_table, facts=facts, final=final,
                       placement=placement, cue_left_house_first=left_first,
                       balls_unchanged=unchanged)


def _check_against_events(obj: dict, shown: StrokeFacts) -> None:
    """A stroke given with ``events`` may repeat the summary fields the events give (as
    :meth:`StrokeFacts.to_json` writes them); each one given must be what the events show,
    else the document says two different strokes and is refused."""
    if "first_contact" in obj:
        said = _ball_id("stroke.first_contact", obj["first_contact"], allow_none=True)
        if said != shown.first_contact:
            raise MalformedInputError("stroke.first_contact", obj["first_contact"],
                                      f"disagrees with stroke.events, where the cue ball's "
                                      f"first ball is {shown.first_contact}")
    if "pocketed" in obj:
        raw = obj["pocketed"]
        said = (sorted((str(p.get("ball")), str(p.get("pocket"))) for p in raw)
                if isinstance(raw, list) and all(isinstance(p, dict) for p in raw) else raw)
        if said != sorted(shown.pocketed):
            raise MalformedInputError("stroke.pocketed", raw,
                                      f"disagrees with stroke.events, where "
                                      f"{[{'ball': b, 'pocket': p} for b, p in shown.pocketed]} "
                                      f"fell")
    said_ok = obj.get("call_fulfilled")
    if said_ok is not None and shown.call_fulfilled is not None \
            and said_ok != shown.call_fulfilled:
        raise MalformedInputError("stroke.call_fulfilled", said_ok,
                                  f"disagrees with stroke.events, which show the call "
                                  f"{'fulfilled' if shown.call_fulfilled else 'not fulfilled'} "
                                  f"(R5.1)")


def stroke_from_events(events: Sequence[Event], final: Mapping[str, Position | None],
                       call: Call | None = None, facts: Iterable[str] = (),
                       off_table: Iterable[str] = (), placement: Position | None = None,
                       state=None) -> StrokeFacts:
    """Build the facts of a stroke from an event log in time order.

    * first_contact: the other ball of the cue ball's first ball-ball event (None: R7.1a miss);
    * pocketed: every pocket event, in order;
    * cue_left_house_first: whether a ``line-cross`` event of the cue ball comes before its
      first ball-ball event (R7.1g, R8.2) -- meaningful only when playing from hand;
    * call_fulfilled: the manner the log shows against the call (R5.1), given ``state`` for
      the call mode and the R5.3 unnamed last ball.
    """
    events = tuple(sorted(events, key=lambda e: e.time_s))
    first_contact = None
    crossed_before_contact = False
    for ev in events:
        if ev.kind == EventKind.LINE_CROSS and ev.involves(CUE) and first_contact is None:
            crossed_before_contact = True
        if ev.is_ball_ball and ev.involves(CUE):
            first_contact = ev.other(CUE)
            break
    pocketed = tuple((ev.balls[0], ev.pocket) for ev in events if ev.is_pocketing)
    fulfilled = None
    if call is not None:
        ball = call.ball
        mode = EXACT if state is None else state.call_mode
        if ball is None and state is not None and len(state.object_balls) == 1:
            ball = state.object_balls[0]
        if ball is not None:
            fulfilled = call_fulfilled_by_events(replace(call, ball=ball), events, mode)
    return StrokeFacts(call=call, call_fulfilled=fulfilled, first_contact=first_contact,
                       pocketed=pocketed, off_table=tuple(off_table), facts=frozenset(facts),
                       final=dict(final), placement=placement,
                       cue_left_house_first=crossed_before_contact, events=events)
