"""Offline calibration against self-play and the simulator (run by hand, written to files
the package reads): ``python -m ai.calibrate.pwin`` fits the P(win) model's score-race
weights, ``python -m ai.calibrate.value`` the learned value (on positions from
``python -m ai.calibrate.selfplay``), ``python -m ai.calibrate.windows`` the closed-form pocket
windows and ``python -m ai.calibrate.rebound`` the cushion rebound law of bank routes.

Two modules are read at run time, not only by hand: :mod:`.provenance` (what a calibration
was fitted for, :class:`~.provenance.FittedFor`; it imports only ``sim``, so the geometry and
value modules that hold calibrations can import it) and :mod:`.fitted` (the four calibrations
and the check :func:`ai.registry.make_agent` makes).  This package itself imports nothing."""
