"""The compiled dispatch (sim/physics/dispatch.py) is generated from the registries: every
registered model's id reaches its own kernel, and a model registered without a compiled branch
is refused with ModelNotCompiledError instead of being run as another model."""
import numpy as np
import pytest

from sim import EventKind, Simulator, Strike
from sim.cushion_models import CUSHION
from sim.models import Model, ModelNotCompiledError, ModelSpec
from sim.params import PhysicsParams, kernel_params
from sim.physics import dispatch, loop
from sim.pocket_models import POCKET

# Impacts on a nose (jaw False) and a jaw (True) whose free-side normal is +x: a ball coming
# in at an angle with top and side spin, one square on with back spin, one barely closing.
IMPACTS = ((-1.2, 0.4, 3.0, -5.0, 2.0, 1.0, 0.0),
           (-2.5, 0.0, 0.0, 40.0, -10.0, 1.0, 0.0),
           (-0.003, 0.5, 0.0, 0.0, 0.0, 1.0, 0.0))
CROSSINGS_MPS = (0.3, 0.6, 1.0, 3.0)  # slate-edge crossing speeds, sqrt(g R) = 0.578 between


def _params(**physics):
    return kernel_params(PhysicsParams(**physics), 0.034, 0.285, 0.042)


def test_every_cushion_model_reaches_its_own_kernel():
    outcomes = {}
    for name, model in CUSHION.models.items():
        p = _params(cushion_model=name)
        got = [dispatch.cushion_impact(*ball, jaw, p) for ball in IMPACTS for jaw in (False, True)]
        assert got == [model.kernel(*ball, jaw, p) for ball in IMPACTS for jaw in (False, True)]
        outcomes[name] = got
    # the models differ on these impacts: a dispatch to the wrong kernel would be seen
    assert len({tuple(map(repr, v)) for v in outcomes.values()}) == len(CUSHION.models)


def test_every_pocket_model_reaches_its_own_kernel():
    outcomes = {}
    for name, model in POCKET.models.items():
        p = _params(pocket_model=name)
        got = [dispatch.pocket_flies(v, p) for v in CROSSINGS_MPS]
        assert got == [model.kernel(v, p) for v in CROSSINGS_MPS]
        outcomes[name] = tuple(got)
    assert outcomes == {"edge": (False,) * 4, "flight": (False, True, True, True)}


def test_the_loop_reaches_the_models_only_through_the_dispatch():
    kernels = [m.kernel for family in (CUSHION, POCKET) for m in family.models.values()]
    assert not [v for v in vars(loop).values() if any(v is k for k in kernels)]
    assert loop.cushion_impact is dispatch.cushion_impact
    assert loop.pocket_flies is dispatch.pocket_flies


# A stroke that meets the top cushion, and one that meets no cushion (the cue ball stops short).
BALLS = {"cue": (0.5, 0.9), "1": (2.0, 0.9)}
INTO_A_CUSHION = Strike(3.0, 0.0)
SHORT = Strike(0.2, np.pi / 2)


@pytest.mark.parametrize("family", [CUSHION, POCKET], ids=lambda f: f.field)
def test_a_model_registered_without_a_kernel_branch_is_refused(monkeypatch, family):
    """A model put into a registry after the dispatch was generated (here in-process: its
    kernel is another model's) is not run as another model: every stroke with it is refused."""
    donor = next(iter(family.models.values()))
    dummy = Model(ModelSpec("dummy", "none", (), donor.kernel), len(family.models))
    monkeypatch.setitem(family.models, "dummy", dummy)
    simulator = Simulator(physics=PhysicsParams(**{family.field: "dummy"}))
    assert simulator.params[family.slot] == dummy.model_id
    for strike in (INTO_A_CUSHION, SHORT):
        with pytest.raises(ModelNotCompiledError, match=rf"the {family.kind} id .* has no "
                                                        r"compiled kernel.*none is run instead"):
            simulator.simulate(BALLS, strike)
    p = simulator.params
    with pytest.raises(ModelNotCompiledError, match=family.kind):
        if family is CUSHION:
            dispatch.cushion_impact(*IMPACTS[0], False, p)
        else:
            dispatch.pocket_flies(1.0, p)


def test_the_registered_models_simulate():
    """The check before a stroke lets every registered pair of models through."""
    for cushion in CUSHION.models:
        for pocket in POCKET.models:
            sim = Simulator(physics=PhysicsParams(cushion_model=cushion, pocket_model=pocket))
            result = sim.simulate(BALLS, INTO_A_CUSHION)
            assert any(e.kind is EventKind.BALL_CUSHION for e in result.events)

