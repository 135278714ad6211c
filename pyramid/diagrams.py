"""The diagrams' former module: the pictures live in :mod:`pyramid.drawing` (one module per
concern), the table's geometry in :mod:`sim.table`.  Kept so that ``from pyramid.diagrams
import ...`` in the commands and in other clients goes on working; new code imports
:mod:`pyramid.drawing`."""
from __future__ import annotations

import numpy as np

from sim.table import TableSpec

from .drawing import *  # noqa: F401,F403  (the public names, as before)
from .drawing import __all__ as _drawing_names
from .drawing.style import RAIL_M, RUBBER_M  # noqa: F401


# Kept for pyramid.app.table (the board's table_info) until re-pointed at sim.table's
# TableGeometry.cloth_outline / pocket_hole / pocket_hole_centre.
def _cloth_outline(table: TableSpec) -> np.ndarray:
    return table.geometry.cloth_outline()


def _hole(table: TableSpec, pid: str) -> np.ndarray:
    return table.geometry.pocket_hole(pid)


def _hole_centre(table: TableSpec, pid: str) -> np.ndarray:
    return table.geometry.pocket_hole_centre(pid)


__all__ = list(_drawing_names)
