"""``--example NAME`` (issue 52 item 5): suggest, simulate, score and analyze read a shipped
example by its name, from any folder, the same as its file; the names are in --help; a name
and a file together, neither, or an unknown name exit 2."""
from __future__ import annotations

import json
import os

import pytest

from russian_pyramid.cli import main
from russian_pyramid.examples import names, path


@pytest.fixture
def elsewhere(tmp_path):
    """An empty folder to run in (the examples come with the program, not from the cwd)."""
    here = os.getcwd()
    os.chdir(tmp_path)
    yield tmp_path
    os.chdir(here)


def _json(capsys, argv) -> dict:
    assert main(argv) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("command, name, more", [
    ("score", "pot", []), ("score", "foul", []), ("simulate", "cut", []),
    ("suggest", "open", ["--top", "1", "--budget", "40", "--line", "1"]),
])
def test_an_example_reads_as_its_file_from_any_folder(capsys, elsewhere, command, name, more):
    by_name = _json(capsys, [command, "--example", name, "--json", *more])
    by_file = _json(capsys, [command, str(path(name)), "--json", *more])
    by_name.pop("elapsed_s", None), by_file.pop("elapsed_s", None)
    assert by_name == by_file
    assert list(elsewhere.iterdir()) == []


def test_analyze_takes_the_shipped_record(capsys, elsewhere):
    doc = _json(capsys, ["analyze", "--example", "session", "--json"])
    assert doc["human"] is True and doc["record"] == str(path("session"))


def test_help_lists_the_names_and_bad_choices_exit_2(capsys):
    for command in ("suggest", "simulate", "score", "analyze"):
        assert main([command, "--help"]) == 0
        shown = " ".join(capsys.readouterr().out.split())  # argparse wraps the help
        assert ", ".join(names(command)) in shown, (command, shown)
    assert main(["suggest", "--example", "nope"]) == 2
    assert "invalid choice: 'nope'" in capsys.readouterr().err
    assert main(["suggest", "--example", "pot"]) == 2  # a score example, not a position
    capsys.readouterr()


@pytest.mark.parametrize("argv, words", [
    (["suggest"], "give STATE.json (- for stdin) or --example NAME"),
    (["simulate"], "give SHOT.json (- for stdin) or --example NAME"),
    (["analyze"], "give RECORD.jsonl (- for stdin) or --example NAME"),
    (["score"], "give STATE.json (- for stdin), --example NAME or --session"),
    (["score", "x.json", "--example", "pot"], "give STATE.json or --example pot, not both"),
    (["simulate", "--example", "cut", "--batch"], "--batch reads JSON Lines"),
])
def test_neither_or_both_is_refused_naming_the_choice(capsys, argv, words):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
