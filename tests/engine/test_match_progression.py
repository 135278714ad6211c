"""Issue 24, item 6: a match's progression in the engine (engine/match.py) against an oracle
written by hand from the rules: R3.1 (the first breaker by lot, then alternating, the last
game of an odd match by lot again), R12.2 (in one against a pair the single starts every
game), R10.1 (a drawn game replayed: the one who would break the next game starts; the
replay is the same game of the match)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from engine import initial_state
from engine.context import MatchContext
from engine.kinds import Variant
from engine.match import (MatchError, breaker_of_game, check_game_over, check_match_goes_on,
                          match_is_over, needs_lot, next_game, replay_breaker,
                          replay_drawn_game)
from engine.special import start_last_ball_replay
from engine.outcome import GameOutcome

LOT = "lot"  # in the oracle: this game's breaker is drawn by lot

# R3.1, two players: (games, first breaker) -> each game's breaker, written out by hand
TWO_PLAYER_ORACLE = {
    (1, 0): [0], (1, 1): [1],
    (2, 0): [0, 1], (2, 1): [1, 0],
    (3, 0): [0, 1, LOT], (3, 1): [1, 0, LOT],
    (4, 0): [0, 1, 0, 1], (4, 1): [1, 0, 1, 0],
    (5, 0): [0, 1, 0, 1, LOT], (5, 1): [1, 0, 1, 0, LOT],
}


def _breakers(variant, games, first, lot_result):
    match = MatchContext(games_to_play=games, first_breaker=first, breaker=first)
    drawn = []

    def lot():
        drawn.append(True)
        return lot_result
    out = [breaker_of_game(replace(match, games_played=k), k, lot, variant)
           for k in range(games)]
    return out, len(drawn)


@pytest.mark.parametrize("games, first", sorted(TWO_PLAYER_ORACLE))
@pytest.mark.parametrize("lot_result", [0, 1])
def test_R3_1_two_players_alternate_and_an_odd_last_game_is_drawn_by_lot(games, first,
                                                                         lot_result):
    want = [lot_result if b == LOT else b for b in TWO_PLAYER_ORACLE[(games, first)]]
    got, lots = _breakers(Variant.TWO_PLAYER, games, first, lot_result)
    assert got == want and lots == TWO_PLAYER_ORACLE[(games, first)].count(LOT)
    assert [needs_lot(MatchContext(games_to_play=games), k) for k in range(games)] == \
        [b == LOT for b in TWO_PLAYER_ORACLE[(games, first)]]


@pytest.mark.parametrize("games", [1, 2, 3, 4, 5])
def test_R12_2_in_one_against_a_pair_the_single_breaks_every_game_without_a_lot(games):
    got, lots = _breakers(Variant.ONE_VS_PAIR, games, 0, 1)
    assert got == [0] * games and lots == 0
    assert not any(needs_lot(MatchContext(games_to_play=games), k, Variant.ONE_VS_PAIR)
                   for k in range(games))


@pytest.mark.parametrize("variant", list(Variant))
def test_R3_1_next_game_follows_the_breaker_rule_and_the_match_ends_after_its_games(variant):
    games = 4
    st = initial_state(variant, match=MatchContext(games_to_play=games))
    seen = [st.to_move]
    for k in range(1, games):
        st = replace(st, result=GameOutcome.win(0, "R9.1"))
        check_match_goes_on(st)
        st = next_game(st, lambda: pytest.fail("no lot in an even match"))
        assert st.match.games_played == k and st.match.breaker == st.to_move
        assert st.result is None and st.break_pending
        seen.append(st.to_move)
    assert seen == ([0, 0, 0, 0] if variant == Variant.ONE_VS_PAIR else [0, 1, 0, 1])
    st = replace(st, result=GameOutcome.win(0, "R9.1"))
    assert match_is_over(st)
    with pytest.raises(MatchError, match=r"the match of 4 game\(s\) is over \(R3.1\)") as exc:
        next_game(st, lambda: 0)
    assert exc.value.rule == "R3.1" and "матч из 4" in exc.value.why("ru")


def test_R9_3_the_next_game_waits_for_the_end_of_this_one():
    st = initial_state(match=MatchContext(games_to_play=2))
    with pytest.raises(MatchError, match="not over"):
        check_game_over(st)
    with pytest.raises(MatchError, match="not over"):
        check_match_goes_on(st)


@pytest.mark.parametrize("variant, breaker, want", [
    (Variant.TWO_PLAYER, 0, 1), (Variant.TWO_PLAYER, 1, 0),  # R10.1: the next game's breaker
    (Variant.ONE_VS_PAIR, 0, 0),  # R12.2: the single
    (Variant.THREE_EACH, 2, 2),  # interpretation: the drawn game's breaker again
])
def test_R10_1_a_drawn_game_replayed_whole_starts_with_the_next_breaker(variant, breaker, want):
    st = initial_state(variant, breaker=breaker,
                       match=MatchContext(games_to_play=3, games_played=1, breaker=breaker))
    drawn = replace(st, result=GameOutcome.drawn("R9.2"))
    assert replay_breaker(drawn) == want
    new = replay_drawn_game(drawn)
    assert new.to_move == want and new.match.breaker == want and new.break_pending
    assert new.match.games_played == 1 and new.result is None  # the same game of the match
    if variant == Variant.TWO_PLAYER:  # the last ball only: the same player starts
        assert start_last_ball_replay(drawn).to_move == want


def test_R10_1_only_a_drawn_game_is_replayed():
    won = replace(initial_state(), result=GameOutcome.win(0, "R9.1"))
    for replay in (replay_drawn_game, start_last_ball_replay):
        with pytest.raises(MatchError, match=r"only a drawn game is replayed \(R10.1\)"):
            replay(won)
    with pytest.raises(MatchError, match="R10.1"):
        replay_drawn_game(initial_state())
