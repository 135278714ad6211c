"""The models by name (sim/models.py, sim/cushion_models.py, sim/pocket_models.py): one
registry per kind for params, the kernel parameter slot and the compiled dispatch; each model
declares in its own module the parameters its kernel reads."""
import ast
import importlib
import inspect
from dataclasses import fields

import pytest

from sim import layout
from sim.cushion_models import (CUSHION, CUSHION_MODELS, DEFAULT_CUSHION_MODEL, HAN2005,
                                MATHAVAN2010, UnknownCushionModelError, cushion_model,
                                cushion_model_by_id)
from sim.params import _SLOTS, PhysicsParams, kernel_params, record_physics
from sim.physics import cushion_han2005, cushion_mathavan2010
from sim.pocket_models import DEFAULT_POCKET_MODEL, POCKET, POCKET_MODELS

FAMILIES = (CUSHION, POCKET)
# The table's own slots (sim/table.py gives them), not PhysicsParams fields.
TABLE_SLOTS = {"P_R", "P_M", "P_H_C"}


def test_names_round_trip_to_ids_and_back():
    for family in FAMILIES:
        assert [m.model_id for m in family.models.values()] == list(range(len(family.models)))
        for name, model in family.models.items():
            assert family.get(name) is model
            assert family.by_id(model.model_id) is model
            p = kernel_params(PhysicsParams(**{family.field: name}), 0.034, 0.285, 0.042)
            assert p[family.slot] == model.model_id
    assert list(CUSHION_MODELS) == ["han2005", "mathavan2010"]
    assert cushion_model_by_id(0) is HAN2005 and cushion_model_by_id(1) is MATHAVAN2010
    assert list(POCKET_MODELS) == ["edge", "flight"]
    assert PhysicsParams().cushion_model == DEFAULT_CUSHION_MODEL == "mathavan2010"
    assert PhysicsParams().pocket_model == DEFAULT_POCKET_MODEL == "edge"
    assert (CUSHION.slot, POCKET.slot) == (layout.P_CUSHION_MODEL, layout.P_POCKET_MODEL)


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
    with pytest.raises(ValueError, match=r"physics\.pocket_model must be one of edge, flight, "
                                         r"got 'net'"):
        POCKET.get("net")


def _layout_slots_read(module) -> set[str]:
    """The parameter slots (layout.P_*) a module imports."""
    names = set()
    for node in ast.walk(ast.parse(inspect.getsource(module))):
        if isinstance(node, ast.ImportFrom) and node.module == "layout":
            names.update(a.name for a in node.names if a.name.startswith("P_"))
    return names


def test_every_model_declares_in_its_module_what_its_kernel_reads():
    """A model's spec lives in its kernel's module, cites where it comes from, and names
    exactly the PhysicsParams fields whose slots that module reads."""
    known = {f.name for f in fields(PhysicsParams)}
    field_of_slot = dict(_SLOTS)  # slot index -> PhysicsParams field
    for family in FAMILIES:
        for model in family.models.values():
            module = importlib.import_module(model.kernel_module)
            assert module.MODEL is model.spec, model.name
            assert module.__name__.startswith("sim.physics."), model.name
            assert model.publication, model.name
            assert set(model.parameters) <= known, model.name
            read = _layout_slots_read(module) - TABLE_SLOTS - {"P_CUSHION_MODEL",
                                                                 "P_POCKET_MODEL"}
            assert {field_of_slot[getattr(layout, s)] for s in read} == set(model.parameters), \
                model.name


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
