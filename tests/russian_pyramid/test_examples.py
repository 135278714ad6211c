"""russian_pyramid.examples (issue 52 item 5): the shipped example files, their catalog and
``python -m russian_pyramid.examples``.  That they come with the wheel:
tests/packaging/test_wheel.py."""
from __future__ import annotations

import json
import sys

import pytest

from engine import GameState
from russian_pyramid.examples import EXAMPLES, HERE, names, path
from russian_pyramid.examples.__main__ import main

from ..cli.clihelp import ROOT


def test_the_catalog_names_every_shipped_file_and_only_those():
    shipped = {p.name for p in HERE.iterdir() if p.is_file() and p.suffix != ".pyc"}
    shipped -= {"__init__.py", "__main__.py"}
    assert {e.file for e in EXAMPLES.values()} == shipped
    assert len(EXAMPLES) == len(shipped)  # one name a file
    for e in EXAMPLES.values():
        assert path(e.name) == e.path and e.path.is_file()
    assert names("suggest")[0] == "open" and set(names("score")) == {"pot", "foul", "miss"}
    assert names("simulate") == ("break", "cut") and names("analyze") == ("session",)


def test_the_position_examples_are_states_the_rules_accept():
    for command in ("suggest", "score"):
        for name in names(command):
            doc = json.loads(path(name).read_text(encoding="utf-8"))
            doc.pop("stroke", None)
            GameState.from_json(doc)  # a malformed state raises, naming the field


@pytest.mark.skipif(sys.version_info < (3, 11), reason="tomllib is Python 3.11's")
def test_pyproject_ships_every_kind_of_example_file():
    import tomllib
    doc = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = doc["tool"]["setuptools"]["package-data"]["russian_pyramid.examples"]
    assert {f".{g.split('.')[-1]}" for g in globs} >= {path(n).suffix for n in EXAMPLES} - {".py"}


def test_the_module_lists_prints_and_locates(capsys):
    assert main([]) == 0
    listing = capsys.readouterr().out.splitlines()
    assert len(listing) == len(EXAMPLES) and listing[0].startswith("open ")
    assert "pyramid suggest" in listing[0] and "suggest_open.json" in listing[0]
    assert main(["cut"]) == 0
    assert capsys.readouterr().out == path("cut").read_text(encoding="utf-8")
    assert main(["session", "--path"]) == 0
    assert capsys.readouterr().out == f"{path('session')}\n"
    assert main(["no-such-example"]) == 2
    err = capsys.readouterr().err
    assert "no example 'no-such-example'" in err and "open, foul-tush" in err
