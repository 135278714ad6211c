"""The AI's calibrations, what each was fitted for, and the check made when an agent is built.

Four calibrations (docs/CALIBRATION.md), each with a :class:`FittedFor`:

* the learned value's weights (``ai/value/learned_weights.json``, ``fitted_for``), and those
  fitted at the lower levels of play (``learned_weights_pro.json``,
  ``learned_weights_master.json``: ai/value/levels.py);
* the P(win) race weights (``ai/value/pwin_weights.json``, ``fitted_for``);
* the pocket windows (``ai.geometry.pockets.W_CORNER`` / ``W_MIDDLE``, ``WINDOWS_FITTED_FOR``);
* the cushion rebound law of bank routes (``ai.geometry.banks.REBOUND``, ``REBOUND_FITTED_FOR``).

Used on another table or physics, each still gives an estimate of the right kind, only less
precise (a pot chance, a first aim that the simulated refinement corrects, a P(win)), so a
mismatch warns (:class:`CalibrationMismatch`) and play goes on; none is refused.  What would
be wrong rather than imprecise -- learned weights for other features than the code computes --
is refused where the weights are loaded (:meth:`ai.value.learned.LearnedWeights.load`).

:func:`warn_if_mismatched` is called once per agent built (:func:`ai.registry.make_agent`),
never in the search: one warning naming every calibration that does not fit, and Python's
warnings filter shows a message once per place it is raised from.
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from sim import Simulator

from ..geometry.banks import REBOUND_FITTED_FOR
from ..geometry.pockets import WINDOWS_FITTED_FOR
from ..value.learned import LEARNED_FILE, LearnedWeights
from ..value.levels import LEVEL_FILES
from ..value.pwin import load_fitted_for
from .provenance import CalibrationMismatch, Checked, FittedFor, mismatches, used_with

DOC = "docs/CALIBRATION.md"


@dataclass(frozen=True)
class Calibration:
    """One calibration the AI reads, what it was fitted for (None: the source says nothing,
    e.g. the hand-set weights used when a file is missing) and what of that is checked."""

    name: str
    fitted_for: FittedFor | None
    checked: tuple[Checked, ...] = tuple(Checked)

    def mismatches(self, sim: Simulator) -> list[Checked]:
        """What of :attr:`checked` differs on ``sim`` (everything when nothing is known)."""
        if self.fitted_for is None:
            return list(self.checked)
        return mismatches(self.fitted_for, sim, self.checked)

    def fitted_for_text(self) -> str:
        if self.fitted_for is None:
            return "nothing it says"
        return self.fitted_for.describe()


@lru_cache(maxsize=None)
def _learned_fitted_for(path: Path = LEARNED_FILE) -> FittedFor | None:
    try:
        return LearnedWeights.load(path).fitted_for
    except (OSError, ValueError, KeyError, TypeError):  # the agents that use it will say so
        return None


def calibrations() -> tuple[Calibration, ...]:
    """The calibrations (the weight files are read once per process).  The P(win) race
    weights are checked for the table only: they were fitted on the physics before issue 9
    (their file's ``fitted_for.note``) and see only the score race."""
    return (
        *(Calibration(f"the learned value's weights (ai/value/{path.name})",
                      _learned_fitted_for(path)) for _, path in LEVEL_FILES),
        Calibration("the P(win) race weights (ai/value/pwin_weights.json)",
                    _pwin_fitted_for(), (Checked.TABLE,)),
        Calibration("the pocket windows (ai.geometry.pockets.W_CORNER, W_MIDDLE)",
                    WINDOWS_FITTED_FOR),
        Calibration("the rebound law of bank routes (ai.geometry.banks.REBOUND)",
                    REBOUND_FITTED_FOR),
    )


@lru_cache(maxsize=1)
def _pwin_fitted_for() -> FittedFor | None:
    return load_fitted_for()


def mismatched(sim: Simulator) -> list[Calibration]:
    """The calibrations that were not fitted for ``sim``'s table and physics."""
    return [c for c in calibrations() if c.mismatches(sim)]


def mismatch_message(sim: Simulator, bad: list[Calibration]) -> str:
    """``AI calibrations used with table pyramid-10ft, ...: the pocket windows, ... (fitted for
    table pyramid-12ft, ...); ... Play goes on with less precise estimates (...)``."""
    groups: dict[str, list[str]] = {}
    for c in bad:
        groups.setdefault(c.fitted_for_text(), []).append(c.name)
    fitted = "; ".join(f"{', '.join(names)} (fitted for {text})" for text, names in groups.items())
    return (f"AI calibrations used with {used_with(sim)}: {fitted}. Play goes on with less "
            f"precise estimates ({DOC}).")


def warn_if_mismatched(sim: Simulator, stacklevel: int = 2) -> list[Calibration]:
    """Warn (:class:`CalibrationMismatch`, one warning for all) when some calibration was not
    fitted for ``sim``; returns the calibrations that were not."""
    bad = mismatched(sim)
    if bad:
        warnings.warn(mismatch_message(sim, bad), CalibrationMismatch, stacklevel=stacklevel + 1)
    return bad
