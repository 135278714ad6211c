"""Offline calibration against self-play and the simulator (run by hand, written to files
the package reads): ``python -m ai.calibrate.pwin`` fits the P(win) model's score-race
weights; ``python -m ai.calibrate.windows`` the closed-form pocket windows."""
