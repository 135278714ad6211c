"""Agents by name, for the command line and tournaments.

An agent spec is ``NAME`` or ``NAME:key=value,key=value`` (e.g. ``mc:budget=400,skill=strong``).
Each entry maps a name to a factory taking the options as strings.
"""
from __future__ import annotations

from typing import Callable

from .agent import Agent
from .agents.random_agent import RandomAgent


def _greedy(**opts):
    from .agents.greedy import GreedyAgent
    return GreedyAgent(**opts)


def _mc(**opts):
    from .agents.mc import MCAgent
    return MCAgent(**opts)


def _mc_fast(**opts):
    from .agents.mc import MCAgent
    opts.setdefault("budget", "120")
    opts.setdefault("name", "mc-fast")
    return MCAgent(**opts)


def _mc_strong(**opts):
    from .agents.mc import MCAgent
    opts.setdefault("budget", "1200")
    opts.setdefault("name", "mc-strong")
    return MCAgent(**opts)


FACTORIES: dict[str, Callable[..., Agent]] = {
    "random": lambda **opts: RandomAgent(**opts),
    "greedy": _greedy,  # best geometric pot, no sampling
    "mc": _mc,  # Monte Carlo: budget=300 samples, time=SECONDS, skill=strong, fouls, safeties
    "mc-fast": _mc_fast,
    "mc-strong": _mc_strong,
}


def register(name: str, factory: Callable[..., Agent]) -> None:
    FACTORIES[name] = factory


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    name, _, rest = spec.partition(":")
    opts = {}
    if rest:
        for part in rest.split(","):
            key, eq, value = part.partition("=")
            if not eq or not key:
                raise ValueError(f"agent option {part!r} in {spec!r} must be key=value")
            opts[key.strip()] = value.strip()
    return name.strip(), opts


def make_agent(spec: str) -> Agent:
    """Build an agent from its spec; a clear ValueError names a bad name or option."""
    name, opts = parse_spec(spec)
    if name not in FACTORIES:
        raise ValueError(f"unknown agent {name!r}; known: {', '.join(sorted(FACTORIES))}")
    try:
        return FACTORIES[name](**opts)
    except TypeError as exc:
        raise ValueError(f"bad options for agent {name!r}: {exc}") from None


def agent_names() -> list[str]:
    return sorted(FACTORIES)
