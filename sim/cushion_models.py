"""The cushion impact models, by name: the one place that says which models exist, which
integer the compiled loop knows each by, where each was published and which physics
parameters it reads.

``PhysicsParams.cushion_model`` names a model (validated here, :func:`cushion_model`);
:func:`sim.params.kernel_params` writes its :attr:`CushionModel.model_id` into the parameter
slot ``layout.P_CUSHION_MODEL``; the loop (``sim/physics/loop.py``) compares that slot with the
ids below.  Numba reads module-level integers as compile-time constants, so the ids are plain
integers (``CUSHION_*``), not attributes of the records: the dispatch stays an integer
compare in compiled code.

Each model lives in its own kernel module (after pooltool's one-module-per-published-model
layout) behind one small protocol, a compiled function

    resolve(vx, vy, wx, wy, wz, nx, ny, jaw, params) -> ((vx, vy, wx, wy, wz), closing)

the ball's velocity and spin after it meets a cushion nose or jaw (``jaw`` True) whose
free-side unit normal is (nx, ny), and whether it was closing on it.  Adding a model: a
module with ``resolve``, an id and an entry below, and a branch in the loop's dispatch (a
compiled loop cannot call through a table of functions without slowing every impact).
"""
from __future__ import annotations

from dataclasses import dataclass

# The values of the kernel parameter slot layout.P_CUSHION_MODEL.
CUSHION_HAN2005 = 0
CUSHION_MATHAVAN2010 = 1


@dataclass(frozen=True)
class CushionModel:
    """One published cushion impact model."""

    name: str  # as PhysicsParams.cushion_model and game records' header.physics name it
    model_id: int  # the value of layout.P_CUSHION_MODEL the loop dispatches on
    publication: str
    kernel_module: str  # the module whose compiled ``resolve`` implements it
    parameters: tuple[str, ...]  # the PhysicsParams fields it reads (besides the table's)


HAN2005 = CushionModel(
    name="han2005", model_id=CUSHION_HAN2005,
    publication="I. Han, \"Dynamics in carom and three cushion billiards\", J. Mech. Sci. "
                "Tech. 19(4) (2005) 976-984",
    kernel_module="sim.physics.cushion_han2005",
    parameters=("e_cushion", "mu_cushion", "e_jaw", "mu_jaw", "cushion_rest_below_mps"))

MATHAVAN2010 = CushionModel(
    name="mathavan2010", model_id=CUSHION_MATHAVAN2010,
    publication="S. Mathavan, M. R. Jackson, R. M. Parkin, \"A theoretical analysis of billiard "
                "ball dynamics under cushion impacts\", Proc. IMechE Part C 224 (2010) 1863-1873",
    kernel_module="sim.physics.cushion_mathavan2010",
    parameters=("mu_cushion", "mu_slide", "cushion_e_energetic", "cushion_e_ref_speed_mps",
                "cushion_e_speed_exponent", "cushion_rest_below_mps"))

# Every model by name, in the order error messages list them.
CUSHION_MODELS: dict[str, CushionModel] = {m.name: m for m in (HAN2005, MATHAVAN2010)}
DEFAULT_CUSHION_MODEL = MATHAVAN2010.name


class UnknownCushionModelError(ValueError):
    """A cushion model name the registry does not know; the message lists the known ones."""

    def __init__(self, name, where: str = "physics.cushion_model"):
        self.name = name
        super().__init__(f"{where} must be one of {', '.join(CUSHION_MODELS)}, got {name!r:.60}")


def cushion_model(name, where: str = "physics.cushion_model") -> CushionModel:
    """The model called ``name``; raises :class:`UnknownCushionModelError` (a ValueError naming
    ``where``, the value and the known names) for any other value."""
    model = CUSHION_MODELS.get(name) if isinstance(name, str) else None
    if model is None:
        raise UnknownCushionModelError(name, where)
    return model


def cushion_model_by_id(model_id: int) -> CushionModel:
    """The model the kernel knows by ``model_id`` (the inverse of ``model.model_id``)."""
    for model in CUSHION_MODELS.values():
        if model.model_id == model_id:
            return model
    raise ValueError(f"no cushion model has id {model_id!r}; known: "
                     + ", ".join(f"{m.name} = {m.model_id}" for m in CUSHION_MODELS.values()))
