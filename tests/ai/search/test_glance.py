"""The generators' fast geometry (issue 56 item 4) against readable numpy twins: the glance's
tangent points and cut in scalars, and the bank routes kept by the ball's place -- equal to the
last digit, so that candidates and choices stay what they were."""
import math

import numpy as np

from ai.geometry import bank_routes, pockets_of
from ai.noise import NoiseModel
from ai.search import Context
from ai.search.shots import bank
from ai.search.shots.glance import MIN_GLANCE_COS, glance_cut, tangent_points
from sim import detmath as dm

from ..conftest import make_state


def tangent_points_readable(A, Q, r):
    """The tangent points from Q to the circle of radius r about A, in 2-vectors."""
    w = Q - A
    dist = dm.length2(w)
    if dist <= r * (1 + 1e-9):
        return []
    beta = dm.acos(r / dist)
    base = dm.atan2(w[1], w[0])
    return [A + r * np.array([dm.cos(base + sgn * beta), dm.sin(base + sgn * beta)])
            for sgn in (-1.0, 1.0)]


def glance_cut_readable(arrive_from, T, A, leave_to):
    """The cut at T arriving from ``arrive_from`` off A toward ``leave_to``, in 2-vectors."""
    d_in = T - arrive_from
    n_in = dm.length2(d_in)
    if n_in < 1e-9:
        return None
    d_in = d_in / n_in
    n = A - T
    n = n / dm.length2(n)
    out = leave_to - T
    out = out / max(dm.length2(out), 1e-12)
    c_n, c_t = dm.dot2(d_in, n), dm.dot2(d_in, out)
    if c_n <= MIN_GLANCE_COS or c_t <= MIN_GLANCE_COS:
        return None
    return dm.acos(min(1.0, c_n))


def test_glance_geometry_in_scalars_equals_the_vector_form():
    rng = np.random.default_rng(4)
    r = 2 * 0.034
    cuts = 0
    for _ in range(400):
        A, Q, F = (rng.uniform((0.1, 0.1), (3.4, 1.7)) for _ in range(3))
        want = tangent_points_readable(A, Q, r)
        got = tangent_points(A, Q, r)
        assert len(got) == len(want)
        for g, w in zip(got, want):
            assert g.tolist() == w.tolist()  # to the last digit
            cut = glance_cut(F, g, A, Q)
            assert cut == glance_cut_readable(F, w, A, Q)
            cuts += cut is not None
    assert 50 < cuts < 700  # both answers (a cut, None) were compared
    assert tangent_points(np.array([1.0, 1.0]), np.array([1.0, 1.05]), r) == []


def test_bank_routes_are_kept_by_the_balls_place(sim):
    st = make_state({"cue": (0.8, 0.9), "7": (1.8, 0.6), "3": (2.5, 1.2)})
    ctx = Context(st, sim, NoiseModel.for_skill(1.0))
    bank._ROUTES.clear()
    for b in ("7", "3"):
        O = np.array(st.balls[b])
        for n in (1, 2):
            first = bank.routes(ctx, O, n)
            assert bank.routes(ctx, O, n) is first  # kept
            want = bank_routes(sim.table, pockets_of(sim.table), O, n)
            assert len(first) == len(want) > 0
            for (k, got), (kw, w) in zip(first, want):
                assert k == kw and got.cushions == w.cushions
                assert got.points.tolist() == w.points.tolist()
                assert got.direction.tolist() == w.direction.tolist()
                assert (got.length_m, got.approach_rad) == (w.length_m, w.approach_rad)
    assert len(bank._ROUTES) == 4
    moved = bank.routes(ctx, np.array(st.balls["7"]) + (0.01, 0.0), 1)  # another place
    assert len(bank._ROUTES) == 5 and not math.isnan(moved[0][1].length_m)
