"""From the simulator's raw batch arrays to refereed outcomes, fast.

``Simulator.results_from_batch`` builds Python event objects (~140 us a stroke) and the rules
core's ``adjudicate`` takes ~300 us more: too slow for thousands of Monte Carlo samples.  So:

1. :func:`facts_of_sample` reads one sample's event rows directly (first contact, pocketed
   balls, whether the cue ball crossed the house line first, and the manner the called ball
   was played in -- a row-level port of ``engine.calls.manners_shown``, checked against it
   in tests/ai/test_outcomes.py);
2. samples with the same *signature* (first contact, pocketed balls in order, call fulfilled,
   line crossed first) get the same points, fouls, turn and result from the rules core, so
   :class:`Referee` adjudicates one representative per signature with ``engine.adjudicate``
   and reuses it, swapping in each sample's own resting positions.

Nothing about the rules is decided here: every score, foul and turn comes from the engine.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from engine import Call, EngineError, GameState, StrokeFacts, adjudicate
from engine.calls import BALL_AND_POCKET
from engine.geometry import respot
from sim import layout
from sim.events import BALL_IDS
from sim.table import POCKET_IDS

EV_BB, EV_CUSH, EV_JAW, EV_POCKET, EV_LINE = (layout.EV_BALL_BALL, layout.EV_BALL_CUSHION,
                                              layout.EV_BALL_JAW, layout.EV_POCKET,
                                              layout.EV_LINE_CROSS)
TAG_BANK, TAG_KISS, TAG_CAROM, TAG_CF, TAG_COMBO = ("bank", "kiss", "carom", "cushion-first",
                                                    "combination")


class JawMap:
    def __init__(self, geometry):
        self.nseg = len(geometry.segments)
        self.seg_pocket = np.asarray(geometry.segment_pocket)
        self.circ_pocket = np.asarray(geometry.circle_pocket)
        # the same map as one array indexed by a jaw event's object id (compiled code)
        self.pocket_of_obj = np.concatenate([self.seg_pocket, self.circ_pocket]).astype(np.int64)

    def pocket(self, obj: int) -> int:
        return int(self.seg_pocket[obj]) if obj < self.nseg else int(self.circ_pocket[obj - self.nseg])


def facts_of_sample(rows: np.ndarray, called: int, jaws: JawMap):
    """(first_contact index or -1, pocketed tuple of (ball index, pocket index), crossed line
    before first contact, manner tags frozenset, via frozenset, pocket index of called or -1)."""
    kinds = rows[:, layout.EVC_KIND].astype(np.int64)
    A = rows[:, layout.EVC_A].astype(np.int64)
    B = rows[:, layout.EVC_B].astype(np.int64)
    OBJ = rows[:, layout.EVC_OBJ].astype(np.int64)
    first = -1
    crossed = False
    pocketed = []
    tags: set = set()
    via: set = set()
    cue_touched = False
    cue_contacts: list = []
    moving = False
    in_motion = {0}
    set_by: dict = {}
    fell = -1
    jaws_touched: set = set()
    for k in range(len(kinds)):
        kind = kinds[k]
        a, b = A[k], B[k]
        if kind == EV_LINE:
            if a == 0 and first < 0:
                crossed = True
            continue
        if kind == EV_POCKET:
            pocketed.append((int(a), int(OBJ[k])))
            if a == called and fell < 0:
                fell = int(OBJ[k])
            continue
        if fell >= 0 or called < 0:
            if kind == EV_BB and first < 0 and (a == 0 or b == 0):
                first = int(b if a == 0 else a)
            continue
        if kind == EV_CUSH or kind == EV_JAW:
            if a == 0 and not cue_touched:
                tags.add(TAG_CF)
            if a == called and moving:
                if kind == EV_CUSH:
                    tags.add(TAG_BANK)
                else:
                    jaws_touched.add(jaws.pocket(int(OBJ[k])))
            continue
        if kind == EV_BB:
            mover = -1
            if a in in_motion and b not in in_motion:
                mover, struck = a, b
            elif b in in_motion and a not in in_motion:
                mover, struck = b, a
            if mover >= 0:
                in_motion.add(struck)
                set_by[struck] = mover
            if a == 0 or b == 0:
                other = b if a == 0 else a
                if first < 0:
                    first = int(other)
                cue_touched = True
                if not moving and other != called:
                    cue_contacts.append(other)
            if a == called or b == called:
                other = b if a == called else a
                if not moving:
                    moving = True
                    if other == 0:
                        if cue_contacts:
                            tags.add(TAG_CAROM)
                            via.update(cue_contacts)
                    else:
                        tags.add(TAG_COMBO)
                        link = other
                        while link is not None and link != 0:
                            via.add(link)
                            link = set_by.get(link)
                else:
                    tags.add(TAG_KISS)
                    if other != 0:
                        via.add(other)
    if fell >= 0 and jaws_touched - {fell}:
        tags.add(TAG_BANK)
    return first, tuple(pocketed), crossed, frozenset(tags), frozenset(via), fell


def call_fulfilled(call: Call | None, called_idx: int, tags, via, fell: int, mode: str):
    if call is None:
        return None
    if fell < 0 or POCKET_IDS[fell] != call.pocket:
        return False
    if mode == BALL_AND_POCKET:
        return True
    if tags != call.manner_set:
        return False
    if call.via and frozenset(int(v) for v in call.via) != via:
        return False
    return True


class InvalidSample(RuntimeError):
    """A simulated outcome the rules core cannot take (e.g. overlapping resting balls): the
    sample is left out of the statistics and counted in ``Context.invalid``."""


def separate(final_map: dict, R: float, gap: float = 2e-6, spec=None) -> dict:
    """Push apart resting balls whose centres are closer than 2R (by at most a few um), and
    (given ``spec``) pull balls a few um outside the bed's rectangle back onto it."""
    out = dict(final_map)
    if spec is not None:
        L, W = spec.length_m, spec.width_m
        for b, p in out.items():
            if p is None:
                continue
            x, y = p
            if R - 2e-5 < x < R:
                x = R + 1e-7
            if L - R < x < L - R + 2e-5:
                x = L - R - 1e-7
            if R - 2e-5 < y < R:
                y = R + 1e-7
            if W - R < y < W - R + 2e-5:
                y = W - R - 1e-7
            out[b] = (x, y)
    keys = [b for b, p in out.items() if p is not None]
    for _ in range(5):
        moved = False
        for i, a in enumerate(keys):
            for b in keys[i + 1:]:
                pa, pb = np.array(out[a]), np.array(out[b])
                d = float(np.hypot(*(pb - pa)))
                if 0 < d < 2 * R + gap:
                    push = (2 * R + gap - d) / 2 * (pb - pa) / d
                    out[a] = tuple(pa - push)
                    out[b] = tuple(pb + push)
                    moved = True
        if not moved:
            break
    return out


class Referee:
    """Adjudicates batch samples of one stroke from one state with the rules core, caching by
    signature.  ``outcome(k)`` -> (Adjudication, GameState after)."""

    def __init__(self, state: GameState, call: Call | None, placement, jaws: JawMap):
        self.state = state
        self.call = call
        self.placement = placement
        self.jaws = jaws
        ball = call.ball if call is not None else None
        if call is not None and ball is None and len(state.object_balls) == 1:
            ball = state.object_balls[0]
        self.called_idx = BALL_IDS.index(ball) if ball is not None else -1
        self.cache: dict = {}

    def outcome(self, rows: np.ndarray, final: np.ndarray):
        """(Adjudication, state after) of one sample, from its event rows (the readable
        path; :meth:`outcomes` does a whole batch with the compiled summary)."""
        first, pocketed, crossed, tags, via, fell = facts_of_sample(rows, self.called_idx,
                                                                    self.jaws)
        fulfilled = call_fulfilled(self.call, self.called_idx, tags, via, fell,
                                   self.state.call_mode)
        return self._ruling(first, pocketed, crossed, fulfilled, final)

    def outcomes(self, raw) -> list:
        """(Adjudication, state after) for every sample of a batch (``run_batch_arrays``
        output), or None for a sample the rules core cannot take.  The facts come from the
        compiled summary (:func:`ai.fastfacts.batch_facts`); same results as :meth:`outcome`
        sample by sample (tested)."""
        from .fastfacts import batch_facts, fulfilled_mask
        finals, _, events, offsets, durations, _ = raw
        n = len(durations)
        first, _, crossed, tags, via, fell = batch_facts(events, offsets, self.called_idx,
                                                         self.jaws.pocket_of_obj, 16)
        if self.call is None:
            fulfilled = [None] * n
        else:
            fulfilled = fulfilled_mask(self.call, self.state.call_mode, tags, via,
                                       fell).tolist()
        # pocketings in order, per sample
        rows = np.nonzero(events[:, layout.EVC_KIND] == EV_POCKET)[0]
        owner = np.searchsorted(offsets, rows, side="right") - 1
        pocketed: list[list] = [[] for _ in range(n)]
        for r, j in zip(rows.tolist(), owner.tolist()):
            pocketed[j].append((int(events[r, layout.EVC_A]), int(events[r, layout.EVC_OBJ])))
        out = []
        for j in range(n):
            try:
                out.append(self._ruling(int(first[j]), tuple(pocketed[j]), bool(crossed[j]),
                                        fulfilled[j], finals[j]))
            except InvalidSample:
                out.append(None)
        return out

    def _ruling(self, first: int, pocketed: tuple, crossed: bool, fulfilled, final: np.ndarray):
        key = (first, pocketed, crossed, fulfilled)
        final_map = {}
        for b in self.state.balls:
            i = BALL_IDS.index(b)
            x = final[i, 0]
            final_map[b] = None if np.isnan(x) else (float(x), float(final[i, 1]))
        if self.state.cue_in_hand:
            x = final[0, 0]
            final_map["cue"] = None if np.isnan(x) else (float(x), float(final[0, 1]))
        hit = self.cache.get(key)
        if hit is None:
            facts = StrokeFacts(
                call=self.call, call_fulfilled=fulfilled,
                first_contact=None if first < 0 else BALL_IDS[first],
                pocketed=tuple((BALL_IDS[b], POCKET_IDS[p]) for b, p in pocketed),
                final=final_map, placement=self.placement, cue_left_house_first=crossed)
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
            self.cache[key] = out
            return out.adjudication, out.state
        adj, st = hit.adjudication, hit.state
        # same rulings, this sample's resting places (respotted balls as the rules place them)
        balls = {b: p for b, p in final_map.items() if p is not None}
        if adj.cue_in_hand_next:
            balls.pop("cue", None)
        for b in adj.counted:
            balls.pop(b, None)
        resp = [b for b, _ in adj.respotted]
        if resp:
            for b in resp:
                balls.pop(b, None)
            balls.update(dict(respot(self.state.spec, balls, resp)))
        return adj, replace(st, balls=balls)
