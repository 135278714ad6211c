"""Instructions a player can follow at the table, in English or Russian.

Two levels:

* :func:`instruction` -- the one-line text of a decision from the stroke alone (what
  ``pyramid play`` and ``analyze`` print): target, pocket, aim, speed and spin in words.
* :func:`advise` -- the full advice of ``pyramid suggest`` and the analysis board: the stroke
  is played once exactly as meant (no execution noise) to see what it does, and the advice
  says it in the terms a player uses at the table (:class:`Advice`):

  - the cut as a side and a fraction: "cut left, half ball" (left: the object ball leaves to
    the left of the cue ball's line, seen from behind the cue);
  - the tip's contact point on the cue ball (``side`` and ``vertical`` in fractions of R, as
    in a stroke) and the cue's elevation;
  - the speed as a level of the 1-10 scale players use (:mod:`ai.speed_scale`), its name,
    and what the level means on the real table: the table lengths a centre-ball stroke of that
    level travels, cushions included ("strength 5/10, medium: about 2.1 table lengths with
    cushions"); the distance on an endless cloth (``roll_m``) stays in the JSON for machines;
  - aim as a point on the object ball (the ball fraction, "half ball"), not a cue direction:
    the direction in degrees is only in the JSON (``aim.phi_deg``);
  - from hand, the placement in diamonds: the sights on the rails, 8 intervals along the
    length (L/8) and 4 across (W/4), counted from the house cushion and from the nearer long
    cushion;
  - the ghost ball (the cue ball's centre at its first contact), where the cue ball stops and
    what falls.

Everything here is a pure function of its input; nothing random.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from engine.words import LANGS, say, word
from sim import detmath as dm
from sim import layout
from sim.physics.motion import classify, evolve, state_duration
from sim.trajectory import states_at

from .agent import DELIBERATE_FOUL, POCKET_OWN_BALL, SAFETY, TUSH, Decision
from .search.line import Line, LineStep
from .speed_scale import LENGTHS_WITH_CUSHIONS, level_lengths, level_of
from .words import (DIAMONDS_ACROSS, DIAMONDS_ALONG, STRAIGHT_CUT_RAD, fraction_name,
                    fraction_words, language, manner_words, number_text, pocket_words,
                    speed_name, speed_words, spin_short, spin_words)

# --- the stroke played once exactly as meant -------------------------------------------------
@dataclass(frozen=True)
class Advice:
    """What a stroke does when played exactly as meant, in a player's terms (see the module
    docstring).  Angles in radians, lengths in metres."""

    phi_rad: float
    speed_mps: float
    roll_m: float  # how far the cue ball alone would roll on an endless cloth
    table_length_m: float
    table_width_m: float
    side: float
    vertical: float
    elevation_rad: float
    first_contact: str | None = None
    cushions_first: tuple[str, ...] = ()  # cushions the cue ball meets before its first ball
    ghost: tuple[float, float] | None = None  # cue ball centre at the first contact
    cut_rad: float | None = None  # signed: > 0 the object ball leaves to the left
    cue_stop: tuple[float, float] | None = None  # where the cue ball stops (None: it fell)
    pocketed: tuple[tuple[str, str], ...] = ()  # (ball, pocket) in the order they fell
    placement: tuple[float, float] | None = None
    diamonds: tuple[float, float, str] | None = None  # (from house, from rail, "right"/"left")

    @property
    def table_lengths(self) -> float:
        return self.roll_m / self.table_length_m

    @property
    def cut_side(self) -> str | None:
        if self.cut_rad is None:
            return None
        if abs(self.cut_rad) < STRAIGHT_CUT_RAD:
            return "straight"
        return "left" if self.cut_rad > 0 else "right"

    @property
    def fraction(self) -> float | None:
        if self.cut_rad is None:
            return None
        return 1.0 - dm.sin(min(abs(self.cut_rad), math.pi / 2))

    def to_json(self) -> dict:
        cut = None
        if self.cut_rad is not None:
            cut = {"side": self.cut_side, "angle_deg": round(math.degrees(abs(self.cut_rad)), 2),
                   "fraction": round(self.fraction, 3),
                   "fraction_name": fraction_name(self.fraction),
                   # the fraction in a player's words, every language (the aim's picture)
                   "fraction_words": {lang: fraction_words(self.fraction, lang)
                                      for lang in LANGS}}
        diamonds = None
        if self.diamonds is not None:
            diamonds = dict(zip(("from_house", "from_rail", "rail"), _rounded(self.diamonds)))
        return {
            "aim": {"phi_deg": round(math.degrees(self.phi_rad), 3),
                    "first_contact": self.first_contact,
                    "cushions_first": list(self.cushions_first),
                    "ghost": None if self.ghost is None else [round(c, 4) for c in self.ghost]},
            "cut": cut,
            # the tip in a player's words in every language (the page shows them as they are)
            "tip": {"side": round(self.side, 3), "vertical": round(self.vertical, 3),
                    "words": {lang: tip_fact(self.side, self.vertical, lang)
                              for lang in LANGS}},
            "elevation_deg": round(math.degrees(self.elevation_rad), 2),
            "speed": {"mps": round(self.speed_mps, 3), "name": speed_name(self.speed_mps),
                      "level": level_of(self.speed_mps),
                      "level_lengths": level_lengths(level_of(self.speed_mps)),
                      "scale_lengths": {str(k): v for k, v in LENGTHS_WITH_CUSHIONS.items()},
                      "roll_m": round(self.roll_m, 3),
                      "table_lengths": round(self.table_lengths, 2)},
            "placement_diamonds": diamonds,
            "cue_stop": None if self.cue_stop is None else [round(c, 4) for c in self.cue_stop],
            "cue_stop_diamonds": None if self.cue_stop is None else dict(zip(
                ("from_house", "from_rail", "rail"),
                _rounded(diamonds_of(self.table_length_m, self.table_width_m, self.cue_stop)))),
            "pocketed": [{"ball": b, "pocket": p} for b, p in self.pocketed],
        }


# A spot in diamonds is said to a tenth (the text's and the JSON's one rounding: the page shows
# the JSON's numbers as they are, so the facts and the instruction say the same diamonds).
DIAMOND_DIGITS = 1


def _rounded(d):
    return (round(d[0], DIAMOND_DIGITS), round(d[1], DIAMOND_DIGITS), d[2])


def roll_distance(simulator, strike) -> float:
    """How far the cue ball would travel, alone on an endless cloth, after ``strike``: the
    sliding phase and the rolling phase of :mod:`sim.physics.motion`, integrated in closed form."""
    params = simulator.params
    vx, vy, wx, wy, wz = simulator.cue_ball_motion(strike)
    x = y = 0.0
    total = 0.0
    state = int(classify(vx, vy, wx, wy, wz, params))
    for _ in range(4):  # sliding -> rolling -> spinning/stationary
        if state not in (layout.SLIDING, layout.ROLLING):
            break
        dt = float(state_duration(state, vx, vy, wx, wy, wz, params))
        if not math.isfinite(dt):
            break
        steps = 16 if state == layout.SLIDING else 1  # a sliding path may curve a little
        for k in range(steps):
            nx, ny, nvx, nvy, nwx, nwy, nwz = evolve(state, x, y, vx, vy, wx, wy, wz,
                                                     dt / steps, params)
            total += math.hypot(nx - x, ny - y)
            x, y, vx, vy, wx, wy, wz = nx, ny, nvx, nvy, nwx, nwy, nwz
        state = int(classify(vx, vy, wx, wy, wz, params))
    return total


def diamonds_of(length_m: float, width_m: float, xy) -> tuple[float, float, str]:
    """A spot in diamonds: along the table from the house cushion, and across from the nearer
    long cushion (``"right"`` is y = 0, seen from the house end)."""
    along = xy[0] / (length_m / DIAMONDS_ALONG)
    across = xy[1] / (width_m / DIAMONDS_ACROSS)
    if across <= DIAMONDS_ACROSS / 2:
        return along, across, "right"
    return along, DIAMONDS_ACROSS - across, "left"


def advise(simulator, balls: dict, strike, placement=None, watch_house_line=False):
    """Play ``strike`` once without noise from ``balls`` (ids to centres, the cue ball at its
    placement when in hand) and describe it.  Returns ``(Advice, SimResult)``."""
    result = simulator.simulate(balls, strike, watch_house_line=watch_house_line, check=False)
    first = ghost = cut = None
    for ev in result.events:
        if ev.is_ball_ball and ev.involves("cue"):
            first = ev.other("cue")
            before = states_at(result.segments, max(0.0, ev.time_s - 1e-7), simulator.params)
            at = states_at(result.segments, ev.time_s, simulator.params)
            c, o = before["cue"], before.get(first)
            ghost = (float(at["cue"].x), float(at["cue"].y)) if "cue" in at else (c.x, c.y)
            if o is not None and math.isfinite(o.x):
                d = (c.vx, c.vy)
                if math.hypot(*d) < 1e-9:
                    d = (o.x - c.x, o.y - c.y)
                n = (o.x - ghost[0], o.y - ghost[1])
                cut = dm.atan2(d[0] * n[1] - d[1] * n[0], d[0] * n[0] + d[1] * n[1])
            break
    table = simulator.table
    pl = None if placement is None else (float(placement[0]), float(placement[1]))
    advice = Advice(
        phi_rad=strike.phi_rad, speed_mps=strike.speed_mps,
        roll_m=roll_distance(simulator, strike), table_length_m=table.length_m, table_width_m=table.width_m,
        side=strike.side, vertical=strike.vertical, elevation_rad=strike.elevation_rad,
        first_contact=first, cushions_first=tuple(result.cushions_before_first_contact),
        ghost=ghost, cut_rad=cut, cue_stop=result.final.get("cue"),
        pocketed=tuple((p.ball, p.pocket) for p in result.pocketed), placement=pl,
        diamonds=None if pl is None else diamonds_of(table.length_m, table.width_m, pl))
    return advice, result


# --- texts: sentences built here, every word from the catalog (advice.*) ---------------------
def _place_text(placement, advice: Advice | None, lang: str) -> str:
    """"From hand, place the cue ball ... " (with its trailing space), or "" without a
    placement."""
    if not placement:
        return ""
    x, y = placement
    if advice is None or advice.diamonds is None:
        return say("advice.place.at", lang, x=number_text(x, 2, lang),
                   y=number_text(y, 2, lang)) + " "
    along, across, rail = advice.diamonds
    return say("advice.place.diamonds", lang, along=number_text(along, DIAMOND_DIGITS, lang),
               across=number_text(across, DIAMOND_DIGITS, lang), rail=word(f"advice.rail.{rail}.gen", lang),
               x=number_text(x, 2, lang), y=number_text(y, 2, lang)) + " "


def cut_text(advice: Advice, lang: str = "en") -> str:
    """The cut as a player says it: the ball fraction (:func:`ai.words.fraction_words`) and
    the side, "a little thinner than half ball, cut left" («чуть тоньше полшара, срезать
    влево»), "nearly full ball, cut a little left" (a fraction named full: the cut is
    slight); "straight in, full ball"; "" without a cut.  The numbers (the fraction, the
    angle) are the JSON's (``cut``), not the player's words."""
    lang = language(lang)
    if advice.cut_rad is None:
        return ""
    f = advice.fraction
    fraction = fraction_words(f, lang)
    side = advice.cut_side
    if side == "straight":
        return say("advice.cut.straight", lang, fraction=fraction)
    key = "advice.cut.side_slight" if fraction_name(f) == "full" else "advice.cut.side"
    return say(key, lang, side=word(f"advice.cut.{side}", lang), fraction=fraction)


def speed_text(strike, advice: Advice | None, lang: str = "en") -> str:
    """"strength 4/10 (soft)"; with ``advice``, what the level means too: "strength 4/10,
    soft: about 1.9 table lengths with cushions" (name, level and lengths all from the level,
    :mod:`ai.speed_scale`)."""
    v = strike.speed_mps
    speed, level = speed_words(v, lang), level_of(v)
    if advice is None:
        return say("advice.speed_plain", lang, speed=speed, level=level)
    return say("advice.speed_roll", lang, speed=speed, level=level,
               n=number_text(level_lengths(level), 1, lang))


def tip_fact(side: float, vertical: float, lang: str = "en") -> str:
    """Where the tip meets the cue ball and the spin that makes, as a fact under the label
    "tip": "0.4 R above centre (follow)" (the spin's kind by :func:`ai.words.spin_kinds`'
    thresholds); the advice's ``tip.words`` and the suggestion's ``words[lang].tip``."""
    lang = language(lang)
    offsets = []
    if abs(vertical) > 0.005:
        offsets.append(say("advice.tip.above" if vertical > 0 else "advice.tip.below",
                           lang, n=number_text(abs(vertical), 1, lang)))
    if abs(side) > 0.005:
        offsets.append(say("advice.tip.right" if side > 0 else "advice.tip.left",
                           lang, n=number_text(abs(side), 1, lang)))
    spin = spin_short(side, vertical, lang)
    if not offsets:
        return say("advice.tip.at_centre", lang, spin=spin)
    joined = offsets[0] if len(offsets) == 1 else say("advice.tip.two", lang,
                                                       first=offsets[0], second=offsets[1])
    return say("advice.tip.off_centre", lang, offsets=joined, spin=spin)


def tip_words(strike, lang: str = "en") -> str:
    """The same as the instruction says it: "tip 0.4 R above centre (follow)"."""
    lang = language(lang)
    return say("advice.tip.point", lang, where=tip_fact(strike.side, strike.vertical, lang))


def tip_text(strike, lang: str = "en") -> str:
    """"tip 0.4 R above centre (follow), cue level"."""
    return f"{tip_words(strike, lang)}, {cue_words(strike, lang)}"


def cue_words(strike, lang: str = "en") -> str:
    """The cue's elevation: "cue level", "cue raised 12 deg"."""
    lang = language(lang)
    elev = math.degrees(strike.elevation_rad)
    return (word("advice.tip.level", lang) if elev < 0.5
            else say("advice.tip.raised", lang, deg=f"{elev:.0f}"))


def _stop_text(advice: Advice | None, lang: str) -> str:
    """" The cue ball should stop about ..." (with its leading space), or ""."""
    if advice is None:
        return ""
    return " " + cue_stop_text(advice.table_length_m, advice.table_width_m, advice.cue_stop,
                               lang)


def cue_stop_text(length_m: float, width_m: float, cue_stop, lang: str = "en") -> str:
    """"The cue ball should stop about 5.8 diamonds up and 1.3 from the left cushion." for a
    resting place ``cue_stop`` (metres), "The cue ball falls in a pocket!" for None."""
    if cue_stop is None:
        return word("advice.stop.falls", lang)
    along, across, rail = diamonds_of(length_m, width_m, cue_stop)
    return say("advice.stop.at", lang, along=number_text(along, DIAMOND_DIGITS, lang),
               across=number_text(across, DIAMOND_DIGITS, lang), rail=word(f"advice.rail.{rail}.gen", lang))


def _percent(p: float) -> str:
    return f"{100 * p:.0f}%"


def _step_what(step: LineStep, lang: str) -> str:
    """What one stroke of a line plays, in a few words (advice.line.*)."""
    if step.kind == DELIBERATE_FOUL:
        return word(f"advice.line.foul.{step.foul or TUSH}", lang)
    call = step.call
    if call is None:
        return word("advice.line.stroke", lang)
    pocket = pocket_words(call.pocket, lang)
    if step.kind == SAFETY:
        return say("advice.line.safety", lang, ball=call.ball, pocket=pocket)
    return say("advice.line.pot", lang, ball=call.ball, pocket=pocket,
               manner=manner_words(call.manner, lang), p=_percent(step.p_success))


def line_text(line: Line, length_m: float, width_m: float, lang: str = "en") -> list[str]:
    """The line of play for a player: a title with its P(win), then a line a stroke -- what
    it plays, how often it pots, where the cue ball should stop, and from the second on how
    often the shooter gets to play it (``p_reach``)."""
    lang = language(lang)
    out = [say("advice.line.title", lang, p_win=_percent(line.p_win))]
    for i, step in enumerate(line.steps, 1):
        what = _step_what(step, lang)
        if i > 1:
            what = say("advice.line.then", lang, p=_percent(step.p_reach)) + " " + what
        what = what[:1].upper() + what[1:]
        stop = ("" if step.strike is None and step.cue_stop is None
                else " " + cue_stop_text(length_m, width_m, step.cue_stop, lang))
        out.append(f"{i}. {what}{stop}")
    return out


def _foul_text(foul: str | None, strike, place: str, direction: str, advice: Advice | None,
               lang: str) -> str:
    """The instruction of a deliberate foul: a tush, the cue ball rolled into a pocket (which
    pocket, when the noise-free play says it), or a miss (the cue direction: there is no ball
    to aim at)."""
    if foul == TUSH or strike is None:
        return word("advice.foul.tush", lang)
    key = "advice.foul.pocket_own_ball" if foul == POCKET_OWN_BALL else "advice.foul.miss"
    cue_pocket = next((p for b, p in (advice.pocketed if advice else ()) if b == "cue"), None)
    if foul == POCKET_OWN_BALL and cue_pocket is not None:  # the pocket is the aim, not degrees
        direction = " " + say("advice.into_pocket", lang, pocket=pocket_words(cue_pocket, lang))
    return say(key, lang, place=place, speed=speed_text(strike, advice, lang),
               direction=direction)


def instruction(kind: str, call, strike, placement, shot=None, foul: str | None = None,
                advice: Advice | None = None, lang: str = "en") -> str:
    """What to do at the table, in words.  ``shot`` is the stroke's :class:`ai.agent.ShotInfo`
    (manner, cut, balls used), None if it has none; ``advice`` (from :func:`advise`) adds the
    cut side and fraction, the roll in table lengths, the placement in diamonds and where the
    cue ball stops; ``lang`` is one of :data:`engine.words.LANGS`."""
    lang = language(lang)
    direction = "" if strike is None else " " + say(
        "advice.direction", lang, deg=number_text(math.degrees(strike.phi_rad), 1, lang))
    place = _place_text(placement, advice, lang)
    if kind == DELIBERATE_FOUL:
        return _foul_text(foul, strike, place, direction, advice, lang)
    sp = speed_text(strike, advice, lang)
    tip = (tip_text(strike, lang) if advice is not None
           else spin_words(strike.side, strike.vertical, lang))
    if call is None:
        return say("advice.strike", lang, place=place, direction=direction, speed=sp, tip=tip)
    pocket = pocket_words(call.pocket, lang)
    cut = "" if advice is None else cut_text(advice, lang)
    stop = _stop_text(advice, lang)
    if kind == SAFETY:
        first = (call.ball if advice is None or advice.first_contact is None
                 else advice.first_contact)
        return say("advice.safety", lang, place=place, ball=call.ball, pocket=pocket,
                   first=first, cut=", " + cut if cut else "", speed=sp, tip=tip,
                   direction=direction, stop=stop)
    manner = call.manner if shot is None or shot.manner is None else shot.manner
    via_balls = tuple(shot.via) if shot is not None and shot.via else ()
    if advice is None and manner == "clean" and shot is not None and shot.cut_rad is not None:
        share = 1.0 - dm.sin(min(shot.cut_rad, math.pi / 2))
        cut = say("advice.cut.plain", lang, deg=f"{math.degrees(shot.cut_rad):.0f}",
                  share=number_text(share, 2, lang))
    via = " " + say("advice.via", lang, balls=", ".join(via_balls)) if via_balls else ""
    return say("advice.pot", lang, place=place, ball=call.ball, pocket=pocket,
               manner=manner_words(manner, lang), via=via, cut=": " + cut if cut else "",
               speed=sp, tip=tip, direction=direction, stop=stop)


# --- every word of a suggestion, written once ------------------------------------------------
@dataclass(frozen=True)
class AdviceWords:
    """A suggestion in one language's words, every one written here from the same facts (the
    decision and its :class:`Advice`), so that nothing downstream -- the board's page, the
    command line -- words them again: ``instruction``, the sentence a player follows;
    ``tip``, where the tip meets the cue ball and the spin that makes, as a fact under the
    label "tip" ("0.4 R above centre (follow)", :func:`tip_fact`); ``spin``, that spin alone ("follow, right side": the kinds of
    :func:`ai.words.spin_kinds`); ``cue``, the cue's elevation ("cue level"); ``cut``,
    ``speed``, ``placement`` (from hand) and ``stop`` (where the cue ball stops) as the
    instruction says them.  None where the stroke has none (a tush has its instruction
    only; the cut, placement and stop need the stroke played, :func:`advise`)."""

    instruction: str
    tip: str | None = None
    spin: str | None = None
    cue: str | None = None
    cut: str | None = None
    speed: str | None = None
    placement: str | None = None
    stop: str | None = None

    def to_json(self) -> dict:
        return {"instruction": self.instruction, "tip": self.tip, "spin": self.spin,
                "cue": self.cue, "cut": self.cut, "speed": self.speed,
                "placement": self.placement, "stop": self.stop}


def words_in(decision: Decision, advice: Advice | None, lang: str) -> AdviceWords:
    """``decision`` (a stroke with its call, shot, foul and placement) and its ``advice`` in
    ``lang``'s words (:class:`AdviceWords`); nothing is simulated here."""
    d, lang = decision, language(lang)
    text = instruction(d.kind, d.call, d.strike, d.placement, d.shot, d.foul, advice, lang)
    if d.strike is None:
        return AdviceWords(text)
    st = d.strike
    return AdviceWords(
        text, tip=tip_fact(st.side, st.vertical, lang),
        spin=spin_short(st.side, st.vertical, lang),
        cue=cue_words(st, lang), cut=None if advice is None else cut_text(advice, lang) or None,
        speed=speed_text(st, advice, lang),
        placement=_place_text(d.placement, advice, lang).strip() or None,
        stop=_stop_text(advice, lang).strip() or None)


def advice_words(decision: Decision, advice: Advice | None,
                 langs: tuple[str, ...]) -> dict[str, AdviceWords]:
    """The words of ``decision`` in every language of ``langs`` (:func:`words_in`), each
    written once."""
    return {lang: words_in(decision, advice, lang) for lang in langs}
