"""From simulated batches to refereed outcomes, fast.

``Simulator.results_from_batch`` builds Python event objects (~140 us a stroke) and the rules
core's ``adjudicate`` takes ~300 us more: too slow for thousands of Monte Carlo samples.  So:

1. the facts of every sample come from the rules core's compiled summary of the batch
   (:func:`engine.manner.summarise_batch`: first contact, pocketed balls, the house line
   crossed first, and how the called ball was played);
2. samples with the same *signature* (first contact, pocketed balls in order, call fulfilled,
   line crossed first) get the same points, fouls, turn and result, so :class:`Referee`
   adjudicates one representative per signature with ``engine.adjudicate`` and asks the
   outcome for each other sample's own resting places
   (:meth:`engine.Outcome.state_with_resting_places`);
3. ``checked`` sharing (the safety screen, whose strokes each stand alone) shares a ruling only
   where adjudicating the sample in full is known to give the same state: no foul (the count
   of unchanged fouls compares positions), no break pending (R3.2 looks where the cue ball
   stopped), every ball off the table pocketed, and resting places the rules core takes as
   they are (on the bed, none overlapping: else it refuses them or pushes them apart); any
   other sample is adjudicated in full, so the rulings are those of ``share=False``.

Nothing about the rules is decided here: every score, foul and turn comes from the engine.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from engine import (Adjudication, Call, EngineError, GameState, Outcome, StrokeFacts,
                    adjudicate, fulfilled_mask, summarise_batch)
from engine.geometry import OVERLAP_TOLERANCE_M
from engine.verify import POSITION_TOLERANCE_M
from sim import Batch, layout
from sim.events import BALL_IDS
from sim.table import POCKET_IDS
from sim import detmath as dm

# Resting places a hair closer than 2R (frozen clusters) are pushed this far apart before the
# rules core is asked again; balls a few micrometres off the bed are pulled back onto it.
SEPARATION_GAP_M = 2e-6
BED_SNAP_M = 2e-5


class InvalidSample(RuntimeError):
    """A simulated outcome the rules core cannot take (e.g. overlapping resting balls): the
    sample is left out of the statistics and counted in ``Context.invalid``."""


@dataclass(frozen=True)
class Ruling:
    """What the rules made of one sample: the adjudication and the state after it."""

    adjudication: Adjudication
    state: GameState


def separate(final_map: dict, R: float, gap: float = SEPARATION_GAP_M, spec=None) -> dict:
    """Push apart resting balls whose centres are closer than 2R (by at most a few um), and
    (given ``spec``) pull balls a few um outside the bed's rectangle back onto it."""
    out = dict(final_map)
    if spec is not None:
        L, W = spec.length_m, spec.width_m
        for b, p in out.items():
            if p is None:
                continue
            x, y = p
            if R - BED_SNAP_M < x < R:
                x = R + 1e-7
            if L - R < x < L - R + BED_SNAP_M:
                x = L - R - 1e-7
            if R - BED_SNAP_M < y < R:
                y = R + 1e-7
            if W - R < y < W - R + BED_SNAP_M:
                y = W - R - 1e-7
            out[b] = (x, y)
    keys = [b for b, p in out.items() if p is not None]
    for _ in range(5):
        moved = False
        for i, a in enumerate(keys):
            for b in keys[i + 1:]:
                pa, pb = np.array(out[a]), np.array(out[b])
                d = dm.length2((pb - pa))
                if 0 < d < 2 * R + gap:
                    push = (2 * R + gap - d) / 2 * (pb - pa) / d
                    out[a] = tuple(pa - push)
                    out[b] = tuple(pb + push)
                    moved = True
        if not moved:
            break
    return out


def pocketings(batch: Batch) -> list[list[tuple[int, int]]]:
    """Per sample, the (ball index, pocket index) of every pocketing in order."""
    events = batch.events
    rows = np.nonzero(events[:, layout.EVC_KIND] == layout.EV_POCKET)[0]
    owner = np.searchsorted(batch.offsets, rows, side="right") - 1
    out: list[list] = [[] for _ in range(len(batch))]
    for r, j in zip(rows.tolist(), owner.tolist()):
        out[j].append((int(events[r, layout.EVC_A]), int(events[r, layout.EVC_OBJ])))
    return out


class Referee:
    """Adjudicates the samples of one stroke (one call, one placement) from one state with the
    rules core.  With ``share`` (the default) samples of the same signature share one
    adjudication; without it every sample is adjudicated in full; with ``checked`` they share
    it only where the full adjudication would rule alike (module doc, 3.), so that the
    rulings are exactly those of ``share=False``, at a fraction of the cost."""

    def __init__(self, state: GameState, call: Call | None, placement, jaw_pocket: np.ndarray,
                 share: bool = True, checked: bool = False):
        self.state = state
        self.call = call
        self.placement = placement
        self.jaw_pocket = jaw_pocket
        self.share = (share or checked) and not (checked and state.break_pending)
        self.checked = checked
        ball = call.ball if call is not None else None
        if call is not None and ball is None and len(state.object_balls) == 1:
            ball = state.object_balls[0]
        self.called_idx = BALL_IDS.index(ball) if ball is not None else -1
        self.cache: dict = {}
        self.adjudicated = 0  # samples adjudicated in full (the rest shared a ruling)
        # each ball of the state (and the cue ball placed from hand) and its simulator row
        self.slots = [(b, BALL_IDS.index(b)) for b in state.balls] + (
            [("cue", 0)] if state.cue_in_hand else [])

    def rulings(self, batch: Batch, samples=None) -> list[Ruling | None]:
        """A :class:`Ruling` for every sample of ``batch`` (or of the indices ``samples``), or
        None for a sample the rules core cannot take."""
        n = len(batch)
        s = summarise_batch(batch.events, batch.offsets, self.called_idx, self.jaw_pocket)
        if self.call is None:
            fulfilled = [None] * n
        else:
            fulfilled = fulfilled_mask(self.call, self.state.call_mode, s).tolist()
        pocketed = pocketings(batch)
        out = []
        for j in range(n) if samples is None else samples:
            try:
                out.append(self._ruling(int(s.first[j]), tuple(pocketed[j]),
                                        bool(s.crossed_first[j]), fulfilled[j],
                                        batch.finals[j]))
            except InvalidSample:
                out.append(None)
        return out

    def _ruling(self, first: int, pocketed: tuple, crossed: bool, fulfilled, final: np.ndarray):
        key = (first, pocketed, crossed, fulfilled)
        rows = final.tolist()  # Python floats, as float() of each
        final_map = {}
        for b, i in self.slots:
            x, y = rows[i]
            final_map[b] = None if math.isnan(x) else (x, y)
        hit = self.cache.get(key) if self.share else None
        if hit is not None and self.checked and not self._alike(hit, pocketed, final_map):
            hit = None  # adjudicated in full, the representative kept
        if hit is None:
            facts = StrokeFacts(
                call=self.call, call_fulfilled=fulfilled,
                first_contact=None if first < 0 else BALL_IDS[first],
                pocketed=tuple((BALL_IDS[b], POCKET_IDS[p]) for b, p in pocketed),
                final=final_map, placement=self.placement, cue_left_house_first=crossed)
            self.adjudicated += 1
            try:
                out = adjudicate(self.state, facts)
            except EngineError:
                # resting places a hair's breadth closer than 2R (frozen clusters): the rules
                # core refuses overlaps; separate them by a micrometre and ask again
                spec = self.state.spec
                facts = replace(facts, final=separate(final_map, spec.ball_radius_m, spec=spec))
                try:
                    out = adjudicate(self.state, facts)
                except EngineError as exc:  # the simulator left an impossible position
                    raise InvalidSample(str(exc)) from None
            if self.share and key not in self.cache:
                self.cache[key] = out
            return Ruling(out.adjudication, out.state)
        # same ruling, this sample's resting places (respotted balls as the rules place them)
        return Ruling(hit.adjudication, hit.state_with_resting_places(final_map))

    def _alike(self, hit: Outcome, pocketed: tuple, final_map: dict) -> bool:
        """Whether adjudicating a sample in full would give ``hit``'s ruling and the state
        :meth:`engine.Outcome.state_with_resting_places` makes of ``final_map`` (module doc,
        3.): no foul, every ball without a resting place pocketed, and resting places the
        rules core takes as they are (on the bed within its tolerance, no two overlapping: the
        core's own tests, :func:`engine.geometry.overlaps`)."""
        if hit.adjudication.fouls:
            return False
        fell = {BALL_IDS[b] for b, _ in pocketed}
        at = []
        fits = self.state.spec.geometry.ball_fits
        for b, p in final_map.items():
            if p is None:
                if b not in fell:
                    return False
            elif not fits(p[0], p[1], POSITION_TOLERANCE_M):
                return False
            else:
                at.append(p)
        near = 2 * self.state.spec.ball_radius_m - OVERLAP_TOLERANCE_M  # as overlaps() has it
        for i, (x, y) in enumerate(at):
            for qx, qy in at[i + 1:]:
                if math.hypot(x - qx, y - qy) < near:
                    return False
        return True
