"""The pictures' public names, gathered from :mod:`russian_pyramid.drawing` (one module per concern;
the table's geometry is :mod:`sim.table`'s).  Importing this module loads matplotlib: the
commands import it only when asked for a picture."""
from __future__ import annotations

from .drawing.balls import draw_balls, draw_paths, path_colours
from .drawing.sheet import draw_game_sheet_png, game_sheet_figures, sheet_paths
from .drawing.stroke import draw_stroke_png, stroke_figure
from .drawing.style import (CLOTH, CUE_BALL, CUE_PATH_COLOUR, IVORY, PATH_COLOURS, RAIL_M,
                            RUBBER_M, SHEET_COLUMNS, SHEET_DPI, SHEET_MAX_FRAMES, STROKE_DPI,
                            SUGGEST_DPI, SUGGESTION_COLOURS)
from .drawing.suggestion import draw_suggestion_png, suggestion_figure
from .drawing.table import draw_table

__all__ = ["draw_table", "draw_balls", "draw_paths", "path_colours", "draw_stroke_png",
           "draw_suggestion_png", "draw_game_sheet_png", "sheet_paths", "stroke_figure",
           "suggestion_figure", "game_sheet_figures", "SHEET_MAX_FRAMES", "SHEET_COLUMNS",
           "SHEET_DPI", "STROKE_DPI", "SUGGEST_DPI", "RAIL_M", "RUBBER_M", "CLOTH", "CUE_BALL",
           "CUE_PATH_COLOUR", "IVORY", "PATH_COLOURS", "SUGGESTION_COLOURS"]
