"""The options of a request, typed strictly: a query string's values (``?top=3``, the board) or
a JSON object's (``pyramid engine``'s ``options``) to frozen values, or
:class:`~russian_pyramid.errors.UserInputError` naming the option and quoting its value.

* :func:`num_arg` -- one number option: an integer is a JSON integer or a query string's
  digits (never true/false, 2.9, 2.0 or "1e1"); a number is finite;
* :class:`SuggestOptions` -- ``POST /api/suggest``'s and the engine's ``suggest`` options;
* :class:`SimulateOptions` -- ``POST /api/simulate``'s and the engine's ``simulate`` options.

Each class's ``PARAMS`` names the options its ``from_params`` reads, in order, with the
:class:`OptionKind` of each value: the one source of what ``pyramid engine`` accepts for a
command and how it types the JSON (docs/ENGINE.md lists them; tests/cli compare both).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import ClassVar, Mapping

from ai.noise import SKILLS
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
    NAME = "name"  # a word of a fixed list (a language)


_INT_TEXT = re.compile(r"[+-]?[0-9]{1,20}", re.ASCII)
_FLOAT_TEXT = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?", re.ASCII)


def num_arg(params: Mapping, key: str, cast: type, default, lo=None, hi=None):
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
    with that execution noise drawn from ``seed`` (0 .. :data:`limits.SEED_MAX`)."""
    noise: str | float | None = None
    runs: int = limits.DEFAULT_RUNS
    seed: int = 0
    PARAMS: ClassVar[Mapping[str, OptionKind]] = MappingProxyType({
        "noise": OptionKind.NAME_OR_NUMBER, "runs": OptionKind.INTEGER,
        "seed": OptionKind.INTEGER})

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
        noise_model(str(noise), "noise")  # the noise first, as it always was
        return cls(noise=noise,
                   runs=num_arg(params, "runs", int, limits.DEFAULT_RUNS, 1, limits.MAX_RUNS),
                   seed=num_arg(params, "seed", int, 0, 0, limits.SEED_MAX))
