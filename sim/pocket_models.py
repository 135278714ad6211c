"""The pocket models, by name: what a ball does past a pocket's slate edge (:data:`POCKET`).

Each model lives in its own kernel module in ``sim/physics/`` and declares itself there
(``MODEL``, a :class:`sim.models.ModelSpec`).  Its kernel is the pocket models' protocol, a
compiled function

    flies(v_across, params) -> bool

whether a ball whose centre crosses a slate edge outward at ``v_across`` (m/s, across the edge)
flies on past it (the event loop then follows it as FLYING, ``sim/physics/pocket_flight.py``)
rather than falling into the pocket there.

``PhysicsParams.pocket_model`` names a model; :func:`sim.params.kernel_params` writes its
``model_id`` (its place below) into ``layout.P_POCKET_MODEL``; the compiled dispatch
(``sim/physics/dispatch.py``), generated from this list, runs its kernel.  docs/PHYSICS.md,
"Pockets" and "Adding a model".
"""
from __future__ import annotations

from . import layout
from .models import Model, ModelFamily
from .physics import pocket_edge, pocket_flight

POCKET = ModelFamily.of(
    "pocket model", "pocket_model", layout.P_POCKET_MODEL, "flies(v_across, params) -> bool",
    (
        pocket_edge.MODEL,
        pocket_flight.MODEL,
    ))

# Every model by name, in the order error messages list them.
POCKET_MODELS: dict[str, Model] = POCKET.models
DEFAULT_POCKET_MODEL = "edge"  # until the AI is refitted on "flight" (sim/params.py)
