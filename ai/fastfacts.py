"""Compiled summary of many simulated strokes at once: what the rules need to know about each
sample of a batch (first ball touched, line crossed, cue ball pocketed, how the called ball was
played and where it fell).  Same logic as :func:`ai.outcomes.facts_of_sample`, which stays the
readable reference; tests/ai/test_fastfacts.py checks the two agree sample by sample.

The refinement scans judge tens of thousands of noiseless samples per decision; in Python that
was the largest single cost of a decision."""
from __future__ import annotations

import numpy as np
from numba import njit

from engine.calls import BALL_AND_POCKET
from sim import layout
from sim.table import POCKET_IDS

# manner tags as bits (the strings are ai.outcomes.TAG_*)
BIT_BANK, BIT_KISS, BIT_CAROM, BIT_CF, BIT_COMBO = 1, 2, 4, 8, 16
TAG_BITS = {"bank": BIT_BANK, "kiss": BIT_KISS, "carom": BIT_CAROM, "cushion-first": BIT_CF,
            "combination": BIT_COMBO}

_BB, _CUSH, _JAW, _POCKET, _LINE = (layout.EV_BALL_BALL, layout.EV_BALL_CUSHION,
                                    layout.EV_BALL_JAW, layout.EV_POCKET, layout.EV_LINE_CROSS)
_KIND, _A, _B, _OBJ = layout.EVC_KIND, layout.EVC_A, layout.EVC_B, layout.EVC_OBJ


@njit(cache=True)
def batch_facts(events, offsets, called, jaw_pocket, n_balls):
    """Per sample j of a batch: first ball the cue ball touched (-1: none), cue ball pocketed,
    the watched line crossed before the first contact, manner bits and via bits (1 << ball) of
    ball ``called`` (-1: no called ball), and the pocket it fell in (-1: none).  ``jaw_pocket``
    maps a jaw event's object id to its pocket."""
    n = offsets.shape[0] - 1
    first = np.full(n, -1, dtype=np.int64)
    cue_in = np.zeros(n, dtype=np.bool_)
    crossed = np.zeros(n, dtype=np.bool_)
    tags = np.zeros(n, dtype=np.int64)
    via = np.zeros(n, dtype=np.int64)
    fell = np.full(n, -1, dtype=np.int64)
    in_motion = np.zeros(n_balls, dtype=np.bool_)
    set_by = np.full(n_balls, -1, dtype=np.int64)
    for j in range(n):
        in_motion[:] = False
        in_motion[0] = True
        set_by[:] = -1
        cue_touched = False
        cue_contacts = 0
        moving = False
        jaws_touched = 0
        t = 0
        v = 0
        f = -1
        fc = -1
        for r in range(offsets[j], offsets[j + 1]):
            kind = int(events[r, _KIND])
            a = int(events[r, _A])
            b = int(events[r, _B])
            if kind == _LINE:
                if a == 0 and fc < 0:
                    crossed[j] = True
                continue
            if kind == _POCKET:
                if a == 0:
                    cue_in[j] = True
                if a == called and f < 0:
                    f = int(events[r, _OBJ])
                continue
            if f >= 0 or called < 0:
                if kind == _BB and fc < 0 and (a == 0 or b == 0):
                    fc = b if a == 0 else a
                continue
            if kind == _CUSH or kind == _JAW:
                if a == 0 and not cue_touched:
                    t |= BIT_CF
                if a == called and moving:
                    if kind == _CUSH:
                        t |= BIT_BANK
                    else:
                        jaws_touched |= 1 << jaw_pocket[int(events[r, _OBJ])]
                continue
            if kind == _BB:
                if in_motion[a] and not in_motion[b]:
                    in_motion[b] = True
                    set_by[b] = a
                elif in_motion[b] and not in_motion[a]:
                    in_motion[a] = True
                    set_by[a] = b
                if a == 0 or b == 0:
                    other = b if a == 0 else a
                    if fc < 0:
                        fc = other
                    cue_touched = True
                    if not moving and other != called:
                        cue_contacts |= 1 << other
                if a == called or b == called:
                    other = b if a == called else a
                    if not moving:
                        moving = True
                        if other == 0:
                            if cue_contacts != 0:
                                t |= BIT_CAROM
                                v |= cue_contacts
                        else:
                            t |= BIT_COMBO
                            link = other
                            steps = 0
                            while link >= 0 and link != 0 and steps < n_balls:
                                v |= 1 << link
                                link = set_by[link]
                                steps += 1
                    else:
                        t |= BIT_KISS
                        if other != 0:
                            v |= 1 << other
        if f >= 0 and (jaws_touched & ~(1 << f)) != 0:
            t |= BIT_BANK
        first[j] = fc
        tags[j] = t
        via[j] = v
        fell[j] = f
    return first, cue_in, crossed, tags, via, fell


def fulfilled_mask(call, mode: str, tags, via, fell) -> np.ndarray:
    """Which samples of a batch (``batch_facts`` arrays) fulfil ``call`` (not None): the called
    pocket, and under the exact call (R5.1) exactly the called manner and named balls -- the
    vectorised :func:`ai.outcomes.call_fulfilled`."""
    ok = fell == POCKET_IDS.index(call.pocket)
    if mode == BALL_AND_POCKET:
        return ok
    ok &= tags == tag_bits(call.manner_set)
    if call.via:
        ok &= via == ball_bits(int(v) for v in call.via)
    return ok


def tag_bits(tags) -> int:
    """Manner tag strings -> bits."""
    out = 0
    for t in tags:
        out |= TAG_BITS[t]
    return out


def ball_bits(balls) -> int:
    out = 0
    for b in balls:
        out |= 1 << int(b)
    return out
