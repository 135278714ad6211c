"""The sequential test of a match (ai/games/sprt.py) against its closed form and its promised
error rates."""
import math

import numpy as np
import pytest

from ai.games.sprt import CONTINUE, H0, H1, Sprt, expected_score, parse_sprt


def test_expected_score_is_the_elo_curve():
    assert expected_score(0) == 0.5
    assert expected_score(400) == pytest.approx(10 / 11)
    assert expected_score(70) == pytest.approx(0.5993, abs=1e-4)  # issue 29's 60 %


def test_bounds_are_walds():
    t = Sprt(0, 70, 0.05, 0.1)
    assert t.bounds == pytest.approx((math.log(0.1 / 0.95), math.log(0.9 / 0.05)))


def test_llr_is_the_normal_approximation_with_two_prior_games():
    t = Sprt(0, 70)
    x = [1, 0, 1, 1, 0.5, 0, 1, 1]
    s0, s1 = 0.5, expected_score(70)
    y = x + [1, 0]
    mean_y = sum(y) / len(y)
    var = sum((v - mean_y) ** 2 for v in y) / len(y)
    want = len(x) * (s1 - s0) * (2 * (sum(x) / len(x)) - s0 - s1) / (2 * var)
    assert t.llr(x) == pytest.approx(want, rel=1e-12)
    assert t.llr([]) == 0.0
    assert math.isfinite(t.llr([1] * 30))  # a run of wins: the prior keeps it finite


def test_a_score_between_the_hypotheses_leans_to_the_nearer_one():
    t = Sprt(0, 70)
    assert t.llr([1, 0] * 50) < 0 < t.llr([1, 1, 1, 0, 0] * 20)  # 50 % and 60 %
    st = t.state([1, 0] * 100)
    assert st.decision == H0 and st.llr <= st.lower and st.games == 200 and st.score == 100


def _run(test: Sprt, p: float, rng, cap: int = 3000):
    n = 0
    scores = []
    while True:
        scores.extend((rng.random(20) < p).astype(float))
        n += 20
        for k in range(n - 20, n):  # decide game by game, as a match does
            st = test.state(scores[:k + 1])
            if st.decision != CONTINUE or k + 1 >= cap:
                return st.decision, k + 1


@pytest.mark.parametrize("p, accept", [(0.5, H0), (0.6, H1)])
def test_the_error_rates_hold_on_simulated_matches(p, accept):
    """200 simulated matches at exactly H0's or H1's win rate: the wrong hypothesis is
    accepted at most about alpha (beta) of the time (0.05; 0.10 allowed for the normal
    approximation and 200 runs), and the test stops well before a fixed 200-game match would
    decide."""
    t = Sprt(0, 70)
    rng = np.random.default_rng(29)
    runs = [_run(t, p, rng) for _ in range(200)]
    wrong = sum(d != accept for d, _ in runs) / len(runs)
    assert wrong <= 0.10
    assert np.median([n for _, n in runs]) < 200


@pytest.mark.parametrize("text", ["70", "a,b", "70,0", "0,70,0.6,0.1", "0,70,0.05", "0,nan",
                                  "0,2000"])
def test_bad_terms_are_refused_naming_the_value(text):
    with pytest.raises(ValueError):
        parse_sprt(text)


def test_terms_parse():
    assert parse_sprt("0,70") == Sprt(0.0, 70.0)
    assert parse_sprt("-10,30,0.1,0.2") == Sprt(-10.0, 30.0, 0.1, 0.2)


def test_first_decision_is_the_first_prefix_that_decides():
    """The one-pass path against the readable oracle: the state of each prefix in turn."""
    t = Sprt(0, 70)
    rng = np.random.default_rng(3)
    for p in (0.5, 0.6, 0.7):
        scores = list(rng.choice([0.0, 0.5, 1.0], size=400, p=[0.95 - p, 0.05, p]))
        oracle = next((t.state(scores[:n]) for n in range(1, len(scores) + 1)
                       if t.state(scores[:n]).decision != CONTINUE), t.state(scores))
        got = t.first_decision(scores)
        assert (got.games, got.score, got.decision) == (oracle.games, oracle.score,
                                                          oracle.decision)
        assert got.llr == pytest.approx(oracle.llr, rel=1e-12)
