"""The compiled dispatch to the registered models, generated from the registries.

When this module is imported, :func:`generate` builds from ``sim.cushion_models.CUSHION`` and
``sim.pocket_models.POCKET`` a chain of small compiled functions, one per registered model:
"if the family's parameter slot holds this model's id, run this model's kernel, else ask the
next", the last one raising :class:`sim.models.ModelNotCompiledError`.  Numba freezes each
link's id and kernel into the machine code, so the dispatch is one integer compare per model
and a direct call of its kernel; no branch is written by hand, so none can be forgotten, and an
id with no kernel (a model put into a registry after this module was imported) is refused,
never run as another model.  :func:`check_models` refuses it before a stroke is simulated, so
that a stroke that meets no cushion is refused as well.

The kernel cache (``sim/kernel_cache.py``) is keyed by a digest of the kernel sources, the
registries included (this module imports them): a model added compiles afresh.
"""
from __future__ import annotations

from numba import njit

from .jit import kernel

from ..cushion_models import CUSHION
from ..layout import P_CUSHION_MODEL, P_POCKET_MODEL
from ..models import ModelFamily, ModelNotCompiledError
from ..pocket_models import POCKET


def _link(slot, model_id, model_kernel, otherwise):
    """Run ``model_kernel`` if ``params[slot]`` (params: every protocol's last argument) is
    ``model_id``, else ``otherwise``.  Plain ``njit``, not ``kernel``: a function made at
    import has no cache of its own; its machine code is kept in its cached callers'."""
    @njit(error_model="numpy")
    def link(*args):
        if args[-1][slot] == model_id:
            return model_kernel(*args)
        return otherwise(*args)
    return link


def _last(slot, model_id, model_kernel, message):
    """The last link: ``model_kernel`` for ``model_id``, :class:`ModelNotCompiledError` for any
    other id."""
    @njit(error_model="numpy")
    def last(*args):
        if args[-1][slot] == model_id:
            return model_kernel(*args)
        raise ModelNotCompiledError(message)
    return last


def not_compiled_message(family: ModelFamily) -> str:
    """What :class:`ModelNotCompiledError` says for ``family``."""
    return (f"the {family.kind} id in the kernel parameters (physics.{family.field}, slot "
            f"{family.slot}) has no compiled kernel: a model registered after "
            f"sim/physics/dispatch.py was generated from the registry; none is run instead")


def generate(family: ModelFamily):
    """The compiled dispatch over ``family``'s models as registered now: a function taking
    the family's protocol arguments."""
    models = list(family.models.values())
    chain = _last(family.slot, models[-1].model_id, models[-1].kernel,
                  not_compiled_message(family))
    for model in reversed(models[:-1]):
        chain = _link(family.slot, model.model_id, model.kernel, chain)
    return chain


_cushion = generate(CUSHION)
_pocket = generate(POCKET)
CUSHION_IDS = tuple(m.model_id for m in CUSHION.models.values())
POCKET_IDS = tuple(m.model_id for m in POCKET.models.values())
NO_CUSHION_KERNEL = not_compiled_message(CUSHION)
NO_POCKET_KERNEL = not_compiled_message(POCKET)


@kernel
def _known(model_id, ids):
    for known in ids:
        if model_id == known:
            return True
    return False


@kernel
def check_models(params):
    """Raise :class:`ModelNotCompiledError` unless the cushion and the pocket model ids in
    ``params`` each have a compiled kernel."""
    if not _known(params[P_CUSHION_MODEL], CUSHION_IDS):
        raise ModelNotCompiledError(NO_CUSHION_KERNEL)
    if not _known(params[P_POCKET_MODEL], POCKET_IDS):
        raise ModelNotCompiledError(NO_POCKET_KERNEL)


@kernel
def cushion_impact(vx, vy, wx, wy, wz, nx, ny, jaw, params):
    """The cushion protocol (sim/cushion_models.py) run by the model ``params[P_CUSHION_MODEL]``
    names."""
    return _cushion(vx, vy, wx, wy, wz, nx, ny, jaw, params)


@kernel
def pocket_flies(v_across, params):
    """The pocket protocol (sim/pocket_models.py) run by the model ``params[P_POCKET_MODEL]``
    names: whether a ball crossing a slate edge at ``v_across`` flies on."""
    return _pocket(v_across, params)
