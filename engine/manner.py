"""How a stroke was played (R5.1), read from its event log: the one implementation.

A call under the exact rules names a manner -- clean, bank, kiss, carom, cushion-first,
combination, or several together -- and the balls it uses.  Whether a stroke showed that
manner is decided here, once, by compiled passes over event rows (columns ``sim.layout.EVC_*``,
the simulator's own format), so that the rules core refereeing one stroke and the AI judging
thousands of simulated samples use the same code:

* :func:`summarise_batch`: every sample of a batch of event logs at once (the AI's path);
* :func:`manners_shown`: one event log given as :class:`sim.events.Event` values (a person's
  stroke, or a simulated one), converted to rows and summarised by the same kernel.

The stroke is read as a *path* of links from the cue ball to the pocket, the way the seed
words its calls («Карамболем от шестерки одиннадцатым шаром тройка прямо в середину»: the cue
ball off the 6, onto the 11, the 11 onto the 3, the 3 straight into the middle pocket).  The
*chain* is the object balls that drove the called ball, each set moving by the one before it;
its *head* is the ball the cue ball set moving (the called ball itself when there is no
chain).  For the called ball (docs/RULES-INTERPRETATIONS.md, "R5.1 manner" and "R5.1 path"):

* cushion-first: the cue ball touched a cushion (nose or jaw) before its first ball;
* carom: the cue ball touched other balls before the contact that set the head moving
  (caroms: those balls, in the order the cue ball met them);
* combination: the called ball was first set moving by an object ball (chain: the object
  balls from the head to the one that struck the called ball, in that order);
* bank: after it was set moving, the called ball touched a cushion nose, or the jaw of a
  pocket other than the one it fell in (rattling in its own pocket's jaws is allowed);
* kiss: after it was set moving, the called ball touched another ball (kisses: the object
  balls it touched, in order).

Nothing after the called ball fell counts.  Ordered ball lists are packed into one integer,
4 bits a ball, first ball lowest (:func:`encode_balls`), so that a whole batch compares at
once.  tests/engine/manner_oracle.py keeps a readable line-by-line twin of the kernel as its
test oracle.
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
                    MannerShown, waives_cushion_first)

N_BALLS = len(BALL_IDS)

# Manner tags as bits of one integer per sample.
BIT_BANK, BIT_KISS, BIT_CAROM, BIT_CF, BIT_COMBO = 1, 2, 4, 8, 16
TAG_BITS = {BANK: BIT_BANK, KISS: BIT_KISS, CAROM: BIT_CAROM, CUSHION_FIRST: BIT_CF,
            COMBINATION: BIT_COMBO}
# An ordered list of balls packed into an int64: ball k of the list in bits 4k..4k+3 (ball
# ids 1..15 fit in 4 bits; 0, the cue ball, never appears, so 0 ends the list).  Fifteen
# object balls take 60 bits.
NIBBLE, NIBBLE_MASK = 4, 0xF

_BB, _CUSH, _JAW, _POCKET, _LINE = (int(EventKind.BALL_BALL), int(EventKind.BALL_CUSHION),
                                    int(EventKind.BALL_JAW), int(EventKind.POCKET),
                                    int(EventKind.LINE_CROSS))
# A jaw event from a person's log may not say which pocket: it counts as "another pocket".
UNKNOWN_POCKET = len(POCKET_IDS)
# For Event values the object column holds the pocket index itself.
_IDENTITY_POCKETS = np.arange(len(POCKET_IDS) + 1, dtype=np.int64)


@njit(cache=True, error_model="numpy")
def _seq_bits(seq):
    """The balls of an ordered ball list (:func:`encode_balls`) as bits ``1 << ball``."""
    out = 0
    while seq != 0:
        out |= 1 << (seq & NIBBLE_MASK)
        seq >>= NIBBLE
    return out


@njit(cache=True, error_model="numpy")
def _cue_ball_start(events, lo, hi):
    """Rows ``lo:hi`` of one sample: the first ball the cue ball touched (-1: none), whether
    the cue ball fell, and whether it crossed the watched line before that first contact."""
    first = -1
    cue_in = False
    crossed = False
    for r in range(lo, hi):
        kind = int(events[r, EVC_KIND])
        a = int(events[r, EVC_A])
        b = int(events[r, EVC_B])
        if kind == _LINE:
            if a == 0 and first < 0:
                crossed = True
        elif kind == _POCKET:
            if a == 0:
                cue_in = True
        elif kind == _BB and first < 0 and (a == 0 or b == 0):
            first = b if a == 0 else a
    return first, cue_in, crossed


@njit(cache=True, error_model="numpy")
def _set_moving(called, other, set_by, carom_at, walk, n_balls):
    """The contact that first set ball ``called`` moving, struck by ``other``: its chain (the
    object balls that drove it, walked back to the one the cue ball set moving, its *head*)
    and the caroms before the cue ball's contact with the head.  Returns the manner bits
    (combination, carom), the via bits and the chain and caroms as ordered ball lists."""
    tags = 0
    via = 0
    chain = 0
    caroms = 0
    head = called
    n_links = 0
    link = other
    while link > 0 and n_links < n_balls:
        walk[n_links] = link
        n_links += 1
        head = link
        link = set_by[link]
    if n_links > 0:
        tags |= BIT_COMBO
        for k in range(n_links):  # head first
            chain |= walk[n_links - 1 - k] << (NIBBLE * k)
            via |= 1 << walk[k]
    if set_by[head] == 0 and carom_at[head] != 0:
        # the cue ball came onto the head off other balls
        tags |= BIT_CAROM
        caroms = carom_at[head]
        via |= _seq_bits(carom_at[head])
    return tags, via, chain, caroms


@njit(cache=True, error_model="numpy")
def _called_ball_path(events, lo, hi, called, jaw_pocket, n_balls, in_motion, set_by,
                      carom_at, walk):
    """Rows ``lo:hi`` of one sample, up to the fall of ball ``called`` (>= 0): its manner
    bits and via bits, the pocket it fell in (-1: none), and its path as ordered ball lists
    (caroms, chain, kisses).  ``in_motion``, ``set_by``, ``carom_at`` and ``walk`` are
    scratch arrays of ``n_balls``."""
    for k in range(n_balls):
        in_motion[k] = False
        set_by[k] = -1
        carom_at[k] = 0
    in_motion[0] = True
    cue_touched = False
    cue_seq = 0  # the balls the cue ball touched so far, in order, each once
    cue_len = 0
    cue_bits = 0
    kiss_seq = 0
    kiss_len = 0
    kiss_bits = 0
    moving = False  # has the called ball been set moving yet?
    jaws_touched = 0  # pockets whose jaws the called ball touched
    t = 0
    v = 0
    f = -1
    caroms = 0
    chain = 0
    for r in range(lo, hi):
        kind = int(events[r, EVC_KIND])
        a = int(events[r, EVC_A])
        b = int(events[r, EVC_B])
        if kind == _POCKET:
            if a == called:
                f = int(events[r, EVC_OBJ])
                break  # nothing after the called ball fell counts
        elif kind == _CUSH or kind == _JAW:
            if a == 0 and not cue_touched:
                t |= BIT_CF  # a jaw is the end of a cushion: it counts too
            if a == called and moving:
                if kind == _CUSH:
                    t |= BIT_BANK
                else:
                    jaws_touched |= 1 << jaw_pocket[int(events[r, EVC_OBJ])]
        elif kind == _BB:
            started = -1
            if in_motion[a] and not in_motion[b]:
                in_motion[b] = True
                set_by[b] = a
                started = b
            elif in_motion[b] and not in_motion[a]:
                in_motion[a] = True
                set_by[a] = b
                started = a
            if a == 0 or b == 0:
                other = b if a == 0 else a
                cue_touched = True
                if started == other:
                    carom_at[other] = cue_seq
                if (cue_bits >> other) & 1 == 0:
                    cue_bits |= 1 << other
                    cue_seq |= other << (NIBBLE * cue_len)
                    cue_len += 1
            if a == called or b == called:
                other = b if a == called else a
                if not moving:
                    moving = True
                    bits, used, chain, caroms = _set_moving(called, other, set_by, carom_at,
                                                            walk, n_balls)
                    t |= bits
                    v |= used
                else:
                    t |= BIT_KISS
                    if other != 0:
                        v |= 1 << other
                        if (kiss_bits >> other) & 1 == 0:
                            kiss_bits |= 1 << other
                            kiss_seq |= other << (NIBBLE * kiss_len)
                            kiss_len += 1
    own = (1 << f) if f >= 0 else 0
    if (jaws_touched & ~own) != 0:
        t |= BIT_BANK  # off another pocket's jaw: the ball came in off the cushion's end
    return t, v, f, caroms, chain, kiss_seq


@njit(cache=True, error_model="numpy")
def _summarise(events, offsets, called, jaw_pocket, n_balls):
    """Per sample j: first ball the cue ball touched (-1: none), cue ball pocketed, the
    watched line crossed before the first contact (:func:`_cue_ball_start`), manner bits and
    via bits (1 << ball) of ball ``called`` (-1: no called ball), the pocket it fell in (-1:
    none), and the path of the called ball as three ordered ball lists (:func:`encode_balls`):
    the balls the cue ball glanced off before it struck the head of the chain (carom), the
    chain of object balls from its head to the one that struck the called ball
    (combination), and the balls the called ball touched on its way (kiss)
    (:func:`_called_ball_path`).  ``jaw_pocket`` maps a jaw event's object id to its
    pocket."""
    n = offsets.shape[0] - 1
    first = np.empty(n, dtype=np.int64)
    cue_in = np.zeros(n, dtype=np.bool_)
    crossed = np.zeros(n, dtype=np.bool_)
    tags = np.zeros(n, dtype=np.int64)
    via = np.zeros(n, dtype=np.int64)
    fell = np.full(n, -1, dtype=np.int64)
    caroms = np.zeros(n, dtype=np.int64)
    chains = np.zeros(n, dtype=np.int64)
    kisses = np.zeros(n, dtype=np.int64)
    in_motion = np.zeros(n_balls, dtype=np.bool_)
    set_by = np.empty(n_balls, dtype=np.int64)
    # per ball: the cue ball's contacts (ordered list) before the contact that set it moving
    carom_at = np.zeros(n_balls, dtype=np.int64)
    walk = np.empty(n_balls, dtype=np.int64)
    for j in range(n):
        lo, hi = offsets[j], offsets[j + 1]
        first[j], cue_in[j], crossed[j] = _cue_ball_start(events, lo, hi)
        if called >= 0:
            tags[j], via[j], fell[j], caroms[j], chains[j], kisses[j] = _called_ball_path(
                events, lo, hi, called, jaw_pocket, n_balls, in_motion, set_by, carom_at, walk)
    return first, cue_in, crossed, tags, via, fell, caroms, chains, kisses


@dataclass(frozen=True)
class BatchSummary:
    """What the rules need to know about each sample of a batch (arrays of one entry per
    sample): the first ball the cue ball touched (ball index, -1 for none), whether the cue
    ball fell, whether the watched line was crossed before the first contact (R7.1g / R8.2),
    and for the called ball its manner bits (:data:`TAG_BITS`), the balls it used (bit
    ``1 << index``), the pocket it fell in (index, -1 for none) and its path as ordered ball
    lists (:func:`encode_balls`): caroms, chain and kisses."""

    first: np.ndarray
    cue_pocketed: np.ndarray
    crossed_first: np.ndarray
    tags: np.ndarray
    via: np.ndarray
    fell: np.ndarray
    caroms: np.ndarray
    chain: np.ndarray
    kisses: np.ndarray

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


def encode_balls(balls: Iterable) -> int:
    """An ordered list of object balls (ints or digit strings) packed into one integer, 4
    bits a ball, the first ball lowest: how the kernel stores a path's caroms, chain and
    kisses."""
    out = 0
    for k, b in enumerate(balls):
        out |= int(b) << (NIBBLE * k)
    return out


def decode_balls(seq: int) -> tuple[str, ...]:
    """The inverse of :func:`encode_balls`: ball ids in order."""
    out = []
    seq = int(seq)
    while seq:
        out.append(BALL_IDS[seq & NIBBLE_MASK])
        seq >>= NIBBLE
    return tuple(out)


def fulfilled_mask(call: Call, mode: str, summary: BatchSummary) -> np.ndarray:
    """Which samples fulfil ``call``: the called ball in the called pocket, and under the
    exact call (R5.1) exactly the called manner (ball-and-pocket, R5.2: any manner).

    * A call whose manner brings other balls between the cue ball and the called ball
      (combination or carom) need not name a cushion-first start: «При участии в заказанной
      комбинации одного или нескольких шаров для назначенного шара заказ абрикольно ... не
      обязателен» (if it names one, the cushion must come first).
    * A call with a ``path`` is fulfilled only by that path: the same caroms, chain and
      kisses, each in the called order.  Without a path, balls named in ``via`` must be
      exactly the balls the stroke used, in any order; naming none accepts any balls.
    """
    ok = summary.fell == POCKET_IDS.index(call.pocket)
    if mode == BALL_AND_POCKET:
        return ok
    called = tag_bits(call.manner_set)
    shown = summary.tags
    if waives_cushion_first(call.manner_set) and not called & BIT_CF:
        shown = shown & ~BIT_CF
    ok &= shown == called
    if call.path:
        ok &= summary.caroms == encode_balls(call.path_balls(CAROM))
        ok &= summary.chain == encode_balls(call.path_balls(COMBINATION))
        ok &= summary.kisses == encode_balls(call.path_balls(KISS))
    elif call.via:
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
                       POCKET_IDS[fell] if 0 <= fell < len(POCKET_IDS) else None,
                       caroms=decode_balls(s.caroms[0]), chain=decode_balls(s.chain[0]),
                       kisses=decode_balls(s.kisses[0]))


def call_fulfilled_by_events(call: Call, events: Sequence[Event], mode: str) -> bool:
    """Did the stroke pocket the called ball in the called pocket, in the called manner
    (exact, R5.1) or in any manner (ball-and-pocket, R5.2)?

    See :func:`fulfilled_mask` for how the manner, ``via`` and ``path`` are checked
    (interpretation in docs/RULES-INTERPRETATIONS.md)."""
    if call.ball is None:
        raise ValueError("resolve R5.3 (unnamed last ball) before checking the call")
    return bool(fulfilled_mask(call, mode, _summary_of(events, call.ball))[0])


__all__ = ["BatchSummary", "TAG_BITS", "summarise_batch", "jaw_pockets", "fulfilled_mask",
           "manners_shown", "call_fulfilled_by_events", "event_rows", "tag_bits", "tags_of",
           "ball_bits", "balls_of", "encode_balls", "decode_balls"]
