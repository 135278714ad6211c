"""R11 special cases (R11.8 is in test_rules_end.py)."""
import pytest

from engine import IllegalInputError, adjudicate, apply_corner_cluster, legal_calls
from rules_helpers import L, R, SPEC, W, make_state, summary

END = {"cue": [2.9, 1.2]}
CALL7 = {"ball": "7", "pocket": "FL"}


def test_R11_1_cue_stopped_by_opponent_placed_and_continues(mid):
    """R11.1: the opponent stops the moving cue ball: the shooter has it placed where he
    asks; with the called ball pocketed he continues, and there is no miss."""
    st = summary(mid, call=CALL7, call_fulfilled=True, first_contact="7",
                 pocketed=[{"ball": "7", "pocket": "FL"}], fouls=["cue-stopped-by-opponent"],
                 final={"cue": [0.9, 0.9]})
    out = adjudicate(mid, st)
    assert out.adjudication.successful and out.state.to_move == 0
    assert out.state.balls["cue"] == (0.9, 0.9)
    nothing = summary(mid, call=CALL7, first_contact=None, fouls=["cue-stopped-by-opponent"],
                      final={"cue": [0.9, 0.9]})
    out = adjudicate(mid, nothing)
    assert out.adjudication.fouls == ()  # stopped before reaching a ball: not a miss


def test_R11_2_called_ball_stopped_counts(mid):
    """R11.2: the opponent stops the moving called ball: it counts, the shooter continues."""
    st = summary(mid, call=CALL7, first_contact="7", fouls=["called-stopped-by-opponent"],
                 final=END)
    out = adjudicate(mid, st)
    assert out.adjudication.counted == ("7",) and "7" not in out.state.balls
    assert out.state.scores == (37, 40) and out.state.to_move == 0


def test_R11_3_uncalled_ball_placed_where_shooter_asks(mid):
    """R11.3: a stopped uncalled ball is placed where the shooter asks (given in final)."""
    st = summary(mid, call=CALL7, first_contact="7", fouls=["uncalled-stopped-by-opponent"],
                 final={"cue": [2.9, 1.2], "12": [L - R, R]})
    out = adjudicate(mid, st)
    assert out.state.balls["12"] == (L - R, R)
    assert out.adjudication.fouls == ()


def test_R11_4_shooter_disturbed_stroke_replayed(mid):
    """R11.4: someone disturbs the shooter: position restored and the stroke replayed."""
    st = summary(mid, call=CALL7, first_contact=None, fouls=["shooter-disturbed"],
                 pocketed=[{"ball": "cue", "pocket": "NL"}])
    out = adjudicate(mid, st)
    assert out.adjudication.replay and out.state == mid


def test_R11_4_opponent_disturbs_balls_at_rest_no_penalty(mid):
    """R11.4: balls moved by the opponent are restored (the final given is the restored
    position); no penalty to anyone."""
    st = summary(mid, call=CALL7, call_fulfilled=True, first_contact="7",
                 pocketed=[{"ball": "7", "pocket": "FL"}], fouls=["balls-disturbed-by-opponent"],
                 final=END)
    out = adjudicate(mid, st)
    assert out.adjudication.penalty == 0 and out.state.scores == (37, 40)


def test_R11_5_hanging_called_ball_falls_before_opponent_counts(mid):
    """R11.5: a called ball hanging in the jaws that falls before the opponent's stroke
    counts and the shooter continues."""
    st = summary(mid, call=CALL7, call_fulfilled=True, first_contact="7",
                 pocketed=[{"ball": "7", "pocket": "FL"}], fouls=["hanging-ball-fell"], final=END)
    out = adjudicate(mid, st)
    assert out.adjudication.successful and out.state.to_move == 0


def test_R11_5_hanging_ball_shaken_in_put_back_turn_passes(mid):
    """R11.5: it fell because the table was shaken: put back in the jaws, turn passes."""
    jaws = [L - R - 0.01, W - R - 0.01]
    st = summary(mid, call=CALL7, call_fulfilled=True, first_contact="7",
                 pocketed=[{"ball": "7", "pocket": "FL"}], fouls=["hanging-ball-shaken-in"],
                 final={"cue": [2.9, 1.2]})
    st = st.__class__(**{**st.__dict__, "final": {"cue": (2.9, 1.2), "7": tuple(jaws)}})
    out = adjudicate(mid, st)
    assert out.adjudication.counted == () and out.state.balls["7"] == tuple(jaws)
    assert out.state.to_move == 1 and out.state.scores == mid.scores


def test_R11_5_falls_after_opponent_stroke_respotted_no_miss_replayed():
    """R11.5 (seed's example): the hanging ball falls on its own as the player from hand rolls
    toward it: it goes on the third spot, no penalty for the miss, the stroke is replayed
    from hand."""
    s = make_state({"7": (L - R - 0.01, W - R - 0.01), "3": (2.0, 0.4)}, cue_in_hand=True)
    st = summary(s, call=CALL7, first_contact=None, pocketed=[{"ball": "7", "pocket": "FL"}],
                 fouls=["hanging-ball-fell-after-opponent-stroke"], placement=[0.5, 0.9])
    out = adjudicate(s, st)
    assert out.adjudication.replay and out.adjudication.fouls == ()
    assert out.state.balls["7"] == pytest.approx(SPEC.third_spot)
    assert out.state.cue_in_hand and out.state.to_move == 0 and out.state.scores == (0, 0)


def test_R11_6_cue_jumped_and_returned_counts_but_turn_passes(mid):
    """R11.6: the cue ball jumps, touches a person, comes back: no penalty, the ball counts,
    the turn passes."""
    st = summary(mid, call=CALL7, call_fulfilled=True, first_contact="7",
                 pocketed=[{"ball": "7", "pocket": "FL"}], off_table=["cue"],
                 fouls=["cue-jumped-and-returned"], final=END)
    out = adjudicate(mid, st)
    a = out.adjudication
    assert a.fouls == () and a.counted == ("7",) and a.turn_passes
    assert out.state.scores == (37, 40) and out.state.to_move == 1
    assert not out.state.cue_in_hand and out.state.balls["cue"] == (2.9, 1.2)


def test_R11_7_ball_on_cushion_frozen_there_turn_passes(mid):
    """R11.7: a ball stopping on top of a cushion is set frozen to it where it stopped; the
    called ball counts but the turn passes."""
    st = summary(mid, call=CALL7, call_fulfilled=True, first_contact="7",
                 pocketed=[{"ball": "7", "pocket": "FL"}], fouls=["ball-on-cushion"], final=END)
    st = st.__class__(**{**st.__dict__, "final": {"cue": (2.9, 1.2), "12": (2.4, W + 0.02)}})
    out = adjudicate(mid, st)
    assert out.state.balls["12"] == pytest.approx((2.4, W - R))
    assert out.adjudication.counted == ("7",) and out.adjudication.turn_passes


def test_R11_9_tush_believing_won_restored_no_penalty(mid):
    """R11.9: tushed believing he had won but had not: restored, no penalty, play goes on."""
    out = adjudicate(mid, summary(mid, fouls=["tush", "tush-believing-won"]))
    assert out.adjudication.penalty == 0 and out.state == mid


def test_R11_10_corner_cluster_cue_placed_one_stroke_each_without_call():
    """R11.10: all balls round one corner: cue ball placed near that pocket behind them; each
    player makes one stroke without a call."""
    s = make_state({"cue": (1.0, 1.0), "3": (L - 0.15, W - 0.20), "5": (L - 0.25, W - 0.12)},
                   scores=(20, 30))
    c = apply_corner_cluster(s, "FL", (L - 0.06, W - 0.40))
    assert c.balls["cue"] == (L - 0.06, W - 0.40) and c.no_call_strokes_left == 2
    assert legal_calls(c) == [None]
    st = summary(c, call=None, first_contact="3", pocketed=[{"ball": "5", "pocket": "FL"}],
                 final={"cue": [3.0, 1.0]})
    out = adjudicate(c, st)
    assert out.adjudication.counted == ("5",) and out.state.scores == (25, 30)
    assert out.state.no_call_strokes_left == 1
    with pytest.raises(IllegalInputError, match="R11.10"):
        apply_corner_cluster(s, "FL", (0.5, 0.5))
