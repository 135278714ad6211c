"""Event-based ball simulator for Russian pyramid tables (knows nothing of the rules)."""
# first: Numba's cache folder is chosen by a digest of the sources, before any kernel exists
from . import kernel_cache  # noqa: F401
from .api import PositionRefused, SimInputError, Simulator, Strike, parse_balls, shared_simulator
from .events import BALL_IDS, Event, EventKind, MotionState
from .params import PhysicsParams
from .result import Batch, Pocketed, SimResult
from .presets import PLAYABLE_TABLES, PRESETS, UnknownTableError, preset_by_name, table_by_name
from .table import DEFAULT_TABLE, POCKET_IDS, TableSpec

__all__ = ["Batch", "PositionRefused", "Simulator", "shared_simulator", "Strike", "SimInputError", "parse_balls", "BALL_IDS", "Event",
           "EventKind", "MotionState", "PhysicsParams", "Pocketed", "SimResult", "POCKET_IDS",
           "PRESETS", "PLAYABLE_TABLES", "TableSpec", "table_by_name", "preset_by_name", "DEFAULT_TABLE",
           "UnknownTableError"]
