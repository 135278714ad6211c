"""R12 three players, R13 handicaps."""
import pytest

from engine import (BallsHandicap, IllegalInputError, MixedHandicap, PointsHandicap, adjudicate,
                    apply_handicap, initial_state, settle_missed_balls)
from engine.handicap import check_pair_handicap, handicap_from_json
from engine.state import points_accounted, scores_accounted
from rules_helpers import L, R, W, make_state, summary


def pot(state, ball, pocket_id="FL", cue_end=(2.0, 0.9)):
    return summary(state, call={"ball": ball, "pocket": pocket_id}, call_fulfilled=True,
                   first_contact=ball, pocketed=[{"ball": ball, "pocket": pocket_id}],
                   final={"cue": list(cue_end)})


def miss(state, cue_end=(2.0, 0.9)):
    return summary(state, call={"ball": state.object_balls[0], "pocket": "FL"},
                   first_contact=None, final={"cue": list(cue_end)})


def no_score(state, cue_end=(2.0, 0.9)):
    b = state.object_balls[0]
    return summary(state, call={"ball": b, "pocket": "FL"}, first_contact=b,
                   final={"cue": list(cue_end)})


THREE = {"cue": (1.0, 0.5), "15": (3.0, 1.0), "9": (2.5, 0.4), "3": (2.8, 1.4)}


def test_R12_1_three_each_to_51_winner_leaves_order_of_play():
    """R12.1: each for himself to 51; the first to 51 leaves; play goes on among the others;
    the next to 51 is second, the third loses.  A penalty goes to the next player in turn."""
    s = make_state(THREE, variant="three-each", scores=(40, 20, 30),
                   shelves=[["1", "2", "4", "5", "6", "7"], ["8", "10"], ["11", "12", "13", "14"]])
    out = adjudicate(s, pot(s, "15"))
    s = out.state
    assert s.placings == (0,) and s.result is None and s.to_move == 1
    out = adjudicate(s, miss(s))  # player 1 misses: the penalty goes to player 2
    assert out.state.scores == (55, 15, 35) and out.state.to_move == 2
    s = out.state
    s = adjudicate(s, no_score(s)).state  # player 2 fails: back to player 1, skipping 0
    assert s.to_move == 1


def test_R12_1_balls_put_back_from_winners_shelf_when_rest_cannot_decide():
    """R12.1: if the points left cannot decide it, balls go back from the winner's shelf."""
    s = make_state({"cue": (1.0, 0.5), "15": (3.0, 1.0)}, variant="three-each",
                   scores=(40, 20, 25),
                   shelves=[["1", "2", "4", "5", "6", "7", "8"], ["9", "10"], ["11", "12", "3"]])
    out = adjudicate(s, pot(s, "15"))
    st = out.state
    assert st.placings == (0,) and st.result is None
    # the others need 31 and 26; the table had nothing left: balls come back
    need = min(51 - st.scores[1], 51 - st.scores[2])
    assert st.table_points() >= need
    assert st.returned_points > 0
    # bookkeeping: the scores moved exactly as the shelves + returned points say
    assert sum(st.scores) - scores_accounted(st) == sum(s.scores) - scores_accounted(s)
    assert points_accounted(st) == points_accounted(s)
    assert set(st.shelves[0]) < set(s.shelves[0]) | {"15"}


def test_R12_1_second_to_51_ends_game_with_placings():
    """R12.1: the second to reach 51 is second; the game is over."""
    s = make_state(THREE, variant="three-each", scores=(55, 40, 30), to_move=1,
                   shelves=[["1", "2", "4", "5", "6", "7", "8"], ["10", "11", "12"], ["13", "14"]],
                   placings=[0])
    out = adjudicate(s, pot(s, "15"))
    assert out.state.result.placings == (0, 1, 2)
    assert out.state.result.winner == 0


def test_R12_1_no_handicap_in_three_each():
    """R12.1: no handicap is given in this form."""
    with pytest.raises(IllegalInputError, match="R12.1"):
        apply_handicap(initial_state("three-each"), PointsHandicap(1, 10))


PAIR = {"cue": (1.0, 0.5), "15": (3.0, 1.0), "9": (2.5, 0.4), "3": (2.8, 1.4), "5": (2.0, 1.2)}


def pair_state(order, to_move=0, partner=0, **kw):
    return make_state(PAIR, variant="one-vs-pair", to_move=to_move,
                      pair={"order": order, "partner": partner}, **kw)


def test_R12_2_order1_single_strokes_in_turn_single_A_single_B():
    """R12.2(1): single strokes in turn: single, A, single, B, ... even after a pot."""
    s = pair_state("alternate")
    seq = []
    for _ in range(4):
        seq.append((s.to_move, s.pair.partner if s.to_move == 1 else None))
        s = adjudicate(s, pot(s, s.object_balls[0], "FL")).state
    assert seq == [(0, None), (1, 0), (0, None), (1, 1)]


def test_R12_2_order1_pair_gets_at_least_five():
    """R12.2(1): the single gives the pair at least 5 points of handicap."""
    s = initial_state("one-vs-pair", pair_order="alternate")
    with pytest.raises(IllegalInputError, match="R12.2"):
        check_pair_handicap(s, PointsHandicap(1, 3))
    check_pair_handicap(s, PointsHandicap(1, 5))
    assert apply_handicap(s, PointsHandicap(1, 5)).scores == (0, 5)


def test_R12_2_order2_each_plays_while_scoring_partner_changes():
    """R12.2(2): the single starts, then A; when the single pockets a ball (or A fouls),
    B takes A's place."""
    s = pair_state("while-scoring")
    s = adjudicate(s, no_score(s)).state  # single fails -> A
    assert (s.to_move, s.pair.partner) == (1, 0)
    s = adjudicate(s, no_score(s)).state  # A fails (no foul) -> single
    assert s.to_move == 0
    s = adjudicate(s, pot(s, "15")).state  # single scores and continues
    assert s.to_move == 0
    s = adjudicate(s, no_score(s)).state  # single's turn ends: he had potted -> B
    assert (s.to_move, s.pair.partner) == (1, 1)
    s = adjudicate(s, miss(s)).state  # B fouls -> single; next pair turn is A's
    assert s.to_move == 0 and s.scores == (20, -5)
    s = adjudicate(s, no_score(s)).state
    assert (s.to_move, s.pair.partner) == (1, 0)


def test_R12_3_partner_deliberate_foul_hands_stroke_to_other_partner():
    """R12.3: a partner may foul on purpose so the stroke passes to the other partner."""
    s = pair_state("while-scoring", to_move=1, partner=0, scores=(30, 30))
    out = adjudicate(s, summary(s, fouls=["pass-to-partner"]))
    assert out.state.scores == (35, 25)
    assert out.state.to_move == 1 and out.state.pair.partner == 1
    assert "R12.3" in out.adjudication.fouls


def test_R12_3_advice_costs_pair_five_stroke_stays():
    """R12.3: partners may not advise each other: 5 points to the single, the stroke stays
    with the player."""
    s = pair_state("while-scoring", to_move=1, partner=0, scores=(30, 30))
    out = adjudicate(s, summary(s, call={"ball": "15", "pocket": "FL"}, call_fulfilled=True,
                                first_contact="15", pocketed=[{"ball": "15", "pocket": "FL"}],
                                fouls=["advice"], final={"cue": [2.0, 0.9]}))
    assert out.state.scores == (35, 40)
    assert out.state.to_move == 1
    with pytest.raises(IllegalInputError, match="R12.3"):
        adjudicate(make_state(PAIR), summary(make_state(PAIR), fouls=["advice"]))


def test_R13_1_points_balls_mixed_handicaps():
    """R13.1: points on the record; balls off the table to the receiver's shelf; mixed.
    «прибавляя к очкам получающего гандикап слово плюс, а к очкам дающего – минус»: the
    "minus" is a word of the announcement, the giver starts at 0 (not at -10)."""
    s = initial_state()
    p = apply_handicap(s, PointsHandicap(1, 10))
    assert p.scores == (0, 10) and p.handicap_points == 10
    b = apply_handicap(s, BallsHandicap(1, ("15", "14")))
    assert b.scores == (0, 29) and b.shelves[1] == ("14", "15") and "15" not in b.balls
    m = apply_handicap(s, MixedHandicap(0, 5, ("1",)))
    assert m.scores == (16, 0) and m.shelves[0] == ("1",)
    for st in (p, b, m):
        assert points_accounted(st) == 140 and sum(st.scores) == scores_accounted(st)
    assert handicap_from_json({"kind": "mixed", "receiver": 0, "points": 5, "balls": ["1"]}) \
        == MixedHandicap(0, 5, ("1",))


def test_R13_2_missed_balls_taken_off_when_found():
    """R13.2: agreed balls not taken off are taken off when found, if possible."""
    s = initial_state()
    s2, how = settle_missed_balls(s, 1, ["15", "14"])
    assert how == "taken-off" and s2.scores == (0, 29) and "15" not in s2.balls


def test_R13_2_swap_then_target_fallback():
    """R13.2: otherwise balls are swapped between table and the receiver's shelf to make the
    value; otherwise the receiver plays to 71 minus the points not taken off."""
    s = make_state({"cue": (1.0, 0.5), "3": (2.0, 1.0), "9": (2.5, 0.4), "5": (3.0, 1.2)},
                   scores=(40, 20),
                   shelves=[["1", "2", "4", "6", "7", "8", "10", "12"], ["11"]])
    s2, how = settle_missed_balls(s, 1, ["12"])  # 12 is on player 0's shelf now: 12 owed
    assert how == "swapped"
    assert s2.scores[1] == 20 + 12 and "3" not in s2.balls and "9" not in s2.balls
    s3 = make_state({"cue": (1.0, 0.5), "3": (2.0, 1.0)}, scores=(40, 20),
                    shelves=[["1", "2", "4", "5", "6", "7", "8", "10", "9"], []])
    s4, how = settle_missed_balls(s3, 1, ["12"])
    assert how == "target" and s4.target_of(1) == 71 - 12 and s4.target_of(0) == 71


def test_R13_2_lowered_target_already_reached_ends_the_game():
    """R13.2: «получающий играет не до 71 очка, а минус неснятые очки» -- a receiver who
    already has that many points has reached his target, and the game ends (R9.1) rather
    than being played on."""
    s = make_state({"cue": (1.0, 0.5), "3": (2.0, 1.0)}, scores=(40, 62),
                   shelves=[["1", "2", "4", "5", "6", "7", "8", "10", "9"], []])
    s2, how = settle_missed_balls(s, 1, ["12"])
    assert how == "target" and s2.target_of(1) == 59
    assert s2.result.to_json() == {"winner": 1, "rule": "R13.2"}
