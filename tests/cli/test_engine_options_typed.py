"""pyramid engine: options typed strictly (issue 23, item 2): an integer option is a JSON
integer (not true, 2.9, 2.0 or "3"), a number option a JSON number; the answer names the
option, the engine goes on."""
from __future__ import annotations

import io
import json

import pytest

from russian_pyramid.commands.engine import serve


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
    ("suggest", "topp", "its options: top, skill, budget, seed, time_budget, lang"),
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
