"""The one door through which JSON from a user enters: every command, every record line and the
board's API read JSON with :func:`loads`.

``json.loads`` alone accepts what this project must refuse, and fails on some inputs with the
wrong kind of error:

* nesting a few thousand levels deep raises ``RecursionError`` (a traceback, not bad input);
* an integer of more than 4 300 digits raises a bare ``ValueError`` (CPython's int-conversion
  limit), and a long one that is accepted is never a meaningful ball, score or seed;
* ``NaN`` and ``Infinity`` are accepted although JSON has no such numbers;
* a duplicate key silently keeps the last value (``{"7": [..], "7": [..]}`` is a ball placed
  twice, of which the user sees one);
* a lone surrogate (``"\\ud800"`` not followed by its low half) is a string that cannot be
  written as UTF-8: a record holding one could not be sealed or written again.

Each of these is refused here with :class:`JsonInputError` (a
:class:`~engine.errors.MalformedInputError`, so the command line reports it as bad input, exit
2) naming the field, or where in the text it is, and quoting at most a short excerpt.
"""
from __future__ import annotations

import difflib
import json
import math
import re
from typing import Iterable

from .errors import EngineError, MalformedInputError, excerpt

# Limits: generous for every legitimate document (a game record line of a 300-stroke game is
# ~40 kB; a state is ~2 kB; a tournament header ~1 kB) and small enough that a hostile input
# is refused before it costs memory or time.
MAX_DOCUMENT_BYTES = 64 * 1024 * 1024  # a whole file or request body (records of long matches)
MAX_DEPTH = 64  # deepest legitimate nesting is ~6 (record line > outcome > paths > link)
MAX_INT_DIGITS = 20  # seeds are < 2**64 (20 digits); every other integer is far smaller


COMMENT_PREFIX = "_"  # a key beginning with it is a comment (``"_comment"``), never a field


def check_keys(obj: dict, allowed: Iterable[str], where: str, rule: str | None = None,
               comments: bool = False) -> None:
    """Refuse a key of the object ``where`` that is not one of ``allowed`` (a typo like
    ``first_contct`` must not be dropped silently), naming it and, for a near miss, the field
    it was probably meant to be (``difflib.get_close_matches``).  With ``comments``, keys
    beginning with ``_`` are comments and accepted."""
    known = tuple(allowed)
    for key in obj:
        if key in known or (comments and isinstance(key, str) and key.startswith(COMMENT_PREFIX)):
            continue
        near = difflib.get_close_matches(str(key), known, n=1, cutoff=0.6)
        hint = (f"; did you mean {near[0]!r}?" if near
                else f"; the fields are: {', '.join(sorted(known))}")
        field = f"{where}.{key}" if where else str(key)
        raise MalformedInputError(field, obj[key], f"is not a field of {where or 'the document'}"
                                                   f"{hint}" + (f" ({rule})" if rule else ""))


class JsonInputError(MalformedInputError):
    """The text is not JSON this project accepts; the message says where and why."""

    def __init__(self, message: str):
        self.field = None
        self.value = None
        EngineError.__init__(self, message)


# A JSON string (escapes included; unterminated at the end of the text too) or one bracket: the
# depth scan sees strings whole, so brackets inside them do not count.
_DEPTH_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.S)


def _depth_exceeds(text: str, limit: int) -> int | None:
    """The character offset where nesting first exceeds ``limit``, or None.

    Run before ``json.loads`` because the decoder recurses once per level (a few thousand
    levels are a RecursionError).  Linear: the regular expression skips each string in one
    step (3x faster than a loop over characters; 8 MB of records in about a second)."""
    if text.count("[") + text.count("{") <= limit:  # most documents: no scan at all
        return None
    depth = 0
    for m in _DEPTH_TOKENS.finditer(text):
        ch = m.group()
        if ch == "[" or ch == "{":
            depth += 1
            if depth > limit:
                return m.start()
        elif ch == "]" or ch == "}":
            depth -= 1
    return None


def _line_col(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return line, col


class _Bad:
    """What the decoder's hooks leave in place of a value this module refuses; after decoding,
    :func:`_first_bad` finds it and names the field it sits in (the hooks alone cannot: the
    decoder does not tell them where they are)."""

    def __init__(self, why: str):
        self.why = why


class _DuplicateKeys(dict):
    """An object in which a key appeared twice (the first duplicate is in ``duplicate``)."""
    duplicate: str


def _object(pairs: list[tuple[str, object]]) -> dict:
    out: dict = {}
    for key, value in pairs:
        if key in out:
            bad = _DuplicateKeys(out)
            bad.duplicate = key
            return bad
        out[key] = value
    return out


def _integer(digits: str) -> int | _Bad:
    n = len(digits.lstrip("-"))
    if n > MAX_INT_DIGITS:
        return _Bad(f"is an integer of {n} digits ({excerpt(digits)}): no field takes more "
                    f"than {MAX_INT_DIGITS} digits")
    return int(digits)


def _float(text: str) -> float | _Bad:
    value = float(text)
    if not math.isfinite(value):  # 1e999 parses to inf
        return _Bad(f"= {excerpt(text)} is out of range: every number must be finite")
    return value


def _constant(name: str) -> _Bad:
    return _Bad(f"= {name}, which is not a JSON number: every number must be finite")


_SURROGATE = re.compile("[\ud800-\udfff]")


def _surrogate(text: str) -> str | None:
    m = None if text.isascii() else _SURROGATE.search(text)
    return None if m is None else (f"has a lone surrogate U+{ord(m.group()):04X} at character "
                                   f"{m.start() + 1} ({excerpt(text)}): not text")


def _first_bad(value, where: str) -> str | None:
    """The message for the first refused value in document order, naming its field
    (``balls.cue[1]``), or None."""
    if isinstance(value, str):
        why = _surrogate(value)
        return None if why is None else f"{where or 'the document'} {why}"
    if isinstance(value, _Bad):
        return f"{where or 'the document'} {value.why}"
    if isinstance(value, _DuplicateKeys):
        return (f"{where or 'the document'} has the key {excerpt(value.duplicate)} twice: "
                f"each field may appear once")
    if isinstance(value, dict):
        for key, item in value.items():
            why = _surrogate(key)
            if why is not None:
                return f"{where or 'the document'}: a key {why}"
            found = _first_bad(item, f"{where}.{key}" if where else str(key))
            if found:
                return found
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found = _first_bad(item, f"{where}[{i}]")
            if found:
                return found
    return None


def loads(text: str | bytes, *, source: str = "input", max_bytes: int = MAX_DOCUMENT_BYTES):
    """Parse ``text`` as strict JSON; ``source`` names it in errors ("'pos.json'", "line 4",
    "the body")."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_bytes:
            raise JsonInputError(f"{source} is {len(text)} bytes: at most {max_bytes} accepted")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise JsonInputError(f"{source} is not UTF-8 text") from None
    if len(text) > max_bytes:
        raise JsonInputError(f"{source} is {len(text)} characters: at most {max_bytes} accepted")
    if not text.strip():
        raise JsonInputError(f"{source} is empty: a JSON document was expected")
    deep = _depth_exceeds(text, MAX_DEPTH)
    if deep is not None:
        line, col = _line_col(text, deep)
        raise JsonInputError(f"{source} nests deeper than {MAX_DEPTH} levels (line {line} "
                             f"column {col})")
    try:
        doc = json.loads(text, object_pairs_hook=_object, parse_int=_integer,
                         parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise JsonInputError(f"{source} is not valid JSON: {exc.msg} at line {exc.lineno} "
                             f"column {exc.colno}") from None
    bad = _first_bad(doc, "")
    if bad:
        raise JsonInputError(f"{source}: {bad}")
    return doc
