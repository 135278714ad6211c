"""A ball past a pocket's slate edge falls (pocket model "edge", the default): the moment its
centre passes the slate edge, at any speed.

Alciatore's slow-shot assumption (D. G. Alciatore, "Technical Proofs" for *The Illustrated
Principles of Pool and Billiards*, TP 3.5/3.6): a ball whose centre is past the edge is turned
further in by gravity's moment about it.  No ball ever flies on: :func:`flies` is False.
"""
from __future__ import annotations

from .jit import kernel

from ..models import ModelSpec


@kernel
def flies(v_across, params):
    """The pocket models' protocol (sim/pocket_models.py): a ball crossing the slate edge at
    ``v_across`` (m/s) never flies on; it falls."""
    return False


MODEL = ModelSpec(
    name="edge",
    publication="D. G. Alciatore, \"Technical Proofs\" for The Illustrated Principles of Pool "
                "and Billiards, TP 3.5/3.6 (the slow-shot assumption)",
    parameters=(),
    kernel=flies)
