"""The closed form's pot chance against the simulator (benchmarks/pot_chances.py): a straight
short pot is near-certain both ways, a thin long cut is not; the measurement is on fresh
strokes after the grid's choice; the report's bands hold every position; bad input exits 2."""
import json

import numpy as np
import pytest

from ai.noise import NoiseModel
from ai.search.context import Context
from ai.value import make_value
from benchmarks import pot_chances as pc
from sim import shared_simulator

from ..ai.conftest import make_state
from .conftest import assert_refused


def _ctx(state):
    return Context(state, shared_simulator(), NoiseModel(), make_value("race"))


def test_a_straight_short_pot_is_near_certain_and_a_thin_long_cut_is_not():
    # ball 1 a hand's width from the far left corner, the cue ball behind it on the line
    straight = make_state({"cue": (3.20, 1.425), "1": (3.40, 1.625)})
    ctx = _ctx(straight)
    pot = pc.likeliest_pot(straight, ctx)
    assert pot is not None and pot.ball == "1" and pot.closed > 0.9
    realized = pc.realized_chance(straight, ctx, pot, np.random.default_rng(0), 8, 32)
    assert realized >= 0.8
    # the same ball cut thin from the other end of the table
    thin = make_state({"cue": (0.60, 1.50), "1": (2.40, 1.05)})
    ctx = _ctx(thin)
    pot = pc.likeliest_pot(thin, ctx)
    assert pot is not None and pot.closed < 0.5
    assert pc.realized_chance(thin, ctx, pot, np.random.default_rng(0), 8, 32) < 0.5


def test_the_measurement_is_on_fresh_strokes_after_the_choice():
    state = make_state({"cue": (3.20, 1.425), "1": (3.40, 1.625)})
    ctx = _ctx(state)
    pot = pc.likeliest_pot(state, ctx)
    pc.realized_chance(state, ctx, pot, np.random.default_rng(1), 4, 10)
    cells = 3 * len(pc.AIM_OFFSETS_DEG)  # three pot variants times the aim offsets
    assert ctx.sims == cells * 4 + 10


def test_bands_hold_every_row_and_the_brier_score_is_per_factor():
    rows = [pc.Row(c, r, (c, c / 2) + (c,) * (len(pc.NOISE_FACTORS) - 2))
            for c, r in ((0.05, 0.0), (0.2, 0.1), (0.95, 0.7), (0.6, 0.6))]
    table = pc.reliability(rows)
    assert sum(b["positions"] for b in table) == len(rows)
    assert pc.brier(rows) == pytest.approx(np.mean([(r.closed - r.realized) ** 2 for r in rows]))
    assert pc.brier(rows, 1) == pytest.approx(
        np.mean([(r.closed / 2 - r.realized) ** 2 for r in rows]))


def test_a_line_into_the_jaw_has_a_negative_clearance_and_the_jaws_score_by_ramp():
    # the corner phantom of tests/benchmarks/test_pot_speeds.py against a straight pot
    phantom = make_state({"cue": (3.3609, 1.5009), "10": (3.5081, 1.6188)})
    straight = make_state({"cue": (3.20, 1.425), "1": (3.40, 1.625)})
    c = [pc.pot_clearance_m(s, _ctx(s), pc.likeliest_pot(s, _ctx(s))) for s in (phantom, straight)]
    assert c[0] < -0.01 and c[1] > 0
    rows = [pc.Row(0.9, 0.0, clearance_m=c[0]), pc.Row(0.9, 0.9, clearance_m=c[1])]
    assert pc.jaw_brier(rows, 0.0) == pytest.approx((0.9 ** 2) / 2)  # no jaws: the closed form
    assert pc.jaw_brier(rows, 0.015) < 0.1 * pc.jaw_brier(rows, 0.0)
    assert [b["pots"] for b in pc.by_clearance(rows)] == [1, 1]


def test_the_command_writes_its_report_and_refuses_bad_input(tmp_path, capsys,
                                                             greedy_positions):
    positions = greedy_positions
    out = tmp_path / "report.json"
    assert pc.main(["--positions", str(positions), "--sample", "5", "--select", "2",
                    "--measure", "2", "--out", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert 0 < doc["positions"] <= 5 and doc["best_factor"] in pc.NOISE_FACTORS
    assert len(doc["brier"]) == len(pc.NOISE_FACTORS) == len(doc["rows"][0]["scaled"])
    assert len(doc["jaw_brier"]) == len(pc.JAW_RAMPS_M) and "clearance_m" in doc["rows"][0]
    assert_refused(pc.main, [
        (["--positions", str(tmp_path / "none.jsonl")], "--positions"),
        (["--positions", str(positions), "--sample", "0"], "--sample"),
        (["--positions", str(positions), "--out", str(tmp_path / "no" / "r.json")], "--out"),
    ], capsys)
