"""Where games are played side by side: joblib's backends on this machine, or a Dask cluster.

One place for what a tournament (:mod:`russian_pyramid.app.tournament`) and self-play
(:mod:`ai.calibrate.selfplay`) both need: ``loky`` (processes, the default; each worker ends
when the process that started it does, :func:`ai.games.tournament.watch_parent`),
``threading``, ``sequential`` (one game at a time, in this process) and ``dask`` (joblib's Dask
backend on the cluster whose scheduler is given: the same code, more machines).  Dask is
optional (the ``[cluster]`` extra, :mod:`engine.extras`): ``dask`` and ``distributed`` are
imported only when that backend is asked for.
"""
from __future__ import annotations

import os
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

import joblib

from engine import extras

from .tournament import watch_parent

BACKENDS = ("loky", "threading", "sequential", "dask")
DASK_CONNECT_TIMEOUT = "20s"  # how long to wait for the scheduler before giving up


class ParallelSetupError(ValueError):
    """The backend cannot be set up (a missing package, an unknown backend, a scheduler that
    does not answer); the message says which and what to do."""


@dataclass
class Workers:
    """joblib's configuration to play under (``with workers.config:``), the number of jobs to
    ask of ``joblib.Parallel``, and the Dask client to close afterwards (None otherwise)."""

    config: AbstractContextManager
    n_jobs: int
    client: Any = None

    def close(self) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None


def workers(backend: str, jobs: int, scheduler: str | None = None) -> Workers:
    """The :class:`Workers` of ``backend`` with ``jobs`` workers (the cluster's own with
    ``dask``, whose ``scheduler`` address is then needed); ParallelSetupError when they cannot
    be had."""
    if backend not in BACKENDS:
        raise ParallelSetupError(f"backend {backend!r} is not one of {', '.join(BACKENDS)}")
    if (backend == "dask") != (scheduler is not None):
        raise ParallelSetupError("a scheduler address goes with the dask backend, and only "
                                 "with it")
    if backend == "dask":
        try:
            extras.require("cluster", "the dask backend")
        except extras.MissingExtra as exc:
            raise ParallelSetupError(str(exc)) from None
        from distributed import Client  # the [cluster] extra, checked above: only for dask
        try:
            client = Client(scheduler, timeout=DASK_CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise ParallelSetupError(f"scheduler {scheduler!r}: cannot connect: {exc}") from None
        return Workers(joblib.parallel_config(backend="dask"), -1, client)
    if backend == "loky":  # the workers end with this process, even one killed with SIGKILL
        return Workers(joblib.parallel_config(backend="loky", initializer=watch_parent,
                                              initargs=(os.getpid(),)), jobs)
    return Workers(joblib.parallel_config(backend=backend),
                   1 if backend == "sequential" else jobs)
