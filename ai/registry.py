"""Agents by name, for the command line and tournaments.

An agent spec is ``NAME`` or ``NAME:key=value,key=value`` (e.g. ``mc:budget=400,skill=strong``).
Each entry maps a name to a factory taking the options as strings (and, for agents that
simulate, the process's simulator as ``simulator``).
"""
from __future__ import annotations

from typing import Callable

from sim import Simulator

from .agent import Agent
from .agents.greedy import GreedyAgent
from .agents.mc import MCAgent
from .agents.random_agent import RandomAgent


def _mc(name: str, budget: str | None = None):
    def factory(simulator: Simulator | None = None, **opts):
        opts.setdefault("name", name)
        if budget is not None:
            opts.setdefault("budget", budget)
        return MCAgent(simulator=simulator, **opts)
    return factory


FACTORIES: dict[str, Callable[..., Agent]] = {
    "random": lambda simulator=None, **opts: RandomAgent(**opts),
    "greedy": lambda simulator=None, **opts: GreedyAgent(**opts),  # best geometric pot
    "mc": _mc("mc"),  # Monte Carlo: budget=300 samples, time=SECONDS, skill=strong, ...
    "mc-fast": _mc("mc-fast", "120"),
    "mc-strong": _mc("mc-strong", "1200"),
}

# The default agent of ``pyramid play`` / ``pyramid analyze``: the first of these whose name is
# registered.  This is the one place to change it.  The budget is meant to make one default
# game take well under a minute on a 2-core machine.
DEFAULT_AGENT_PREFERENCE = ("mc", "greedy", "random")


def register(name: str, factory: Callable[..., Agent]) -> None:
    """Add an agent: ``factory(simulator=None, **options)`` returns it."""
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


def make_agent(spec: str, simulator: Simulator | None = None) -> Agent:
    """Build an agent from its spec; a clear ValueError names a bad name or option.
    ``simulator``: the process's simulator, for the agents that simulate (default: the
    shared one of the default table)."""
    name, opts = parse_spec(spec)
    if name not in FACTORIES:
        raise ValueError(f"unknown agent {name!r}; known: {', '.join(sorted(FACTORIES))}")
    if "simulator" in opts:
        raise ValueError(f"bad options for agent {name!r}: 'simulator' is not an option")
    try:
        return FACTORIES[name](simulator=simulator, **opts)
    except TypeError as exc:
        raise ValueError(f"bad options for agent {name!r}: {exc}") from None


def agent_names() -> list[str]:
    return sorted(FACTORIES)


def default_agent_spec() -> str:
    names = set(agent_names())
    for spec in DEFAULT_AGENT_PREFERENCE:
        if parse_spec(spec)[0] in names:
            return spec
    return "random"
