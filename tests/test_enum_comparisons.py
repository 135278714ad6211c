"""Issue 53, item 2: no string is compared where an enum exists.  Every ``==``, ``!=``, ``in``
and ``not in`` in engine/, ai/ and russian_pyramid/ is scanned (its syntax tree): a string
literal on either side -- alone or in a tuple, list or set -- that is the value of one of the
rules' enums (the variant, call mode, pair order, foul letter, named fact, termination, the
AI's decision kind, the notation's flag) must be the enum's member instead.

The few left are not the enum's word but another one spelled alike, each named below with why.
"""
from __future__ import annotations

import ast
from enum import StrEnum
from functools import lru_cache
from pathlib import Path

from ai.agent import DecisionKind
from engine.kinds import CallMode, FoulLetter, NamedFact, PairOrder, Variant
from engine.notation.lexicon import Flag
from engine.outcome import Termination

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "ai", "russian_pyramid")
ENUMS: tuple[type[StrEnum], ...] = (Variant, CallMode, PairOrder, FoulLetter, NamedFact,
                                    Termination, DecisionKind, Flag)
# (file, literal): why the string there is not the enum's member
ALLOWED = {
    ("engine/outcome.py", "draw"): "a key of the result mapping (RESULT_KEYS), written at the "
                                   "JSON edge, not the termination",
    ("engine/outcome.py", "placings"): "a key of the result mapping (RESULT_KEYS), at the JSON "
                                       "edge",
    ("engine/verify.py", "unfinished"): "a key of a record's result line (RESULT_LINE_KEYS)",
    ("russian_pyramid/scorekeeping/session.py", "correction"): "the scorekeeper's command "
                                                               "word, not the termination",
    ("russian_pyramid/scorekeeping/render.py", "correction"): "an action of a record's "
                                                              "'before' list (R14.1)",
}
COMPARING = (ast.Eq, ast.NotEq, ast.In, ast.NotIn)


def _values() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for kind in ENUMS:
        for member in kind:
            out.setdefault(member.value, []).append(f"{kind.__name__}.{member.name}")
    return out


def _literals(node: ast.AST):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node
    elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        for element in node.elts:
            yield from _literals(element)


def string_comparisons(text: str) -> list[tuple[int, str]]:
    """(line, literal) of every enum value compared as a string in ``text``."""
    values = _values()
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Compare) and any(isinstance(op, COMPARING) for op in node.ops):
            for side in (node.left, *node.comparators):
                found += [(lit.lineno, lit.value) for lit in _literals(side)
                          if lit.value in values]
    return found


@lru_cache(maxsize=1)
def _scan() -> dict[tuple[str, str], list[int]]:
    out: dict[tuple[str, str], list[int]] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            for line, literal in string_comparisons(path.read_text(encoding="utf-8")):
                out.setdefault((where, literal), []).append(line)
    return out


def test_the_scan_finds_a_string_compared_where_an_enum_exists():
    found = string_comparisons('if state.call_mode == "ball-and-pocket" or x in ("tush", "y")'
                               ' or kind != "attack":\n    pass\n')
    assert [v for _, v in found] == ["ball-and-pocket", "tush", "attack"]
    assert string_comparisons('if mode == CallMode.EXACT or name == "header":\n    pass\n') == []


def test_no_string_is_compared_where_an_enum_exists():
    values = _values()
    bad = [f"{where}:{lines[0]}: {literal!r} (use {' or '.join(values[literal])})"
           for (where, literal), lines in sorted(_scan().items())
           if (where, literal) not in ALLOWED]
    assert not bad, "\n".join(bad)


def test_every_allowed_comparison_is_still_there():
    stale = sorted(set(ALLOWED) - set(_scan()))
    assert not stale, f"no longer compared, take off ALLOWED: {stale}"
