"""A player's vocabulary, in English and Russian: pockets, manners, speeds, ball fractions,
spin, and numbers written the way each language writes them.  :mod:`ai.describe` builds its
instructions from these words."""
from __future__ import annotations

import math

from sim.table import DIAMONDS_ACROSS, DIAMONDS_ALONG  # noqa: F401  (the sights; ai.describe)

LANGS = ("en", "ru")

POCKET_WORDS = {"NL": "near left corner", "NR": "near right corner", "ML": "left middle",
                "MR": "right middle", "FL": "far left corner", "FR": "far right corner"}
POCKET_WORDS_RU = {"NL": "ближнюю левую угловую", "NR": "ближнюю правую угловую",
                   "ML": "левую среднюю", "MR": "правую среднюю",
                   "FL": "дальнюю левую угловую", "FR": "дальнюю правую угловую"}
MANNER_WORDS = {"en": {"clean": "clean", "bank": "bank (off a cushion)", "kiss": "kiss",
                       "carom": "carom", "cushion-first": "cue ball off a cushion first",
                       "combination": "combination"},
                "ru": {"clean": "чисто", "bank": "дуплетом (от борта)", "kiss": "с касанием",
                       "carom": "карамболем", "cushion-first": "битком от борта",
                       "combination": "комбинацией"}}

# Speed in words (cue speed at impact, m/s): upper bounds of each name.
SPEED_NAMES = (("very-soft", 0.8), ("soft", 1.6), ("medium", 2.6), ("firm", 3.8),
               ("hard", math.inf))
SPEED_WORDS = {"en": {"very-soft": "very soft", "soft": "soft", "medium": "medium",
                      "firm": "firm", "hard": "hard"},
               "ru": {"very-soft": "очень слабо", "soft": "слабо", "medium": "средне",
                      "firm": "сильно", "hard": "очень сильно"}}

# Ball fractions (how much of the object ball the cue ball covers, 1 - sin(cut)), by name.
FRACTIONS = (("full", 1.0), ("three-quarter", 0.75), ("half", 0.5), ("quarter", 0.25),
             ("eighth", 0.125), ("thin", 0.0))
FRACTION_WORDS = {"en": {"full": "full ball", "three-quarter": "3/4 ball", "half": "half ball",
                         "quarter": "1/4 ball", "eighth": "1/8 ball", "thin": "very thin"},
                  "ru": {"full": "в лоб (полный шар)", "three-quarter": "в 3/4 шара",
                         "half": "в полшара", "quarter": "в 1/4 шара", "eighth": "в 1/8 шара",
                         "thin": "очень тонко"}}
STRAIGHT_CUT_RAD = math.radians(2.0)  # closer than this to straight: "straight in"


def language(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
    return lang


def speed_name(v: float) -> str:
    return next(name for name, hi in SPEED_NAMES if v < hi)


def speed_words(v: float, lang: str = "en") -> str:
    return SPEED_WORDS[language(lang)][speed_name(v)]


def fraction_name(fraction: float) -> str:
    """The nearest named ball fraction."""
    return min(FRACTIONS, key=lambda f: abs(f[1] - fraction))[0]


# Spin in a player's words: the tip's offset (fractions of R) sorted into the kinds players
# name; one classification, a long and a short wording of each kind.
FOLLOW_MIN, LITTLE_FOLLOW_MIN = 0.3, 0.1  # vertical offset: "follow" / "a little top"
DRAW_MAX, LITTLE_DRAW_MAX = -0.2, -0.05  # "draw" / "a little bottom"
SIDE_MIN = 0.1  # |side| above this is named side spin
SPIN_WORDS = {  # kind -> (long, short) per language
    "en": {"follow": ("follow (top, natural roll)", "follow"),
           "little-follow": ("a little top", "a little follow"),
           "draw": ("draw (bottom)", "draw"), "little-draw": ("a little bottom", "a little draw"),
           "centre": ("centre ball (stun)", "stun"),
           "right": ("right side", "right side"), "left": ("left side", "left side")},
    "ru": {"follow": ("накат (верх)", "накат"),
           "little-follow": ("немного наката", "немного наката"),
           "draw": ("оттяжка (низ)", "оттяжка"), "little-draw": ("немного низа", "немного оттяжки"),
           "centre": ("в центр (без вращения)", "без вращения"),
           "right": ("правый винт", "правый винт"), "left": ("левый винт", "левый винт")},
}


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


def spin_words(side: float, vertical: float, lang: str = "en") -> str:
    lang = language(lang)
    words = SPIN_WORDS[lang]
    v, s = spin_kinds(side, vertical)
    if s is None:
        return words[v][0]
    return f"{words[v][0]}, {words[s][0]}" if lang == "ru" else f"{words[v][0]} with {words[s][0]}"


def number_text(x: float, digits: int, lang: str) -> str:
    text = f"{x:.{digits}f}"
    return text.replace(".", ",") if lang == "ru" else text


def spin_short(side: float, vertical: float, lang: str) -> str:
    words = SPIN_WORDS["ru" if lang == "ru" else "en"]
    v, s = spin_kinds(side, vertical)
    return words[v][1] + (f", {words[s][1]}" if s else "")
