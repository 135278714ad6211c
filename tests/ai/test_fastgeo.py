"""The compiled look-ahead geometry agrees with the numpy reference."""
import numpy as np

from ai.noise import NoiseModel
from ai.pwin import WinModel
from ai.geometry import pockets_of

from .conftest import make_state


def test_fast_lookahead_matches_numpy():
    rng = np.random.default_rng(3)
    w = WinModel()
    noise = NoiseModel()
    checked = 0
    while checked < 60:
        k = int(rng.integers(2, 9))
        balls = {}
        for b in ["cue"] + [str(i) for i in rng.choice(np.arange(1, 16), k, replace=False)]:
            for _ in range(50):
                p = (float(rng.uniform(0.05, 3.5)), float(rng.uniform(0.05, 1.72)))
                if all(np.hypot(p[0] - q[0], p[1] - q[1]) > 0.07 for q in balls.values()):
                    balls[b] = p
                    break
        if len(balls) < 3 or "cue" not in balls:
            continue
        st = make_state(balls)
        pk = pockets_of(st.spec)
        objs = st.object_balls
        cue = np.array(st.balls["cue"])
        a = w._best_from(st.spec, pk, cue, st, objs, noise)
        b = w._best_from_np(st.spec, pk, cue, st, objs, noise)
        assert abs(a[0] - b[0]) < 1e-6 and (a[0] == 0 or a[1] == b[1])
        c = w.q_anywhere(st, noise)
        d = w.q_anywhere_np(st, noise)
        assert abs(c[0] - d[0]) < 1e-6 and (c[0] == 0 or c[1] == d[1])
        checked += 1
    # a cue ball hanging in a pocket's throat (R11.8 example 2): no pot along the rail
    st = make_state({"cue": (0.028, 1.747), "5": (0.028, 0.028)})
    pk = pockets_of(st.spec)
    cue = np.array(st.balls["cue"])
    assert w._best_from(st.spec, pk, cue, st, ["5"], noise)[0] == 0.0
    assert w._best_from_np(st.spec, pk, cue, st, ["5"], noise)[0] == 0.0
