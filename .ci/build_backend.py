"""The build backend (``pyproject.toml``'s ``build-backend``): setuptools' own, plus the commit.

Before setuptools builds a wheel or an sdist, the commit checked out here is written to
``engine/build.json`` (:func:`engine.version.write_build_file`), which both carry as package
data, so that an installed wheel's ``pyramid --version`` and the records it writes name the
commit it was built from.  A tree that is no checkout (an unpacked sdist, a copy) keeps the
file it came with, or has none: the commit is then "unknown".  An editable install
(``make venv``) writes nothing: it reads the checkout's commit as it runs.

Only the standard library and setuptools: :mod:`engine.version` is loaded by its path, not
imported (nothing is installed yet).  This file ships in the sdist (``MANIFEST.in``).
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403  (every hook not redefined below)

ROOT = Path(__file__).resolve().parents[1]


def _version_module():
    spec = importlib.util.spec_from_file_location("_pyramid_version", ROOT / "engine" / "version.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _record_commit() -> None:
    version = _version_module()
    sha = version.git_commit(ROOT)
    if sha is not None:
        version.write_build_file(sha, ROOT / "engine" / "build.json")


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    _record_commit()
    return _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)


def build_sdist(sdist_directory, config_settings=None):
    _record_commit()
    return _setuptools.build_sdist(sdist_directory, config_settings)
