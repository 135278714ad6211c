"""Marks that say why (issue 54 item 6): a stroke whose better stroke has the same call and a
strike within one standard deviation of the execution noise it is valued with lost in the
execution, not by a wrong choice -- its verdict has no ?, ?? or ?! but ``execution``; a better
stroke with another call is still a wrong choice.  The agent and the valuer are stand-ins that
give the alternative and the P(win) of each stroke, so the case is built exactly."""
from __future__ import annotations

import math
from dataclasses import replace
from types import SimpleNamespace

from ai.agent import Decision
from ai.games.analysis import MISTAKE_MARK, judge_stroke, mark_for, same_choice
from ai.noise import NoiseModel
from engine.calls import Call
from sim import Strike

STRONG = NoiseModel()  # 0.125 deg of aim, 0.075 m/s, 0.1 deg of elevation, 0.5 mm of tip
CALL = Call(ball="3", pocket="FL")
PLAYED = Strike(2.0, math.radians(30.0), 0.0, 0.1, -0.2)
# the better stroke: the aim 0.1 deg to the left, 0.05 m/s harder -- within one sigma
WITHIN = replace(PLAYED, phi_rad=PLAYED.phi_rad + math.radians(0.1),
                 speed_mps=PLAYED.speed_mps + 0.05)
P_PLAYED, P_BETTER = 0.40, 0.47  # a loss of 0.07: a mistake (?) by the thresholds


class Alternatives:
    """An agent whose only alternative is ``best``."""

    def __init__(self, best: Decision):
        self.best = best

    def alternatives(self, state, rng, top):
        return [self.best]


class Valuer:
    """P(win) P_PLAYED for the stroke played, P_BETTER for any other."""

    noise = STRONG

    def value(self, state, call, strike, placement, seed):
        return P_PLAYED if strike == PLAYED and call == CALL else P_BETTER


def _judge(best: Decision):
    state = SimpleNamespace(to_move=0)  # the stand-ins read no position
    return judge_stroke(4, state, CALL, PLAYED, None, Alternatives(best), Valuer(), seed=1)


def test_the_same_call_within_one_sigma_is_the_execution_not_a_wrong_choice():
    v = _judge(Decision(CALL, WITHIN))
    assert mark_for(v.loss) == MISTAKE_MARK and math.isclose(v.loss, 0.07)  # it once was «?»
    assert v.execution is True and v.mark == ""
    assert v.best is not None and v.p_win_best == P_BETTER  # the loss is still told


def test_another_call_is_still_a_wrong_choice():
    v = _judge(Decision(Call(ball="5", pocket="ML"), WITHIN))
    assert v.mark == MISTAKE_MARK and v.execution is False


def test_same_choice_is_the_call_the_place_and_every_strike_field_within_one_sigma():
    assert same_choice(CALL, PLAYED, None, Decision(CALL, WITHIN), STRONG)
    aim = replace(PLAYED, phi_rad=PLAYED.phi_rad + math.radians(0.31))  # the 0.31 deg
    assert not same_choice(CALL, PLAYED, None, Decision(CALL, aim), STRONG)
    assert same_choice(CALL, PLAYED, None, Decision(CALL, aim), NoiseModel.for_skill("club")) \
        is False  # 0.31 deg is more than a club player's sigma of 0.25 deg too
    assert same_choice(CALL, PLAYED, None, Decision(CALL, aim), NoiseModel.for_skill("beginner"))
    assert not same_choice(CALL, PLAYED, None, Decision(CALL, WITHIN), NoiseModel.for_skill(
        "perfect"))  # no noise: any difference is a choice
    assert not same_choice(CALL, PLAYED, (0.5, 0.5), Decision(CALL, WITHIN, (0.5, 0.53)), STRONG)
    assert same_choice(CALL, PLAYED, (0.5, 0.5), Decision(CALL, WITHIN, (0.5, 0.51)), STRONG)
    assert not same_choice(CALL, None, None, Decision(CALL, WITHIN), STRONG)  # a tush
    assert not same_choice(CALL, PLAYED, None, Decision(CALL, WITHIN, kind="deliberate-foul"),
                           STRONG)
    # the aim the nearer way round: 359.95 deg and 0.05 deg are 0.1 deg apart
    a, b = replace(PLAYED, phi_rad=math.radians(359.95)), replace(PLAYED, phi_rad=math.radians(0.05))
    assert same_choice(CALL, a, None, Decision(CALL, b), STRONG)
