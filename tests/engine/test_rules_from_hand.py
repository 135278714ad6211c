"""R3 start of a game, R8 playing from hand."""
import pytest

from engine import adjudicate, initial_state, can_place_cue, placement_region
from rules_helpers import (L, R, SPEC, W, cross, cushion, from_events, hit, make_state, pocket,
                           strike, summary)


def test_R3_1_breaker_by_lot_then_alternate_last_odd_game_by_lot():
    """R3.1: first by lot, then alternate; an odd last game is drawn again."""
    from engine.special import breaker_of_game
    from engine.state import MatchContext
    m = MatchContext(games_to_play=5, first_breaker=1)
    calls = []
    lot = lambda: calls.append(1) or 0  # noqa: E731
    assert [breaker_of_game(m, k, lot) for k in range(4)] == [1, 0, 1, 0]
    assert calls == []
    assert breaker_of_game(m, 4, lot) == 0 and calls == [1]
    even = MatchContext(games_to_play=4, first_breaker=0)
    assert breaker_of_game(even, 3, lambda: 99) == 1  # no lot for an even match


def test_R3_1_next_game_alternates_breaker():
    """R3.1 through next_game."""
    from engine.special import next_game
    from engine.state import MatchContext
    g1 = initial_state(breaker=1, match=MatchContext(games_to_play=3, first_breaker=1, breaker=1))
    g2 = next_game(g1, lot=lambda: 1)
    assert g2.to_move == 0 and g2.match.games_played == 1 and g2.break_pending


def test_R3_2_break_is_from_hand_in_house_and_touch_before_is_free():
    """R3.2: the first stroke is from hand from the house; touching the cue ball before it
    crosses the house line is free."""
    s = initial_state()
    region = placement_region(s)
    assert region.name == "house" and region.x_max_m == pytest.approx(L / 4)
    assert can_place_cue(s, 0.5, W / 2) and not can_place_cue(s, 1.5, W / 2)
    out = adjudicate(s, summary(s, fouls=["d"], first_contact=None))
    assert out.adjudication.replay and out.adjudication.fouls == ()
    assert out.state.scores == (0, 0) and out.state.to_move == 0


def test_R3_3_stance_is_recorded_only(mid):
    """R3.3: standing beyond the long-cushion line is recorded only: no penalty."""
    st = summary(mid, call={"ball": "7", "pocket": "FL"}, call_fulfilled=True,
                 first_contact="7", pocketed=[{"ball": "7", "pocket": "FL"}], fouls=["stance"],
                 final={"cue": [2.9, 1.2]})
    out = adjudicate(mid, st)
    assert out.adjudication.fouls == () and out.adjudication.successful


def test_R3_4_foul_on_break_counts():
    """R3.4: a miss or a pocketed cue ball on the first stroke costs 5 points."""
    s = initial_state()
    ev = [strike(), cross(0.1), pocket(2.0, "cue", "FL")]
    out = adjudicate(s, from_events(s, ev, {}, call={"ball": "4", "pocket": "FL"},
                                    placement=(0.5, W / 2)))
    assert set(out.adjudication.fouls) == {"R7.1a", "R7.1b"}
    assert out.state.scores == (-5, 5) and out.state.to_move == 1 and out.state.cue_in_hand
    assert not out.state.break_pending


def test_R8_1_opponent_plays_from_hand_after_cue_pocketed(mid):
    """R8.1: after the cue ball is pocketed the opponent plays from hand from the house."""
    st = summary(mid, call={"ball": "7", "pocket": "FL"}, first_contact="7",
                 pocketed=[{"ball": "cue", "pocket": "FL"}])
    out = adjudicate(mid, st)
    assert out.state.cue_in_hand and out.state.placement_region().name == "house"


HOUSE_POS = {"3": (0.5, 1.2), "7": (3.0, 1.0), "12": (2.2, 0.5)}


def test_R8_2_direct_hit_on_house_ball_is_foul_g():
    """R8.2 / R7.1(g): from hand the cue ball hits a house ball before leaving the house."""
    s = make_state(HOUSE_POS, cue_in_hand=True, scores=(20, 20))
    ev = [strike(), hit(0.3, "cue", "3"), pocket(1.0, "3", "NL")]
    out = adjudicate(s, from_events(s, ev, {"cue": (0.6, 0.6)}, call={"ball": "3", "pocket": "NL"},
                                    placement=(0.4, 0.6)))
    assert out.adjudication.fouls == ("R7.1g",)
    assert out.state.scores == (15, 25) and "3" in out.state.balls


def test_R8_2_house_ball_off_cushion_after_leaving_house_no_foul_but_no_count():
    """R8.2: a house ball may be reached off a cushion once the cue ball has left the house,
    but a house ball pocketed that way does not count and is respotted."""
    s = make_state(HOUSE_POS, cue_in_hand=True, scores=(20, 20))
    ev = [strike(), cross(0.2, L / 4), cushion(0.6, "cue", "FR-FL"), cross(1.0, L / 4),
          hit(1.3, "cue", "3"), pocket(1.8, "3", "NL")]
    out = adjudicate(s, from_events(s, ev, {"cue": (0.7, 0.9)},
                                    call={"ball": "3", "pocket": "NL", "manner": "cushion-first"},
                                    placement=(0.4, 0.6)))
    a = out.adjudication
    assert a.fouls == () and a.counted == () and not a.successful
    assert "3" in out.state.balls and out.state.scores == (20, 20)
    assert out.state.to_move == 1


def test_R8_2_summary_first_contact_on_house_ball_is_direct_unless_stated(mid):
    """R8.2 with a person's summary: first contact on a house ball from hand is a direct hit
    unless cue_left_house_first is given."""
    s = make_state(HOUSE_POS, cue_in_hand=True)
    direct = summary(s, call={"ball": "7", "pocket": "FL"}, first_contact="3",
                     placement=[0.4, 0.6], final={"cue": [0.6, 0.9]})
    assert adjudicate(s, direct).adjudication.fouls == ("R7.1g",)
    banked = summary(s, call={"ball": "7", "pocket": "FL"}, first_contact="3",
                     cue_left_house_first=True, placement=[0.4, 0.6], final={"cue": [0.6, 0.9]})
    assert adjudicate(s, banked).adjudication.fouls == ()


def test_R8_2_non_house_ball_counts_from_hand():
    s = make_state(HOUSE_POS, cue_in_hand=True, scores=(20, 20))
    ev = [strike(), cross(0.4, L / 4), hit(0.8, "cue", "7"), pocket(1.4, "7", "FL")]
    out = adjudicate(s, from_events(s, ev, {"cue": (2.5, 1.0)}, call={"ball": "7", "pocket": "FL"},
                                    placement=(0.4, 0.6)))
    assert out.adjudication.successful and out.state.scores == (27, 20)


def test_R7_1_h_placement_outside_house_is_foul():
    """R7.1(h): from hand, played from the wrong end."""
    s = make_state(HOUSE_POS, cue_in_hand=True)
    ev = [strike(), hit(0.4, "cue", "7")]
    out = adjudicate(s, from_events(s, ev, {"cue": (2.7, 1.0)}, call={"ball": "7", "pocket": "FL"},
                                    placement=(1.5, 0.6)))
    assert "R7.1h" in out.adjudication.fouls


def test_R8_3_temporary_house_when_all_balls_in_house():
    """R8.3: every object ball in the house and the player in hand: the temporary house is
    between the far cushion and the line through the third spot."""
    s = make_state({"3": (0.5, 1.2), "9": (0.7, 0.4)}, cue_in_hand=True)
    region = placement_region(s)
    assert region.name == "temporary-house"
    assert region.x_min_m == pytest.approx(3 * L / 4) and region.x_max_m == pytest.approx(L - R)
    assert can_place_cue(s, 3.0, W / 2) and not can_place_cue(s, 0.5, W / 2)
    # the house balls may be hit directly from the temporary house
    ev = [strike(), cross(0.5, 3 * L / 4), hit(1.5, "cue", "3"), pocket(2.0, "3", "NL")]
    out = adjudicate(s, from_events(s, ev, {"cue": (1.0, 1.0)}, call={"ball": "3", "pocket": "NL"},
                                    placement=(3.0, W / 2)))
    assert out.adjudication.successful and out.adjudication.fouls == ()


def test_can_place_cue_refuses_overlap():
    s = make_state({"3": (0.5, 1.2), "7": (3.0, 1.0)}, cue_in_hand=True)
    assert not can_place_cue(s, 0.5 + R, 1.2)
    assert can_place_cue(s, 0.5 + 2.01 * R, 1.2)
