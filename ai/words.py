"""A player's vocabulary: the logic that picks the word -- which speed, which ball fraction,
which spin a stroke's numbers are -- with the thresholds it picks by; the words themselves, in
every language, are the catalog's ``advice.*`` keys (:mod:`engine.words`,
``engine/locale/<lang>.json``).  :mod:`ai.describe` builds its instructions from these words."""
from __future__ import annotations

import math

from engine.words import LANGS, check_lang, say, word
from sim.table import DIAMONDS_ACROSS, DIAMONDS_ALONG  # noqa: F401  (the sights; ai.describe)

from .speed_scale import level_of

__all__ = ["LANGS", "fraction_name", "fraction_words", "language", "manner_words",
           "number_text", "pocket_words", "speed_name", "speed_words", "spin_kinds",
           "spin_short", "spin_words"]

# Speed in words: the highest level of the 1-10 scale (ai.speed_scale) each name
# (advice.speed.<name>) covers (medium: levels 4-5, 2.8-3.5 m/s, 1.9-2.1 table lengths with
# cushions); the name is the level's, so the name and the level's number are one quantity.
SPEED_NAMES = (("very-soft", 1), ("soft", 3), ("medium", 5), ("firm", 7), ("hard", 10))

# Ball fractions (how much of the object ball the cue ball covers, 1 - sin(cut)), by name
# (advice.fraction.<name>): the fractions players aim by (full, 3/4, 1/2, 1/4, 1/8 ball).
FRACTIONS = (("full", 1.0), ("three-quarter", 0.75), ("half", 0.5), ("quarter", 0.25),
             ("eighth", 0.125), ("thin", 0.0))
STRAIGHT_CUT_RAD = math.radians(2.0)  # closer than this to straight: "straight in"
# The named fractions are an eighth of a ball apart at the thin end (a quarter at the full
# end); a fraction more than a third of an eighth off its nearest name is said with a
# qualifier, "a little thinner than half ball" (0.38 is not half a ball), "nearly full ball".
FRACTION_QUALIFIED = 0.125 / 3


def language(lang: str) -> str:
    """``lang`` if it has a catalog, else :class:`engine.words.UnknownLanguageError` (a
    ValueError naming the known languages)."""
    return check_lang(lang)


def number_text(x: float, digits: int, lang: str) -> str:
    """``x`` with ``digits`` decimals, written as ``lang`` writes numbers (a decimal comma in
    Russian: advice.decimal_mark)."""
    return f"{x:.{digits}f}".replace(".", word("advice.decimal_mark", lang))


def pocket_words(pocket: str, lang: str) -> str:
    """A pocket (``"ML"``) in the form "in the ... pocket" needs (advice.pocket.<id>.acc: the
    accusative in Russian, «в левую среднюю лузу»); an unknown id as it is."""
    try:
        return word(f"advice.pocket.{pocket}.acc", lang)
    except KeyError:
        return pocket


def manner_words(manner: str, lang: str) -> str:
    """How a ball is pocketed (engine.manner's names: clean, bank, ...), as "how" is said
    (advice.manner.<name>: «дуплетом», «абриколем»); an unknown manner as it is."""
    try:
        return word(f"advice.manner.{manner}", lang)
    except KeyError:
        return manner


def speed_name(v: float) -> str:
    """The name of a cue speed (m/s): its level's (:data:`SPEED_NAMES`)."""
    level = level_of(v)
    return next(name for name, top in SPEED_NAMES if level <= top)


def speed_words(v: float, lang: str = "en") -> str:
    return word(f"advice.speed.{speed_name(v)}", language(lang))


def fraction_name(fraction: float) -> str:
    """The nearest named ball fraction."""
    return min(FRACTIONS, key=lambda f: abs(f[1] - fraction))[0]


def fraction_words(fraction: float, lang: str) -> str:
    """The ball fraction in words: its nearest name ("half ball", «в полшара»), with a
    qualifier more than :data:`FRACTION_QUALIFIED` off it ("a little thinner than half ball",
    «чуть тоньше полшара»; «почти в лоб»); a thin cut has no qualifier («тонкая резка»)."""
    name = fraction_name(fraction)
    off = fraction - dict(FRACTIONS)[name]
    if name == "thin" or abs(off) <= FRACTION_QUALIFIED:
        return word(f"advice.fraction.{name}", lang)
    return word(f"advice.fraction.{name}.{'thicker' if off > 0 else 'thinner'}", lang)


# Spin in a player's words: the tip's offset (fractions of R) sorted into the kinds players
# name; one classification, a long and a short wording of each kind
# (advice.spin.<kind>.long / .short).
FOLLOW_MIN, LITTLE_FOLLOW_MIN = 0.3, 0.1  # vertical offset: "follow" / "a little top"
DRAW_MAX, LITTLE_DRAW_MAX = -0.2, -0.05  # "draw" / "a little bottom"
SIDE_MIN = 0.1  # |side| above this is named side spin


def spin_kinds(side: float, vertical: float) -> tuple[str, str | None]:
    """The vertical kind and the side kind (None: no side) of a tip offset."""
    if vertical >= FOLLOW_MIN:
        v = "follow"
    elif vertical > LITTLE_FOLLOW_MIN:
        v = "little-follow"
    elif vertical <= DRAW_MAX:
        v = "draw"
    elif vertical < LITTLE_DRAW_MAX:
        v = "little-draw"
    else:
        v = "centre"
    s = "right" if side > SIDE_MIN else "left" if side < -SIDE_MIN else None
    return v, s


def _spin(side: float, vertical: float, lang: str, form: str) -> str:
    v, s = spin_kinds(side, vertical)
    vertical_words = word(f"advice.spin.{v}.{form}", lang)
    if s is None:
        return vertical_words
    return say(f"advice.spin.{form}_with_side", lang, vertical=vertical_words,
               side=word(f"advice.spin.{s}.{form}", lang))


def spin_words(side: float, vertical: float, lang: str = "en") -> str:
    """The spin of a tip offset in full: "follow (top, natural roll) with right side"."""
    return _spin(side, vertical, language(lang), "long")


def spin_short(side: float, vertical: float, lang: str) -> str:
    """The spin of a tip offset in short: "follow, right side"."""
    return _spin(side, vertical, language(lang), "short")
