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
  - the speed in words and as the distance the cue ball alone would roll on an endless cloth,
    in table lengths ("medium, 1.2 table lengths");
  - from hand, the placement in diamonds: the sights on the rails, 8 intervals along the
    length (L/8) and 4 across (W/4), counted from the house cushion and from the nearer long
    cushion;
  - the ghost ball (the cue ball's centre at its first contact), where the cue ball stops and
    what falls.

Everything here is a pure function of its input; nothing random.
"""
from __future__ import annotations

import math

from sim import detmath as dm
from dataclasses import dataclass

from .words import (DIAMONDS_ACROSS, DIAMONDS_ALONG, FRACTION_WORDS, MANNER_WORDS,
                    POCKET_WORDS, POCKET_WORDS_RU, STRAIGHT_CUT_RAD, fraction_name, language,
                    number_text, speed_name, speed_words, spin_short, spin_words)

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
                   "fraction_name": fraction_name(self.fraction)}
        diamonds = None
        if self.diamonds is not None:
            diamonds = {"from_house": round(self.diamonds[0], 2),
                        "from_rail": round(self.diamonds[1], 2), "rail": self.diamonds[2]}
        return {
            "aim": {"phi_deg": round(math.degrees(self.phi_rad), 3),
                    "first_contact": self.first_contact,
                    "cushions_first": list(self.cushions_first),
                    "ghost": None if self.ghost is None else [round(c, 4) for c in self.ghost]},
            "cut": cut,
            "tip": {"side": round(self.side, 3), "vertical": round(self.vertical, 3)},
            "elevation_deg": round(math.degrees(self.elevation_rad), 2),
            "speed": {"mps": round(self.speed_mps, 3), "name": speed_name(self.speed_mps),
                      "roll_m": round(self.roll_m, 3),
                      "table_lengths": round(self.table_lengths, 2)},
            "placement_diamonds": diamonds,
            "cue_stop": None if self.cue_stop is None else [round(c, 4) for c in self.cue_stop],
            "cue_stop_diamonds": None if self.cue_stop is None else dict(zip(
                ("from_house", "from_rail", "rail"),
                _rounded(diamonds_of(self.table_length_m, self.table_width_m, self.cue_stop)))),
            "pocketed": [{"ball": b, "pocket": p} for b, p in self.pocketed],
        }


def _rounded(d):
    return (round(d[0], 2), round(d[1], 2), d[2])


def roll_distance(simulator, strike) -> float:
    """How far the cue ball would travel, alone on an endless cloth, after ``strike``: the
    sliding phase and the rolling phase of :mod:`sim.physics.motion`, integrated in closed form."""
    from sim import layout
    from sim.physics.motion import classify, evolve, state_duration
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
    from sim.trajectory import states_at
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


# --- texts -----------------------------------------------------------------------------------
def _place_text(placement, advice: Advice | None, lang: str) -> str:
    if not placement:
        return ""
    x, y = placement
    if advice is None or advice.diamonds is None:
        if lang == "ru":
            return f"Поставьте биток с руки в точку ({number_text(x, 2, lang)}; {number_text(y, 2, lang)}) м. "
        return f"From hand, place the cue ball at ({x:.2f}, {y:.2f}) m. "
    along, across, rail = advice.diamonds
    if lang == "ru":
        rail_ru = "правого" if rail == "right" else "левого"
        return (f"Поставьте биток с руки: {number_text(along, 1, lang)} ромба от короткого борта дома, "
                f"{number_text(across, 1, lang)} ромба от {rail_ru} длинного борта "
                f"(x {number_text(x, 2, lang)}, y {number_text(y, 2, lang)} м). ")
    return (f"From hand, place the cue ball {along:.1f} diamonds up from the house cushion and "
            f"{across:.1f} diamonds from the {rail} long cushion (x {x:.2f}, y {y:.2f} m). ")


def cut_text(advice: Advice, lang: str = "en") -> str:
    """"cut left, half ball (0.42, 35 deg)"; "straight in (full ball)"."""
    if advice.cut_rad is None:
        return ""
    f = advice.fraction
    words = FRACTION_WORDS[lang][fraction_name(f)]
    deg = math.degrees(abs(advice.cut_rad))
    side = advice.cut_side
    if lang == "ru":
        if side == "straight":
            return f"прямо, {words}"
        where = "влево" if side == "left" else "вправо"
        return f"резка {where}, {words} ({number_text(f, 2, lang)} шара, {deg:.0f}°)"
    if side == "straight":
        return f"straight in, {words}"
    return f"cut {side}, {words} ({f:.2f} ball, {deg:.0f} deg)"


def speed_text(strike, advice: Advice | None, lang: str = "en") -> str:
    v = strike.speed_mps
    words = speed_words(v, lang)
    if advice is None:
        return (f"{words} ({number_text(v, 1, lang)} м/с)" if lang == "ru"
                else f"{words} speed ({v:.1f} m/s)")
    n = advice.table_lengths
    if lang == "ru":
        return (f"{words}: один биток прокатился бы {number_text(n, 1, lang)} длины стола "
                f"({number_text(v, 1, lang)} м/с)")
    return f"{words} speed: alone the cue ball would roll {n:.1f} table lengths ({v:.1f} m/s)"


def tip_text(strike, lang: str = "en") -> str:
    """"tip 0.4 R above centre (follow), cue level"."""
    ru = lang == "ru"
    elev = math.degrees(strike.elevation_rad)
    where = []
    if abs(strike.vertical) > 0.005:
        where.append(f"{number_text(abs(strike.vertical), 1, lang)} R "
                     + (("выше" if strike.vertical > 0 else "ниже") if ru
                        else ("above" if strike.vertical > 0 else "below")))
    if abs(strike.side) > 0.005:
        where.append(f"{number_text(abs(strike.side), 1, lang)} R "
                     + (("правее" if strike.side > 0 else "левее") if ru
                        else ("right of" if strike.side > 0 else "left of")))
    if ru:
        at = ("в центр битка" if not where else "на " + " и ".join(where) + " центра")
        text = f"кий {at} ({spin_short(strike.side, strike.vertical, lang)})"
        return text + (", кий горизонтально" if elev < 0.5 else f", кий приподнят на {elev:.0f}°")
    at = "at centre" if not where else " and ".join(where) + " centre"
    text = f"tip {at} ({spin_short(strike.side, strike.vertical, lang)})"
    return text + (", cue level" if elev < 0.5 else f", cue raised {elev:.0f} deg")


def _stop_text(advice: Advice | None, lang: str) -> str:
    if advice is None:
        return ""
    if advice.cue_stop is None:
        return " Биток упадёт в лузу!" if lang == "ru" else " The cue ball falls in a pocket!"
    along, across, rail = diamonds_of(advice.table_length_m, advice.table_width_m,
                                     advice.cue_stop)
    if lang == "ru":
        rail_ru = "правого" if rail == "right" else "левого"
        return (f" Биток остановится примерно в {number_text(along, 1, lang)} ромба от борта дома и "
                f"{number_text(across, 1, lang)} от {rail_ru} борта.")
    return (f" The cue ball should stop about {along:.1f} diamonds up and {across:.1f} from the "
            f"{rail} cushion.")


def instruction(kind: str, call, strike, placement, shot=None, foul: str | None = None,
                advice: Advice | None = None, lang: str = "en") -> str:
    """What to do at the table, in words.  ``shot`` is the stroke's :class:`ai.agent.ShotInfo`
    (manner, cut, balls used), None if it has none; ``advice`` (from :func:`advise`) adds the
    cut side and fraction, the roll in table lengths, the placement in diamonds and where the
    cue ball stops; ``lang`` is ``"en"`` or ``"ru"``."""
    lang = language(lang)
    ru = lang == "ru"
    deg = None if strike is None else math.degrees(strike.phi_rad)
    direction = "" if deg is None else (f" (направление кия {number_text(deg, 1, lang)}°)" if ru
                                        else f" (cue direction {deg:.1f} deg)")
    place = _place_text(placement, advice, lang)
    if kind == "deliberate-foul":
        if foul == "tush" or strike is None:
            return ("Намеренный фол: коснитесь битка кием (туш), чтобы ничего не сдвинулось."
                    if ru else
                    "Deliberate foul: touch (tush) your cue ball with the cue so that nothing "
                    "moves.")
        if foul == "pocket-own-ball":
            return (f"Намеренный фол: {place}закатите свой биток в лузу, не задев шаров: "
                    f"{speed_text(strike, advice, lang)}{direction}." if ru else
                    f"Deliberate foul: {place}roll your cue ball into the pocket, touching no "
                    f"ball: {speed_text(strike, advice, lang)}{direction}.")
        return (f"Намеренный фол (промах): {place}катите биток, не задев шаров: "
                f"{speed_text(strike, advice, lang)}{direction}." if ru else
                f"Deliberate foul (miss): {place}roll your cue ball touching no ball: "
                f"{speed_text(strike, advice, lang)}{direction}.")
    sp = speed_text(strike, advice, lang)
    tip = tip_text(strike, lang) if advice is not None else spin_words(strike.side,
                                                                        strike.vertical, lang)
    if call is None:
        return (f"{place}Удар{direction}: {sp}, {tip}." if ru
                else f"{place}Strike{direction}: {sp}, {tip}.")
    pocket = (POCKET_WORDS_RU if ru else POCKET_WORDS).get(call.pocket, call.pocket)
    cut = "" if advice is None else cut_text(advice, lang)
    stop = _stop_text(advice, lang)
    if kind == "safety":
        first = call.ball if advice is None or advice.first_contact is None \
            else advice.first_contact
        if ru:
            return (f"{place}Отыгрыш: заказ — шар {call.ball} в {pocket} лузу; играйте в шар "
                    f"{first}{', ' + cut if cut else ''}; {sp}; {tip}{direction}; не оставьте "
                    f"сопернику ничего.{stop}")
        return (f"{place}Safety: call ball {call.ball} in the {pocket} pocket; play at ball "
                f"{first}{', ' + cut if cut else ''}; {sp}; {tip}{direction}; leave the "
                f"opponent nothing.{stop}")
    manner = call.manner if shot is None or shot.manner is None else shot.manner
    via_balls = tuple(shot.via) if shot is not None and shot.via else ()
    if advice is None and manner == "clean" and shot is not None and shot.cut_rad is not None:
        frac = 1.0 - dm.sin(min(shot.cut_rad, math.pi / 2))
        cut = (f"резка {math.degrees(shot.cut_rad):.0f}° ({number_text(frac, 2, lang)} шара)" if ru
               else f"cut {math.degrees(shot.cut_rad):.0f} deg (ball fraction {frac:.2f})")
    if ru:
        mw = MANNER_WORDS["ru"].get(manner, manner)
        via = f" через шар {', '.join(via_balls)}" if via_balls else ""
        return (f"{place}Шар {call.ball} в {pocket} лузу ({mw}{via})"
                f"{': ' + cut if cut else ''}; {sp}; {tip}{direction}.{stop}")
    mw = MANNER_WORDS["en"].get(manner, manner)
    via = f" via ball {', '.join(via_balls)}" if via_balls else ""
    return (f"{place}Ball {call.ball} in the {pocket} pocket ({mw}{via})"
            f"{': ' + cut if cut else ''}; {sp}; {tip}{direction}.{stop}")
