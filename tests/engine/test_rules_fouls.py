"""R6 respotting, R7 fouls, R4 turns."""
import math

import pytest

from engine import adjudicate, IllegalInputError
from engine.geometry import respot, respot_candidates
from rules_helpers import (L, MID, MID_SHELVES, R, SPEC, W, from_events, hit, make_state,
                           pocket, strike, summary, cushion)

END = {"cue": [2.9, 1.2]}


def test_R4_1_player_keeps_table_while_successful(mid):
    """R4.1: a successful stroke keeps the turn; an unsuccessful one passes it."""
    good = summary(mid, call={"ball": "7", "pocket": "FL"}, call_fulfilled=True,
                   first_contact="7", pocketed=[{"ball": "7", "pocket": "FL"}], final=END)
    out = adjudicate(mid, good)
    assert out.state.to_move == 0 and not out.adjudication.turn_passes
    bad = summary(mid, call={"ball": "7", "pocket": "FL"}, first_contact="7", final=END)
    out = adjudicate(mid, bad)
    assert out.state.to_move == 1 and out.adjudication.turn_passes


def test_R7_1_a_miss_from_events(mid):
    """R7.1(a): the cue ball touches no ball (read from the event log)."""
    ev = [strike(), cushion(0.5, "cue")]
    out = adjudicate(mid, from_events(mid, ev, {"cue": (2.0, 1.0)},
                                      call={"ball": "7", "pocket": "FL"}))
    assert out.adjudication.fouls == ("R7.1a",)
    assert out.state.scores == (25, 45)


def test_R7_1_b_cue_pocketed_from_events(mid):
    """R7.1(b): the cue ball is pocketed; the opponent plays from hand (R8.1)."""
    ev = [strike(), hit(0.5, "cue", "7"), pocket(1.0, "cue", "ML")]
    out = adjudicate(mid, from_events(mid, ev, {"7": (3.0, 1.5)},
                                      call={"ball": "7", "pocket": "FL"}))
    assert out.adjudication.fouls == ("R7.1b",)
    assert out.state.cue_in_hand and "cue" not in out.state.balls
    assert out.state.to_move == 1


@pytest.mark.parametrize("letter", list("cdefhi"))
def test_R7_1_letters_given_as_facts(mid, letter):
    """R7.1 (c)-(f), (h), (i): facts a person saw; each costs 5 points and passes the turn."""
    fields = dict(call={"ball": "7", "pocket": "FL"}, call_fulfilled=True, first_contact="7",
                  pocketed=[{"ball": "7", "pocket": "FL"}], fouls=[letter], final=END)
    if letter == "c":
        fields.update(off_table=["cue"], final={})
    out = adjudicate(mid, summary(mid, **fields))
    assert out.adjudication.fouls == (f"R7.1{letter}",)
    assert out.state.scores == (25, 45)
    assert out.adjudication.counted == () and "7" in out.state.balls  # R7.3
    assert out.state.to_move == 1
    assert out.state.cue_in_hand == (letter == "c")  # R8.1 after the cue ball left the table


def test_R7_1_d_tush_moves_nothing(mid):
    """R7.1(d): a deliberate tush is a touch foul; nothing moves."""
    out = adjudicate(mid, summary(mid, fouls=["tush"], first_contact=None))
    assert out.adjudication.fouls == ("R7.1d",)  # not also a miss
    assert out.state.balls == mid.balls


def test_R7_2_several_fouls_cost_five_once_and_scores_go_negative():
    """R7.2: 5 points off the offender to the opponent, once however many fouls; scores may
    go below zero."""
    s = make_state(MID, scores=(2, 10), shelves=MID_SHELVES)
    st = summary(s, call={"ball": "7", "pocket": "FL"}, first_contact=None,
                 pocketed=[{"ball": "cue", "pocket": "NL"}], fouls=["d", "i"])
    out = adjudicate(s, st)
    assert set(out.adjudication.fouls) == {"R7.1a", "R7.1b", "R7.1d", "R7.1i"}
    assert out.adjudication.penalty == 5
    assert out.state.scores == (-3, 15)


def test_R7_3_nothing_pocketed_on_a_foul_counts(mid):
    """R7.3: the called ball pocketed on a foul stroke is respotted; the turn passes."""
    ev = [strike(), hit(0.5, "cue", "7"), pocket(1.0, "7", "FL"), pocket(1.5, "cue", "FR")]
    out = adjudicate(mid, from_events(mid, ev, {}, call={"ball": "7", "pocket": "FL"}))
    assert out.adjudication.counted == ()
    assert out.state.balls["7"] == pytest.approx(SPEC.third_spot)
    assert out.state.scores == (25, 45) and out.state.to_move == 1


def test_R7_4_wrong_ball_struck_others_stay(mid):
    """R7.4: after (e) the pocketed ball is respotted, the other balls stay where they stopped."""
    st = summary(mid, call={"ball": "7", "pocket": "FL"}, first_contact="7", fouls=["e"],
                 pocketed=[{"ball": "12", "pocket": "MR"}],
                 final={"cue": [2.9, 1.2], "9": [1.0, 1.3], "5": [1.8, 0.4]})
    out = adjudicate(mid, st)
    assert out.adjudication.fouls == ("R7.1e",)
    assert out.state.balls["9"] == (1.0, 1.3) and out.state.balls["5"] == (1.8, 0.4)
    assert out.state.balls["12"] == pytest.approx(SPEC.third_spot)


def test_R7_5_object_ball_off_table_not_a_foul_called_ball_counts(mid):
    """R7.5: an object ball leaving the table is no foul; it is respotted, and the called
    ball pocketed on that stroke counts and the player continues."""
    st = summary(mid, call={"ball": "7", "pocket": "FL"}, call_fulfilled=True,
                 first_contact="7", pocketed=[{"ball": "7", "pocket": "FL"}],
                 off_table=["3"], final=END)
    out = adjudicate(mid, st)
    a = out.adjudication
    assert a.fouls == () and a.counted == ("7",) and not a.turn_passes
    assert [b for b, _ in a.respotted] == ["3"] and "3" in out.state.balls
    assert out.state.scores == (37, 40)


def test_R6_1_respot_on_third_spot_or_far_cushion_middle():
    """R6.1: third spot; if taken, frozen to the middle of the far short cushion."""
    balls = {"cue": (1.0, 1.0)}
    assert respot(SPEC, balls, ["9"]) == [("9", SPEC.third_spot)]
    taken = {"cue": (1.0, 1.0), "4": SPEC.third_spot}
    [(b, p)] = respot(SPEC, taken, ["9"])
    assert p == pytest.approx((L - R, W / 2))


def test_R6_2_several_balls_ascending_alternating_along_far_cushion():
    """R6.2 (interpretation): ascending number; first on the third spot, the next frozen to
    the far cushion's middle, then alternately either side, each touching the previous."""
    placed = respot(SPEC, {"cue": (1.0, 1.0)}, ["12", "3", "7", "10"])
    assert [b for b, _ in placed] == ["3", "7", "10", "12"]
    assert placed[0][1] == pytest.approx(SPEC.third_spot)
    assert placed[1][1] == pytest.approx((L - R, W / 2))
    assert placed[2][1] == pytest.approx((L - R, W / 2 + 2 * R))
    assert placed[3][1] == pytest.approx((L - R, W / 2 - 2 * R))
    for (_, p), (_, q) in zip(placed[1:], placed[2:]):
        assert math.dist(p, q) >= 2 * R - 1e-9


def test_R6_2_skips_occupied_places():
    """R6.2: a place taken by a ball is skipped; no two balls overlap."""
    balls = {"cue": (1.0, 1.0), "4": SPEC.third_spot, "5": (L - R, W / 2)}
    placed = respot(SPEC, balls, ["9"])
    assert placed[0][1] == pytest.approx((L - R, W / 2 + 2 * R))
    cands = respot_candidates(SPEC)
    assert len(cands) == len(set(cands))
    assert all(SPEC.geometry.ball_fits(*c) for c in cands)


@pytest.mark.parametrize("fact", ["push", "double-hit"])
def test_R6_3_push_and_double_hit_not_fouls_ball_respotted(mid, fact):
    """R6.3: push / double hit: no foul, but the pocketed ball does not count; turn passes."""
    st = summary(mid, call={"ball": "7", "pocket": "FL"}, call_fulfilled=True,
                 first_contact="7", pocketed=[{"ball": "7", "pocket": "FL"}], fouls=[fact],
                 final=END)
    out = adjudicate(mid, st)
    assert out.adjudication.fouls == () and out.adjudication.counted == ()
    assert "7" in out.state.balls and out.state.scores == mid.scores
    assert out.state.to_move == 1


def test_R6_4_no_foot_on_the_floor_ball_does_not_count(mid):
    """R6.4: «одна его нога обязательно должна касаться пола. Шар, положенный с нарушением
    этого правила, не засчитывается ... Очередной удар переходит к партнеру. Штраф не
    взимается.» The called 7 falls, but without a foot on the floor: it is respotted, no
    points, no penalty, the turn passes."""
    st = summary(mid, call={"ball": "7", "pocket": "FL"}, call_fulfilled=True,
                 first_contact="7", pocketed=[{"ball": "7", "pocket": "FL"}],
                 fouls=["no-foot-on-floor"], final=END)
    out = adjudicate(mid, st)
    assert out.adjudication.fouls == () and out.adjudication.counted == ()
    assert not out.adjudication.successful
    assert "7" in out.state.balls and out.state.scores == mid.scores
    assert out.state.to_move == 1
    assert any("R6.4" in n for n in out.adjudication.notes)
    # the same stroke with a foot on the floor counts: the fact alone makes the difference
    ok = adjudicate(mid, summary(mid, call={"ball": "7", "pocket": "FL"}, call_fulfilled=True,
                                 first_contact="7", pocketed=[{"ball": "7", "pocket": "FL"}],
                                 final=END))
    assert ok.adjudication.successful and ok.state.to_move == 0


def test_unknown_fault_token_is_malformed(mid):
    from engine import MalformedInputError
    with pytest.raises(MalformedInputError, match="stroke.fouls"):
        summary(mid, fouls=["z"])
