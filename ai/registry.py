"""Agents by name, for the command line and tournaments.

An agent spec is ``NAME`` or ``NAME:key=value,key=value`` (e.g. ``mc:budget=400,skill=strong``).
Each entry maps a name to a factory taking the options as strings (and, for agents that
simulate, the process's simulator as ``simulator``); an agent of one's own takes a value written
as JSON (a number, ``[list]``, ``{object}``) as that value (:func:`option_values`).

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
import json
import re
import sys
from dataclasses import FrozenInstanceError
from importlib.metadata import entry_points
from pathlib import Path
from typing import Callable

from sim import Simulator

from .agent import Agent
from .agents.greedy import GreedyAgent
from .agents.mc import MAX_LOOK, MCAgent
from .agents.random_agent import RandomAgent
from .calibrate.fitted import warn_if_mismatched
from .noise import SKILLS
from .options import ChoiceOption, FileOption, NameOption, NumberOption, Option, cut_repr
from .value import VALUES


# The options each built-in agent takes and their ranges; a spec with any other option, or a
# value outside its range, is refused naming it (``mc:budget=-5`` once meant no search).
# The upper ends are far above any useful setting and keep one decision below hours.
MAX_SKILL = 100.0  # noise magnitude: 4 is a beginner; 100 is noise larger than the table
_SKILL = NumberOption(float, 0.0, MAX_SKILL, words=tuple(SKILLS))
_SWITCH = NumberOption(int, 0, 1)  # an on/off option: 0 or 1
MC_OPTIONS = {
    "name": NameOption(),
    "budget": NumberOption(int, 1, 1_000_000),  # samples per decision (300 by default)
    "time": NumberOption(float, 0.0, 3600.0, words=("none", ""), low_open=True),  # seconds
    "skill": _SKILL,
    "placements": NumberOption(int, 0, 50),  # spots from hand searched (2 by default)
    "shots": NumberOption(int, 1, 100),  # clean pots refined per spot (6 by default)
    "fouls": _SWITCH, "safeties": _SWITCH, "opening": _SWITCH,
    "value": ChoiceOption(tuple(VALUES)),  # the position value (learned by default)
    # the learned value's weights from a file of python -m ai.calibrate.value (a fit of one's
    # own, e.g. at a level of play: ai.calibrate.selfplay --skill)
    "weights": FileOption(".json"),
    "plan": NumberOption(int, 0, 10_000),  # second-level samples per leading stroke (0: off)
    "look": NumberOption(int, 0, MAX_LOOK),  # look-ahead depth over the leaves (0: off)
    "position": NumberOption(int, 0, 20),  # leading pots given position variants (0: off)
    "stalls": _SWITCH,  # a long battle without points valued as a draw (on)
    "crn": _SWITCH,  # common random numbers: the k-th sample of every stroke, the same noise
    "fresh": NumberOption(int, 0, 10_000),  # fresh samples of each shown stroke (advice; 64)
    "scan": NumberOption(int, 3, 401),  # refinement scan's directions (41: fine, the default)
    "cut": NumberOption(float, 0.0, 1.0),  # hopeless pots dropped unrefined (share of best)
    "screen": ChoiceOption(("3", "5")),  # contact fractions a ball in the screen (5: fine)
}
OPTIONS: dict[str, dict[str, Option]] = {
    "random": {"name": NameOption()},
    "greedy": {"name": NameOption(), "skill": _SKILL},
    "mc": MC_OPTIONS, "mc-fast": MC_OPTIONS, "mc-strong": MC_OPTIONS, "mc-base": MC_OPTIONS,
    "mc-2": MC_OPTIONS,
}


def _mc(name: str, budget: str | None = None, **pinned: str):
    def factory(simulator: Simulator | None = None, **opts):
        opts.setdefault("name", name)
        if budget is not None:
            opts.setdefault("budget", budget)
        for key, value in pinned.items():
            opts.setdefault(key, value)
        return MCAgent(simulator=simulator, **opts)
    return factory


# The baseline every stronger player is measured against: the MC agent as it was at commit
# bd01126 (the race value, 300 samples), every option pinned so that a change of the defaults
# does not move it.  Its play is kept stroke for stroke by tests/ai/test_golden.py.
MC_BASE = {"budget": "300", "time": "none", "skill": "strong", "placements": "2", "shots": "6",
           "fouls": "1", "safeties": "1", "opening": "1", "value": "race", "plan": "0",
           "look": "0", "stalls": "0", "position": "0", "crn": "0",
           "scan": "41", "cut": "0", "screen": "5"}  # the fine scan and screen (as at bd01126)


# The opponent every change of issue 29 is measured against: the default MC agent as it was
# when that issue began (learned value, 300 samples, deliberate fouls, safeties, the break
# search, stalls valued as draws), every option pinned and its value's weights frozen
# (``value=learned-mc2``: copies of the weight files, ai/value/__init__.py).  Its play is kept
# stroke for stroke by tests/ai/test_golden.py.
MC_2 = {"budget": "300", "time": "none", "skill": "strong", "placements": "2", "shots": "6",
        "fouls": "1", "safeties": "1", "opening": "1", "value": "learned-mc2", "plan": "0",
        "look": "0", "stalls": "1", "position": "0", "crn": "0",
        "fresh": "0",  # its advice as when frozen: the search's own figures (ai/search/fresh.py)
        "scan": "41", "cut": "0", "screen": "5",  # its candidates as when frozen
        "weights": ""}  # no file: its value's own frozen weights


STRONG_BUDGET = "3000"

FACTORIES: dict[str, Callable[..., Agent]] = {
    "random": lambda simulator=None, **opts: RandomAgent(**opts),
    "greedy": lambda simulator=None, **opts: GreedyAgent(**opts),  # best geometric pot
    "mc": _mc("mc"),  # Monte Carlo: budget=300 samples, time=SECONDS, skill=strong, ...
    "mc-fast": _mc("mc-fast", "120"),
    # The slow strong setting (issue 29's ladder, "3x the time"): the decision's time grows
    # slower than its samples (proposing and refining cost the same at any budget); on 20
    # benchmark positions 1 200 samples took 1.7x and 2 400 took 2.6x the time of 300, so
    # 3 000 is about 3x.  The ladder's pair with mc-2 measures the ratio it really took.
    "mc-strong": _mc("mc-strong", STRONG_BUDGET),
    "mc-base": _mc("mc-base", **MC_BASE),  # the frozen baseline (above)
    "mc-2": _mc("mc-2", **MC_2),  # the default of issue 29's start, frozen (above)
}

# The default agent of ``pyramid play`` / ``pyramid analyze``: the first of these whose name is
# registered.  This is the one place to change it.  The budget is meant to make one default
# game take well under a minute on a 2-core machine.
DEFAULT_AGENT_PREFERENCE = ("mc", "greedy", "random")


def register(name: str, factory: Callable[..., Agent],
             options: dict[str, Option] | None = None) -> None:
    """Add an agent: ``factory(simulator=None, **options)`` returns it; ``options``, if
    given, are the options it takes and their ranges (otherwise the factory checks them)."""
    FACTORIES[name] = factory
    if options is not None:
        OPTIONS[name] = options
    else:
        OPTIONS.pop(name, None)


def check_options(name: str, opts: dict[str, str]) -> None:
    """Each option of agent ``name`` known and in its range, or ValueError naming it."""
    schema = OPTIONS.get(name)
    if schema is None:
        return
    for key, value in opts.items():
        if key not in schema:
            raise ValueError(f"agent {name!r} has no option {cut_repr(key)}; its options: "
                             f"{', '.join(sorted(schema))}")
        schema[key].check(name, key, value)


def split_options(text: str) -> list[str]:
    """``key=value,key=value`` cut at the commas outside brackets, so that a JSON list or
    object may be a value (``weights=[0.5,1],depth=2``)."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth = max(depth - 1, 0)
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def with_skill(spec: str, magnitude: float) -> str:
    """``spec`` with ``skill=magnitude`` added unless it names a skill already (an agent that
    believes the noise it plays with, where no match tells it)."""
    name, opts = parse_spec(spec)
    if "skill" in opts:
        return spec
    return f"{spec}{',' if ':' in spec else ':'}skill={magnitude:g}"


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``NAME:key=value,...`` -> (NAME, {key: value}), the values as written (strings)."""
    name, _, rest = spec.partition(":")
    opts = {}
    if rest:
        for part in split_options(rest):
            key, eq, value = part.partition("=")
            if not eq or not key:
                raise ValueError(f"agent option {cut_repr(part)} in {cut_repr(spec)} must be "
                                 f"key=value")
            if key.strip() in opts:
                raise ValueError(f"agent option {cut_repr(key.strip())} is given twice in "
                                 f"{cut_repr(spec)}")
            opts[key.strip()] = value.strip()
    return name.strip(), opts


NUMBER = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?")  # a JSON number


def option_values(label: str, opts: dict[str, str]) -> dict[str, object]:
    """The options of an agent of one's own (a file, a module, an entry point) as it takes
    them: a value written as a JSON number, list or object is given as that (``depth=2`` is
    2, ``weights=[0.5,1]`` a list), anything else, and ``name``, as its string."""
    out: dict[str, object] = {}
    for key, value in opts.items():
        if key != "name" and (value[:1] in "[{" and value or NUMBER.fullmatch(value)):
            try:
                out[key] = json.loads(value)
            except ValueError as exc:
                raise ValueError(f"agent {cut_repr(label)}: option {key}={cut_repr(value)} is not "
                                 f"JSON: {exc}") from None
        else:
            out[key] = value
    return out


ENTRY_POINT_GROUP = "pyramid.agents"  # [project.entry-points."pyramid.agents"] name = "mod:Class"


def is_loaded_spec(spec: str) -> bool:
    """``where:Class[:options]``: an agent from a file (``.py``) or a module (dotted), not a
    registered name (whose part after the colon is ``key=value`` options)."""
    where, _, rest = spec.partition(":")
    cls_name = rest.partition(":")[0]
    return (where.endswith(".py") or "/" in where or "." in where) and cls_name.isidentifier()


def label(spec: str, width: int = 24) -> str:
    """A spec as a table label of at most ``width`` characters: the agent's ``name=`` when the
    spec gives one, else the spec with an agent from a file by its file name
    (``my_agent.py:EasiestPot``, not the whole path).  A longer one is cut in the middle so that
    its options stay (``my_agent.py...:budget=10``: two settings of one agent read apart),
    or at the end when the options alone are too long.  Results files and JSON keep the spec
    whole; :func:`labels` makes the labels of one table distinct."""
    where, colon, rest = spec.partition(":")
    name = _name_option(spec)
    if name is not None:
        text = name
    else:
        if "/" in where:
            where = where.rsplit("/", 1)[1]
        text = where + colon + rest
    if len(text) <= width:
        return text
    head, options = _head_and_options(text) if name is None else (text, "")
    keep = width - len(options) - 3
    if options and keep >= MIN_LABEL_HEAD:
        return head[:keep] + "..." + options
    return text[:width - 3] + "..."


MIN_LABEL_HEAD = 6  # characters of the agent's name kept before "..." and the options


def _head_and_options(text: str) -> tuple[str, str]:
    """``my_agent.py:Cls:budget=10`` -> (``my_agent.py:Cls``, ``:budget=10``); a registered
    name's options (``mc:budget=400``) likewise."""
    parts = text.split(":")
    for k in range(1, len(parts)):
        if "=" in parts[k]:
            return ":".join(parts[:k]), ":" + ":".join(parts[k:])
    return text, ""


def _name_option(spec: str) -> str | None:
    """The ``name=`` a spec gives its agent, or None."""
    options = spec.rsplit(":", 1)[1] if ":" in spec else ""
    for part in split_options(options):
        key, eq, value = part.partition("=")
        if eq and key.strip() == "name" and value.strip():
            return value.strip()
    return None


def labels(specs, width: int = 24) -> list[str]:
    """:func:`label` of each spec, made distinct within the list: a label two specs share
    ends in ``#k`` (k counting them in order), still within ``width``."""
    out = [label(s, width) for s in specs]
    for text in set(out):
        same = [i for i, t in enumerate(out) if t == text]
        if len(same) > 1 and len({specs[i] for i in same}) > 1:
            for k, i in enumerate(same, start=1):
                tag = f"#{k}"
                out[i] = (text if len(text) + len(tag) + 1 <= width
                          else text[:width - len(tag) - 4] + "...") + " " + tag
    return out


def _module_of(where: str):
    if where.endswith(".py"):
        try:
            path = Path(where).resolve()
            found = path.is_file()
        except OSError as exc:  # a name too long, a folder that cannot be entered
            raise ValueError(f"agent file {where!r} cannot be read: {exc.strerror}") from None
        if not found:
            raise ValueError(f"agent file {where!r} does not exist")
        # one module per file, named by its path, so two files called agent.py do not collide
        name = "pyramid_agent_" + hashlib.sha1(str(path).encode()).hexdigest()[:12]
        if name not in sys.modules:
            _load_file(name, path, where)
        return sys.modules[name]
    try:
        return importlib.import_module(where)
    except ImportError as exc:
        raise ValueError(f"agent module {where!r} cannot be imported: {exc}") from None


def _load_file(name: str, path: Path, where: str) -> None:
    """Run the agent file ``path`` as module ``name``, its folder first on ``sys.path`` while
    it loads (it may import the modules beside it), then ``sys.path`` as it was.  Only a file
    the user names is loaded so: a results file's specs run code only with --trust-agents
    (russian_pyramid.app.tournament_replay)."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    folder = str(path.parent)
    before = sys.path.count(folder)
    sys.path.insert(0, folder)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        del sys.modules[name]
        raise ValueError(f"agent file {where!r} failed to load: "
                         f"{type(exc).__name__}: {exc}") from None
    finally:
        if sys.path.count(folder) > before:
            sys.path.remove(folder)


def _build(factory: Callable[..., Agent], label: str, simulator, opts: dict) -> Agent:
    """Call a loaded class or factory with the options, and the simulator if it takes one.
    ``name=`` is for any agent: checked, and given to the factory if it takes it, else set
    on the agent it returns (:func:`_named`)."""
    try:
        takes = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        takes = {}
    kwargs = dict(opts)
    name = None
    if "name" in kwargs:
        NameOption().check(label, "name", kwargs["name"])
        any_keyword = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in takes.values())
        if "name" not in takes and not any_keyword:
            name = kwargs.pop("name")
    if "simulator" in takes:
        kwargs["simulator"] = simulator
    try:
        agent = factory(**kwargs)
    except TypeError as exc:
        raise ValueError(f"bad options for agent {label!r}: {exc}") from None
    except Exception as exc:  # noqa: BLE001 -- the agent's own code failed: said, not a traceback
        raise ValueError(f"agent {label!r} failed to start: {type(exc).__name__}: "
                         f"{exc}") from None
    if not (isinstance(getattr(agent, "name", None), str) and callable(getattr(agent, "decide",
                                                                                None))):
        raise ValueError(f"{label!r} is not an agent: it needs a name (str) and "
                         f"decide(state, rng) (docs/AGENTS.md)")
    return agent if name is None else _named(agent, name)


class NamedAgent:
    """An agent under another name, for an agent whose ``name`` cannot be set (a property, a
    frozen dataclass, ``__slots__``): ``decide`` and everything else are the agent's."""

    def __init__(self, agent: Agent, name: str):
        self.agent = agent
        self.name = name

    def decide(self, state, rng):
        return self.agent.decide(state, rng)

    def __getattr__(self, attr):
        return getattr(self.agent, attr)


def _named(agent: Agent, name: str) -> Agent:
    """``agent`` called ``name``: its own attribute set, else wrapped in :class:`NamedAgent`."""
    try:
        agent.name = name
    except (AttributeError, TypeError, FrozenInstanceError):
        return NamedAgent(agent, name)
    return agent if agent.name == name else NamedAgent(agent, name)


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
    shared one of the default table).  An agent (other than the random one) built on a
    simulator whose table or physics the AI's calibrations were not fitted for warns
    (:class:`ai.calibrate.provenance.CalibrationMismatch`, ai/calibrate/fitted.py)."""
    agent = _make_agent(spec, simulator)
    if simulator is not None and not isinstance(agent, RandomAgent):
        warn_if_mismatched(simulator, stacklevel=2)
    return agent


def _make_agent(spec: str, simulator: Simulator | None) -> Agent:
    if is_loaded_spec(spec):
        where, _, rest = spec.partition(":")
        cls_name, _, options = rest.partition(":")
        _, opts = parse_spec("x:" + options) if options else ("", {})
        values = option_values(spec, opts)
        module = _module_of(where)
        if not hasattr(module, cls_name):
            raise ValueError(f"{where!r} has no {cls_name!r}")
        return _build(getattr(module, cls_name), spec, simulator, values)
    name, opts = parse_spec(spec)
    if "simulator" in opts:
        raise ValueError(f"bad options for agent {name!r}: 'simulator' is not an option")
    if name not in FACTORIES:
        factory = _entry_point(name)
        if factory is None:
            raise ValueError(f"unknown agent {cut_repr(name)}; known: {', '.join(agent_names())}, "
                             f"or path/to/file.py:Class, or package.module:Class")
        return _build(factory, name, simulator, option_values(name, opts))
    check_options(name, opts)
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
