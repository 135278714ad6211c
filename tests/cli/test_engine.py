"""pyramid engine: the persistent JSON Lines engine (issue 14, item 5)."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from engine import GameState
from russian_pyramid.commands.engine import serve
from russian_pyramid.app.limits import DEFAULT_BUDGET
from russian_pyramid.app.suggest import position_seed

EXAMPLES = Path(__file__).resolve().parents[2] / "russian_pyramid" / "examples"


def example(name):
    return json.loads((EXAMPLES / name).read_text())


def talk(lines):
    out = io.StringIO()
    served = serve(io.StringIO("".join(line + "\n" for line in lines)), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert answers[0]["result"]["ready"] is True  # the greeting comes first
    return served, answers[1:]


def test_each_command_answers_in_order_with_its_id():
    requests = [
        {"id": "h", "cmd": "health"},
        {"id": 1, "cmd": "check", "body": example("suggest_open.json")},
        {"id": 2, "cmd": "simulate", "body": example("cut.json")},
        {"id": 3, "cmd": "score", "body": example("score_miss.json")},
        {"id": 4, "cmd": "quit"},
        {"id": 5, "cmd": "health"},  # after quit: never read
    ]
    served, answers = talk([json.dumps(r) for r in requests])
    assert served == 5 and [a["id"] for a in answers] == ["h", 1, 2, 3, 4]
    assert all(a["ok"] for a in answers), answers
    assert answers[0]["result"]["engine"] == "pyramid"
    assert answers[1]["result"]["kind"] == "state"
    assert answers[2]["result"]["first_contact"] == "7" and "paths" in answers[2]["result"]
    assert "adjudication" in answers[3]["result"]
    assert answers[4]["result"] == {"bye": True}


def test_bad_requests_are_answered_never_a_crash():
    bad_shot = dict(example("cut.json"), strike={"speed_mps": -1, "phi_deg": 0})
    lines = [
        "{not json",
        "[" * 1000,
        json.dumps([1, 2]),
        json.dumps({"id": 1, "cmd": "dance", "body": {}}),
        json.dumps({"id": 2, "cmd": "simulate"}),
        json.dumps({"id": 3, "cmd": "simulate", "body": bad_shot}),
        json.dumps({"id": 4, "cmd": "suggest", "body": {"balls": "x"}}),
        json.dumps({"id": 5, "cmd": "suggest", "body": example("suggest_open.json"),
                    "options": {"top": 99}}),
        json.dumps({"id": 6, "cmd": "record", "body": {"not": "a string"}}),
        json.dumps({"id": [1], "cmd": "health"}),
        json.dumps({"id": 7, "cmd": "health"}),
    ]
    served, answers = talk(lines)
    assert len(answers) == len(lines)
    assert [a["ok"] for a in answers] == [False] * 10 + [True]
    errors = [a["error"] for a in answers[:10]]
    assert "not valid JSON" in errors[0] and "deeper" in errors[1]
    assert "JSON object" in errors[2] and "'dance'" in errors[3]
    assert "body is missing" in errors[4] and "strike.speed_mps" in errors[5]
    assert "balls" in errors[6] and "top" in errors[7] and "body = " in errors[8] and "must be" in errors[8]
    assert "id must be" in errors[9]


def test_two_suggestions_in_one_process():
    """The process stays up between requests: a second suggestion is answered by the same
    process (its start-up and compile cost paid once; measured in benchmarks/engine_latency.py)."""
    state = example("suggest_open.json")
    req = {"cmd": "suggest", "body": state, "options": {"top": 1, "budget": 30, "seed": 1}}
    lines = [json.dumps(dict(req, id=1)), json.dumps(dict(req, id=2)),
             json.dumps({"id": 3, "cmd": "health"}), json.dumps({"id": 4, "cmd": "quit"})]
    p = subprocess.run([sys.executable, "-m", "russian_pyramid.cli", "engine"],
                       input="\n".join(lines) + "\n", capture_output=True, text=True,
                       timeout=600)
    assert p.returncode == 0, p.stderr
    answers = [json.loads(line) for line in p.stdout.splitlines()][1:]
    assert [a["id"] for a in answers] == [1, 2, 3, 4]
    assert answers[0]["ok"] and answers[1]["ok"]
    # the same seed and a sample budget that ends first: the same advice both times
    assert answers[0]["result"]["suggestions"] == answers[1]["result"]["suggestions"]
    assert answers[2]["result"]["requests"] == 2


def test_the_same_suggest_request_twice_gets_the_same_advice_and_a_time_budget_says_so():
    """By default a suggestion is bounded by samples (pyramid suggest's default budget) with a
    seed drawn from the position: asked twice, the same answer; a time budget is only an
    explicit option, and its answer says that the same advice again needs samples and a seed."""
    state = example("suggest_open.json")
    req = {"cmd": "suggest", "body": state, "options": {"top": 2}}
    timed = {"cmd": "suggest", "body": state, "options": {"top": 1, "time_budget": 0.2}}
    _, answers = talk([json.dumps(dict(req, id=1)), json.dumps(dict(req, id=2)),
                       json.dumps(dict(timed, id=3))])
    assert all(a["ok"] for a in answers), answers
    one, two, three = (a["result"] for a in answers)
    assert {k: v for k, v in one.items() if k != "elapsed_s"} == \
        {k: v for k, v in two.items() if k != "elapsed_s"}
    assert one["budget"]["kind"] == "samples" and one["budget"]["samples"] == DEFAULT_BUDGET
    assert one["budget"]["seed"] == position_seed(GameState.from_json(state))
    assert one["budget"]["seed_from"] == "position"
    assert three["budget"]["kind"] == "time" and three["budget"]["seconds"] == 0.2
    assert three["budget"]["seed"] == one["budget"]["seed"]
    assert "against the clock" in three["budget"]["note"]["en"]
    assert "по времени" in three["budget"]["note"]["ru"]
