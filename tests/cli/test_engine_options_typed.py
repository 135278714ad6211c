"""pyramid engine: options typed strictly (issue 23, item 2): an integer option is a JSON
integer (not true, 2.9, 2.0 or "3"), a number option a JSON number; the answer names the
option, the engine goes on."""
from __future__ import annotations

import io
import json

import pytest

from pyramid.commands.engine import serve


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
