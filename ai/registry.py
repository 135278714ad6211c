"""Agents by name, for the command line and tournaments.

An agent spec is ``NAME`` or ``NAME:key=value,key=value`` (e.g. ``mc:budget=400,skill=strong``).
Each entry maps a name to a factory taking the options as strings (and, for agents that
simulate, the process's simulator as ``simulator``).

Agents of your own (docs/AGENTS.md) are named by where they live, with options after a second
colon: ``path/to/my_agent.py:MyAgent``, ``package.module:MyAgent:depth=2``; installed packages
can also offer names through the entry-point group ``pyramid.agents``.  Only the spec travels
to parallel workers, which load the agent themselves, so every backend works alike.
"""
from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import sys
from importlib.metadata import entry_points
from pathlib import Path
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


ENTRY_POINT_GROUP = "pyramid.agents"  # [project.entry-points."pyramid.agents"] name = "mod:Class"


def is_loaded_spec(spec: str) -> bool:
    """``where:Class[:options]``: an agent from a file (``.py``) or a module (dotted), not a
    registered name (whose part after the colon is ``key=value`` options)."""
    where, _, rest = spec.partition(":")
    cls_name = rest.partition(":")[0]
    return (where.endswith(".py") or "/" in where or "." in where) and cls_name.isidentifier()


def _module_of(where: str):
    if where.endswith(".py"):
        path = Path(where).resolve()
        if not path.is_file():
            raise ValueError(f"agent file {where!r} does not exist")
        # one module per file, named by its path, so two files called agent.py do not collide
        name = "pyramid_agent_" + hashlib.sha1(str(path).encode()).hexdigest()[:12]
        if name not in sys.modules:
            spec = importlib.util.spec_from_file_location(name, path)
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            try:
                spec.loader.exec_module(module)
            except Exception as exc:
                del sys.modules[name]
                raise ValueError(f"agent file {where!r} failed to load: "
                                 f"{type(exc).__name__}: {exc}") from None
        return sys.modules[name]
    try:
        return importlib.import_module(where)
    except ImportError as exc:
        raise ValueError(f"agent module {where!r} cannot be imported: {exc}") from None


def _build(factory: Callable[..., Agent], label: str, simulator, opts: dict) -> Agent:
    """Call a loaded class or factory with the options, and the simulator if it takes one."""
    try:
        takes = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        takes = {}
    kwargs = dict(opts)
    if "simulator" in takes:
        kwargs["simulator"] = simulator
    try:
        agent = factory(**kwargs)
    except TypeError as exc:
        raise ValueError(f"bad options for agent {label!r}: {exc}") from None
    if not (isinstance(getattr(agent, "name", None), str) and callable(getattr(agent, "decide",
                                                                                None))):
        raise ValueError(f"{label!r} is not an agent: it needs a name (str) and "
                         f"decide(state, rng) (docs/AGENTS.md)")
    return agent


def _entry_point(name: str):
    found = entry_points(group=ENTRY_POINT_GROUP, name=name)
    for ep in found:
        try:
            return ep.load()
        except Exception as exc:
            raise ValueError(f"agent {name!r} of entry point {ep.value!r} failed to load: "
                             f"{type(exc).__name__}: {exc}") from None
    return None


def make_agent(spec: str, simulator: Simulator | None = None) -> Agent:
    """Build an agent from its spec; a clear ValueError names a bad name or option.
    ``simulator``: the process's simulator, for the agents that simulate (default: the
    shared one of the default table)."""
    if is_loaded_spec(spec):
        where, _, rest = spec.partition(":")
        cls_name, _, options = rest.partition(":")
        _, opts = parse_spec("x:" + options) if options else ("", {})
        module = _module_of(where)
        if not hasattr(module, cls_name):
            raise ValueError(f"{where!r} has no {cls_name!r}")
        return _build(getattr(module, cls_name), spec, simulator, opts)
    name, opts = parse_spec(spec)
    if "simulator" in opts:
        raise ValueError(f"bad options for agent {name!r}: 'simulator' is not an option")
    if name not in FACTORIES:
        factory = _entry_point(name)
        if factory is None:
            raise ValueError(f"unknown agent {name!r}; known: {', '.join(agent_names())}, or "
                             f"path/to/file.py:Class, or package.module:Class")
        return _build(factory, name, simulator, opts)
    try:
        return FACTORIES[name](simulator=simulator, **opts)
    except TypeError as exc:
        raise ValueError(f"bad options for agent {name!r}: {exc}") from None


def agent_names() -> list[str]:
    """Registered names and those installed packages offer (entry points)."""
    return sorted(set(FACTORIES) | {ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)})


def default_agent_spec() -> str:
    names = set(agent_names())
    for spec in DEFAULT_AGENT_PREFERENCE:
        if parse_spec(spec)[0] in names:
            return spec
    return "random"
