"""The analysis document of ``pyramid analyze --json`` read back, every field checked (issue
51): the board's review (``POST /api/review``) and ``pyramid analyze --html`` show what it
holds, so a field of the wrong type, out of its range or unknown is refused naming its path
(``analysis.strokes[3].best.p_win = True must be a number in [0.0, 1.0]``) instead of reaching
the page.  The document is what :mod:`russian_pyramid.app.analyze` writes; its calls are read
by the rules core's own reader (:meth:`engine.calls.Call.from_json`).

* :func:`check_analysis` -- the document checked whole (UserInputError naming the field), or
  returned as it is.

The checks are small combinators over JSON values, each with the path it is at.
"""
from __future__ import annotations

import math
import re
from typing import Any, Callable, TypeVar

from ai.agent import ATTACK, DELIBERATE_FOUL, SAFETY
from ai.games.analysis import BLUNDER_MARK, INACCURACY_MARK, MISTAKE_MARK, SEARCH, STORY
from engine.calls import Call
from engine.errors import EngineError, excerpt

from ..errors import UserInputError
from .limits import MAX_ANALYSIS_SAMPLES

Check = Callable[[Any, str], None]
D = TypeVar("D")  # the document checked, returned as it came

MARKS = ("", INACCURACY_MARK, MISTAKE_MARK, BLUNDER_MARK)
KINDS = (ATTACK, SAFETY, DELIBERATE_FOUL)
SOURCES = (SEARCH, STORY)
MAX_STROKES = 10_000  # a record's strokes (the game loop's cap, ai.games.match.MAX_STROKE_CAP)
MAX_TEXT = 2_000  # an instruction, a note: a few sentences
MAX_NAME = 500  # an agent's spec, a player's name as the analysis writes it
MAX_PATH = 4_096  # a file's path (PATH_MAX)
MAX_SIDES = 3  # the three-player variants
FOUL_ID = re.compile(r"R\d{1,2}\.\d{1,2}[a-z]?")  # docs/RULES.md's ids, a foul's letter


def _refuse(path: str, value, what: str) -> None:
    raise UserInputError(f"{path} = {excerpt(value)} must be {what}", field=path)


def number(lo: float, hi: float) -> Check:
    def check(v, path):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) \
                or not lo <= v <= hi:
            _refuse(path, v, f"a number in [{lo}, {hi}]")
    return check


def integer(lo: int, hi: int) -> Check:
    def check(v, path):
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            _refuse(path, v, f"an integer in [{lo}, {hi}]")
    return check


def text(max_chars: int, choices: tuple[str, ...] | None = None) -> Check:
    def check(v, path):
        if choices is not None and (not isinstance(v, str) or v not in choices):
            _refuse(path, v, "one of " + ", ".join(repr(c) for c in choices))
        if not isinstance(v, str) or len(v) > max_chars or "\x00" in v:
            _refuse(path, v, f"text of at most {max_chars} characters")
    return check


def field_path(path: str, key) -> str:
    """``analysis.summary`` + ``name``; a stroke's row is named by its number, ``analysis:
    stroke 3:`` + ``mark`` (as the review's other refusals name it)."""
    return f"{path} {key}" if path.endswith(":") else f"{path}.{key}"


def boolean(v, path) -> None:
    if not isinstance(v, bool):
        _refuse(path, v, "true or false")


def nullable(inner: Check) -> Check:
    def check(v, path):
        if v is not None:
            inner(v, path)
    return check


def listed(item: Check, max_len: int) -> Check:
    def check(v, path):
        if not isinstance(v, list) or len(v) > max_len:
            _refuse(path, v, f"a list of at most {max_len}")
        for i, x in enumerate(v):
            item(x, f"{path}[{i}]")
    return check


def mapping(fields: dict[str, Check], required: tuple[str, ...] = ()) -> Check:
    """An object whose keys are among ``fields`` (each checked), ``required`` ones present."""
    def check(v, path):
        if not isinstance(v, dict):
            _refuse(path, v, "an object")
        for key in v:
            if key not in fields:
                raise UserInputError(f"{path}: {excerpt(key)} is not a field; its "
                                     f"fields: {', '.join(fields)}",
                                     field=field_path(path, key)[:200])
        for key in required:
            if key not in v:
                raise UserInputError(f"{field_path(path, key)} is missing", field=path)
        for key, value in v.items():
            fields[key](value, field_path(path, key))
    return check


def words(v, path) -> None:
    """A mapping of names to short texts (versions, a platform)."""
    if not isinstance(v, dict) or len(v) > 50:
        _refuse(path, v, "an object of names")
    for key, value in v.items():
        text(MAX_NAME)(key, f"{path} key")
        text(MAX_NAME)(value, f"{path}.{key}")


def call(v, path) -> None:
    try:
        Call.from_json(v)
    except (EngineError, ValueError, TypeError) as exc:
        raise UserInputError(f"{path}: {exc}", field=path) from None


PROBABILITY = number(0.0, 1.0)
POINT = listed(number(-10.0, 10.0), 2)  # [x, y] in metres, a table's size and some
STRIKE = mapping({"speed_mps": number(0.0, 12.0), "phi_deg": number(-360.0, 360.0),
                  "elevation_deg": number(0.0, 90.0), "side": number(-1.0, 1.0),
                  "vertical": number(-1.0, 1.0), "phi_rad": number(-2 * math.pi, 2 * math.pi),
                  "elevation_rad": number(0.0, math.pi / 2)},
                 required=("speed_mps", "phi_deg"))
POCKETED = listed(mapping({"ball": text(3), "pocket": text(2), "time_s": number(0.0, 1e4)},
                         required=("ball", "pocket")), 16)  # a stroke's outcome, as recorded
def foul_id(v, path) -> None:
    """A foul of R7.1 as the analysis names it (``R7.1a`` ... ``R7.1h``)."""
    if not isinstance(v, str) or not FOUL_ID.fullmatch(v):
        _refuse(path, v, "a foul's rule id (R7.1a ... R7.1h)")


PLAYED = mapping({"call": nullable(call), "strike": nullable(STRIKE), "placement": nullable(POINT),
                  "fouls": listed(foul_id, 16), "pocketed": POCKETED})
BEST = mapping({"kind": text(20, KINDS), "call": nullable(call), "strike": nullable(STRIKE),
                "placement": nullable(POINT), "foul": nullable(text(40)),
                "p_win": nullable(PROBABILITY), "instruction": text(MAX_TEXT)})
ROW = mapping({"stroke": integer(1, MAX_STROKES), "player": integer(0, MAX_SIDES - 1),
               "played": PLAYED, "p_win_played": nullable(PROBABILITY),
               "best": nullable(BEST), "p_win_best": nullable(PROBABILITY),
               "loss": PROBABILITY, "mark": text(2, MARKS), "execution": boolean,
               "source": text(10, SOURCES)},
              required=("stroke", "played", "p_win_played", "loss", "mark"))
SUMMARY = mapping({"player": integer(0, MAX_SIDES - 1), "name": text(MAX_NAME),
                   "strokes": integer(0, MAX_STROKES), "mean_loss": PROBABILITY,
                   "inaccuracies": integer(0, MAX_STROKES), "mistakes": integer(0, MAX_STROKES),
                   "blunders": integer(0, MAX_STROKES), "best_played": integer(0, MAX_STROKES),
                   "execution": integer(0, MAX_STROKES)})
PROVENANCE = mapping({"versions": words, "commit": nullable(text(64)), "platform": words})
VERIFICATION = mapping({
    "strokes": integer(0, MAX_STROKES), "positions_replayed": integer(0, MAX_STROKES),
    "positions_unverified": integer(0, MAX_STROKES), "unfinished": boolean,
    "hash_checked": boolean, "interrupted": boolean, "torn_line": integer(0, MAX_STROKES + 2),
    "notes": listed(text(MAX_TEXT), 50),
    "provenance": mapping({"recorded": nullable(PROVENANCE), "running": PROVENANCE,
                           "differ": listed(mapping({"name": text(MAX_NAME),
                                                     "recorded": nullable(text(MAX_NAME)),
                                                     "running": nullable(text(MAX_NAME))}), 20),
                           "note": nullable(words)})})


def rows(v, path) -> None:
    """The analysed strokes, each named by its stroke number where it has one."""
    if not isinstance(v, list) or len(v) > MAX_STROKES:
        _refuse(path, v, f"a list of at most {MAX_STROKES}")
    for i, row in enumerate(v):
        k = row.get("stroke") if isinstance(row, dict) else None
        named = isinstance(k, int) and not isinstance(k, bool) and 1 <= k <= MAX_STROKES
        ROW(row, f"analysis: stroke {k}:" if named else f"{path}[{i}]")


ANALYSIS = mapping({
    "record": text(MAX_PATH), "agent": text(MAX_NAME),
    "samples": integer(1, MAX_ANALYSIS_SAMPLES),
    "thresholds": mapping({k: PROBABILITY for k in ("inaccuracy", "mistake", "blunder")}),
    "verification": VERIFICATION, "strokes": rows,
    "summary": listed(SUMMARY, MAX_SIDES), "png": listed(text(MAX_PATH), 4),
    "elapsed_s": number(0.0, 1e7), "html": text(MAX_PATH)}, required=("strokes",))


def check_analysis(doc: D) -> D:
    """``doc`` as ``pyramid analyze --json`` wrote it, every field checked: UserInputError
    naming the first field that is not (its path, its value cut, what it must be)."""
    ANALYSIS(doc, "analysis")
    return doc  # as it is: checked, not rebuilt
