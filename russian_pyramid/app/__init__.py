"""The application layer: the operations the product offers -- check a position, simulate a
stroke, suggest one, play, analyze, keep score -- taking and returning typed values.  The
command line (:mod:`russian_pyramid.commands`) and the board (:mod:`russian_pyramid.board`) are thin adapters
over it: they parse their input (argv, HTTP), call it, and render what it returns.  It imports
neither of them; the limits and defaults every adapter uses are in :mod:`russian_pyramid.app.limits`."""
