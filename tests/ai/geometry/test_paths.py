"""The compiled path check (ai.geometry.paths.path_clear, which the pot generators ask hundreds
of times a decision) against its readable numpy twin, to the last digit: a blocked line is
blocked alike, so the candidates stay what they were."""
import numpy as np

from ai.geometry import path_clear, seg_point_dist


def path_clear_readable(a, b, obstacles, R, width=2.0):
    """No obstacle centre within ``width * R`` of each segment a->b (numpy, broadcasting)."""
    if len(obstacles) == 0:
        return np.ones(len(a), dtype=bool)
    d = seg_point_dist(a[:, None, :], b[:, None, :], obstacles[None, :, :])
    return (d >= width * R - 1e-9).all(axis=1)


def test_path_clear_equals_the_numpy_form():
    rng = np.random.default_rng(8)
    R = 0.034
    blocked = 0
    for n in range(300):
        k, m = int(rng.integers(1, 5)), int(rng.integers(0, 9))
        a = rng.uniform(0.0, 1.0, (k, 2))
        b = a if n % 25 == 0 else rng.uniform(0.0, 1.0, (k, 2))  # some of no length
        obst = rng.uniform(0.0, 1.0, (m, 2))
        width = (2.0, 1.2)[n % 2]
        want = path_clear_readable(a, b, obst, R, width)
        got = path_clear(a, b, obst, R, width)
        assert got.dtype == np.bool_ and got.tolist() == want.tolist()
        blocked += int((~want).sum())
    assert blocked > 50  # both answers were compared
    # an obstacle at the limit exactly, and the shapes the generators pass (one segment)
    a, b = np.array([[0.0, 0.0]]), np.array([[1.0, 0.0]])
    for y in (2 * R - 1e-9, np.nextafter(2 * R - 1e-9, 0.0), 2 * R):
        obst = np.array([[0.5, y]])
        assert path_clear(a, b, obst, R).tolist() == path_clear_readable(a, b, obst, R).tolist()
    ends = rng.uniform(0.0, 1.0, (4, 2))  # one start, many ends (broadcast)
    obst = rng.uniform(0.0, 1.0, (6, 2))
    assert path_clear(a, ends, obst, R).tolist() == path_clear_readable(
        np.broadcast_to(a, ends.shape), ends, obst, R).tolist()
