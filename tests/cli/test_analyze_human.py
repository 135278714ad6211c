"""``pyramid analyze`` on human game records (``pyramid score --session``, issue 11 item 4):
per-player pots, fouls by kind, deliberate fouls, break and runs, points per visit, the score
graph, and a match summary over the games of a session."""
from __future__ import annotations

import json

from engine import read_record
from ai.games.human import game_stats
from tests.cli.clihelp import ROOT, pyramid

EXAMPLES = ROOT / "russian_pyramid" / "examples"  # the shipped examples
from tests.cli.test_scorekeeping import session, typed

EXAMPLE_RECORD = EXAMPLES / "session_game.jsonl"


def test_analyze_the_shipped_example_prints_the_summary_and_draws_the_graph(tmp_path):
    png = tmp_path / "graph.png"
    r = pyramid("analyze", EXAMPLE_RECORD, "--png", png)
    assert r.returncode == 0, r.stderr
    assert "68 - 72, Пётр wins (R9.1), 24 strokes" in r.stdout
    assert "break: Иван: 4 FL x" in r.stdout  # the record keeps the canonical line (issue 54)
    assert ("Иван: 8 ball(s) pocketed for 73 points in 5 visit(s) (14.60 a visit), best run "
            "34 (4 ball(s))") in r.stdout
    assert "cue ball pocketed (R7.1b) 1" in r.stdout and "miss (R7.1a) 1" in r.stdout
    assert "Пётр: 1 win(s)" in r.stdout
    assert "positions were not verified" in r.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_analyze_json(tmp_path):
    r = pyramid("analyze", EXAMPLE_RECORD, "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    g = doc["games"][0]
    assert doc["human"] and g["score_curve"][-1] == [68, 72] and len(g["score_curve"]) == 25
    assert g["per_player"]["Пётр"]["pot_points"] == 67  # 15 14 6 11 2 4 5, +10 last ball
    assert g["per_player"]["Пётр"]["last_ball"] == 1


def test_deliberate_fouls_are_tushes_and_fouls_marked_unchanged(tmp_path):
    s, out = session(tmp_path)
    typed(s, out, "7 FL x", "tush", "foul touch =", "miss")
    g = game_stats(read_record(s.base))
    assert g["per_player"]["Пётр"]["deliberate_fouls"] == 1  # the tush (R7.1d)
    assert g["per_player"]["Иван"]["deliberate_fouls"] == 1  # the "=" (R9.2)
    assert g["per_player"]["Пётр"]["fouls"] == {"R7.1a": 1, "R7.1d": 1}


def test_match_summary_over_the_games_of_a_session(tmp_path):
    s, out = session(tmp_path, games=2)
    typed(s, out, "7 FL", "correct 71 0 agreed", "new game", "5 NR", "correct 0 71 agreed")
    r = pyramid("analyze", tmp_path / "game.game2.jsonl", "--png", tmp_path / "g.png")
    assert r.returncode == 0, r.stderr
    assert "match: 2 game(s)" in r.stdout
    assert "Иван: 1 win(s)" in r.stdout and "Пётр: 1 win(s)" in r.stdout
    assert "(R14.1)" in r.stdout
