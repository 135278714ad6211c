"""The pure helpers every adapter shares: agents, skills, seeds, handicaps, the first run's
compile, and the stroke line printed while a game goes on.  No argparse here: the command
line's argument types stay in :mod:`russian_pyramid.commands._common`, which re-exports these names.

* :func:`agent_spec` -- an agent spec checked now (a bad name or option is bad input);
* :func:`noise_model` -- a skill (a name or a magnitude up to :data:`limits.MAX_SKILL`) as a
  noise model;
* :func:`handicap` -- R13's handicap from JSON inline, a file or ``-``;
* :func:`fresh_seed`, :func:`first_run`, :func:`log`;
* :func:`fmt_call`, :func:`stroke_line`, :func:`finite` -- text of a game going on.
"""
from __future__ import annotations

import math
import os
import sys

from ai.agent import ATTACK
from ai.noise import NoiseModel
from ai.registry import is_loaded_spec, make_agent
from ai.warmup import first_run as compile_kernels
from engine import jsonin
from engine.errors import EngineError, excerpt
from engine.handicap import Handicap, handicap_from_json

from ..errors import UserInputError
from ..io import read_text
from .limits import MAX_SKILL

FRESH_SEED_BYTES = 4  # a seed drawn for a game whose seed is not given: 0 .. 2**32 - 1


def agent_spec(spec: str, flag: str) -> str:
    """Check an agent spec now (a bad name or option is bad input, exit 2)."""
    try:
        make_agent(spec)
    except ValueError as exc:
        raise UserInputError(f"{flag} {excerpt(spec)}: {exc}") from None
    return spec


def noise_model(skill: str | float, flag: str) -> NoiseModel:
    """A skill flag (a name or a magnitude up to ai.registry.MAX_SKILL) as a noise model."""
    value: str | float = skill
    try:
        value = float(skill)
    except (TypeError, ValueError):
        pass
    if isinstance(value, float) and value > MAX_SKILL:
        raise UserInputError(f"{flag} {excerpt(skill)}: a skill magnitude is at most "
                             f"{MAX_SKILL:g} (4 is a beginner)")
    try:
        return NoiseModel.for_skill(value)
    except ValueError as exc:
        raise UserInputError(f"{flag} {excerpt(skill)}: {exc}") from None


def handicap(text: str | None) -> Handicap | None:
    """``--handicap``: a JSON object inline, a file, or ``-``."""
    if text is None:
        return None
    src = text.strip()
    if not src.startswith("{"):
        src = read_text(text, "--handicap")
    try:
        obj = jsonin.loads(src, source="--handicap")
    except jsonin.JsonInputError as exc:
        raise UserInputError(str(exc)) from None
    try:
        return handicap_from_json(obj)
    except EngineError as exc:
        raise UserInputError(f"--handicap: {exc}") from None


def handicap_file(text: str | None) -> str | None:
    """The file ``--handicap`` reads (an input of its command), or None: inline JSON or not
    given."""
    return None if text is None or text.strip().startswith("{") else text


def agent_file(spec: str | None) -> str | None:
    """The Python file an agent spec loads (``path/my_agent.py:Cls``: an input of its
    command), or None: a registered name, an installed one, a module."""
    if spec is None or not is_loaded_spec(spec):
        return None
    where = spec.partition(":")[0]
    return where if where.endswith(".py") else None


def fresh_seed() -> int:
    """A seed from the operating system's randomness (:data:`FRESH_SEED_BYTES` bytes)."""
    return int.from_bytes(os.urandom(FRESH_SEED_BYTES), "little")


def fmt_call(call) -> str:
    """A call (its JSON or a :class:`engine.Call`) in a few words: ``"3 in left-corner"``."""
    if call is None:
        return "no call"
    if isinstance(call, dict):
        ball, pocket, manner, via = (call.get("ball"), call.get("pocket"),
                                     call.get("manner"), call.get("via") or [])
        path = call.get("path") or []
    else:
        ball, pocket, manner, via = call.ball, call.pocket, call.manner, list(call.via)
        path = [link.to_json() for link in call.path]
    s = f"{ball} in {pocket}"
    if path:  # a call as a path (R5.1): its links in order
        return s + " (" + ", ".join(" ".join(filter(None, (link.get("manner"),
                                                            link.get("ball"))))
                                     for link in path) + ")"
    if manner and manner != "clean":
        s += f" ({manner}" + (f" via {','.join(via)}" if via else "") + ")"
    return s


def stroke_line(k: int, name: str, rec, decision=None) -> str:
    """One line per stroke: number, player, call, what fell, fouls, points, score."""
    o = rec.outcome
    fell = ", ".join(f"{b}>{p}" for b, p in o.pocketed) or "nothing"
    kind = "" if decision is None or decision.kind == ATTACK else f" [{decision.kind}]"
    if rec.strike is None:
        what = "tush"
    else:
        what = f"call {fmt_call(rec.call)}"
    parts = [f"{k:4d}. {name}{kind}: {what}; fell: {fell}"]
    if rec.fouls:
        parts.append("foul " + ",".join(rec.fouls))
    counted = o.counted
    if counted:
        parts.append("counted " + ",".join(counted))
    parts.append("points " + "/".join(f"{p:+d}" for p in rec.points))
    parts.append("score " + ":".join(str(s) for s in rec.scores_after))
    return "; ".join(parts)


def finite(x: float | None) -> float | None:
    """``x``, or None for a float that is not finite (JSON has no NaN)."""
    if isinstance(x, float) and not math.isfinite(x):
        return None
    return x


def first_run() -> None:
    """On a new machine, compile every kernel once before the real work (in two processes,
    :mod:`ai.warmup`), saying so on stderr; nothing on a warm cache."""
    compile_kernels(lambda line: log(f"pyramid: {line}"))


def log(msg: str) -> None:
    """A line on stderr, at once."""
    print(msg, file=sys.stderr, flush=True)
