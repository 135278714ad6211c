"""benchmarks.constant_sensitivity (issue 55 item 3): its fixed strokes and its measure."""
import dataclasses

import numpy as np

from benchmarks.constant_sensitivity import RANGES, chances, measure, strokes
from sim import PhysicsParams, Simulator
from sim.table import TableSpec


def test_the_fixed_strokes_lie_on_the_bed_and_every_range_holds_its_default():
    table = TableSpec()
    cases = strokes(table)
    assert len(cases) == 22
    for balls, _pocket, _strike in cases:
        assert all(table.geometry.ball_fits(*xy) for xy in balls.values())
    for name, r in RANGES.items():
        default = getattr(PhysicsParams() if r.where == "physics" else table, name)
        assert r.low <= default <= r.high, name


def test_common_noise_draws_give_no_change_for_what_the_model_never_reads():
    """e_jaw is read only by the Han option: the same draws, the same chances, to the bit."""
    table = TableSpec()
    cases = strokes(table)[:4]
    z = np.random.default_rng(1).standard_normal((6, 5))
    base = chances(Simulator(table), cases, z)
    other = chances(Simulator(table, dataclasses.replace(PhysicsParams(), e_jaw=0.3)), cases, z)
    assert np.array_equal(base, other)
    assert ((0 <= base) & (base <= 1)).all()


def test_measure_reports_both_ends_of_each_constant_asked():
    doc = measure(2, 3, ["mu_roll"])
    assert [(r["constant"], r["end"]) for r in doc["rows"]] == [("mu_roll", "low"),
                                                               ("mu_roll", "high")]
    assert doc["strokes"] == 22 and doc["samples"] == 2
