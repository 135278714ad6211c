"""A ball's centre lies on the slate or nowhere (issue 51, item 1): inside the rectangle bounded
by the cushion noses, or in a pocket's throat next to that pocket.  The lines of a pocket's jaw
faces run on across the table and beyond it (a corner's 45 deg band through the opposite middle
pocket); a centre between them far off the table was once accepted, and the cue ball rolled at
x = -88 m."""
import math

import numpy as np
import pytest

from sim import PositionRefused, Simulator
from sim.presets import PRESETS
from sim.table import POCKET_IDS, POSITION_TOLERANCE_M


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_no_centre_along_a_jaw_band_off_the_table_fits(name):
    """Along every pocket's axis, both ways from its mouth, every centre more than a mouth and
    a ball from the mouth's centre and off the rectangle of the noses is refused."""
    spec = PRESETS[name]
    g = spec.geometry
    R, L, W = spec.ball_radius_m, spec.length_m, spec.width_m
    for k in range(len(POCKET_IDS)):
        centre, axis = g.mouth_centres[k], g.pocket_axes[k]
        for t in np.concatenate([np.linspace(-200.0, -0.3, 400), np.linspace(0.3, 200.0, 400)]):
            x, y = centre + t * axis
            if -R <= x <= L + R and -R <= y <= W + R:
                continue  # on the table: the clearance decides, as before
            assert not g.ball_fits(x, y, POSITION_TOLERANCE_M), (name, POCKET_IDS[k], x, y)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_nothing_far_from_the_table_fits(name):
    spec = PRESETS[name]
    g = spec.geometry
    L, W = spec.length_m, spec.width_m
    rng = np.random.default_rng(51)
    far = rng.uniform(-1000.0, 1000.0, size=(20000, 2))
    far = far[(np.abs(far[:, 0] - L / 2) > L) | (np.abs(far[:, 1] - W / 2) > W)]
    # the bands themselves, exactly: points on each pocket's axis line far off
    lines = [g.mouth_centres[k] + t * g.pocket_axes[k] for k in range(6)
             for t in (-1e3, -100.0, -10.0, -5.0, 5.0, 10.0, 100.0)]
    for x, y in list(far) + lines:
        if abs(x - L / 2) <= L and abs(y - W / 2) <= W:
            continue
        assert not g.ball_fits(float(x), float(y), POSITION_TOLERANCE_M), (name, x, y)


def test_the_reported_position_is_refused_by_the_simulator():
    sim = Simulator()
    with pytest.raises(PositionRefused, match=r"balls\.cue at \[-98\.225, -100\.0\]"):
        sim.check_position({"cue": (-98.225, -100.0), "7": (2.0, 0.9)})


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_ball_hanging_in_the_jaws_still_fits(name):
    """The bound keeps the throats: a centre on each pocket's axis a few mm short of its slate
    edge fits (it hangs in the jaws), one just past the edge does not (it has fallen)."""
    spec = PRESETS[name]
    g = spec.geometry
    for k in range(6):
        px, py, nx, ny = g.capture_lines[k]
        axis = g.pocket_axes[k]
        # the point of the capture line on the pocket's axis
        centre = g.mouth_centres[k]
        depth = (np.array([px, py]) - centre) @ axis
        on_line = centre + depth * axis
        inside = on_line - axis * 1e-3
        beyond = on_line + axis * 1e-3
        assert g.ball_fits(*inside, POSITION_TOLERANCE_M), (name, POCKET_IDS[k], inside)
        assert not g.ball_fits(*beyond, POSITION_TOLERANCE_M), (name, POCKET_IDS[k], beyond)
        assert math.isfinite(depth)
