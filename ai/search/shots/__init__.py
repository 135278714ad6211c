"""Pots worked out from the table's geometry before any simulation: one module per manner of
R5.1.  Each module offers

* ``MANNER``, and ``RESOURCE_ONLY`` (looked for only when no clean pot is likely);
* ``shots(query) -> list[Shot]``: the cue direction, the distances that set the speed, and a
  closed-form estimate (``prior``) of how likely the pot is under the execution noise;
* ``variants(shot) -> [(speed m/s, vertical tip offset), ...]``: the strokes to try;
* ``CAP`` (how many go on to refinement; clean pots: the search's ``shots`` option) and
  ``SCAN_DEG`` (half-width of the refinement scan, None for the default).

Adding a manner is adding a module here and listing it in :data:`GENERATORS`, in the order
they are asked (clean first: whether its best pot is likely decides ``resource``)."""
from . import bank, carom, clean, combination, cushion_first, kiss
from .base import Shot, ShotQuery

GENERATORS = (clean, bank, cushion_first, combination, carom, kiss)

__all__ = ["GENERATORS", "Shot", "ShotQuery"]
