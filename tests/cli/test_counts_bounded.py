"""Every count and size a user gives has an upper bound named in the refusal (issue 51,
item 5): ``score --session < /dev/zero`` reached 6.5 GB in 20 s, ``tournament --games
1000000000000`` 1.1 GB in 20 s, ``analyze --samples 100000000`` and ``--top 1000000`` were
accepted and never finished, ``tournament --jobs 1000000000`` ended in a traceback.  Each is
refused with exit 2 naming the flag, the value and the bound (russian_pyramid/app/limits.py).

The flags are refused as they are parsed, before the next argument: each case ends with a
second, plainly bad argument, so that a flag taken without its bound is refused for that one
instead (and the test fails) rather than started.  The input of ``/dev/zero`` runs in a
subprocess under a memory limit."""
from __future__ import annotations

import resource
import subprocess
import sys

import pytest

from russian_pyramid.app import limits
from russian_pyramid.app.tournament import tournament_terms
from russian_pyramid.errors import UserInputError

from .clihelp import ROOT, assert_refused, env, run_main

MEMORY_LIMIT = 1536 * 1024 * 1024  # 1.5 GiB of address space for the whole process
TIMEOUT_S = 120
THEN_BAD = ("--seed", "x")  # refused by argparse right after the flag under test


@pytest.mark.parametrize("args,flag,value,bound", [
    (("tournament", "--agents", "random", "greedy"), "--games", "1000000000000",
     limits.MAX_GAMES_PER_PAIRING),
    (("tournament", "--agents", "random", "greedy"), "--jobs", "1000000000", limits.MAX_JOBS),
    (("tournament", "--agents", "random", "greedy"), "--jobs", "-1000000000", limits.MAX_JOBS),
    (("tournament", "--agents", "random", "greedy"), "--max-strokes", "100000000000",
     limits.MAX_STROKE_CAP),
    (("play",), "--max-strokes", "100000000000", limits.MAX_STROKE_CAP),
    (("analyze", "g.jsonl"), "--samples", "100000000", limits.MAX_ANALYSIS_SAMPLES),
    (("analyze", "g.jsonl"), "--top", "1000000", limits.MAX_ANALYSIS_TOP),
    (("analyze", "g.jsonl"), "--jobs", "1000000000", limits.MAX_JOBS),
], ids=lambda v: v if isinstance(v, str) and v.startswith("--") else None)
def test_a_count_above_its_bound_is_refused_naming_it(tmp_path, monkeypatch, args, flag,
                                                      value, bound):
    monkeypatch.chdir(tmp_path)
    code, out, err = run_main(*args, flag, value, *THEN_BAD)
    assert_refused(code, err, flag, value, str(bound))
    assert list(tmp_path.iterdir()) == []


def test_suggest_top_is_bounded_as_the_board_bounds_it():
    """Checked with the search's other settings (after the flags are parsed), before it."""
    code, out, err = run_main("suggest", ROOT / "russian_pyramid" / "examples" / "suggest_open.json", "--top",
                              "1000000", "--budget", "0")
    assert_refused(code, err, "--top", "1000000", str(limits.MAX_TOP))
    assert not out


def test_a_tournament_of_too_many_games_in_all_is_refused(tmp_path):
    """The terms, checked before anything is played, bound the games over all pairings."""
    agents = [f"random:name=r{k}" for k in range(30)]  # 435 pairings
    with pytest.raises(UserInputError, match=f"--games 1000 with 30 agents is 435 pairings x "
                                             f"1000 = 435000 games: at most "
                                             f"{limits.MAX_TOURNAMENT_GAMES}"):
        tournament_terms(agents, 1000, 0, 1.0, "exact", "pyramid-12ft", 10,
                         str(tmp_path / "r.jsonl"), False, "loky", 1, None, 10)
    assert list(tmp_path.iterdir()) == []


def _limit_memory():  # in the child, before it runs anything
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def test_a_session_fed_dev_zero_stops_at_the_first_line(tmp_path):
    """A line has no end in ``/dev/zero``: the first is read no further than the bound, the
    session stops (exit 2) and its record so far stays."""
    with open("/dev/zero", "rb") as zero:
        r = subprocess.run([sys.executable, "-m", "russian_pyramid.cli", "score", "--session",
                            "--players", "A", "B", "--record", tmp_path / "s.jsonl"],
                           stdin=zero, capture_output=True, text=True, env=env(), cwd=ROOT,
                           timeout=TIMEOUT_S, preexec_fn=_limit_memory)
    assert r.returncode == 2, r.stderr[-800:]
    assert "Traceback" not in r.stderr
    assert f"line 1 is longer than {limits.MAX_TYPED_LINE_CHARS} characters" in r.stderr
    assert "s.jsonl (--resume it)" in r.stderr and (tmp_path / "s.jsonl").stat().st_size


def test_a_session_takes_a_line_up_to_the_bound(tmp_path):
    """A line of exactly the bound is read (and refused as notation, not for its length);
    one character more stops the session, after the lines before it were taken."""
    line = "x" * limits.MAX_TYPED_LINE_CHARS
    code, out, err = run_main("score", "--session", "--players", "A", "B",
                              stdin=f"{line}\n{line}x\n")
    assert code == 2 and "line 2 is longer than" in err and "line 1" not in err
    assert "Traceback" not in err
