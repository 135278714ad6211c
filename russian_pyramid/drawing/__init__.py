"""Diagrams of positions, strokes, suggestions and whole games, as PNG files (matplotlib).

One module per concern: :mod:`.style` (colours, sizes), :mod:`.figure` (figures, PNG bytes,
scale, caption texts), :mod:`.table` (the table), :mod:`.balls` (balls, paths, fallen balls),
:mod:`.stroke`, :mod:`.suggestion` and :mod:`.sheet` (the three kinds of picture).  The
table's outline, holes and marks are :mod:`sim.table`'s (the geometry the simulator plays
on); the words are the catalog's (``drawing.*``).

Used by the command line: ``simulate --png``, ``suggest --png``, ``play --png-dir`` and
``analyze --png``, through :mod:`russian_pyramid.diagrams`, which gathers the public names.  This
package's ``__init__`` imports nothing, so that :mod:`.style` (the rail widths the board's page
draws too, :mod:`russian_pyramid.app.table`) is read without loading matplotlib (0.7 s).

Drawing conventions
-------------------
* The table is drawn to scale in table coordinates (metres, ``docs/FORMATS.md``): x
  horizontal with the house cushion (x = 0) at the left, y up (so +y, the left side seen from
  the house end, is at the top), equal aspect.  Cloth, the cushion outline as the simulator
  sees it (noses, jaw faces, jaw roundings as arcs), pocket holes beyond the capture lines, the
  three spots, the dashed house line and pocket ids.
* Object balls are ivory with their number, the cue ball red (as in Russian pyramid).
* Paths: the cue ball's path red and thicker, each moving object ball its own colour
  (:func:`path_colours`).

Files
-----
The ``*_png`` functions are pure: they take data, render into an in-memory PNG and write it
with :func:`russian_pyramid.io.write_atomic` (a whole file or nothing).  They raise
:class:`russian_pyramid.errors.UserInputError` if the output folder does not exist, before drawing.

:func:`draw_game_sheet_png` puts at most :data:`SHEET_MAX_FRAMES` (24) strokes on a sheet, in
rows of :data:`SHEET_COLUMNS` (4).  A game that fits is written to ``path`` itself; a longer game
is paginated into ``stem-1.png``, ``stem-2.png``, ... next to ``path`` (``path`` itself is then
not written); :func:`sheet_paths` gives the names.

The ``*_figure`` functions build the same figures without writing them (tests use them to
map table coordinates to pixels: figures are saved at their own size and dpi, without
``bbox_inches="tight"``, so ``ax.transData`` maps to the PNG's pixels, y counted from the bottom).
"""
