"""How a stroke was played (R5.1), read from its event log: the one implementation.

A call under the exact rules names a manner -- clean, bank, kiss, carom, cushion-first,
combination, or several together -- and the balls it uses.  Whether a stroke showed that
manner is decided here, once, by a compiled pass over event rows (columns ``sim.layout.EVC_*``,
the simulator's own format), so that the rules core refereeing one stroke and the AI judging
thousands of simulated samples use the same code:

* :func:`summarise_batch`: every sample of a batch of event logs at once (the AI's path);
* :func:`manners_shown`: one event log given as :class:`sim.events.Event` values (a person's
  stroke, or a simulated one), converted to rows and summarised by the same kernel.

The classification, for the called ball (docs/RULES-INTERPRETATIONS.md, "R5.1 manner"):

* cushion-first: the cue ball touched a cushion (nose or jaw) before its first ball;
* carom: the cue ball touched another ball before it touched the called ball (via: those);
* combination: the called ball was first set moving by an object ball (via: the chain of
  object balls back to the cue ball, each set moving by the previous one);
* bank: after it was set moving, the called ball touched a cushion nose, or the jaw of a
  pocket other than the one it fell in (rattling in its own pocket's jaws is allowed);
* kiss: after it was set moving, the called ball touched another ball (via: those balls).

Nothing after the called ball fell counts.  tests/engine/manner_oracle.py keeps a readable
line-by-line twin of the kernel as its test oracle.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np
from numba import njit

from sim.events import BALL_IDS, Event, EventKind
from sim.layout import EV_COLS, EVC_A, EVC_B, EVC_KIND, EVC_OBJ
from sim.table import POCKET_IDS

from .calls import (BALL_AND_POCKET, BANK, CAROM, COMBINATION, CUSHION_FIRST, KISS, Call,
                    MannerShown)

N_BALLS = len(BALL_IDS)

# Manner tags as bits of one integer per sample.
BIT_BANK, BIT_KISS, BIT_CAROM, BIT_CF, BIT_COMBO = 1, 2, 4, 8, 16
TAG_BITS = {BANK: BIT_BANK, KISS: BIT_KISS, CAROM: BIT_CAROM, CUSHION_FIRST: BIT_CF,
            COMBINATION: BIT_COMBO}

_BB, _CUSH, _JAW, _POCKET, _LINE = (int(EventKind.BALL_BALL), int(EventKind.BALL_CUSHION),
                                    int(EventKind.BALL_JAW), int(EventKind.POCKET),
                                    int(EventKind.LINE_CROSS))
# A jaw event from a person's log may not say which pocket: it counts as "another pocket".
UNKNOWN_POCKET = len(POCKET_IDS)
# For Event values the object column holds the pocket index itself.
_IDENTITY_POCKETS = np.arange(len(POCKET_IDS) + 1, dtype=np.int64)


@njit(cache=True, error_model="numpy")
def _summarise(events, offsets, called, jaw_pocket, n_balls):
    """Per sample j: first ball the cue ball touched (-1: none), cue ball pocketed, the
    watched line crossed before the first contact, manner bits and via bits (1 << ball) of
    ball ``called`` (-1: no called ball), and the pocket it fell in (-1: none).
    ``jaw_pocket`` maps a jaw event's object id to its pocket."""
    n = offsets.shape[0] - 1
    first = np.empty(n, dtype=np.int64)
    cue_in = np.zeros(n, dtype=np.bool_)
    crossed = np.zeros(n, dtype=np.bool_)
    tags = np.zeros(n, dtype=np.int64)
    via = np.zeros(n, dtype=np.int64)
    fell = np.empty(n, dtype=np.int64)
    in_motion = np.zeros(n_balls, dtype=np.bool_)
    set_by = np.empty(n_balls, dtype=np.int64)
    for j in range(n):
        for k in range(n_balls):
            in_motion[k] = False
            set_by[k] = -1
        in_motion[0] = True
        cue_touched = False
        cue_contacts = 0  # balls the cue ball touched before the called ball moved
        moving = False  # has the called ball been set moving yet?
        jaws_touched = 0  # pockets whose jaws the called ball touched
        t = 0
        v = 0
        f = -1
        fc = -1
        for r in range(offsets[j], offsets[j + 1]):
            kind = int(events[r, EVC_KIND])
            a = int(events[r, EVC_A])
            b = int(events[r, EVC_B])
            if kind == _LINE:
                if a == 0 and fc < 0:
                    crossed[j] = True
                continue
            if kind == _POCKET:
                if a == 0:
                    cue_in[j] = True
                if a == called and f < 0:
                    f = int(events[r, EVC_OBJ])
                continue
            if f >= 0 or called < 0:  # only the first contact is still of interest
                if kind == _BB and fc < 0 and (a == 0 or b == 0):
                    fc = b if a == 0 else a
                continue
            if kind == _CUSH or kind == _JAW:
                if a == 0 and not cue_touched:
                    t |= BIT_CF  # a jaw is the end of a cushion: it counts too
                if a == called and moving:
                    if kind == _CUSH:
                        t |= BIT_BANK
                    else:
                        jaws_touched |= 1 << jaw_pocket[int(events[r, EVC_OBJ])]
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
        own = (1 << f) if f >= 0 else 0
        if (jaws_touched & ~own) != 0:
            t |= BIT_BANK  # off another pocket's jaw: the ball came in off the cushion's end
        first[j] = fc
        tags[j] = t
        via[j] = v
        fell[j] = f
    return first, cue_in, crossed, tags, via, fell


@dataclass(frozen=True)
class BatchSummary:
    """What the rules need to know about each sample of a batch (arrays of one entry per
    sample): the first ball the cue ball touched (ball index, -1 for none), whether the cue
    ball fell, whether the watched line was crossed before the first contact (R7.1g / R8.2),
    and for the called ball its manner bits (:data:`TAG_BITS`), the balls it used (bit
    ``1 << index``) and the pocket it fell in (index, -1 for none)."""

    first: np.ndarray
    cue_pocketed: np.ndarray
    crossed_first: np.ndarray
    tags: np.ndarray
    via: np.ndarray
    fell: np.ndarray

    def __len__(self) -> int:
        return len(self.first)


def summarise_batch(events: np.ndarray, offsets: np.ndarray, called: int,
                    jaw_pocket: np.ndarray) -> BatchSummary:
    """Summarise stacked event rows (sample k's rows ``events[offsets[k]:offsets[k + 1]]``)
    for ball index ``called`` (-1: none); ``jaw_pocket`` maps a jaw event's object id to its
    pocket index (:func:`jaw_pockets`)."""
    return BatchSummary(*_summarise(events, offsets, int(called), jaw_pocket, N_BALLS))


def jaw_pockets(geometry) -> np.ndarray:
    """For a table geometry (:class:`sim.table.TableGeometry`): the pocket of every jaw
    object id the simulator logs (jaw faces first, then the rounded tips)."""
    return np.concatenate([np.asarray(geometry.segment_pocket),
                           np.asarray(geometry.circle_pocket)]).astype(np.int64)


def tag_bits(tags: Iterable[str]) -> int:
    out = 0
    for t in tags:
        out |= TAG_BITS[t]
    return out


def tags_of(bits: int) -> frozenset[str]:
    return frozenset(t for t, bit in TAG_BITS.items() if bits & bit)


def ball_bits(balls: Iterable) -> int:
    """Ball indices (ints or digit strings of object balls) -> bits."""
    out = 0
    for b in balls:
        out |= 1 << int(b)
    return out


def balls_of(bits: int) -> frozenset[str]:
    return frozenset(BALL_IDS[k] for k in range(N_BALLS) if bits >> k & 1)


def fulfilled_mask(call: Call, mode: str, summary: BatchSummary) -> np.ndarray:
    """Which samples fulfil ``call``: the called ball in the called pocket, and under the
    exact call (R5.1) exactly the called manner, and the named balls if the call names any
    (ball-and-pocket, R5.2: any manner)."""
    ok = summary.fell == POCKET_IDS.index(call.pocket)
    if mode == BALL_AND_POCKET:
        return ok
    ok &= summary.tags == tag_bits(call.manner_set)
    if call.via:
        ok &= summary.via == ball_bits(call.via)
    return ok


def event_rows(events: Sequence[Event]) -> np.ndarray:
    """Event values as rows of the simulator's format; a jaw or pocket event's object column
    holds its pocket index (:data:`UNKNOWN_POCKET` when it names none)."""
    rows = np.zeros((len(events), EV_COLS))
    for k, ev in enumerate(events):
        rows[k, EVC_KIND] = int(ev.kind)
        rows[k, EVC_A] = BALL_IDS.index(ev.balls[0]) if ev.balls else -1
        rows[k, EVC_B] = BALL_IDS.index(ev.balls[1]) if len(ev.balls) > 1 else -1
        rows[k, EVC_OBJ] = (POCKET_IDS.index(ev.pocket) if ev.pocket in POCKET_IDS
                            else UNKNOWN_POCKET)
    return rows


def _summary_of(events: Sequence[Event], ball: str) -> BatchSummary:
    rows = event_rows(events)
    return summarise_batch(rows, np.array([0, len(rows)], dtype=np.int64), BALL_IDS.index(ball),
                           _IDENTITY_POCKETS)


def manners_shown(events: Sequence[Event], ball: str) -> MannerShown:
    """Classify how ``ball`` was played, from an event log in time order (R5.1; the rules
    are in the module docstring)."""
    s = _summary_of(events, ball)
    fell = int(s.fell[0])
    return MannerShown(tags_of(int(s.tags[0])), balls_of(int(s.via[0])),
                       POCKET_IDS[fell] if 0 <= fell < len(POCKET_IDS) else None)


def call_fulfilled_by_events(call: Call, events: Sequence[Event], mode: str) -> bool:
    """Did the stroke pocket the called ball in the called pocket, in the called manner
    (exact, R5.1) or in any manner (ball-and-pocket, R5.2)?

    ``via`` is checked only when the call names balls: then the balls the stroke used must be
    exactly those named (interpretation in docs/RULES-INTERPRETATIONS.md)."""
    if call.ball is None:
        raise ValueError("resolve R5.3 (unnamed last ball) before checking the call")
    return bool(fulfilled_mask(call, mode, _summary_of(events, call.ball))[0])


__all__ = ["BatchSummary", "TAG_BITS", "summarise_batch", "jaw_pockets", "fulfilled_mask",
           "manners_shown", "call_fulfilled_by_events", "event_rows", "tag_bits", "tags_of",
           "ball_bits", "balls_of"]
