"""The options of a request, typed strictly: a query string's values (``?top=3``, the board) or
a JSON object's (``pyramid engine``'s ``options``) to frozen values, or
:class:`~russian_pyramid.errors.UserInputError` naming the option and quoting its value.

* :func:`num_arg` -- one number option: an integer is a JSON integer or a query string's
  digits (never true/false, 2.9, 2.0 or "1e1"); a number is finite;
* :class:`SuggestOptions` -- ``POST /api/suggest``'s and the engine's ``suggest`` options;
* :class:`SimulateOptions` -- ``POST /api/simulate``'s and the engine's ``simulate`` options;
* :class:`PhotoOptions` -- ``POST /api/photo``'s; :class:`NoOptions` -- an operation's without;
* :func:`options_from_json` -- a JSON object of options (``pyramid engine``) to the typed
  value: each option's JSON type checked by its :class:`OptionKind`, then ``from_params``.

Each class's ``PARAMS`` names the options its ``from_params`` reads, in order, with the
:class:`OptionKind` of each value, and ``HELP`` a few words on each (its range and default):
the one source of what the board's query strings and ``pyramid engine`` accept for an
operation (:mod:`russian_pyramid.app.operations`) and of the docs' tables of operations
(docs/ENGINE.md, docs/BOARD.md; tests compare them).
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import ClassVar, Mapping, Protocol, TypeVar

from ai.noise import SKILLS, NoiseModel
from engine.errors import excerpt
from engine.words import LANGS, DEFAULT_LANG

from ..errors import UserInputError
from . import limits
from .common import noise_model



class OptionKind(Enum):
    """What an option's value is in JSON (``pyramid engine`` types it strictly by this; a
    query string's values are text, read by :func:`num_arg`)."""

    INTEGER = "integer"  # a JSON integer: not true, 2.9, 2.0 or "3"
    NUMBER = "number"  # a JSON number: not true or "0.5"
    NAME_OR_NUMBER = "name or number"  # a skill: a name of ai.noise.SKILLS or a magnitude
    NAME = "name"  # a word of a fixed list (a language, a table)
    TEXT = "text"  # any text of the option's own form (a photo's corners)


class Options(Protocol):
    """An operation's options: a frozen value made by ``from_params`` from a query string's
    or a JSON object's values, the options it reads and their kinds in ``PARAMS`` (in order)
    and a few words on each in ``HELP``."""

    PARAMS: ClassVar[Mapping[str, OptionKind]]
    HELP: ClassVar[Mapping[str, str]]

    @classmethod
    def from_params(cls, params: Mapping) -> "Options": ...


O = TypeVar("O")


_INT_TEXT = re.compile(r"[+-]?[0-9]{1,20}", re.ASCII)
_FLOAT_TEXT = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?", re.ASCII)


def num_arg(params: Mapping, key: str, cast: type, default, lo=None, hi=None
            ) -> int | float | None:
    """``params[key]`` typed strictly as ``cast`` (int or float) within ``[lo, hi]``;
    ``default`` when absent, null or empty.  For int an integer (a JSON integer, or a query
    string's digits), never true/false, 2.9 or 2.0; for float a number (or a query string's
    decimal number), never true/false, and finite; else :class:`UserInputError` naming it."""
    raw = params.get(key)
    if raw is None:  # an empty one is no number (the board's query refuses it before)
        return default
    kind = "an integer" if cast is int else "a number"
    if isinstance(raw, str):  # a query string's value (GET/POST ?top=3)
        text = raw.strip()
        if not (_INT_TEXT if cast is int else _FLOAT_TEXT).fullmatch(text):
            raise UserInputError(f"{key} = {excerpt(raw)} must be {kind}")
        v = cast(text)
    elif isinstance(raw, bool) or not isinstance(raw, (int, float)) \
            or (cast is int and not isinstance(raw, int)):
        raise UserInputError(f"{key} = {excerpt(raw)} must be {kind}")
    else:
        v = cast(raw)
    if isinstance(v, float) and not math.isfinite(v):
        raise UserInputError(f"{key} = {excerpt(raw)} must be finite")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise UserInputError(f"{key} = {excerpt(raw)} must lie in [{lo}, {hi}]")
    return v


def skill_arg(params: Mapping, key: str = "skill") -> str | float:
    """A skill: a name of :data:`ai.noise.SKILLS` (default :data:`limits.DEFAULT_SKILL`) or a
    noise magnitude from 0 to :data:`limits.MAX_SKILL`."""
    skill = params.get(key)
    if skill is None:
        return limits.DEFAULT_SKILL
    if isinstance(skill, str) and skill in SKILLS:
        return skill
    return num_arg(params, key, float, 1.0, 0.0, limits.MAX_SKILL)


def lang_arg(params: Mapping, key: str = "lang") -> str:
    """A language of :data:`engine.words.LANGS` (default :data:`engine.words.DEFAULT_LANG`)."""
    lang = params.get(key)
    if lang is None:
        return DEFAULT_LANG
    if not isinstance(lang, str) or lang not in LANGS:
        raise UserInputError(f"{key} = {excerpt(lang)} must be one of {', '.join(LANGS)}")
    return lang


@dataclass(frozen=True)
class SuggestOptions:
    """How to search one suggestion: ``top`` suggestions (:data:`limits.MIN_TOP` ..
    :data:`limits.MAX_TOP`), the ``skill`` assumed for both players, ``time_budget_s``
    (None: bounded by samples alone, the same advice for the same position), ``budget``
    samples, ``seed`` (None: drawn from the position, :func:`russian_pyramid.app.suggest.position_seed`),
    ``lang`` of the instructions and the ``line`` of play's strokes (:data:`limits.DEFAULT_LINE`
    as ``pyramid suggest --line``; 1 .. :data:`limits.MAX_LINE`, 1 off)."""
    top: int = limits.DEFAULT_TOP
    skill: str | float = limits.DEFAULT_SKILL
    time_budget_s: float | None = None
    budget: int = limits.DEFAULT_BUDGET
    seed: int | None = None
    lang: str = DEFAULT_LANG
    line: int = limits.DEFAULT_LINE
    PARAMS: ClassVar[Mapping[str, OptionKind]] = MappingProxyType({
        "top": OptionKind.INTEGER, "skill": OptionKind.NAME_OR_NUMBER,
        "budget": OptionKind.INTEGER, "seed": OptionKind.INTEGER,
        "time_budget": OptionKind.NUMBER, "lang": OptionKind.NAME, "line": OptionKind.INTEGER})
    HELP: ClassVar[Mapping[str, str]] = MappingProxyType({
        "top": f"suggestions, {limits.MIN_TOP}-{limits.MAX_TOP}, {limits.DEFAULT_TOP}",
        "skill": f"both players' execution noise: a level or a factor, {limits.DEFAULT_SKILL}",
        "budget": f"samples, {limits.DEFAULT_BUDGET}",
        "seed": "default: drawn from the position",
        "time_budget": f"s, {limits.MIN_TIME_BUDGET_S:g}-{limits.MAX_BOARD_TIME_BUDGET_S:g}, "
                       "none: only when asked for",
        "lang": f"{'/'.join(LANGS)}, {DEFAULT_LANG}",
        "line": f"the line of play's strokes, 1-{limits.MAX_LINE}, {limits.DEFAULT_LINE}; "
                "1 off"})

    @classmethod
    def from_params(cls, params: Mapping) -> "SuggestOptions":
        """The options of ``POST /api/suggest`` (query string) or of the engine's ``suggest``
        (JSON): ``top``, ``skill``, ``time_budget`` (seconds, at most
        :data:`limits.MAX_BOARD_TIME_BUDGET_S`), ``budget`` (default
        :data:`limits.DEFAULT_BUDGET`, or :data:`limits.TIME_BUDGET_SAMPLES` with a time
        budget), ``seed`` (0 .. :data:`limits.SEED_MAX`), ``lang``, ``line`` (strokes, 1 ..
        :data:`limits.MAX_LINE`); bad ones: UserInputError."""
        skill = skill_arg(params)
        lang = lang_arg(params)
        time_budget = num_arg(params, "time_budget", float, None, limits.MIN_TIME_BUDGET_S,
                              limits.MAX_BOARD_TIME_BUDGET_S)
        samples = limits.DEFAULT_BUDGET if time_budget is None else limits.TIME_BUDGET_SAMPLES
        return cls(top=num_arg(params, "top", int, limits.DEFAULT_TOP, limits.MIN_TOP,
                               limits.MAX_TOP),
                   skill=skill, time_budget_s=time_budget,
                   budget=num_arg(params, "budget", int, samples, 1, limits.MAX_BUDGET),
                   seed=num_arg(params, "seed", int, None, 0, limits.SEED_MAX),
                   lang=lang,
                   line=num_arg(params, "line", int, limits.DEFAULT_LINE, 1, limits.MAX_LINE))


@dataclass(frozen=True)
class SimulateOptions:
    """How to play one stroke: without ``noise`` (None) once, exactly; with it (a skill name
    or magnitude, as the request wrote it) ``runs`` times (1 .. :data:`limits.MAX_RUNS`)
    with that execution noise drawn from ``seed`` (0 .. :data:`limits.SEED_MAX`).  ``model``
    is the noise read (:class:`ai.noise.NoiseModel`): once, by :meth:`from_params`, or when
    the value is made without it."""
    noise: str | float | None = None
    runs: int = limits.DEFAULT_RUNS
    seed: int = 0
    model: NoiseModel | None = None
    PARAMS: ClassVar[Mapping[str, OptionKind]] = MappingProxyType({
        "noise": OptionKind.NAME_OR_NUMBER, "runs": OptionKind.INTEGER,
        "seed": OptionKind.INTEGER})
    HELP: ClassVar[Mapping[str, str]] = MappingProxyType({
        "noise": "a level or a factor: played with execution noise",
        "runs": f"with noise, 1-{limits.MAX_RUNS}, {limits.DEFAULT_RUNS}",
        "seed": "with noise, 0"})

    def __post_init__(self) -> None:
        if self.noise is not None and self.model is None:  # made by hand: read it now
            object.__setattr__(self, "model", noise_model(str(self.noise), "noise"))

    @classmethod
    def from_params(cls, params: Mapping | None) -> "SimulateOptions":
        """``noise``, ``runs`` and ``seed`` of ``POST /api/simulate`` (query string) or of the
        engine's ``simulate`` (JSON); ``runs`` and ``seed`` are read only with a noise."""
        params = params or {}
        noise = params.get("noise")
        if noise is None:
            for key in ("runs", "seed"):  # they say how the noise is drawn: none is given
                if params.get(key) is not None:
                    raise UserInputError(f"{key} = {excerpt(params[key])} is read only with "
                                         "a noise (noise=strong, ...): give one, or leave "
                                         f"{key} out")
            return cls()
        if isinstance(noise, bool) or not isinstance(noise, (str, int, float)):
            raise UserInputError(f"noise = {excerpt(noise)} must be a skill's name or a number")
        model = noise_model(str(noise), "noise")  # the noise first, as it always was
        return cls(noise=noise, model=model,
                   runs=num_arg(params, "runs", int, limits.DEFAULT_RUNS, 1, limits.MAX_RUNS),
                   seed=num_arg(params, "seed", int, 0, 0, limits.SEED_MAX))


@dataclass(frozen=True)
class NoOptions:
    """The options of an operation that takes none."""
    PARAMS: ClassVar[Mapping[str, OptionKind]] = MappingProxyType({})
    HELP: ClassVar[Mapping[str, str]] = MappingProxyType({})

    @classmethod
    def from_params(cls, params: Mapping | None) -> "NoOptions":
        return cls()


@dataclass(frozen=True)
class PhotoOptions:
    """How to read a photo: the ``table`` (a preset's name; None: the default), the playing
    area's ``corners`` in the photo (``X1,Y1,...,X4,Y4``, NR, FR, FL, NL; None: found),
    ``refine``: the corners are a finger's taps, the outline looked for near them; another
    table's ``table_size`` (``L,W`` in metres) and ``ball_diameter`` (``57.15mm``) than the
    preset's (issue 57 item 4: ``pyramid photo --table-size``, ``--ball-diameter``)."""
    table: str | None = None
    corners: str | None = None
    refine: bool = False
    table_size: str | None = None
    ball_diameter: str | None = None
    PARAMS: ClassVar[Mapping[str, OptionKind]] = MappingProxyType({
        "table": OptionKind.NAME, "corners": OptionKind.TEXT, "refine": OptionKind.TEXT,
        "table_size": OptionKind.TEXT, "ball_diameter": OptionKind.TEXT})
    HELP: ClassVar[Mapping[str, str]] = MappingProxyType({
        "table": "a preset, pyramid-12ft",
        "corners": "X1,Y1,...,X4,Y4: the playing area's corners in the photo, NR, FR, FL, NL",
        "refine": "1: the corners are a finger's taps, the outline looked for near them; 0",
        "table_size": "L,W: the playing area in metres (2.54,1.27), another table's than the "
                      "preset's",
        "ball_diameter": "the balls' diameter with its unit (57.15mm), another than the "
                         "preset's"})

    @classmethod
    def from_params(cls, params: Mapping | None) -> "PhotoOptions":
        """``table``, ``corners``, ``refine`` (``0``, the default, or ``1``, which needs
        ``corners``), ``table_size`` and ``ball_diameter`` (read by the photo reader); bad
        ones: UserInputError naming them."""
        params = params or {}
        refine = params.get("refine", "0")
        if refine not in ("0", "1"):
            raise UserInputError(f"photo: refine={str(refine)[:20]!r} must be 0 or 1",
                                 field="refine")
        if refine == "1" and not params.get("corners"):
            raise UserInputError("photo: refine=1 looks for the outline near the corners "
                                 "tapped: give corners=X1,Y1,...,X4,Y4 too", field="refine")
        return cls(table=params.get("table"), corners=params.get("corners"),
                   refine=refine == "1", table_size=params.get("table_size"),
                   ball_diameter=params.get("ball_diameter"))


def _shown(value) -> str:
    """A value as the request wrote it (JSON: ``true``, ``"3"``), cut short."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else f"{text[:60]}... ({len(text)} characters)"


def check_json_kinds(options: Mapping, params: Mapping[str, OptionKind], name: str) -> None:
    """Refuse an option the operation ``name`` does not read (not in ``params``) or of the
    wrong JSON type (its :class:`OptionKind`), naming it; the ranges (and a name's list) are
    ``from_params``'s."""
    for key, value in options.items():
        if key not in params:
            shown = key if len(key) <= 40 else f"{key[:40]}... ({len(key)} characters)"
            raise UserInputError(f"options.{shown} is not an option of {name}; "
                                 + (f"its options: {', '.join(params)}" if params
                                    else "it takes none"))
        if value is None:
            continue
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        kind = params[key]
        if kind is OptionKind.INTEGER and not (number and isinstance(value, int)):
            raise UserInputError(f"options.{key} = {_shown(value)} must be a JSON integer")
        if kind is OptionKind.NUMBER and not number:
            raise UserInputError(f"options.{key} = {_shown(value)} must be a JSON number")
        if kind is OptionKind.NAME_OR_NUMBER and not (number or isinstance(value, str)):
            raise UserInputError(f"options.{key} = {_shown(value)} must be a name or a "
                                 f"JSON number")


def options_from_json(kind: type[O], options: Mapping, name: str) -> O:
    """A JSON object's ``options`` for the operation ``name`` as ``kind``'s typed value
    (:func:`check_json_kinds`, then ``kind.from_params``), checked once; bad ones:
    UserInputError naming them."""
    check_json_kinds(options, kind.PARAMS, name)
    return kind.from_params(options)
