"""Every calibration says what it was fitted for, that is the default table and physics, and
an agent built on another table or physics warns once (ai/calibrate/fitted.py)."""
import json
import warnings

import pytest

from ai.calibrate.fitted import calibrations, mismatched, warn_if_mismatched
from ai.calibrate.provenance import CalibrationMismatch, Checked, FittedFor, command_line
from ai.registry import make_agent
from ai.value.learned import LEARNED_FILE, LearnedWeights
from ai.value.pwin import WEIGHTS_FILE, load_fitted_for
from sim import Simulator, shared_simulator
from sim.params import PhysicsParams
from sim.table import DEFAULT_TABLE


def test_every_calibration_carries_fitted_for_the_default_table():
    found = calibrations()
    assert len(found) == 6  # the learned value's weights at three levels (ai/value/levels.py)
    for c in found:
        assert c.fitted_for is not None, c.name
        assert c.fitted_for.table == DEFAULT_TABLE, c.name
        assert c.fitted_for.fitted_by.startswith("python -m ai.calibrate."), c.name
        assert Checked.TABLE in c.checked


def test_the_checked_physics_are_the_defaults():
    """Changing a default physics parameter changes the digest: this test then says which
    calibrations to refit (or to record as fitted for the old physics)."""
    default = PhysicsParams()
    for c in calibrations():
        if Checked.PHYSICS in c.checked:
            assert c.fitted_for.physics_digest == default.digest(), c.name
            assert c.fitted_for.cushion_model == default.cushion_model, c.name
    assert mismatched(shared_simulator()) == []


def test_the_race_weights_say_they_came_from_the_old_physics():
    """Fitted before issue 9 on Han 2005 cushions (mu_cushion 0.2): recorded as it was, and
    checked for the table only (docs/CALIBRATION.md)."""
    ff = load_fitted_for()
    assert ff.cushion_model == "han2005"
    # the tip of then too (issue 28 moved e_tip 0.75 -> 0.73, miscue_offset 0.6 -> 0.5)
    assert ff.physics_digest == PhysicsParams(cushion_model="han2005", mu_cushion=0.2,
                                              e_tip=0.75, miscue_offset=0.6).digest()
    assert "issue 9" in ff.note
    race = next(c for c in calibrations() if "race" in c.name)
    assert race.checked == (Checked.TABLE,)


def test_fitted_for_round_trips_and_names_a_bad_field():
    ff = LearnedWeights.load().fitted_for
    assert FittedFor.from_json(ff.to_json()) == ff
    with pytest.raises(ValueError, match=r"fitted_for\.table"):
        FittedFor.from_json({**ff.to_json(), "table": ""})
    with pytest.raises(ValueError, match="unknown field"):
        FittedFor.from_json({**ff.to_json(), "tabel": "x"})


def test_the_weights_files_keep_their_weights():
    """fitted_for is metadata beside the weights: the files still load as before."""
    for path in (LEARNED_FILE, WEIGHTS_FILE):
        doc = json.loads(path.read_text())
        assert set(doc["fitted_for"]) >= {"table", "physics_digest", "cushion_model",
                                          "fitted_by", "fitted_on"}
    assert LearnedWeights.load().weights[:2] == (0.00437, 0.25016)


def test_a_smaller_table_warns_exactly_once_per_agent():
    small = Simulator("pyramid-10ft")
    with pytest.warns(CalibrationMismatch) as record:
        make_agent("mc", small)
    assert len(record) == 1
    text = str(record[0].message)
    assert "pyramid-10ft" in text and "pyramid-12ft" in text
    for name in ("learned value", "race weights", "pocket windows", "rebound law"):
        assert name in text


def test_other_physics_warn_for_the_calibrations_that_check_them():
    han = Simulator(physics=PhysicsParams(cushion_model="han2005"))
    with pytest.warns(CalibrationMismatch) as record:
        bad = warn_if_mismatched(han)
    assert len(record) == 1
    assert {c.name for c in bad} == {c.name for c in calibrations()
                                     if Checked.PHYSICS in c.checked}
    assert "cushion han2005" in str(record[0].message)


def test_the_default_table_and_the_random_agent_do_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error", CalibrationMismatch)
        make_agent("mc", shared_simulator())
        make_agent("greedy")
        make_agent("random", Simulator("pyramid-10ft"))


def test_the_tools_record_their_command():
    assert command_line("ai.calibrate.pwin", ["--games", "4"]) == \
        "python -m ai.calibrate.pwin --games 4"
