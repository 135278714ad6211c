"""``pyramid tournament --skills``: a handicap match's noise per agent in the results header
and the start line; a wrong count or an unknown skill is refused before any game (exit 2,
naming --skills); a results file of a handicap match is not resumed without the same."""
from __future__ import annotations

import json

from .clihelp import assert_bad_input, pyramid, refusal

COMMON = ["--agents", "greedy", "random", "--games", "2", "--seed", "5", "--max-strokes",
          "25", "--jobs", "1", "--no-progress"]


def test_the_header_and_the_start_line_carry_each_agents_noise(tmp_path):
    out = tmp_path / "r.jsonl"
    r = pyramid("tournament", *COMMON, "--skills", "0, beginner", "--out", out)
    assert r.returncode == 0, r.stderr
    assert "skills 0,4" in r.stderr
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert lines[0]["skills"] == [0.0, 4.0] and len(lines) == 3
    # resumed without them it is another tournament; with them, nothing is left to play
    assert_bad_input(refusal("tournament", *COMMON, "--out", out, "--resume"), "skills")
    again = pyramid("tournament", *COMMON, "--skills", "0,beginner", "--out", out, "--resume")
    assert again.returncode == 0 and "0 to play" in again.stderr


def test_a_wrong_count_or_an_unknown_skill_is_refused_before_any_game(tmp_path):
    out = tmp_path / "r.jsonl"
    for skills, word in (("0.8", "one per agent"), ("0.8,wizard", "wizard"),
                         ("0.8,101", "at most")):
        assert_bad_input(refusal("tournament", *COMMON, "--skills", skills, "--out", out),
                         "--skills", word)
        assert not out.exists()
