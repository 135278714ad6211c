"""The diagrams' palette and sizes: colours of cloth, rails, balls and paths, the rail drawn
around the cushions, the sheets' layout and the dpi of each kind of picture.  Drawing
conventions only (no physics): the table's geometry comes from :mod:`sim.table`."""
from __future__ import annotations

from typing import Sequence

# the table's own colours, shared with every picture of it
from sim.table_drawing import CLOTH, CUE_BALL, HOLE, IVORY, MARKS, RAIL_WOOD  # noqa: F401

CUSHION_RUBBER = "#0f5a2c"
CUSHION_LINE = "#d9f2d0"
CUE_PATH_COLOUR = "#ff2a2a"
# One colour per moving object ball, chosen to read on green cloth and to differ from the cue.
PATH_COLOURS = ("#2b7bff", "#ffb000", "#c04dff", "#00e5ff", "#ff66c4", "#b6ff3b", "#ffffff",
                "#ff7b00", "#7d5cff", "#00ffa2", "#f0e442", "#ff9e9e", "#a0c8ff", "#ffd6a0",
                "#d0a0ff")
SUGGESTION_COLOURS = ("#ffe600", "#00e5ff", "#ff66c4", "#b6ff3b", "#ff9a3c", "#c04dff")

RAIL_M = 0.16  # width of the wooden rail drawn around the cushions (a drawing's choice)
RUBBER_M = 0.045  # width of the cushion rubber band drawn outside the noses
SHEET_MAX_FRAMES = 24
SHEET_COLUMNS = 4
STROKE_DPI = 150
SUGGEST_DPI = 150
SHEET_DPI = 100

Point = Sequence[float]
HOLE_RADIUS_R = 1.3  # the round hole drawn at each pocket's hole centre, in ball radii
