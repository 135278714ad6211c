"""Pot speeds (benchmarks/pot_speeds.py): a straight short pot goes in at most speeds and
spins; a ball sent along the end rail into the corner is a phantom (the closed form calls it
near-certain, no cell pots it) or nearly one; the summary is per cell; bad input exits 2."""
import json

import numpy as np
import pytest

from benchmarks import pot_chances as pc
from benchmarks import pot_speeds as ps

from ..ai.conftest import make_state
from .conftest import assert_refused
from .test_pot_chances import _ctx


def _row(balls) -> ps.Row:
    state = make_state(balls)
    ctx = _ctx(state)
    pot = pc.likeliest_pot(state, ctx)
    rng = np.random.default_rng(0)
    return ps.Row(pot.closed, tuple(ps.cell_chance(state, ctx, pot, f, v, rng, 4, 16)
                                    for f, v in ps.cells()))


def test_a_straight_short_pot_goes_in_and_is_no_phantom():
    row = _row({"cue": (3.20, 1.425), "1": (3.40, 1.625)})
    assert row.closed > 0.9 and row.best >= 0.9 and not row.phantom
    assert sum(r >= 0.75 for r in row.realized) >= 10  # most speeds and spins


def test_near_certain_by_the_closed_form_and_never_potted_is_a_phantom():
    # ball 10 five centimetres off the end rail, cut into the corner along it: the jaw
    row = _row({"cue": (3.3609, 1.5009), "10": (3.5081, 1.6188)})
    assert row.closed >= 0.9 and row.best < ps.PHANTOM_BELOW and row.phantom


def test_a_ball_sent_along_the_end_rail_into_the_corner_seldom_goes_in():
    # ball 13 eight centimetres off the end rail, half a metre from the corner, sent nearly
    # along the rail: it meets the side cushion by the pocket and the jaws (the cue ball
    # touches ball 15 after the contact, which 13 never meets); a soft stroke gets one in now
    # and then
    row = _row({"cue": (3.4918, 0.5913), "13": (3.4781, 0.4770), "15": (3.4080, 0.4850)})
    assert row.closed >= 0.9 and row.best < 0.3


def test_the_summary_is_per_cell_and_counts_phantoms():
    n = len(ps.cells())
    rows = [ps.Row(0.95, (0.0,) * n), ps.Row(0.6, (0.5,) * n), ps.Row(0.2, (0.05,) * n)]
    doc = ps.summary(rows)
    assert len(doc["cells"]) == n and doc["likely"] == 2 and doc["phantoms"] == 1
    assert doc["cells"][0]["mean_realized"] == pytest.approx((0.0 + 0.5 + 0.05) / 3, abs=1e-4)


def test_the_command_writes_its_report_and_refuses_bad_input(tmp_path, capsys,
                                                             greedy_positions):
    positions = greedy_positions
    out = tmp_path / "report.json"
    assert ps.main(["--positions", str(positions), "--sample", "3", "--select", "1",
                    "--measure", "2", "--out", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert 0 < doc["positions"] <= 3 and len(doc["rows"][0]["realized"]) == len(ps.cells())
    assert_refused(ps.main, [
        (["--positions", str(tmp_path / "none.jsonl")], "--positions"),
        (["--positions", str(positions), "--measure", "0"], "--measure"),
        (["--positions", str(positions), "--out", str(tmp_path / "no" / "r.json")], "--out"),
    ], capsys)
