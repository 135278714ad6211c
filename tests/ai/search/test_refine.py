"""Cheaper candidates (issue 56 item 4): the refinement's coarse scan (ai.search.refine: 15
directions with the window's ends sharpened) keeps the fine scan's windows, aimed nearer its
aim than unsharpened; the coarse safety screen (ai.search.safety) plays fewer strokes, each
one the fine screen plays too; a cut drops only candidates.  The default uses the fine forms
at every level, as the frozen players do (the coarse ones lost in play at `strong`)."""
import math

import pytest

from ai.noise import NoiseModel
from ai.registry import make_agent
from ai.search.attack import attack_candidates
from ai.search.context import Context
from ai.search.refine import COARSE_STEPS, HALF_WIDTH_DEG, STEPS, longest_run, refine
from ai.search.safety import COARSE_FRACTIONS, safety_candidates
from ai.value import LearnedValue

from ..value.test_features import STATES

COARSE = COARSE_STEPS  # ``scan=15``
FINE_STEP_DEG = 2 * HALF_WIDTH_DEG / (STEPS - 1)
COARSE_STEP_DEG = 2 * HALF_WIDTH_DEG / (COARSE - 1)


def _positions():
    return [s for s in STATES if not s.cue_in_hand and s.result is None][:8]


def test_longest_run_is_the_first_longest():
    assert longest_run([False, True, True, False, True, True]) == (2, 1)
    assert longest_run([False, False]) == (0, 0)


def test_coarse_sharpened_scan_aims_as_the_fine_one(sim):
    """On random tables: every pot the fine scan keeps with a window wider than a coarse step
    the coarse sharpened scan keeps too, aimed within half a coarse step of the fine scan's; its
    aims and widths are nearer the fine scan's than those of the coarse scan unsharpened."""
    win, noise = LearnedValue(), NoiseModel()
    errors = {"sharp": [0.0, 0.0], "blunt": [0.0, 0.0]}  # summed |aim| and |width| errors
    kept = 0
    for st in _positions():
        ctx = Context(st, sim, noise, win)
        for c in attack_candidates(ctx, None, max_shots=3, other_manners=False):
            fine = refine(ctx, [c])
            if not fine or fine[0].shot.window_deg <= COARSE_STEP_DEG + FINE_STEP_DEG:
                continue
            kept += 1
            for name, sharpen in (("sharp", True), ("blunt", False)):
                coarse = refine(ctx, [c], steps=COARSE, sharpen=sharpen)
                assert coarse, f"the coarse scan lost the window of {c.call}"
                d_aim = abs(math.degrees(coarse[0].strike.phi_rad - fine[0].strike.phi_rad))
                assert d_aim <= COARSE_STEP_DEG / 2 + 1e-9
                errors[name][0] += d_aim
                errors[name][1] += abs(coarse[0].shot.window_deg - fine[0].shot.window_deg)
    assert kept >= 5
    assert errors["sharp"][0] < errors["blunt"][0], errors
    assert errors["sharp"][1] < 0.75 * errors["blunt"][1], errors


def test_cut_keeps_only_the_hopeful(sim):
    """``cut``: fewer candidates, every one kept also proposed without the cut."""
    win, noise = LearnedValue(), NoiseModel()
    fewer = 0
    for st in _positions():
        ctx = Context(st, sim, noise, win)
        every = attack_candidates(ctx, None, max_shots=6)
        kept = attack_candidates(ctx, None, max_shots=6, cut=0.5)
        keys = {(c.call, c.strike) for c in every}
        assert all((c.call, c.strike) in keys for c in kept)
        fewer += len(kept) < len(every)
    assert fewer >= 1


def test_the_coarse_screen_plays_a_subset_of_the_fine_screens_strokes(sim):
    win, noise = LearnedValue(), NoiseModel()
    for st in _positions()[:4]:
        played = {}
        for name, fractions in (("fine", None), ("coarse", COARSE_FRACTIONS)):
            ctx = Context(st, sim, noise, win)
            kw = {} if fractions is None else {"fractions": fractions}
            found = safety_candidates(ctx, None, keep=10_000, discover=False, **kw)
            played[name] = (ctx.sims, {(p.strike.phi_rad, p.strike.speed_mps) for p in found})
        assert 0 < played["coarse"][0] < played["fine"][0]
        assert played["coarse"][1] <= played["fine"][1]


@pytest.mark.parametrize("spec, scan, screen", [
    ("mc", STEPS, 5), ("mc-2", STEPS, 5), ("mc-base", STEPS, 5), ("mc:scan=15,screen=3", 15, 3)])
def test_the_default_and_the_frozen_players_generate_finely(spec, scan, screen):
    options = make_agent(spec).options
    assert (options.scan, options.screen, options.cut) == (scan, screen, 0.0)


@pytest.mark.parametrize("spec", ["mc:scan=2", "mc:screen=4", "mc:cut=2"])
def test_options_out_of_range_are_refused(spec):
    with pytest.raises(ValueError, match=spec.split(":")[1].split("=")[0]):
        make_agent(spec)
