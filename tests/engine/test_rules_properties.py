"""Property tests (hypothesis): random games of person-described strokes.

Invariants checked after every stroke:
* points conserved (R1.2): table + shelves = 140; the sum of scores equals shelves +
  handicap points (+ points put back, R12.1) because a penalty is zero-sum (R7.2);
* scores change only as a rule says: the shooter gains exactly the value of the balls
  counted (+10 for the last ball, R1.2) and loses 5 on a foul, which the opponent gains (R7.2);
  nothing counts on a foul (R7.3);
* the turn passes exactly when the stroke was not successful or was a foul (R4.1).
"""
import math

from hypothesis import HealthCheck, given, settings, strategies as st

from engine import (BallsHandicap, PointsHandicap, adjudicate, apply_handicap, initial_state,
                    stroke_from_json)
from engine.state import points_accounted, scores_accounted
from engine.values import LAST_BALL_BONUS, balls_value
from rules_helpers import L, R, SPEC, W

POCKETS = ["NL", "NR", "ML", "MR", "FL", "FR"]
LETTERS = list("abcdefghi")


def free_spot(balls, x_lo, x_hi, seed):
    """A deterministic free place for the cue ball between x_lo and x_hi."""
    k = seed
    for _ in range(400):
        x = x_lo + ((k * 0.37) % 1.0) * (x_hi - x_lo)
        y = R + ((k * 0.61) % 1.0) * (W - 2 * R)
        k += 1
        if all(math.dist((x, y), p) >= 2 * R + 1e-6 for b, p in balls.items() if b != "cue"):
            return [x, y]
    raise AssertionError("no free spot")


@st.composite
def stroke_for(draw, state):
    objs = state.object_balls
    call_ball = draw(st.sampled_from(objs))
    call = {"ball": call_ball, "pocket": draw(st.sampled_from(POCKETS)),
            "manner": draw(st.sampled_from(["clean", "bank", "kiss"]))}
    n_pocketed = draw(st.integers(0, min(2, len(objs))))
    pocketed_balls = draw(st.permutations(objs))[:n_pocketed]
    if draw(st.booleans()) and draw(st.booleans()):
        pocketed_balls = [call_ball] + [b for b in pocketed_balls if b != call_ball]
    pocketed = [{"ball": b, "pocket": call["pocket"] if b == call_ball and draw(st.booleans())
                 else draw(st.sampled_from(POCKETS))} for b in pocketed_balls]
    fouls = []
    cue_pocketed = draw(st.integers(0, 9)) == 0
    if cue_pocketed:
        pocketed.append({"ball": "cue", "pocket": draw(st.sampled_from(POCKETS))})
    if draw(st.integers(0, 5)) == 0:
        fouls = draw(st.lists(st.sampled_from([x for x in LETTERS if x != "c"]), max_size=2))
    contact = draw(st.sampled_from(objs + [None])) if draw(st.integers(0, 6)) == 0 else call_ball
    remaining = {b: p for b, p in state.balls.items() if b not in pocketed_balls}
    seed = draw(st.integers(0, 10_000))
    fulfilled = draw(st.booleans())
    if fulfilled and contact not in (call_ball, None):
        # a clean / bank / kiss call hits the called ball first (R5.1): a summary saying it
        # was fulfilled with another first contact is refused; say nothing instead
        fulfilled = None
    out = {"call": call, "call_fulfilled": fulfilled, "first_contact": contact,
           "pocketed": pocketed, "fouls": fouls}
    if state.cue_in_hand:
        region = state.placement_region()
        out["placement"] = free_spot(remaining, region.x_min_m, region.x_max_m, seed)
        remaining["cue"] = tuple(out["placement"])
    if not cue_pocketed:
        out["final"] = {"cue": free_spot(remaining, R, L - R, seed + 1)}
    return out


def check_step(before, stroke, out):
    a, after = out.adjudication, out.state
    shooter, other = before.to_move, 1 - before.to_move
    fouled = bool(a.fouls)
    # R1.2 conservation
    assert points_accounted(after) == 140
    assert sum(after.scores) == scores_accounted(after)
    # R7.3 nothing counts on a foul; counted balls were pocketed
    if fouled:
        assert a.counted == ()
    assert set(a.counted) <= {p["ball"] for p in stroke.get("pocketed", [])}
    # scores change only as the rules say (R1.2, R7.2)
    gain = balls_value(a.counted) + (LAST_BALL_BONUS if a.last_ball_bonus else 0)
    pen = 5 if fouled else 0
    assert after.scores[shooter] - before.scores[shooter] == gain - pen
    assert after.scores[other] - before.scores[other] == pen
    # R4.1 the turn passes exactly when the stroke failed or fouled
    passes = fouled or not a.successful
    assert a.turn_passes == passes
    if after.result is None:
        assert after.to_move == (other if passes else shooter)
    # the cue ball is in hand next exactly when it fell (R8.1)
    assert after.cue_in_hand == any(p["ball"] == "cue" for p in stroke.get("pocketed", []))
    # no ball vanished: everything not counted is still on the table
    assert set(before.object_balls) - set(a.counted) == set(after.object_balls)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), mode=st.sampled_from(["exact", "ball-and-pocket"]),
       handicap=st.sampled_from([None, "points", "balls"]))
def test_random_games_keep_invariants(data, mode, handicap):
    s = initial_state(call_mode=mode)
    if handicap == "points":
        s = apply_handicap(s, PointsHandicap(1, 15))
    elif handicap == "balls":
        s = apply_handicap(s, BallsHandicap(0, ("15", "13")))
    # skip the break's free-touch rule by starting from the first real stroke
    for _ in range(80):
        if s.game_over or not s.object_balls:
            break
        raw = data.draw(stroke_for(s))
        out = adjudicate(s, stroke_from_json(raw, s))
        if out.adjudication.replay:
            s = out.state
            continue
        check_step(s, raw, out)
        s = out.state
    if s.game_over:
        r = s.result
        assert (r.winner is not None and s.scores[r.winner] >= 71) or r.draw


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), variant=st.sampled_from(["three-each", "one-vs-pair"]),
       order=st.sampled_from(["alternate", "while-scoring"]))
def test_R12_variants_conserve_points(data, variant, order):
    """R12.1 / R12.2 with R1.2 and R7.2: in every variant the table and shelves hold 140 and
    the scores add up to shelves + handicap + points put back (penalties are zero-sum)."""
    s = initial_state(variant, pair_order=order)
    for _ in range(80):
        if s.game_over or not s.object_balls:
            break
        raw = data.draw(stroke_for(s))
        before = s
        s = adjudicate(s, stroke_from_json(raw, s)).state
        assert points_accounted(s) == 140
        assert sum(s.scores) == scores_accounted(s)
        assert s.to_move in s.active_sides() or s.game_over
        if variant == "one-vs-pair" and order == "alternate" and not s.game_over:
            assert s.to_move != before.to_move  # R12.2(1): one stroke each in turn
