"""Text and numbers a person enters, checked once for every adapter (the scorekeeping session's
``--players``/``--date``/``--target``/``--games`` and score corrections, the board's Match tab,
the record reader's header): what is accepted here is what a game record can be written with
and read back (docs/SCOREKEEPING.md, "Names, dates and numbers").

* A player's name: a string, not empty once stripped (it is kept stripped), at most
  :data:`MAX_NAME_CHARS` characters, with no control character (C0/C1, so no newline or tab),
  no line or paragraph separator (U+2028, U+2029), no bidirectional override (U+202A..U+202E,
  U+2066..U+2069: a name must read as it is) and no lone surrogate (``$'\\xff'`` on a command
  line arrives as one; it cannot be written as UTF-8).
* A date: ``YYYY-MM-DD``, a real day (:meth:`datetime.date.fromisoformat`).
* An integer: a real integer (not a bool, a float or a string) within bounds named here, far
  below what the JSON reader takes (:data:`engine.jsonin.MAX_INT_DIGITS` digits), so a sum of
  them cannot exceed it either.

Each refusal is a :class:`~engine.errors.MalformedInputError` naming the field and the value.
"""
from __future__ import annotations

import datetime as _dt
import re
import unicodedata

from .errors import MalformedInputError
from .jsonin import MAX_INT_DIGITS

MAX_NAME_CHARS = 40  # "Александр Македонский-Задунайский" is 33
MAX_TARGET = 10_000  # points to win (R9.1: 71; a house rule may play to more, not to 10**4)
MAX_GAMES = 1_000  # games of a scorekeeping match (R3.1)
MAX_SCORE = 100_000  # a corrected score (R14.1), in absolute value

assert len(str(10 * max(MAX_TARGET, MAX_GAMES, MAX_SCORE))) < MAX_INT_DIGITS

_BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_REFUSED_CATEGORIES = {"Cc": "a control character", "Cs": "a lone surrogate",
                       "Zl": "a line separator", "Zp": "a paragraph separator"}
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)


def bad_character(text: str, strict: bool = True) -> str | None:
    """What is wrong with the first refused character of ``text`` (``"a control character
    U+000A at 3"``), or None.  Not ``strict``: only control characters and lone surrogates
    (what a record's reader refuses in a side's name written by a program)."""
    for i, ch in enumerate(text):
        what = _REFUSED_CATEGORIES.get(unicodedata.category(ch))
        if not strict and what is not None and ch in "\u2028\u2029":
            what = None
        if strict and what is None and ch in _BIDI:
            what = "a bidirectional control"
        if what is not None:
            return f"{what} U+{ord(ch):04X} at character {i + 1}"
    return None


def check_name(value, field: str, max_chars: int | None = MAX_NAME_CHARS,
               strict: bool = True) -> str:
    """A player's name, stripped; else :class:`MalformedInputError` naming ``field``.  With
    ``max_chars=None`` the length is not checked (a record's side names: ``"B & C"``, an
    agent's spec); not ``strict``, only control characters and lone surrogates are refused
    (:func:`bad_character`)."""
    if not isinstance(value, str):
        raise MalformedInputError(field, value, "must be a name (a string)")
    bad = bad_character(value, strict)
    if bad:
        raise MalformedInputError(field, value, f"has {bad}: a name is one line of "
                                                f"printable text")
    name = value.strip()
    if not name:
        raise MalformedInputError(field, value, "is empty: a player needs a name")
    if max_chars is not None and len(name) > max_chars:
        raise MalformedInputError(field, value, f"is {len(name)} characters long: a name has "
                                                f"at most {max_chars}")
    return name


def check_names(values, field: str, max_chars: int | None = MAX_NAME_CHARS,
                unique: bool = True, strict: bool = True) -> list[str]:
    """A list of names (``field[0]``, ... named in errors), stripped; with ``unique`` all
    different (a program's record may name two sides the same: ``random`` against itself)."""
    if not isinstance(values, (list, tuple)):
        raise MalformedInputError(field, values, "must be a list of names")
    names = [check_name(v, f"{field}[{i}]", max_chars, strict) for i, v in enumerate(values)]
    if unique and len(set(names)) != len(names):
        raise MalformedInputError(field, names, "has two players of the same name")
    return names


def check_date(value, field: str) -> str:
    """A real day as ``YYYY-MM-DD``."""
    if not isinstance(value, str) or not _DATE.fullmatch(value):
        raise MalformedInputError(field, value, "must be a date YYYY-MM-DD")
    try:
        _dt.date.fromisoformat(value)
    except ValueError as exc:
        raise MalformedInputError(field, value, f"is not a real date ({exc})") from None
    return value


def check_int(value, field: str, lo: int, hi: int) -> int:
    """An integer (not a bool, a float, a string) in ``[lo, hi]``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise MalformedInputError(field, value, "must be an integer")
    if not lo <= value <= hi:
        raise MalformedInputError(field, value, f"must lie in [{lo}, {hi}]")
    return value


def parse_int(text: str, field: str, lo: int, hi: int) -> int:
    """An integer typed as text (``-?[0-9]+``, ASCII, spaces around allowed) in ``[lo, hi]``;
    a text of more digits than :data:`MAX_INT_DIGITS` is refused before it is converted."""
    s = text.strip() if isinstance(text, str) else text
    if not isinstance(s, str) or not re.fullmatch(r"[-+]?[0-9]{1,%d}" % MAX_INT_DIGITS, s,
                                                  re.ASCII):
        raise MalformedInputError(field, text, f"must be an integer in [{lo}, {hi}]")
    return check_int(int(s), field, lo, hi)
