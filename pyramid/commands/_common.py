"""Helpers shared by ``play``, ``tournament`` and ``analyze`` (agents, skills, seeds,
handicaps, the stroke line printed while a game goes on)."""
from __future__ import annotations

import math
import os
import sys

from engine import jsonin
from engine.errors import excerpt

from ..errors import UserInputError
from ..io import read_text


def agent_spec(spec: str, flag: str) -> str:
    """Check an agent spec now (a bad name or option is bad input, exit 2)."""
    from ai.registry import make_agent
    try:
        make_agent(spec)
    except ValueError as exc:
        raise UserInputError(f"{flag} {excerpt(spec)}: {exc}") from None
    return spec


def noise_model(skill: str | float, flag: str):
    """A skill flag (a name or a magnitude up to ai.registry.MAX_SKILL) as a noise model."""
    from ai.noise import NoiseModel
    from ai.registry import MAX_SKILL
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


def handicap(text: str | None):
    """``--handicap``: a JSON object inline, a file, or ``-``."""
    if text is None:
        return None
    from engine.errors import EngineError
    from engine.handicap import handicap_from_json
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


def positive_int(text: str) -> int:
    import argparse
    try:
        v = int(text) if len(text.strip()) <= 24 else 0  # a 5 000-digit string: refused
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {excerpt(text)}") \
            from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {excerpt(text)}")
    return v


SEED_MAX = 2 ** 64 - 1  # seeds are 64-bit (numpy's generators, the records' "seed")


def seed_int(text: str) -> int:
    """``--seed``: an integer from 0 to :data:`SEED_MAX` (argparse names the flag)."""
    import argparse
    why = f"must be an integer from 0 to {SEED_MAX}, got {excerpt(text)}"
    if len(text.strip()) > 24:  # int() of a 5 000-digit string is slow, then refused anyway
        raise argparse.ArgumentTypeError(why)
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(why) from None
    if not 0 <= v <= SEED_MAX:
        raise argparse.ArgumentTypeError(why)
    return v


def fresh_seed() -> int:
    return int.from_bytes(os.urandom(4), "little")


def fmt_call(call) -> str:
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
    fell = ", ".join(f"{p['ball']}>{p['pocket']}" for p in o.get("pocketed", [])) or "nothing"
    kind = "" if decision is None or decision.kind == "attack" else f" [{decision.kind}]"
    if rec.strike is None:
        what = "tush"
    else:
        what = f"call {fmt_call(rec.call)}"
    parts = [f"{k:4d}. {name}{kind}: {what}; fell: {fell}"]
    if rec.fouls:
        parts.append("foul " + ",".join(rec.fouls))
    counted = o.get("counted") or []
    if counted:
        parts.append("counted " + ",".join(counted))
    parts.append("points " + "/".join(f"{p:+d}" for p in rec.points))
    parts.append("score " + ":".join(str(s) for s in rec.scores_after))
    return "; ".join(parts)


def finite(x):
    if isinstance(x, float) and not math.isfinite(x):
        return None
    return x


def first_run() -> None:
    """On a new machine, compile every kernel once before the real work (in two processes,
    :mod:`ai.warmup`), saying so on stderr; nothing on a warm cache."""
    from ai.warmup import first_run as compile_kernels
    compile_kernels(lambda line: log(f"pyramid: {line}"))


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)
