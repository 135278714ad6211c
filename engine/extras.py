"""The optional parts of the installation (``pyproject.toml``'s extras): which imports each one
provides, whether they are installed, and what to tell a user who lacks one.

The core -- the simulator, the rules, the AI and the commands ``play``, ``suggest``, ``score``,
``simulate``, ``analyze``, ``engine`` and ``tournament`` in text and JSON -- needs numpy, numba
and joblib only.  The rest is an extra, :data:`EXTRAS`; ``[all]`` is every one of them but ``learn-rl``.

Nothing here imports an optional package: :func:`missing` asks :func:`importlib.util.find_spec`
where it would be found.  A module that uses an optional package imports it at its top, and is
itself loaded only behind a door that calls :func:`require` first, so that a missing extra
is said in words (exit status 2 on the command line) and never as a traceback:

* ``board``: :mod:`russian_pyramid.commands.board` loads :mod:`russian_pyramid.board` when run;
* ``photo``: :func:`russian_pyramid.photo.imaging.cv2` (``pyramid photo``, the board's photo);
* ``plots``: :mod:`russian_pyramid.pictures` (``--png`` and the graphs), checked by each
  command before its work starts;
* ``cluster``: :func:`ai.games.parallel.workers` (``--backend dask``);
* ``learn``: :mod:`ai.calibrate.trees` (``--learners gbm``);
* ``env`` (:mod:`ai.env`) works without Gymnasium, as a plain class; ``crosscheck`` (pymunk)
  is used by the tests only (``tests/sim/test_pymunk_crosscheck.py`` skips without it);
* ``learn-rl`` (sb3-contrib, torch) is used by ``examples/learn_maskable_ppo.py`` only, and is
  the one extra ``[all]`` leaves out (:attr:`Extra.in_all`).

tests/engine/test_extras.py checks that this table and ``pyproject.toml`` name the same extras
and that every optional import of the packages belongs to one; tests/cli/test_without_extras.py
runs the command line with every optional package hidden, tests/packaging/test_wheel.py the
core installed alone from the wheel.
"""
from __future__ import annotations

import importlib.util
import shlex
import sys
from dataclasses import dataclass

from .errors import EngineError
from .version import DISTRIBUTION, ROOT, git_commit

ALL = "all"  # the extra that installs every other one


@dataclass(frozen=True)
class Extra:
    """One extra: its name in ``pip install 'russian-pyramid[NAME]'``, the top-level modules it
    provides (import names, as :func:`importlib.util.find_spec` takes them) and what needs it."""
    name: str
    modules: tuple[str, ...]
    needed_by: str
    in_all: bool = True  # installed by [all] (and so by ``make venv`` and CI)


EXTRAS = {e.name: e for e in (
    Extra("board", ("starlette", "uvicorn", "h11", "segno"),
          "pyramid board, the analysis board in the browser"),
    Extra("photo", ("cv2",), "pyramid photo and the board's photo of the table (OpenCV)"),
    Extra("plots", ("matplotlib",),
          "the pictures: --png, --png-dir and analyze's graphs (matplotlib)"),
    Extra("crosscheck", ("pymunk",), "the cross-check of the physics against pymunk (tests)"),
    Extra("cluster", ("dask", "distributed"), "tournaments on a Dask cluster (--backend dask)"),
    Extra("env", ("gymnasium", "pettingzoo"),
          "ai.env.PyramidEnv as a Gymnasium environment, ai.env.aec_env (PettingZoo)"),
    Extra("learn", ("sklearn",), "the learning curves' gradient-boosted trees (scikit-learn)"),
    # torch is gigabytes from the registry: not in [all], so neither CI nor ``make venv``
    # installs it (issue 58 item 5)
    Extra("learn-rl", ("sb3_contrib", "stable_baselines3", "torch"),
          "examples/learn_maskable_ppo.py: MaskablePPO on ai.env's Discrete wrapper",
          in_all=False),
)}


class MissingExtra(EngineError):
    """Something asked for needs an extra that is not installed; the message names the extra,
    the modules missing and the command that installs it (exit status 2, no traceback)."""

    def __init__(self, extra: str, what: str, absent: tuple[str, ...]) -> None:
        self.extra, self.absent = extra, absent
        super().__init__(f"{what} needs the [{extra}] extra, which is not installed "
                         f"(no {', '.join(absent)}); install it with: {install_command(extra)}")


def _importable(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a broken package, or one without a spec
        return False


def missing(extra: str) -> tuple[str, ...]:
    """The modules of ``extra`` that cannot be imported here (none: it is installed)."""
    return tuple(m for m in EXTRAS[extra].modules if not _importable(m))


def available(extra: str) -> bool:
    """Every module of ``extra`` can be imported."""
    return not missing(extra)


def install_command(extra: str) -> str:
    """The command that installs ``extra`` into the environment running: from this source
    tree when run from a checkout (``pip install -e``), else by the distribution's name,
    which pip resolves against the installed wheel."""
    pip = f"{shlex.quote(sys.executable)} -m pip install"
    if git_commit(ROOT) is not None or (ROOT / "pyproject.toml").is_file():
        return f"{pip} -e {shlex.quote(f'{ROOT}[{extra}]')}"
    return f"{pip} {shlex.quote(f'{DISTRIBUTION}[{extra}]')}"


def require(extra: str, what: str) -> None:
    """Nothing when ``extra`` is installed; else :class:`MissingExtra`, ``what`` naming what
    needs it (``"pyramid board"``, ``"--png"``)."""
    absent = missing(extra)
    if absent:
        raise MissingExtra(extra, what, absent)
