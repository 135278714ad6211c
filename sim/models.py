"""The published models a stroke can be simulated with, one registry per kind: the cushion
impact models (:mod:`sim.cushion_models`) and the pocket models (:mod:`sim.pocket_models`).

Laid out as pooltool lays out its ``physics/resolve``: one module per published model behind
one small protocol of its kind, and a registry naming them.  Here a model's module (in
``sim/physics/``) holds its compiled kernel -- the protocol function, taking plain numbers and
the flat parameter array (:mod:`sim.layout`) -- and declares itself in a :class:`ModelSpec`:
the name ``PhysicsParams`` and game records use, the publication it follows, the
``PhysicsParams`` fields its kernel reads, and the kernel.  A :class:`ModelFamily` lists the
specs of one kind, in the order error messages name them; a model's place in that list is the
integer the compiled code knows it by (the family's parameter slot holds it).

The compiled dispatch (``sim/physics/dispatch.py``) is generated from the registries: each
registered kernel gets its own branch, and an id no branch knows raises
:class:`ModelNotCompiledError` instead of running another model.  Adding a model: its module
with its kernel and ``MODEL = ModelSpec(...)``, and one line in its kind's registry
(docs/PHYSICS.md, "Adding a model").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class ModelSpec:
    """What a model's own module declares about it."""

    name: str  # as PhysicsParams and game records' header.physics name it
    publication: str  # where it was published, or the derivation it follows
    parameters: tuple[str, ...]  # the PhysicsParams fields its kernel reads (besides the table's)
    kernel: Callable  # the compiled protocol function of its kind

    @property
    def kernel_module(self) -> str:
        """The dotted name of the module the kernel is defined in."""
        return getattr(self.kernel, "py_func", self.kernel).__module__


@dataclass(frozen=True)
class Model:
    """A registered model: its spec and the integer the compiled code knows it by."""

    spec: ModelSpec
    model_id: int  # the value of its family's parameter slot; its place in the registry

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def publication(self) -> str:
        return self.spec.publication

    @property
    def parameters(self) -> tuple[str, ...]:
        return self.spec.parameters

    @property
    def kernel(self) -> Callable:
        return self.spec.kernel

    @property
    def kernel_module(self) -> str:
        return self.spec.kernel_module


class UnknownModelError(ValueError):
    """A model name its registry does not know; the message names where it was given, the
    value and the known names."""

    def __init__(self, name, where: str, known) -> None:
        self.name = name
        super().__init__(f"{where} must be one of {', '.join(known)}, got {name!r:.60}")


class ModelNotCompiledError(RuntimeError):
    """Raised by the compiled dispatch for a model id it has no branch for: a model put into
    a registry after the dispatch was generated from it.  A failure of the program, never of
    the input (names are checked against the registries first)."""


@dataclass(frozen=True)
class ModelFamily:
    """The registered models of one kind.

    ``field`` is the PhysicsParams field that names the model, ``slot`` the kernel parameter
    slot (:mod:`sim.layout`) that holds its id, ``protocol`` the signature every kernel of the
    kind has."""

    kind: str
    field: str
    slot: int
    protocol: str
    models: dict[str, Model]

    @classmethod
    def of(cls, kind: str, field: str, slot: int, protocol: str,
           specs: tuple[ModelSpec, ...]) -> "ModelFamily":
        """The family of ``specs``, each known by its place in the tuple."""
        names = [s.name for s in specs]
        if len(set(names)) != len(names):
            raise ValueError(f"{kind} names must differ: {names}")
        return cls(kind, field, slot, protocol,
                   {s.name: Model(s, i) for i, s in enumerate(specs)})

    def get(self, name, where: str | None = None) -> Model:
        """The model called ``name``; :class:`UnknownModelError` (naming ``where``, by default
        ``physics.<field>``, the value and the known names) for any other value."""
        model = self.models.get(name) if isinstance(name, str) else None
        if model is None:
            raise UnknownModelError(name, where or f"physics.{self.field}", self.models)
        return model

    def by_id(self, model_id: int) -> Model:
        """The model the compiled code knows by ``model_id``."""
        for model in self.models.values():
            if model.model_id == model_id:
                return model
        raise ValueError(f"no {self.kind} has id {model_id!r}; known: "
                         + ", ".join(f"{m.name} = {m.model_id}" for m in self.models.values()))
