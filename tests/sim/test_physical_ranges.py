"""Physics a user gives are held to physical ranges (issue 51, item 7): a gravity of 1e300, a
contact tolerance of 1e300 or a rolling friction of 1e308 were simulated; each parameter now
has a range with its source (sim.params.PHYSICAL_RANGES), checked where physics enter
(PhysicsParams.from_json: a shot's physics; record_physics: a record's header)."""
from dataclasses import fields

import pytest

from sim.params import _NAMES, PHYSICAL_RANGES, PhysicsParams, record_physics

NUMBERS = [f.name for f in fields(PhysicsParams) if f.name not in _NAMES]


def test_every_number_has_a_range_with_a_reason_that_holds_its_default():
    assert sorted(PHYSICAL_RANGES) == sorted(NUMBERS)
    defaults = PhysicsParams()
    for name, r in PHYSICAL_RANGES.items():
        assert r.low < r.high and r.low <= getattr(defaults, name) <= r.high, name
        assert len(r.why) > 20, name


@pytest.mark.parametrize("name", NUMBERS)
def test_each_end_of_each_range_is_accepted_and_beyond_it_refused(name):
    r = PHYSICAL_RANGES[name]
    for ok in (r.low, r.high):
        assert getattr(PhysicsParams.from_json({name: ok}), name) == ok
    for bad in (r.high * 1.01 + 1e-12, r.high * 1e6, r.low - abs(r.low) * 0.01 - 1e-12):
        with pytest.raises(ValueError) as err:
            PhysicsParams.from_json({name: bad})
        message = str(err.value)  # the range's words, or the dataclass's (a restitution > 1)
        assert message.startswith(f"physics.{name} ") and repr(bad) in message, message


@pytest.mark.parametrize("name,value", [("gravity_mps2", 1e300), ("contact_tolerance_m", 1e300),
                                        ("mu_roll", 1e308), ("mu_slide", 1e300)])
def test_the_reported_values_are_refused_naming_field_value_and_range(name, value):
    r = PHYSICAL_RANGES[name]
    for read in (PhysicsParams.from_json, record_physics):
        with pytest.raises(ValueError) as err:
            read({name: value})
        assert f"{name} = {value!r} is out of range: from {r.low:g} to {r.high:g}" in str(err.value)


def test_a_record_names_where_its_physics_are():
    with pytest.raises(ValueError, match=r"^header\.physics\.gravity_mps2 = 1e\+300 is out"):
        record_physics({"gravity_mps2": 1e300}, "header.physics")
    with pytest.raises(ValueError, match="header.physics.tabel is not a physics parameter"):
        record_physics({"tabel": 1}, "header.physics")


def test_studies_may_still_build_physics_beyond_the_ranges_in_code():
    """The rolling regime of the pymunk cross-check slides at mu 1000 (sim.crosscheck_pymunk):
    the dataclass itself checks only that every motion ends."""
    assert PhysicsParams(mu_slide=1000.0).mu_slide == 1000.0
    with pytest.raises(ValueError):
        PhysicsParams.from_json({"mu_slide": 1000.0})
