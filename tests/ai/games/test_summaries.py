"""The typed summaries of ai/games: per-player summaries of an analysed game
(:func:`ai.games.analysis.player_summaries`) and the tally of a match
(:func:`ai.games.stats.tally`), each against a count made by hand."""
from __future__ import annotations

import json

from ai.agent import Decision
from ai.games.analysis import (BLUNDER_MARK, INACCURACY_MARK, MISTAKE_MARK, PlayerSummary,
                               StrokeVerdict,
                               mark_for, player_name, player_summaries)
from ai.games.stats import GameResult, MatchTally, tally


def _verdict(index: int, player: int, loss: float, best: bool) -> StrokeVerdict:
    """A verdict whose loss is ``loss``; ``best``: the stroke played was the best found."""
    alternative = None if best else Decision(kind="safety", strike=None, call=None)
    return StrokeVerdict(index, player, 0.5, alternative, 0.5 + loss, loss, mark_for(loss))


# a small analysed game: (the record's player, loss, the stroke played was the best)
GAME = [(0, 0.0, True), (1, 0.07, False), (0, 0.2, False), (1, 0.0, True),
        (0, 0.00004, True), (1, 0.151, False), (1, 0.04, False)]


def test_player_summaries_against_a_count_by_hand():
    judged = [(p, _verdict(k, p, loss, best)) for k, (p, loss, best) in enumerate(GAME)]
    got = player_summaries(judged, ["greedy", "mc:budget=50"])
    # by hand: A plays strokes 1, 3, 5 -- losses 0, 0.2, 0.00004 (0.0 at 4 decimals): one
    # blunder, the 1st and 5th the best found; B plays 2, 4, 6, 7 -- 0.07 (?), 0, 0.151 (??),
    # 0.04 (?!, an inaccuracy, not the best)
    assert got == (
        PlayerSummary(0, "A (greedy)", 3, round(0.2 / 3, 4), 0, 1, 2),
        PlayerSummary(1, "B (mc:budget=50)", 4, round((0.07 + 0.151 + 0.04) / 4, 4), 1, 1, 1,
                      inaccuracies=1))
    assert got[0].mean_loss == 0.0667 and got[1].mean_loss == 0.0653
    assert got[1].to_json() == {"player": 1, "name": "B (mc:budget=50)", "strokes": 4,
                                "mean_loss": 0.0653, "inaccuracies": 1, "mistakes": 1,
                                "blunders": 1, "best_played": 1, "execution": 0}
    json.dumps([s.to_json() for s in got], allow_nan=False)


def test_a_loss_in_the_execution_is_counted_apart_from_the_marks():
    # issue 54 item 6: a verdict whose loss is the execution's has no mark; the summary
    # counts it as the execution's, not as a mistake
    v = StrokeVerdict(0, 0, 0.4, Decision(kind="attack", strike=None, call=None), 0.5, 0.1, "",
                      execution=True)
    (only,) = player_summaries([(0, v), (0, _verdict(1, 0, 0.07, False))], ["greedy"])
    assert (only.execution, only.mistakes, only.blunders, only.inaccuracies) == (1, 1, 0, 0)
    assert only.to_json()["execution"] == 1


def test_player_summaries_name_sides_the_record_does_not_name():
    judged = [(2, _verdict(0, 2, 0.5, False))]
    (only,) = player_summaries(judged, ["a", "b"])
    assert only.name == "player C" and only.blunders == 1 and only.mean_loss == 0.5
    assert player_name(["x"], 0) == "A (x)" and player_name([], 1) == "player B"
    assert player_summaries([], ["a"]) == ()


def test_marks():
    assert (mark_for(0.019), mark_for(0.02), mark_for(0.049), mark_for(0.05),
            mark_for(0.15)) == ("", INACCURACY_MARK, INACCURACY_MARK, MISTAKE_MARK, BLUNDER_MARK)
    # thresholds given: a mistake threshold under the inaccuracy's still marks a mistake
    assert mark_for(0.015, mistake=0.01) == MISTAKE_MARK


def test_tally_against_a_count_by_hand():
    results = [GameResult(winner=0, rule="R3.2"), GameResult(winner=1), GameResult(draw=True),
               GameResult(unfinished=True), GameResult(winner=0, unfinished=True),
               GameResult(winner=0)]
    # by hand: side 0 wins games 1 and 6, side 1 game 2; game 3 drawn; games 4 and 5 were
    # stopped by the stroke cap (the 5th had a winner on the state, but was not finished)
    t = tally(results, 2)
    assert t == MatchTally(wins=(2, 1), draws=1, unfinished=2)
    assert t.to_json() == {"wins": [2, 1], "draws": 1, "unfinished": 2}
    assert all(type(w) is int for w in t.wins)
    assert sum(t.wins) + t.draws + t.unfinished == len(results)


def test_tally_of_three_sides():
    t = tally([GameResult(winner=2, placings=(2, 0, 1)), GameResult(winner=1)], 3)
    assert t == MatchTally((0, 1, 1), 0, 0)
    assert tally([], 3) == MatchTally((0, 0, 0), 0, 0)
