"""The cushion impact models, by name: the one list of the models that exist (:data:`CUSHION`).

Each model lives in its own kernel module in ``sim/physics/`` (after pooltool's
one-module-per-published-model layout) and declares itself there (``MODEL``, a
:class:`sim.models.ModelSpec`: name, publication, the PhysicsParams fields it reads, kernel).
Its kernel is the cushion models' protocol, a compiled function

    resolve(vx, vy, wx, wy, wz, nx, ny, jaw, params) -> ((vx, vy, wx, wy, wz), closing)

the ball's velocity and spin after it meets a cushion nose or jaw (``jaw`` True) whose
free-side unit normal is (nx, ny), and whether it was closing on it.

``PhysicsParams.cushion_model`` names a model (validated here, :func:`cushion_model`);
:func:`sim.params.kernel_params` writes its ``model_id`` (its place below) into the slot
``layout.P_CUSHION_MODEL``; the compiled dispatch (``sim/physics/dispatch.py``), generated
from this list, runs that model's kernel.  Adding a model: its module, and one line below
(docs/PHYSICS.md, "Adding a model").
"""
from __future__ import annotations

from . import layout
from .models import Model, ModelFamily, UnknownModelError
from .physics import cushion_han2005, cushion_mathavan2010

CUSHION = ModelFamily.of(
    "cushion model", "cushion_model", layout.P_CUSHION_MODEL,
    "resolve(vx, vy, wx, wy, wz, nx, ny, jaw, params) -> ((vx, vy, wx, wy, wz), closing)",
    (
        cushion_han2005.MODEL,
        cushion_mathavan2010.MODEL,
    ))

# Every model by name, in the order error messages list them.
CUSHION_MODELS: dict[str, Model] = CUSHION.models
HAN2005 = CUSHION_MODELS["han2005"]
MATHAVAN2010 = CUSHION_MODELS["mathavan2010"]
DEFAULT_CUSHION_MODEL = MATHAVAN2010.name

# A cushion model name the registry does not know; the message lists the known ones.
UnknownCushionModelError = UnknownModelError


def cushion_model(name, where: str = "physics.cushion_model") -> Model:
    """The model called ``name``; raises :class:`UnknownCushionModelError` (a ValueError naming
    ``where``, the value and the known names) for any other value."""
    return CUSHION.get(name, where)


def cushion_model_by_id(model_id: int) -> Model:
    """The model the kernel knows by ``model_id`` (the inverse of ``model.model_id``)."""
    return CUSHION.by_id(model_id)
