"""The command line's argument types (:func:`positive_int`, :func:`seed_int`), and the helpers
``play``, ``tournament`` and ``analyze`` share, which live in the application layer
(:mod:`russian_pyramid.app.common`, :mod:`russian_pyramid.app.limits`) and are re-exported here under the
names they always had (``C.noise_model``, ``C.stroke_line``, ``C.SEED_MAX``, ...)."""
from __future__ import annotations

import argparse

from engine.errors import excerpt

from ..app.common import (agent_file, agent_spec, finite, first_run, fmt_call, fresh_seed,
                          handicap, handicap_file, log, noise_model, stroke_line)
from ..app.limits import MAX_JOBS, SEED_MAX

__all__ = ["agent_file", "handicap_file", "agent_spec", "finite", "first_run", "fmt_call",
           "fresh_seed", "handicap", "log", "noise_model", "stroke_line", "SEED_MAX",
           "positive_int", "seed_int", "jobs_int"]

MAX_INT_DIGITS = 24  # int() of a 5 000-digit string is slow, then refused anyway


def positive_int(text: str) -> int:
    """An argument that is an integer of at least 1 (argparse names the flag)."""
    try:
        v = int(text) if len(text.strip()) <= MAX_INT_DIGITS else 0
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {excerpt(text)}") \
            from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {excerpt(text)}")
    return v


def seed_int(text: str) -> int:
    """``--seed``: an integer from 0 to :data:`SEED_MAX` (argparse names the flag)."""
    why = f"must be an integer from 0 to {SEED_MAX}, got {excerpt(text)}"
    if len(text.strip()) > MAX_INT_DIGITS:
        raise argparse.ArgumentTypeError(why)
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(why) from None
    if not 0 <= v <= SEED_MAX:
        raise argparse.ArgumentTypeError(why)
    return v


def jobs_int(text: str) -> int:
    """``--jobs``: joblib's ``n_jobs``, 1 .. :data:`MAX_JOBS` workers or -1 (all cores), -2
    (all but one) ... down to ``-MAX_JOBS``; never 0 (argparse names the flag)."""
    why = (f"must be an integer from 1 to {MAX_JOBS} (workers) or from -1 (all cores) to "
           f"-{MAX_JOBS}, got {excerpt(text)}")
    if len(text.strip()) > MAX_INT_DIGITS:
        raise argparse.ArgumentTypeError(why)
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(why) from None
    if v == 0 or not -MAX_JOBS <= v <= MAX_JOBS:
        raise argparse.ArgumentTypeError(why)
    return v
