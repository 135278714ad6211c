"""A results file never names code to run unless the user says so (issue 51, items 2 and 7):
``pyramid tournament --replay R --game 0`` built the agents of R's header, and a spec names
code -- ``russian_pyramid.io:write_atomic:path=owned.txt,data=owned`` wrote owned.txt,
``evil.py:A`` ran that file.  Now such a spec is refused (exit 2, the spec and
``--trust-agents`` named) unless ``--trust-agents`` is given; registered and installed agents
are played.  And every header field is checked where the file is read (``--replay`` and
``--report`` alike): a bad call mode, an unknown table, skill -1, version 99 or 10**18 games
is refused naming the field and the value, not played into "not deterministic?" or gigabytes.

Every refusal comes before any compiling: in this process (:func:`clihelp.run_main`), but for
the 10**18 games, run in a subprocess under a memory limit (it once took 1.7 GB in 15 s)."""
from __future__ import annotations

import json
import resource
import subprocess
import sys

import pytest

from ai.games.results_file import (MAX_GAMES_PER_PAIRING, MAX_TOURNAMENT_GAMES,
                                   ResultsFileError, check_header, config_line, parse_results)
from russian_pyramid.app.tournament_replay import check_trusted_agents
from russian_pyramid.errors import UserInputError

from .clihelp import ROOT, assert_refused, env, run_main

HEADER = config_line(["random", "greedy"], 2, 0, call_mode="exact", table="pyramid-12ft",
                     skill=1.0, max_strokes=20)
MEMORY_LIMIT = 1536 * 1024 * 1024  # 1.5 GiB of address space for the whole process
TIMEOUT_S = 120


def results(tmp_path, **fields) -> str:
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps({**HEADER, **fields}) + "\n")
    return str(path)


REPLAY, REPORT = ("--replay", "R", "--game", "0"), ("--report", "--out", "R")
BAD_FIELDS = [
    ("call_mode", "bad", ["call_mode", "'bad'", "exact"]),
    ("table", "nope", ["table", "'nope'", "pyramid-12ft"]),
    ("skill", -1, ["skill", "-1", "0 to 100"]),
    ("version", 99, ["version", "99"]),
    ("max_strokes", 10**9, ["max_strokes", "1000000000"]),
    ("seed", -3, ["seed", "-3"]),
    ("agents", ["random", "random"], ["agents", "twice"]),
    ("agents", "random", ["agents"]),
]
HUGE = ("games", 10**18, ["games", "1000000000000000000", str(MAX_GAMES_PER_PAIRING)])


# --replay of 10**18 games is tried in a subprocess under a memory limit (below)
@pytest.mark.parametrize("flags,field,value,words",
                         [(REPLAY, *bad) for bad in BAD_FIELDS]
                         + [(REPORT, *bad) for bad in BAD_FIELDS + [HUGE]],
                         ids=lambda v: v[0] if isinstance(v, tuple) else None)
def test_a_bad_header_field_is_refused_naming_it(tmp_path, flags, field, value, words):
    path = results(tmp_path, **{field: value})
    code, out, err = run_main("tournament", *[path if f == "R" else f for f in flags])
    assert_refused(code, err, *words)
    assert "not deterministic" not in err and not out


def test_a_header_planning_too_many_games_in_all_is_refused():
    agents = [f"random:name=r{k}" for k in range(100)]  # 4 950 pairings
    with pytest.raises(ResultsFileError, match=f"4950 pairings x 100 games = 495000 games: at "
                                               f"most {MAX_TOURNAMENT_GAMES}"):
        check_header({**HEADER, "agents": agents, "games": 100}, "r.jsonl")
    check_header({**HEADER, "agents": agents, "games": 20}, "r.jsonl")  # 99 000: taken


def test_report_reads_a_header_checked_by_parse_results():
    with pytest.raises(ResultsFileError, match="'table' = 'nope'"):
        parse_results("r.jsonl", [json.dumps({**HEADER, "table": "nope"})])
    assert parse_results("r.jsonl", [json.dumps(HEADER)]).header == HEADER


def _limit_memory():  # in the child, before it runs anything
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def test_a_replay_of_a_header_claiming_1e18_games_is_refused_at_once(tmp_path):
    path = results(tmp_path, games=10**18)
    r = subprocess.run([sys.executable, "-m", "russian_pyramid.cli", "tournament", "--replay",
                        path, "--game", "0"], capture_output=True, text=True, env=env(),
                       cwd=ROOT, timeout=TIMEOUT_S, preexec_fn=_limit_memory)
    assert r.returncode == 2, r.stderr[-800:]
    assert "'games' = 1000000000000000000" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("spec", ["russian_pyramid.io:write_atomic:path=owned.txt,data=owned",
                                  "evil.py:A", "./evil.py:A:budget=3"])
def test_replay_does_not_run_code_the_results_file_names(tmp_path, monkeypatch, spec):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "evil.py").write_text("open('ran.txt', 'w').write('ran')\n"
                                      "class A:\n    name = 'a'\n")
    path = results(tmp_path, agents=[spec, "random"])
    code, out, err = run_main("tournament", "--replay", path, "--game", "0")
    assert_refused(code, err, spec.split(":")[0], "--trust-agents")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evil.py", "r.jsonl"]


def test_registered_and_installed_agents_are_played_from_a_results_file():
    check_trusted_agents(["random", "greedy:skill=club", "mc-2", "mc:budget=40,name=m",
                          "my-installed-agent:level=3"], "r.jsonl", trusted=False)
    with pytest.raises(UserInputError, match="--trust-agents"):
        check_trusted_agents(["random", "pkg.mod:Agent"], "r.jsonl", trusted=False)
    check_trusted_agents(["random", "pkg.mod:Agent", "my_agent.py:A"], "r.jsonl",
                         trusted=True)


def test_trust_agents_is_for_replay_only(tmp_path):
    code, _, err = run_main("tournament", "--report", "--out", results(tmp_path),
                            "--trust-agents")
    assert_refused(code, err, "--trust-agents", "--replay")
