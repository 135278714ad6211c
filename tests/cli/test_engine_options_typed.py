"""pyramid engine: options typed strictly (issue 23, item 2): an integer option is a JSON
integer (not true, 2.9, 2.0 or "3"), a number option a JSON number; the answer names the
option, the engine goes on."""
from __future__ import annotations

import io
import json
import re

import pytest

from russian_pyramid.app.options import SimulateOptions, SuggestOptions
from russian_pyramid.commands.engine import COMMAND_OPTIONS, serve

from .clihelp import ROOT


def talk(lines):
    out = io.StringIO()
    serve(io.StringIO("".join(json.dumps(x) + "\n" for x in lines)), out)
    return [json.loads(line) for line in out.getvalue().splitlines()][1:]


@pytest.mark.parametrize("cmd, key, value, shown", [
    ("suggest", "top", True, "true"), ("suggest", "top", "3", '"3"'),
    ("suggest", "top", 2.9, "2.9"), ("suggest", "top", 2.0, "2.0"),
    ("suggest", "budget", False, "false"), ("suggest", "seed", 1.5, "1.5"),
    ("suggest", "time_budget", "0.5", '"0.5"'), ("suggest", "time_budget", True, "true"),
    ("suggest", "skill", [1], "[1]"), ("simulate", "seed", 1.5, "1.5"),
    ("simulate", "runs", "5", '"5"'), ("simulate", "noise", {"a": 1}, '{"a": 1}'),
])
def test_an_option_of_the_wrong_type_is_refused_naming_it(cmd, key, value, shown):
    answers = talk([{"id": 1, "cmd": cmd, "body": {}, "options": {key: value}},
                    {"id": 2, "cmd": "health"}])
    assert answers[0]["ok"] is False
    assert answers[0]["error"].startswith(f"options.{key} = {shown} must be"), answers[0]
    assert answers[1]["ok"] is True


@pytest.mark.parametrize("cmd, key, known", [
    ("suggest", "topp", "its options: top, skill, budget, seed, time_budget, lang, line"),
    ("simulate", "top", "its options: noise, runs, seed"),
    ("check", "lang", "it takes none"), ("score", "seed", "it takes none"),
])
def test_an_unknown_option_is_refused_naming_it_and_the_known_ones(cmd, key, known):
    """Issue 30, item 4: ``topp`` was ignored and the request answered with the defaults."""
    answers = talk([{"id": 1, "cmd": cmd, "body": {}, "options": {key: 3}},
                    {"id": 2, "cmd": "health"}])
    assert answers[0]["ok"] is False and answers[0]["id"] == 1
    assert answers[0]["error"] == f"options.{key} is not an option of {cmd}; {known}"
    assert answers[1]["ok"] is True


def test_a_long_unknown_option_is_cut_in_the_answer():
    answers = talk([{"id": 1, "cmd": "suggest", "body": {}, "options": {"x" * 500: 1}}])
    assert "x" * 40 + "... (500 characters) is not an option" in answers[0]["error"]
    assert len(answers[0]["error"]) < 200


def test_top_true_is_refused_not_taken_for_1():
    answers = talk([{"id": 1, "cmd": "suggest", "body": {}, "options": {"top": True}}])
    assert answers[0]["error"] == "options.top = true must be a JSON integer"


def test_the_line_of_play_is_an_option_of_suggest():
    """Issue 51: docs/ENGINE.md lists ``line`` and the board sends it, but the engine refused
    it (``options.line is not an option of suggest``)."""
    state = json.loads((ROOT / "russian_pyramid" / "examples" / "suggest_open.json").read_text())
    answers = talk([{"id": 1, "cmd": "suggest", "body": state,
                     "options": {"top": 1, "budget": 30, "seed": 1, "line": 2}},
                    {"id": 2, "cmd": "suggest", "body": state, "options": {"line": "2"}},
                    {"id": 3, "cmd": "suggest", "body": state, "options": {"line": 9}}])
    assert answers[0]["ok"] is True, answers[0]
    assert 1 <= len(answers[0]["result"]["line"]["steps"]) <= 2
    assert answers[1]["error"] == 'options.line = "2" must be a JSON integer'
    assert answers[2]["error"] == "line = 9 must lie in [1, 5]"


def _documented_options() -> dict[str, list[str]]:
    """docs/ENGINE.md's table of commands: each command's options, the names in backquotes
    of its options cell outside any parentheses."""
    rows = {}
    for line in (ROOT / "docs" / "ENGINE.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and re.fullmatch(r"`[a-z]+`", cells[0]):
            text = cells[2]
            while re.search(r"\([^()]*\)", text):
                text = re.sub(r"\([^()]*\)", "", text)
            rows[cells[0].strip("`")] = re.findall(r"`([a-z_]+)`", text)
    return rows


def test_the_documented_options_are_the_ones_the_engine_takes():
    """The engine's options come from the app layer's typed options (one source), and
    docs/ENGINE.md lists exactly them, in their order."""
    documented = _documented_options()
    assert set(documented) == set(COMMAND_OPTIONS) | {"health", "quit"}
    for cmd, options in COMMAND_OPTIONS.items():
        assert documented[cmd] == list(options), cmd
    assert list(COMMAND_OPTIONS["suggest"]) == list(SuggestOptions.PARAMS)
    assert list(COMMAND_OPTIONS["simulate"]) == list(SimulateOptions.PARAMS)


class _Reads(dict):
    """A request's options that remember which were asked for."""

    def __init__(self, *args):
        super().__init__(*args)
        self.asked: list[str] = []

    def get(self, key, default=None):
        self.asked.append(key)
        return super().get(key, default)


@pytest.mark.parametrize("options, params", [
    (SuggestOptions, {}), (SimulateOptions, {"noise": "club"}),
])
def test_the_typed_options_read_exactly_the_options_they_declare(options, params):
    """``PARAMS`` (what the engine accepts) is what ``from_params`` reads: neither can grow
    without the other."""
    asked = _Reads(params)
    options.from_params(asked)
    assert set(asked.asked) == set(options.PARAMS)
