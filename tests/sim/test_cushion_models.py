"""The cushion models by name (sim/cushion_models.py): one registry for params, the kernel
parameter slot and the loop's dispatch."""
import importlib
from dataclasses import fields

import pytest

from sim import layout
from sim.cushion_models import (CUSHION_HAN2005, CUSHION_MATHAVAN2010, CUSHION_MODELS,
                                DEFAULT_CUSHION_MODEL, UnknownCushionModelError, cushion_model,
                                cushion_model_by_id)
from sim.params import PhysicsParams, kernel_params, record_physics
from sim.physics import cushion_han2005, cushion_mathavan2010, loop


def test_names_round_trip_to_ids_and_back():
    assert [m.model_id for m in CUSHION_MODELS.values()] == [CUSHION_HAN2005,
                                                            CUSHION_MATHAVAN2010]
    for name, model in CUSHION_MODELS.items():
        assert cushion_model(name) is model
        assert cushion_model_by_id(model.model_id) is model
        p = kernel_params(PhysicsParams(cushion_model=name), 0.034, 0.285, 0.042)
        assert p[layout.P_CUSHION_MODEL] == model.model_id
    assert PhysicsParams().cushion_model == DEFAULT_CUSHION_MODEL == "mathavan2010"


def test_an_unknown_name_is_refused_naming_the_known_ones():
    for bad in ("rubber", "", 1, None, []):
        with pytest.raises(UnknownCushionModelError, match="han2005, mathavan2010"):
            cushion_model(bad)
    with pytest.raises(ValueError, match=r"physics\.cushion_model must be one of han2005, "
                                         r"mathavan2010, got 'rubber'"):
        PhysicsParams(cushion_model="rubber")
    with pytest.raises(ValueError, match="must be one of han2005, mathavan2010"):
        record_physics({"cushion_model": ["x"]})
    with pytest.raises(ValueError, match="no cushion model has id 7"):
        cushion_model_by_id(7)


def test_every_model_has_its_kernel_and_reads_real_parameters():
    known = {f.name for f in fields(PhysicsParams)}
    for model in CUSHION_MODELS.values():
        module = importlib.import_module(model.kernel_module)
        assert callable(module.resolve)
        assert set(model.parameters) <= known, model.name
        assert model.publication


def test_the_loop_dispatches_on_the_registry_ids():
    """The loop names the id it compares from the registry, not a number of its own."""
    assert loop.CUSHION_MATHAVAN2010 is CUSHION_MATHAVAN2010
    assert not hasattr(layout, "CUSHION_MATHAVAN2010")


def test_the_protocol_gives_what_each_model_gave():
    """resolve(..., jaw, params): Han 2005 with the noses' or the jaws' e and mu, Mathavan
    2010 the same for both."""
    p = PhysicsParams(cushion_model="han2005")
    arr = kernel_params(p, 0.034, 0.285, 0.042)
    ball = (-1.2, 0.4, 3.0, -5.0, 2.0, 1.0, 0.0)
    assert cushion_han2005.resolve(*ball, False, arr) == cushion_han2005.resolve_cushion(
        *ball, p.e_cushion, p.mu_cushion, arr)
    assert cushion_han2005.resolve(*ball, True, arr) == cushion_han2005.resolve_cushion(
        *ball, p.e_jaw, p.mu_jaw, arr)
    m = kernel_params(PhysicsParams(), 0.034, 0.285, 0.042)
    for jaw in (False, True):
        assert cushion_mathavan2010.resolve(*ball, jaw, m) == \
            cushion_mathavan2010.resolve_cushion_mathavan(*ball, m)
