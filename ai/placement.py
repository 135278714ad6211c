"""Choosing where to put the cue ball when it is in hand (R3.2, R8.1, R8.3)."""
from __future__ import annotations

import numpy as np

from engine import GameState, can_place_cue


def random_placement(state: GameState, rng: np.random.Generator,
                     tries: int = 200) -> tuple[float, float] | None:
    """A uniformly random legal spot in the placement region, or None if none was found."""
    region = state.placement_region()
    if region is None:
        return None
    for _ in range(tries):
        x = float(rng.uniform(region.x_min_m, region.x_max_m))
        y = float(rng.uniform(region.y_min_m, region.y_max_m))
        if can_place_cue(state, x, y):
            return (x, y)
    return None


def placement_grid(state: GameState, nx: int = 5, ny: int = 9) -> list[tuple[float, float]]:
    """Legal spots on a regular grid over the placement region (for search)."""
    region = state.placement_region()
    if region is None:
        return []
    out = []
    for x in np.linspace(region.x_min_m, region.x_max_m, nx):
        for y in np.linspace(region.y_min_m, region.y_max_m, ny):
            if can_place_cue(state, float(x), float(y)):
                out.append((float(x), float(y)))
    return out
